"""One reading of a TAT-QA example and every candidate Program it allows, built once: the table patterns that
apply, the paragraph reader's spans, arithmetic over amounts in a sentence, and the text's own wording of a computed amount. The ranker
(``ranker.py``) chooses among them; ``tasks/tatqa.py`` turns the choice into a Prediction. Nothing here decides
between candidates: what used to be the hand-set router's margins are the ranker's features."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from ....calc import CalcError
from ....types import Example, Paragraph
from ..lexicon.cues import span_misfits
from ..lexicon.scale import matched_scale, paragraph_scale
from ..lexicon.words import content_tokens, is_year
from ..patterns.arith import arithmetic, two_rows
from ..patterns.cells import value_answer
from ..patterns.table_patterns import table_candidates
from ..patterns.textnum import numbered_sentences, stated_amount, text_arithmetic
from ..patterns.textpath import text_programs
from ..patterns.textspan import text_coverage
from ..patterns.year_amounts import asked_years, year_amounts
from ..program.program import Cell, Program, Span
from ..reading.context import MIN_ROW, Ctx
from ..reading.question import Query, classify, ground
from ..reading.stacked import pick_block
from ..reading.table import TableView, read_table

ARITH_KINDS = ("diff", "change_ratio", "average", "sum", "divide", "percent_of")


@dataclass
class Reading:
    """A context read once: the question's intent, the table view (its block), grounding and paragraphs."""

    q: Query
    paragraphs: Sequence[Paragraph]
    view: TableView | None = None
    ctx: Ctx | None = None
    offset: int = 0
    reader: tuple | None = None  # the paragraph reader's (weights, calibration); None: the shipped ones

    @cached_property
    def numbered(self) -> list:
        """The sentences holding amounts, with their amounts and words (``textnum.numbered_sentences``)."""
        return numbered_sentences(self.paragraphs)

    @cached_property
    def text_cover(self) -> float:
        """Share of the question's content words in the best paragraph sentence."""
        return text_coverage(self.q, self.paragraphs) if self.paragraphs else 0.0

    @cached_property
    def number_cover(self) -> float:
        """The same over the sentences holding amounts."""
        return text_coverage(self.q, self.paragraphs, numeric=True) if self.paragraphs else 0.0


@dataclass
class Candidate:
    name: str  # the pattern (table) or text route that proposed it
    program: Program
    route: str  # the operator name the route reports (Prediction.meta["operator"])
    source: str  # "table" | "text"
    features: dict[str, float] = field(default_factory=dict)
    reader_found: float | None = None  # a reader span: the reader's probability that it is usable (no-answer)


def answer_key(program: Program) -> str:
    """The answer a program gives, as one comparable string ("" when it cannot run)."""
    try:
        value = program.run().value
    except (CalcError, ValueError, IndexError):
        return ""
    return "|".join(value) if isinstance(value, tuple) else str(value)


def read(example: Example) -> Reading:
    q = classify(example.question)
    table = example.context.table
    reading = Reading(q, example.context.paragraphs)
    if table is not None and table.rows:
        view = read_table(table)
        if not view.scale:
            view.scale = paragraph_scale(reading.paragraphs) or matched_scale(view.values.values(), reading.paragraphs)
        view, reading.offset = pick_block(view, q)
        reading.view, reading.ctx = view, Ctx(view, ground(view, q), q)
    return reading


def stated_wording(program: Program, paragraphs: Sequence[Paragraph]) -> Program | None:
    """The paragraphs' own wording of a computed amount in another unit ("$16.9 million" for 16,901 thousand)."""
    try:
        stated = stated_amount(program.value(), program.scale, paragraphs)
    except CalcError:
        return None
    if not stated:
        return None
    text, i, start, end = stated
    return Program("span", (Span(i, start, end, text),), pattern="stated_amount", answer_value=(text,))


