"""Candidate answer spans inside a ranked sentence, each with sparse features for a linear scorer.

A span starts at the sentence start, after a mark, after a cue phrase ("due to", "consists of", "primarily"),
at an amount or where the question's words stop; it ends at the sentence end, before a mark, after an amount,
before a cue word or where the question's words resume. The scorer (text_weights.py) picks among them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .text_sent import NUM_TOKEN_RE, STOP, TOKEN_RE, Sentence, stem

SCALE_WORDS = frozenset("million millions billion billions thousand thousands m bn k mn".split())
UNIT_WORDS = frozenset(
    "percent per cent years year months month days day weeks hours shares square feet foot acres "
    "employees basis points point times p pence cents".split()
)
MONTHS = frozenset(
    "january february march april may june july august september october november december".split()
)
# Words after which an answer often begins, grouped so the scorer learns one weight per group.
START_CUES = {
    "due": "cause", "because": "cause", "driven": "cause", "attributable": "cause", "caused": "cause",
    "resulting": "cause", "result": "cause", "reflecting": "cause", "reflects": "cause", "reflected": "cause",
    "primarily": "prim", "mainly": "prim", "principally": "prim", "largely": "prim", "partially": "prim",
    "partly": "prim", "mostly": "prim", "predominantly": "prim",
    "consist": "incl", "consists": "incl", "consisting": "incl", "comprised": "incl", "comprises": "incl",
    "comprise": "incl", "comprising": "incl", "include": "incl", "includes": "incl", "included": "incl",
    "including": "incl", "composed": "incl", "such": "incl", "represents": "incl", "represent": "incl",
    "related": "rel", "relating": "rel", "relates": "rel", "based": "rel", "upon": "rel", "using": "rel",
    "is": "be", "are": "be", "was": "be", "were": "be", "be": "be", "been": "be",
    "of": "prep", "by": "prep", "to": "prep", "in": "prep", "at": "prep", "for": "prep", "from": "prep",
    "on": "prep", "over": "prep", "as": "prep", "within": "prep", "with": "prep", "approximately": "prep",
    "that": "rel2", "which": "rel2", "whereby": "rel2", "where": "rel2",
    "totaled": "amt", "totalled": "amt", "totaling": "amt", "amounted": "amt", "reached": "amt",
    "increased": "amt", "decreased": "amt", "recorded": "amt", "recognized": "amt",
    "recognised": "amt", "had": "amt", "has": "amt", "have": "amt",
    "shows": "show", "show": "show", "presents": "show", "summarizes": "show", "summarises": "show",
    "provides": "show", "sets": "show", "describes": "show", "reconciles": "show",
}
_SENT_FLAGS = (
    ("cause", re.compile(r"\b(due to|because|driven by|attributable|primarily|mainly|result of|reflect)", re.I)),
    ("incl", re.compile(r"\b(includ|consist|compris|such as|compos)", re.I)),
    ("amount", NUM_TOKEN_RE),
    ("date", re.compile(r"\b(january|february|march|april|may|june|july|august|september|october|november|"
                        r"december)\b", re.I)),
)
END_CUES = frozenset(
    "compared due primarily mainly as which and in for from to during because partially partly offset "
    "resulting driven when while including with that respectively versus vs or of on at by".split()
)
PUNCT_START = frozenset(",;:(“\"—–-")
PUNCT_END = frozenset(",;:)”\"—–.")
MAX_LEN = 60
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
    ("yearq", r"^what (is|was|were|are) .*\b(19|20)\d\d\b"),
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


@dataclass(frozen=True, slots=True)
class _Parsed:
    """The question-independent reading of one sentence (cached: TAT-QA asks ~6 questions per context)."""

    toks: list[tuple[int, int, str]]
    low: list[str]
    is_num: list[bool]
    is_word: list[bool]
    stems: list[str]
    content: list[bool]
    is_year: list[bool]
    amount_end: dict[int, int]
    date_span: dict[int, int]
    depth: list[int]
    pref_word: list[int]
    pref_num: list[int]
    starts: dict[int, tuple[str, ...]]
    ends: dict[int, tuple[str, ...]]


@lru_cache(maxsize=8192)
def _parse(text: str) -> _Parsed:
    toks = [(m.start(), m.end(), m.group(0)) for m in TOKEN_RE.finditer(text)]
    n = len(toks)
    low = [t[2].lower() for t in toks]
    is_num = [bool(NUM_TOKEN_RE.fullmatch(t[2])) for t in toks]
    is_word = [t[2][0].isalnum() or is_num[i] for i, t in enumerate(toks)]
    stems = [re.sub(r"[^\d.]", "", w).rstrip(".") if is_num[i] else stem(w) for i, w in enumerate(low)]
    content = [is_word[i] and low[i] not in STOP for i in range(n)]
    is_year = [is_num[i] and bool(re.fullmatch(r"(19|20)\d\d", low[i])) for i in range(n)]
    # amount phrase: [currency] number [scale] [unit]; dates: [day] month [day,] [year]
    amount_end: dict[int, int] = {}
    for i in range(n):
        if is_num[i]:
            j = i + 1
            if j < n and low[j] in SCALE_WORDS:
                j += 1
            if j < n and (low[j] in UNIT_WORDS or low[j] == "%"):
                j += 1
                if j < n and low[j] in UNIT_WORDS:
                    j += 1
            amount_end[i] = j
    date_span: dict[int, int] = {}
    for i in range(n):
        if low[i] in MONTHS:
            a = i - 1 if i and is_num[i - 1] and len(low[i - 1]) <= 2 else i
            b = i + 1
            if b < n and is_num[b] and len(low[b]) <= 2:
                b += 1
                if b < n and low[b] == ",":
                    b += 1
            if b < n and is_year[b]:
                b += 1
            if b > i + 1 or a < i:
                date_span[a] = b
    depth = [0] * (n + 1)  # parenthesis depth before token i
    pref_word = [0] * (n + 1)
    pref_num = [0] * (n + 1)
    for i in range(n):
        depth[i + 1] = depth[i] + (low[i] == "(") - (low[i] == ")")
        pref_word[i + 1] = pref_word[i] + is_word[i]
        pref_num[i + 1] = pref_num[i] + is_num[i]
    starts: dict[int, list[str]] = {0: ["sent"]} if n else {}
    ends: dict[int, list[str]] = {n: ["sent"]} if n else {}

    def add(where: dict[int, list[str]], i: int, tag: str) -> None:
        if 0 <= i <= n:
            where.setdefault(i, []).append(tag)

    if n and low[-1] in {".", "!", "?"}:
        add(ends, n - 1, "sentdot")
    for i in range(n):
        w = low[i]
        if w in PUNCT_START:
            add(starts, i + 1, "punct")
        if w in PUNCT_END:
            add(ends, i, "punct")
        cue = START_CUES.get(w)
        if cue:
            nxt = i + 1
            if w in _TWO_WORD and nxt < n and low[nxt] in {"to", "of", "on", "upon", "as", "from"}:
                add(starts, i, "cuephrase:" + cue)
                nxt += 1
            add(starts, nxt, "cue:" + cue)
        if w in END_CUES:
            add(ends, i, "ecue")
        if w in {"and", "or"}:
            add(starts, i + 1, "and")
        if is_num[i]:
            add(starts, i, "num")
            add(ends, amount_end[i], "amount")
        if i in date_span:
            add(starts, i, "date")
            add(ends, date_span[i], "date")
    return _Parsed(toks, low, is_num, is_word, stems, content, is_year, amount_end, date_span, depth,
                   pref_word, pref_num, {k: tuple(v) for k, v in starts.items() if k < n},
                   {k: tuple(v) for k, v in ends.items() if k > 0})


def sentence_candidates(question_terms: set[str], qtype: str, qyears: set[str], sentence: Sentence,
                        rank: int, rel_score: float, weights: dict[str, float] | None = None,
                        qbigrams: frozenset[tuple[str, str]] = frozenset()) -> list[Candidate]:
    """Candidates of one sentence. With ``weights`` (already merged for this question type, see
    ``merge_weights``) each gets its score and no feature dict; without, its features for training."""
    p = _parse(sentence.text)
    n = len(p.toks)
    if n == 0:
        return []
    low, content = p.low, p.content
    is_q = [content[i] and p.stems[i] in question_terms for i in range(n)]
    pref_q = [0] * (n + 1)
    pref_c = [0] * (n + 1)
    for i in range(n):
        pref_q[i + 1] = pref_q[i] + is_q[i]
        pref_c[i + 1] = pref_c[i] + content[i]
    starts = {k: list(v) for k, v in p.starts.items()}
    ends = {k: list(v) for k, v in p.ends.items()}
    for i in range(1, n):
        if is_q[i - 1] and not is_q[i]:
            starts.setdefault(i, []).append("qtrans")
        if is_q[i] and not is_q[i - 1]:
            ends.setdefault(i, []).append("qtrans")
    merged: dict[int, list[str]] = {}
    for st, stags in starts.items():
        while st < n - 1 and low[st] in {"the", "a", "an"}:
            st += 1
        merged.setdefault(st, []).extend(stags)

    def cats_score(cats: list[str]) -> float:
        return sum(weights.get(c, 0.0) for c in cats)  # type: ignore[union-attr]

    text = sentence.text
    expected = _EXPECTED.get(qtype, ())
    last_q = [-1] * (n + 1)  # index of the last question word before token i
    for i in range(n):
        last_q[i + 1] = i if is_q[i] else last_q[i]
    n_q_sent = pref_q[n]
    n_new = pref_c[n] - n_q_sent
    first_at: dict[str, int] = {}
    for i in range(n):
        if is_q[i]:
            first_at.setdefault(p.stems[i], i)
    sent_flags = ["sent:" + name for name, pat in _SENT_FLAGS if pat.search(text)]
    seq = [p.stems[i] for i in range(n) if content[i]]
    n_bi = sum((a, b) in qbigrams for a, b in zip(seq, seq[1:]))
    sent_flags.append("sent:bigrams" + _bucket(n_bi, (0, 1, 2, 4)))
    if qyears:
        sent_flags.append("sent:qyear" if any(w in qyears for w in low) else "sent:noqyear")
    end_info = []
    for e, etags in ends.items():
        rctx = pref_q[min(n, e + 6)] - pref_q[e]
        cat = ["e:" + t for t in set(etags)] + ["rctx" + _bucket(rctx, (0, 1, 2)), f"r{min(rank, 3)}"] + sent_flags
        if n_q_sent - pref_q[e] > 0:
            cat.append("rq1")
        last = low[e - 1]
        if last in STOP:
            cat.append("laststop")
        if last in {",", ";", ":", "(", "“"}:
            cat.append("lastpunct")
        if e < n and low[e] in {"and", "or"}:
            cat.append("before_and")
        repeat_from = first_at.get(p.stems[e], n) if e < n and is_q[e] else n
        end_info.append((e, cat, cats_score(cat) if weights is not None else 0.0, repeat_from))

    cands: list[Candidate] = []
    base_off = sentence.start
    for st, stags in merged.items():
        prev = low[st - 1] if st else "<s>"
        lctx = pref_q[st] - pref_q[max(0, st - 6)]
        scat = ["s:" + t for t in set(stags)] + ["lctx" + _bucket(lctx, (0, 1, 2))]
        if prev in START_CUES:
            scat.append("prev:" + START_CUES[prev])
        if low[st] in START_CUES:
            scat.append("first:" + START_CUES[low[st]])
        if st and is_q[st - 1]:
            scat.append("adjq_left")
        elif st >= 2 and is_q[st - 2]:
            scat.append("adjq_left2")
        lq = last_q[st]
        if lq >= 0:
            if p.is_num[st]:
                scat.append("nth_num" + _bucket(p.pref_num[st] - p.pref_num[lq + 1], (0, 1)))
        if pref_q[st] > 0:
            scat.append("lq1")
        if p.depth[st] > 0 or (st and low[st - 1] == "("):
            scat.append("in_paren")
        if qyears:
            if any(low[k] in qyears for k in range(max(0, st - 8), st)):
                scat.append("qyear_before")
            if any(p.is_year[k] and low[k] not in qyears for k in range(max(0, st - 4), st)):
                scat.append("otheryear_before")
        s_score = cats_score(scat) if weights is not None else 0.0
        amount_e = p.amount_end.get(st)
        date_e = p.date_span.get(st)
        for e, ecat, e_score, repeat_from in end_info:
            if e <= st or e - st > MAX_LEN or p.pref_word[e] == p.pref_word[st]:
                continue
            nc = pref_c[e] - pref_c[st]
            nq = pref_q[e] - pref_q[st]
            length = e - st
            qfrac = nq / nc if nc else 0.0
            cat = ["len" + _bucket(length, (1, 2, 3, 5, 8, 12, 20, 30, 45)),
                   "qf" + _bucket(int(qfrac * 10), (0, 2, 4, 6, 9)),
                   f"lq{int(pref_q[st] > 0)}rq{int(n_q_sent > pref_q[e])}"]
            # share of the sentence's new (non-question) words left outside the span
            left_out = (n_new - (nc - nq)) / n_new if n_new else 0.0
            cat.append("out" + _bucket(int(left_out * 20), (0, 2, 5, 10, 15)))
            if amount_e == e:
                first, last = low[st], low[e - 1]
                cat.append("amt:pct" if "%" in first or last in {"percent", "cent", "%"} else
                           "amt:money" if any(c.isalpha() or c in "$£€¥" for c in first) or last in SCALE_WORDS
                           else "amt:year" if p.is_year[st] else
                           "amt:unit" if last in UNIT_WORDS else "amt:num")
                if st >= 2 and low[st - 1] == ":" and p.is_year[st - 2]:
                    cat.append("amt:after_year_colon")
            elif date_e == e:
                cat.append("amt:date")
            kind = cat[-1]
            if kind.startswith("amt:") and expected:
                cat.append("type_match" if kind[4:] in expected else "type_mismatch")
            elif p.pref_num[e] > p.pref_num[st]:
                cat.append("hasnum")
            if repeat_from < st:  # stops at a question word the sentence already used before the span
                cat.append("e:qrepeat")
            if qyears and any(low[k] in qyears for k in range(st, e)):
                cat.append("qyear_in")
            num = {"qfrac": qfrac, "nq": min(nq, 5) / 5, "rel": rel_score, "loglen": min(length, 60) / 60}
            a, b = _trim(text, p.toks[st][0], p.toks[e - 1][1])
            if weights is not None:
                score = s_score + e_score + cats_score(cat) + sum(weights.get(k, 0.0) * v for k, v in num.items())
                cands.append(Candidate(sentence, base_off + a, base_off + b, text[a:b], None, score))
            else:
                f: dict[str, float] = {}
                for c in scat + ecat + cat:
                    f[c] = 1.0
                    if CROSS:
                        f[qtype + "&" + c] = CROSS
                f.update(num)
                cands.append(Candidate(sentence, base_off + a, base_off + b, text[a:b], f, 0.0))
    return cands


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    """Drop marks at the span's edges that the official normaliser would keep (curly quotes) or that no
    answer ends with; keep a closing parenthesis whose opening one is inside."""
    while a < b and text[a] in "“”\"‘’'":
        a += 1
    while b > a and (text[b - 1] in "“”\"‘’',;:.—–-" or (text[b - 1] == ")" and "(" not in text[a:b - 1])):
        b -= 1
    return a, b


def merge_weights(weights: dict[str, float], qtype: str) -> dict[str, float]:
    """Fold the question-type crosses into one table: w[c] + w[qtype & c]."""
    out = {k: v for k, v in weights.items() if "&" not in k}
    prefix = qtype + "&"
    for k, v in weights.items():
        if k.startswith(prefix):
            key = k[len(prefix):]
            out[key] = out.get(key, 0.0) + v * CROSS
    return out


_TWO_WORD = frozenset("due related relating based such attributable result consist consists composed comprised "
                      "according".split())
