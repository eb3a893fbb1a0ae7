"""Text-span candidates: rank the paragraphs' sentences with BM25, then score the likely spans inside them.

Candidate spans come from cue phrases, marks, amounts and where the question's own words stop
(span_candidates.py); a linear scorer over sparse features ranks them. Its weights (weights.json.gz, a listwise
softmax fit over each question's candidates, L2-regularised) are written by ``training/reader_train.py --write``
from TAT-QA train's text spans (never the train lockbox) plus down-weighted Doc2Dial answer spans; all of dev is
held out. ``reader.read()`` turns these scores into calibrated answer candidates.
Plain Python at run time: no model load, no scikit-learn.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ....types import Paragraph
from ..lexicon.text_cache import text_cache
from ..lexicon.words import YEAR
from .crosses import Crosses, merge_weights, split_crosses
from .lexical import question_words
from .multi_span import TextSpan, is_multi_span_question, split_multi
from .qtypes import question_type
from .sentences import Sentence, bm25_rank, split_sentences, terms
from .span_candidates import Candidate, SpanTables, sentence_candidates

TOP_SENTENCES = 3
__all__ = ["TextSpan", "answer_text", "candidates", "is_multi_span_question"]


def candidates(question: str, paragraphs: Sequence[Paragraph], top: int = TOP_SENTENCES,
               weights: dict[str, float] | None = None) -> list[Candidate]:
    """Every candidate span in the ``top`` BM25 sentences: with ``weights``, scored (no feature dicts);
    without, with their features (for training)."""
    sentences: list[Sentence] = []
    for i, p in enumerate(paragraphs):
        sentences.extend(_sentences(p.text, i))
    ranked = bm25_rank(question, sentences)
    if not ranked:
        return []
    best = ranked[0][0] or 1.0
    qseq = terms(question)
    qterms = set(qseq)
    qbigrams = frozenset(zip(qseq, qseq[1:]))
    qtype = question_type(question)
    qyears = set(re.findall(rf"\b{YEAR}\b", question))
    qwords = question_words(question)
    tables = None if weights is None else SpanTables.of(_merged(weights, qtype), qwords)
    out: list[Candidate] = []
    for rank, (score, idx) in enumerate(ranked[:top]):
        out.extend(sentence_candidates(qterms, qtype, qyears, sentences[idx], rank, score / best, tables,
                                       qbigrams, qwords))
    return out


@text_cache()
def _sentences(text: str, index: int) -> tuple[Sentence, ...]:
    return tuple(split_sentences(text, index))


def _merged(weights: dict[str, float], qtype: str) -> dict[str, float]:
    if weights is _weights():
        return _shipped_merged(qtype)
    return merge_weights(weights, qtype)


@lru_cache(maxsize=32)
def _shipped_merged(qtype: str) -> dict[str, float]:
    return merge_weights(_weights(), qtype, _shipped_parts())


_parts: list[tuple[dict[str, float], Crosses]] = []  # the weights last split, and their parts


def _shipped_parts() -> Crosses:
    """The weights split once, not once per question type (89k of them); again when they were swapped (training)."""
    weights = _weights()
    if not _parts or _parts[0][0] is not weights:
        _parts[:] = [(weights, split_crosses(weights))]
    return _parts[0][1]


def _weights() -> dict[str, float]:
    from .weights import WEIGHTS

    return WEIGHTS


def answer_text(question: str, paragraphs: Sequence[Paragraph], multi: bool = False,
                weights: dict[str, float] | None = None) -> list[TextSpan]:
    """Candidate answer spans, best first. With ``multi``: the items of one answer instead — one amount per
    asked year/item for "... respectively" questions, else the items of the best list-like span.

    ``weights`` replaces the shipped scorer (cross-validation uses it)."""
    w = _weights() if weights is None else weights
    scored = sorted(candidates(question, paragraphs, weights=w), key=lambda c: -c.score)
    spans = [TextSpan(c.text, c.sentence.paragraph, c.start, c.end, c.score) for c in scored]
    if multi and spans:
        return split_multi(question, spans, paragraphs)
    return spans
