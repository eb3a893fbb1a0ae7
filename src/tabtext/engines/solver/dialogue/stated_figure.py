"""A figure the person's text states in words ("the trust's target for bed occupancy is ninety-two per cent", "a
dividend of one million euros"), answered as a figure when a "what ...?" question is answered with its sentence."""

from __future__ import annotations

import re

from ..patterns.textnum import amounts, amounts_in_words
from ..program.program import Program, TextNumber

#: "what's the target ...?", "what dividend has the board proposed?": a figure asked without "how much / many"
WHAT = re.compile(r"^\s*(?:and\s+|so\s+|ok\W+)?what\b(?!.*\b(?:called|named|name|happen\w*|change\w*|why)\b)", re.I)
_PERCENT_AFTER = re.compile(r"[\s-]*(?:per[\s-]?cent|percent|%)", re.I)
_MONEY_AFTER = re.compile(r"[\s-]*(?:pounds|dollars|euros|francs|yen|rupees|krona|kronor|gbp|usd|eur|aud|nzd)\b", re.I)


def stated_figure(question: str, text: str, start: int, end: int) -> tuple[float, str, int, int] | None:
    """(value, scale, start, end) of the one number in words the span ``text[start:end]`` states as a percentage
    or an amount of money, when a "what ...?" question is answered with that span and it holds no digits."""
    if not WHAT.match(question) or amounts(text[start:end]):
        return None
    fits = []
    for value, unit, s, e in amounts_in_words(text):
        if start <= s and e <= end:
            if (percent := _PERCENT_AFTER.match(text[e:])) and not unit:
                fits.append((value, "percent", s, e + percent.end()))
            elif _MONEY_AFTER.match(text[e:]):
                fits.append((value, unit, s, e))
    return fits[0] if len(fits) == 1 else None


def as_stated_figure(question: str, text: str, paragraph: int, start: int, end: int, pattern: str) -> Program | None:
    hit = stated_figure(question, text, start, end)
    if hit is None:
        return None
    value, scale, s, e = hit
    return Program("lookup", (TextNumber(paragraph, s, e, text[s:e], value),), scale, pattern, f"{value:g}")
