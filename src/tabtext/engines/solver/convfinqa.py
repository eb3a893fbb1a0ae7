"""ConvFinQA turns: resolve the question against earlier turns, ground numbers in the table and text, compute.

The history holds the earlier questions and the assistant's answers (in ChatRAG-Bench the gold formulas), so a
follow-up such as "what was the change then?" works on the values of earlier turns, and "and in 2005?" reuses the
last subject with a new year. Values come from the table (rows matched by their words with rapidfuzz, columns by
year or header words) or the text (numbers near the subject's words; "..., respectively" lists mapped to years).
The answer is the number as a plain string; the formula goes into ``derivation``.
"""

from __future__ import annotations

import re

from ...calc import CalcError, evaluate
from ...types import Answer, Example, Prediction
from . import convfinqa_ground as ground
from . import convfinqa_ops
from .convfinqa_ground import content_words, years_in
from .convfinqa_moves import part_of_earlier_whole, row_transfer, same_line, two_subjects, whole_period
from .convfinqa_ops import detect_ops
from .convfinqa_turns import (
    GENERIC,
    REFER,
    Plan,
    combine,
    count_word,
    format_answer,
    is_whole_of,
    literal_arithmetic,
    lookup_run,
    named_steps,
    number_value,
    operand_for_year,
    operand_years,
    parenthesize,
    plan_or_none,
    relative_change,
    rescale,
    steps_of,
    transfer,
)

# Rules added in the second round, each behind a switch so that benchmarks/convfinqa_eval.py --without NAME can
# measure what it does (all on by default).
BY_CHANGE = True
RUN_REF = True
YEAR_OPERAND = True
SAME_FOR = True
TWO_YEAR_TOTAL = True
INCLUDING = True
PART_OF_PREV = True
AVG_THOSE = True
WITHOUT = True
ROW_MOVE = True
PART_WHOLE = True
PERIOD = True
SAME_LINE = True
THOSE_YEARS = True
NEW_SUBJECT = True
LATEST_FIRST = True
ANNUAL_TIMES = True
VALUE_TIMES_PRICE = True
PER = True
NOT_SELF = True
CHANGE_ROW = True
DISTINCT = True
LOW_HIGH = True
OPERAND_FITS = True


_SUM_OVER = re.compile(r"\b(?:the|that|this) (?:sum|total) (?:over|divided by)\b")
_SAME_FOR = re.compile(r"\b(?:that|this|the same) (?:\w+ )?(?:(change|fluctuation|variation|difference|increase|"
                       r"decrease|growth|variance)|(?P<ratio>percentage|ratio|portion|proportion|average \w+))\b.* (?:for|of) "
                       r"(?:the )?\w")
_BY_CHANGE = re.compile(r"\b(?:divided by|over|in relation to|relative to) (?:the |that |this )?(?:net )?"
                        r"(?:change|difference|increase|decrease)\b")  # the change is the denominator


_OVER = re.compile(r"\b(over|divided by|divide by|in relation to|relative to|as a (?:percent\w*|portion|share|fraction) of|represent\w*|rate of return)\b")


_RANGE = re.compile(r"\b((?:19|20)\d\d)\s*(?:to|through|thru|-)\s*((?:19|20)\d\d)\b")


_PRONOUN = re.compile(r"\b(it|its|they|them|that|those|these|this)\b")


_WHOLE = {"total", "one", "all", "whole", "overall"}


_PREV_YEAR = re.compile(r"\b(?:the )?(?:previous|prior|preceding) year\b|\bthe year before\b")


_NEXT_YEAR = re.compile(r"\b(?:the )?(?:next|following|subsequent) year\b|\bthe year after\b")


_THAT_YEAR = re.compile(r"\b(?:that|this|the same|that same|this same|such) (?:year|period)\b")


def _is_followup(question: str, ops: list[str]) -> bool:
    words = [w for w in content_words(question) if w not in GENERIC]
    return not words or bool(REFER.search(question.lower())) and len(words) <= 2


