"""Candidates over whole columns and over text cells: an aggregate of a column, the rows passing a threshold,
a cell that holds a name or a place. Built for the patterns of the same names (``table_patterns.py``)."""

from __future__ import annotations

import re

from ..lexicon.words import clean_label, without_years, years_in
from ..program import ops
from ..program.program import Program
from ..reading.context import Ctx
from ..reading.question import label_idf, match_label
from ..reading.select import passes, section_rows, threshold
from .cells import cells_program

# a whole column is meant: "across all segments", "per region", "of all the items", "each quarter"
_WHO_WHERE = re.compile(r"\s*(?:who|whom|where)\b")
_WHOLE_COLUMN = re.compile(r"\b(?:across|all|every|each|overall)\b|\bper (?!share|cent|unit|hour|ton)")


def asked_column(ctx: Ctx) -> int | None:
    """The column a question reads: its year's column, else the column it names, else the newest period."""
    years = [y for y in ctx.q.years if y in ctx.g.year_cols]
    if years:
        return ctx.col_for_year(years[0])
    col = ctx.best_col()
    if col is not None and ctx.g.col_scores.get(col, 0.0) == 0 and ctx.value_cols():
        return ctx.value_cols()[0]
    return col


def column_aggregate(ctx: Ctx):
    """ "What is the average revenue across all regions?": the operator over every non-total row of a column."""
    if not _WHOLE_COLUMN.search(ctx.q.text.lower()) and ctx.best_row is not None:
        return None  # "the average salary" with no row named means the whole column too
    col = asked_column(ctx)
    if col is None:
        return None
    view = ctx.view
    rows = [r for r in section_rows(view, ctx.q) if view.amount(r, col) is not None]
    if len(rows) < 2:
        return None
    cells = [(r, col) for r in rows]
    program = ops.build(ctx.q.kind, [view.operand(*rc) for rc in cells], view.cell_scale(*cells[0]),
                        pattern="column_aggregate")
    return (program, "column_aggregate") if program else None


def rows_passing(ctx: Ctx):
    """ "Which regions had revenue above 100 in 2019?": the labels of the rows whose cell passes the amount."""
    test = threshold(ctx.q, ctx.view)
    col = asked_column(ctx)
    if test is None or col is None or not re.match(r"\s*(?:which|what)\b", ctx.q.text.lower()):
        return None
    view = ctx.view
    rows = [r for r in section_rows(view, ctx.q) if view.value(r, col) is not None]
    if len(rows) < 2 or not any(passes(view.value(r, col), test) for r in rows):
        return None
    return Program("filter", tuple(view.operand(r, col) for r in rows), pattern="rows_passing", key="row",
                   test=test), "rows_passing"


_DATE = re.compile(r"\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}/\d{2,4}|[A-Za-z]{3,9}\.? \d{1,2}, \d{4}")


def _is_text_cell(text: str) -> bool:
    """A cell holding words or a date (a start date, a founding day), not an amount."""
    text = text.strip()
    if _DATE.fullmatch(text):
        return True
    return bool(text) and not any(ch.isdigit() for ch in text) and text not in ("-", "—", "–", "n/a")


def text_cell(ctx: Ctx):
    """ "Where is Alice based?" / "Who chaired the audit committee in 2019?": a cell holding words, in the row the
    question names (rows without figures included) and the column it names or the asked period's column."""
    view, q = ctx.view, ctx.q
    data = [r for r in view.data_rows() if any(_is_text_cell(view.cell_text(r, c)) for c in range(1, view.table.n_cols))]
    if not data:
        return None
    idf = label_idf([view.row_labels[r] for r in data] + view.col_labels)
    qtext = without_years(q.text)
    best, best_score = None, 0.0
    for r in data:
        row_score = match_label(view.row_labels[r], q.tokens, idf, qtext)
        if row_score < 0.9:
            continue
        for c in range(1, view.table.n_cols):
            if not _is_text_cell(view.cell_text(r, c)):
                continue
            col_score = match_label(view.col_labels[c], q.tokens, idf, qtext)
            if q.years and not set(years_in(view.col_labels[c])) & set(q.years) and col_score < 0.9:
                continue
            score = row_score + col_score
            if score > best_score:
                best, best_score = (r, c), score
    if best is None:
        return None
    named = match_label(view.col_labels[best[1]], q.tokens, idf, qtext) >= 0.9
    if not named and not _WHO_WHERE.match(q.text.lower()):
        return None  # the question names neither the text column nor asks who / where
    return cells_program(view, [best], scale=""), "text_cell"


def row_of_value(ctx: Ctx):
    """ "Which office is in Krakow?": the question names a text cell's content; the answer is that row's label."""
    view, low = ctx.view, ctx.q.text.lower()
    if not re.match(r"\s*(?:which|what|who)\b", low):
        return None
    hits = [(r, c) for r in view.data_rows() for c in range(1, view.table.n_cols)
            if _is_text_cell(view.cell_text(r, c)) and len(view.cell_text(r, c)) >= 3
            and re.search(rf"\b{re.escape(view.cell_text(r, c).lower())}\b", low)]
    rows = sorted({r for r, _ in hits})
    if len(rows) > 1 and len({(c, view.cell_text(r, c).lower()) for r, c in hits}) == 1:
        return Program("filter", tuple(view.operand(r, c) for r, c in hits), pattern="row_of_value",
                       key="row"), "row_of_value"  # "Which employees work in Engineering?": the rows, by label
    if len(rows) != 1 or not view.row_labels[hits[0][0]]:
        return None
    r, c = hits[0]
    return Program("lookup", (view.operand(r, c),), answer_value=(clean_label(view.row_labels[r]),),
                   pattern="row_of_value"), "row_of_value"


#: "how many categories had more loans in H2 2024 than in H1 2024?": rows compared between two periods
COMPARED = re.compile(r"\bhow many\b.*\b(more|higher|greater|larger|bigger|fewer|less|lower|smaller)\b.*\bthan\b", re.I)


def rows_compared(ctx: Ctx):
    """How many rows (not their total) hold more (or less) in the first period named than in the second: a count
    of the rows' differences above zero."""
    m = COMPARED.search(ctx.q.text)
    years = [y for y in ctx.q.years if y in ctx.g.year_cols]
    view = ctx.view
    cols = _two_named_cols(ctx) or ([ctx.col_for_year(y) for y in years[:2]] if len(years) >= 2 else [])
    if not m or len(cols) != 2 or None in cols or cols[0] == cols[1] or threshold(ctx.q, view) is not None:
        return None  # "more than 20 goals": a threshold's count
    first, second = cols
    rows = [r for r in section_rows(view, ctx.q) if view.value(r, first) is not None and view.value(r, second) is not None]
    if len(rows) < 2:
        return None
    sign = "<" if m.group(1).lower() in ("fewer", "less", "lower", "smaller") else ">"
    diffs = tuple(Program("subtract", (view.operand(r, first), view.operand(r, second)), pattern="rows_compared")
                  for r in rows)
    return Program("count", diffs, pattern="rows_compared", test=(sign, 0.0)), "count"


def _two_named_cols(ctx: Ctx) -> list[int]:
    """The two columns whose period labels the question names, in the question's order ("H2 2024 ... H1 2024")."""
    from ....periods import as_period, find_periods

    view = ctx.view
    labels = {c: as_period(view.col_labels[c]) for c in range(1, view.table.n_cols)}
    out = []
    for _, _, p in find_periods(ctx.q.text):
        cols = [c for c, lp in labels.items() if lp is not None and lp == p]
        if len(cols) == 1 and cols[0] not in out:
            out.append(cols[0])
    return out if len(out) == 2 else []
