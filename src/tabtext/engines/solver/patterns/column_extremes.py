"""The extreme lines of one column: the N largest (or smallest) summed ("how much do the three largest product
lines add up to in 2023?", "the sum of the two highest balances") and the largest minus the smallest ("the
difference between the highest and lowest dues"), over the rows of the section asked, totals left out.

The N largest are summed as the cells they are (the sum a reader writes out), so the ranker scores the sum as any
sum of cells; the choice among the column's cells is made once, here."""

from __future__ import annotations

import re

from ..program.program import Operand, Program
from ..reading.context import Ctx
from ..reading.select import section_rows
from .rows import asked_column

_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_N = r"(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)"
_MOST = r"(highest|largest|biggest|greatest|lowest|smallest)"
TOP_N = re.compile(rf"\b(?:(top|bottom)\s+{_N}|{_N}\s+{_MOST}|{_MOST}\s+{_N})\b", re.I)
_ADD_UP = re.compile(r"\b(?:add(?:s|ed)?\s+up|sum|total|combined|together|altogether|in all|cumulative)\b", re.I)
COLUMN_RANGE = re.compile(r"\b(?:difference|gap|spread)\s+between\s+(?:the\s+)?(?:highest|largest|biggest|maximum|"
                          r"greatest)\s+and\s+(?:the\s+)?(?:lowest|smallest|minimum|least)\b", re.I)


def asks_top_n(ctx: Ctx) -> bool:
    return TOP_N.search(ctx.q.text) is not None and _ADD_UP.search(ctx.q.text) is not None


def _n_and_min(text: str) -> tuple[int, bool]:
    found = TOP_N.search(text)
    words = [g.lower() for g in found.groups() if g] if found else []
    n = next((int(w) if w.isdigit() else _COUNT_WORDS[w] for w in words if w.isdigit() or w in _COUNT_WORDS), 0)
    return n, any(w in ("bottom", "lowest", "smallest") for w in words)


def _column_cells(ctx: Ctx) -> list[Operand]:
    col = asked_column(ctx)
    if col is None:
        return []
    view = ctx.view
    cells = [view.operand(r, col) for r in section_rows(view, ctx.q) if view.amount(r, col) is not None]
    return [cell for k, cell in enumerate(cells) if not _sums_lines_above(cells, k)]


def _sums_lines_above(cells: list[Operand], k: int) -> bool:
    """Whether cell k is the sum of two or more cells right above it: a subtotal its label does not call one."""
    value, run = cells[k].value, 0.0  # type: ignore[union-attr]
    for above in range(k - 1, -1, -1):
        run += cells[above].value  # type: ignore[union-attr]
        if k - above >= 2 and abs(run - value) <= 0.005 * max(abs(value), 1.0):
            return True
    return False


def _extremes(cells: list[Operand], n: int, smallest: bool) -> list[Operand]:
    """The n largest (smallest) cells, in the column's order."""
    order = sorted(range(len(cells)), key=lambda k: cells[k].value, reverse=not smallest)  # type: ignore[union-attr]
    return [cells[k] for k in sorted(order[:n])]


def top_n_sum(ctx: Ctx):
    """The sum of the N largest (smallest) cells of the asked column, when the column has more than N."""
    n, smallest = _n_and_min(ctx.q.text)
    cells = _column_cells(ctx)
    if n < 2 or len(cells) <= n:
        return None
    scale = ctx.view.cell_scale(cells[0].row, cells[0].col)  # type: ignore[attr-defined]
    return Program("add", tuple(_extremes(cells, n, smallest)), scale, "top_n_sum"), "top_n_sum"


def column_range(ctx: Ctx):
    """The largest minus the smallest cell of the asked column, over three or more rows."""
    cells = _column_cells(ctx)
    if len(cells) < 3:
        return None
    scale = ctx.view.cell_scale(cells[0].row, cells[0].col)  # type: ignore[attr-defined]
    return Program("subtract", (Program("argmax", tuple(cells), scale), Program("argmin", tuple(cells), scale)),
                   scale, "column_range"), "column_range"
