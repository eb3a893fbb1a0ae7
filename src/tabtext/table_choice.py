"""Several tables, one question: put the table the question is about first.

Engines that read one table (the solver reads ``Context.table``) then answer from the right one; engines
that read them all (the openai prompt renders every table) lose nothing. A table's words are its row labels,
header rows and caption; a question word found in a table counts by its rarity across the tables (an IDF
weight), so words every table shares ("total", "2019") decide nothing. Ties keep the order given.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence

from .types import Example, Prediction, Table

_WORD = re.compile(r"[a-z][a-z&'-]{2,}")


def table_words(table: Table, header_rows: int = 3) -> set[str]:
    texts = [table.caption] + [row[0] for row in table.rows if row] + [c for row in table.rows[:header_rows] for c in row]
    return {w for text in texts for w in _WORD.findall(text.lower())}


def rank_tables(tables: Sequence[Table], question: str) -> list[int]:
    """Indices of ``tables``, the best match for ``question`` first."""
    words = [table_words(t) for t in tables]
    asked = set(_WORD.findall(question.lower()))
    n = len(tables)

    def score(i: int) -> float:
        return sum(math.log((n + 1) / (sum(1 for ws in words if w in ws) + 0.5)) for w in asked & words[i])

    return sorted(range(n), key=lambda i: -score(i))


class QuestionFirstTable:
    """Wraps an engine: each example's tables reordered for its question; ``meta["table_index"]`` of the
    prediction names the table (in the original order) that was put first."""

    def __init__(self, engine) -> None:  # type: ignore[no-untyped-def]
        self.engine = engine

    def __getattr__(self, name: str) -> object:  # name, uses_history ... come from the wrapped engine
        return getattr(self.engine, name)

    def answer(self, examples: Sequence[Example]) -> list[Prediction]:
        orders = [rank_tables(ex.context.tables, ex.question) for ex in examples]
        reordered = [dataclasses.replace(ex, context=dataclasses.replace(
            ex.context, tables=tuple(ex.context.tables[i] for i in order))) for ex, order in zip(examples, orders)]
        predictions = self.engine.answer(reordered)
        return [dataclasses.replace(p, meta={**p.meta, "table_index": order[0] if order else 0})
                for p, order in zip(predictions, orders)]
