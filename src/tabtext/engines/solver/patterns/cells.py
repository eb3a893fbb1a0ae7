"""Cell, multi-cell, list, count and comparison answers read off a grounded table."""

from __future__ import annotations

import re

from ..lexicon.words import MONTH_WORD, clean_label, content_tokens
from ..program.program import Cell, Program
from ..reading.context import Ctx, named_cols, order_rows
from ..reading.select import passes, section_rows, threshold
from .row_growth import rows_grown


def span_scale(view, row: int, col: int) -> str:
    """The scale of a copied cell: none when the cell shows its own % sign (the unit is in the span)."""
    return "" if "%" in view.cell_text(row, col) else view.cell_scale(row, col)


def cells_program(view, cells, op: str = "spans", scale: str | None = None, answer=None) -> Program:
    """A value Program over table cells: their texts (a lookup, a list) or ``answer`` (a count, a label)."""
    args = tuple(view.operand(*rc) for rc in cells)
    if scale is None:
        scale = span_scale(view, *cells[0]) if cells else ""
    if op == "spans" and len(args) == 1:  # one cell: a lookup, answered as a one-item list like TAT-QA's spans
        op, answer = "lookup", (args[0].text,)
    return Program(op, args, scale, answer_value=answer)


def label_program(view, rows, op: str) -> Program:
    """The row labels themselves as the answer ("What are the items ...?", "How many items ...?")."""
    args = tuple(Cell(r, 0, view.row_labels[r], None, view.row_labels[r]) for r in rows)
    if op == "count":
        return Program(op, args)
    return Program(op, args, answer_value=tuple(dict.fromkeys(clean_label(view.row_labels[r]) for r in rows)))


def value_answer(ctx: Ctx, row: int):
    view, q = ctx.view, ctx.q
    years = [y for y in q.years if y in ctx.g.year_cols]
    year_rows = [ctx.g.year_rows[y][0] for y in q.years if y in ctx.g.year_rows]
    if not years and ctx.year_axis() == "row" and len(year_rows) == 1:  # periods down the first column
        col = ctx.best_col()
        if col is not None and view.value(year_rows[0], col) is not None:
            return cells_program(view, [(year_rows[0], col)]), "cell"
    cols = [ctx.col_for_year(y) for y in years] if years else []
    cols = [c for c in cols if c is not None and view.value(row, c) is not None]
    if len(cols) <= 1 and q.multi:
        got = multi_entities(ctx, row, cols[0] if cols else None)
        if got:
            return got
    elif len(cols) <= 1 and re.search(r"\band\b", q.text.lower()) and len(named_cols(ctx, row)) >= 2:
        cells = [(row, c) for c in named_cols(ctx, row)]  # "the external and internal valuation in 2019"
        return cells_program(view, cells), "multi_cell"
    if not cols:
        c = ctx.best_col()
        if ctx.year_axis() == "col" and ctx.g.col_scores.get(c or 0, 0) == 0:
            vc = [c for c in ctx.value_cols() if view.value(row, c) is not None]
            c = vc[0] if vc else c
        cols = [c] if c is not None and view.value(row, c) is not None else []
    if not cols:
        return None
    if len(cols) > 1 and (q.multi or len(cols) == len(years)):
        return cells_program(view, [(row, c) for c in cols]), "multi_cell"
    return cells_program(view, [(row, cols[0])]), "cell"


def multi_entities(ctx: Ctx, row: int, col: int | None):
    """ "The respective A and B (in 2019)": one cell per named row, or per named column."""
    view = ctx.view
    rows = ctx.rows_mentioned()
    if col is None:
        col = ctx.best_col()
        if ctx.year_axis() == "col" and ctx.g.col_scores.get(col or 0, 0) == 0 and ctx.value_cols():
            col = ctx.value_cols()[0]
    cells: list[tuple[int, int]] = []
    if len(rows) >= 2 and col is not None:
        cells = [(r, col) for r in order_rows(ctx, rows)]
    elif len(named_cols(ctx, row)) >= 2:
        cells = [(row, c) for c in named_cols(ctx, row)]
    cells = [rc for rc in cells if view.value(*rc) is not None]
    if len(cells) < 2:
        return None
    return cells_program(view, cells), "multi_cell"


def list_items(ctx: Ctx):
    rows = section_rows(ctx.view, ctx.q)
    if not rows:
        return None
    return label_program(ctx.view, rows, "spans"), "list_items"


_PERIOD_COL = re.compile(rf"\b(?:first|second|third|fourth|q[1-4]|quarter|{MONTH_WORD})\b")  # quarters or months across the columns


