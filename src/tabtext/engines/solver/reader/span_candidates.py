"""Candidate answer spans inside a ranked sentence, each with sparse features for a linear scorer.

A span starts at the sentence start, after a mark, after a cue phrase ("due to", "consists of", "primarily"),
at an amount or where the question's words stop; it ends at the sentence end, before a mark, after an amount,
before a cue word or where the question's words resume. The scorer (weights.py) picks among them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from itertools import repeat

from ..lexicon.words import MONTH_NAME, YEAR
from . import lexical
from .lexical import QuestionWords
from .parse import SCALE_WORDS, START_CUES, UNIT_WORDS, Parsed, parse
from .sentences import NUM_TOKEN_RE, STOP, Sentence

_SENT_FLAGS = (
    ("cause", re.compile(r"\b(due to|because|driven by|attributable|primarily|mainly|result of|reflect)", re.I)),
    ("incl", re.compile(r"\b(includ|consist|compris|such as|compos)", re.I)),
    ("amount", NUM_TOKEN_RE),
    ("date", re.compile(rf"\b({MONTH_NAME})\b", re.I)),
)
MAX_LEN = 60
LEXICAL = True  # the word-level boundary features of lexical.py
CROSS = 0.0  # feature value of the question-type crosses; 0 = none (held-out EM was 4 points better without)


@dataclass(frozen=True, slots=True)
class Candidate:
    sentence: Sentence
    start: int  # character offsets in the paragraph
    end: int
    text: str
    features: dict[str, float] | None
    score: float = 0.0


_QCHECKS = (
    ("when", r"^when\b|\bwhat date\b|\bwhich year\b|\bwhat year\b|\bwhich month\b|\bwhat month\b"
             r"|\bin which (year|month|period)"),
    ("why", r"\bwhy\b|\breasons?\b|\bcaus|\bled to\b|\bdriv|\bdue to\b|\battribut|\bcontribut|\bfactors?\b"
            r"|\bresult(ed)? (in|from)\b|\brationale\b"),
    ("where", r"\bwhere\b|\blocated\b|\blocation\b|\bheadquarter|\bwhich (market|exchange|country|city|state)"),
    ("who", r"\bwho\b|\bwhom\b"),
    ("method", r"^how (is|are|was|were|do|does|did|has|have)\b|\bdetermined\b|\bcalculated\b|\bmeasured\b"
               r"|\bestimated\b|\baccounted for\b|\bbased (on|upon)\b|\bdefine"),
    ("pct", r"\bpercent|\brate\b|%|\bproportion\b|\bratio\b|\bshare of\b"),
    ("howmany", r"\bhow many\b|\bnumber of\b"),
    ("period", r"\bhow long\b|\bterm\b|\bperiod\b|\buseful li|\bmaturity\b|\bexpire"),
    ("howmuch", r"\bhow much\b|\bamount\b|\bvalue\b|\bworth\b|\bbalance\b"
                r"|^what (is|was|were|are) the (increase|decrease|change|charge|price)\b"),
    ("incl", r"\binclud|\bconsist|\bcompris|\bcompos|\bmade up\b|\bcomponents?\b|\bitems?\b|\btypes?\b"
             r"|\bcategor|\bprimar|\bmainly\b|\bprincipal"),
    ("yearq", rf"^what (is|was|were|are) .*\b{YEAR}\b"),
    ("def", r"^what (is|are|was|were|does|do|did)\b"),
)


# the answer kinds a question class expects: one shared "type_match" feature pools what little data each has
_EXPECTED = {"when": ("date", "year"), "howmuch": ("money", "num"), "yearq": ("money", "num", "pct"),
             "pct": ("pct",), "howmany": ("num", "unit"), "period": ("unit", "date", "year")}


def question_type(question: str) -> str:
    """The question's coarse class (the first that matches, most specific first); features are crossed with it."""
    q = question.lower()
    for name, pat in _QCHECKS:
        if re.search(pat, q):
            return name
    return "other"


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


