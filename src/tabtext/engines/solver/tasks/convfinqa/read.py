"""ConvFinQA: read one turn — the question against the earlier turns, its operator, years and subject words.

``read`` builds the ``Turn`` every pattern reads. The operator readings that adjust the cue-word operator
("the average ... between those three years", "all notes due in 2015 and 2017") are named rows of
``READINGS``; a reading or a refinement inside a pattern can be switched off by name (``Turn.off``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .....types import Example
from ...lexicon.words import YEAR
from . import ground
from .formula import holds
from .ground import content_words, years_in
from .ops import detect_ops
from .program import Step
from .turns import GENERIC, REFER, steps_of

_PRONOUN = re.compile(r"\b(it|its|they|them|that|those|these|this)\b")
_PREV_YEAR = re.compile(r"\b(?:the )?(?:previous|prior|preceding) year\b|\bthe year before\b")
_NEXT_YEAR = re.compile(r"\b(?:the )?(?:next|following|subsequent) year\b|\bthe year after\b")
_THAT_YEAR = re.compile(r"\b(?:that|this|the same|that same|this same|such) (?:year|period)\b")
_OVER_PERIOD = re.compile(r"\b(?:over|during|throughout|across) (?:that|this) period\b")
_RANGE = re.compile(rf"\b({YEAR})\s*(?:to|through|thru|-)\s*({YEAR})\b")
# operators whose "it" / "that X" names the earlier turn's line (ConvFinQA strict EM A 525 -> 527, B 568 -> 570
# with the changes added; sums, averages and ratios gained nothing on half A)
_CARRIES_SUBJECT = ("lookup", "change", "pct_change")
# "those same two years" names the period, not the line
_PERIOD_NOUN = re.compile(r"\s+(?:same\s+)?(?:(?:two|three|four|five|\d+)\s+)?(?:years?|periods?|quarters?|months?)\b")
THOSE_YEARS = re.compile(r"\b(?:between|over|in|during|across|for) (?:those|these|the|both)(?: same)?(?: two| three| \d)? "
                         r"years\b")
# "and concerning that total cost, by how much did it change ...?": the fronted topic is what "it" stands for
_FRONTED = re.compile(r"^(?:and\s+)?(?:concerning|regarding|as for|with (?:regard|respect) to)\s+"
                      r"(?:(?:that|this|these|those)\s+)?(?P<topic>[^,?]+?),\s*(?P<rest>.+)$")
_STANDS_FOR = re.compile(r"\b(?:it|them|they)\b")
BY_CHANGE = re.compile(r"\b(?:divided by|over|in relation to|relative to) (?:the |that |this )?(?:net )?"
                       r"(?:change|difference|increase|decrease)\b")  # the change is the denominator


@dataclass
class Turn:
    question: str
    steps: list[Step]
    ops: list[str]
    doc: ground.Document
    prev: Step | None
    years: list[str]
    words: list[str]
    own: list[str]
    novel: list[str]
    novel_subject: bool
    followup: bool
    op: str
    off: frozenset[str] = frozenset()
    subject: list[str] = field(default_factory=list)
    qyears: list[str] = field(default_factory=list)
    cache: dict = field(default_factory=dict)

    def on(self, name: str) -> bool:
        return name not in self.off


@dataclass(frozen=True, slots=True)
class Reading:
    name: str
    example: str
    apply: Callable[[Turn], None]


def _avg_those(t: Turn) -> None:
    if t.op == "lookup" and t.steps and re.search(r"\b(?:average|mean)\b", t.question) and \
            re.search(r"\b(?:those|these|them|the \w+ years)\b", t.question):
        t.op = "average"


def _two_year_total(t: Turn) -> None:
    if t.op == "lookup" and len(set(t.years)) == 2 and \
            re.search(r"\b(?:all|combined|together|in total)\b|\btotal\b(?! \w+ \w+ (?:of|as))", t.question):
        t.op = "sum"


def _year_range(t: Turn) -> None:
    span = _RANGE.search(t.question)
    if span and (t.op in ("sum", "average") or t.op == "lookup" and re.search(r"\btotal\b", t.question)):
        first, last = int(span.group(1)), int(span.group(2))
        if 1 < last - first <= 10:
            t.years = [str(y) for y in range(first, last + 1)]
            t.op = "sum" if t.op == "lookup" else t.op


def _average_of_years(t: Turn) -> None:
    if re.search(r"\baverage\b", t.question) and not t.ops and len(set(t.years)) >= 2 and \
            not any("average" in c.label for c in t.doc.candidates if c.source == "table"):
        t.op = "average"


def _percent_of_change(t: Turn) -> None:
    prev, q = t.prev, t.question
    if t.op == "ratio" and "change" in t.ops and prev is not None and holds(prev.program, "subtract") and \
            t.followup and not (t.on("by_change") and BY_CHANGE.search(q)) and \
            not re.search(r"\bin relation to (?:that|the|this) [\w&/ ]{1,30} one\b", q):
        t.op = "pct_change"


READINGS: tuple[Reading, ...] = (
    Reading("avg_those", "the average cash paid for interest between those three years", _avg_those),
    Reading("two_year_total", "the fair value of all notes due in 2015 and 2017", _two_year_total),
    Reading("year_range", "the total amortization in the years of 2015 to 2018", _year_range),
    Reading("average_of_years", "the average net revenue in 2006 and 2007 (no row is itself an average)",
            _average_of_years),
    Reading("percent_of_change", "and what percentage does that represent? (after a change)", _percent_of_change),
)


def _resolve_periods(question: str, prev: Step | None, off: frozenset[str] = frozenset()) -> str:
    """ "that year", "the previous year" written as the year they stand for ("the change over that period" spans
    the earlier turns' years: no one year)."""
    span = "span_period" not in off and _OVER_PERIOD.search(question) and \
        {"change", "pct_change", "sum", "average"} & set(detect_ops(question))
    if prev is not None and prev.years and _THAT_YEAR.search(question) and not span:
        question = _THAT_YEAR.sub(prev.years[-1], question)
    if prev is not None and prev.years and not years_in(question):
        base = int(max(prev.years))
        question = _PREV_YEAR.sub(str(base - 1), question)
        question = _NEXT_YEAR.sub(str(base + 1), question)
    return question


def _fronted_topic(question: str) -> str:
    """ "and concerning that total cost, by how much did it change?" read as "by how much did the total cost
    change?": the topic a turn fronts is the line its pronoun names, a fresh subject rather than an earlier answer."""
    m = _FRONTED.match(question)
    if not m or _PRONOUN.search(_THAT_YEAR.sub("", m["topic"])) or not _STANDS_FOR.search(m["rest"]):
        return question
    topic = m["topic"] if m["topic"].startswith("the ") else f"the {m['topic']}"
    return _STANDS_FOR.sub(lambda _: topic, m["rest"], count=1)


def _names_the_line(question: str, op: str) -> bool:
    """A pronoun that stands for the earlier turn's line ("it", "that performance price"); for a change, not one
    that names the period ("between those two years")."""
    return any(op == "lookup" or not _PERIOD_NOUN.match(question, m.end()) for m in _PRONOUN.finditer(question))


def read(example: Example, off: frozenset[str] = frozenset()) -> Turn:
    steps = steps_of(example)
    prev = steps[-1] if steps else None
    question = example.question.lower()
    question = _resolve_periods(question if "fronted_topic" in off else _fronted_topic(question), prev, off)
    ops = detect_ops(example.question.lower())
    years, words = years_in(question), content_words(question)
    seen = {w for s in steps for w in content_words(s.question)}
    own = [w for w in words if w not in GENERIC]
    novel = [w for w in own if w not in seen]
    vague = [w for w in content_words(question) if w not in GENERIC]
    followup = bool(steps) and (not novel or not vague or bool(REFER.search(question)) and len(vague) <= 2)
    t = Turn(question, steps, ops, ground.Document.from_context(example.context, "cell_rank" not in off), prev, years, words, own, novel,
             bool(own) and not REFER.search(question) or len(own) > 2, followup, ops[0] if ops else "lookup", off)
    for reading in READINGS:
        if t.on(reading.name):
            reading.apply(t)
    t.subject = words or (prev.words if prev else [])
    if prev is not None and words and len(own) <= 3 and t.op in _CARRIES_SUBJECT and \
            _names_the_line(question, t.op):
        # "and what was it in the first quarter?", "and the change in that performance price from 2007 to 2012?"
        t.subject = words + [w for w in prev.words if w not in words]
    t.qyears = t.years or (prev.years if prev else [])
    if t.on("those_years") and not t.years and steps and THOSE_YEARS.search(question):
        asked = list(dict.fromkeys(y for st in steps for y in years_in(st.question)))
        if len(asked) >= 2:
            t.qyears = asked[-2:] if t.op == "change" else asked  # "between those same two years"
    return t
