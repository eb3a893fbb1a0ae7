"""Which period a line peaks or bottoms in, asked in a conversation: "which month had the lowest pastry sales?",
"when was it highest?" — the largest or smallest of the line's cells over the periods asked, named by their
column ("what was the highest monthly revenue?": its figure). The line is the one the question names (a label
word matched on its stem, so "pastry" names "Pastries"), or, when the question names nothing else, the last
answer's line. Then "and the lowest?" is the other extreme and "which month was that?" its period. Rows of
``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ....periods import find_periods
from ..lexicon.cues import MIN_WORDS, SUPERLATIVE
from ..lexicon.words import CONVERSATION_WORDS, content_tokens
from ..patterns.per_unit import stems
from ..patterns.period_cols import col_period
from ..program.program import Program
from . import edit
from .asked import REFERENCE_WORDS, Asked
from .edit import Grid

_PERIOD_ASKED = re.compile(r"\b(?:which|what)\s+(month|quarter|year|half|half-year|period|season|week)s?\b|"
                           r"^\s*(?:and\s+)?(?:in\s+)?(when)\b|"  # "what was the peak year for them?"
                           r"\bthe\s+(?:peak|best|worst|busiest|quietest|strongest|weakest|highest|lowest|top|record)\s+"
                           r"(month|quarter|year|half|period|season|week)\b", re.I)
_VALUE_ASKED = re.compile(r"^\s*(?:and\s+)?(?:what|how (?:much|many))\b(?!.*\b(?:which|when)\b)", re.I)
_EVERY = re.compile(r"\b(month|quarter|year|half)(?:ly)?\b|\b(?:annual)\b", re.I)  # "the highest monthly revenue"
#: "which month was that?", "when was that?": the period of the last answer
THAT_PERIOD = re.compile(r"^\s*(?:and\s+)?(?:in\s+)?(?:which|what)\s+(?:month|quarter|year|half|period|season|week)\b"
                         r"(?:\s+(?:was|is)\s+(?:that|it|this))?\s*\??\s*$|^\s*(?:and\s+)?when\s+was\s+(?:that|it|this)\s*\??\s*$",
                         re.I)
#: "how many was that?", "what was the figure?": the figure of the one cell a choice kept
THAT_VALUE = re.compile(r"^\s*(?:and\s+)?(?:how (?:many|much)\b[^?]*|what)\s+(?:was|is|were)\s+(?:that|it|this)\s*\??\s*$|"
                        r"^\s*(?:and\s+)?(?:so\s+)?how (?:many|much)\s*\??\s*$|"  # "how many?" after "who had the most assists?"
                        r"^\s*(?:and\s+)?(?:what|how (?:many|much))\b[^?]*\b(?:figure|number|value|amount|count)\s*\??\s*$", re.I)
#: "which half had the higher EBITDA?": a comparative asking which period
COMPARATIVE = re.compile(r"\b(?:higher|lower|larger|smaller|bigger|greater|more|less|fewer|better|worse|stronger|weaker)\b",
                         re.I)
#: the cue of ``extreme_period_of_line``
EXTREME = re.compile(SUPERLATIVE.pattern + "|" + COMPARATIVE.pattern, re.I)
#: a measure of two lines ("the largest share of revenue", "the best margin", "sales per loaf"): the core's
_MEASURE_OF_LINES = re.compile(r"\b(?:share|proportion|percentage|fraction|margin|ratio)\s+of\b|\bmargins?\b|\bper\s+(?!cent\b)[a-z]",
                               re.I)
_KINDS = {"month": "month", "quarter": "quarter", "year": "year", "half": "half", "half-year": "half"}
_CUE_WORDS = frozenset(content_tokens("which what when month quarter year half period season had have was were did "
                                      "highest lowest most least fewest largest smallest biggest best worst weakest "
                                      "strongest longest shortest heaviest lightest busiest quietest peak peaked "
                                      "maximum minimum"))


def _least(question: str) -> bool:
    return bool(MIN_WORDS.search(question.lower()) or re.search(r"\bweaker\b", question, re.I))


def extreme_period_of_line(asked: Asked) -> Program | None:
    """ "Which month had the lowest pastry sales?": the period of the line's extreme cell; "what was the highest
    monthly revenue?": that cell's figure."""
    grid, question = asked.grid, asked.question
    m = _PERIOD_ASKED.search(question)
    if grid is None or not (SUPERLATIVE.search(question) or m is not None and COMPARATIVE.search(question)) or \
            m is None and not _VALUE_ASKED.search(question) or _MEASURE_OF_LINES.search(question):
        return None  # "which half of 2024 had the higher EBITDA?": of two periods, the comparative is the extreme
    row = _line(asked, grid)
    if not SUPERLATIVE.search(question) and not find_periods(question) and _two_answers_of(asked, row):
        return None  # "which half was more profitable?" after two halves: between the two (which_of_two)
    every = _EVERY.search(question)
    asked_kind = next((g for g in m.groups() if g), "") if m else ""
    kind = _KINDS.get(((asked_kind if m else every.group(1) if every else "") or "").lower(), "")
    cols = _within_last(asked, row, _period_cols(grid, row, kind, question)) if row is not None else []
    if len(cols) < 2:
        return None
    op = "argmin" if _least(question) else "argmax"
    cells = tuple(grid.cell(row, c) for c in cols)  # type: ignore[arg-type]
    return Program(op, cells, key="column") if m else Program(op, cells, grid.row_scale(row))  # type: ignore[arg-type]


