"""ConvFinQA patterns that compute over earlier answers ("the change then", "that times 100", "and in 2005?").

Each function reads a ``Turn`` and returns a ``Plan``, ``None`` (the pattern does not apply) or ``NO_ANSWER``
(it applies and finds nothing: the turn is left unanswered). The table of patterns is in ``answer.py``.
"""

from __future__ import annotations

import re

from . import program as P
from .formula import holds, pair, terms
from .ground import content_words
from .moves import row_transfer
from .read import BY_CHANGE, Turn
from .turns import (
    Plan,
    combine,
    combine_order,
    count_word,
    literal_arithmetic,
    lookup_plan,
    lookup_run,
    named_steps,
    number_value,
    operand_for_year,
    parenthesize,
    relative_change,
    rescale,
    transfer,
)

NO_ANSWER = Plan("", note="no answer")

# "over the next year" / "over that period" is a time, not a division
_OVER_TIME = (r"(?! (?:the |that |this )?(?:(?:next|subsequent|following|previous|prior|same|whole|entire|last|first|"
              r"two|three|four|five|\d+)[- ])?(?:years?|period|quarters?|months?)\b)")
_OVER = re.compile(rf"\b(over{_OVER_TIME}|divided by|divide by|in relation to|relative to|as a (?:percent\w*|portion|"
                   r"share|fraction) of|represent\w*|rate of return)\b")
CHANGE_REF = re.compile(r"\b(this|that|the|net|those|these)( net)? (change|difference|increase|decrease|decline|"
                        r"growth|variation|fluctuation|drop|rise|gain|loss)\b|rate of return")
_SAME_FOR = re.compile(r"\b(?:that|this|the same) (?:\w+ )?(?:(change|fluctuation|variation|difference|increase|"
                       r"decrease|growth|variance)|(?P<ratio>percentage|ratio|portion|proportion|average \w+))\b.* "
                       r"(?:for|of) (?:the )?\w")
_CHANGE_FOR = re.compile(r"\b(?:that|this|the same) (?:change|difference|increase|decrease|variation|variance),? "
                         r"(?:but |now )?for\b")
_LATEST_FIRST = re.compile(r"\b(?:that|this|it)\b(?: \w+)? (?:over|divided by|less|minus|compared to) (?:the |that )?"
                           r"(?:prior|previous|earlier|first|former|preceding)\b")


def combine_plan(op: str, items: list, operands: list, question: str, note: str, ordered: bool = False) -> Plan | None:
    """``combine``'s formula and the same computation as a Program over ``operands`` (one per item)."""
    formula = combine(op, items, question, ordered)
    if not formula:
        return None
    order = combine_order(op, items, ordered)
    return Plan(formula, note=note, program=P.combined(op, [operands[i] for i in order]) if order else None)


def or_stop(plan: Plan | None) -> Plan:
    return plan if plan is not None else NO_ANSWER


def _pv(t: Turn) -> str:
    assert t.prev is not None
    return t.prev.formula if t.prev.lookup else f"({t.prev.formula})"


def _on_earlier(t: Turn) -> bool:
    return t.followup and t.prev is not None and t.prev.value is not None


def explicit(t: Turn) -> Plan | None:
    last = P.ref(t.steps) if t.steps else None
    return literal_arithmetic(t.question, t.prev, t.years, t.doc, last) or rescale(t.question, t.prev, last)


_PERCENT_ASKED = re.compile(r"percent|%")
_BESIDE = 25  # how far (characters) after the earlier answer's number its percentage may start


