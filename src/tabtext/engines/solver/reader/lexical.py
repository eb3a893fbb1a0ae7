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

from collections.abc import Callable
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
    out = [_head_len(q, min(e - st, 15) // 3), _head_edges(q, st == 0, e >= len(p.low) - 1),
           _place(q, last_word_place(pref_last, st, e))]
    return out + [_shape(q, shape) for shape in shapes(p, st, e)]


_PLACES = ("in", "before", "after", "none")


def last_word_place(pref_last: list[int], st: int, e: int) -> str:
    """Where the question's last word falls against the span: inside it, before it, after it or nowhere."""
    return _PLACES[_place_index(pref_last, st, e)]


def _place_index(pref_last: list[int], st: int, e: int) -> int:
    return 0 if pref_last[e] > pref_last[st] else 1 if pref_last[st] else 2 if pref_last[-1] > pref_last[e] else 3


def _head_len(q: QuestionWords, length_class: int) -> str:
    return f"{q.head}|len{length_class}"


def _head_edges(q: QuestionWords, at_start: bool, at_end: bool) -> str:
    return f"{q.head}|ss{int(at_start)}|se{int(at_end)}"


def _place(q: QuestionWords, place: str) -> str:
    return f"{q.first}|qlast_{place}"


def _shape(q: QuestionWords, shape: str) -> str:
    return f"qs:{q.kind}|{shape}"


def shapes(p: Parsed, st: int, e: int) -> list[str]:
    """The span's shape: an amount, a date or a year, holding a number, a capitalised name, a clause of cause;
    and its length in words."""
    return list(_SHAPE_NAMES[shape_code(p, st, e)])


_LENGTH_CLASSES = ("n1", "n3", "n7", "n12", "n99")
# every shape a span can have, indexed by shape_code: its kind, then "cap", "cause" and its length class
_SHAPE_NAMES = tuple((*kind, *("cap",) * cap, *("cause",) * cause, n) for kind in ((), ("num",), ("date",), ("hasnum",))
                     for cap in (0, 1) for cause in (0, 1) for n in _LENGTH_CLASSES)


def shape_code(p: Parsed, st: int, e: int) -> int:
    """The index of the span's shape in _SHAPE_NAMES."""
    words = p.pref_word[e] - p.pref_word[st]
    numbers = p.pref_num[e] - p.pref_num[st]
    kind = (1 if p.amount_end.get(st) == e else 2 if p.date_span.get(st) == e or (e - st == 1 and p.is_year[st])
            else 3 if numbers else 0)
    cap = words > numbers and p.pref_lower[e] == p.pref_lower[st] and kind != 1
    n = 0 if words <= 1 else 1 if words <= 3 else 2 if words <= 7 else 3 if words <= 12 else 4
    return ((kind * 2 + cap) * 2 + (p.low[st] in _CAUSE)) * 5 + n


@dataclass(frozen=True, slots=True)
class SpanWeights:
    """The weights of one question's span_features, looked up once: scoring a span then names nothing."""

    head_len: tuple[float, ...]  # by min(length, 15) // 3
    edges: tuple[float, ...]  # by 2 * (starts the sentence) + (ends it)
    place: tuple[float, ...]  # by _place_index
    shape: tuple[tuple[float, ...], ...]  # by shape_code: the weights of its shapes, in their order


def span_weights(weights: dict[str, float], q: QuestionWords) -> SpanWeights:
    get = weights.get
    shape = {s: get(_shape(q, s), 0.0) for s in ("num", "date", "hasnum", "cap", "cause", *_LENGTH_CLASSES)}
    return SpanWeights(tuple(get(_head_len(q, k), 0.0) for k in range(6)),
                       tuple(get(_head_edges(q, a, b), 0.0) for a in (False, True) for b in (False, True)),
                       tuple(get(_place(q, w), 0.0) for w in _PLACES),
                       tuple(tuple(map(shape.__getitem__, names)) for names in _SHAPE_NAMES))


def span_scorer(w: SpanWeights, p: Parsed, pref_last: list[int]) -> Callable[[float, int, int], float]:
    """``add(total, st, e)``: ``total`` plus the weights of span_features(p, st, e, ...) added one by one in their
    order (the same float as summing the named features' weights)."""
    head_len, edges, place, shape = w.head_len, w.edges, w.place, w.shape
    last = len(p.low) - 1

    def add(total: float, st: int, e: int) -> float:
        total += head_len[min(e - st, 15) // 3]
        total += edges[2 * (st == 0) + (e >= last)]
        total += place[_place_index(pref_last, st, e)]
        for x in shape[shape_code(p, st, e)]:
            total += x
        return total

    return add
