"""A conversation given as text (a chat transcript, ``Example.history``) read into Programs once, at the boundary.

``tabtext serve``'s ``/v1/chat/completions`` and ``/v1/answer`` receive the earlier turns as text. The user's
earlier questions are asked again, in order, of one ``Dialogue``, so the new question is read against the
Programs that answered them: the same Programs ``tabtext ask --chat`` holds and ``/v1/dialogue`` sends back.
The assistant's earlier replies are not read back: what a follow-up edits is the Program, not its rendering.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....types import Context, Example, Prediction, Turn
from .conversation import Dialogue, as_prediction


def read_history(context: Context, turns: Sequence[Turn]) -> Dialogue:
    """A Dialogue whose history holds the Programs of the user's earlier questions in ``turns``."""
    dialogue = Dialogue(context)
    for turn in turns:
        if turn.role == "user" and turn.content.strip():
            dialogue.ask(turn.content)
    return dialogue


def answer_in_dialogue(example: Example) -> Prediction:
    """The answer to ``example.question`` as the next turn of the conversation in ``example.history``."""
    reply = read_history(example.context, example.history).ask(example.question)
    return as_prediction(reply, example.uid, len(example.context.tables) > 1)
