"""ConvFinQA patterns that ground new values in the table and text ("the change in X in 2007", "X over Y").

Same contract as ``earlier.py``: a ``Plan``, ``None`` (does not apply) or ``NO_ANSWER``.
"""

from __future__ import annotations

import re

from ...lexicon.words import MONTH_NAME
from . import ground
from . import program as P
from .earlier import NO_ANSWER, combine_plan, or_stop
from .formula import terms as summed_terms
from .ground import content_words
from .moves import part_of_earlier_whole, same_line, two_subjects, whole_period
from .read import THOSE_YEARS, Turn
from .turns import (
    GENERIC,
    Plan,
    count_word,
    is_whole_of,
    number_value,
    operand_for_year,
    operand_years,
)

_PERIOD = re.compile(r"\b(?:two|three|four|five|six|seven|ten|\d+)[- ]years?(?: period)?\b|\bwhole period\b|"
                     r"\bshown in the (?:chart|graph|table)\b")
_RATE_WORD = re.compile(r"percent|%|\brates?\b|margin|ratio|yield|proportion|share|portion|return|growth")
_MONTHS = re.compile(rf"\b{MONTH_NAME}\b")
_SUM_OVER = re.compile(r"\b(?:the|that|this) (?:sum|total) (?:over|divided by)\b")
_VALUE_PRONOUN = re.compile(r"\b(it|that|this|them|those|these|they)\b(?! (?:(?:last|first|next|final|previous|prior) )?"
                            r"(?:year|period|time|date|quarter|same))")
# "the debt maturities at 12/31/12 that was unsecured": after a noun, "that" + verb opens a clause, not a value
_RELATIVE = re.compile(r"(?<!\bof )(?<!\bis )(?<!\bwas )(?<!\bwhat )(?<!\band )(?<!\bto )(?<!\bby )(?<!\bin )(?<!^)"
                       r"\bthat (?=(?:was|were|is|are|will|would|had|has|have)\b)")
_CONNECTOR = re.compile(r"\b(?:percent\w* of|portion of|share of|fraction of|in relation to|relative to|compared to|"
                        r"divided by|over|of)\b")
_AFTER_VALUE = {"divided", "over", "as", "in", "by", "represent", "represents", "expressed", "times", "less",
                "minus", "plus", "of", "to", "for", "compared", "relative", "per", "and"}
# "X as a percentage of Y" the document states (ConvFinQA strict EM half A 532 -> 533, half B 572 = 572)
_PERCENT_OF = re.compile(r"\bpercent\w* of\b")
_WHOLE = {"total", "one", "all", "whole", "overall"}
_DEMONSTRATIVE = re.compile(r"^(?:that|this|those|these)\s+\w")


def _value_pronouns(question: str):
    return (m for m in _VALUE_PRONOUN.finditer(question) if not (_RELATIVE.match(question, m.start())))


def refers_to_value(question: str) -> bool:
    """A pronoun standing for an earlier answer ("that", "that change"), not a determiner ("that net income")."""
    for m in _value_pronouns(question):
        following = re.findall(r"[a-z][a-z\-']*", question[m.end():])[:2]
        if not following or following[0] in _AFTER_VALUE or following[0] in ground.STOP or following[0] in GENERIC:
            return True
    return False


def _pronoun_is_whole(question: str) -> bool:
    """True when the earlier answer is the whole: "what percentage of it was due to X", "X in relation to them"."""
    pronoun = next(_value_pronouns(question), None)
    connector = _CONNECTOR.search(question)
    return bool(pronoun and connector and pronoun.start() > connector.start())


def low_to_high(t: Turn) -> Plan | None:
    if not (re.search(r"\bfrom (?:the )?(low|high)(?:est)? to (?:the )?(?:high|low)(?:est)?\b", t.question) and t.subject):
        return None
    months = _MONTHS.findall(t.question)
    found = {}
    for side in ("high", "low"):
        cells = [c for c in t.doc.candidates if c.source == "table" and side in content_words(c.label) and
                 all(mo in c.label for mo in months)]  # month names are stop words for the scorer
        found[side] = t.doc.subset(cells).best(t.subject, t.qyears[:1], t.question) if cells else None
    hi, lo = found["high"], found["low"]
    if hi is None or lo is None:
        return None
    return Plan(f"{hi.text} - {lo.text}", (hi.evidence, lo.evidence), "the range from low to high",
                program=P.program("subtract", P.leaf(hi), P.leaf(lo)))