def label_cover(reading: Reading, program: Program) -> float:
    """Share of the question's content words in the caption and the labels of the cells the program reads."""
    qset = set(reading.q.tokens)
    if not qset or reading.view is None:
        return 0.0
    words: set[str] = set(content_tokens(reading.view.table.caption))
    for cell in program.cells():
        words.update(content_tokens(cell.row_label), content_tokens(cell.col_label))
        if 0 <= cell.row < len(reading.view.row_sections):
            words.update(content_tokens(reading.view.row_sections[cell.row]))
    return len(qset & words) / len(qset)


def _table(reading: Reading, off: Sequence[str]) -> list[Candidate]:
    """The table patterns' candidates. Measured, not kept: also proposing the operator of every other cue row the
    question matches (``cue_rank`` a feature) left both lockboxes level and lowered dev (69.42 -> 68.94 EM)."""
    if reading.ctx is None:
        return []
    return [Candidate(name, program, route, "table") for name, (program, route) in table_candidates(reading.ctx, off)]


def spans_worth_reading(reading: Reading, table: list[Candidate]) -> int:
    """How many reader spans to ask for (the reader is the slow part): three when no table candidate reads a cell
    or a "who / why" question is asked or a sentence covers the question better than the first table
    candidate's labels, none otherwise."""
    if not reading.paragraphs:
        return 0
    first = table[0] if table else None
    if first is None or not first.program.cells() or reading.q.kind == "text":
        return 3
    return 3 if reading.text_cover > label_cover(reading, first.program) else 0


def candidates(reading: Reading, off: Sequence[str] = ()) -> list[Candidate]:
    """Every candidate the reading allows, each built once; ``off`` names table patterns to skip (ablation)."""
    out = _table(reading, off)
    if reading.paragraphs:
        for c in list(out):
            if c.route == "diff":
                stated = stated_wording(c.program, reading.paragraphs)
                if stated is not None:
                    out.append(Candidate("stated_amount", stated, "text_span", "text", {"stated_wording": 1.0}))
        if reading.q.kind in ARITH_KINDS:
            found = text_arithmetic(reading.q, reading.paragraphs, reading.numbered)
            if found is not None:
                out.append(Candidate("text_arithmetic", found[0], found[1], "text", {"text_numbers": 1.0}))
        if asked_years(reading.q) and (by_year := year_amounts(reading.q, reading.paragraphs, reading.numbered)) is not None:
            out.append(Candidate("year_amounts", by_year, "multi_span", "text", {"year_amounts": 1.0}))
        read_spans = text_programs(reading.q, reading.paragraphs, spans_worth_reading(reading, out), reading.reader)
        for rank_, (program, route, gap, prob, usable) in enumerate(read_spans):
            found = {"reader_gap": gap, "reader_next": float(rank_ > 0)}
            if prob >= 0:
                found["reader_prob"] = prob
            out.append(Candidate("text_span" if rank_ == 0 else "text_span_next", program, route, "text", found,
                                 usable if usable >= 0 else None))
    out += variants(reading, out)
    if not any(c.source == "table" for c in out) and (lookup := table_lookup(reading)) is not None:
        out.append(Candidate("table_lookup", lookup[0], lookup[1], "table", {"lookup_fallback": 1.0}))
    return out


YEAR_ASKED = re.compile(r"\b(?:which|what) (?:fiscal |financial )?years?\b")
_DIGITS = re.compile(r"\d[\d,.]*")


def span_numbers(program: Program) -> list[str]:
    """The numbers written in a text candidate's spans (or its given value)."""
    return [n.strip(".,") for t in span_texts(program) for n in _DIGITS.findall(t)]


def span_texts(program: Program) -> list[str]:
    return [a.text for a in program.args if hasattr(a, "text")] or [str(program.answer_value or "")]


def names_no_year(program: Program) -> bool:
    return not any(is_year(n) for n in span_numbers(program))


def spans_of_the_kind_asked(reading: Reading, found: list[Candidate]) -> list[Candidate]:
    """A question asking which year is answered by a year: the candidates without the text spans that name none
    (all of them when nothing else is left); likewise "which month/quarter" a period, "how many" a number
    (``cues.span_misfits``). Applied to the ranker's choice, not to the candidates it learns from:
    its feature for it, learned from train's few such questions, is too weak against a confident reader."""
    low = reading.q.text.lower()
    year = YEAR_ASKED.search(low)
    kept = [c for c in found if c.source != "text" or c.name == "text_arithmetic" or not (
        names_no_year(c.program) if year else span_misfits(low, " ".join(span_texts(c.program))))]
    return kept or found


