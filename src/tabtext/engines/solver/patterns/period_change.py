"""A change or growth rate asked of one quarter, month or half: "What was the growth rate of sales in Q2 2024?",
"the quarter-on-quarter change in operating profit in Q3 2024" — the named row in that period against the period
right before it, or against the same period a year earlier when the question says year-on-year ("year-on-year growth
in H2 2024": H2 2023); of two such periods named, the later against the earlier, each in its own column ("from H2
2023 to H1 2024", which the year-keyed columns of the arithmetic read as H1 2023). Years are the arithmetic
patterns' (TAT-QA's tables name years)."""

from __future__ import annotations

import dataclasses
import re

from ....periods import find_periods
from ....types import Period
from ..program import ops
from ..reading.context import Ctx
from .period_cols import col_period, period_cols

YEAR_ON_YEAR = re.compile(r"\b(?:year|y)[- ]?(?:on|over)[- ]?(?:year|y)\b|\byoy\b|\bsame (?:quarter|month|half|period) "
                          r"(?:of |in )?(?:the |a )?(?:previous|prior|last|year before|year earlier)", re.I)
_TWO_NAMED = re.compile(r"\b(?:from|between|since|versus|vs\.?|than|compared)\b", re.I)


def period_before(period: Period, year_on_year: bool = False) -> Period | None:
    """The period the change runs from."""
    if period.year is None:
        return None
    if year_on_year:
        return dataclasses.replace(period, year=period.year - 1)
    end = period.end_month - period.months
    return dataclasses.replace(period, year=period.year - (end < 1), end_month=end + 12 * (end < 1))


def change_on_previous(ctx: Ctx):
    """The row in the one quarter, month or half asked against the period before it (a year before, year-on-year);
    of two such periods named ("from H2 2023 to H1 2024"), the later against the earlier."""
    row, text = ctx.best_row, ctx.q.text
    asked = [p for _, _, p in find_periods(text) if p.year is not None]
    if row is None or not asked or any(p.kind not in ("quarter", "month", "half") for p in asked):
        return None
    if len(asked) == 2 and asked[0].kind == asked[1].kind and asked[0] != asked[1]:
        later, earlier = sorted(asked, key=lambda p: p.span(), reverse=True)
    elif len(asked) == 1 and not (_TWO_NAMED.search(text) and not YEAR_ON_YEAR.search(text)):
        later, earlier = asked[0], period_before(asked[0], bool(YEAR_ON_YEAR.search(text)))
    else:
        return None
    cols = {col_period(ctx.view.col_labels[c]): c for c in period_cols(ctx, row)}
    if earlier not in cols or later not in cols:
        return None
    op = "change_ratio" if ctx.q.kind == "change_ratio" else "diff"
    operands = [ctx.view.operand(row, cols[p]) for p in (later, earlier)]
    program = ops.build(op, operands, "percent" if op == "change_ratio" else ctx.view.cell_scale(row, cols[later]),
                        "change_on_previous")
    return (program, "change_on_previous") if program else None
