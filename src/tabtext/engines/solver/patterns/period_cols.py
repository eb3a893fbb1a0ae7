"""The columns of a person's table that name periods, and the one a question asks for (rows of measures)."""

from __future__ import annotations

import re

from ....periods import as_period, find_periods
from ....types import Period
from ..reading.context import Ctx


def col_period(label: str) -> Period | None:
    """The period a column names: its last dated one, else a month, quarter or half named alone ("January")."""
    found = [p for _, _, p in find_periods(label) if p.year is not None]
    if found:
        return found[-1]
    alone = as_period(label)
    return alone if alone is not None and alone.kind in ("month", "quarter", "half") else None


def period_cols(ctx: Ctx, row: int) -> list[int]:
    """Columns (after the labels) that name a period and hold an amount in ``row``."""
    view = ctx.view
    return [c for c in range(1, view.table.n_cols) if col_period(view.col_labels[c]) and view.amount(row, c) is not None]


def month_cols(ctx: Ctx, row: int, kind: str = "month") -> list[int]:
    """The columns of ``row`` dated as months (or as ``kind``: "date" for a table of weeks by their first day)."""
    return [c for c in period_cols(ctx, row) if col_period(ctx.view.col_labels[c]).kind == kind]  # type: ignore[union-attr]


def asked_col(ctx: Ctx, row: int) -> int | None:
    """The column of the period the question names (a quarter, a month, a date or a year), the one year column
    when "the year" is asked without naming it, else the best column."""
    view, asked = ctx.view, [p for _, _, p in find_periods(ctx.q.text) if p.year is not None]
    cols = [c for c in range(1, view.table.n_cols) if view.amount(row, c) is not None]
    for p in asked:
        same = [c for c in cols if col_period(view.col_labels[c]) == p]
        if not same:  # a year asked of year or date columns
            same = [c for c in cols if (cp := col_period(view.col_labels[c])) and cp.year == p.year and
                    p.kind == "year" and cp.kind in ("year", "date")]
        if same:
            return same[0]
    yearless = [p for _, _, p in find_periods(ctx.q.text) if p.year is None and p.kind in ("quarter", "half")]
    if not asked and len(yearless) == 1:  # "the third quarter" of one year's quarters
        same = [c for c in cols if (cp := col_period(view.col_labels[c])) is not None and
                (cp.end_month, cp.months, cp.kind) == (yearless[0].end_month, yearless[0].months, yearless[0].kind)]
        if len(same) == 1:
            return same[0]
    if not asked and WHOLE_YEAR.search(ctx.q.text):  # "for the year" of quarters beside their "FY 2024" column
        years = [c for c in cols if (cp := col_period(view.col_labels[c])) is not None and cp.kind == "year"]
        if len(years) == 1:
            return years[0]
    return None if asked else ctx.best_col()


def parts_asked(ctx: Ctx, row: int) -> list[int]:
    """The columns that make up the one period the question names when no column is that period (the months of
    "Q2 2024"); [] otherwise."""
    periods = {c: p for c in period_cols(ctx, row) if (p := col_period(ctx.view.col_labels[c]))}
    yearless = bool(periods) and all(p.year is None for p in periods.values())  # one year's months, its year unsaid
    asked = [p for _, _, p in find_periods(ctx.q.text) if (p.year is None) == yearless]
    if len(asked) != 1 or asked[0].kind == "date" or yearless and asked[0].kind not in ("quarter", "half"):
        return []
    lo, hi = asked[0].span()
    spans = {c: p.span() for c, p in periods.items()}
    if any(sp == (lo, hi) for sp in spans.values()):
        return []
    inside = [c for c, (a, b) in spans.items() if lo <= a and b <= hi]
    whole = sum(spans[c][1] - spans[c][0] + 1 for c in inside) == hi - lo + 1
    return inside if len(inside) >= 2 and whole else []


#: "over the whole year", "full-year revenue", "for the full year": every part of the one year a table shows
WHOLE_YEAR = re.compile(r"\b(?:whole|full|entire)[- ]year\b|\bfor the year\b", re.I)


def whole_year_parts(ctx: Ctx, row: int) -> list[int]:
    """The columns of the quarters, halves or months that make up the one year the table shows, when the question
    asks for the whole year without naming it; [] otherwise."""
    if not WHOLE_YEAR.search(ctx.q.text) or [p for _, _, p in find_periods(ctx.q.text) if p.year is not None]:
        return []
    periods = {c: p for c in period_cols(ctx, row) if (p := col_period(ctx.view.col_labels[c]))}
    if len({p.year for p in periods.values()}) != 1 or any(p.kind not in ("quarter", "half", "month")
                                                            for p in periods.values()):
        return []
    months = sorted(m for p in periods.values() for m in range(p.span()[0], p.span()[1] + 1))
    return sorted(periods) if len(months) == 12 == len(set(months)) else []


def year_parts(ctx: Ctx, row: int) -> list[int]:
    """The columns making up the period asked: ``parts_asked``, else the whole year's (``whole_year_parts``)."""
    return parts_asked(ctx, row) or whole_year_parts(ctx, row)
