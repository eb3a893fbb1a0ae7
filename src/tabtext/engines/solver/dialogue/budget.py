"""Over or under budget on a table with a budget column beside what was spent ("how much over budget did venue hire
go?" of columns "Total spent" and "Budget"): the line's spent less its budget (under: the budget less the spent).
A row of ``follow_ups.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..program.program import Program
from . import edit
from .asked import Asked

#: "over budget", "under its budget", "overspend", "how far below budget"
AGAINST_BUDGET = re.compile(r"\b(?:over|under|below|above|beyond|within)\s+(?:the\s+|its\s+|their\s+|our\s+)?budget\b|"
                            r"\b(?:over|under)[\s-]?spen(?:d|t|ding)\b", re.I)
_UNDER = re.compile(r"\b(?:under|below|within)\b", re.I)
_BUDGET = re.compile(r"\bbudget(?:ed)?\b", re.I)
_SPENT = re.compile(r"\b(?:spent|spend|actual|outturn|total)\b", re.I)


def against_budget(asked: Asked) -> Program | None:
    grid, refs = asked.grid, asked.last(1)
    m = AGAINST_BUDGET.search(asked.question)
    if grid is None or m is None:
        return None
    budget = [c for c in range(1, grid.table.n_cols) if _BUDGET.search(grid.col_labels[c])]
    spent = [c for c in range(1, grid.table.n_cols) if _SPENT.search(grid.col_labels[c]) and c not in budget]
    rows = asked.rows or ([c.row for c in edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))][:1]
                          if refs else [])
    if len(budget) != 1 or len(spent) != 1 or len(set(rows)) != 1:
        return None
    used, planned = grid.cell(rows[0], spent[0]), grid.cell(rows[0], budget[0])
    pair = (planned, used) if _UNDER.search(m.group(0)) else (used, planned)
    return Program("subtract", pair, grid.row_scale(rows[0]))
