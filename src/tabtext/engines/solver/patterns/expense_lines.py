"""Total costs a statement does not state: "What were total costs in Q1 2025?" of a P&L with Fuel, Crew costs and
Port fees in brackets and no total line — the expense lines of the period's column, as amounts."""

from __future__ import annotations

import re

from ..program.program import Program
from ..reading.context import Ctx
from .period_cols import asked_col

TOTAL_COSTS = r"\btotal (?:operating )?(?:costs|expenses|expenditure|outgoings|spending)\b"
_TOTAL = re.compile(r"\s*total\b", re.I)


def expense_lines(ctx: Ctx):
    """The period's expense lines (in brackets or negative, no total) summed as amounts, when no line states
    the total."""
    view = ctx.view
    if any(re.match(rf"\s*{TOTAL_COSTS[2:]}", label, re.I) for label in view.row_labels):
        return None  # the table states it
    col = asked_col(ctx, view.header_rows)
    if col is None:
        return None
    rows = [r for r in range(view.header_rows, view.table.n_rows) if (value := view.amount(r, col)) is not None and
            not _TOTAL.match(view.row_labels[r]) and (value < 0 or view.cell_text(r, col).strip().startswith("("))]
    if len(rows) < 2:
        return None
    program = Program("add", tuple(view.operand(r, col, abs(view.amount(r, col))) for r in rows),  # type: ignore[arg-type]
                      view.cell_scale(rows[0], col), "across_rows")
    return program, "across_rows"
