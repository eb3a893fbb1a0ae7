"""A question that asks for a number by saying so ("What number does the committee want to cap them at?", "what
figure are they aiming for?") answered with a clause of the text that holds one number: that number, not the
clause ("... plans to cap junior membership at 65 because ..." -> 65)."""

from __future__ import annotations

import re

from ....periods import find_periods
from ..patterns.textnum import amounts, amounts_in_words
from ..program.program import Program, Span, TextNumber

#: "what number ...?", "what figure ...?", "to what number / level ...?"
ASKS_A_NUMBER = re.compile(r"^\s*(?:and\s+|so\s+)?(?:to\s+)?what\s+(?:number|figure|level|count|total|limit|cap|target)\b", re.I)


def one_number(question: str, text: str, span: Span) -> Program | None:
    """The one number (in digits or in words, not a year or a date) of the span, when the question asks for a
    number; None otherwise."""
    if not ASKS_A_NUMBER.match(question):
        return None
    start, end = span.start, span.end
    dated = [(s + start, e + start) for s, e, _ in find_periods(text[start:end])]
    found = [(v, u, s + start, e + start) for v, u, s, e in amounts(text[start:end])]
    found += [(v, u, s, e) for v, u, s, e in amounts_in_words(text) if start <= s and e <= end]
    found = [f for f in found if not any(ds <= f[2] < de for ds, de in dated)]
    spots = {(s, e) for _, _, s, e in found}
    if len(spots) != 1:
        return None
    value, unit, s, e = found[0]
    return Program("lookup", (TextNumber(span.paragraph, s, e, text[s:e], value),), unit, "", f"{value:g}")
