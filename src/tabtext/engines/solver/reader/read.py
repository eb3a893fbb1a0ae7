"""``read()``: the scored span candidates of score.py, turned into calibrated answer candidates.

The ranker (text_weights.WEIGHTS, a listwise linear model) scores every candidate span of the question's best
sentences; a softmax over them gives each its share, and two logistic calibrations (fitted on held-out folds of
the open TAT-QA train span questions, text or table alike, so a question whose answer is not in the text counts
against) map that share, how much of the question its sentence covers and whether it is an amount to the
probability of being exactly right (``score``, text_weights.CALIBRATION: what the solver core weighs against
table answers) and of being usable (``found``, text_weights.FOUND_CALIBRATION: official F1 >= 0.5). All, and
NO_ANSWER_THRESHOLD (the lowest ``found`` at which held-out top answers are usable 80% of the time), are written by
``training/reader_train.py --write``; ``benchmarks/text_spans_eval.py --cv`` prints the precision per
confidence decile.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from ....types import Paragraph
from ..lexicon.text_cache import text_cache
from ..lexicon.words import content_tokens
from . import weights as text_weights
from .candidate import Kind, TextCandidate
from .multi_span import TextSpan, is_multi_span_question, split_multi
from .score import candidates
from .span_candidates import Candidate

NO_ANSWER_THRESHOLD: float = text_weights.NO_ANSWER_THRESHOLD
_AMOUNT = re.compile(r"(?:[A-Z]{0,3}[$£€¥]\s?)?\(?-?\d[\d,]*(?:\.\d+)?\)?\s?(?:%|[a-z]+)?(?: [a-z]+)?", re.I)
_LIST_ASK = re.compile(r"\bwhat (?:are|were) (?:the )?\w+s\b|\brespective", re.I)


def found_answer(candidate: TextCandidate | None) -> bool:
    """Whether the reader stands behind this answer (``ask`` and ``serve`` say "no answer" otherwise)."""
    return candidate is not None and candidate.found >= NO_ANSWER_THRESHOLD


def read(question: str, paragraphs: Sequence[Paragraph], k: int = 10, multi: bool | None = None,
         weights: dict[str, float] | None = None, calibration: dict[str, float] | None = None
         ) -> list[TextCandidate]:
    """Up to ``k`` answer candidates, best first. ``multi`` (default: guessed from the question) puts the items
    of a list answer first, as one "spans" candidate. ``weights``/``calibration`` replace the shipped ones
    (cross-validation uses them)."""
    if not paragraphs:
        return []
    ranker = text_weights.WEIGHTS if weights is None else weights
    cal = text_weights.CALIBRATION if calibration is None else calibration
    scored = sorted(candidates(question, paragraphs, weights=ranker), key=lambda c: -c.score)
    if not scored:
        return []
    top = scored[0].score
    z = sum(math.exp(c.score - top) for c in scored)
    qtokens = set(content_tokens(question))
    out: list[TextCandidate] = []
    seen: set[tuple[int, int, int]] = set()
    for c in scored:
        key = (c.sentence.paragraph, c.start, c.end)
        if key in seen:
            continue
        seen.add(key)
        f = confidence_features(math.exp(c.score - top) / z, c, qtokens)
        out.append(TextCandidate(c.text, c.sentence.paragraph, c.start, c.end, calibrate(f, cal), _kind(c.text), f,
                                 found=calibrate(f, text_weights.FOUND_CALIBRATION)))
        if len(out) >= k:
            break
    if multi is None:
        multi = is_multi_span_question(question) or bool(_LIST_ASK.search(question))
    if multi:
        listed = _as_list(question, scored, paragraphs, out[0])
        if listed is not None:
            out = [listed, *out[:k - 1]]
    return out


def confidence_features(share: float, c: Candidate, qtokens: set[str]) -> dict[str, float]:
    share = min(max(share, 1e-6), 1 - 1e-6)
    covered = len(qtokens & _sentence_tokens(c.sentence.text)) / len(qtokens) if qtokens else 0.0
    return {"logit": math.log(share / (1 - share)), "coverage": covered, "number": float(_kind(c.text) == "number")}


@text_cache()
def _sentence_tokens(text: str) -> frozenset[str]:
    return frozenset(content_tokens(text))


def calibrate(features: dict[str, float], calibration: dict[str, float]) -> float:
    x = calibration.get("bias", 0.0) + sum(calibration.get(name, 0.0) * v for name, v in features.items())
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def _kind(text: str) -> Kind:
    return "number" if _AMOUNT.fullmatch(text.strip()) else "span"


def _as_list(question: str, scored: list[Candidate], paragraphs: Sequence[Paragraph],
             best: TextCandidate) -> TextCandidate | None:
    spans = [TextSpan(c.text, c.sentence.paragraph, c.start, c.end, c.score) for c in scored]
    items = split_multi(question, spans, paragraphs)
    if len(items) < 2:
        return None
    par = items[0].paragraph
    start, end = min(s.start for s in items), max(s.end for s in items)
    return TextCandidate(tuple(s.text for s in items), par, start, end, best.score, "spans", dict(best.features),
                         tuple((s.start, s.end) for s in items), best.found)
