"""A margin asked after answers about a profit line ("what was the margin?", "margin?" after the operating result
and total revenue): the profit line as a percentage of revenue in the same periods. A row of
``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..program.program import Program, Ref
from . import edit
from .asked import Asked
from .over_periods import names_a_subject

_MARGIN_CUE = re.compile(r"\bmargin\b|^\s*(?:and\s+)?(?:what|how)\s+about\b", re.I)
_PROFIT = re.compile(r"profit|income|earnings|ebitda|ebit\b|surplus|result\b", re.I)


def margin_of_last(asked: Asked) -> Program | None:
    """ "What was the margin?" after a profit line: the last answer as a percentage of revenue in its period (or
    periods: a year's operating profit over the year's revenue)."""
    from ..patterns.measures import _REVENUE

    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or names_a_subject(_MARGIN_CUE.sub(" ", asked.question)):
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(program)
    if not found or len({c.row for c in found}) != 1:
        return None
    lines = [r for r in grid.body_rows() if _REVENUE.match(grid.row_labels[r])]
    whole = next((r for r in lines if grid.row_labels[r].lower().startswith("total")), lines[0] if lines else None)
    if whole is None:
        return None
    if found[0].row in lines and (before := _line_before(asked, found, lines)) is not None:
        return Program("percent_of", (before, refs[0]), "percent")  # "margin?" after operating result and revenue
    if found[0].row in lines:  # "what about the margin?" after revenue: the gross margin, the first profit line's
        profit = next((r for r in grid.body_rows() if _PROFIT.search(grid.row_labels[r])), None)
        program = edit.other_row(program, grid, profit) if profit is not None else None
        moved = edit.other_row(program, grid, whole) if program is not None else None
        return Program("percent_of", (program, moved), "percent") if moved is not None else None
    if not _PROFIT.search(found[0].row_label):
        return None
    moved = edit.other_row(program, grid, whole)  # the same cells of revenue
    return Program("percent_of", (refs[0], moved), "percent") if moved is not None else None


def _line_before(asked: Asked, found: list, lines: list[int]) -> Ref | None:
    """The answer before the last when it read one profit line (not revenue) in the last answer's columns."""
    refs = asked.last(2)
    before = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)) if len(refs) == 2 else []
    if not before or len({c.row for c in before}) != 1 or before[0].row in lines or \
            not _PROFIT.search(before[0].row_label) or sorted(c.col for c in before) != sorted(c.col for c in found):
        return None
    return refs[0]
