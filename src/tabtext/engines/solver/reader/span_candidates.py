"""Candidate answer spans inside a ranked sentence, each with sparse features for a linear scorer.

A span starts at the sentence start, after a mark, after a cue phrase ("due to", "consists of", "primarily"),
at an amount or where the question's words stop; it ends at the sentence end, before a mark, after an amount,
before a cue word or where the question's words resume. The scorer (weights.py) picks among them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from itertools import repeat

from ..lexicon.words import MONTH_NAME
from . import lexical
from .crosses import CROSS
from .lexical import QuestionWords
from .parse import SCALE_WORDS, START_CUES, UNIT_WORDS, Parsed, parse
from .qtypes import EXPECTED as _EXPECTED
from .sentences import NUM_TOKEN_RE, STOP, Sentence

_SENT_FLAGS = (
    ("cause", re.compile(r"\b(due to|because|driven by|attributable|primarily|mainly|result of|reflect)", re.I)),
    ("incl", re.compile(r"\b(includ|consist|compris|such as|compos)", re.I)),
    ("amount", NUM_TOKEN_RE),
    ("date", re.compile(rf"\b({MONTH_NAME})\b", re.I)),
)
MAX_LEN = 60
LEXICAL = True  # the word-level boundary features of lexical.py


@dataclass(frozen=True, slots=True)
class Candidate:
    sentence: Sentence
    start: int  # character offsets in the paragraph
    end: int
    text: str
    features: dict[str, float] | None
    score: float = 0.0


def _bucket(n: int, edges: tuple[int, ...]) -> str:
    for e in edges:
        if n <= e:
            return str(e)
    return f">{edges[-1]}"


def _bucket_names(prefix: str, top: int, edges: tuple[int, ...]) -> tuple[str, ...]:
    """``prefix + _bucket(n, edges)`` for n = 0..top, looked up per span instead of rebuilt."""
    return tuple(prefix + _bucket(n, edges) for n in range(top + 1))


_LEN_NAMES = _bucket_names("len", MAX_LEN, (1, 2, 3, 5, 8, 12, 20, 30, 45))
_QF_NAMES = _bucket_names("qf", 10, (0, 2, 4, 6, 9))
_OUT_NAMES = _bucket_names("out", 20, (0, 2, 5, 10, 15))


@dataclass(frozen=True, slots=True)
class _Match:
    """Where one question's words fall in one sentence (prefix counts over the sentence's tokens)."""

    is_q: list[bool]
    pref_q: list[int]
    pref_c: list[int]
    last_q: list[int]  # index of the last question word before token i
    first_at: dict[str, int]
    n_q: int
    n_new: int


def _match(p: Parsed, question_terms: set[str]) -> _Match:
    n = len(p.toks)
    is_q = [p.content[i] and p.stems[i] in question_terms for i in range(n)]
    pref_q = [0] * (n + 1)
    pref_c = [0] * (n + 1)
    last_q = [-1] * (n + 1)
    first_at: dict[str, int] = {}
    for i in range(n):
        pref_q[i + 1] = pref_q[i] + is_q[i]
        pref_c[i + 1] = pref_c[i] + p.content[i]
        last_q[i + 1] = i if is_q[i] else last_q[i]
        if is_q[i]:
            first_at.setdefault(p.stems[i], i)
    return _Match(is_q, pref_q, pref_c, last_q, first_at, pref_q[n], pref_c[n] - pref_q[n])


def _boundaries(p: Parsed, m: _Match) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """Start and end points with their tags: the sentence's own plus where the question's words stop/resume;
    a start skips leading articles."""
    n = len(p.toks)
    starts = {k: list(v) for k, v in p.starts.items()}
    ends = {k: list(v) for k, v in p.ends.items()}
    for i in range(1, n):
        if m.is_q[i - 1] and not m.is_q[i]:
            starts.setdefault(i, []).append("qtrans")
        if m.is_q[i] and not m.is_q[i - 1]:
            ends.setdefault(i, []).append("qtrans")
    merged: dict[int, list[str]] = {}
    for st, stags in starts.items():
        while st < n - 1 and p.low[st] in {"the", "a", "an"}:
            st += 1
        merged.setdefault(st, []).extend(stags)
    return merged, ends


def _sentence_flags(p: Parsed, text: str, qyears: set[str], qbigrams: frozenset[tuple[str, str]]) -> list[str]:
    flags = ["sent:" + name for name, pat in _SENT_FLAGS if pat.search(text)]
    seq = [p.stems[i] for i in range(len(p.toks)) if p.content[i]]
    n_bi = sum((a, b) in qbigrams for a, b in zip(seq, seq[1:]))
    flags.append("sent:bigrams" + _bucket(n_bi, (0, 1, 2, 4)))
    if qyears:
        flags.append("sent:qyear" if any(w in qyears for w in p.low) else "sent:noqyear")
    return flags


def _end_cats(p: Parsed, m: _Match, e: int, etags: list[str], rank: int, sent_flags: list[str],
              q: QuestionWords) -> list[str]:
    n, low = len(p.toks), p.low
    rctx = m.pref_q[min(n, e + 6)] - m.pref_q[e]
    cat = ["e:" + t for t in dict.fromkeys(etags)] + ["rctx" + _bucket(rctx, (0, 1, 2)), f"r{min(rank, 3)}"] + sent_flags
    if m.n_q - m.pref_q[e] > 0:
        cat.append("rq1")
    last = low[e - 1]
    if last in STOP:
        cat.append("laststop")
    if last in {",", ";", ":", "(", "“"}:
        cat.append("lastpunct")
    if e < n and low[e] in {"and", "or"}:
        cat.append("before_and")
    if LEXICAL:
        cat += lexical.end_features(p, e, q)
    return cat


def _start_cats(p: Parsed, m: _Match, st: int, stags: list[str], qyears: set[str], q: QuestionWords) -> list[str]:
    low = p.low
    prev = low[st - 1] if st else "<s>"
    lctx = m.pref_q[st] - m.pref_q[max(0, st - 6)]
    scat = ["s:" + t for t in dict.fromkeys(stags)] + ["lctx" + _bucket(lctx, (0, 1, 2))]
    if prev in START_CUES:
        scat.append("prev:" + START_CUES[prev])
    if low[st] in START_CUES:
        scat.append("first:" + START_CUES[low[st]])
    if st and m.is_q[st - 1]:
        scat.append("adjq_left")
    elif st >= 2 and m.is_q[st - 2]:
        scat.append("adjq_left2")
    lq = m.last_q[st]
    if lq >= 0 and p.is_num[st]:
        scat.append("nth_num" + _bucket(p.pref_num[st] - p.pref_num[lq + 1], (0, 1)))
    if m.pref_q[st] > 0:
        scat.append("lq1")
    if p.depth[st] > 0 or (st and low[st - 1] == "("):
        scat.append("in_paren")
    if qyears:
        if any(low[k] in qyears for k in range(max(0, st - 8), st)):
            scat.append("qyear_before")
        if any(p.is_year[k] and low[k] not in qyears for k in range(max(0, st - 4), st)):
            scat.append("otheryear_before")
    if LEXICAL:
        scat += lexical.start_features(p, st, q)
        scat.append(f"{q.first}|prevq{m.pref_q[st] - m.pref_q[max(0, st - 3)]}")
    return scat


def _amount_kind(p: Parsed, st: int, e: int) -> str:
    first, last = p.low[st], p.low[e - 1]
    return ("amt:pct" if "%" in first or last in {"percent", "cent", "%"} else
            "amt:money" if any(c.isalpha() or c in "$£€¥" for c in first) or last in SCALE_WORDS
            else "amt:year" if p.is_year[st] else
            "amt:unit" if last in UNIT_WORDS else "amt:num")


def _shares(m: _Match, st: int, e: int) -> tuple[int, float, float]:
    """The span's question words, their share of its content words, and the share of the sentence's new
    (non-question) words it leaves out."""
    nc = m.pref_c[e] - m.pref_c[st]
    nq = m.pref_q[e] - m.pref_q[st]
    left_out = (m.n_new - (nc - nq)) / m.n_new if m.n_new else 0.0
    return nq, nq / nc if nc else 0.0, left_out


def _amount_tags(p: Parsed, st: int, e: int) -> list[str]:
    """The span's amount or date tags; the last is the kind checked against the question's expected kinds."""
    if p.amount_end.get(st) == e:
        kind = _amount_kind(p, st, e)
        if st >= 2 and p.low[st - 1] == ":" and p.is_year[st - 2]:
            return [kind, "amt:after_year_colon"]
        return [kind]
    return ["amt:date"] if p.date_span.get(st) == e else []


def _span_cats(p: Parsed, m: _Match, st: int, e: int, expected: tuple[str, ...], repeat_from: int,
               pref_qyear: list[int] | None, q: QuestionWords, pref_last: list[int]) -> list[str]:
    """The span's own tags (``SpanTables.scorer`` adds up their weights without naming them)."""
    pref_q = m.pref_q
    _, qfrac, left_out = _shares(m, st, e)
    length = e - st
    cat = [_LEN_NAMES[length] if length <= MAX_LEN else "len>45",
           _QF_NAMES[int(qfrac * 10)], f"lq{int(pref_q[st] > 0)}rq{int(m.n_q > pref_q[e])}",
           _OUT_NAMES[int(left_out * 20)]]
    cat += _amount_tags(p, st, e)
    kind = cat[-1] if len(cat) > 4 else ""
    if kind and expected:
        cat.append("type_match" if kind[4:] in expected else "type_mismatch")
    elif p.pref_num[e] > p.pref_num[st]:
        cat.append("hasnum")
    if repeat_from < st:  # stops at a question word the sentence already used before the span
        cat.append("e:qrepeat")
    if pref_qyear is not None and pref_qyear[e] > pref_qyear[st]:
        cat.append("qyear_in")
    if LEXICAL:
        cat += lexical.span_features(p, st, e, q, pref_last)
    return cat