def stated_percent_of_earlier(t: Turn) -> Plan | None:
    """ "what was that as a percentage of the 2015 net interest?" after a lookup of a number the text writes with
    its percentage ("net interest decreased $ 13 million ( 23% )"): the percentage as written."""
    prev, found = t.prev, t.doc.candidates
    if not (t.op in ("ratio", "pct_change") and prev is not None and prev.lookup and prev.value is not None and
            _PERCENT_ASKED.search(t.question)):
        return None
    for i, c in enumerate(found[:-1]):
        beside = found[i + 1]
        if c.source == beside.source == "text" and not c.percent and beside.percent and \
                abs(c.value - prev.value) < 1e-9 and beside.key[0] == c.key[0] and \
                0 <= beside.key[1] - c.evidence.end <= _BESIDE:
            return Plan(beside.text, (beside.evidence,), "the percentage the text writes beside the earlier answer",
                        "%", P.program("lookup", P.leaf(beside)))
    return None


def change_over_base(t: Turn) -> Plan | None:
    q = t.question
    if t.on("same_change_for") and t.novel and _CHANGE_FOR.search(q):
        return None  # "this change but for europe as a percentage of net sales": the change, moved to europe
    if t.prev is not None and (t.op == "pct_change" or t.op in ("ratio", "change") and CHANGE_REF.search(q)
                               and _OVER.search(q) and not (t.on("by_change") and BY_CHANGE.search(q))):
        return relative_change(t.doc, t.steps, t.years)
    return None


_BETWEEN_CHANGES = re.compile(r"\b(?:difference|variance|gap)\b (?:between|of)\b.*\b(?:percent\w*|one|return)\b")


def _relative_change(program) -> bool:
    """``(a - b) / b``: an earlier turn's percent change."""
    return program is not None and program.op == "divide" and isinstance(program.args[0], type(program)) and \
        program.args[0].op == "subtract" and abs(program.args[0].args[1].value - program.args[1].value) < 1e-12


def difference_of_changes(t: Turn) -> Plan | None:
    """ "the difference between the pmi percentage and this s&p 500 one": of the last two earlier percent changes."""
    changes = [s for s in t.steps if _relative_change(s.program)]
    if not (t.steps and len(changes) >= 2 and _BETWEEN_CHANGES.search(t.question)) or t.years:
        return None
    b, a = changes[-2:]  # the later less the earlier, unless the question names each by its own words
    if t.on("named_order"):
        a, b = _named_order(t.question, t.steps, a, b)
    return Plan(f"{parenthesize(a.formula)} - {parenthesize(b.formula)}", note="difference of two percent changes",
                program=P.program("subtract", P.ref(t.steps, a), P.ref(t.steps, b)))


def _named_order(question: str, steps: list, a, b) -> tuple:
    """(a, b) as the question names them ("the difference of the e*trade percent change and the s&p one"): by
    where each change's own words (those of its turn and the turn it follows, none of the other's) first occur;
    (a, b) unchanged when either names none."""
    def said(step) -> set[str]:
        k = steps.index(step)
        return {w for s in steps[max(0, k - 1): k + 1] for w in s.words}
    words = content_words(question)
    own_a, own_b = said(a) - said(b), said(b) - said(a)
    at_a = next((i for i, w in enumerate(words) if w in own_a), None)
    at_b = next((i for i, w in enumerate(words) if w in own_b), None)
    return (b, a) if at_a is not None and at_b is not None and at_b < at_a else (a, b)


def same_for_other_subject(t: Turn) -> Plan | None:
    same = _SAME_FOR.search(t.question) if t.prev is not None and t.novel else None
    if not same or set(t.years) - set(t.prev.years):  # type: ignore[union-attr]
        return None
    named = next((st for st in reversed(t.steps) if (holds(st.program, "divide") if same.group("ratio")
                                                      else pair(st.program, "subtract"))), None)
    return row_transfer(t.doc, named, t.novel) if named is not None else None