def _two_answers_of(asked: Asked, row: int | None) -> bool:
    """The last two answers read the line, one cell each."""
    refs = asked.figures(2)
    found = [edit.cells(edit.inline(asked.history[r.turn], asked.history)) for r in refs]
    return len(found) == 2 and all(len(f) == 1 and f[0].row == row for f in found)


def _within_last(asked: Asked, row: int, cols: list[int]) -> list[int]:
    """ "Which quarter was best?" after the line's total or average over 2023's quarters: among those quarters."""
    refs = asked.last(1)
    last = edit.inline(asked.history[refs[0].turn], asked.history) if refs else None
    held = sorted({c.col for c in edit.cells(last)}) if last is not None and last.op in ("add", "average") else []
    same_line = last is not None and all(c.row == row for c in edit.cells(last))
    if find_periods(asked.question) or not same_line or len(held) < 2 or not set(held) <= set(cols):
        return cols
    return held


def _period_cols(grid: Grid, row: int, kind: str, question: str) -> list[int]:
    """The row's period columns of one kind (``kind`` when asked), inside the one period the question names."""
    periods = {c: p for c in range(1, grid.table.n_cols) if (p := col_period(grid.col_labels[c])) and
               (not kind or p.kind == kind) and grid.cell(row, c).value is not None}
    within = [p for _, _, p in find_periods(question) if p.year is not None]
    if len(within) == 1:  # "which quarter of 2024": the columns inside that period
        lo, hi = within[0].span()
        periods = {c: p for c, p in periods.items() if lo <= p.span()[0] and p.span()[1] <= hi}
    return sorted(periods) if len({p.kind for p in periods.values()}) == 1 else []


def other_extreme(asked: Asked) -> Program | None:
    """ "And the lowest?" after the highest: the other extreme of the same cells, named the same way."""
    refs = asked.last(1)
    last = asked.history[refs[0].turn] if refs else None
    choice = _choice_of_figure(asked, last)
    if choice is not None:  # "and the lowest?" after "how much was that?": the other extreme's figure
        last = Program(choice.op, choice.args, last.scale, test=choice.test)  # type: ignore[union-attr]
    if last is None or last.op not in ("argmax", "argmin") or last.answer_value is not None or asked.rows or \
            set(content_tokens(asked.question)) - _CUE_WORDS - REFERENCE_WORDS - CONVERSATION_WORDS:
        return None
    op = "argmin" if _least(asked.question) else "argmax"
    return Program(op, last.args, last.scale, key=last.key, test=last.test) if op != last.op else None


def _choice_of_figure(asked: Asked, last: Program | None) -> Program | None:
    """The choice whose kept cell the last answer looked up ("which region sold the most?", "how much was
    that?"), else None."""
    refs = asked.last(2)
    if last is None or last.op != "lookup" or len(last.args) != 1 or len(refs) < 2:
        return None
    choice = asked.history[refs[0].turn]
    kept = edit.cells(edit.inline(choice, asked.history)) if choice.op in ("argmax", "argmin") and choice.key else []
    return choice if kept == [last.args[0]] else None


def period_of_last(asked: Asked) -> Program | None:
    """ "Which month was that?" / "when was that?" after a figure of one period (the highest monthly revenue): the
    period it was read in."""
    refs, grid = asked.last(1), asked.grid
    last = edit.inline(asked.history[refs[0].turn], asked.history) if refs else None
    if last is None or grid is None or last.answer_value is not None and last.op != "lookup":
        return None
    if last.op in ("argmax", "argmin") and not last.key:
        return Program(last.op, last.args, key="column", test=last.test)
    found = edit.cells(last)
    if last.op == "lookup" and len(found) == 1 and col_period(grid.col_labels[found[0].col]):
        return Program("argmax", (found[0],), key="column")
    return None


def _line(asked: Asked, grid: Grid) -> int | None:
    """The row named (on whole label words, else on their stems when no other row shares one), or the last
    answer's line when the question names nothing besides the cue ("when was it highest?")."""
    if asked.rows:
        return asked.rows[0]
    said = stems(asked.question)
    near = [r for r in grid.body_rows() if stems(grid.row_labels[r]) & said]  # "DVD loans": DVDs, Total loans
    if len(near) == 1 and stems(grid.row_labels[near[0]]) <= said:
        return near[0]
    words = set(content_tokens(asked.question)) - _CUE_WORDS - REFERENCE_WORDS - CONVERSATION_WORDS
    refs = asked.last(1)
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)) if refs else []
    line = found[0].row if found and len({c.row for c in found}) == 1 else None
    # "the highest average trip length" after answers of "Average trip min": words of the last answer's line alone
    return line if not words or near == [line] else None


def value_of_last(asked: Asked) -> Program | None:
    """ "How many was that?" after "which department had the most visits in 2023?": the kept cell's figure."""
    refs, grid = asked.last(1), asked.grid
    last = asked.history[refs[0].turn] if refs else None
    if last is None or grid is None or last.op not in ("argmax", "argmin") or not last.key:
        return None
    kept = edit.cells(edit.inline(last, asked.history))
    return Program("lookup", (kept[0],), grid.row_scale(kept[0].row)) if len(kept) == 1 else None