def whole_table_period(t: Turn) -> Plan | None:
    if not (t.op in ("change", "pct_change") and len(set(t.years)) <= 1 and t.subject and _PERIOD.search(t.question)
            and not THOSE_YEARS.search(t.question)):
        return None
    whole = whole_period(t.doc, t.subject, t.years, t.question)  # "for the five year period ended 2017"
    if whole is None:
        return None
    items = [(year, c.value, c.text) for year, c in whole]
    return or_stop(combine_plan(t.op, items, [P.leaf(c) for _, c in whole], t.question,
                                f"{t.op} over the table's whole period", ordered=True))


def _year_pair(t: Turn):
    if not (t.op in ("change", "pct_change") and len(t.years) == 1 and t.subject and
            not (t.followup and t.prev is not None and not (t.on("named_change") and t.novel_subject))):
        return None
    if t.on("not_that") and t.prev is not None and refers_to_value(t.question):
        return None  # "what is that less the operating income in 2013?": the earlier answer less a new value
    earlier = str(int(t.years[0]) - 1)  # "the change in X in 2007": from the year before
    return earlier, t.doc.best(t.subject, t.years, t.question), t.doc.best(t.subject, [earlier], t.question)


def listed_change(t: Turn) -> Plan | None:
    pair = _year_pair(t)
    if pair is None or t.op != "change":
        return None
    a = pair[1]
    if a is not None and a.source == "table" and not a.years and any(k == a.key[0] for k, _ in t.doc.table_years):
        # a yearless row among year rows ("volume/weather | 21.3" in a net revenue walk) is itself a change
        return Plan(a.text, (a.evidence,), "a change the table lists itself", program=P.program("lookup", P.leaf(a)))
    return None


_ASKS_AMOUNT = re.compile(r"\b(?:by )?(?:what amount|how much)\b.*\b(?:increas|decreas|declin|grow|grew|rose|rise|fell|"
                          r"fall|drop)|\b(?:increase|decrease|decline|growth|drop) amount\b")
_STATED_CHANGE = re.compile(r"\b(?:increased|decreased|declined|grew|rose|fell|dropped|increase|decrease|decline|"
                            r"growth|drop) (?:by |of )?(?:approximately |about )?\$?\s*$")


def stated_change(t: Turn) -> Plan | None:
    """ "by what amount did the net earnings decrease over the year?": the amount the text writes right after
    "decreased by" in a sentence about the subject."""
    if not (t.op == "change" and t.subject and _ASKS_AMOUNT.search(t.question) and
            not (t.followup and t.prev is not None)):
        return None
    stated = [c for c in t.doc.candidates if c.source == "text" and not c.percent and _STATED_CHANGE.search(c.before)]
    found = t.doc.subset(stated).best(t.subject, t.years[-1:], t.question) if stated else None
    if found is None:
        return None
    return Plan(found.text, (found.evidence,), "a change the text states", program=P.program("lookup", P.leaf(found)))


def change_from_year_before(t: Turn) -> Plan | None:
    pair = _year_pair(t)
    if pair is None:
        return None
    earlier, a, b = pair
    if a is None or b is None or earlier not in b.years or a.key == b.key:
        return None
    return or_stop(combine_plan(t.op, [(t.years[0], a.value, a.text), (earlier, b.value, b.text)],
                                [P.leaf(a), P.leaf(b)], t.question,
                                f"{t.op} of {' '.join(t.subject)} from {earlier} to {t.years[0]}"))


NEAR = 120  # characters: a number of the same sentence


