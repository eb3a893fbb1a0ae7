"""The one adapter between the TAT-QA core and the paragraph reader (developer "reader" owns the reader).

Today the reader is ``textspan.text_answer`` / ``textspan.text_coverage``; after the merge it becomes
``reader.read(question, paragraphs, k) -> list[TextCandidate]`` (``value``, ``paragraph``, ``start``, ``end``,
``score``, ``kind``). Only the two functions below call it, and both speak Programs, so switching is a few lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ...types import Paragraph
from .intent import reader_wording
from .program import Program, Span
from .question import Query
from .text import answer_text
from .textspan import text_answer, text_coverage

_CACHE: dict[tuple, object] = {}  # the last few reader calls: the router and the candidates ask alike


def _read(key: tuple, call):
    if key not in _CACHE:
        if len(_CACHE) > 32:
            _CACHE.clear()
        _CACHE[key] = call()
    return _CACHE[key]


# the reader's own test for a list answer (textspan._multi), repeated here so a one-span question costs one
# reader call that gives the best span and the next ones; reader.read(question, paragraphs, k) replaces both
_LIST_ASKED = re.compile(r"\bwhat (?:are|were) (?:the )?\w+s\b|\brespective")


def _one_span(q: Query) -> bool:
    return q.kind != "list_items" and not _LIST_ASKED.search(q.text.lower())


def _span_program(s) -> Program:
    return Program("span", (Span(s.paragraph, s.start, s.end, s.text),), pattern="text_span", answer_value=(s.text,))


def text_programs(q: Query, paragraphs: Sequence[Paragraph], k: int = 3) -> list[tuple[Program, str, float]]:
    """The reader's k best answers: (Program, route, reader score relative to the best, 0 for the best). A list
    question gets its one list answer."""
    if k <= 0 or not paragraphs:
        return []
    asked = replace(q, text=reader_wording(q.text))
    if not _one_span(asked):
        got = _read(("list", asked.text, q.kind, tuple(paragraphs)), lambda: text_answer(asked, paragraphs))
        if got is None:
            return []
        answer, evidence, route = got
        args = tuple(Span(e.paragraph, e.start, e.end, e.text) for e in evidence)
        op = "spans" if isinstance(answer.value, tuple) and len(answer.value) > 1 else "span"
        return [(Program(op, args, answer.scale, pattern=route, answer_value=answer.value), route, 0.0)]
    spans = _read(("spans", asked.text, tuple(paragraphs)), lambda: answer_text(asked.text, paragraphs))
    top = spans[0].score if spans else 0.0
    return [(_span_program(s), "text_span", float(s.score - top)) for s in spans[:k]]


def text_program(q: Query, paragraphs: Sequence[Paragraph]) -> tuple[Program, str] | None:
    """The reader's best answer as a span / spans Program over paragraph character spans, with its route name."""
    best = text_programs(q, paragraphs, 1)
    return (best[0][0], best[0][1]) if best else None


def coverage(q: Query, paragraphs: Sequence[Paragraph], numeric: bool = False) -> float:
    """Share of the question's content words found in the best paragraph sentence."""
    return _read(("coverage", tuple(q.tokens), tuple(paragraphs), numeric),
                 lambda: text_coverage(q, paragraphs, numeric=numeric))
