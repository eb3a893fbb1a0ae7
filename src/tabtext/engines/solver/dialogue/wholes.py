"""The whole a share follow-up puts the last answer over, when no one cell is that whole: "what share of
full-year revenue is that?" after a total over four quarters is revenue over the same quarters; "what share of
the whole fleet's fuel is that?" after two vans' litres is the column over every row, when no row totals it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..program.program import Cell, Program
from .edit import Grid

#: the whole named by "all" / "whole" / "entire" / "overall", not a row
_ALL = re.compile(r"\b(?:all|whole|entire|overall|total)\b", re.I)
_TOTAL_ROW = re.compile(r"^\W*total\b", re.I)


def whole_over_parts(grid: Grid, row: int, found: Sequence[Cell], periods_named: bool) -> Program | None:
    """``row`` summed over the period columns the last answer read, when it read one row in several of them and
    the question names no period."""
    cols = sorted({c.col for c in found})
    if periods_named or len(cols) < 2 or len({c.row for c in found}) != 1:
        return None
    return Program("add", tuple(grid.cell(row, c) for c in cols))


def whole_of_column(grid: Grid, whole: str, found: Sequence[Cell]) -> Program | Cell | None:
    """The column of the last answer over every row (its total row when it has one), when the question's whole
    says "all" or "whole" and names no row."""
    cols = {c.col for c in found}
    if not _ALL.search(whole) or len(cols) != 1:
        return None
    col = cols.pop()
    rows = [r for r in grid.body_rows() if grid.cell(r, col).value is not None]
    totals = [r for r in rows if _TOTAL_ROW.match(grid.row_labels[r])]
    if totals:
        return grid.cell(totals[-1], col)
    if len(rows) < 3 or not {c.row for c in found} < set(rows):
        return None
    return Program("add", tuple(grid.cell(r, col) for r in rows))
