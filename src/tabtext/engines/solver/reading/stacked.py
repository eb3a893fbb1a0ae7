"""Stacked tables: one table holding several, each under its own header rows ("Fiscal 2019" quarters, then
"Fiscal 2018" quarters; a "Breakup of revenue growth" block with its own period columns). A question about
one of them is answered on that block alone, read with its own headers.
"""

from __future__ import annotations

from ....types import Table
from ..lexicon.words import years_in
from .question import Query, ground
from .table import TableView, cell_number, is_year_cell, read_table


def _is_inner_header(row: tuple[str, ...]) -> bool:
    cells = [c.strip() for c in row[1:]]
    filled = [c for c in cells if c]
    # a lone word in the second column ("Expenses:") opens a section, it heads no new columns
    # nor does a row of dashes ("$-", "—"): header cells are words or periods
    return all(is_year_cell(c) or cell_number(c) is None and any(ch.isalpha() for ch in c) for c in filled) and \
        (len(filled) >= 2 or any(years_in(c) for c in filled))


def blocks(view: TableView) -> list[tuple[int, int]]:
    """(first row, end row) of each stacked block; one block when the table is not stacked."""
    rows = view.rows
    starts = [0]
    r = view.header_rows
    seen_data = False
    while r < len(rows):
        has_numbers = any((r, c) in view.values for c in range(1, view.table.n_cols))
        if seen_data and not has_numbers and _is_inner_header(rows[r]):
            starts.append(r)
            seen_data = False
            while r + 1 < len(rows) and not any((r + 1, c) in view.values for c in range(1, view.table.n_cols)) \
                    and _is_inner_header(rows[r + 1]):
                r += 1
        seen_data = seen_data or has_numbers
        r += 1
    return [(s, e) for s, e in zip(starts, starts[1:] + [len(rows)])]


def pick_block(view: TableView, q: Query) -> tuple[TableView, int]:
    """The block a question with years refers to (its headers name those years and it holds the best row),
    and the row where it starts in the whole table."""
    if not q.years:
        return view, 0
    spans = blocks(view)
    if len(spans) < 2:
        return view, 0
    best, best_score, offset = None, 0.0, 0
    for start, end in spans:
        sub = read_table(Table(view.table.id, view.rows[start:end], view.table.caption))
        years = {y for ys in sub.col_years for y in ys}
        if not set(q.years) <= years:
            continue
        scores = ground(sub, q).row_scores
        score = max(scores.values(), default=0.0)
        if score > best_score:
            best, best_score, offset = sub, score, start
    if best is None:
        return view, 0
    if not best.scale:
        best.scale = view.scale
    return best, offset
