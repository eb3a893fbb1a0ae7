"""A conversation given as text (a chat transcript, ``Example.history``) read into Programs once, at the boundary.

``tabtext serve``'s ``/v1/chat/completions`` and ``/v1/answer`` receive the earlier turns as text. The user's
earlier questions are asked again, in order, of one ``Dialogue``, so the new question is read against the
Programs that answered them: the same Programs ``tabtext ask --chat`` holds and ``/v1/dialogue`` sends back.
The assistant's earlier replies are not read back: what a follow-up edits is the Program, not its rendering.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ....row_names import as_the_solver_reads
from ....types import Context, Example, Prediction, Turn
from .api import person_turn
from .conversation import Dialogue, as_prediction


def read_history(context: Context, turns: Sequence[Turn]) -> Dialogue:
    """A Dialogue whose history holds the Programs of the user's earlier questions in ``turns``."""
    dialogue = Dialogue(context)
    for turn in turns:
        if turn.role == "user" and turn.content.strip():
            dialogue.ask(as_the_solver_reads(turn.content, context.tables, [p.text for p in context.paragraphs]))
    return dialogue


def answer_in_dialogue(example: Example) -> Prediction:
    """The answer to ``example.question`` as the next turn of the conversation in ``example.history``, read and
    shown as ``/v1/dialogue`` and ``ask`` do (``api.person_turn``)."""
    reply, note = person_turn(example.context, example.question, lambda read: read_history(read, example.history))
    pred = as_prediction(reply, example.uid, len(example.context.tables) > 1)
    return dataclasses.replace(pred, meta={**pred.meta, "note": note}) if note else pred
