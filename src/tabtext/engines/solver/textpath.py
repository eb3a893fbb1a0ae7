"""The one adapter between the TAT-QA core and the paragraph reader (developer "reader" owns the reader).

Today the reader is ``textspan.text_answer`` / ``textspan.text_coverage``; after the merge it becomes
``reader.read(question, paragraphs, k) -> list[TextCandidate]`` (``value``, ``paragraph``, ``start``, ``end``,
``score``, ``kind``). Only the two functions below call it, and both speak Programs, so switching is a few lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...types import Paragraph
from .program import Program, Span
from .question import Query
from .textspan import text_answer, text_coverage


def text_program(q: Query, paragraphs: Sequence[Paragraph]) -> tuple[Program, str] | None:
    """The reader's best answer as a span / spans Program over paragraph character spans, with its route name."""
    got = text_answer(q, paragraphs)
    if got is None:
        return None
    answer, evidence, route = got
    args = tuple(Span(e.paragraph, e.start, e.end, e.text) for e in evidence)
    op = "spans" if isinstance(answer.value, tuple) and len(answer.value) > 1 else "span"
    return Program(op, args, answer.scale, pattern=route, answer_value=answer.value), route


def coverage(q: Query, paragraphs: Sequence[Paragraph], numeric: bool = False) -> float:
    """Share of the question's content words found in the best paragraph sentence."""
    return text_coverage(q, paragraphs, numeric=numeric)
