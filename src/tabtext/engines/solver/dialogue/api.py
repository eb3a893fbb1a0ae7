"""The dialogue as JSON for ``tabtext serve`` and its web page, and answers written as a person reads them.

The page keeps no rules of its own: it sends the table, the paragraphs, the question and the Programs the
server returned for earlier turns (``history``), and shows what comes back.
"""

from __future__ import annotations

import re

from ....numbers import parse_number
from ....types import Answer, Context, Evidence
from ..program.program import Program
from .conversation import Dialogue, Reply

NO_ANSWER = "no answer found"
_PLAIN = re.compile(r"-?\d+(?:\.\d+)?")


def display(answer: Answer | None) -> str:
    """ "78.5%" for a percentage, "1,300 thousand" / "12.4 million" with the scale word, lists joined."""
    if answer is None:
        return ""
    text = answer.text()
    if _PLAIN.fullmatch(text) and abs(parse_number(text) or 0) >= 1000:
        whole, _, decimals = text.partition(".")
        text = f"{int(whole):,}" + (f".{decimals}" if decimals else "")
    if answer.scale == "percent":
        return text if text.endswith("%") else f"{text}%"
    return f"{text} {answer.scale}" if answer.scale else text


def _evidence(e: Evidence) -> dict[str, object]:
    return {"kind": e.kind, "row": e.row, "col": e.col, "paragraph": e.paragraph, "start": e.start,
            "end": e.end, "text": e.text}


def reply_json(reply: Reply) -> dict[str, object]:
    a = reply.answer
    return {"question": reply.question, "found": reply.found,
            "answer": None if a is None else list(a.value) if isinstance(a.value, tuple) else a.text(),
            "display": display(a) if reply.found else NO_ANSWER, "best_guess": display(a),
            "scale": a.scale if a else "", "derivation": a.derivation if a else "", "read_as": reply.read_as,
            "confidence": round(reply.confidence, 3), "evidence": [_evidence(e) for e in reply.evidence],
            "program": reply.program.to_json() if reply.program else None,
            **({"error": reply.error} if reply.error else {})}


def answer_turn(context: Context, question: str, history: object) -> dict[str, object]:
    """One turn: ``history`` is the list of ``program`` objects of earlier answers. ValueError on bad history."""
    if history is None:
        history = []
    if not isinstance(history, list) or not all(isinstance(h, dict) for h in history):
        raise ValueError("'history' must be the list of 'program' objects of earlier answers")
    try:
        programs = [Program.from_json(h) for h in history]
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"'history' holds a program that cannot be read ({exc}); send back the 'program' "
                         "objects this server returned") from None
    return reply_json(Dialogue(context, programs).ask(question))
