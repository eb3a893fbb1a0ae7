"""Arithmetic over grounded cells: periods of one row, named rows in one column, or named columns."""

from __future__ import annotations

import re

from ..lexicon.words import MONTHS, YEAR, years_in
from ..program import ops
from ..program.program import Program
from ..reading.context import MIN_ROW, Ctx, named_cols, order_rows, share_rows, years_for
from ..reading.question import Query
from ..reading.select import section_rows
from ..reading.table import TableView
from .cells import value_answer

_CONNECT = re.compile(r"\band\b|\bto\b|\bcompared\b|\bthan\b|\bvs\.?\b|\bover\b|\bof\b|\bfrom\b|\bin\b|\bbetween\b")


def result(view: TableView, cells: list[tuple[int, int]], op: str, q: Query, order_values=None) -> Program | None:
    values = order_values if order_values is not None else [view.amount(r, c) for r, c in cells]
    operands = [view.operand(r, c, v) for (r, c), v in zip(cells, values)]
    return ops.build(op, operands, arith_scale(view, cells, op, q))


def arith_scale(view: TableView, cells: list[tuple[int, int]], op: str, q: Query) -> str:
    if op in ("change_ratio", "percent_of", "sum_percent_of"):
        return "percent"
    if op in ("divide", "sum_divide"):
        return ""
    scales = [view.cell_scale(r, c) for r, c in cells]
    scale = scales[0] if scales else view.scale
    return scale


_SHARE = re.compile(r"\b(?:in|of|among|within|out of|over) (?:the |its |all )?total\b|\bconstitution\b|\bmade up of\b|"
                    r"\bshare of\b|\bpercentage of .+ (?:was|were|is|are)\b")


def _op_for(kind: str, q: Query) -> str:
    if kind == "divide" and q.percent and not re.search(r"\bratio\b", q.text.lower()):
        return "percent_of"
    return kind


def _magnitude(q: Query) -> bool:
    """ "The difference between A and B" (no change/increase/decrease wording) is read as a magnitude."""
    low = q.text.lower()
    return "difference" in low and not re.search(r"\bchange|\bincrease|\bdecrease|\bpercentage|\bpercent\b|%|\bnet\b",
                                                 low)


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "q1": 1,
             "q2": 2, "q3": 3, "q4": 4, "h1": 2, "h2": 4}  # a half ranks as the quarter it ends with


def period_rank(label: str) -> tuple[int, int, int, int] | None:
    """A sortable (year, month, day, ordinal) for a period label ("Fiscal 2019 Third Quarter", "April 27, 2019");
    None when the label names no period."""
    low = label.lower()
    years = years_in(label)
    month = next((i + 1 for i, m in enumerate(MONTHS) if re.search(rf"\b{m}[a-z]*\.?\b", low)), 0)
    day = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?,", low)
    ordinal = next((n for w, n in _ORDINALS.items() if re.search(rf"\b{w}\b", low)), 0)
    if not (years or month or ordinal):
        return None
    return (int(years[0]) if years else 0, month, int(day.group(1)) if day and month else 0, ordinal)


def _try(view: TableView, cells: list[tuple[int, int]], op: str, q: Query):
    cells = [rc for rc in cells if view.amount(*rc) is not None]
    if len(cells) < 2:
        return None
    if op in ("diff", "sum", "average") and len({"%" in view.cell_text(*rc) for rc in cells}) > 1:
        return None  # a percentage and an amount ("Gross Profit" and "Gross Margin %") do not add up
    if op == "diff" and len(cells) == 2 and _magnitude(q) and view.amount(*cells[0]) < view.amount(*cells[1]):
        cells = cells[::-1]
    if op in ("diff", "change_ratio") and len(cells) == 2 and not _magnitude(q):
        (r0, c0), (r1, c1) = cells
        labels = (view.col_labels[c0], view.col_labels[c1]) if r0 == r1 else (view.row_labels[r0], view.row_labels[r1])
        k0, k1 = period_rank(labels[0]), period_rank(labels[1])
        if k0 and k1 and k0 != k1 and k0 < k1:
            cells = cells[::-1]  # a change runs from the earlier period to the later one
    values = None
    if op == "diff" and len(cells) == 2 and _LESS.search(q.text.lower()) and \
            view.amount(*cells[0]) > 0 > view.amount(*cells[1]):
        values = [view.amount(*cells[0]), -view.amount(*cells[1])]  # "cash from operations less capex (310)"
    if op in ("divide", "percent_of") and len(cells) == 2 and _SHARE.search(q.text.lower()):
        if abs(view.amount(*cells[0])) > abs(view.amount(*cells[1])):
            cells = cells[::-1]  # a part of a total: the part is the smaller amount
        values = [abs(view.amount(*rc)) for rc in cells]  # ... and a share is a magnitude
    res = result(view, cells, op, q, values)
    return (res, op) if res else None


