"""The columns a question lists, each answered "respectively": "What are the operating leases and capital leases in
2020, respectively?" over a table with a row per year and a column per kind of lease is the year's row in the two
columns, in the order the question names them."""

from __future__ import annotations

import re

from ..lexicon.words import content_tokens, is_year
from ..reading.context import Ctx, mention
from .cells import cells_program

RESPECTIVE = re.compile(r"\brespective(?:ly)?\b", re.I)


def asks_respective(ctx: Ctx) -> bool:
    return ctx.q.kind == "value" and ctx.best_row is not None and RESPECTIVE.search(ctx.q.text) is not None


def _own_words(labels: dict[int, str]) -> dict[int, set[str]]:
    """Each column's words that no other column's label holds (nor a year): the words that name it alone."""
    words = {c: {t for t in content_tokens(label) if not is_year(t)} for c, label in labels.items()}
    return {c: w - set().union(*(o for d, o in words.items() if d != c)) for c, w in words.items()}


def respective_cols(ctx: Ctx):
    """The named row's cells in every column whose own words the question names (two or more), in its order."""
    view, row = ctx.view, ctx.best_row
    labels = {c: view.col_labels[c] for c in view.numeric_cols() if view.value(row, c) is not None}
    asked = set(ctx.q.tokens) - set(content_tokens(view.row_labels[row]))
    named = [c for c, own in _own_words(labels).items() if own & asked]
    if len(named) < 2:
        return None
    named.sort(key=lambda c: mention(ctx, labels[c], [labels[o] for o in named]))
    return cells_program(view, [(row, c) for c in named]), "multi_cell"
