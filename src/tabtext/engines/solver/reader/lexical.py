"""Word-level boundary features: the words at a span's edges, alone and crossed with what the question asks.

TAT-QA's annotators draw a span's boundaries by the question's wording ("What does goodwill consist of?" → the
words after "of"; "What does contributed equity represent?" → the whole clause): with train's ~2,200 located text
spans the ranker learns which words an answer starts after and ends before, and how that depends on the question's
first words and its last word. Numbers and years are one word each, so the weights do not learn amounts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..lexicon.text_cache import text_cache
from .parse import Parsed
from .sentences import NUM_TOKEN_RE, TOKEN_RE


@dataclass(frozen=True, slots=True)
class QuestionWords:
    """The question's first word, its first two words and its last word (marks left out)."""

    first: str = ""
    head: str = ""
    last: str = ""


NO_WORDS = QuestionWords()


@text_cache()
def question_words(question: str) -> QuestionWords:
    words = [m.group(0).lower() for m in TOKEN_RE.finditer(question)]
    words = ["<num>" if NUM_TOKEN_RE.fullmatch(w) else w for w in words if w not in {"?", "."}]
    if not words:
        return NO_WORDS
    return QuestionWords(words[0], "_".join(words[:2]), words[-1])


def word(p: Parsed, i: int) -> str:
    """Token ``i`` of the sentence as a feature word: sentence edges and amounts are classes."""
    if i < 0:
        return "<s>"
    if i >= len(p.low):
        return "</s>"
    return "<year>" if p.is_year[i] else "<num>" if p.is_num[i] else p.low[i]


def start_features(p: Parsed, st: int, q: QuestionWords) -> list[str]:
    before = word(p, st - 1)
    return ["pw=" + before, "fw=" + word(p, st), f"{q.first}|pw={before}", f"qt={q.last}|pw={before}"]


def end_features(p: Parsed, e: int, q: QuestionWords) -> list[str]:
    after = word(p, e)
    return ["lw=" + word(p, e - 1), "nw=" + after, f"{q.first}|nw={after}"]


def span_features(p: Parsed, st: int, e: int, q: QuestionWords) -> list[str]:
    n = len(p.low)
    return [f"{q.head}|len{min(e - st, 15) // 3}", f"{q.head}|ss{int(st == 0)}|se{int(e >= n - 1)}"]
