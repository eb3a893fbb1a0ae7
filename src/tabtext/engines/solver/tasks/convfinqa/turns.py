"""ConvFinQA conversation state: earlier turns as Steps, and the operators that work on their answers.

An earlier turn's answer is a formula (in ChatRAG-Bench the gold one); its numbers are operands whose years are
known from the question that asked for them, from the change they took part in, or from the table cell holding them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .....calc import CalcError, evaluate
from .....types import Evidence, Example
from ...program.program import Program, Ref
from . import ground
from . import program as P
from .formula import leaves, pair, read_formula, render, shape, with_numbers, within
from .ground import content_words, years_in
from .program import Step

_NUM_RE = re.compile(r"(?<![\w.#])-?(?:\d+(?:\.\d+)?|\.\d+)%?")


REFER = re.compile(r"\b(it|its|that|this|those|these|them|then|same|the (?:value|amount|number|figure)s?)\b")


def _value(formula: str) -> float | None:
    try:
        v = evaluate(formula)
    except CalcError:
        nums = _NUM_RE.findall(formula)
        return number_value(nums[-1]) if nums else None
    return v if isinstance(v, float) else None


def number_value(text: str) -> float:
    return float(text[:-1]) / 100 if text.endswith("%") else float(text)


def steps_of(example: Example) -> list[Step]:
    steps: list[Step] = []
    turns = list(example.history)
    for i, turn in enumerate(turns):
        if turn.role != "user":
            continue
        answer = turns[i + 1].content if i + 1 < len(turns) and turns[i + 1].role == "assistant" else ""
        q = turn.content.lower()
        years = years_in(q) or (steps[-1].years if steps else [])
        words = content_words(q) or (steps[-1].words if steps else [])
        program = read_formula(answer) if answer else None  # the earlier answer read once, here
        if program is None:
            steps.append(Step(q, answer, _value(answer) if answer else None, years, words, False,
                              _NUM_RE.findall(answer)))
            continue
        steps.append(Step(q, answer, program.value(), years, words, program.op == "lookup",
                          [leaf.text for leaf in leaves(program)], program))
    return steps


def format_answer(value: float) -> str:
    text = str(round(value, 5))
    if "e" in text:
        text = f"{value:.10f}".rstrip("0").rstrip(".")
    return text


@dataclass
class Plan:
    formula: str
    evidence: tuple[Evidence, ...] = ()
    note: str = ""
    unit: str = ""  # "%" when the answer is a value the document writes as a percentage
    program: Program | None = None  # what the formula computes, over grounded operands and earlier turns


def combine_order(op: str, items: list[tuple[str | None, float, str]], ordered: bool = False) -> list[int] | None:
    """Which (year, value, text) items an operator takes, in the order asked (indices into ``items``)."""
    n = len(items)
    if n < 2 and op in ("change", "pct_change", "sum", "average", "ratio", "greater") or not items:
        return None
    texts = [t if _NUM_RE.fullmatch(t.strip()) else f"({t})" for _, _, t in items]
    if op in ("change", "pct_change"):
        (ya, _, _), (yb, _, _) = items[-2], items[-1]
        swap = not ordered and ya and yb and ya != yb and ya < yb
        return [n - 1, n - 2] if swap else [n - 2, n - 1]
    if op in ("sum", "average"):
        return list(range(n))
    if op == "ratio":
        return [n - 1, n - 2] if is_whole_of(texts[-2], texts[-1]) else [n - 2, n - 1]
    if op == "greater":
        return [n - 2, n - 1]
    return None


def combine(op: str, items: list[tuple[str | None, float, str]], question: str, ordered: bool = False) -> str | None:
    """Apply a two-or-more operand operator to (year, value, text) items in the order asked."""
    order = combine_order(op, items, ordered)
    if order is None:
        return None
    t = [items[i][2] if _NUM_RE.fullmatch(items[i][2].strip()) else f"({items[i][2]})" for i in order]
    if op == "change":
        return f"{t[0]} - {t[1]}"
    if op == "pct_change":
        return f"({t[0]} - {t[1]}) / {t[1]}"
    if op == "sum":
        return " + ".join(t)
    if op == "average":
        return f"({' + '.join(t)}) / {len(t)}"
    if op == "ratio":
        return f"{t[0]} / {t[1]}"
    return f"{t[0]} > {t[1]}"


def is_whole_of(whole: str, part: str) -> bool:
    """True when ``whole`` is a sum with ``part`` among its terms: "(448859 + 4087587)" and "448859"."""
    terms = [t.strip() for t in whole.strip().strip("()").split(" + ")]
    return len(terms) >= 2 and "(" not in whole.strip()[1:-1] and part.strip().strip("()") in terms


GENERIC = {"total", "net", "respective", "amount", "sale", "value", "again", "impact", "vary", "variance", "os",
            "period", "specific", "mean", "variation", "fluctuation", "based", "overall", "entire", "result", "two", "difference"}


_ARITH = [("-", re.compile(r"\b(?:less|minus|subtract(?:ed)?|reduced by|deduct\w*)\s+(?:an? |the )?(?:initial )?\$?\s?(\d[\d,]*(?:\.\d+)?)")),
          ("/", re.compile(r"\b(?:divided by|over|per)\s+\$?\s?(\d[\d,]*(?:\.\d+)?)\b")),
          ("*", re.compile(r"\b(?:times|multiplied by)\s+\$?\s?(\d[\d,]*(?:\.\d+)?)\b")),
          ("+", re.compile(r"\b(?:plus|added to|add)\s+\$?\s?(\d[\d,]*(?:\.\d+)?)\b"))]


_OP = {"-": "subtract", "/": "divide", "*": "multiply", "+": "add"}


def literal_arithmetic(question: str, prev: Step | None, years: list[str], doc: ground.Document,
                       last: Ref | None = None) -> Plan | None:
    """ "what is that less 100?", "what is 100000 divided by 100?", "that times 1": a literal operand (``last``
    refers to the previous turn)."""
    for sym, pattern in _ARITH:
        m = pattern.search(question)
        if not m or m.group(1) in years:
            continue
        number = m.group(1).replace(",", "")
        left = re.search(r"(\d[\d,]*(?:\.\d+)?)\s*$", question[: m.start()])
        if left and left.group(1) not in years:
            return Plan(f"{left.group(1).replace(',', '')} {sym} {number}", note="arithmetic on literal numbers",
                        program=P.program(_OP[sym], P.number(left.group(1).replace(",", "")), P.number(number)))
        if prev is not None and prev.value is not None and (REFER.search(question[: m.start()]) or
                                                            not content_words(question[: m.start()])):
            pv = prev.formula if prev.lookup else f"({prev.formula})"
            return Plan(f"{pv} {sym} {number}", note="previous answer with a literal number",
                        program=P.program(_OP[sym], last, P.number(number)))
        left_words = content_words(question[: m.start()])
        if left_words:
            found = [doc.best_scored(left_words, [y], question) for y in dict.fromkeys(years)] or \
                [doc.best_scored(left_words, [], question)]
            found = [f for f in found if f is not None]
            if found:
                c = max(found, key=lambda f: f[0])[1]
                return Plan(f"{c.text} {sym} {number}", (c.evidence,), "a value with a literal number",
                            program=P.program(_OP[sym], P.leaf(c), P.number(number)))
    return None


def operand_years(doc: ground.Document, steps: list[Step]) -> dict[str, str]:
    """The year each number in earlier answers stands for: a lookup's year, the later/earlier year of a change
    "a - b" asked between two years (later minus earlier), or the year of the table cell holding it."""
    years: dict[str, str] = {}
    for s in steps:
        if s.lookup and s.years and s.formula.strip() not in years:
            years[s.formula.strip()] = s.years[-1]
    for s in steps:
        change = pair(s.program, "subtract")
        own = sorted(set(years_in(s.question)))
        if change and len(own) == 2:
            years.setdefault(change[0].text, own[1])
            years.setdefault(change[1].text, own[0])
        for number in s.numbers:
            cell = doc.locate(number_value(number), table_only=True)
            if cell is not None and len(set(cell.years)) == 1:
                years.setdefault(number, cell.years[0])
    return years


def relative_change(doc: ground.Document, steps: list[Step], years: list[str]) -> Plan | None:
    """An earlier change "a - b" over its base: the operand of the year named, else of the earlier year, else b."""
    known = operand_years(doc, steps)
    for k in reversed(range(len(steps))[-3:]):
        s = steps[k]
        change = pair(s.program, "subtract")
        if not change:
            continue
        a, b = (x.text for x in change)
        base = b
        ya, yb = known.get(a), known.get(b)
        if years and years[0] in (ya, yb):
            base = a if ya == years[0] else b
        elif ya and yb and ya != yb:
            base = a if ya < yb else b
        base = base.lstrip('-') if base.startswith('-') and base == b else base
        return Plan(f"({s.formula}) / {base}", note="earlier change over its base",
                    program=P.program("divide", Ref(k), P.number(base)))
    return None


def operand_for_year(doc: ground.Document, steps: list[Step], year: str) -> Plan | None:
    """ "what was the 2008 value?" right after a change: the operand that stands for that year."""
    known = operand_years(doc, steps)
    for s in reversed(steps[-3:]):
        for number in s.numbers:
            if known.get(number) == year:
                return Plan(number, note=f"the {year} operand of an earlier answer",
                            program=P.program("lookup", P.number(number)))
    return None


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def parenthesize(formula: str) -> str:
    return formula.strip() if _NUM_RE.fullmatch(formula.strip()) else f"({formula.strip()})"


def named_steps(steps: list[Step], question: str) -> tuple[Step, Step] | None:
    """ "the entergy louisiana amount as a percent of the entergy arkansas one": each side names an earlier turn."""
    parts = ground.split_pair(question)
    if not parts:
        return None
    picked = []
    for part in parts:
        words = set(content_words(part)) - GENERIC
        if not words:
            return None
        scores = [(len(words & set(content_words(s.question))), i) for i, s in enumerate(steps) if s.value is not None]
        scores = [x for x in scores if x[0] > 0]
        if not scores:
            return None
        top = max(x[0] for x in scores)
        picked.append(max(i for score, i in scores if score == top))  # the latest turn among the best matches
    if picked[0] == picked[1]:
        return None
    return steps[picked[0]], steps[picked[1]]


_UNIT_ONLY = re.compile(r"^(?:and |so )?(?:what about|how about|what is (?:that|this|it)|what's (?:that|this)|how much is "
                        r"(?:that|this|it)|and (?:that|this))?,?\s*(?:expressed |converted )?(?:in|as an?|to)\s+(?:the )?"
                        r"(percent\w*|millions?|billions?|thousands?|dollars|single digits|units)\s*\??$")


def rescale(question: str, prev: Step | None, last: Ref | None = None) -> Plan | None:
    """ "what about in millions?", "and what is that in dollars?": the earlier answer in another unit.
    The tables state amounts in millions (or thousands) and raw counts in units, so the direction follows the size."""
    m = _UNIT_ONLY.match(question.strip())
    if not m or prev is None or prev.value is None:
        return None
    unit, v, pv = m.group(1), abs(prev.value), parenthesize(prev.formula)
    if unit.startswith("percent"):
        return Plan(f"{pv} * 100", note="earlier answer in percent", program=P.program("multiply", last, P.const(100)))
    if unit.startswith("million"):
        factor = "/ 1000000" if v >= 1e5 else "* 1000" if v < 10 else None
    elif unit.startswith("billion"):
        factor = "/ 1000000000" if v >= 1e8 else "/ 1000"
    elif unit.startswith("thousand"):
        factor = "/ 1000" if v >= 1e5 else "* 1000"
    else:
        factor = "* 1000000" if v < 1e5 else "/ 1000000" if unit == "single digits" else None
    if not factor:
        return None
    sym, number = factor.split()
    return Plan(f"{pv} {factor}", note=f"earlier answer in {unit}",
                program=P.program(_OP[sym], last, P.const(float(number))))


def count_word(question: str) -> int | None:
    """ "the average between those five years" -> 5."""
    m = re.search(r"\b(two|three|four|five|six|seven|eight|nine|ten|\d)\s+(?:years|quarters|periods|months|values)\b",
                  question)
    if not m:
        return None
    return _COUNTS.get(m.group(1)) or int(m.group(1))


def lookup_run(steps: list[Step], unconsumed: bool = True) -> list[Step]:
    """The trailing earlier answers that are single values (the operands a follow-up operator works on); without
    two, the last two answers, or with ``unconsumed`` the last two no later answer computed with."""
    run: list[Step] = []
    for s in reversed(steps):
        if s.value is None or not s.lookup:
            break
        run.insert(0, s)
    if len(run) < 2:
        free = _not_consumed(steps[-3:]) if unconsumed else []
        run = free[-2:] if len(free) >= 2 else [s for s in steps[-2:] if s.value is not None]
    return run


def _not_consumed(steps: list[Step]) -> list[Step]:
    """The answers no later one computed with: "20", then "20 * 8", leaves "20 * 8" (the follow-up works on it)."""
    return [s for k, s in enumerate(steps) if s.value is not None and s.program is not None and
            not any(later.program is not None and within(s.program, later.program) for later in steps[k + 1:])]


def lookup_plan(c: ground.Candidate | None, note: str) -> Plan | None:
    if c is None:
        return None
    return Plan(c.text, (c.evidence,), note, "%" if c.percent else "", P.program("lookup", P.leaf(c)))


def _across_years(doc: ground.Document, prev: Step, known: dict[str, str], to: dict[str, str]) -> Plan | None:
    """The previous computation across years with each operand's cell moved to the year its year maps to."""
    moved_to: dict[float, object] = {}
    for number in dict.fromkeys(prev.numbers):
        cell = doc.locate(number_value(number), table_only=True) if known.get(number) in to else None
        moved = doc.move(cell, known[number], to[known[number]]) if cell is not None else None
        if moved is None:
            return None
        moved_to[round(number_value(number), 9)] = P.leaf(moved)
    edited = with_numbers(prev.program, moved_to) if prev.program is not None else None
    if edited is None:
        return None
    return Plan(render(edited), edited.evidence(), "previous computation moved to the new years", program=edited)