@dataclass(frozen=True, slots=True)
class SpanTables:
    """One question's weights of the span tags (_span_cats), looked up once: a span's score then names no tag."""

    get: Callable[[str, float], float]
    length: tuple[float, ...]
    qf: tuple[float, ...]
    lqrq: tuple[float, ...]  # by 2 * (question words before) + (after)
    out: tuple[float, ...]
    tags: tuple[float, ...]  # type_match, type_mismatch, hasnum, e:qrepeat, qyear_in
    lexical: lexical.SpanWeights

    @classmethod
    def of(cls, weights: dict[str, float], q: QuestionWords) -> SpanTables:
        get = weights.get
        return cls(get, tuple(get(name, 0.0) for name in _LEN_NAMES), tuple(get(name, 0.0) for name in _QF_NAMES),
                   tuple(get(f"lq{a}rq{b}", 0.0) for a in (0, 1) for b in (0, 1)),
                   tuple(get(name, 0.0) for name in _OUT_NAMES),
                   tuple(get(t, 0.0) for t in ("type_match", "type_mismatch", "hasnum", "e:qrepeat", "qyear_in")),
                   lexical.span_weights(weights, q))

    def scorer(self, p: Parsed, m: _Match, expected: tuple[str, ...], pref_qyear: list[int] | None,
               pref_last: list[int]) -> Callable[[int], Callable[[int, int, float, float], float]]:
        """``scorer(st)(e, repeat_from, qfrac, left_out)``: the sum of the weights of _span_cats(p, m, st, e, ...)
        in one sentence, added in the tags' order (the same float); what depends on the start alone is read once."""
        get, length, qf, lqrq, out = self.get, self.length, self.qf, self.lqrq, self.out
        w_match, w_mismatch, w_hasnum, w_repeat, w_qyear = self.tags
        pref_q, n_q, pref_num = m.pref_q, m.n_q, p.pref_num
        add_lexical = lexical.span_scorer(self.lexical, p, pref_last)

        def from_start(st: int) -> Callable[[int, int, float, float], float]:
            q_before, num_before = 2 * (pref_q[st] > 0), pref_num[st]
            amount_end, date_end = p.amount_end.get(st), p.date_span.get(st)
            qyear_before = pref_qyear[st] if pref_qyear is not None else 0

            def score(e: int, repeat_from: int, qfrac: float, left_out: float) -> float:
                total = (0.0 + length[e - st] + qf[int(qfrac * 10)] + lqrq[q_before + (n_q > pref_q[e])]
                         + out[int(left_out * 20)])
                if e == amount_end or e == date_end:  # an amount or a date: its tags, checked against the asked kinds
                    tags = _amount_tags(p, st, e)
                    for tag in tags:
                        total += get(tag, 0.0)
                    if expected:
                        total += w_match if tags[-1][4:] in expected else w_mismatch
                    elif pref_num[e] > num_before:
                        total += w_hasnum
                elif pref_num[e] > num_before:
                    total += w_hasnum
                if repeat_from < st:
                    total += w_repeat
                if pref_qyear is not None and pref_qyear[e] > qyear_before:
                    total += w_qyear
                return add_lexical(total, st, e) if LEXICAL else total

            return score

        return from_start