def two_rows(ctx: Ctx, rows: list[int]):
    """The question's operator over two rows in the asked period's column (or the best-matching column), in the
    order given: a wider net for a ratio or sum the row-pair rules did not build."""
    q = ctx.q
    qyears = [y for y in q.years if y in ctx.g.year_cols]
    col = ctx.col_for_year(qyears[0]) if qyears else ctx.best_col()
    if col is None or len(rows) != 2:
        return None
    cells = [(r, col) for r in rows]
    if any(ctx.view.amount(*rc) is None for rc in cells):
        return None
    op = _op_for(q.kind, q)
    res = result(ctx.view, cells, op, q)
    return (res, op) if res else None


def _average_change(ctx: Ctx, row: int):
    """ "The change between the 2018 and 2019 average X" / "the difference between the 2019 average A and the
    2019 average B": a difference of two averages, each over a year and the year before."""
    view, q = ctx.view, ctx.q
    qyears = sorted({y for y in q.years if y in ctx.g.year_cols}, reverse=True)

    def avg_cells(r: int, year: str) -> list[tuple[int, int]]:
        prev = str(int(year) - 1)
        return ctx.cells_over_years(r, [year, prev]) if prev in ctx.g.year_cols else []

    rows = ctx.rows_mentioned()
    if len(rows) >= 2 and qyears:
        groups = [avg_cells(r, qyears[0]) for r in order_rows(ctx, rows[:2])]
    elif len(qyears) >= 2:
        groups = [avg_cells(row, qyears[0]), avg_cells(row, qyears[1])]
    else:
        return None
    if any(len(g) != 2 for g in groups):
        return None
    parts = [ops.build("average", [view.operand(*rc) for rc in g]) for g in groups]
    if any(p is None for p in parts):
        return None
    got = ops.build("diff", parts, arith_scale(view, groups[0] + groups[1], "diff", q), pattern="average_diff")
    return (got, "average_diff") if got else None


def _is_total(label: str) -> bool:
    return bool(re.match(r"\s*(?:total|net total|group total|sum)\b", label.lower()))


_OVER = re.compile(r"\b(?:over|out of|as a (?:percentage|proportion|share|ratio|fraction) of)\b")


def _parts_over_total(ctx: Ctx, col: int | None, op: str):
    """ "(A and B) as a percentage of / over the total": the named parts summed, over the total row."""
    view = ctx.view
    if col is None:
        return None
    named = [r for r in ctx.g.part_rows if view.amount(r, col) is not None]
    if len(named) >= 3 and _OVER.search(ctx.q.text.lower()):  # "A and B over C": the last part named is the whole
        res = result(view, [(r, col) for r in named], "sum_percent_of" if op == "percent_of" else "sum_divide", ctx.q)
        return (res, op) if res else None
    if not re.search(r"\btotal\b", ctx.q.text.lower()):
        return None
    parts = [r for r in ctx.g.part_rows if not _is_total(view.row_labels[r]) and view.amount(r, col) is not None]
    totals = [r for r, _ in ctx.ranked_rows if _is_total(view.row_labels[r]) and view.amount(r, col) is not None]
    if len(parts) < 2 or not totals:
        return None
    cells = [(r, col) for r in parts] + [(totals[0], col)]
    res = result(view, cells, "sum_percent_of" if op == "percent_of" else "sum_divide", ctx.q)
    return (res, op) if res else None


