"""The boundary scores: a start and an end classifier over every token position of a ranked sentence.

The ranker (text_cands.py) sees a candidate's edges through the tags its rules put there; these two
classifiers see every position's neighbourhood — the word classes of the tokens around it (function words,
cue words and marks as themselves, other words by shape), whether they are the question's words, the rules'
tags, and how many question words lie on each side — and are fitted as softmaxes over a sentence's positions
on exact gold spans (TAT-QA open part and Doc2Dial), which is more boundary supervision than the ranker's
one-softmax-per-question gets. Their weights sit in text_weights.WEIGHTS under the ``b.`` prefix, already
scaled by the blend factor, so a candidate's score is ranker score + start score + end score.
"""

from __future__ import annotations

from .text_parse import END_CUES, START_CUES, Parsed
from .text_sent import STOP

PREFIX = "b."
CROSSED = True


def word_class(word: str) -> str:
    if word in STOP or word in START_CUES or word in END_CUES or not word[0].isalnum():
        return word
    return "#num" if word[0].isdigit() else "#word"


def _side(n: int) -> str:
    return str(min(n, 3))


def _crossed(names: list[str], qtype: str) -> list[str]:
    """The two word-class features nearest the edge again, crossed with the question's class."""
    return names + [qtype + "&" + k for k in names[:2]] if qtype else names


def start_names(p: Parsed, is_q: list[bool], pref_q: list[int], i: int, qtype: str = "") -> list[str]:
    """The features of a span starting at token ``i``."""
    n, low = len(p.low), p.low
    prev = word_class(low[i - 1]) if i else "<s>"
    cur = word_class(low[i])
    names = ["b.s-1:" + prev, "b.s0:" + cur, "b.s+1:" + (word_class(low[i + 1]) if i + 1 < n else "</s>"),
             "b.s-2:" + (word_class(low[i - 2]) if i > 1 else "<s>"), "b.s-1,0:" + prev + "|" + cur,
             f"b.sq-1:{int(i > 0 and is_q[i - 1])}", f"b.sq0:{int(is_q[i])}",
             "b.sqleft:" + _side(pref_q[i]), "b.sqright:" + _side(pref_q[n] - pref_q[i])]
    names += ["b.stag:" + tag for tag in p.starts.get(i, ())]
    if p.depth[i] > 0:
        names.append("b.sparen")
    return _crossed(names, qtype)


def end_names(p: Parsed, is_q: list[bool], pref_q: list[int], e: int, qtype: str = "") -> list[str]:
    """The features of a span ending before token ``e`` (1..n)."""
    n, low = len(p.low), p.low
    last = word_class(low[e - 1])
    nxt = word_class(low[e]) if e < n else "</s>"
    names = ["b.e-1:" + last, "b.e0:" + nxt, "b.e-2:" + (word_class(low[e - 2]) if e > 1 else "<s>"),
             "b.e+1:" + (word_class(low[e + 1]) if e + 1 < n else "</s>"), "b.e-1,0:" + last + "|" + nxt,
             f"b.eq-1:{int(is_q[e - 1])}", f"b.eq0:{int(e < n and is_q[e])}",
             "b.eqleft:" + _side(pref_q[e]), "b.eqright:" + _side(pref_q[n] - pref_q[e])]
    names += ["b.etag:" + tag for tag in p.ends.get(e, ())]
    return _crossed(names, qtype)


def edge_scores(p: Parsed, is_q: list[bool], pref_q: list[int], weights: dict[str, float], qtype: str = ""
                ) -> tuple[list[float], list[float]]:
    """Score of starting at each token (index i) and of ending before each token (index e, 0 unused)."""
    n = len(p.low)
    qtype = qtype if CROSSED else ""
    starts = [sum(weights.get(k, 0.0) for k in start_names(p, is_q, pref_q, i, qtype)) for i in range(n)]
    ends = [0.0] + [sum(weights.get(k, 0.0) for k in end_names(p, is_q, pref_q, e, qtype))
                    for e in range(1, n + 1)]
    return starts, ends
