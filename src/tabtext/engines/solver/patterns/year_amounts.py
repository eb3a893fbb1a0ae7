"""One amount per asked year, read from the one sentence that pairs each year with its amount: "What was the
royalty expense in fiscal 2019 and 2018 respectively?" over "Royalty expense was $12.3 million in fiscal 2019 and
$4.5 million in fiscal 2018." (each amount followed by its year) or "... were $5.1 million and $0.6 million in
2019 and 2018, respectively." (a run of amounts, then the years in the same order). The spans are the amounts as
written (with their currency sign and scale word), in the order the question names the years."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....types import Paragraph
from ..lexicon.words import YEAR, content_tokens, is_year, years_in
from ..program.program import Program, Span
from ..reading.question import Query
from .textnum import amounts, numbered_sentences

# an amount's own year: words between them ("$4.5 million in fiscal 2018"; not a date's day, "December 31, 2018")
_YEAR_AFTER = re.compile(rf"(?=[^$\d.;]*?[a-z])[^$\d.;]{{0,25}}?\b({YEAR})\b", re.I)
_RUN_GAP = re.compile(r"[\s,;]*(?:(?:and|or)\s*)?")  # amounts written as one list: "$1, $2 and $3"
_CURRENCY = re.compile(r"(?:US)?[$€£]\s?$")
Sentence = tuple[int, int, str, list, frozenset]  # textnum.numbered_sentences: paragraph, offset, text, amounts, words


def asked_years(q: Query) -> list[str]:
    """The years the question names, in its order (two or more, for a question that asks values)."""
    if q.kind != "value":
        return []
    years = list(dict.fromkeys(years_in(q.asked or q.text)))
    return years if len(years) >= 2 else []


def _as_written(text: str, start: int, end: int) -> tuple[int, int]:
    """The amount's span with its currency sign, without trailing blanks."""
    sign = _CURRENCY.search(text[:start])
    return (sign.start() if sign else start), len(text[:end].rstrip())


def _by_own_year(text: str, found: list) -> dict[str, tuple[int, int]]:
    """Each amount followed by its year ("$12.3 million in fiscal 2019"): year -> the first such amount."""
    paired: dict[str, tuple[int, int]] = {}
    for _, _, start, end in found:
        m = _YEAR_AFTER.match(text, end)
        if m:
            paired.setdefault(m.group(1), _as_written(text, start, end))
    return paired


def _by_respectively(text: str, found: list) -> dict[str, tuple[int, int]]:
    """A run of as many amounts as the sentence names years, "respectively": the i-th year -> the i-th amount."""
    if "respectively" not in text.lower():
        return {}
    years = list(dict.fromkeys(years_in(text)))
    runs: list[list[tuple[int, int]]] = []
    for _, _, start, end in found:
        span = _as_written(text, start, end)
        if runs and _RUN_GAP.fullmatch(text[runs[-1][-1][1]:span[0]]):
            runs[-1].append(span)
        else:
            runs.append([span])
    run = next((r for r in runs if len(r) == len(years) >= 2), None)
    return dict(zip(years, run)) if run else {}


def _clauses(numbered: Sequence[Sentence]):
    """(paragraph, offset, text, words) of each clause of a sentence holding amounts: a "; " starts another list
    ("China accounted for 53% and 51% in 2019 and 2018, respectively; Taiwan for 13% and 9%")."""
    for paragraph, offset, text, _, _ in numbered:
        start = 0
        for part in re.split(r"(?<=;)\s", text):
            at = text.index(part, start)
            start = at + len(part)
            yield paragraph, offset + at, part, frozenset(content_tokens(part))


def year_amounts(q: Query, paragraphs: Sequence[Paragraph], numbered: Sequence[Sentence] | None = None
                 ) -> Program | None:
    """The amounts of the asked years from the clause sharing most words with the question (at least one)."""
    years = asked_years(q)
    if not years or not paragraphs:
        return None
    asked = {t for t in q.tokens if not is_year(t)}
    best: tuple[int, list[Span]] = (0, [])
    for paragraph, offset, text, words in _clauses(numbered if numbered is not None else numbered_sentences(paragraphs)):
        found = [a for a in amounts(text) if not is_year(text[a[2]:a[3]].strip())]
        for pairing in (_by_respectively, _by_own_year):
            paired = pairing(text, found)
            if all(y in paired for y in years) and len({paired[y] for y in years}) == len(years):
                score = len(asked & words)
                if score > best[0]:
                    best = (score, [Span(paragraph, offset + paired[y][0], offset + paired[y][1],
                                         text[paired[y][0]:paired[y][1]]) for y in years])
                break
    if not best[1]:
        return None
    return Program("spans", tuple(best[1]), pattern="year_amounts", answer_value=tuple(s.text for s in best[1]))