def _total_column_share(ctx: Ctx, row: int, op: str):
    """ "A of more than 5 years in the total A": a named column over the row's total column. Measured, not kept:
    a total column whose label ends in "total" ("2019 Total") and the asked year's column as the part: open-train
    ratio recall 51.5% -> 52.9%, train lockbox 63.02 -> 63.19 but dev 70.08 -> 69.90 (a total row asked read as the
    total column); skipping it when another total row is named cost the dev lockbox 74.79 -> 74.36."""
    view = ctx.view
    named = [c for c, s in ctx.g.col_scores.items() if s >= 1.0 and view.amount(row, c) is not None
             and not _is_total(view.col_labels[c])]
    totals = [c for c in view.numeric_cols() if _is_total(view.col_labels[c]) and view.amount(row, c) is not None]
    if not named or len(totals) != 1 or not re.search(r"\btotal\b", ctx.q.text.lower()):
        return None
    part = max(named, key=lambda c: ctx.g.col_scores[c])
    return _try(view, [(row, part), (row, totals[0])], op, ctx.q)


def _over_section(ctx: Ctx, year: str, op: str):
    """All rows of the section a year heads ("2019:" above its quarters), in the column the question names."""
    view = ctx.view
    col = ctx.best_col()
    if col is None or ctx.g.col_scores.get(col, 0.0) < 1.0:
        return None
    rows = [r for r in view.data_rows() if year in years_in(view.row_sections[r]) and view.amount(r, col) is not None
            and not _is_total(view.row_labels[r])]
    return _try(view, [(r, col) for r in rows], op, ctx.q) if len(rows) >= 2 else None


def _over_rows(ctx: Ctx):
    """The non-total rows of the named column (of the question's section, when it names one)."""
    view = ctx.view
    col = ctx.best_col()
    if col is None or ctx.g.col_scores.get(col, 0.0) < 1.0:
        return None
    rows = [r for r in section_rows(view, ctx.q) if view.amount(r, col) is not None and not _is_total(view.row_labels[r])]
    return _try(view, [(r, col) for r in rows], "average", ctx.q) if len(rows) >= 2 else None


_LESS = re.compile(r"\b(?:less|minus)\b(?! than)")  # kept: no TAT-QA effect, a user-table golden case needs it
PART_OF_YEAR = re.compile(r"\bq[1-4]\b|\bquarter\b|\bh[12]\b|\b(?:first|second) half\b", re.I)


def parts_of_year(ctx: Ctx, row: int, year: str) -> list[tuple[int, int]]:
    """The row's cells in the quarters (or halves) of one year, when the columns are quarters ("Q1 2023" ...)."""
    cols = [c for c in ctx.g.year_cols.get(year, []) if PART_OF_YEAR.search(ctx.view.col_labels[c])]
    return [(row, c) for c in cols if ctx.view.amount(row, c) is not None]


def _quarters_asked(ctx: Ctx, row: int, qyears: list[str]) -> list[tuple[int, int]]:
    return parts_of_year(ctx, row, qyears[0]) if ctx.q.kind in ("sum", "average") and len(qyears) == 1 else []


