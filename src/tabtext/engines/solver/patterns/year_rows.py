"""A column asked in several periods when the periods run down the first column: "What is the balance at the
beginning of 2019 and 2018 respectively?" over a row per year end and a column per movement is the asked
column's cell in each asked year's row, in the question's order."""

from __future__ import annotations

import re

from ..lexicon.words import YEAR
from ..reading.context import Ctx
from .cells import cells_program

_RANGE = re.compile(rf"\b({YEAR})\s*(?:to|through|-|–)\s*({YEAR})\b")


def _asked(ctx: Ctx) -> list[str]:
    """The asked years with a row each, in the question's order; "2020 to 2022" names the years between too."""
    years = list(dict.fromkeys(ctx.q.years))
    for a, b in _RANGE.findall(ctx.q.text):
        step = 1 if int(b) >= int(a) else -1
        between = [str(y) for y in range(int(a), int(b) + step, step)]
        at = years.index(a) if a in years else len(years)
        years = years[:at] + between + [y for y in years[at:] if y not in between]
    return [y for y in years if y in ctx.g.year_rows]


def asks_years_down_rows(ctx: Ctx) -> bool:
    return ctx.q.kind == "value" and ctx.year_axis() == "row" and len(_asked(ctx)) >= 2


def year_rows(ctx: Ctx):
    """The best column's cell in the first row of each asked year (two or more)."""
    col = ctx.best_col()
    if col is None or not ctx.g.col_scores.get(col):
        return None
    rows = [ctx.g.year_rows[y][0] for y in _asked(ctx)]
    cells = [(r, col) for r in dict.fromkeys(rows) if ctx.view.value(r, col) is not None]
    return (cells_program(ctx.view, cells), "multi_cell") if len(cells) >= 2 else None