def plan(example: Example) -> Plan | None:
    question = example.question.lower()
    steps = steps_of(example)
    ops = detect_ops(question)
    doc = ground.Document.from_context(example.context)
    prev = steps[-1] if steps else None
    if prev is not None and prev.years and _THAT_YEAR.search(question):
        question = _THAT_YEAR.sub(prev.years[-1], question)
    if prev is not None and prev.years and not years_in(question):
        base = int(max(prev.years))
        question = _PREV_YEAR.sub(str(base - 1), question)
        question = _NEXT_YEAR.sub(str(base + 1), question)
    years = years_in(question)
    words = content_words(question)
    seen = {w for s in steps for w in content_words(s.question)}
    own = [w for w in words if w not in GENERIC]
    novel = [w for w in own if w not in seen]
    novel_subject = bool(own) and not REFER.search(question) or len(own) > 2
    followup = bool(steps) and (not novel or _is_followup(question, ops))
    op = ops[0] if ops else "lookup"
    if AVG_THOSE and op == "lookup" and steps and re.search(r"\b(?:average|mean)\b", question) and \
            re.search(r"\b(?:those|these|them|the \w+ years)\b", question):
        op = "average"  # "the average cash paid for interest between those three years"
    if TWO_YEAR_TOTAL and op == "lookup" and len(set(years)) == 2 and \
            re.search(r"\b(?:all|combined|together|in total)\b|\btotal\b(?! \w+ \w+ (?:of|as))", question):
        op = "sum"  # "the fair value of all notes due in 2015 and 2017"
    span = _RANGE.search(question)
    if span and (op in ("sum", "average") or op == "lookup" and re.search(r"\btotal\b", question)):
        first, last = int(span.group(1)), int(span.group(2))
        if 1 < last - first <= 10:  # "the total amortization in the years of 2015 to 2018": every year of it
            years = [str(y) for y in range(first, last + 1)]
            op = "sum" if op == "lookup" else op
    if re.search(r"\baverage\b", question) and not ops and len(set(years)) >= 2 and \
            not any("average" in c.label for c in doc.candidates if c.source == "table"):
        op = "average"  # "the average net revenue in 2006 and 2007": no row is itself an average
    if op == "ratio" and "change" in ops and prev is not None and re.search(r"\s-\s", prev.formula) and followup \
            and not (BY_CHANGE and _BY_CHANGE.search(question)) \
            and not re.search(r"\bin relation to (?:that|the|this) [\w&/ ]{1,30} one\b", question):
        op = "pct_change"

    explicit = literal_arithmetic(question, prev, years, doc) or rescale(question, prev)
    if explicit is not None:
        return explicit
    if prev is not None and (op == "pct_change" or op in ("ratio", "change") and _CHANGE_REF.search(question)
                             and _OVER.search(question) and not (BY_CHANGE and _BY_CHANGE.search(question))):
        rel = relative_change(doc, steps, years)
        if rel is not None:
            return rel

    same = _SAME_FOR.search(question) if SAME_FOR and prev is not None and novel else None
    if same and not (set(years) - set(prev.years)):
        # "in that same period, what was that fluctuation for the s&p 500?": the latest earlier change (or ratio)
        # computed again with its operands moved to the new subject
        shape = r".* / .*" if same.group("ratio") else r"\s*\(?\S+ - \S+\)?\s*"
        named = next((st for st in reversed(steps) if re.fullmatch(shape, st.formula)), None)
        moved = row_transfer(doc, named, novel) if named is not None else None
        if moved is not None:
            return moved
    per = re.search(r"\b(?:average )?[a-z]+ per ([a-z]+)", question) if PER and prev is not None and prev.lookup else None
    if per and not years:
        cell = doc.locate(prev.value, table_only=True)  # "and what was the average volume per transaction?"
        if cell is not None:
            row = [x for x in doc.candidates if x.source == "table" and x.key[:2] == cell.key[:2] and
                   x.key != cell.key]
            unit = ground.Document(row, doc.header).best(content_words(per.group(1)), [], question)
            if unit is not None:
                return Plan(f"{prev.formula.strip()} / {unit.text}", (unit.evidence,), "the earlier amount per unit")
    if followup and prev is not None and prev.value is not None:
        pv = prev.formula if prev.lookup else f"({prev.formula})"
        if op == "x100":
            return Plan(f"{pv} * 100", note="previous answer times 100")
        if op == "minus1":
            return Plan(f"{pv} - 1", note="previous ratio less one")
        if op == "pct_change":
            for s in reversed(steps[-3:]):
                m = re.fullmatch(r"\s*(\S+) - (\S+)\s*", s.formula)
                if m:
                    return Plan(f"({s.formula}) / {m.group(2)}", note="earlier change over its base")
            items = [(s.years[-1] if s.years else None, s.value, s.formula) for s in steps[-2:] if s.value is not None]
            return plan_or_none(combine("pct_change", items, question), "change of the last two values in percent")
        if op in ("average",):
            terms = prev.formula.split(" + ")
            count = count_word(question)
            if count and "+" in prev.formula and not years:
                return Plan(f"({prev.formula}) / {count}", note=f"previous total over {count}")
            if re.fullmatch(r"[^()]*", prev.formula) and len(terms) >= 2 and not years:
                return Plan(f"({prev.formula}) / {len(terms)}", note="previous sum over its count")
        if op in ("ratio", "change") and not years:
            named = named_steps(steps, question)
            if named is not None:
                a, b = named
                sym = "/" if op == "ratio" else "-"
                return Plan(f"{parenthesize(a.formula)} {sym} {parenthesize(b.formula)}", note=f"{op} of two named earlier answers")
        grounded_new = NEW_SUBJECT and len(novel) >= 2 and \
            any(set(novel) <= set(content_words(c.label)) for c in doc.candidates if c.source == "table")
        if op in ("change", "sum", "average", "ratio", "greater") and not years and not grounded_new:
            run = lookup_run(steps)
            if len(run) >= 2:
                items = [(s.years[-1] if s.years else None, s.value, s.formula) for s in run]  # type: ignore[misc]
                if op != "sum" and op != "average":
                    items = items[-2:]
                if LATEST_FIRST and _LATEST_FIRST.search(question):
                    items = items[::-1]  # "what is that value over the prior quotient?": the latest answer leads
                return plan_or_none(combine(op, items, question, ordered=True), f"{op} of earlier answers")
        if op == "lookup" and years and not novel:
            found = operand_for_year(doc, steps, years[0])
            own_cells = [c for c in doc.candidates if found is not None and c.source == "table" and
                         abs(c.value - number_value(found.formula)) < 1e-9]
            best = doc.best_scored(words, years[:1], question) if OPERAND_FITS and own_cells and words else None
            if best is not None and best[1].key != own_cells[0].key and \
                    best[0] > doc.score(own_cells[0], words, years[:1], question) + 0.1:
                return Plan(best[1].text, (best[1].evidence,), "a better fitting cell than the earlier operand")
            if found is not None:
                return found
        if op == "lookup" and years and not novel_subject:
            return transfer(doc, prev, steps, years, question)

    if ROW_MOVE and op == "lookup" and prev is not None and novel and len(own) <= 3 and \
            not (set(years) - set(prev.years)) and re.match(r"(?:and )?(?:what (?:was|is|were|about) (?:it|that|this|they) )?(?:for|what about|how about|in) ", question) \
            and not prev.lookup:
        moved = row_transfer(doc, prev, novel)
        if moved is not None:
            return moved
    if RUN_REF and op in ("change", "sum", "average") and prev is not None and not followup and \
            re.search(r"\b(?:then|that|those|these|this)\b", question) and not (set(years) - set(prev.years)):
        run = [st for st in lookup_run(steps) if st.lookup]
        if len(run) >= 2:  # "what was, then, the change in that cash dividend throughout 2002?" after two lookups
            items = [(st.years[-1] if st.years else None, st.value, st.formula) for st in run]
            if op == "change":
                items = items[-2:]
            return plan_or_none(combine(op, items, question, ordered=True), f"{op} of earlier answers")
    subject = words or (prev.words if prev else [])
    if prev is not None and words and len(own) <= 3 and op == "lookup" and _PRONOUN.search(question):
        subject = words + [w for w in prev.words if w not in words]  # "and what was it in the first quarter?"
    qyears = years or (prev.years if prev else [])
    if THOSE_YEARS and not years and steps and _THOSE_YEARS.search(question):
        asked = list(dict.fromkeys(y for st in steps for y in years_in(st.question)))
        if len(asked) >= 2:
            qyears = asked[-2:] if op == "change" else asked  # "between those same two years"
    span_hl = re.search(r"\bfrom (?:the )?(low|high)(?:est)? to (?:the )?(?:high|low)(?:est)?\b", question)
    if LOW_HIGH and span_hl and subject:
        # "the change in the share price from lowest to highest during the quarter ended september 30 of 2010"
        found = {}
        months = re.findall(r"\b(?:january|february|march|april|may|june|july|august|september|october|november|"
                            r"december)\b", question)
        for side in ("high", "low"):
            cells = [c for c in doc.candidates if c.source == "table" and side in content_words(c.label) and
                     all(mo in c.label for mo in months)]  # month names are stop words for the scorer
            found[side] = ground.Document(cells, doc.header).best(subject, qyears[:1], question) if cells else None
        if found["high"] is not None and found["low"] is not None:
            hi, lo = found["high"], found["low"]
            return Plan(f"{hi.text} - {lo.text}", (hi.evidence, lo.evidence), "the range from low to high")
    if PERIOD and op in ("change", "pct_change") and len(set(years)) <= 1 and subject and _PERIOD.search(question) \
            and not _THOSE_YEARS.search(question):
        whole = whole_period(doc, subject, years, question)  # "for the five year period ended 2017"
        if whole is not None:
            return plan_or_none(combine(op, whole, question, ordered=True), f"{op} over the table's whole period")
    if op in ("change", "pct_change") and len(years) == 1 and subject and not (followup and prev is not None):
        earlier = str(int(years[0]) - 1)  # "the change in X in 2007": from the year before
        a, b = doc.best(subject, years, question), doc.best(subject, [earlier], question)
        if CHANGE_ROW and op == "change" and a is not None and a.source == "table" and not a.years and \
                any(t == a.key[0] for t, _ in doc.table_years):
            # a yearless row among year rows ("volume/weather | 21.3" in a net revenue walk) is itself a change
            return Plan(a.text, (a.evidence,), "a change the table lists itself")
        if a is not None and b is not None and earlier in b.years and a.key != b.key:
            return plan_or_none(combine(op, [(years[0], a.value, a.text), (earlier, b.value, b.text)], question),
                         f"{op} of {' '.join(subject)} from {earlier} to {years[0]}")
    if (op in ("change", "pct_change", "average", "sum") and len(set(qyears)) >= 2 or
            op == "ratio" and len(set(years)) >= 2) and subject:
        known = operand_years(doc, steps)
        by_year = {y: n for n, y in known.items()}
        if not novel and all(y in by_year for y in qyears):
            items = [(y, number_value(by_year[y]), by_year[y]) for y in qyears]  # operands already asked for
            if op in ("change", "pct_change", "ratio"):
                items = items[:2]
            return plan_or_none(combine(op, items, question), f"{op} of earlier operands over {qyears}")
        items = []
        first = None
        for y in qyears:
            c = doc.move(first, qyears[0], y) if first is not None and first.source == "table" else None
            c = c or doc.best(subject, [y], question)  # the same table row as the first year when it has one
            if DISTINCT and c is not None and any(c.text == t for _, _, t in items) and \
                    first is not None and c.key == first.key:
                # one cell cannot stand for two years: the best cell that names this year
                c = ground.Document([x for x in doc.candidates if y in x.years and x.key != first.key],
                                    doc.header).best(subject, [y], question)
            if c is None:
                break
            first = first or c
            items.append((y, c.value, c.text))
        if len(items) == len(qyears):
            if op in ("change", "pct_change", "ratio"):
                items = items[:2]
            return plan_or_none(combine(op, items, question), f"{op} of {' '.join(subject)} over {qyears}")
    if WITHOUT and op == "lookup" and re.search(r"(?<!\( )\b(?:without|excluding)\b", question) and len(set(qyears)) < 2:
        pair = two_subjects(doc, question, "change", qyears[:1])  # "2005 operating income without segment X"
        if pair is not None:
            return pair
    if op in ("sum", "change") and len(set(qyears)) < 2:
        pair = two_subjects(doc, question, op, qyears[:1])
        if pair is not None:
            return pair
    if op in ("sum", "change", "ratio", "average") and prev is not None and prev.value is not None and subject:
        c = doc.best(subject, qyears[:1], question)
        if YEAR_OPERAND and len(years) == 1 and \
                re.search(rf"\b(?:the|that|this) {years[0]} (?:value|one|amount|figure)\s*\??$", question):
            found = operand_for_year(doc, steps, years[0])  # "that divided by the 2009 value", after a change
            cell = doc.locate(number_value(found.formula)) if found is not None else None
            if cell is not None:
                c = cell
        if NOT_SELF and c is not None and abs(c.value - prev.value) < 1e-9:
            # the earlier answer cannot be its own partner: the best other value
            c = ground.Document([x for x in doc.candidates if abs(x.value - prev.value) >= 1e-9],
                                doc.header).best(subject, qyears[:1], question)
        if c is not None and (_refers_to_value(question) or _SUM_OVER.search(question) and convfinqa_ops.SUM_OVER or
                              INCLUDING and op == "sum" and re.search(r"\bincluding\b", question)):
            pv = prev.formula if prev.lookup else f"({prev.formula})"
            if op == "sum":
                terms = [t.strip() for t in prev.formula.split(" + ")]
                if SAME_LINE and len(terms) >= 2 and all(re.fullmatch(r"-?[\d.]+", t) for t in terms):
                    # "including the 2001 program, what becomes this total?": a new term from the line of the others
                    line = same_line(doc, terms, subject, qyears[:1], question)
                    if line is not None:
                        return Plan(f"{' + '.join(terms)} + {line.text}", (line.evidence,), "one more term of the sum")
                return Plan(f"{pv} + {c.text}", (c.evidence,), "previous answer plus a new value")
            if op == "change":
                return Plan(f"{pv} - {c.text}", (c.evidence,), "previous answer less a new value")
            if op == "ratio":
                if _pronoun_is_whole(question) or PART_WHOLE and is_whole_of(pv, c.text):
                    return Plan(f"{c.text} / {pv}", (c.evidence,), "new value over previous answer")
                return Plan(f"{pv} / {c.text}", (c.evidence,), "previous answer over a new value")
    if op == "ratio" and subject:
        parts = ground.split_pair(question)
        if parts:
            a = doc.best(content_words(parts[0]) or subject, qyears[:1], parts[0])
            whole = content_words(parts[1])
            b = doc.total_for(a) if a is not None and set(whole) <= _WHOLE else None
            b = b or doc.best(whole or subject, qyears[:1], parts[1])
            if a is not None and b is not None:
                return Plan(f"{a.text} / {b.text}", (a.evidence, b.evidence), "ratio of two values")
        elif prev is not None and PART_OF_PREV:
            found = part_of_earlier_whole(doc, prev, words, qyears[:1], question)
            if found is not None:
                return found
    if not subject:
        return None
    scored = [doc.best_scored(subject, [y], question) for y in dict.fromkeys(qyears)] or \
        [doc.best_scored(subject, [], question)]
    scored = [x for x in scored if x is not None]
    if not scored:
        return None
    c = max(scored, key=lambda x: x[0])[1]  # "as of december 31, 2007, ... due in 2008": the year that fits best
    if VALUE_TIMES_PRICE and op == "lookup" and c.source == "table" and "price" not in c.label and \
            re.search(r"\btotal (?:value|cost)\b", question):
        price = next((x for x in doc.candidates if x.source == "table" and x.key[:2] == c.key[:2] and
                      "price" in x.label), None)  # "the total value of the shares purchased": shares x price
        if price is not None:
            return Plan(f"{c.text} * {price.text}", (c.evidence, price.evidence), "a count times its price")
    span_n = re.search(r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) years\b", question)
    if ANNUAL_TIMES and op == "lookup" and span_n and re.search(r"\btotal\b", question) and \
            re.search(r"\bannual\w*|\bper year\b|\beach year\b|\binstallments?\b", c.label):
        n = count_word(span_n.group()) or int(span_n.group(1))  # "the total payments ... that lasted 7 years"
        return Plan(f"{c.text} * {n}", (c.evidence,), "an annual amount times the years")
    asked = re.search(r"\bin (thousands|millions|billions)\b", question)
    if asked and c.scale and asked.group(1) != c.scale + "s":
        steps_up = ["thousand", "million", "billion"]
        shift = steps_up.index(c.scale) - steps_up.index(asked.group(1)[:-1])
        factor = f" * {1000 ** shift}" if shift > 0 else f" / {1000 ** -shift}"
        return Plan(f"{c.text}{factor}", (c.evidence,), f"lookup of {' '.join(subject)} in {asked.group(1)}")
    return Plan(c.text, (c.evidence,), f"lookup of {' '.join(subject)} {qyears[:1]}", "%" if c.percent else "")


