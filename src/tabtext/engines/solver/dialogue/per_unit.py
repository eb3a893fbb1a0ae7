"""A figure per unit asked after an answer about the unit's line: "how many rides per scooter was that in
August?" after the fleet size is rides over the fleet in August, each in its own unit (rides in thousands, so
times 1,000). The line before "per" is named; the line after it, when no label names it ("scooter" of "Fleet
size"), is the last answer's. A row of ``conversation.FOLLOW_UPS``."""

from __future__ import annotations

from ....numbers import SCALE_FACTORS
from ..patterns.per_unit import PER_UNIT
from ..program.program import Const, Program
from . import edit
from .asked import Asked


def per_unit_of_last(asked: Asked) -> Program | None:
    refs, grid = asked.last(1), asked.grid
    m = PER_UNIT.search(asked.question)
    if not refs or grid is None or m is None or len(asked.years) > 1:
        return None
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    if not found or len({c.row for c in found}) != 1:
        return None
    before, after = grid.rows_named(asked.question[:m.start()]), grid.rows_named(asked.question[m.end() - 1:])
    last = found[0].row
    num, den = (before[0], after[0] if after else last) if before else (last, after[0]) if after else (None, None)
    key = asked.years[0] if asked.years else edit.period_of(asked.history[refs[0].turn], asked.history, grid)
    col = grid.col_of_year(key) if key else None
    if num is None or den is None or num == den or col is None or "percent" in (grid.row_scale(num), grid.row_scale(den)):
        return None
    top, bottom = grid.cell(num, col), grid.cell(den, col)
    if top.value is None or not bottom.value:
        return None
    ratio = Program("divide", (top, bottom))
    factor = SCALE_FACTORS.get(grid.row_scale(num), 1.0) / SCALE_FACTORS.get(grid.row_scale(den), 1.0)
    return ratio if factor == 1.0 else Program("multiply", (ratio, Const(factor, f"{factor:g}")))
