"""Follow-ups that name an earlier answer by what it was, not as "that" ("the combined figure the year before?",
"how many times bigger is the staff figure you gave than that?"): the latest earlier answer of the line named (or,
for "combined" / "sum", the latest sum of several answers), moved to the period asked or set against the last
answer. Rows of ``follow_ups.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..lexicon.words import content_tokens
from ..program.program import Program, Ref
from . import edit, over_periods
from .asked import REFERENCE_WORDS, Asked

#: "the combined figure", "the staff figure you gave", "the revenue number from before": a few words, then a noun
#: for an answer
NAMED = re.compile(r"\bthe\s+((?:[\w&'’-]+\s+){1,3}?)(?:figure|number|amount|value|answer|total)s?\b"
                   r"(?:\s+(?:you|u)\s+(?:gave|said|quoted|mentioned|told|worked out|calculated|came up with)(?:\s+me)?|"
                   r"\s+(?:from\s+)?(?:before|earlier|above))?", re.I)
#: words naming a sum of earlier answers rather than a line
_SUMMED = frozenset("combined sum total together joint added".split())
_THAN = re.compile(r"\bthan\b", re.I)
_PRONOUN = re.compile(r"\b(?:that|this|it)\b", re.I)
_TIMES = re.compile(r"\bhow many times\b|\bratio\b|\bmultiple\b", re.I)


def named_answer(asked: Asked) -> tuple[Ref, re.Match[str]] | None:
    """The latest earlier answer the question names by what it was, with the words naming it."""
    m = NAMED.search(asked.question)
    said = set(m.group(1).lower().split()) if m else set()
    words = set(content_tokens(m.group(1))) - REFERENCE_WORDS if m else set()
    if m is None or not words and not said & _SUMMED:
        return None
    for turn in range(len(asked.history) - 1, -1, -1):
        program = asked.history[turn]
        if program.op in ("span", "spans"):
            continue
        if said & _SUMMED and not words - _SUMMED:
            if program.op in ("add", "sum") and len(program.args) >= 2:
                return Ref(turn), m
            continue
        labels = {c.row_label for c in edit.cells(edit.inline(program, asked.history))}
        if len(labels) == 1 and words <= edit.label_words(labels.pop()):
            return Ref(turn), m
    return None


def named_in_other_period(asked: Asked) -> Program | None:
    """ "What was the combined figure the year before?" after a share of that sum: the sum one period earlier (or
    later, or in the period named)."""
    named, grid = named_answer(asked), asked.grid
    if named is None or grid is None or _THAN.search(asked.question):
        return None
    program = edit.inline(asked.history[named[0].turn], asked.history)
    step = -1 if over_periods.PREVIOUS.search(asked.question) else 1 if over_periods.NEXT.search(asked.question) else 0
    if step:
        key = over_periods.earlier_key(asked, program, step)
        return edit.other_period(program, grid, [key]) if key else None
    return edit.other_period(program, grid, asked.years) if len(asked.years) == 1 else None


def named_against_last(asked: Asked) -> Program | None:
    """ "How many times bigger is the staff figure you gave than that?": the earlier answer named over the last
    (or less it, for "how much bigger"); the one said before "than" first."""
    found, refs = named_answer(asked), asked.last(1)
    than = _THAN.search(asked.question)
    if found is None or not refs or than is None or found[0] == refs[0]:
        return None
    named, m = found
    after = asked.question[than.end():]
    if m.start() < than.start() and _PRONOUN.search(after):
        pair = (named, refs[0])
    elif m.start() > than.start() and _PRONOUN.search(asked.question[:than.start()]):
        pair = (refs[0], named)
    else:
        return None
    if _TIMES.search(asked.question):
        return Program("divide", pair)
    if asked.history[named.turn].scale != asked.history[refs[0].turn].scale:
        return None
    return Program("subtract", pair, asked.history[refs[0].turn].scale)
