"""TAT-QA: answer one question over a table and its paragraphs with general rules.

Flow: classify the question (operator) -> read the table -> ground rows and periods -> compute with the
safe calculator, or route to text-span extraction; each answer keeps its operator, derivation and evidence.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...calc import CalcError
from ...types import Example, Prediction
from . import rank
from .candidates import ARITH_KINDS, Candidate, Reading, answer_key, candidates, read
from .patterns import table_candidates
from .program import Program, Span
from .question import Query, content_tokens
from .table import TableView
from .textnum import SENTENCE, stated_amount, text_arithmetic
from .textpath import coverage, text_program

TEXT_MARGIN = 0.0  # how much better a sentence must cover the question than the chosen cells' labels
ARITH_TEXT_MARGIN = 0.5  # the same for arithmetic: amounts in a sentence against amounts in the table
# "What was the increase in X?" (not "the change"): when the text states the amount, that span is the answer
_INCREASE = re.compile(r"^(?!.*\b(?:change|difference|percentage|percent)\b).*\b(?:increase|decrease|grow|grew|decline)")
# "increase / (decrease) in X": the table's column heading, computed from the table
_BOTH_WAYS = re.compile(r"\b(?:increase|decrease)\s*/|\((?:increase|decrease)\)")
INCREASE_TEXT_MARGIN = 0.0


_DAY = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b", re.I)


def _has_amount(program: Program) -> bool:
    """Whether a span holds a figure other than a year or a date ("October 31")."""
    value = program.run().value
    values = value if isinstance(value, tuple) else (str(value),)
    values = tuple(_DAY.sub(" ", v) for v in values)
    return any(not re.fullmatch(r"(?:19|20)\d\d", n.strip(".,")) for v in values for n in re.findall(r"\d[\d,.]*", v))


def table_coverage(q: Query, view: TableView, evidence) -> float:
    """Share of the question's content words found in the labels around the chosen cells."""
    words: set[str] = set()
    for ev in evidence:
        for text in (view.row_labels[ev.row], view.row_sections[ev.row], view.col_labels[ev.col] if ev.col >= 0 else ""):
            words.update(content_tokens(text))
    words.update(content_tokens(view.table.caption))
    qset = set(q.tokens)
    return len(qset & words) / len(qset) if qset else 0.0


def _one_way(q: Query) -> bool:
    """ "What was the increase in X?": one direction, no "change", no "increase / (decrease)" heading."""
    low = q.text.lower()
    return bool(_INCREASE.search(low)) and not _BOTH_WAYS.search(low)


def _names_other_row(q: Query, view: TableView, cells, spans, paragraphs) -> bool:
    """Whether the question names the chosen cell's row label in full while the text span's sentence holds
    none of that label's words: the sentence is about something else, the cell answers."""
    label = set(content_tokens(view.row_labels[cells[0].row])) if cells else set()
    if not label or not label <= set(q.tokens) or not spans:
        return False
    ev = spans[0]
    if not isinstance(ev.paragraph, int) or not 0 <= ev.paragraph < len(paragraphs):
        return False
    text = paragraphs[ev.paragraph].text
    sentence = next((m.group(0) for m in SENTENCE.finditer(text) if m.start() <= ev.start < m.end()), text)
    return not label & set(content_tokens(sentence))


def _text_instead_of_cell(q: Query, view: TableView, out, paragraphs):
    """A sentence that covers the question better than the chosen cells' labels answers instead."""
    if coverage(q, paragraphs) <= table_coverage(q, view, out[0].evidence()) + TEXT_MARGIN:
        return out
    alt = text_program(q, paragraphs)
    # a question about a period wants an amount: a span holding none (a sentence that introduces the
    # table, a list of phrases) does not replace the table's cell
    if alt is not None and not (q.years and not _has_amount(alt[0])) and \
            not _names_other_row(q, view, out[0].evidence(), alt[0].evidence(), paragraphs):
        return alt
    return out