def over_years(t: Turn) -> Plan | None:
    op, qyears, doc = t.op, t.qyears, t.doc
    if not ((op in ("change", "pct_change", "average", "sum") and len(set(qyears)) >= 2 or
             op == "ratio" and len(set(t.years)) >= 2) and t.subject):
        return None
    by_year = {y: n for n, y in operand_years(doc, t.steps).items()}
    if not t.novel and all(y in by_year for y in qyears):
        items = [(y, number_value(by_year[y]), by_year[y]) for y in qyears]  # operands already asked for
        items = items[:2] if op in ("change", "pct_change", "ratio") else items
        asked = [next((k for k, s in enumerate(t.steps) if s.formula.strip() == text), None) for _, _, text in items]
        in_turns = t.on("turn_order") and op == "change" and None not in asked
        if in_turns:  # "what were they in 2008?" after 2007: the first asked less the second, as the turns went
            items = [x for _, x in sorted(zip(asked, items), key=lambda p: p[0])]
        return or_stop(combine_plan(op, items, [P.number(text) for _, _, text in items], t.question,
                                    f"{op} of earlier operands over {qyears}", ordered=in_turns))
    if t.on("amounts_only") and op in ("change", "sum", "average") and not _RATE_WORD.search(t.question):
        doc = doc.subset([c for c in doc.candidates if not c.percent])  # "the change in volume": amounts, not rates
    order = list(range(len(qyears)))
    if t.on("anchor"):  # the year whose number fits best leads; the others are read on its line
        scored = {y: (doc.best_scored(t.subject, [y], t.question) or (0.0, None))[0] for y in qyears}
        order.sort(key=lambda k: -scored[qyears[k]])
    found: dict[int, object] = {}
    first = None
    for k in order:
        y = qyears[k]
        c = doc.move(first, qyears[order[0]], y) if first is not None and first.source == "table" else \
            _near(doc, first, y, t) if first is not None and t.on("same_sentence") else None
        c = c or doc.best(t.subject, [y], t.question)  # the same table row as the first year when it has one
        if t.on("distinct") and c is not None and any(c.text == x.text for x in found.values()) and \
                first is not None and c.key == first.key:
            # one cell cannot stand for two years: the best cell that names this year
            c = doc.subset([x for x in doc.candidates if y in x.years and x.key != first.key]).best(t.subject, [y], t.question)
        if c is None:
            return None
        first = first or c
        found[k] = c
    items = [(y, found[k].value, found[k].text) for k, y in enumerate(qyears)]
    leaves = [P.leaf(found[k]) for k in range(len(qyears))]
    if op in ("change", "pct_change", "ratio"):
        items, leaves = items[:2], leaves[:2]
    return or_stop(combine_plan(op, items, leaves, t.question, f"{op} of {' '.join(t.subject)} over {qyears}"))


def _near(doc, first, year: str, t: Turn):
    """The number of ``year`` written close after or before a text number of another year ("$ 1015 million and
    $ 1071 million at december 31 , 2008 and 2007 , respectively"), when one fits the subject at all."""
    p, at = first.key
    close = [c for c in doc.candidates if c.source == "text" and c.key[0] == p and abs(c.key[1] - at) <= NEAR and
             c.key != first.key and c.years == (year,)]
    return doc.subset(close).best(t.subject, [year], t.question) if close else None


def without_part(t: Turn) -> Plan | None:
    if t.op == "lookup" and re.search(r"(?<!\( )\b(?:without|excluding)\b", t.question) and len(set(t.qyears)) < 2:
        return two_subjects(t.doc, t.question, "change", t.qyears[:1])  # "2005 operating income without segment X"
    return None


def two_named_values(t: Turn) -> Plan | None:
    if t.op in ("sum", "change") and len(set(t.qyears)) < 2:
        return two_subjects(t.doc, t.question, t.op, t.qyears[:1])
    return None


