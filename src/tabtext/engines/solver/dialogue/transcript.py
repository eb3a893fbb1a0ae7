"""A conversation given as text (a chat transcript, ``Example.history``) read into Programs once, at the boundary.

``tabtext serve``'s ``/v1/chat/completions`` and ``/v1/answer`` receive the earlier turns as text. The user's
earlier questions are asked again, in order, of one ``Dialogue``, each as ``/v1/dialogue`` answers a turn
(``api.person_turn``: a turn the table has no answer for is kept as what it asked), so the new question is read
against the Programs that answered them: the same Programs ``tabtext ask --chat`` holds and ``/v1/dialogue`` sends
back. The assistant's earlier replies are not read back: what a follow-up edits is the Program, not its rendering.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from ....types import Context, Example, Prediction, Turn
from .api import person_turn
from .conversation import Dialogue, as_prediction


def read_history(context: Context, turns: Sequence[Turn]) -> Callable[[Context], Dialogue]:
    """What ``person_turn`` is given for the next turn: the one Dialogue over the context as it reads it, whose
    history holds the Programs of the user's earlier questions in ``turns``."""
    made: list[Dialogue] = []

    def dialogue_of(read: Context) -> Dialogue:
        if not made:
            made.append(Dialogue(read))
        return made[0]

    for turn in turns:
        if turn.role == "user" and turn.content.strip():
            person_turn(context, turn.content, dialogue_of)
    return dialogue_of


def answer_in_dialogue(example: Example) -> Prediction:
    """The answer to ``example.question`` as the next turn of the conversation in ``example.history``, read and
    shown as ``/v1/dialogue`` and ``ask`` do (``api.person_turn``)."""
    reply, note = person_turn(example.context, example.question, read_history(example.context, example.history))
    pred = as_prediction(reply, example.uid, len(example.context.tables) > 1)
    return dataclasses.replace(pred, meta={**pred.meta, "note": note}) if note else pred
