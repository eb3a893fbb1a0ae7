"""Operator cues as data: which operator a question asks for, one named row per way of asking.

Rows are tried in their listed order and the first that matches names the operator (the order is part of the
data: a "percentage change" is a change ratio before it is a percentage, "which year was higher" is a comparison
before it is a change). Each row carries an example that the tests classify (tests/test_solver_intent.py). The
question is first put in its canonical wording (``intent.canonical``), so synonyms live there, not here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_COMPARATIVE = re.compile(r"\b(?:higher|lower|highest|lowest|larger|smaller|largest|smallest|greater|greatest|more|"
                          r"less|most|least|bigger|biggest|better|worse|best|worst|fewer|fewest|negative|positive|"
                          r"weakest|strongest|longest|shortest|heaviest|lightest|busiest|quietest|peak|peaked)\b")
_WHICH = re.compile(r"^(?:in |for |during |between [^,]*, )?(?:which|what) (?:year|years|fiscal year|period|quarter|"
                    r"segment|\w+)\b|^who\b|\bwhich (?:year|years|fiscal year|period)\b")
_AMOUNT_ASKED = re.compile(r"\bhow much\b|\bwhat (?:is|was|were|are) the\b")
#: "how many months had a mean temperature above 7?": a count of what passes, whatever the line is called
_COUNT_PASSING = re.compile(r"^how many\b.*\b(?:above|over|below|under|exceed\w*|more than|less than|fewer than|"
                            r"greater than|higher than|lower than|at least)\s+-?\$?\d")
MIN_WORDS = re.compile(r"\b(?:lower|lowest|smaller|smallest|less|least|worse|worst|fewer|fewest|weakest|shortest|"
                       r"lightest|quietest|minimum)\b")
#: the superlatives that ask for an extreme ("which month was busiest?", "when did loans peak?"); MIN_WORDS says which
SUPERLATIVE = re.compile(r"\b(?:highest|lowest|most|least|fewest|largest|smallest|biggest|best|worst|weakest|strongest|"
                         r"longest|shortest|heaviest|lightest|busiest|quietest|peak\w*|maximum|minimum)\b", re.I)


@dataclass(frozen=True, slots=True)
class Cue:
    name: str
    kind: str
    pattern: re.Pattern[str] | None
    example: str
    extra: Callable[[str, list[str]], bool] | None = None  # a further test on (lower-cased question, its years)

    def matches(self, low: str, years: list[str]) -> bool:
        return (self.pattern is None or self.pattern.search(low) is not None) and \
            (self.extra is None or self.extra(low, years))


def _which_comparative(low: str, years: list[str]) -> bool:
    return bool(_WHICH.search(low)) and bool(_COMPARATIVE.search(low)) and not _AMOUNT_ASKED.search(low)


CUES: tuple[Cue, ...] = (
    Cue("which_is_more", "compare", None, "Which year had the higher revenue?", _which_comparative),
    # a kind of line, not a line, asked by its extreme: which line of that kind is asked, not its amount
    Cue("largest_of_a_kind", "compare", re.compile(
        r"^what (?:is|was|were|are) the (?:single )?(?:biggest|largest|highest|greatest|smallest|lowest) (?:single )?"
        r"(?:costs?|expenses?|expenditures?|outgoings?|overheads?|sources? of (?:income|revenue|funding)|(?:income|"
        r"revenue) (?:sources?|streams?))\b"), "What was the biggest cost in 2024/25?"),
    # before the share and change rows: "how many years did the margin percentage exceed 10%?" counts what passes
    Cue("how_many_passing", "count", _COUNT_PASSING, "How many years did the gross margin percentage exceed 10%?"),
    Cue("percentage_change", "change_ratio", re.compile(
        r"percent(?:age)?\s+(?:change|increase|decrease|growth|decline|rise|drop|fall|reduction)|% ?(?:change|"
        r"increase|decrease|growth|decline)|growth rate|rate of (?:change|increase|growth|decrease|decline)|"
        r"(?:increase|decrease|change|grow|growth|decline)\w* (?:in|by) percent|percent(?:age)? (?:of )?"
        r"(?:change|increase|decrease)|\b(?:grow|grew|increas|decreas|rise|rose|fell|fall|drop|declin|chang)\w*\b.*"
        r"\bin (?:percent|percentage terms)\b|\b(?:year|quarter|month|period)[- ]on[- ](?:year|quarter|month|period) "
        r"growth|\b(?:yoy|qoq|mom) growth"),
        "What was the percentage change in revenue from 2018 to 2019?"),
    Cue("average", "average", re.compile(r"(?<!weighted )(?<!weighted-)\baverage\b|\bmean\b"),
        "What was the average revenue in 2018 and 2019?", lambda low, years: not _COUNT_PASSING.search(low)),
    Cue("total_of_shares", "sum", re.compile(r"\b(?:total |sum of (?:the )?)(?:percentages?|proportions?)\b"),
        "What is the total percentage of revenue from A and B?"),
    Cue("share", "divide", re.compile(r"\bratio\b|\bproportion\b|\bpercentage\b|\bwhat percent|\bas a percent|"
                                      r"\bportion\b|\bfraction\b|\bshare of\b|\bpercent of\b|% of\b"),
        "What percentage of total revenue was services?"),
    Cue("how_many_times", "divide", re.compile(r"\bhow many times\b"), "How many times is the 2019 revenue that of 2018?"),
    Cue("difference", "diff", re.compile(
        r"\bchange\b|\bchanged\b|\bdifference\b|\bdiffer\b|\bincrease\b|\bdecrease\b|\bincreased\b|\bdecreased\b|"
        r"how (?:much|many) (?:more|less|fewer|higher|lower|greater|larger|smaller|bigger)|\bvariance\b|\bgrowth\b|\bdecline\b|"
        r"\bdeclined\b|\bgrew\b|\bfell\b|\brose\b|\bmovement\b|\bminus\b|\bless (?!than\b)(?=[a-z])"), "What was the change in revenue from 2018 to 2019?"),
    Cue("how_many", "count", re.compile(
        r"\bhow many (?:of the )?(?:\w+[- ])?(?:years|periods|quarters|months|components|items|types|kinds|categories|"
        r"segments|elements|assumptions|services|regions|countries|geographic|major|companies|executive|officers|members|"
        r"lines|classes|sources|factors|markets)\b|\bhow many\b.*\b(?:exceed|above|below|more than|less than|greater "
        r"than|lower than|higher than|fewer than|are there|in the table)\b|\b(?:exceed|above|below|more than|less than|"
        r"greater than|lower than|higher than|fewer than|are there|in the table)\b.*\bhow many\b|"
        # rows compared between two periods: "how many galleries had more visitors in 2024 than in 2023?"
        r"\bhow many [a-z]+s (?:had|have|has|were|was|saw|showed|recorded|did)\b.*\b(?:more|fewer|higher|lower|less|"
        r"greater|larger|smaller|bigger)\b.*\bthan\b"), "How many segments are there?"),
    Cue("which_periods", "list_years", re.compile(
        r"\b(?:which|what) (?:years|periods|fiscal years)\b|\bwhat years\b|\bwhat (?:are|were) the (?:\w+ )?(?:years|"
        r"fiscal years|periods)\b|\b(?:which|what) (?:financial |fiscal )?(?:years?|periods?)(?:'|\(s\))?\s[^?]*\b(?:"
        r"shown|included|presented|provided|recorded|reported|calculated|listed|covered|displayed|in the table)\b"),
        "Which years does the table provide information for?", lambda low, years: not years),
    Cue("items", "list_items", re.compile(
        r"\bwhat (?:are|were) (?:the )?(?:\w+ )?(?:items|components|elements|types|categories|segments|line items|"
        r"sources|factors)\b|\bwhat (?:\w+ )?items\b|\bwhich (?:\w+ )?(?:items|segments|components|categories|types)\b"),
        "What are the components of revenue?"),
    Cue("total", "sum", re.compile(r"\btotal\b|\bsum\b|\bsummed\b|\badd(?:s|ed)? up\b|\bcombined\b|\baltogether\b|"
                                   r"\bin aggregate\b|\bacross all\b"),
        "What is the total revenue in 2018 and 2019?"),
)


def cue_of(low: str, years: list[str]) -> Cue | None:
    """The first row that matches a lower-cased canonical question, or None."""
    return next((cue for cue in CUES if cue.matches(low, years)), None)


def operator_of(low: str, years: list[str]) -> tuple[str, str]:
    """(the operator kind, "max"/"min" for comparisons); "value" when no row matches."""
    cue = cue_of(low, years)
    if cue is None:
        return "value", ""
    return cue.kind, ("min" if MIN_WORDS.search(low) else "max") if cue.kind == "compare" else ""


#: what kind of answer a question asks for, so a text span of another kind does not answer it (applied to the
#: ranker's choice, ``rank.candidates.spans_of_the_kind_asked``): "which month/quarter/period" a span naming a period,
#: "how many" a span holding a number
_PERIOD_ASKED = re.compile(r"\b(?:which|what) (?:fiscal |financial |calendar )?(?:months?|quarters?|half-years?|halves|"
                           r"half|periods?|seasons?|weeks?)\b")
_COUNT_ASKED = re.compile(r"^\s*how many\b")
_A_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
                       r"fifty|hundred|thousand|million|billion|dozen|half|single|several|none|no)\b", re.I)


def span_misfits(low: str, span: str) -> bool:
    """Whether a text span cannot be the kind of answer a lower-cased question asks for."""
    from ....periods import find_periods, months_named

    if _PERIOD_ASKED.search(low):
        return not (find_periods(span) or months_named(f"in {span}") or months_named(span))
    if _COUNT_ASKED.search(low):
        return not _A_NUMBER.search(span)
    return False