def earlier_with_new_value(t: Turn) -> Plan | None:
    prev, q = t.prev, t.question
    if not (t.op in ("sum", "change", "ratio", "average") and prev is not None and prev.value is not None and t.subject):
        return None
    c = t.doc.best(t.subject, t.qyears[:1], q)
    # "that divided by the 2009 value" / "the dividend payment in 2002" landing on one of the change's operands:
    # the earlier operand of the year asked, at its cell of that year when it has one
    on_operand = c is not None and any(abs(number_value(n) - c.value) < 1e-9 for n in prev.numbers)
    if t.on("year_operand") and len(t.years) == 1 and (on_operand or
            re.search(rf"\b(?:the|that|this) {t.years[0]} (?:value|one|amount|figure)\s*\??$", q)):
        found = operand_for_year(t.doc, t.steps, t.years[0])
        value = number_value(found.formula) if found is not None else None
        holding = [x for x in t.doc.candidates if value is not None and abs(x.value - value) < 1e-9]
        c = (t.doc.subset(holding).best(t.subject, t.years, q) or holding[0]) if holding else c
    if t.on("not_self") and c is not None and abs(c.value - prev.value) < 1e-9:
        # the earlier answer cannot be its own partner: the best other value
        c = t.doc.subset([x for x in t.doc.candidates if abs(x.value - prev.value) >= 1e-9]).best(t.subject, t.qyears[:1], q)
    if c is None or not (refers_to_value(q) or _SUM_OVER.search(q) or
                         t.on("including") and t.op == "sum" and re.search(r"\bincluding\b", q)):
        return None
    pv = prev.formula if prev.lookup else f"({prev.formula})"
    if t.op == "sum":
        terms = [x.text for x in summed_terms(prev.program)]
        if t.on("same_line") and len(terms) >= 2 and all(re.fullmatch(r"-?[\d.]+", x) for x in terms):
            # "including the 2001 program, what becomes this total?": a new term from the line of the others
            line = same_line(t.doc, terms, t.subject, t.qyears[:1], q)
            if line is not None:
                return Plan(f"{' + '.join(terms)} + {line.text}", (line.evidence,), "one more term of the sum",
                            program=P.program("add", P.ref(t.steps), P.leaf(line)))
        return Plan(f"{pv} + {c.text}", (c.evidence,), "previous answer plus a new value",
                    program=P.program("add", P.ref(t.steps), P.leaf(c)))
    if t.op == "change":
        return Plan(f"{pv} - {c.text}", (c.evidence,), "previous answer less a new value",
                    program=P.program("subtract", P.ref(t.steps), P.leaf(c)))
    if t.op == "ratio":
        if _pronoun_is_whole(q) or t.on("part_whole") and is_whole_of(pv, c.text):
            return Plan(f"{c.text} / {pv}", (c.evidence,), "new value over previous answer",
                        program=P.program("divide", P.leaf(c), P.ref(t.steps)))
        return Plan(f"{pv} / {c.text}", (c.evidence,), "previous answer over a new value",
                    program=P.program("divide", P.ref(t.steps), P.leaf(c)))
    return None


PART_IN_LINE = 0.3  # how much worse the part in the whole's row or column may fit than the best part anywhere


def _part_in_line(doc, part, whole, words: list[str], years: list[str], phrase: str):
    """ "what portion of the total obligations are due within a year": the part shares the whole's row or column
    when a cell there fits nearly as well as the part found on its own."""
    if part.source != "table" or whole.source != "table" or part.key[0] != whole.key[0] or \
            part.key[1] == whole.key[1] or part.key[2] == whole.key[2]:
        return part
    line = [c for c in doc.candidates if c.source == "table" and c.key[0] == whole.key[0] and c.key != whole.key and
            (c.key[1] == whole.key[1] or c.key[2] == whole.key[2])]
    found = doc.subset(line).best_scored(words, years, phrase) if line else None
    if found is None or found[0] < doc.score(part, words, years, phrase) - PART_IN_LINE:
        return part
    return found[1]


