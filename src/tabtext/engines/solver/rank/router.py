"""The hand-set router: the first table pattern's answer, replaced by a text answer past fixed margins.

It predates the learned ranker (``ranker.py``) and is now one of its features (``router_choice``): the ranker
learns from the data when to overrule it. Its margins are constants, not switches.
"""

from __future__ import annotations

import re

from ..lexicon.words import MONTH_WORD, is_year
from ..patterns.cells import value_answer
from ..patterns.table_patterns import table_candidates
from ..patterns.textnum import text_arithmetic
from ..patterns.textpath import coverage, text_program
from ..program.program import Program
from ..reader.sentences import split_sentences
from ..reading.question import Query, content_tokens
from ..reading.table import TableView
from .candidates import ARITH_KINDS, Reading, stated_wording

TEXT_MARGIN = 0.0  # how much better a sentence must cover the question than the chosen cells' labels
ARITH_TEXT_MARGIN = 0.5  # the same for arithmetic: amounts in a sentence against amounts in the table
# "What was the increase in X?" (not "the change"): when the text states the amount, that span is the answer
_INCREASE = re.compile(r"^(?!.*\b(?:change|difference|percentage|percent)\b).*\b(?:increase|decrease|grow|grew|decline)")
# "increase / (decrease) in X": the table's column heading, computed from the table
_BOTH_WAYS = re.compile(r"\b(?:increase|decrease)\s*/|\((?:increase|decrease)\)")
INCREASE_TEXT_MARGIN = 0.0


_DAY = re.compile(rf"\b{MONTH_WORD}\.?\s+\d{{1,2}}\b", re.I)


def _has_amount(program: Program) -> bool:
    """Whether a span holds a figure other than a year or a date ("October 31")."""
    value = program.run().value
    values = value if isinstance(value, tuple) else (str(value),)
    values = tuple(_DAY.sub(" ", v) for v in values)
    return any(not is_year(n.strip(".,")) for v in values for n in re.findall(r"\d[\d,.]*", v))


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
    sentence = next((s.text for s in split_sentences(text) if s.start <= ev.start < s.end), text)
    return not label & set(content_tokens(sentence))


def _text_instead_of_cell(q: Query, view: TableView, out, paragraphs, reader):
    """A sentence that covers the question better than the chosen cells' labels answers instead."""
    if coverage(q, paragraphs) <= table_coverage(q, view, out[0].evidence()) + TEXT_MARGIN:
        return out
    alt = text_program(q, paragraphs, reader)
    # a question about a period wants an amount: a span holding none (a sentence that introduces the
    # table, a list of phrases) does not replace the table's cell
    if alt is not None and not (q.years and not _has_amount(alt[0])) and \
            not _names_other_row(q, view, out[0].evidence(), alt[0].evidence(), paragraphs):
        return alt
    return out


def _stated_increase(q: Query, view: TableView | None, out, paragraphs, reader):
    """ "What was the increase in X?": the text's own wording of the amount, or a sentence stating it."""
    stated = stated_wording(out[0], paragraphs)
    if stated is not None:
        return stated, "text_span"
    if view is not None and _one_way(q) and (
            all(ev.kind == "text" for ev in out[0].evidence()) or coverage(q, paragraphs, numeric=True) >
            table_coverage(q, view, out[0].evidence()) + INCREASE_TEXT_MARGIN):
        # "What was the increase in X?" (one direction named) that a sentence with amounts covers better
        # than the table's labels: the text states the movement, read it there
        return text_program(q, paragraphs, reader) or out
    return out


def route(reading: Reading) -> tuple[Program, str] | None:
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
            out = _text_instead_of_cell(q, view, out, paragraphs, reading.reader)
        elif out is not None and out[1] in ARITH_KINDS and paragraphs:
            alt = text_arithmetic(q, paragraphs, reading.numbered)
            if alt is not None and coverage(q, paragraphs, numeric=True) > \
                    table_coverage(q, view, out[0].evidence()) + ARITH_TEXT_MARGIN:
                out = alt
    if out is not None and out[1] == "diff" and paragraphs and _INCREASE.search(q.text.lower()):
        out = _stated_increase(q, view, out, paragraphs, reading.reader)
    if out is None and q.kind in ARITH_KINDS and not (q.kind == "diff" and _one_way(q)):
        out = text_arithmetic(q, paragraphs, reading.numbered)
    if out is None:
        out = text_program(q, paragraphs, reading.reader)
    return out


def table_lookup(reading: Reading) -> tuple[Program, str] | None:
    """The best-matching row's cell for the periods asked: a table answer to weigh against the text when no
    table pattern proposes one (the ranker, with the answer-source model, decides whether it beats the text)."""
    ctx = reading.ctx
    if ctx is None or ctx.best_row is None:
        return None
    return value_answer(ctx, ctx.best_row)