def per_unit(t: Turn) -> Plan | None:
    prev = t.prev
    per = re.search(r"\b(?:average )?[a-z]+ per ([a-z]+)", t.question) if prev is not None and prev.lookup else None
    if not per or t.years:
        return None
    cell = t.doc.locate(prev.value, table_only=True)  # type: ignore[union-attr, arg-type]
    if cell is None:
        return None
    row = [x for x in t.doc.candidates if x.source == "table" and x.key[:2] == cell.key[:2] and x.key != cell.key]
    unit = t.doc.subset(row).best(content_words(per.group(1)), [], t.question)
    if unit is None:
        return None
    return Plan(f"{prev.formula.strip()} / {unit.text}", (unit.evidence,), "the earlier amount per unit",  # type: ignore[union-attr]
                program=P.program("divide", P.ref(t.steps), P.leaf(unit)))


def times_100(t: Turn) -> Plan | None:
    if not (_on_earlier(t) and t.op == "x100"):
        return None
    return Plan(f"{_pv(t)} * 100", note="previous answer times 100",
                program=P.program("multiply", P.ref(t.steps), P.const(100)))


def less_one(t: Turn) -> Plan | None:
    if not (_on_earlier(t) and t.op == "minus1"):
        return None
    return Plan(f"{_pv(t)} - 1", note="previous ratio less one", program=P.program("subtract", P.ref(t.steps), P.const(1)))


def percent_change_of_earlier(t: Turn) -> Plan | None:
    if not (_on_earlier(t) and t.op == "pct_change"):
        return None
    for s in reversed(t.steps[-3:]):
        change = pair(s.program, "subtract")
        if change:
            return Plan(f"({s.formula}) / {change[1].text}", note="earlier change over its base",
                        program=P.program("divide", P.ref(t.steps, s), change[1]))
    run = [s for s in t.steps[-2:] if s.value is not None]
    items = [(s.years[-1] if s.years else None, s.value, s.formula) for s in run]
    return or_stop(combine_plan("pct_change", items, [P.ref(t.steps, s) for s in run], t.question,
                                "change of the last two values in percent"))


def average_of_earlier_sum(t: Turn) -> Plan | None:
    if not (_on_earlier(t) and t.op == "average") or t.years:
        return None
    formula = t.prev.formula  # type: ignore[union-attr]
    count = count_word(t.question)
    if count and holds(t.prev.program, "add"):  # type: ignore[union-attr]
        return Plan(f"({formula}) / {count}", note=f"previous total over {count}",
                    program=P.program("divide", P.ref(t.steps), P.const(count)))
    summed = terms(t.prev.program)  # type: ignore[union-attr]
    if len(summed) >= 2:
        return Plan(f"({formula}) / {len(summed)}", note="previous sum over its count",
                    program=P.program("divide", P.ref(t.steps), P.const(len(summed))))
    return None


def two_named_earlier(t: Turn) -> Plan | None:
    if not (_on_earlier(t) and t.op in ("ratio", "change")) or t.years:
        return None
    named = named_steps(t.steps, t.question)
    if named is None:
        return None
    a, b = named
    sym = "/" if t.op == "ratio" else "-"
    return Plan(f"{parenthesize(a.formula)} {sym} {parenthesize(b.formula)}", note=f"{t.op} of two named earlier answers",
                program=P.program("divide" if t.op == "ratio" else "subtract", P.ref(t.steps, a), P.ref(t.steps, b)))


def earlier_run(t: Turn) -> Plan | None:
    if not (_on_earlier(t) and t.op in ("change", "sum", "average", "ratio", "greater")) or t.years:
        return None
    grounded_new = t.on("new_subject") and len(t.novel) >= 2 and \
        any(set(t.novel) <= set(content_words(c.label)) for c in t.doc.candidates if c.source == "table")
    run = lookup_run(t.steps, t.on("unconsumed"))
    if grounded_new or len(run) < 2:
        return None
    if t.op not in ("sum", "average"):
        run = run[-2:]
    if t.on("latest_first") and _LATEST_FIRST.search(t.question):
        run = run[::-1]  # "what is that value over the prior quotient?": the latest answer leads
    items = [(s.years[-1] if s.years else None, s.value, s.formula) for s in run]
    return or_stop(combine_plan(t.op, items, [P.ref(t.steps, s) for s in run], t.question,
                                f"{t.op} of earlier answers", ordered=True))


