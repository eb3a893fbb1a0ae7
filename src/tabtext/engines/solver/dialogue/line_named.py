"""A line named with a period after an answer computed from several lines ("and what were operating costs that
month?" after rooms and food combined, "and premises costs that year?" after staff costs as a share of revenue): the
person asks for that line's figure, as they did for the lines before; "what about premises costs?" with no period
still repeats the computation (``follow_ups._other_row``); and a line named in two periods with "how much more
... than" is the gap between them, not a change of the last answer. Rows of ``follow_ups.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..program.program import Program
from . import edit
from .asked import Asked
from .named_periods import _in_question_order


def line_after_combination(asked: Asked) -> Program | None:
    refs, grid, lines = asked.last(1), asked.grid, asked.lines
    if not refs or grid is None or len(lines) != 1 or len(asked.years) != 1 or asked.names_unknown_year:
        return None
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    found = [c for c in edit.cells(last) if c.table == grid.index]
    if last.op == "lookup" or len({c.row for c in found}) < 2 or lines[0] in {c.row for c in found}:
        return None
    col = grid.col_of_year(asked.years[0])
    return Program("lookup", (grid.cell(lines[0], col),), grid.row_scale(lines[0])) if col is not None else None


#: "how much more was X in November than in October?", "how much lower ... than": a gap asked between two periods
MORE_THAN = re.compile(r"\bhow (?:many|much) (?:(more|higher|bigger|larger|greater)|(less|fewer|lower|smaller))\b"
                       r"[^?]*\bthan\b", re.I)


def line_between_two_periods(asked: Asked) -> Program | None:
    """ "How much more was that month's total bill than October's?": the line named in the period said before
    "than" less it in the period after (for "less" / "lower", the other way), whatever the last answer computed."""
    m, grid, lines = MORE_THAN.search(asked.question), asked.grid, asked.rows  # "the total bill": the Total row
    if m is None or grid is None or len(lines) != 1 or len(set(asked.years)) != 2:
        return None
    cols = [grid.col_of_year(y) for y in _in_question_order(asked.question, list(asked.years), grid)]
    if None in cols:
        return None
    first, second = (grid.cell(lines[0], c) for c in cols)  # type: ignore[arg-type]
    pair = (first, second) if m.group(1) else (second, first)
    return Program("subtract", pair, grid.row_scale(lines[0]))