def table_lookup(reading: Reading) -> tuple[Program, str] | None:
    """The best-matching row's cell for the periods asked: a table answer to weigh against the text when no
    table pattern proposes one."""
    ctx = reading.ctx
    if ctx is None or ctx.best_row is None:
        return None
    return value_answer(ctx, ctx.best_row)


def variants(reading: Reading, found: list[Candidate]) -> list[Candidate]:
    """Other readings of the table candidates: the other operand order of a change (annotators go both ways on
    signs; the ranker learns from the data when each holds), and the runner-up row for a lookup or a computation.
    Measured, not kept (train_ranker.py, train-CV / train lockbox / dev / dev lockbox, from 60.52 / 63.02 / 70.08 /
    74.79): a ratio over every ordered pair of the three best rows, always (open-train ratio recall 51.5% -> 65.2%,
    oracle 70.15 -> 70.91), chosen too rarely: 60.50 / 62.91 / 69.90 / 74.57."""
    out = []
    for c in found:
        if c.source == "table" and c.program.op in ("subtract", "change_ratio") and len(c.program.args) == 2:
            swapped = replace(c.program, args=c.program.args[::-1])
            out.append(Candidate(c.name + "_swapped", swapped, c.route, "table", {"swapped": 1.0}))
    kind = reading.q.kind
    for c in found + out:  # an average or a sum, asked or built
        if c.source == "table" and c.program.numeric and (kind in ("average", "sum") or c.program.op in
                                                          ("average", "sum")) and (bare := magnitudes(c.program)):
            out.append(Candidate(c.name + "_magnitudes", bare, c.route, "table",
                                 {**c.features, "magnitudes": 1.0, f"magnitudes_{kind}": 1.0}))
    ctx = reading.ctx
    if ctx is not None and len(ctx.ranked_rows) > 1 and ctx.ranked_rows[1][1] >= MIN_ROW:
        row, row_score = ctx.ranked_rows[1]
        built = value_answer(ctx, row) if kind == "value" else \
            arithmetic(ctx, row, ctx.year_axis()) if kind in ARITH_KINDS[:-1] else None
        if built is not None:
            out.append(Candidate("runner_up_row", built[0], built[1], "table",
                                 {"runner_up": 1.0, "row_gap": ctx.ranked_rows[0][1] - row_score}))
        built_op = {c.program.op for c in found if c.source == "table"}
        if kind in ("divide", "sum") and not built_op & {"divide", "percent_of", "sum"}:
            top = ctx.ranked_rows[0][0]  # no rule built this operator: the two best rows, both orders for a ratio
            for pair in ((top, row), (row, top))[:2 if kind == "divide" else 1]:
                if (got := two_rows(ctx, list(pair))) is not None:
                    out.append(Candidate("two_rows", got[0], got[1], "table",
                                         {"two_rows": 1.0, "row_gap": ctx.ranked_rows[0][1] - row_score,
                                          "two_rows_first_top": float(pair[0] == top)}))
    return out


def magnitudes(program: Program) -> Program | None:
    """The program over its cells' magnitudes; None when no cell it reads is negative. Train's derivations write a
    bracketed cell in an average as its bare magnitude 126 times, with its minus 33 (``training.derivation_evidence``),
    so an average or sum over such cells is also proposed that way and the ranker weighs the two. Measured, not
    kept: the same for differences, changes and ratios (about as often each way there) lowered the train lockbox."""
    def bare(a):  # type: ignore[no-untyped-def]
        if isinstance(a, Program):
            return replace(a, args=tuple(bare(x) for x in a.args))
        if isinstance(a, Cell) and a.value is not None and a.value < 0:
            return replace(a, value=-a.value)
        return a
    if not any(c.value is not None and c.value < 0 for c in program.cells()):
        return None
    return replace(program, args=tuple(bare(a) for a in program.args))