def count_answer(ctx: Ctx):
    """How many years/rows pass a threshold, or how many items a section holds."""
    view, q = ctx.view, ctx.q
    test = threshold(q, view)
    low = q.text.lower()
    periods = re.search(r"\bhow many (?:of the )?(years|periods|fiscal years|quarters|months)\b", low)
    if test is not None and ctx.ranked_rows and ctx.ranked_rows[0][1] > 0 and (periods or not q.years):
        row = ctx.ranked_rows[0][0]
        if periods and periods.group(1) in ("quarters", "months"):
            cols = [c for c in view.numeric_cols() if _PERIOD_COL.search(view.col_labels[c].lower())]
        else:
            cols = ctx.value_cols()
        cells = [(row, c) for c in cols if view.value(row, c) is not None]
        years = [y for y in q.years if y in ctx.g.year_cols]
        if len(years) >= 2:
            cells = ctx.cells_over_years(row, years)
        if cells and periods:
            return Program("count", tuple(view.operand(*rc) for rc in cells), test=test), "count"
    rows = section_rows(view, q)
    if test is not None:
        years = [y for y in q.years if y in ctx.g.year_cols]
        col = ctx.col_for_year(years[0]) if years else (ctx.value_cols() or [ctx.best_col()])[0]
        if col is None:
            return None
        valued = [r for r in rows if view.value(r, col) is not None]
        return Program("count", tuple(view.operand(r, col) for r in valued), test=test), "count"
    if periods:
        n = len(ctx.value_cols()) or len(ctx.g.year_rows)
        return (Program("count", answer_value=str(n)), "count") if n else None
    if not rows:
        return None
    return _named_cell(ctx, rows) or (label_program(view, rows, "count"), "count")


_WHEN_WORDS = frozenset("quarte month year end start period close closin openin week day".split())


_AT_THE_END = re.compile(r"\b(?:at|by) the (?:end|close) of\b", re.I)
_COUNTED_AT_END = re.compile(r"\(\s*(?:at\s+)?(?:the\s+)?(?:end|close) of\b|\b(?:month|quarter|year|period)[- ]end\b", re.I)


def _counted_at_the_end(ctx: Ctx, rows: list[int], asked: set[str]) -> int | None:
    """ "How many members did the gym have at the end of March?": the one line sharing a word with the question
    that is counted at the end of each period ("Active members (end of month)"), else None."""
    if not _AT_THE_END.search(ctx.q.text):
        return None
    found = [r for r in rows if _COUNTED_AT_END.search(ctx.view.row_labels[r]) and
             {t[:6] for t in content_tokens(ctx.view.row_labels[r])} - _WHEN_WORDS & asked]
    return found[0] if len(found) == 1 else None


def _named_cell(ctx: Ctx, rows: list[int]):
    """ "How many new members joined in January?" of a table with a line "New members": the cell of the line the
    question names in full (words saying when it is counted aside), in the one period it names, not a count of
    the lines (which no period changes)."""
    years = [y for y in ctx.q.years if y in ctx.g.year_cols]
    row = ctx.best_row
    if len(years) != 1 or row is None or row not in rows:
        return None
    asked = {t[:6] for t in content_tokens(ctx.q.text)}
    label = {t[:6] for t in content_tokens(ctx.view.row_labels[row])}
    label -= _WHEN_WORDS  # "Members at quarter end": when the line is counted need not be said
    if not label or not label <= asked:
        row = _counted_at_the_end(ctx, rows, asked)
    col = ctx.col_for_year(years[0], row) if row is not None else None
    if row is None or col is None or ctx.view.value(row, col) is None:
        return None
    return cells_program(ctx.view, [(row, col)]), "cell"


def compare_rows(ctx: Ctx):
    """ "Which segment had the largest X (in 2019)?": the row label with the extreme value in that column; "which
    line grew fastest between 2023 and 2024?": the one with the extreme change (``row_growth``)."""
    grown = rows_grown(ctx)
    if grown is not None:
        return grown
    view, q = ctx.view, ctx.q
    years = [y for y in q.years if y in ctx.g.year_cols]
    col = ctx.col_for_year(years[0]) if years else ctx.best_col()
    if col is not None and ctx.g.col_scores.get(col, 0) == 0 and not years and ctx.value_cols():
        col = ctx.value_cols()[0]
    if col is None:
        return None
    rows = [r for r in section_rows(view, q) if view.value(r, col) is not None]
    if len(rows) < 2:
        return None
    op = "argmax" if q.direction == "max" else "argmin"
    return Program(op, tuple(view.operand(r, col) for r in rows), key="row"), "compare_rows"


def years_passing(ctx: Ctx, row: int):
    test = threshold(ctx.q, ctx.view)
    if test is None:
        return None
    cells = [(row, c) for c in ctx.value_cols() if ctx.view.value(row, c) is not None]
    if not any(passes(ctx.view.value(*rc), test) for rc in cells):
        return None
    return Program("filter", tuple(ctx.view.operand(*rc) for rc in cells), key="period", test=test), "filter_years"
