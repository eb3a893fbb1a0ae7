"""Word-level boundary features: the words at a span's edges, alone and crossed with what the question asks.

TAT-QA's annotators draw a span's boundaries by the question's wording ("What does goodwill consist of?" → the
words after "of"; "What does contributed equity represent?" → the whole clause): with train's ~2,200 located text
spans the ranker learns which words an answer starts after and ends before, and how that depends on the question's
first words and its last word. Numbers and years are one word each, so the weights do not learn amounts.
The question's class ("who", "when", "how_many", "why", ...) is crossed with the span's shape (an amount, a date, a
capitalised name, a clause starting "due to/because", its length in words), and where the question's last word
falls (inside the span, before it, after it) and how many question words stand right before the span are crossed
with the question's first word: train lockbox 37.4 -> 40.2 in a harness over the same candidates.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..lexicon.text_cache import text_cache
from .parse import Parsed
from .sentences import NUM_TOKEN_RE, TOKEN_RE, stem

_WH = frozenset("who whom when why where which what".split())
_CAUSE = frozenset("due because driven primarily mainly attributable result as owing largely partially".split())


@dataclass(frozen=True, slots=True)
class QuestionWords:
    """The question's first word, its first two words, its last word (marks left out), its class (its wh-word,
    "how" with the word after it) and its last word's stem."""

    first: str = ""
    head: str = ""
    last: str = ""
    kind: str = "other"
    last_stem: str = ""


NO_WORDS = QuestionWords()


@text_cache()
def question_words(question: str) -> QuestionWords:
    words = [m.group(0).lower() for m in TOKEN_RE.finditer(question)]
    words = ["<num>" if NUM_TOKEN_RE.fullmatch(w) else w for w in words if w not in {"?", "."}]
    if not words:
        return NO_WORDS
    head = "_".join(words[:2])
    kind = head if words[0] == "how" else words[0] if words[0] in _WH else next(
        (w for w in words if w in _WH), "other")
    return QuestionWords(words[0], head, words[-1], kind, stem(words[-1]))


def last_word_prefix(p: Parsed, q: QuestionWords) -> list[int]:
    """Prefix counts of the sentence's tokens whose stem is the question's last word's."""
    pref = [0]
    for s in p.stems:
        pref.append(pref[-1] + (s == q.last_stem))
    return pref


def word(p: Parsed, i: int) -> str:
    """Token ``i`` of the sentence as a feature word: sentence edges and amounts are classes."""
    if i < 0:
        return "<s>"
    if i >= len(p.low):
        return "</s>"
    return "<year>" if p.is_year[i] else "<num>" if p.is_num[i] else p.low[i]


def start_features(p: Parsed, st: int, q: QuestionWords) -> list[str]:
    before = word(p, st - 1)
    first = word(p, st)
    return ["pw=" + before, "fw=" + first, f"{q.first}|pw={before}", f"qt={q.last}|pw={before}",
            f"ql={q.last}|fw={first}"]


def end_features(p: Parsed, e: int, q: QuestionWords) -> list[str]:
    after = word(p, e)
    return ["lw=" + word(p, e - 1), "nw=" + after, f"{q.first}|nw={after}", f"ql={q.last}|nw={after}"]


def span_features(p: Parsed, st: int, e: int, q: QuestionWords, pref_last: list[int]) -> list[str]:
    n = len(p.low)
    where = ("in" if pref_last[e] > pref_last[st] else "before" if pref_last[st] else
             "after" if pref_last[n] > pref_last[e] else "none")
    out = [f"{q.head}|len{min(e - st, 15) // 3}", f"{q.head}|ss{int(st == 0)}|se{int(e >= n - 1)}",
           f"{q.first}|qlast_{where}"]
    return out + [f"qs:{q.kind}|{shape}" for shape in shapes(p, st, e)]


def shapes(p: Parsed, st: int, e: int) -> list[str]:
    """The span's shape: an amount, a date or a year, holding a number, a capitalised name, a clause of cause;
    and its length in words."""
    words = p.pref_word[e] - p.pref_word[st]
    numbers = p.pref_num[e] - p.pref_num[st]
    out = []
    if p.amount_end.get(st) == e:
        out.append("num")
    elif p.date_span.get(st) == e or (e - st == 1 and p.is_year[st]):
        out.append("date")
    elif numbers:
        out.append("hasnum")
    if words > numbers and p.pref_lower[e] == p.pref_lower[st] and not (out and out[0] == "num"):
        out.append("cap")
    if p.low[st] in _CAUSE:
        out.append("cause")
    out.append("n1" if words <= 1 else "n3" if words <= 3 else "n7" if words <= 7 else "n12" if words <= 12 else "n99")
    return out
