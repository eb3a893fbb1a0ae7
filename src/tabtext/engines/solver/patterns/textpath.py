"""The one adapter between the TAT-QA core and the paragraph reader (``engines/solver/reader``).

One-span questions take ``reader.read(question, paragraphs, k)``: its top spans become span Programs and the
ranker sees each one's score gap to the best and its calibrated probability, so a text answer is weighed against
table answers on one scale. List questions take ``textspan.text_answer`` (the reader's list assembly).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace

from ....types import Paragraph
from ..lexicon.intent import reader_wording
from ..program.program import Program, Span
from ..reader import TextCandidate, read
from ..reading.question import Query
from .textspan import text_answer

ReaderWeights = tuple[dict[str, float], dict[str, float]]  # the reader's (ranker weights, calibration)
# the reader's own test for a list answer (textspan._multi), repeated here so a one-span question costs one
# reader call that gives the best span and the next ones; reader.read(question, paragraphs, k) replaces both
_LIST_ASKED = re.compile(r"\bwhat (?:are|were) (?:the )?\w+s\b|\brespective")


def _one_span(q: Query) -> bool:
    return q.kind != "list_items" and not _LIST_ASKED.search(q.text.lower())


def _span_program(c: TextCandidate) -> Program:
    return Program("span", (Span(c.paragraph, c.start, c.end, c.value),), pattern="text_span", answer_value=(c.value,))


def _log_share(c: TextCandidate) -> float:
    """log of the candidate's softmax share among the reader's candidates (from its calibration logit)."""
    return -math.log1p(math.exp(-c.features.get("logit", 0.0)))


def text_programs(q: Query, paragraphs: Sequence[Paragraph], k: int = 3,
                  reader: ReaderWeights | None = None) -> list[tuple[Program, str, float, float, float]]:
    """The reader's k best answers: (Program, route, reader score relative to the best (0 for the best), the
    reader's calibrated probability of an exact answer, of a usable one). A list question gets its one list
    answer (probabilities -1: not calibrated). ``reader`` replaces the shipped reader weights (training the
    ranker on a reader that never saw the question)."""
    if k <= 0 or not paragraphs:
        return []
    asked = replace(q, text=reader_wording(q.text))
    if not _one_span(asked):
        got = text_answer(asked, paragraphs)
        if got is None:
            return []
        answer, evidence, route = got
        args = tuple(Span(e.paragraph, e.start, e.end, e.text) for e in evidence)
        op = "spans" if isinstance(answer.value, tuple) and len(answer.value) > 1 else "span"
        return [(Program(op, args, answer.scale, pattern=route, answer_value=answer.value), route, 0.0, -1.0, -1.0)]
    weights, calibration = reader if reader is not None else (None, None)
    found = read(asked.text, paragraphs, k=max(k, 3), multi=False, weights=weights, calibration=calibration)[:k]
    if not found:
        return []
    top = _log_share(found[0])
    return [(_span_program(c), "text_span", _log_share(c) - top, c.score, c.found) for c in found]
