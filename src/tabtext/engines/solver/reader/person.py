"""How a text answer is shown to a person (``ask``, ``serve``'s dialogue), as opposed to how TAT-QA scores it.

TAT-QA's annotators keep a leading "driven by" / "due to" more often than not (13 of the 18 open dev answers that
sit at such a phrase), so the reader learns to keep it for benchmark runs; a person who asked "what drove ...?"
wants the cause itself, and one who asked "how many employees ...?" wants "1,250", not "1,250 employees".
Likewise the reader keeps a sentence's full stop for the scorer, not for display.
"""

from __future__ import annotations

import re

_CAUSE_ASKED = re.compile(r"\bwhy\b|\bwhat (?:drove|drives|caused|causes|led to|leads to|contributed|explains)\b"
                          r"|\breasons?\b|\bdue to\b|\bdriven by\b|\battributable to\b", re.I)
_CAUSE_LEAD = re.compile(r"(?:(?:primarily|mainly|largely|partly|partially|principally|mostly|in part)\s+)?"
                         r"(?:due to|driven by|because of|as a result of|a result of|attributable to|caused by|"
                         r"resulting from|owing to|reflecting|because)\s+", re.I)


_HOW_MANY = re.compile(r"\bhow many ((?:[a-z][\w-]* ){0,2}[a-z][\w-]*)", re.I)
_COUNTED = re.compile(r"(\d[\d,.]*)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\.?", re.I)


def for_a_person(question: str, text: str, start: int, end: int) -> tuple[int, int]:
    """The span [start, end) of ``text`` to show: without a leading cause phrase when the question asks for a
    cause, without the counted noun a "how many ..." question names, and without a final full stop."""
    if _CAUSE_ASKED.search(question):
        m = _CAUSE_LEAD.match(text, start, end)
        if m and m.end() < end:
            start = m.end()
    end = _without_counted_noun(question, text, start, end)
    while end > start and text[end - 1] == "." and not text[end - 2:end - 1].isupper():
        end -= 1
    return start, end


def _without_counted_noun(question: str, text: str, start: int, end: int) -> int:
    asked = _HOW_MANY.search(question)
    counted = _COUNTED.fullmatch(text, start, end)
    if not asked or not counted:
        return end
    named = {w.lower().rstrip("s") for w in asked.group(1).split()}
    words = counted.group(2).split()
    return counted.end(1) if all(w.lower().rstrip("s") in named for w in words) else end
