"""Sentences, tokens and BM25 over one question's paragraphs (plain Python: a handful of sentences per
question is faster to score by hand than to index with bm25s)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..lexicon.text_cache import text_cache

# The reader keeps its own function-word list: its weights were fitted with it, and the lexicon's STOP (which also
# drops finance words such as "change" or "amount") lowered the lockbox text-span EM 34.7 -> 31.6 when refitted.
STOP = frozenset(
    "a an the of in on at to for from by with and or as is are was were be been being this that these those "
    "it its it's their they them our we us you your what which who whom whose when where why how does do did "
    "has have had will would can could should may might there here than then such into over under about "
    "during per each any all also not no if so but".split()
)
# A token: an amount with its currency/percent marks, a word (with inner hyphens/apostrophes), or one mark.
_CUR = r"(?:[A-Z]{0,3}[$£€¥]|RMB|INR|EUR|USD|GBP|CHF|JPY|SEK|NOK|DKK|CNY|HKD)"
_NUM = r"\d+(?:,\d{3})*(?:\.\d+)?%?"
TOKEN_RE = re.compile(
    rf"(?:{_CUR}\s?)?(?:\({_NUM}\)|{_NUM})|[A-Za-z][A-Za-z0-9]*(?:[-’'.&/][A-Za-z0-9]+)*|\S"
)
NUM_TOKEN_RE = re.compile(rf"(?:{_CUR}\s?)?(?:\({_NUM}\)|{_NUM})")
_ABBREV = frozenset(
    "u.s. inc. corp. co. ltd. no. nos. mr. mrs. ms. dr. e.g. i.e. vs. etc. approx. st. jan. feb. mar. apr. "
    "jun. jul. aug. sep. sept. oct. nov. dec. u.k. n.a. l.p. s.a. plc. p.l.c. fig. ref. dept. est. av. ave.".split()
)
# Longer than any sentence of the benchmark files (ConvFinQA's longest is 6,697 characters); reading a span costs
# time in proportion to its sentence, so text without breaks is read in pieces of at most this size.
MAX_SENTENCE_CHARS = 8_000
_SENT_END_RE = re.compile(r"[.!?]['\"”’)]*\s+(?=[\"“‘(]?[A-Z0-9$£€])")


@dataclass(frozen=True, slots=True)
class Sentence:
    paragraph: int
    start: int  # character offsets in the paragraph text
    end: int
    text: str


def split_sentences(text: str, paragraph: int = 0) -> list[Sentence]:
    """Sentence spans with offsets; keeps abbreviations (U.S., Inc.) and decimals inside a sentence."""
    out: list[Sentence] = []
    start = 0
    for m in _SENT_END_RE.finditer(text):
        cut = m.start() + 1
        last_word = text[max(start, text.rfind(" ", start, cut) + 1):cut].lower().lstrip("(“\"")
        if last_word in _ABBREV or re.fullmatch(r"[a-z]\.", last_word):
            continue
        seg_end = m.end()
        _add(out, text, start, seg_end, paragraph)
        start = seg_end
    _add(out, text, start, len(text), paragraph)
    return out


def _add(out: list[Sentence], text: str, start: int, end: int, paragraph: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    while end - start > MAX_SENTENCE_CHARS:  # text with no sentence breaks: read in pieces, at a space if any
        cut = text.rfind(" ", start + 1, start + MAX_SENTENCE_CHARS)
        cut = cut if cut > start else start + MAX_SENTENCE_CHARS
        out.append(Sentence(paragraph, start, cut, text[start:cut]))
        start = cut
        while start < end and text[start].isspace():
            start += 1
    if end > start:
        out.append(Sentence(paragraph, start, end, text[start:end]))


# The reader keeps its suffix stemmer: its weights were fitted with it; the lexicon's plural stem here lowered
# TAT-QA dev EM 70.26 -> 69.66 and the lockbox 72.22 -> 71.37 (and the lexicon taking this one: lockbox 72.01).
@lru_cache(maxsize=65_536)  # a word's stem: the same few thousand words come back on every question
def stem(word: str) -> str:
    w = word.lower().strip(".'’").replace("iz", "is")  # amortized ~ amortised
    for suf, repl in (("ies", "y"), ("ied", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("es", ""),
                      ("s", ""), ("ly", "")):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            if suf == "s" and w.endswith("ss"):
                continue
            w = w[: len(w) - len(suf)] + repl
            break
    if w.endswith("e") and len(w) > 4:  # approve ~ approved, increase ~ increased
        w = w[:-1]
    return w


def terms(text: str) -> list[str]:
    """Content terms for matching: stemmed lower-case words and bare numbers, no stop words or marks."""
    out = []
    for m in TOKEN_RE.finditer(text):
        tok = m.group(0)
        if tok[0].isalpha() and not NUM_TOKEN_RE.fullmatch(tok):
            low = tok.lower().rstrip(".")
            if low not in STOP:
                out.append(stem(low))
        elif NUM_TOKEN_RE.fullmatch(tok):
            num = re.sub(r"[^\d.]", "", tok).rstrip(".")
            if num:
                out.append(num)
    return out


@text_cache()  # a context's sentences are ranked again for each of its ~6 questions
def _sentence_terms(text: str) -> tuple[str, ...]:
    return tuple(terms(text))


def bm25_rank(question: str, sentences: Sequence[Sentence], k1: float = 1.2, b: float = 0.75
              ) -> list[tuple[float, int]]:
    """(score, sentence index) best first; IDF over this question's own sentences."""
    docs = [_sentence_terms(s.text) for s in sentences]
    if not docs:
        return []
    n = len(docs)
    avgdl = sum(len(d) for d in docs) / n or 1.0
    df: Counter[str] = Counter()
    for d in docs:
        df.update(set(d))
    q = dict.fromkeys(terms(question))  # first-seen order: the float sum below must not follow the hash seed
    scores = []
    for i, d in enumerate(docs):
        tf = Counter(d)
        s = 0.0
        for t in q:
            f = tf.get(t)
            if f:
                idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                s += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(d) / avgdl))
        scores.append((s, i))
    scores.sort(key=lambda x: (-x[0], x[1]))
    return scores
