"""Which period a line peaks or bottoms in, asked in a conversation: "which month had the lowest pastry sales?",
"when was it highest?" — the largest or smallest of the line's cells over the periods asked, named by their
column. The line is the one the question names (a label word matched on its stem, so "pastry" names "Pastries"),
or, when the question names nothing else, the last answer's line. A row of ``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ....periods import find_periods
from ..lexicon.words import CONVERSATION_WORDS, content_tokens
from ..patterns.per_unit import stems
from ..patterns.period_cols import col_period
from ..program.program import Program
from . import edit
from .asked import REFERENCE_WORDS, Asked
from .edit import Grid

SUPERLATIVE = re.compile(r"\b(?:highest|lowest|most|least|fewest|largest|smallest|biggest|best|worst|weakest|"
                         r"strongest|busiest|quietest|peak\w*|maximum|minimum)\b", re.I)
_LEAST = re.compile(r"\b(?:lowest|least|fewest|smallest|worst|weakest|quietest|minimum)\b", re.I)
_PERIOD_ASKED = re.compile(r"\b(?:which|what)\s+(month|quarter|year|half|half-year|period|season)s?\b|"
                           r"^\s*(?:and\s+)?(?:in\s+)?(when)\b", re.I)
_KINDS = {"month": "month", "quarter": "quarter", "year": "year", "half": "half", "half-year": "half"}
_CUE_WORDS = frozenset(content_tokens("which what when month quarter year half period season had have was were did "
                                      "highest lowest most least fewest largest smallest biggest best worst weakest "
                                      "strongest busiest quietest peak peaked maximum minimum"))


def extreme_period_of_line(asked: Asked) -> Program | None:
    grid, m = asked.grid, _PERIOD_ASKED.search(asked.question)
    if grid is None or m is None or not SUPERLATIVE.search(asked.question):
        return None
    row = _line(asked, grid)
    kind = _KINDS.get((m.group(1) or "").lower(), "")
    cols = [c for c in range(1, grid.table.n_cols) if (p := col_period(grid.col_labels[c])) and (not kind or p.kind == kind)
            and grid.cell(row, c).value is not None] if row is not None else []
    within = [p for _, _, p in find_periods(asked.question) if p.year is not None]
    if len(within) == 1:  # "which quarter of 2024": the columns inside that period
        lo, hi = within[0].span()
        cols = [c for c in cols if lo <= col_period(grid.col_labels[c]).span()[0] and col_period(grid.col_labels[c]).span()[1] <= hi]  # type: ignore[union-attr]
    if len(cols) < 2 or len({col_period(grid.col_labels[c]).kind for c in cols}) != 1:  # type: ignore[union-attr]
        return None
    op = "argmin" if _LEAST.search(asked.question) else "argmax"
    return Program(op, tuple(grid.cell(row, c) for c in cols), key="column")  # type: ignore[arg-type]


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
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)) if refs and not words else []
    return found[0].row if found and len({c.row for c in found}) == 1 else None
