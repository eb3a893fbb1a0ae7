"""The year-on-year (quarter-on-quarter) change of a line in a period: "what was the year-on-year change in the second
half?" after a half's ticket sales, "the quarter-on-quarter change in revenue?" after a quarter's figure. The line is
the one named, else the last answer's; the period the one named, else the last answer's; the change is from the same
line a year (a quarter, a month) earlier. A row of ``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..program.program import Program
from . import edit
from .asked import Asked
from .over_periods import GROWTH, PERIOD_ON_PERIOD, earlier_key

#: a change asked "year on year" or "quarter on quarter"
CHANGE_ON_PERIOD = re.compile(rf"\b(?:change|difference|increase|decrease|rise|fall|movement)\b.*(?:{PERIOD_ON_PERIOD.pattern})|"
                              rf"(?:{PERIOD_ON_PERIOD.pattern}).*\b(?:change|difference|increase|decrease|rise|fall|"
                              r"movement)\b", re.I)


def change_on_period(asked: Asked) -> Program | None:
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or len(asked.rows) > 1 or len(asked.years) > 1:
        return None
    program = _latest_cell(edit.inline(asked.history[refs[0].turn], asked.history), grid, asked.rows)
    if program is None:
        return None
    if asked.years:
        program = edit.other_period(program, grid, asked.years)
    earlier = earlier_key(asked, program) if program is not None else ""
    before = edit.other_period(program, grid, [earlier]) if earlier else None
    if before is None:
        return None
    op = "change_ratio" if GROWTH.search(asked.question) else "subtract"
    return Program(op, (program, before), "percent" if op == "change_ratio" else program.scale)


def _latest_cell(program: Program, grid: edit.Grid, named: list[int]) -> Program | None:
    """The line named (else the last answer's) in the last answer's latest period: the cell itself, or the latest
    of a change of one line ("and in percent?" after two halves of ticket sales); None when the last answer reads
    several lines and the question names none."""
    found = [c for c in edit.cells(program) if c.col < len(grid.col_years) and grid.col_years[c.col]]
    if not found or not named and len({c.row for c in found}) != 1:
        return None
    latest = max(found, key=lambda c: grid.col_years[c.col])
    row = named[0] if named else latest.row
    return Program("lookup", (grid.cell(row, latest.col),), grid.row_scale(row))