def operand_of_year(t: Turn) -> Plan | None:
    if not (_on_earlier(t) and t.op == "lookup" and t.years) or t.novel:
        return None
    doc, words, years = t.doc, t.words, t.years
    found = operand_for_year(doc, t.steps, years[0])
    own_cells = [c for c in doc.candidates if found is not None and c.source == "table" and
                 abs(c.value - number_value(found.formula)) < 1e-9]
    best = doc.best_scored(words, years[:1], t.question) if t.on("operand_fits") and own_cells and words else None
    if best is not None and best[1].key != own_cells[0].key and \
            best[0] > doc.score(own_cells[0], words, years[:1], t.question) + 0.1:
        return Plan(best[1].text, (best[1].evidence,), "a better fitting cell than the earlier operand",
                    program=P.program("lookup", P.leaf(best[1])))
    return found


def moved_to_year(t: Turn) -> Plan | None:
    if not (_on_earlier(t) and t.op == "lookup" and t.years) or t.novel_subject:
        return None
    plan = transfer(t.doc, t.prev, t.steps, t.years, t.question)  # type: ignore[arg-type]
    if plan is not None and t.on("another_value"):
        plan = _another_value(t, plan) or plan
    return or_stop(plan)


def _another_value(t: Turn, plan: Plan) -> Plan | None:
    """ "what was it in 2015?" landing on the earlier answer itself: another period asks for another value. The
    earlier answer's line at the period that turn asked (its cell was read from the other period's column), else
    the best value that is not the earlier answer."""
    prev = t.prev
    if not (prev is not None and prev.lookup and prev.value is not None and plan.program is not None and
            plan.program.op == "lookup" and abs(number_value(plan.formula) - prev.value) < 1e-9):
        return None
    cell = t.doc.locate(prev.value)
    old = prev.years[-1] if prev.years else None
    if cell is not None and cell.source == "table" and old:
        line = [c for c in t.doc.candidates if c.source == "table" and c.key[:2] == cell.key[:2] and old in c.years
                and abs(c.value - prev.value) >= 1e-9]
        if line:
            return lookup_plan(line[0], "the earlier answer's line, the period that turn asked")
    others = t.doc.subset([c for c in t.doc.candidates if abs(c.value - prev.value) >= 1e-9])
    return lookup_plan(others.best(prev.words, t.years[:1], f"{prev.question} {t.question}"),
                       "previous subject, new year, another value")


def moved_to_row(t: Turn) -> Plan | None:
    prev = t.prev
    if t.op == "lookup" and prev is not None and t.novel and len(t.own) <= 3 and \
            not (set(t.years) - set(prev.years)) and not prev.lookup and \
            re.match(r"(?:and )?(?:what (?:was|is|were|about) (?:it|that|this|they) )?(?:for|what about|how about|in) ",
                     t.question):
        return row_transfer(t.doc, prev, t.novel)
    return None


def earlier_lookups(t: Turn) -> Plan | None:
    prev = t.prev
    if not (t.op in ("change", "sum", "average") and prev is not None and not t.followup and
            re.search(r"\b(?:then|that|those|these|this)\b", t.question) and not (set(t.years) - set(prev.years))):
        return None
    run = [st for st in lookup_run(t.steps, t.on("unconsumed")) if st.lookup]
    if len(run) < 2:  # "what was, then, the change in that cash dividend throughout 2002?" after two lookups
        return None
    run = run[-2:] if t.op == "change" else run
    items = [(st.years[-1] if st.years else None, st.value, st.formula) for st in run]
    return or_stop(combine_plan(t.op, items, [P.ref(t.steps, st) for st in run], t.question,
                                f"{t.op} of earlier answers", ordered=True))
