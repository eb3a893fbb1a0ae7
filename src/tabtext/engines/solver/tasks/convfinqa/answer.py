"""ConvFinQA turns: read the question against earlier turns, let named patterns propose a plan, compute.

The history holds the earlier questions and the assistant's answers (in ChatRAG-Bench the gold formulas), so a
follow-up such as "what was the change then?" works on the values of earlier turns, and "and in 2005?" reuses the
last subject with a new year. Values come from the table (rows matched by their words with rapidfuzz, columns by
year or header words) or the text (numbers near the subject's words; "..., respectively" lists mapped to years):
a hand score shortlists the best few and a learned cell ranker, fitted on dev half A (``cell_rank.py``), picks.

``PATTERNS`` is the table of ways a turn is read: a name, the cue it answers to, the operator, the operands,
an example. Each row that applies proposes a plan (``proposals``) and ``choose.py`` picks one: a learned ranker
when one is shipped, else the table's order (the first that applies gives the plan; one that applies but grounds
nothing leaves the turn unanswered); ``benchmarks/convfinqa_rank.py`` measured the ranker and it did not gain
on the held-out half, so the order decides. ``REFINEMENTS`` names the
refinements inside patterns and ``read.READINGS`` the operator readings; any of them can be
switched off by name (``answer_convfinqa(example, off={...})``, ``benchmarks/convfinqa_eval.py --without``).
The answer is what the turn's Program computes (``answer_program``: every row builds one over its grounded
cells, text numbers and ``Ref``s to earlier turns, whose formulas are read into Programs at the boundary,
``formula.py``), as a plain string; the formula it renders goes into ``derivation``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .....calc import CalcError, evaluate
from .....types import Answer, Example, Prediction
from ...program.program import Program
from . import earlier, table
from . import program as convfinqa_program
from .choose import Proposal, choose, weights
from .core import core_proposal
from .formula import read_formula
from .read import READINGS, Turn, read
from .turns import Plan, format_answer


@dataclass(frozen=True, slots=True)
class Pattern:
    name: str
    when: str
    op: str
    operands: str
    example: str
    propose: Callable


PATTERNS: tuple[Pattern, ...] = (
    Pattern("explicit", "a literal number or unit in the question", "+-*/", "earlier answer or literal, literal",
            "what is that less 100?", earlier.explicit),
    Pattern("stated_percent_of_earlier", "a percentage of an earlier answer the text writes beside it", "lookup",
            "the percentage after the earlier number", "and what was that as a percentage of the 2015 net interest?",
            earlier.stated_percent_of_earlier),
    Pattern("difference_of_changes", "'the difference between X's percent change and Y's'", "subtract",
            "the last two earlier percent changes", "what is the difference between the pmi percentage and the s&p one?",
            earlier.difference_of_changes),
    Pattern("change_over_base", "percent change, or 'that change over' after a change", "divide",
            "earlier change, its base", "and how much does that change represent in relation to 2008?",
            earlier.change_over_base),
    Pattern("same_for_other_subject", "'that same change/ratio for X'", "repeat", "earlier operands moved to X",
            "in that same period, what was that fluctuation for the s&p 500?", earlier.same_for_other_subject),
    Pattern("per_unit", "'X per Y' after a lookup", "divide", "earlier answer, a cell of its row",
            "and what was the average volume per transaction?", earlier.per_unit),
    Pattern("times_100", "'times 100', 'in percent'", "multiply", "earlier answer, 100",
            "what is that times 100?", earlier.times_100),
    Pattern("less_one", "'less the portion / one'", "subtract", "earlier ratio, 1",
            "and what is that less one?", earlier.less_one),
    Pattern("percent_change_of_earlier", "percentage change, follow-up", "change_ratio",
            "earlier change over its base, or the last two answers", "what is that as a percent change?",
            earlier.percent_change_of_earlier),
    Pattern("average_of_earlier_sum", "average after a sum", "divide", "earlier sum, its count",
            "and what is the average of those?", earlier.average_of_earlier_sum),
    Pattern("two_named_earlier", "ratio/change naming two earlier answers", "divide/subtract",
            "two earlier answers named by their words", "what is the net sales over the cost of sales?",
            earlier.two_named_earlier),
    Pattern("earlier_run", "change/sum/average/ratio, follow-up without a year", "combine",
            "the trailing earlier lookups", "what was the change then?", earlier.earlier_run),
    Pattern("operand_of_year", "'and in 2005?' naming an earlier operand's year", "lookup",
            "the earlier operand of that year", "and what was it in 2007?", earlier.operand_of_year),
    Pattern("moved_to_year", "'and in 2005?' after a computation", "repeat", "earlier operands moved to the year",
            "and in 2005?", earlier.moved_to_year),
    Pattern("moved_to_row", "'and for X?' after a computation", "repeat", "earlier operands moved to row X",
            "and what about for the uk?", earlier.moved_to_row),
    Pattern("earlier_lookups", "change/sum/average of 'those', not a follow-up", "combine", "earlier lookups",
            "what was, then, the change in that cash dividend throughout 2002?", earlier.earlier_lookups),
    Pattern("low_to_high", "'from lowest to highest'", "subtract", "the high cell, the low cell",
            "what was the change in the share price from lowest to highest during the quarter?", table.low_to_high),
    Pattern("whole_table_period", "'over the five year period'", "change", "first and last year of the row",
            "what was the percent change for the five year period ended 2017?", table.whole_table_period),
    Pattern("listed_change", "change in one year, row without a year", "lookup", "the row that is itself a change",
            "what was the change in net revenue due to volume/weather in 2007?", table.listed_change),
    Pattern("stated_change", "'by what amount did X decrease' and the text writes it", "lookup",
            "the number after 'decreased by'", "by what amount did the net earnings decrease over the year?",
            table.stated_change),
    Pattern("change_from_year_before", "change in one year", "subtract", "the year's cell, the year before's",
            "what was the change in revenue in 2007?", table.change_from_year_before),
    Pattern("over_years", "change/sum/average/ratio over two or more years", "combine", "one cell per year",
            "what was the change in net revenue from 2006 to 2007?", table.over_years),
    Pattern("without_part", "'without / excluding X'", "subtract", "the whole, the part",
            "what was 2005 operating income without segment x?", table.without_part),
    Pattern("two_named_values", "sum/change of two named subjects", "add/subtract", "two cells",
            "what is the sum of cash and short-term investments?", table.two_named_values),
    Pattern("earlier_with_new_value", "'that' with an operator and a new subject", "combine",
            "earlier answer, a new cell", "what is that divided by the total revenue?", table.earlier_with_new_value),
    Pattern("ratio_of_two", "ratio/portion of X in Y", "divide", "part cell, whole cell",
            "what portion of total revenue came from services?", table.ratio_of_two),
    Pattern("nothing_grounded", "no subject or no value found", "none", "", "what about it?", table.nothing_grounded),
    Pattern("value_times_price", "'total value/cost' of a count", "multiply", "count cell, price cell",
            "what was the total value of the shares purchased?", table.value_times_price),
    Pattern("annual_times_years", "'total' of an annual amount over N years", "multiply", "annual cell, N",
            "what were the total payments for the lease that lasted 7 years?", table.annual_times_years),
    Pattern("lookup", "anything else", "lookup", "the best cell or text number", "what was revenue in 2007?",
            table.lookup),
)

#: refinements inside patterns, switchable by name like the patterns
REFINEMENTS = {
    "by_change": "'divided by the change': the change is the denominator, not a percent change",
    "latest_first": "'that value over the prior one': the latest answer leads",
    "new_subject": "a follow-up naming a new table row is not a combination of earlier answers",
    "operand_fits": "a cell fitting the question better than the earlier operand of that year",
    "distinct": "one cell cannot stand for two years",
    "year_operand": "'divided by the 2009 value': the earlier operand of that year",
    "not_self": "an earlier answer is not its own partner",
    "including": "'including X': a sum with the earlier answer",
    "same_line": "'including the 2001 program': one more term from the line of the others",
    "part_whole": "a part over the earlier sum that holds it",
    "part_of_prev": "'what portion of that was X': X over the earlier whole",
    "those_years": "'between those two years': the years asked in earlier turns",
    "amounts_only": "'the change in X from 2010 to 2011' with no rate word: no number written as a percent",
    "span_period": "'the change over that period': the earlier turns' years, not the last one",
    "turn_order": "a change of operands earlier turns looked up: the first asked less the second",
    "part_in_line": "'what portion of the total obligations are due within a year': the part in the whole's row or column",
    "whole_not_part": "a ratio's whole grounded on the part's own cell: the best other cell, of any year",
    "not_that": "'what is that less X in 2013?': not a change of X from the year before",
    "named_order": "'the difference of the e*trade percent change and the s&p one': in the order the question names them",
    "stated_percent": "'X as a percentage of Y' that the document states as a percentage: read, not computed",
    "named_change": "a follow-up naming its own line reads 'the change in X in 2007' afresh (half A 531 -> 532, B =)",
    "unconsumed": "without two trailing lookups, the last answers no later one computed with (A 530 -> 531, B 571 -> 572)",
    "another_value": "'and in 2015?' landing on the earlier answer itself: that line's other period, else another value",
    "core": "the TAT-QA core's answer to the question alone is one more proposal (core.py)",
    "same_sentence": "a change over years whose first number is in the text: the other year's number of the same "
                     "sentence when one fits (NEAR characters; A 542 -> 543, B 575 -> 576)",
    "anchor": "a change over years starts from the year whose number fits best, the others read on its line",
    "fronted_topic": "'and concerning that total cost, by how much did it change?': the fronted topic is the line "
                     "'it' names, a fresh subject (read.py)",
    "earlier_whole": "'what percentage of that long-term debt is due in 2020?': the whole is the earlier answer whose "
                     "question names it (table.py: ratio_of_two)",
    "same_change_for": "'this change but for X as a percentage of Y': the same change for X, not a percent change",
    "cell_rank": "the learned cell ranker re-orders the hand score's best few cells (cell_rank.py)",
}
SWITCHES = frozenset(p.name for p in PATTERNS) | frozenset(REFINEMENTS) | frozenset(r.name for r in READINGS)


def proposals(turn: Turn, off: frozenset[str] = frozenset(), every: bool = True) -> tuple[list[Proposal], str]:
    """Every pattern's answer in the table's order, and the first pattern that stops (applies, grounds nothing);
    ``every=False`` ends at the first proposal or stop (all the table's order needs)."""
    out: list[Proposal] = []
    stop = ""
    for position, pattern in enumerate(PATTERNS):
        if pattern.name in off:
            continue
        try:
            found = pattern.propose(turn)
        except (AttributeError, TypeError, ValueError, IndexError, KeyError, ZeroDivisionError):
            continue  # a row written to run only after the rows above it passed: it does not apply here
        if found is earlier.NO_ANSWER:
            stop = stop or pattern.name
        elif found is not None:
            computed = compute(found, turn)
            if computed is not None:
                out.append(Proposal(pattern.name, position, bool(stop), found, *computed))
        if not every and (out or stop):
            break
    return out, stop


def with_core(example: Example, found: list[Proposal], stop: str, off: frozenset[str]) -> list[Proposal]:
    """The patterns' proposals and the TAT-QA core's (``core.py``) after them, unless switched off."""
    if "core" in off:
        return found
    extra = core_proposal(example, len(PATTERNS), bool(stop))
    return found + [extra] if extra is not None else found


def answer_program(p: Plan, turn: Turn) -> tuple[Program, tuple[Program, ...]] | None:
    """The Program that answers the turn (the pattern's own; a row that wrote only a formula: the formula read),
    with the earlier turns' Programs it refers to; None when it is no arithmetic a Program runs (yes/no)."""
    history = convfinqa_program.history(turn.steps)
    program = p.program or read_formula(p.formula)
    return (program, history) if program is not None else None


def compute(p: Plan, turn: Turn) -> tuple[str, Program | None, tuple[Program, ...]] | None:
    """(the answer as text, the Program that computes it, the earlier turns' Programs); None when it cannot run."""
    found = answer_program(p, turn)
    try:
        value = found[0].value(found[1]) if found else evaluate(p.formula)
    except CalcError:
        return None
    # a fraction stays a fraction even when asked "in percent": that is how the gold programs write it
    # "11.4%" for a percentage the document writes so: right whether the gold keeps 11.4 or reads it as 0.114
    text = value if isinstance(value, str) else format_answer(value) + p.unit
    if p.unit == "%" and re.fullmatch(r"-?\d+(?:\.\d+)?", p.formula.strip()):
        text = p.formula.strip() + "%"  # "61%" as written: the official EM also looks for the gold formula "61%"
    return (text, *found) if found else (text, None, ())


def answer_convfinqa(example: Example, off: frozenset[str] = frozenset()) -> Prediction:
    """Answer one ConvFinQA turn; never raises for a bad item (the error goes into the Prediction)."""
    try:
        turn = read(example, off)
        model = weights()
        found, stop = proposals(turn, off, every=model is not None)
        if model is not None:
            found = with_core(example, found, stop, off)
    except Exception as exc:  # one odd turn must not stop a run; the error says what happened
        return Prediction(uid=example.uid, answer=None, error=f"{type(exc).__name__}: {exc}")
    chosen = choose(found, model, turn.question)
    if chosen is None and "core" not in off:  # no pattern grounds the turn: the core reads its question alone
        chosen = core_proposal(example, len(PATTERNS), bool(stop))
    if chosen is None:
        return Prediction(uid=example.uid, answer=None, error="no grounded value for the question",
                          meta={"pattern": stop})
    p, text = chosen.plan, chosen.text
    program = {**chosen.program.to_json(), "history": [h.to_json() for h in chosen.history]} \
        if chosen.program else None
    return Prediction(uid=example.uid, answer=Answer(value=text, derivation=p.formula), raw=text,
                      evidence=p.evidence, meta={"formula": p.formula, "note": p.note, "pattern": chosen.pattern,
                                                 **({"program": program} if program else {})})
