"""A computed result the table already states: "What was the change in revenue?" over a table with a "Change"
column, "What was the total cost in 2019?" over a "Total cost" row. TAT-QA annotates these as table spans (the
cell), so the cell is proposed beside the arithmetic the question's wording asks for; the ranker weighs both."""

from __future__ import annotations

import re

from ..reading.context import Ctx
from .cells import cells_program, value_answer
from .period_totals import OVER_PERIODS

#: the words that name a computed result, in a question and in a table's labels, by the result they name
_RESULT = re.compile(r"\b(total|chang|increas|decreas|grow|varian|differen|averag|percent|ratio)\w*")
_NAMES = {"chang": "change", "increas": "change", "decreas": "change", "grow": "change", "varian": "change",
          "differen": "change", "averag": "average", "ratio": "percent"}


def result_words(text: str) -> frozenset[str]:
    """The results a text names ("% change" -> {"percent", "change"}, "Increase / (Decrease)" -> {"change"})."""
    return frozenset(_NAMES.get(w, w) for w in _RESULT.findall(text.lower().replace("%", " percent ")))


#: the kinds of question a stated result may answer (the arithmetic ones)
ASKED_KINDS = ("diff", "change_ratio", "average", "sum", "divide", "percent_of")


def states_result(ctx: Ctx | None) -> bool:
    """Whether the table states the result an arithmetic question asks for (the pattern applies and builds)."""
    return ctx is not None and ctx.q.kind in ASKED_KINDS and stated_result(ctx) is not None


def stated_result(ctx: Ctx):
    """The named row's cell in the column (or the named row itself) whose label names the result the question
    asks for; a column of the asked year when the question names one."""
    view, row = ctx.view, ctx.best_row
    asked = result_words(ctx.q.text)
    if row is None or not asked or OVER_PERIODS.search(ctx.q.text):  # over periods: not one period's stated figure
        return None
    cols = [c for c in range(1, view.table.n_cols) if result_words(view.col_labels[c]) == asked
            and view.value(row, c) is not None]
    dated = [c for c in cols if set(view.col_years[c]) & set(ctx.q.years)]
    if cols:
        return cells_program(view, [(row, (dated or cols)[0])]), "stated_result"
    if result_words(view.row_labels[row]) == asked:
        found = value_answer(ctx, row)
        return (found[0], "stated_result") if found is not None else None
    return None
