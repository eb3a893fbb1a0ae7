"""Measures people ask for by name, and totals and averages over a table's periods (rows of ``table_patterns``).

- a margin is the profit line over revenue ("gross margin" = gross profit / revenue) when no row states it;
- a share of all the rows ("what share of all 2023 visits were in general practice?") is the row over the sum
  of the section when the table has no total row;
- a ratio named with its two lines ("total liabilities over total funds", "current ratio" = current assets /
  current liabilities, "debt-to-equity" = total liabilities / total equity, "payout ratio" = dividends / net
  income) is the one over the other;
- "across the four quarters", "over the six months", "year to date through June 2024": the named row's cells in
  those periods, summed or averaged.

The column is the one whose label names the period the question names (``tabtext.periods``), else the year's.
"""

from __future__ import annotations

import re

from ....periods import find_periods
from ....types import Period
from ..program.program import Program
from ..reading.context import Ctx
from .arith import result

_MARGIN = re.compile(r"\b(gross|operating|net|ebitda|ebit|pre-?tax|profit)\s+(?:profit\s+)?margins?\b", re.I)
_PROFIT_LINE = {"gross": r"gross (?:profit|margin \$)", "operating": r"operating (?:income|profit)",
                "net": r"net (?:income|profit|earnings)", "ebitda": r"(?:adjusted )?ebitda", "ebit": r"ebit\b",
                "pre-tax": r"(?:income|profit) before (?:income )?tax", "pretax": r"(?:income|profit) before (?:income )?tax",
                "profit": r"(?:net )?(?:profit|income)"}
_REVENUE = re.compile(r"^\s*(?:total\s+|net\s+)?(?:revenues?|sales|turnover|net sales)\b", re.I)
_SHARE_OF_ALL = re.compile(r"\b(?:share|percentage|proportion|percent) of all\b", re.I)
_TOTAL = re.compile(r"\btotal\b", re.I)
_NAMED_RATIOS = (  # (words asked, numerator line, denominator line)
    (r"\bcurrent ratio\b", r"total current assets|current assets", r"total current liabilities|current liabilities"),
    (r"\bdebt[- ]to[- ]equity\b", r"total liabilities|total debt", r"total (?:shareholders'? |stockholders'? )?equity|"
                                                                     r"total funds"),
    (r"\bpayout ratio\b", r"dividends?(?: paid)?", r"net (?:income|profit|earnings)"),
)
_OVER = re.compile(r"\b(?:across|over|for|in|during)\s+(?:all\s+|each of\s+)?(?:the\s+|these\s+)?(?:\w+\s+)?"
                   r"(?:quarters|months|periods|years|half-years)\b|\bin the table\b", re.I)
_YTD = re.compile(r"\b(?:year[- ]to[- ]date|ytd)\b", re.I)
_OVER_LINES = re.compile(r"\(?\s*([a-z][a-z &'-]+?)\s+(?:over|divided by|to)\s+([a-z][a-z &'-]+?)\s*\)", re.I)


def _col_period(label: str) -> Period | None:
    found = [p for _, _, p in find_periods(label) if p.year is not None]
    return found[-1] if found else None


def period_cols(ctx: Ctx, row: int) -> list[int]:
    """Columns (after the labels) that name a period and hold an amount in ``row``."""
    view = ctx.view
    return [c for c in range(1, view.table.n_cols) if _col_period(view.col_labels[c]) and view.amount(row, c) is not None]


def asked_col(ctx: Ctx, row: int) -> int | None:
    """The column of the period the question names (a quarter, a month, a date or a year), else the best column."""
    view, asked = ctx.view, [p for _, _, p in find_periods(ctx.q.text) if p.year is not None]
    cols = [c for c in range(1, view.table.n_cols) if view.amount(row, c) is not None]
    for p in asked:
        same = [c for c in cols if _col_period(view.col_labels[c]) == p]
        if not same:  # a year asked of year or date columns
            same = [c for c in cols if (cp := _col_period(view.col_labels[c])) and cp.year == p.year and
                    p.kind == "year" and cp.kind in ("year", "date")]
        if same:
            return same[0]
    return None if asked else ctx.best_col()


def _row_like(ctx: Ctx, pattern: str) -> int | None:
    found = [r for r, label in enumerate(ctx.view.row_labels) if r >= ctx.view.header_rows and
             re.match(rf"\s*(?:{pattern})\b", label, re.I)]
    return found[0] if found else None


def named_margin(ctx: Ctx):
    m = _MARGIN.search(ctx.q.text)
    if not m or any("margin" in label.lower() and "$" not in label for label in ctx.view.row_labels):
        return None
    num = _row_like(ctx, _PROFIT_LINE[m.group(1).lower()])
    den = next((r for r, label in enumerate(ctx.view.row_labels) if r >= ctx.view.header_rows and
                _REVENUE.match(label)), None)
    col = asked_col(ctx, num) if num is not None else None
    if num is None or den is None or col is None or num == den:
        return None
    program = result(ctx.view, [(num, col), (den, col)], "percent_of", ctx.q)
    return (program, "named_margin") if program else None


def named_ratio(ctx: Ctx):
    low = ctx.q.text.lower()
    spelled = _OVER_LINES.search(low)
    pairs = [(re.escape(spelled.group(1).strip()), re.escape(spelled.group(2).strip()))] if spelled else []
    pairs += [(num, den) for asked, num, den in _NAMED_RATIOS if re.search(asked, low)]
    for num_words, den_words in pairs:
        num, den = _row_like(ctx, num_words), _row_like(ctx, den_words)
        col = asked_col(ctx, num) if num is not None else None
        if num is not None and den is not None and col is not None and num != den:
            program = result(ctx.view, [(num, col), (den, col)], "divide", ctx.q)
            if program:
                return program, "named_ratio"
    return None


def share_of_all(ctx: Ctx):
    """The named row over the sum of every row of its column, when no row is a total."""
    view, row = ctx.view, ctx.best_row
    if row is None or not _SHARE_OF_ALL.search(ctx.q.text) or any(_TOTAL.search(lbl) for lbl in view.row_labels):
        return None
    col = asked_col(ctx, row)
    rows = [r for r in range(view.header_rows, view.table.n_rows) if col is not None and view.amount(r, col) is not None]
    if col is None or row not in rows or len(rows) < 3:
        return None
    whole = Program("add", tuple(view.operand(r, col, view.amount(r, col)) for r in rows))
    program = Program("percent_of", (view.operand(row, col, view.amount(row, col)), whole), "percent", "share_of_all")
    return program, "share_of_all"


def over_periods(ctx: Ctx):
    """The named row summed or averaged over every period column, or over the year to date of the month named."""
    row = ctx.best_row
    if row is None:
        return None
    cols = period_cols(ctx, row)
    if _YTD.search(ctx.q.text):
        ends = [p for _, _, p in find_periods(ctx.q.text) if p.year is not None]
        if not ends:
            return None
        end = ends[-1]
        cols = [c for c in cols if (p := _col_period(ctx.view.col_labels[c])) and p.kind == "month" and
                p.year == end.year and p.end_month <= end.end_month]
    elif not _OVER.search(ctx.q.text) or [p for _, _, p in find_periods(ctx.q.text) if p.year is not None]:
        return None
    if len(cols) < 2:
        return None
    program = result(ctx.view, [(row, c) for c in cols], "sum" if ctx.q.kind == "sum" else "average", ctx.q)
    return (program, "over_periods") if program else None