_CHANGE_REF = re.compile(r"\b(this|that|the|net|those|these)( net)? (change|difference|increase|decrease|decline|growth|variation|fluctuation|drop|rise|gain|loss)\b|rate of return")


_VALUE_PRONOUN = re.compile(r"\b(it|that|this|them|those|these|they)\b(?! (?:year|period|time|date|quarter|same))")


_CONNECTOR = re.compile(r"\b(?:percent\w* of|portion of|share of|fraction of|in relation to|relative to|compared to|"
                        r"divided by|over|of)\b")


_AFTER_VALUE = {"divided", "over", "as", "in", "by", "represent", "represents", "expressed", "times", "less",
                "minus", "plus", "of", "to", "for", "compared", "relative", "per", "and"}


def _refers_to_value(question: str) -> bool:
    """A pronoun standing for an earlier answer ("that", "that change"), not a determiner ("that net income")."""
    for m in _VALUE_PRONOUN.finditer(question):
        following = re.findall(r"[a-z][a-z\-']*", question[m.end():])[:2]
        if not following or following[0] in _AFTER_VALUE or following[0] in ground.STOP or following[0] in GENERIC:
            return True
    return False


def _pronoun_is_whole(question: str) -> bool:
    """True when the earlier answer is the whole: "what percentage of it was due to X", "X in relation to them"."""
    pronoun = _VALUE_PRONOUN.search(question)
    connector = _CONNECTOR.search(question)
    return bool(pronoun and connector and pronoun.start() > connector.start())