def _prefix_qyears(p: Parsed, qyears: set[str]) -> list[int] | None:
    """Prefix counts of the sentence's tokens that are a year the question names (None: it names none)."""
    if not qyears:
        return None
    pref = [0]
    for w in p.low:
        pref.append(pref[-1] + (w in qyears))
    return pref


def sentence_candidates(question_terms: set[str], qtype: str, qyears: set[str], sentence: Sentence,
                        rank: int, rel_score: float, tables: SpanTables | None = None,
                        qbigrams: frozenset[tuple[str, str]] = frozenset(),
                        qwords: QuestionWords = lexical.NO_WORDS) -> list[Candidate]:
    """Candidates of one sentence. With ``tables`` (the question's weights, merged for its type: see
    ``merge_weights``) each gets its score and no feature dict; without, its features for training."""
    p = parse(sentence.text)
    n = len(p.toks)
    if n == 0:
        return []
    m = _match(p, question_terms)
    starts, ends = _boundaries(p, m)
    get = tables.get if tables is not None else None

    def cats_score(cats: list[str]) -> float:  # sums in the tags' order (floats: the order is part of the score)
        return sum(map(get, cats, repeat(0.0))) if get is not None else 0.0

    text, offset, toks, pref_word = sentence.text, sentence.start, p.toks, p.pref_word
    expected = _EXPECTED.get(qtype, ())
    pref_qyear = _prefix_qyears(p, qyears)
    pref_last = lexical.last_word_prefix(p, qwords)
    sent_flags = _sentence_flags(p, text, qyears, qbigrams)
    end_info = []
    for e, etags in ends.items():
        cat = _end_cats(p, m, e, etags, rank, sent_flags, qwords)
        repeat_from = m.first_at.get(p.stems[e], n) if e < n and m.is_q[e] else n
        end_info.append((e, cat, cats_score(cat), repeat_from))
    # only ends within MAX_LEN after a start are visited (a sentence with no breaks has thousands of each), in
    # end_info's own order so that candidates come out as before
    by_end = sorted(range(len(end_info)), key=lambda i: end_info[i][0])
    end_keys = [end_info[i][0] for i in by_end]
    if tables is not None:  # the numeric features' weights, summed below in the order of _numeric's keys
        w_qfrac, w_nq, w_loglen = get("qfrac", 0.0), get("nq", 0.0), get("loglen", 0.0)
        rel_term = get("rel", 0.0) * rel_score
        scorer = tables.scorer(p, m, expected, pref_qyear, pref_last)
        nq_terms = tuple(w_nq * (min(k, 5) / 5) for k in range(6))
        len_terms = tuple(w_loglen * (min(k, 60) / 60) for k in range(MAX_LEN + 1))
    cands: list[Candidate] = []
    for st, stags in starts.items():
        scat = _start_cats(p, m, st, stags, qyears, qwords)
        s_score = cats_score(scat)
        span_score = scorer(st) if tables is not None else None
        window = sorted(by_end[bisect_right(end_keys, st):bisect_right(end_keys, st + MAX_LEN)])
        for e, ecat, e_score, repeat_from in (end_info[i] for i in window):
            if pref_word[e] == pref_word[st]:
                continue
            nq, qfrac, left_out = _shares(m, st, e)
            a, b = _trim(text, toks[st][0], toks[e - 1][1])
            if span_score is not None:
                num_score = 0 + w_qfrac * qfrac + nq_terms[nq if nq < 5 else 5] + rel_term + len_terms[e - st]
                score = s_score + e_score + span_score(e, repeat_from, qfrac, left_out) + num_score
                cands.append(Candidate(sentence, offset + a, offset + b, text[a:b], None, score))
            else:
                cat = _span_cats(p, m, st, e, expected, repeat_from, pref_qyear, qwords, pref_last)
                cands.append(Candidate(sentence, offset + a, offset + b, text[a:b],
                                       _features(scat + ecat + cat, _numeric(qfrac, nq, rel_score, e - st), qtype)))
    return cands


def _numeric(qfrac: float, nq: int, rel_score: float, length: int) -> dict[str, float]:
    return {"qfrac": qfrac, "nq": min(nq, 5) / 5, "rel": rel_score, "loglen": min(length, 60) / 60}


def _features(cats: list[str], num: dict[str, float], qtype: str) -> dict[str, float]:
    f: dict[str, float] = {}
    for c in cats:
        f[c] = 1.0
        if CROSS:
            f[qtype + "&" + c] = CROSS
    f.update(num)
    return f


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    """Drop marks at the span's edges that the official normaliser would keep (curly quotes) or that no
    answer ends with; keep a closing parenthesis whose opening one is inside."""
    while a < b and text[a] in "“”\"‘’'":
        a += 1
    while b > a and (text[b - 1] in "“”\"‘’',;:.—–-" or (text[b - 1] == ")" and "(" not in text[a:b - 1])):
        b -= 1
    return a, b