def arithmetic(ctx: Ctx, row: int, axis: str):
    view, q, kind = ctx.view, ctx.q, ctx.q.kind
    if kind == "average" and axis == "col" and \
            re.search(r"\b(?:change|difference|increase|decrease)\b.*\baverage", q.text.lower()):
        got = _average_change(ctx, row)
        if got:
            return got
    op = _op_for(kind, q)
    qyears = [y for y in q.years if y in ctx.g.year_cols]
    low = q.text.lower()
    if kind == "diff" and len(q.years) == 1 and \
            re.search(r"\b(?:increase|decrease|change)", view.row_labels[row].lower()):
        return value_answer(ctx, row)  # "the net decrease in cash in 2019": the row states the change
    if kind == "average" and axis != "col" and not q.years and \
            re.search(r"\bper (?!share|cent|unit)[a-z]+|\bacross (?:all |the )*[a-z]+s\b", low):
        got = _over_rows(ctx)  # "the average total expected charges per segment": down a named column
        if got:
            return got
    if kind == "average" and len(q.years) <= 1 and "average" in view.row_labels[row].lower() and \
            not re.search(r"\baverage\b.*\baverage\b", q.text.lower()):
        return value_answer(ctx, row)  # "the average life expectancy in 2019": a row of averages
    rows = ctx.rows_mentioned()
    if kind == "divide":
        col = ctx.col_for_year(qyears[0]) if qyears else ctx.best_col()
        if q.percent and col is not None and ctx.is_percent_col(col) and view.amount(row, col) is not None \
                and not re.search(r"\bratio\b", low):
            return value_answer(ctx, row)  # "the percentage of sales represented by X": the table states it
        got = _parts_over_total(ctx, col, op) or _total_column_share(ctx, row, op)
        if got:
            return got
        rows = share_rows(ctx) or rows
        if len(rows) < 2 and _SHARE.search(low):  # "Swiss income in the total income before taxes"
            rows = [r for r, sc in ctx.ranked_rows[:2] if sc >= MIN_ROW]
    if kind == "sum" and len(qyears) <= 1 and "total" in view.row_labels[row].lower() and \
            not re.search(r"\bsum\b|\bcombined\b|\baltogether\b|\band\b", low):
        return value_answer(ctx, row)
    if len(rows) < 2 and len(quarters := _quarters_asked(ctx, row, qyears)) >= 2:
        return _try(view, quarters, op, q)  # "the total cost of sales in 2023" over quarterly columns
    if axis == "col" and len(qyears) >= 2 and kind != "divide":
        return _try(view, ctx.cells_over_years(row, years_for(ctx, kind)), op, q) or \
            (value_answer(ctx, row) if kind == "sum" else None)
    year_average = kind == "average" and re.search(rf"{YEAR} average\b", low)
    if len(rows) >= 2 and _CONNECT.search(low) and (kind != "divide" or len(qyears) <= 1) and not year_average:
        if qyears:
            col = ctx.col_for_year(qyears[0])
        elif axis == "col" and ctx.g.col_scores.get(ctx.best_col() or 0, 0) == 0:
            vc = ctx.value_cols()
            col = vc[0] if vc else ctx.best_col()
        else:
            col = ctx.best_col()
        if col is not None:
            pair = order_rows(ctx, rows[:2] if kind in ("diff", "divide", "change_ratio") else rows)
            got = _try(view, [(r, col) for r in pair], op, q)
            if got:
                return got
    named = named_cols(ctx, row) if len(qyears) <= 1 or axis != "col" else []
    same_year = len(qyears) == 1 and all(qyears[0] in view.col_years[c] for c in named)  # "September 29 and
    if len(named) >= 2 and (kind != "average" or not qyears or same_year):             # December 31, 2019"
        got = _try(view, [(row, c) for c in named], op, q)
        if got:
            return got
    if kind == "divide":
        return _try(view, ctx.cells_over_years(row, qyears), op, q) if len(qyears) == 2 else None
    if axis == "col":
        cells = ctx.cells_over_years(row, years_for(ctx, kind))
        if kind == "sum" and len(cells) < 2:
            return value_answer(ctx, row)
        return _try(view, cells, op, q)
    if kind in ("average", "sum") and len(q.years) == 1 and not qyears:
        got = _over_section(ctx, q.years[0], op)  # "the average quarterly low price for 2019"
        if got:
            return got
    if axis == "row":
        col = ctx.best_col()
        years = [y for y in q.years if y in ctx.g.year_rows] or list(ctx.g.year_rows)
        if kind in ("diff", "change_ratio"):
            years = sorted(years, reverse=True)[:2]
        cells = [(ctx.g.year_rows[y][0], col) for y in years] if col is not None else []
        return _try(view, cells, op, q)
    return None
