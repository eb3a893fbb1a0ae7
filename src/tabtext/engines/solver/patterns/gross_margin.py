"""A gross margin asked of a table with revenue and a cost of sales but no gross-profit line."""

from __future__ import annotations

import re

from ..program.program import Program
from ..reading.context import Ctx
from .period_cols import asked_col

#: the direct cost a gross profit is revenue less: "Cost of sales", "Cost of goods sold", "COGS", "Direct costs"
_COST_OF_SALES = re.compile(r"\s*(?:total )?(?:costs? of (?:sales|goods sold|revenue)|cogs\b|direct costs?)", re.I)


def gross_margin_by_parts(ctx: Ctx, revenue: int):
    """Revenue less the cost of sales (its magnitude: a cost shown negative is still taken off), over revenue, in
    the asked column."""
    view = ctx.view
    cost = next((r for r in range(view.header_rows, view.table.n_rows) if _COST_OF_SALES.match(view.row_labels[r])),
                None)
    col = asked_col(ctx, revenue) if cost is not None else None
    if col is None or view.amount(revenue, col) is None or (spent := view.amount(cost, col)) is None:
        return None
    sales = view.operand(revenue, col)
    gross = Program("subtract", (sales, view.operand(cost, col, abs(spent))))
    return Program("percent_of", (gross, sales), "percent", "named_margin"), "named_margin"
