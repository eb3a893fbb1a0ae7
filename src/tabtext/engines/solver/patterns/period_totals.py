"""Totals and averages over a table's periods: "across the four quarters", "over the six months", "from January to
August", "year to date through June 2024" — the named row's cells in those periods, summed or averaged; a column
that is the total of others named with them ("H1 2025 total" beside its months) is left out."""

from __future__ import annotations

import re

from ....periods import MONTH_STEMS, bare_months, find_periods
from ....types import Period
from ..reading.context import Ctx
from .arith import result
from .cells import cells_program
from .period_cols import col_period, period_cols
from .textnum import ONES

_PART = rf"(?:[1-4]Q|Q[1-4]|H[12]|{MONTH_STEMS})[a-z]*\.?(?:\s*[-']?\s*(?:FY\s*)?\d{{2,4}})?"
#: a range of quarters, halves or months ("from January to August", "between Q1 2023 and Q3 2023"); years keep
#: TAT-QA's reading ("the average between 2017 and 2019" averages the two it names)
_RANGE = rf"\b(?:from|between|across|over|during|for)\s+(?:the\s+)?{_PART}\s+(?:to|through|until|till|and)\s+(?:the\s+)?{_PART}\b"
OVER_PERIODS = re.compile(r"\b(?:across|over|for|in|during)\s+(?:all\s+|each of\s+)?(?:the\s+|these\s+)?(?:\w+\s+)?"
                   r"(?:quarters|months|periods|years|half-years|seasons|weeks)\b|\bin the table\b|"
                   r"\baverage\b.*\b(?:per|a|each)\s+(?:month|quarter|year|season|week)\b|"
                   r"\b(?:average|mean|total|sum)\s+(?:of\s+(?:the\s+|all\s+)?)?(?:monthly|quarterly|weekly|yearly|annual)\b|"
                   + _RANGE, re.I)
#: every period of the table, counted or named as a whole ("over the six months", "across the three days", "over the
#: weekend"): a sum even when asked "how many ... ?"
ALL_THE_PERIODS = re.compile(r"\b(?:across|over|during|in|for)\s+(?:all\s+)?(?:the|these|those|all)\s+(?:(?:whole|full|entire)\s+)?"
                             r"(?:(?P<n>\d{1,2}|" + "|".join(ONES) + r")\s+(?:months|quarters|weeks|days|years|halves|"
                             r"half-years|seasons)|weekend)\b", re.I)
YEAR_TO_DATE = re.compile(r"\b(?:year[- ]to[- ]date|ytd)\b", re.I)


def over_periods(ctx: Ctx):
    """The named row summed or averaged over every period column, or over the year to date of the month named."""
    row = ctx.best_row
    if row is None:
        return None
    cols = period_cols(ctx, row)
    if YEAR_TO_DATE.search(ctx.q.text):
        ends = [p for _, _, p in find_periods(ctx.q.text) if p.year is not None]
        months = [p for c in cols if (p := col_period(ctx.view.col_labels[c])) and p.kind == "month" and p.year]
        if not ends and not months:
            return None
        end = ends[-1] if ends else max(months, key=lambda p: p.span())  # no month said: the latest one shown
        cols = [c for c in cols if (p := col_period(ctx.view.col_labels[c])) and p.kind == "month" and
                p.year == end.year and p.end_month <= end.end_month]
    elif named_range(ctx.q.text):
        lo, hi = named_range(ctx.q.text)  # type: ignore[misc]
        cols = [c for c in cols if (p := col_period(ctx.view.col_labels[c])) and within(p, lo, hi)]
    elif not (OVER_PERIODS.search(ctx.q.text) or ALL_THE_PERIODS.search(ctx.q.text)) or \
            [p for _, _, p in find_periods(ctx.q.text) if p.year is not None]:
        return None
    cols = _without_wholes(ctx, cols)
    every = ALL_THE_PERIODS.search(ctx.q.text)
    said = every.group("n") if every else None
    if said and _count(said) != len(cols):
        return _total_column(ctx, row, said) if len(cols) < 2 else None  # "the six months" of a table of four
    if len(cols) < 2:
        return _total_column(ctx, row, said) if every else None
    averaged = ctx.q.kind == "average" or re.search(r"\b(?:average|mean)\b", ctx.q.text, re.I)
    op = "average" if averaged else "sum"  # "how many shipments year to date": a sum
    program = result(ctx.view, [(row, c) for c in cols], op, ctx.q)
    return (program, "over_periods") if program else None


def _count(said: str) -> int:
    return int(said) if said.isdigit() else ONES[said.lower()]


def _total_column(ctx: Ctx, row: int, said: str | None):
    """The row's cell in the column headed "Total" after the columns it totals ("Friday", "Saturday", "Sunday"),
    when as many columns come before it as the question counts."""
    labels = [label.strip(" *").lower() for label in ctx.view.col_labels]
    col = labels.index("total", 1) if "total" in labels[1:] else None
    if col is None or col < 3 or said and _count(said) != col - 1:
        return None
    return cells_program(ctx.view, [(row, col)]), "over_periods"


def _without_wholes(ctx: Ctx, cols: list[int]) -> list[int]:
    """The columns but one that holds others' periods ("H1 2025 total" beside its months)."""
    spans = {c: p.span() for c in cols if (p := col_period(ctx.view.col_labels[c])) is not None and p.year}
    return [c for c in cols if not any(o != c and o in spans and c in spans and spans[c][0] <= spans[o][0] and
                                       spans[o][1] <= spans[c][1] and spans[o] != spans[c] for o in cols)]


def named_range(text: str) -> tuple[Period, Period] | None:
    """ "from January to August", "between Q1 2023 and Q3 2023": the first and last period of a range named."""
    m = re.search(_RANGE, text, re.I)
    if not m:
        return None
    part = text[m.start():]
    named = [p for _, _, p in find_periods(part)] or bare_months(part)
    named = named if len(named) == 2 else [p for _, _, p in find_periods(part)] + bare_months(part)
    if len(named) != 2 or named[0].kind != named[1].kind or named[0].kind == "year":
        return None
    return named[0], named[1]


def within(p: Period, lo: Period, hi: Period) -> bool:
    if lo.year is None or hi.year is None or p.year is None:  # months without years: by month
        return lo.year is None and hi.year is None and p.kind == lo.kind and lo.end_month <= p.end_month <= hi.end_month
    return lo.span()[0] <= p.span()[0] and p.span()[1] <= hi.span()[1]