def _stated_increase(q: Query, view: TableView | None, out, paragraphs):
    """ "What was the increase in X?": the text's own wording of the amount, or a sentence stating it."""
    try:
        stated = stated_amount(out[0].value(), out[0].scale, paragraphs)
    except CalcError:
        stated = None
    if stated:
        text, i, start, end = stated
        return Program("span", (Span(i, start, end, text),), answer_value=(text,)), "text_span"
    if view is not None and _one_way(q) and (
            all(ev.kind == "text" for ev in out[0].evidence()) or coverage(q, paragraphs, numeric=True) >
            table_coverage(q, view, out[0].evidence()) + INCREASE_TEXT_MARGIN):
        # "What was the increase in X?" (one direction named) that a sentence with amounts covers better
        # than the table's labels: the text states the movement, read it there
        return text_program(q, paragraphs) or out
    return out


def legacy_route(reading: Reading) -> tuple[Program, str] | None:
    """The hand-set router: the first table pattern's answer, replaced by a text answer past fixed margins."""
    q, view, paragraphs = reading.q, reading.view, reading.paragraphs
    out = None
    if reading.ctx is not None:
        found = table_candidates(reading.ctx)
        if q.kind == "text":  # "who / where" questions: a text cell only when its labels cover more than a sentence
            found = [(n, f) for n, f in found if n == "text_cell" and not (
                paragraphs and coverage(q, paragraphs) >= table_coverage(q, view, f[0].evidence()))]
        out = found[0][1] if found else None
        if out is not None and out[1] in ("cell", "multi_cell") and paragraphs:
            out = _text_instead_of_cell(q, view, out, paragraphs)
        elif out is not None and out[1] in ARITH_KINDS and paragraphs:
            alt = text_arithmetic(q, paragraphs)
            if alt is not None and coverage(q, paragraphs, numeric=True) > \
                    table_coverage(q, view, out[0].evidence()) + ARITH_TEXT_MARGIN:
                out = alt
    if out is not None and out[1] == "diff" and paragraphs and _INCREASE.search(q.text.lower()):
        out = _stated_increase(q, view, out, paragraphs)
    if out is None and q.kind in ARITH_KINDS and not (q.kind == "diff" and _one_way(q)):
        out = text_arithmetic(q, paragraphs)
    if out is None:
        out = text_program(q, paragraphs)
    return out


def _spans_worth_reading(reading: Reading, legacy) -> int:
    """How many reader spans the ranker gets: several when the router answers from the text, one when a sentence
    covers the question better than the table answer's labels, none otherwise (the reader is the slow part)."""
    if not reading.paragraphs:
        return 0
    if legacy is None or not legacy[0].cells() or legacy[1] == "text_span":
        return 3
    if reading.view is not None and coverage(reading.q, reading.paragraphs) > \
            table_coverage(reading.q, reading.view, legacy[0].evidence()):
        return 1
    return 0


def all_candidates(reading: Reading) -> list[Candidate]:
    """Every candidate, each marked with whether the hand-set router would give its answer (a feature the
    ranker weighs against the others: it learns when to overrule the router)."""
    legacy = legacy_route(reading)
    cands = candidates(reading, spans=_spans_worth_reading(reading, legacy))
    key = answer_key(legacy[0]) if legacy else None
    for c in cands:
        c.features["router_choice"] = float(key is not None and answer_key(c.program) == key)
    if legacy and not any(c.features["router_choice"] for c in cands):
        cands.append(Candidate("router", legacy[0], legacy[1], "table" if legacy[0].cells() else "text",
                               {"router_choice": 1.0}))
    return cands


def solve(example: Example) -> tuple[Query, Candidate | None, float]:
    """(the question read, the candidate the ranker chooses, its calibrated confidence 0..1)."""
    reading = read(example)
    cands = all_candidates(reading)
    chosen = rank.choose(reading, cands)
    if chosen is None:
        return reading.q, None, 0.0
    best, score = chosen
    if reading.offset:  # cell rows of a stacked block, in the whole table's numbering
        best = replace(best, program=best.program.shifted(reading.offset))
    return reading.q, best, rank.confidence(score, rank.shipped_weights())


def answer_example(example: Example) -> Prediction:
    q, best, confidence = solve(example)
    if best is None:
        return Prediction(uid=example.uid, answer=None, error="no answer found",
                          meta={"operator": q.kind, "confidence": 0.0})
    answer = best.program.run()
    return Prediction(uid=example.uid, answer=answer, raw=answer.text(), evidence=best.program.evidence(),
                      meta={"operator": best.route, "question_kind": q.kind, "pattern": best.name,
                            "program": best.program.to_json(), "confidence": round(confidence, 4)})
