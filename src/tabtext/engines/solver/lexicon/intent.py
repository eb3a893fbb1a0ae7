"""What a question asks, in one canonical wording: operator cues are a lexicon of synonyms, not templates.

People ask the same thing many ways: "By what percentage did X change ...", "What share of X ...", "What do X
add up to?", "What did X add up to?". Each row of ``REWORDINGS`` is data — a name, the phrasing it recognises
(built from the synonym sets below), the canonical phrasing it becomes, and an example — so the classifier and
the grounding read one wording. A row can be switched off by name (``canonical(q, off={"add_up_to"})``) for
ablation; rows apply in their listed order, each to the output of the one before, and no two rows rewrite the
same phrase (tests/test_solver_intent.py runs every row's example).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from .words import YEAR

# verbs of movement and the noun the canonical wording uses ("grew" -> "growth": "the growth in X")
MOVEMENT_NOUN = {"change": "change", "changed": "change", "increase": "increase", "increased": "increase",
                 "rise": "increase", "rose": "increase", "grow": "growth", "grew": "growth", "decrease": "decrease",
                 "decreased": "decrease", "fall": "decrease", "fell": "decrease", "decline": "decline",
                 "declined": "decline", "drop": "decrease", "dropped": "decrease", "differ": "difference",
                 "vary": "difference", "shrink": "decrease", "shrank": "decrease", "expand": "increase",
                 "expanded": "increase", "go up": "increase", "went up": "increase", "go down": "decrease",
                 "went down": "decrease"}
_MOVE = "|".join(sorted((re.escape(v) for v in MOVEMENT_NOUN), key=len, reverse=True))
_AUX = r"(?:did|does|do|has|have|had|was|were|is|are|will|would)"
_LEADING_ARTICLE = re.compile(r"^(?:all|the)\s+", re.I)
SHARE_NOUNS = r"(?:share|portion|proportion|fraction|percentage|percent)"
ABOVE = ("above", "over", "exceeding", "in excess of", "upwards of")
BELOW = ("below", "under", "beneath", "short of")


#: a weather table's superlatives in the words of its columns ("the wettest month": the highest rainfall)
WEATHER_SUPERLATIVES = {"wettest": "highest rainfall", "driest": "lowest rainfall", "sunniest": "most sunshine",
                        "warmest": "highest temperature", "hottest": "highest temperature",
                        "coldest": "lowest temperature", "coolest": "lowest temperature", "windiest": "highest wind",
                        "snowiest": "most snow"}


@dataclass(frozen=True, slots=True)
class Rewording:
    name: str
    pattern: re.Pattern[str]
    replace: str | Callable[[re.Match[str]], str]
    example: str
    canonical: str  # what the example becomes (a golden case)


def _noun(m: re.Match[str], group: str = "verb") -> str:
    return MOVEMENT_NOUN[re.sub(r"\s+", " ", m.group(group).lower())]


def _words(options: Collection[str]) -> str:
    return "|".join(re.escape(o) for o in sorted(options, key=len, reverse=True))


# Not a row: moving a leading period to the end ("In 2019, what was X?") for the classifier changed no open answer
# and lowered the lockbox (measured as benchmarks/rule_ablation.py measures the rows); only the paragraph reader gets
# that wording (reader_wording).
_LEADING_PERIOD = re.compile(r"^(?P<when>(?:in|for|at|during|as of|as at|at the end of|by the end of|on)\b[^,?]{0,60}?"
                             rf"(?:{YEAR}|FY\s?'?\d\d)[^,?]{{0,20}}),\s*(?P<rest>(?:what|which|how|by|why|where|who|"
                             r"when)\b.*?)\s*\?\s*$", re.I)
REWORDINGS: tuple[Rewording, ...] = (
    Rewording("by_what_percent_verb",
              re.compile(rf"^(?P<pre>.*?)\bby (?:what|how much),? (?:in )?(?:percent(?:age)?|%),?\s+{_AUX}\s+(?P<subj>.+?)\s+(?P<verb>{_MOVE})\b"
                         r"(?P<rest>.*)$", re.I),
              lambda m: f"{m.group('pre')}What was the percentage {_noun(m)} in {m.group('subj')}{m.group('rest')}",
              "By what percentage did total net sales change between 2018 and 2019?",
              "What was the percentage change in total net sales between 2018 and 2019?"),
    Rewording("verb_in_percent",
              re.compile(rf"^how much\s+{_AUX}\s+(?P<subj>.+?)\s+(?P<verb>{_MOVE})\s+(?P<rest>(?:by|from|between|in)\b.*?)"
                         r",?\s+(?:in|as a) (?:percent(?:age)?|%)(?:\s+terms)?\s*\?\s*$", re.I),
              lambda m: f"What was the percentage {_noun(m)} in {m.group('subj')} {m.group('rest')}?",
              "How much did revenue grow between 2018 and 2019, in percent?",
              "What was the percentage growth in revenue between 2018 and 2019?"),
    Rewording("by_how_much_verb",
              re.compile(rf"^(?P<pre>.*?)\bby (?:how much|what amount)\s+{_AUX}\s+(?P<subj>.+?)\s+(?P<verb>{_MOVE})\b"
                         r"(?P<rest>.*)$", re.I),
              lambda m: f"{m.group('pre')}What was the {_noun(m)} in {m.group('subj')}{m.group('rest')}",
              "By how much do total costs incurred differ between 2018 and 2019?",
              "What was the difference in total costs incurred between 2018 and 2019?"),
    Rewording("how_much_did_verb",
              re.compile(rf"^how much\s+{_AUX}\s+(?P<subj>.+?)\s+(?P<verb>{_MOVE})\s+(?P<rest>(?:by|from|between|in)\b.*)$",
                         re.I),
              lambda m: f"What was the {_noun(m)} in {m.group('subj')} {m.group('rest')}",
              "How much did revenue grow from 2018 to 2019?", "What was the growth in revenue from 2018 to 2019?"),
    Rewording("add_up_to",
              re.compile(rf"^what\s+{_AUX}\s+(?P<subj>.+?)\s+(?:add up to|sum to|total up to|come to|amount to)"
                         r"(?P<rest>.*?)\s*\?\s*$", re.I),
              lambda m: f"What is the total of {_LEADING_ARTICLE.sub('', m.group('subj'))}{m.group('rest')}?",
              "What did the costs incurred in 2019 add up to?", "What is the total of costs incurred in 2019?"),
    Rewording("what_makes_up",
              re.compile(r"^what\s+(?:makes|made|make)\s+up\s+(?P<subj>.+?)\s*\?\s*$", re.I),
              lambda m: f"What does {m.group('subj')} consist of?",
              "What makes up working capital?", "What does working capital consist of?"),
    Rewording("what_share_did",
              re.compile(rf"^what\s+{SHARE_NOUNS}\s+of\s+(?P<whole>.+?)\s+(?:did|does|do)\s+(?P<part>.+?)\s+(?:make up|"
                         r"account for|represent|constitute|comprise)(?P<rest>.*?)\s*\?\s*$", re.I),
              lambda m: f"What percentage of {m.group('whole')} was {m.group('part')}{m.group('rest')}?",
              "What share of total current assets did accounts receivable make up in 2019?",
              "What percentage of total current assets was accounts receivable in 2019?"),
    Rewording("share_as_percentage",
              re.compile(r"^what\s+(?:share|portion|proportion|fraction)\s+of\b", re.I), "What percentage of",
              "What share of total units shipped in 2023 were monitors?",
              "What percentage of total units shipped in 2023 were monitors?"),
    Rewording("weather_superlative_period",
              re.compile(rf"^(?:what|which)\s+(?:was|were|is)\s+the\s+(?P<adj>{_words(WEATHER_SUPERLATIVES)})\s+"
                         r"(?P<unit>month|year|quarter|season|week|day)\b", re.I),
              lambda m: f"Which {m.group('unit').lower()} had the {WEATHER_SUPERLATIVES[m.group('adj').lower()]}",
              "What was the driest month?", "Which month had the lowest rainfall?"),
    Rewording("weather_superlative",
              re.compile(rf"\b(?:(?:was|were|is)\s+(?:it\s+)?)?(?:the\s+)?(?P<adj>{_words(WEATHER_SUPERLATIVES)})\b", re.I),
              lambda m: f"had the {WEATHER_SUPERLATIVES[m.group('adj').lower()]}",
              "Which month was the wettest?", "Which month had the highest rainfall?"),
    Rewording("threshold_words",
              re.compile(rf"\b(?P<word>{_words(ABOVE + BELOW)})\s+(?=(?:US)?[$€£]?\s?\d)(?!{YEAR}\b)", re.I),
              lambda m: "less than " if m.group("word").lower() in BELOW else "more than ",
              "In which year was revenue below 600,000 thousands?",
              "In which year was revenue less than 600,000 thousands?"),
)
NAMES = tuple(r.name for r in REWORDINGS)


def canonical(question: str, off: Collection[str] = ()) -> str:
    """The question in the wording the classifier reads; ``off`` names rows to skip (ablation)."""
    unknown = set(off) - set(NAMES)
    if unknown:
        raise ValueError(f"unknown rewording {sorted(unknown)}; known: {', '.join(NAMES)}")
    text = question.strip()
    for row in REWORDINGS:
        if row.name not in off:
            text = row.pattern.sub(row.replace, text, count=1) if row.name != "threshold_words" else \
                row.pattern.sub(row.replace, text)
    return text


def reader_wording(question: str) -> str:
    """The wording the paragraph reader gets: a leading period moved to the end ("In 2019, what was X?" ->
    "What was X in 2019?"), since the reader matches the question's words in their order."""
    m = _LEADING_PERIOD.match(question)
    if not m:
        return question
    rest, when = m.group("rest"), m.group("when")
    return f"{rest[0].upper()}{rest[1:]} {when[0].lower()}{when[1:]}?"


def applied(question: str) -> list[str]:
    """The names of the rows that change this question (for the patterns table and golden cases)."""
    return [row.name for row in REWORDINGS if row.pattern.search(question)]