def _span_cats(p: Parsed, m: _Match, st: int, e: int, expected: tuple[str, ...], repeat_from: int,
               pref_qyear: list[int] | None, q: QuestionWords, pref_last: list[int]) -> tuple[list[str], int, float]:
    """The span's own tags, its number of content words and its share of question words."""
    pref_q = m.pref_q
    nc = m.pref_c[e] - m.pref_c[st]
    nq = pref_q[e] - pref_q[st]
    qfrac = nq / nc if nc else 0.0
    # share of the sentence's new (non-question) words left outside the span
    left_out = (m.n_new - (nc - nq)) / m.n_new if m.n_new else 0.0
    length = e - st
    cat = [_LEN_NAMES[length] if length <= MAX_LEN else "len>45",
           _QF_NAMES[int(qfrac * 10)], f"lq{int(pref_q[st] > 0)}rq{int(m.n_q > pref_q[e])}",
           _OUT_NAMES[int(left_out * 20)]]
    kind = ""
    if p.amount_end.get(st) == e:
        kind = _amount_kind(p, st, e)
        cat.append(kind)
        if st >= 2 and p.low[st - 1] == ":" and p.is_year[st - 2]:
            kind = "amt:after_year_colon"  # the last tag is the one checked against the expected kinds
            cat.append(kind)
    elif p.date_span.get(st) == e:
        kind = "amt:date"
        cat.append(kind)
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
    return cat, nq, qfrac


def _prefix_qyears(p: Parsed, qyears: set[str]) -> list[int] | None:
    """Prefix counts of the sentence's tokens that are a year the question names (None: it names none)."""
    if not qyears:
        return None
    pref = [0]
    for w in p.low:
        pref.append(pref[-1] + (w in qyears))
    return pref


def sentence_candidates(question_terms: set[str], qtype: str, qyears: set[str], sentence: Sentence,
                        rank: int, rel_score: float, weights: dict[str, float] | None = None,
                        qbigrams: frozenset[tuple[str, str]] = frozenset(),
                        qwords: QuestionWords = lexical.NO_WORDS) -> list[Candidate]:
    """Candidates of one sentence. With ``weights`` (already merged for this question type, see
    ``merge_weights``) each gets its score and no feature dict; without, its features for training."""
    p = parse(sentence.text)
    n = len(p.toks)
    if n == 0:
        return []
    m = _match(p, question_terms)
    starts, ends = _boundaries(p, m)
    get = weights.get if weights is not None else None

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
    if get is not None:  # the numeric features' weights, summed below in the order of _numeric's keys
        w_qfrac, w_nq, w_loglen = get("qfrac", 0.0), get("nq", 0.0), get("loglen", 0.0)
        rel_term = get("rel", 0.0) * rel_score
    cands: list[Candidate] = []
    for st, stags in starts.items():
        scat = _start_cats(p, m, st, stags, qyears, qwords)
        s_score = cats_score(scat)
        window = sorted(by_end[bisect_right(end_keys, st):bisect_right(end_keys, st + MAX_LEN)])
        for e, ecat, e_score, repeat_from in (end_info[i] for i in window):
            if pref_word[e] == pref_word[st]:
                continue
            cat, nq, qfrac = _span_cats(p, m, st, e, expected, repeat_from, pref_qyear, qwords,
                                        pref_last)
            a, b = _trim(text, toks[st][0], toks[e - 1][1])
            if get is not None:
                num_score = (0 + w_qfrac * qfrac + w_nq * (min(nq, 5) / 5) + rel_term
                             + w_loglen * (min(e - st, 60) / 60))
                score = s_score + e_score + cats_score(cat) + num_score
                cands.append(Candidate(sentence, offset + a, offset + b, text[a:b], None, score))
            else:
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


Crosses = tuple[dict[str, float], dict[str, list[tuple[str, float]]]]


def split_crosses(weights: dict[str, float]) -> Crosses:
    """The weights as plain features and, per question type, its crosses ("qtype&feature" -> feature)."""
    base: dict[str, float] = {}
    crosses: dict[str, list[tuple[str, float]]] = {}
    for k, v in weights.items():
        qtype, cross, key = k.partition("&")
        if cross:
            crosses.setdefault(qtype, []).append((key, v))
        else:
            base[k] = v
    return base, crosses


def merge_weights(weights: dict[str, float], qtype: str, parts: Crosses | None = None) -> dict[str, float]:
    """Fold the question-type crosses into one table: w[c] + w[qtype & c] (``parts``: the weights already split)."""
    base, crosses = parts or split_crosses(weights)
    out = dict(base)
    for key, v in crosses.get(qtype, ()):
        out[key] = out.get(key, 0.0) + v * CROSS
    return out


