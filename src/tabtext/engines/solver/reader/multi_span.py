"""Multi-span text answers: "X in 2019 and 2018 respectively" takes one amount per asked item from one
sentence; "What are the contract types?" splits the best span's list into its items."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ....types import Paragraph
from ..lexicon.words import YEAR
from .sentences import NUM_TOKEN_RE, TOKEN_RE, split_sentences


@dataclass(frozen=True, slots=True)
class TextSpan:
    """One answer span: its text, paragraph index, character offsets in that paragraph and ranker score."""

    text: str
    paragraph: int
    start: int
    end: int
    score: float

_YEAR_RE = re.compile(rf"\b{YEAR}\b")
_ARITH_RE = re.compile(
    r"\b(change|changes|increase|decrease|difference|average|ratio|sum|total|growth|between|how many|"
    r"percentage change|proportion|larger|smaller|higher|lower|more|less)\b", re.I)
_LIST_NOUN_RE = re.compile(
    r"^(what|which) (are|were) (the |its |their |our )?([\w-]+ ){0,4}"
    r"(types|regions|segments|components|categories|items|factors|sources|activities|markets|products|"
    r"services|countries|classes|risks|elements|areas|businesses|methods|inputs|assumptions)\b", re.I)
_SCALE_WORDS = frozenset("million millions billion billions thousand thousands m bn k mn".split())


def expected_items(question: str) -> int:
    """How many parallel items the question asks for (0 when it does not ask for a fixed number)."""
    years = list(dict.fromkeys(_YEAR_RE.findall(question)))
    if "respectively" in question.lower():
        if len(years) >= 2:
            return len(years)
        head = question.lower().split("respectively")[0]
        listed = re.search(r"((?:[\w-]+(?: [\w-]+)?, )+[\w-]+(?: [\w-]+)?,? and [\w-]+)", head)
        if listed:
            text = listed.group(1)
            return text.count(",") + (1 if ", and" in text else 2)
        return 2
    if re.match(r"(why|how|was|were|is|are|did|does|do|has|have|had)\b", question.strip(), re.I):
        return 0  # reasons and yes/no questions name years without asking one answer per year
    if len(years) >= 2 and re.search(rf"\b{YEAR},? (and|&) (fiscal )?{YEAR}\b", question) \
            and not _ARITH_RE.search(question):
        return len(years)
    return 0


def is_multi_span_question(question: str) -> bool:
    return expected_items(question) >= 2 or bool(_LIST_NOUN_RE.search(question.strip()))


def _amounts(text: str) -> list[tuple[int, int]]:
    """(start, end) of every amount (currency/number [scale] [%]) in a sentence."""
    toks = [(m.start(), m.end(), m.group(0)) for m in TOKEN_RE.finditer(text)]
    out = []
    for i, (a, b, t) in enumerate(toks):
        if NUM_TOKEN_RE.fullmatch(t) and not (len(t) == 4 and _YEAR_RE.fullmatch(t)):
            if i + 1 < len(toks) and toks[i + 1][2].lower() in _SCALE_WORDS:
                b = toks[i + 1][1]
            out.append((a, b))
    return out


def split_list(text: str) -> list[str]:
    """'A, B and C' -> ['A', 'B', 'C']; items keep their own words."""
    text = text.strip().rstrip(".;:").rsplit(": ", 1)[-1]  # "three regions: A, B and C"
    parts = re.split(r"\s*[;,]\s*(?:and |or )?|\s+and\s+|\s+or\s+", text)
    return [p.strip() for p in parts if p.strip()]


def split_multi(question: str, spans: Sequence[TextSpan], paragraphs: Sequence[Paragraph]) -> list[TextSpan]:
    if not spans:
        return []
    k = expected_items(question)
    if k >= 2:
        picked = _amount_window(spans, paragraphs, k, list(dict.fromkeys(_YEAR_RE.findall(question))))
        if picked:
            return picked
    # a list question: the best-scored of the top spans that is itself a list
    # (lists tend to be complete: among near-best spans the one with most items)
    lists = [s for s in spans[:10] if s.score >= spans[0].score - 1.0 and len(split_list(s.text)) >= 2]
    best = max(lists, key=lambda s: (len(split_list(s.text)), s.score)) if lists else spans[0]
    text = best.text
    items = split_list(text)
    out = []
    pos = 0
    for item in items:
        at = text.find(item, pos)
        pos = at + len(item)
        out.append(TextSpan(item, best.paragraph, best.start + at, best.start + at + len(item), best.score))
    return out


def _groups(text: str, found: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Runs of amounts written as one list ("$1, $2 and $3"): only marks/and/or/respectively between them."""
    groups: list[list[tuple[int, int]]] = []
    for a, b in found:
        gap = text[groups[-1][-1][1]:a] if groups else "x" * 99
        if len(gap) < 40 and re.fullmatch(r"[\s,;]*(?:(?:and|or|respectively|in|for|,)\s*)*", gap):
            groups[-1].append((a, b))
        else:
            groups.append([(a, b)])
    return groups


def _amount_window(spans: Sequence[TextSpan], paragraphs: Sequence[Paragraph], k: int,
                   qyears: list[str]) -> list[TextSpan]:
    """k amounts of one listed run with the highest mean span score; when the sentence lists as many years as
    amounts, the amounts of the asked years."""
    score = {(s.paragraph, s.start, s.end): s.score for s in spans}
    floor = min(score.values())
    best: tuple[float, list[tuple[int, int]], int] = (float("-inf"), [], -1)
    seen = set()
    for span in spans[:30]:
        if span.paragraph in seen:
            continue
        seen.add(span.paragraph)
        text = paragraphs[span.paragraph].text
        for sent in split_sentences(text, span.paragraph):
            found = [(sent.start + a, sent.start + b) for a, b in _amounts(sent.text)]
            years = list(dict.fromkeys(_YEAR_RE.findall(sent.text)))
            for group in _groups(text, found):
                options = [group[i:i + k] for i in range(len(group) - k + 1)]
                if len(group) == len(years) > k and set(qyears) <= set(years) and len(qyears) == k:
                    options = [[group[years.index(y)] for y in qyears]]
                for window in options:
                    total = sum(max(score.get((span.paragraph, a, b), floor), floor) for a, b in window) / k
                    if total > best[0]:
                        best = (total, window, span.paragraph)
    text = paragraphs[best[2]].text if best[1] else ""
    return [TextSpan(text[a:b], best[2], a, b, best[0]) for a, b in best[1]]
