"""ConvFinQA operand moves: new operands found next to earlier ones (same row, column or table period), and two
subjects of one question ("the sum of A and B") looked up side by side."""

from __future__ import annotations

import re

from ...lexicon.words import YEAR
from . import ground
from . import program as P
from .formula import pair, render, shape, with_numbers
from .ground import content_words
from .program import Step
from .turns import GENERIC, Plan, number_value


def part_of_earlier_whole(doc: ground.Document, prev: Step, words: list[str], years: list[str],
                           question: str) -> Plan | None:
    """ "what fraction comes from goodwill?" after asking for the total: a new part over the earlier whole (the
    denominator of an earlier ratio, or an earlier single value larger than the part)."""
    if re.search(r"\b(?:current|non-?current|short-term|long-term) portion\b", question):
        return None  # "the current portion of long-term debt" is a line item, not a ratio
    part = doc.best([w for w in words if w not in GENERIC] or words, years, question)
    if part is None or prev.value is None:
        return None
    ratio = pair(prev.program, "divide")
    if ratio and ratio[1].text.lstrip("-").replace(".", "").rstrip("%").isdigit():
        whole = ratio[1].text
    elif prev.lookup and abs(prev.value) > abs(part.value) and part.text != prev.formula.strip():
        whole = prev.formula.strip()
    else:
        return None
    return Plan(f"{part.text} / {whole}", (part.evidence,), "a new part over the earlier whole",
                program=P.program("divide", P.leaf(part), P.number(whole)))


def row_transfer(doc: ground.Document, prev: Step, novel: list[str]) -> Plan | None:
    """ "and for emea?" after a computation: each operand moves along its row or column to the cell naming the
    new subject (a "total" cell, the whole of a ratio, stays)."""
    moved_to: dict = {}
    rows: set = set()
    for number in dict.fromkeys(prev.numbers):
        same = [x for x in doc.candidates if x.source == "table" and abs(x.value - number_value(number)) < 1e-9]
        cell = next((x for x in same if x.key[:2] in rows), same[0] if same else None)  # the other operands' row
        if cell is not None:
            rows.add(cell.key[:2])
        if cell is None or re.search(r"^total\b|\btotal$", cell.label.strip()):  # a total row or column stays
            continue
        t, r, c = cell.key
        column = [x for x in doc.candidates if x.source == "table" and x.key[0] == t and x.key != cell.key and
                  (x.key[2] == c or x.key[1] == r)]
        scored = [(ground.overlap(novel, content_words(x.label)), x) for x in column]
        scored = [(sc, x) for sc, x in scored if sc > 0]
        if not scored:
            continue
        best = max(scored, key=lambda t: t[0])[1]
        moved_to[round(number_value(number), 9)] = P.leaf(best)
    edited = with_numbers(prev.program, moved_to) if prev.program is not None else None
    if edited is None or shape(edited) == shape(prev.program):
        return None
    return Plan(render(edited), edited.evidence(), "previous computation moved to the new subject's row",
                program=edited)


def whole_period(doc: ground.Document, subject: list[str], years: list[str], question: str):
    """(year, cell) of the subject in the last year of its table (or the year named) and in the table's first year."""
    tables = doc.subset([c for c in doc.candidates if c.source == "table"])
    scored = tables.best_scored(subject, years[:1], question)
    if scored is None or scored[1].source != "table" or not scored[1].years:
        return None
    cell = scored[1]
    table_years = sorted({y for t, y in doc.table_years if t == cell.key[0]})
    if len(table_years) < 3:
        return None
    last = years[0] if years else table_years[-1]
    end = cell if last in cell.years else doc.move(cell, cell.years[-1], last)
    start = doc.move(end, last, table_years[0]) if end is not None else None
    if end is None or start is None or start.key == end.key:
        return None
    return [(last, end), (table_years[0], start)]


def same_line(doc: ground.Document, terms: list[str], subject: list[str], years: list[str], question: str):
    """The best cell, other than the terms', in the table row or column that holds all the terms."""
    cells = [doc.locate(number_value(t), table_only=True) for t in terms]
    if any(c is None for c in cells):
        return None
    keys = {c.key for c in cells}
    tables = {c.key[0] for c in cells}
    if len(tables) != 1:
        return None
    axis = 2 if len({c.key[2] for c in cells}) == 1 else 1 if len({c.key[1] for c in cells}) == 1 else None
    if axis is None:
        return None
    line = [x for x in doc.candidates if x.source == "table" and x.key[0] in tables and
            x.key[axis] == cells[0].key[axis] and x.key not in keys and "total" not in x.label.split()]
    return doc.subset(line).best(subject, years, question) if line else None


def two_subjects(doc: ground.Document, question: str, op: str, years: list[str]) -> Plan | None:
    """ "the sum of A and B", "A less B", "the total of A and the one used in B": two lookups combined."""
    q = re.sub(rf"\b(?:in|for|during|as of) (?:the )?(?:year )?(?:of )?{YEAR}\b|\?", " ", question)
    q = re.sub(r"^.*?\b(?:sum|total|combined total|difference|change|net change) (?:of|between|in) ", "", q)
    joiner = r"\s+(?:less|minus|without|excluding)\s+" if op == "change" and \
        re.search(r"\b(less|minus|without|excluding)\b", q) else r"\s+and\s+"
    parts = re.split(joiner, q, maxsplit=1)
    if len(parts) != 2:
        return None
    a_words, b_words = content_words(parts[0]), content_words(parts[1])
    raw_a = re.findall(r"[a-z][a-z&'\-]*", parts[0])
    raw_b = [w for w in re.findall(r"[a-z][a-z&'\-]*", parts[1]) if w not in ("the", "a", "an", "in", "for", "of")]
    own_b = b_words
    if raw_a and 1 <= len(raw_b) <= 2:
        # "the average price per share in november and december": the second part is "... in december"
        b_words = [w for w in a_words if w not in content_words(raw_a[-1])] + raw_b
    if not a_words or not b_words:
        return None
    a = doc.best(a_words, years, parts[0])
    b = doc.best(b_words, years, parts[1])
    if a is not None and b is not None and a.key == b.key and own_b and own_b != b_words:
        b = doc.best(own_b, years, parts[1])  # the borrowed noun led back to A: the part's own words
    if a is None or b is None or a.key == b.key:
        return None
    sym = "+" if op == "sum" else "-"
    return Plan(f"{a.text} {sym} {b.text}", (a.evidence, b.evidence), f"{op} of two subjects",
                program=P.program("add" if op == "sum" else "subtract", P.leaf(a), P.leaf(b)))

