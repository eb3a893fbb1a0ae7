"""Ways of building candidate Programs from a question over a table, as named rows of data.

Each ``Pattern`` says when it applies (a predicate over the grounded question), which operator it proposes, how
its operands are found, and an example question. Every pattern that applies proposes its candidate; the ranker
(``rank/ranker.py``) chooses among them and the text candidates. A pattern is switched off by name
(``table_candidates(ctx, off={"column_aggregate"})``) for ablation; adding one is adding a row and a golden
case (tests/golden/solver/tatqa_own_tables.jsonl).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from ..program.program import Const, Program
from ..reading.context import Ctx, years_for
from ..reading.select import threshold
from .arith import PART_OF_YEAR, arithmetic
from .cells import compare_rows, count_answer, list_items, value_answer, years_passing
from .column_extremes import COLUMN_RANGE, asks_top_n, column_range, top_n_sum
from .every_period import asks_every_period, every_period
from .expense_lines import LARGEST_COST, largest_cost
from .line_range import RANGE, line_range
from .listed_labels import asks_listed, listed_labels
from .maturity_window import asks_window, maturity_window
from .measures import (
    ACROSS_ROWS,
    MARGIN,
    NAMED_RATE,
    NAMED_RATIO_CUE,
    SHARE_OF_ALL,
    across_rows,
    named_margin,
    named_rate,
    named_ratio,
    parts_of_period,
    share_of_all,
)
from .per_unit import NAMED_PER_UNIT, PER_UNIT, per_unit
from .period_change import change_on_previous
from .period_cols import month_cols
from .period_totals import ALL_THE_PERIODS, OVER_PERIODS, YEAR_TO_DATE, over_periods
from .respective_cols import asks_respective, respective_cols
from .rows import COMPARED, column_aggregate, row_of_value, rows_compared, rows_passing, text_cell
from .stated_result import ASKED_KINDS, stated_result
from .year_rows import asks_years_down_rows, year_rows

Found = tuple[Program, str]  # a candidate Program and the route that built it
_ASKS_PERIOD = re.compile(r"\b(?:which|what)\s+(?:of the\s+)?(?:fiscal\s+|financial\s+|school\s+)?(?:years?|periods?|quarters?|"
                          r"months?|fys?|half[- ]years?|halves|half|seasons?|weeks?)\b|"
                          r"\bwhen\b")
_YEAR_WORDS = re.compile(r"\b(?:year|years|period|fiscal|fy|quarter|quarters|month|months|half|halves|season|week)\b")
_ARITH_KINDS = ("diff", "change_ratio", "average", "sum", "divide")


@dataclass(frozen=True, slots=True)
class Pattern:
    name: str
    when: Callable[[Ctx], bool]
    build: Callable[[Ctx], Found | None]
    op: str
    operands: str
    example: str


def _low(ctx: Ctx) -> str:
    return ctx.q.text.lower()


def _table_periods(ctx: Ctx) -> Found | None:
    years = [ys[0] for c, ys in enumerate(ctx.view.col_years) if c and ys]
    years = list(dict.fromkeys(years)) or list(ctx.g.year_rows)
    return (Program("spans", tuple(Const(float(y), y) for y in years)), "list_years") if years else None


def _extreme_period(ctx: Ctx) -> Found | None:
    view, q, row = ctx.view, ctx.q, ctx.best_row
    cells = [rc for rc in ctx.cells_over_years(row, years_for(ctx, "compare")) if view.value(*rc) is not None]
    quarters = [(row, c) for c in range(1, view.table.n_cols) if PART_OF_YEAR.search(view.col_labels[c])
                and view.amount(row, c) is not None]
    op = "argmax" if q.direction == "max" else "argmin"
    if re.search(r"\b(month|week)\b", _low(ctx)):  # "In which month / week ...": the month's (week's date) column label
        quarters = [(row, c) for c in month_cols(ctx, row, "month" if "month" in _low(ctx) else "date")]
    if re.search(r"\b(?:quarter|month|week|half(?:[- ]year)?)\b", _low(ctx)) and len(quarters) >= 2:  # "In which quarter ...": its column
        return Program(op, tuple(view.operand(*rc) for rc in quarters), key="column"), "compare"
    if len(cells) < 2:
        return None
    outflows = all(view.value(*rc) < 0 for rc in cells)  # "the largest repurchases" of (200), (100): the amount
    operands = tuple(view.operand(*rc, value=abs(view.value(*rc))) if outflows else view.operand(*rc) for rc in cells)
    return Program(op, operands, key="period"), "compare"


def _row_compare_first(ctx: Ctx) -> bool:
    """ "Which segment had the largest X?": a row label is asked (no period asked, no amount to pass; the row, if
    any, is the measure named after "which/what")."""
    return ctx.q.kind == "compare" and not _ASKS_PERIOD.search(_low(ctx)) and threshold(ctx.q, ctx.view) is None and (
        ctx.best_row is None or re.match(r"\s*(?:which|what)\b", _low(ctx)) is not None)


def _compare_by_row(ctx: Ctx) -> bool:
    return ctx.q.kind == "compare" and ctx.best_row is not None


def _every_period_built(ctx: Ctx) -> bool:
    """Asked for every period and every period found: one cell, or the row labels, would answer the wrong kind."""
    return asks_every_period(ctx) and every_period(ctx) is not None


def _has_row(ctx: Ctx) -> bool:
    return ctx.best_row is not None


PATTERNS: tuple[Pattern, ...] = (  # the router answers with the first that builds: named measures first
    Pattern("named_margin", lambda c: MARGIN.search(c.q.text) is not None, named_margin, "percent_of",
            "the profit line over revenue in the asked period, when no row states the margin",
            "What was the gross margin in Q4 2023?"),
    Pattern("named_ratio", lambda c: NAMED_RATIO_CUE.search(_low(c)) is not None, named_ratio,
            "divide", "the two lines a ratio names (current, debt-to-equity, payout, or 'X over Y') in the asked period",
            "What was the current ratio at December 31, 2019?"),
    Pattern("per_unit", lambda c: PER_UNIT.search(c.q.text) is not None and c.q.kind not in ("average", "count") or
            NAMED_PER_UNIT.search(c.q.text) is not None,
            per_unit, "divide", "the line before 'per' over the line after it, each amount in its own unit",
            "What was revenue per paying subscriber in Q2 2024?"),
    Pattern("named_rate", lambda c: NAMED_RATE.search(c.q.text) is not None, named_rate, "percent_of",
            "a counted line the rate names over the largest counted line of its column", "What was the return rate in May 2024?"),
    Pattern("share_of_all", lambda c: SHARE_OF_ALL.search(c.q.text) is not None, share_of_all, "percent_of",
            "the named row over the sum of its column's rows, when the table has no total row",
            "What share of all 2023 visits were in general practice?"),
    Pattern("across_rows", lambda c: c.q.kind in ("sum", "average") and (ACROSS_ROWS.search(c.q.text) is not None or
                                                                         c.best_row is None),
            across_rows, "sum|average", "the asked period's column over every row, when no row is their total",
            "What was the total number of visits across all departments in 2023?"),
    Pattern("parts_of_period", lambda c: c.q.kind in ("sum", "average", "value", "count") and _has_row(c),
            parts_of_period, "sum|average", "the named row over the columns that make up the period asked (months of a "
            "quarter, quarters of a year), when no column is that period", "What were total orders in Q1 2024?"),
    Pattern("over_periods", lambda c: c.q.kind in ("sum", "average") and OVER_PERIODS.search(c.q.text) is not None or
            c.q.kind in ("sum", "average", "count", "value") and (YEAR_TO_DATE.search(c.q.text) or
                                                                  ALL_THE_PERIODS.search(c.q.text)) is not None, over_periods, "sum|average", "the named row over every period column, or the months "
            "of the year to date", "What was the average operating income across the four quarters?"),
    Pattern("line_range", lambda c: RANGE.search(c.q.text) is not None, line_range, "subtract", "the named row's largest minus smallest cell over its periods", "What was the range of monthly orders?"),
    Pattern("top_n_sum", asks_top_n, top_n_sum, "sum", "the N largest (smallest) cells of the asked column, "
            "totals left out", "How much do the two largest product lines in 2023 add up to?"),
    Pattern("column_range", lambda c: COLUMN_RANGE.search(c.q.text) is not None, column_range, "subtract",
            "the asked column's largest minus smallest cell over its rows", "What is the difference between the "
            "highest and lowest annual dues?"),
    Pattern("maturity_window", lambda c: asks_window(c) and _has_row(c) and c.q.kind not in ("diff", "change_ratio"),
            maturity_window, "sum|percent_of",
            "the named row's maturity columns ending by year N (or after it), summed or over its total column",
            "How much of the lease payments is due within 3 years?"),
    Pattern("periods_passing", lambda c: c.q.kind == "list_years" and _has_row(c) and threshold(c.q, c.view) is not None,
            lambda c: years_passing(c, c.best_row), "filter", "the named row's cells in every period, kept when they "
            "pass the stated amount", "Which years did product revenue exceed $90 million?"),
    Pattern("table_periods", lambda c: c.q.kind == "list_years" and not (_has_row(c) and threshold(c.q, c.view)),
            _table_periods, "spans", "the periods of the column headers (or of the period rows)",
            "In which years was the revenue calculated?"),
    Pattern("section_items", lambda c: c.q.kind == "list_items", list_items, "spans",
            "the row labels of the section (or of the block a named total closes)", "What are the components of revenue?"),
    Pattern("count_rows_compared", lambda c: c.q.kind == "count" and COMPARED.search(c.q.text) is not None, rows_compared,
            "count", "rows whose cell in the first period named passes the one in the second",
            "How many categories had more loans in H2 2024 than in H1 2024?"),
    Pattern("count_rows", lambda c: c.q.kind == "count", count_answer, "count",
            "rows of a section, or periods/rows passing a stated amount", "How many years did revenue exceed $45 million?"),
    Pattern("largest_cost", lambda c: LARGEST_COST.search(c.q.text) is not None, largest_cost, "argmax",
            "the expense line with the largest amount in the asked period, its brackets aside",
            "Which was the biggest cost in 2024/25?"),
    Pattern("extreme_row", _row_compare_first, compare_rows, "argmax",
            "the row label with the largest/smallest value in the asked column", "Which segment had the largest revenue?"),
    Pattern("change_on_previous", lambda c: c.q.kind in ("diff", "change_ratio") and _has_row(c), change_on_previous,
            "change_ratio|subtract", "the named row in the quarter, month or half asked against the one before it (a "
            "year before, year-on-year)", "What was the growth rate of sales in Q2 2024?"),
    Pattern("arithmetic", lambda c: c.q.kind in _ARITH_KINDS and _has_row(c),
            lambda c: arithmetic(c, c.best_row, c.year_axis()), "subtract|change_ratio|average|sum|divide|percent_of",
            "the named rows x the named periods or columns, ordered as the operator reads them",
            "What was the change in service revenue from 2018 to 2019?"),
    Pattern("periods_passing_compare", lambda c: _compare_by_row(c) and c.year_axis() == "col" and
            threshold(c.q, c.view) is not None, lambda c: years_passing(c, c.best_row), "filter",
            "the named row's cells in every period, kept when they pass the stated amount",
            "In which year was revenue less than 600,000 thousands?"),
    Pattern("extreme_row_named", lambda c: _compare_by_row(c) and not _YEAR_WORDS.search(_low(c)) and
            not (c.year_axis() == "col" and threshold(c.q, c.view) is not None), compare_rows, "argmax",
            "the row label with the extreme value in the asked column", "Is product or service revenue higher in 2019?"),
    Pattern("extreme_period", lambda c: _compare_by_row(c) and _YEAR_WORDS.search(_low(c)) is not None and
            c.year_axis() == "col" and threshold(c.q, c.view) is None, _extreme_period, "argmax",
            "the named row's cells over the asked periods", "In which year was the service revenue higher?"),
    Pattern("text_cell", lambda c: c.q.kind in ("value", "text", "compare"), text_cell, "lookup",
            "the text cell (a name, a place) in the named row and the column the question names",
            "Which city is the North office in?"),
    Pattern("row_of_value", lambda c: c.q.kind in ("value", "text"), row_of_value, "lookup",
            "the label of the row whose text cell the question names", "Which office is in Krakow?"),
    Pattern("cell", lambda c: _has_row(c) and not _every_period_built(c) and (c.q.kind == "value" or _compare_by_row(c) and c.year_axis() != "col"
                                               and _YEAR_WORDS.search(_low(c)) is not None),
            lambda c: value_answer(c, c.best_row),
            "lookup", "the named row x the asked period or named column (several cells for 'respectively')",
            "What was the service revenue in 2019?"),
    Pattern("column_aggregate", lambda c: c.q.kind in ("average", "sum") and not c.q.years, column_aggregate,
            "average|sum", "every non-total row of the named column", "What is the average revenue across all regions?"),
    Pattern("rows_passing", lambda c: c.q.kind in ("compare", "list_items", "value") and
            threshold(c.q, c.view) is not None, rows_passing, "filter", "the row labels whose value in the asked "
            "column passes the stated amount", "Which regions had revenue above 100 in 2019?"),
    Pattern("stated_result", lambda c: c.q.kind in ASKED_KINDS and _has_row(c), stated_result,
            "lookup", "the named row's cell in the column (or the row) whose label names the result asked",
            "What was the change in revenue?"),
    Pattern("listed_labels", lambda c: asks_listed(c) and not _every_period_built(c), listed_labels, "spans", "the row labels of the section the question names "
            "(every non-total row when none)", "Which regions are listed in the table?"),
    Pattern("every_period", asks_every_period, every_period, "spans", "the named row's cells in every year column, "
            "oldest first", "What was the revenue for each financial year, in chronological order?"),
    Pattern("respective_cols", asks_respective, respective_cols, "spans", "the named row's cells in the columns the "
            "question lists, in its order", "What were the operating and capital leases in 2020, respectively?"),
    Pattern("year_rows", asks_years_down_rows, year_rows, "spans", "the asked column's cell in each asked year's row, "
            "periods down the first column", "What was the opening balance in 2019 and 2018, respectively?"),
)
NAMES = tuple(p.name for p in PATTERNS)


def table_candidates(ctx: Ctx, off: Collection[str] = ()) -> list[tuple[str, Found]]:
    """(pattern name, candidate) for every pattern that applies and builds a Program, in table order."""
    unknown = set(off) - set(NAMES)
    if unknown:
        raise ValueError(f"unknown pattern {sorted(unknown)}; known: {', '.join(NAMES)}")
    out = []
    for pattern in PATTERNS:
        if pattern.name in off or not pattern.when(ctx):
            continue
        found = pattern.build(ctx)
        if found is not None:
            out.append((pattern.name, found))
    return out