def ratio_of_two(t: Turn) -> Plan | None:
    if not (t.op == "ratio" and t.subject):
        return None
    stated = best_value(t) if t.on("stated_percent") and _PERCENT_OF.search(t.question) else None
    if stated is not None and stated.percent:  # "the americas as a percentage of net sales": the table says 51.2%
        return Plan(stated.text, (stated.evidence,), "a percentage the document states", "%",
                    P.program("lookup", P.leaf(stated)))
    parts = ground.split_pair(t.question)
    if parts:
        doc = t.doc
        a = doc.best(content_words(parts[0]) or t.subject, t.qyears[:1], parts[0])
        whole = content_words(parts[1])
        b = doc.total_for(a) if a is not None and set(whole) <= _WHOLE else None
        b = b or doc.best(whole or t.subject, t.qyears[:1], parts[1])
        if a is not None and b is not None and a.key == b.key and t.on("whole_not_part"):
            # "what percentage of that long-term debt is due in 2020": the whole is not the year's part
            b = doc.subset([c for c in doc.candidates if c.key != a.key]).best(whole or t.subject, [], parts[1])
        if a is None or b is None:
            return None
        if t.on("part_in_line"):
            a = _part_in_line(doc, a, b, content_words(parts[0]) or t.subject, t.qyears[:1], parts[0])
        if t.on("earlier_whole") and _DEMONSTRATIVE.match(parts[1]):
            # "what percentage of that long-term debt ...?": the whole is a number the earlier turns used
            used = {number_value(n) for st in t.steps for n in st.numbers} - {a.value}
            b = doc.subset([c for c in doc.candidates if c.value in used]).best(whole or t.subject, t.qyears[:1],
                                                                                 parts[1]) or b
        return Plan(f"{a.text} / {b.text}", (a.evidence, b.evidence), "ratio of two values",
                    program=P.program("divide", P.leaf(a), P.leaf(b)))
    if t.prev is not None and t.on("part_of_prev"):
        return part_of_earlier_whole(t.doc, t.prev, t.words, t.qyears[:1], t.question)
    return None


def best_value(t: Turn):
    """The best cell or text number for the subject in the years asked (the one that fits best)."""
    if "best" not in t.cache:
        scored = [t.doc.best_scored(t.subject, [y], t.question) for y in dict.fromkeys(t.qyears)] or \
            [t.doc.best_scored(t.subject, [], t.question)]
        scored = [x for x in scored if x is not None]
        t.cache["best"] = max(scored, key=lambda x: x[0])[1] if scored and t.subject else None
    return t.cache["best"]


def nothing_grounded(t: Turn) -> Plan | None:
    return NO_ANSWER if best_value(t) is None else None


def value_times_price(t: Turn) -> Plan | None:
    c = best_value(t)
    if t.op == "lookup" and c.source == "table" and "price" not in c.label and \
            re.search(r"\btotal (?:value|cost)\b", t.question):
        price = next((x for x in t.doc.candidates if x.source == "table" and x.key[:2] == c.key[:2] and
                      "price" in x.label), None)  # "the total value of the shares purchased": shares x price
        if price is not None:
            return Plan(f"{c.text} * {price.text}", (c.evidence, price.evidence), "a count times its price",
                        program=P.program("multiply", P.leaf(c), P.leaf(price)))
    return None


def annual_times_years(t: Turn) -> Plan | None:
    c = best_value(t)
    span_n = re.search(r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) years\b", t.question)
    if t.op == "lookup" and span_n and re.search(r"\btotal\b", t.question) and \
            re.search(r"\bannual\w*|\bper year\b|\beach year\b|\binstallments?\b", c.label):
        n = count_word(span_n.group()) or int(span_n.group(1))  # "the total payments ... that lasted 7 years"
        return Plan(f"{c.text} * {n}", (c.evidence,), "an annual amount times the years",
                    program=P.program("multiply", P.leaf(c), P.const(n)))
    return None


def lookup(t: Turn) -> Plan:
    c = best_value(t)
    asked = re.search(r"\bin (thousands|millions|billions)\b", t.question)
    if asked and c.scale and asked.group(1) != c.scale + "s":
        steps_up = ["thousand", "million", "billion"]
        shift = steps_up.index(c.scale) - steps_up.index(asked.group(1)[:-1])
        factor = f" * {1000 ** shift}" if shift > 0 else f" / {1000 ** -shift}"
        scaled = P.program("multiply" if shift > 0 else "divide", P.leaf(c), P.const(1000 ** abs(shift)))
        return Plan(f"{c.text}{factor}", (c.evidence,), f"lookup of {' '.join(t.subject)} in {asked.group(1)}",
                    program=scaled)
    return Plan(c.text, (c.evidence,), f"lookup of {' '.join(t.subject)} {t.qyears[:1]}", "%" if c.percent else "",
                P.program("lookup", P.leaf(c)))