_PERIOD = re.compile(r"\b(?:two|three|four|five|six|seven|ten|\d+)[- ]years?(?: period)?\b|\bwhole period\b|"
                     r"\bshown in the (?:chart|graph|table)\b")




_THOSE_YEARS = re.compile(r"\b(?:between|over|in|during|across|for) (?:those|these|the|both)(?: same)?(?: two| three| \d)? years\b")
_LATEST_FIRST = re.compile(r"\b(?:that|this|it)\b(?: \w+)? (?:over|divided by|less|minus|compared to) (?:the |that )?"
                           r"(?:prior|previous|earlier|first|former|preceding)\b")






def answer_convfinqa(example: Example) -> Prediction:
    """Answer one ConvFinQA turn; never raises for a bad item (the error goes into the Prediction)."""
    try:
        p = plan(example)
    except Exception as exc:  # one odd turn must not stop a run; the error says what happened
        return Prediction(uid=example.uid, answer=None, error=f"{type(exc).__name__}: {exc}")
    if p is None:
        return Prediction(uid=example.uid, answer=None, error="no grounded value for the question")
    try:
        value = evaluate(p.formula)
    except CalcError as exc:
        return Prediction(uid=example.uid, answer=None, error=f"formula {p.formula!r}: {exc}")
    # a fraction stays a fraction even when asked "in percent": that is how the gold programs write it
    # "11.4%" for a percentage the document writes so: right whether the gold keeps 11.4 or reads it as 0.114
    text = value if isinstance(value, str) else format_answer(value) + p.unit
    if p.unit == "%" and re.fullmatch(r"-?\d+(?:\.\d+)?", p.formula.strip()):
        text = p.formula.strip() + "%"  # "61%" as written: the official EM also looks for the gold formula "61%"
    return Prediction(uid=example.uid, answer=Answer(value=text, derivation=p.formula), raw=text,
                      evidence=p.evidence, meta={"formula": p.formula, "note": p.note})


answer_example = answer_convfinqa  # the solver's per-task entry point name
