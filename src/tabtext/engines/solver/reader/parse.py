"""The question-independent reading of one sentence for the span candidates: tokens, amounts, dates,
parenthesis depth, and where a span may start or end (after a mark or a cue word, at an amount or a date).
Cached: TAT-QA asks about six questions per context."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..lexicon.text_cache import text_cache
from ..lexicon.words import MONTH_NAMES, YEAR
from .sentences import NUM_TOKEN_RE, STOP, TOKEN_RE, stem

SCALE_WORDS = frozenset("million millions billion billions thousand thousands m bn k mn".split())
UNIT_WORDS = frozenset(
    "percent per cent years year months month days day weeks hours shares square feet foot acres "
    "employees basis points point times p pence cents".split()
)
MONTHS = frozenset(MONTH_NAMES)
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
END_CUES = frozenset(
    "compared due primarily mainly as which and in for from to during because partially partly offset "
    "resulting driven when while including with that respectively versus vs or of on at by".split()
)
_PREDICATE = frozenset("be incl amt show".split())  # START_CUES groups that are a sentence's verb
PUNCT_START = frozenset(",;:(“\"—–-")
PUNCT_END = frozenset(",;:)”\"—–.")
_NAME_JOINS = frozenset("of and the a an for in on to".split())  # lower-case words inside a name
_TWO_WORD = frozenset("due related relating based such attributable result consist consists composed comprised "
                      "according".split())


@dataclass(frozen=True, slots=True)
class Parsed:
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
    pref_lower: list[int]  # words that are neither capitalised, numbers nor function words ("of", "and")
    starts: dict[int, tuple[str, ...]]
    ends: dict[int, tuple[str, ...]]


def _amount_ends(low: list[str], is_num: list[bool]) -> dict[int, int]:
    """Where the amount phrase starting at each number ends: [currency] number [scale] [unit]."""
    n = len(low)
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
    return amount_end


@text_cache(200_000)  # a Parsed text weighs about 100 bytes a character
def parse(text: str) -> Parsed:
    toks = [(m.start(), m.end(), m.group(0)) for m in TOKEN_RE.finditer(text)]
    n = len(toks)
    low = [t[2].lower() for t in toks]
    is_num = [bool(NUM_TOKEN_RE.fullmatch(t[2])) for t in toks]
    is_word = [t[2][0].isalnum() or is_num[i] for i, t in enumerate(toks)]
    stems = [re.sub(r"[^\d.]", "", w).rstrip(".") if is_num[i] else stem(w) for i, w in enumerate(low)]
    content = [is_word[i] and low[i] not in STOP for i in range(n)]
    is_year = [is_num[i] and bool(re.fullmatch(YEAR, low[i])) for i in range(n)]
    amount_end = _amount_ends(low, is_num)
    # dates: [day] month [day,] [year]
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
    pref_lower = [0] * (n + 1)
    for i in range(n):
        pref_lower[i + 1] = pref_lower[i] + (is_word[i] and not is_num[i] and toks[i][2][0].islower()
                                             and low[i] not in _NAME_JOINS)
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
        elif cue in _PREDICATE and i:  # a subject before its verb ("The X | consists of")
            add(ends, i, "everb")
        if w in {"and", "or"}:
            add(starts, i + 1, "and")
        if is_num[i]:
            add(starts, i, "num")
            add(ends, amount_end[i], "amount")
        if i in date_span:
            add(starts, i, "date")
            add(ends, date_span[i], "date")
    return Parsed(toks, low, is_num, is_word, stems, content, is_year, amount_end, date_span, depth,
                   pref_word, pref_num, pref_lower, {k: tuple(v) for k, v in starts.items() if k < n},
                   {k: tuple(v) for k, v in ends.items() if k > 0})