def transfer(doc: ground.Document, prev: Step, steps: list[Step], years: list[str], question: str) -> Plan | None:
    """ "and in 2005?": redo the previous computation with each operand moved to the new year."""
    old = prev.years[-1] if prev.years else None
    moved_to: dict[float, object] = {}
    known = operand_years(doc, steps)
    spread = {known[n] for n in prev.numbers if known.get(n)}
    if len(spread) > 1 and len(set(years)) == len(spread) == len(years):
        return _across_years(doc, prev, known, dict(zip(sorted(spread), sorted(years))))  # "and from 2005 to 2006?"
    if len(spread) > 1:  # a sum or change across years: the subject, new year
        c = doc.best(prev.words, years[:1], f"{prev.question} {question}")
        return lookup_plan(c, "previous subject, new year")
    keys: set[tuple] = set()
    for number in dict.fromkeys(prev.numbers):
        cell = doc.locate_asked(number_value(number), prev.words, [old], prev.question) if old else None
        if cell is not None:
            moved = doc.move(cell, old, years[0]) if old else None
            if moved is not None and moved.key in keys:
                break  # two operands moved onto one cell ("those losses in 2008" after 2010 + 2009): no edit
            if moved is not None:
                keys.add(moved.key)
                moved_to[round(number_value(number), 9)] = P.leaf(moved)
                continue
        if prev.lookup:
            c = doc.best(prev.words, years[:1], f"{prev.question} {question}")
            return lookup_plan(c, "previous subject, new year")
    else:
        edited = with_numbers(prev.program, moved_to) if prev.program is not None else None
        if edited is not None and shape(edited) != shape(prev.program):
            return Plan(render(edited), edited.evidence(), "previous computation moved to the new year", program=edited)
    c = doc.best(prev.words, years[:1], f"{prev.question} {question}")
    return lookup_plan(c, "previous subject, new year")
