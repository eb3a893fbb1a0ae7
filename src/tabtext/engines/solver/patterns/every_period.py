"""A line asked in every period the table shows: "What is the revenue for each financial year shown in the table,
in chronological order?", "How much is the total cost of revenues for both financial year ends?"."""

from __future__ import annotations

import re

from ..reading.context import Ctx
from .cells import cells_program

EVERY_PERIOD = re.compile(r"\bin chronological order\b|\bfor (?:each|all|both)(?: of the)?(?: \w+)? (?:financial |fiscal )?"
                          r"(?:years?|year[- ]ends?|years? ends?)\b", re.I)


def asks_every_period(ctx: Ctx) -> bool:
    return ctx.q.kind in ("value", "text") and ctx.best_row is not None and EVERY_PERIOD.search(ctx.q.text) is not None


def every_period(ctx: Ctx):
    """The named row's cells over every year column, oldest first (two or more)."""
    cells = ctx.cells_over_years(ctx.best_row, sorted(ctx.g.year_cols))
    return (cells_program(ctx.view, cells), "multi_cell") if len(cells) >= 2 else None
