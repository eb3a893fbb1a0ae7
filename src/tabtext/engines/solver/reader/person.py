"""How a text answer is shown to a person (``ask``, ``serve``'s dialogue), as opposed to how TAT-QA scores it.

TAT-QA's annotators keep a leading "driven by" / "due to" more often than not (13 of the 18 open dev answers that
sit at such a phrase), so the reader learns to keep it for benchmark runs; a person who asked "what drove ...?"
wants the cause itself. Likewise the reader keeps a sentence's full stop for the scorer, not for display.
"""

from __future__ import annotations

import re

_CAUSE_ASKED = re.compile(r"\bwhy\b|\bwhat (?:drove|drives|caused|causes|led to|leads to|contributed|explains)\b"
                          r"|\breasons?\b|\bdue to\b|\bdriven by\b|\battributable to\b", re.I)
_CAUSE_LEAD = re.compile(r"(?:(?:primarily|mainly|largely|partly|partially|principally|mostly|in part)\s+)?"
                         r"(?:due to|driven by|because of|as a result of|a result of|attributable to|caused by|"
                         r"resulting from|owing to|reflecting|because)\s+", re.I)


def for_a_person(question: str, text: str, start: int, end: int) -> tuple[int, int]:
    """The span [start, end) of ``text`` to show: without a leading cause phrase when the question asks for a
    cause, and without a final full stop."""
    if _CAUSE_ASKED.search(question):
        m = _CAUSE_LEAD.match(text, start, end)
        if m and m.end() < end:
            start = m.end()
    while end > start and text[end - 1] == "." and not text[end - 2:end - 1].isupper():
        end -= 1
    return start, end
