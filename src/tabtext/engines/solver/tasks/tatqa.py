"""TAT-QA: answer one question over a table and its paragraphs.

Flow: read the context once (``candidates.read``: the question's intent, the table view, grounding) -> every
candidate Program the patterns and the text routes propose, built once (``candidates.candidates``) -> the learned
ranker chooses (``rank/ranker.py``) -> the
Program runs through the safe calculator; the prediction carries it, its pattern and a calibrated confidence.
"""

from __future__ import annotations

from dataclasses import replace

from ....period_layout import for_runs, in_source, periods_on_rows, question_for_runs, title_rows
from ....types import Example, Prediction
from ..patterns.named_first import MEASURE_CONFIDENCE, NAMED_MEASURES, TRUSTED, more_than, named_first
from ..rank import ranker as rank
from ..rank.candidates import Candidate, candidates, read, spans_of_the_kind_asked
from ..reading.question import Query


def solve(example: Example) -> tuple[Query, Candidate | None, float]:
    """(the question read, the candidate the ranker chooses, its calibrated confidence 0..1)."""
    reading = read(example)
    cands = candidates(reading)
    chosen = rank.choose(reading, cands)
    if chosen is not None and (kept := spans_of_the_kind_asked(reading, cands)) is not cands and chosen[0] not in kept:
        chosen = rank.choose(reading, kept) or chosen
    if chosen is None:
        return reading.q, None, 0.0
    best, score, lead = chosen
    best = _as_asked(example.question, best, cands)
    if best is None:
        return reading.q, None, 0.0
    confidence = rank.confidence(rank.calibration_inputs(best.program, score, lead, best.reader_found),
                                 rank.shipped_weights())
    if reading.offset:  # cell rows of a stacked block, in the whole table's numbering
        best = replace(best, program=best.program.shifted(reading.offset))
    return reading.q, best, max(confidence, MEASURE_CONFIDENCE) if best.name in TRUSTED else confidence


def _as_asked(question: str, best: Candidate, cands: list[Candidate]) -> Candidate | None:
    """The ranker's choice, or what the question names instead: a difference for "how many more ... than",
    a named measure over a cell of one of its lines (``named_first.named_first``; no dev answer moves)."""
    diff = more_than(question, best.program)
    if diff is not None:
        return replace(best, name="more_than", program=diff, route="diff")
    named = [(c.name, c.program) for c in cands if c.name in (*NAMED_MEASURES, "across_rows")]
    name, program = named_first(question, best.name, best.program, named)
    if program is None:
        return None
    return best if name == best.name else next(c for c in cands if c.name == name)


def answer_example(example: Example) -> Prediction:
    given = example
    example, turned = _laid_out(example)
    q, best, confidence = solve(example)
    if best is None:
        return Prediction(uid=example.uid, answer=None, error="no answer found",
                          meta={"operator": q.kind, "confidence": 0.0})
    answer = best.program.run()
    meta = {"operator": best.route, "question_kind": q.kind, "pattern": best.name,
            "program": best.program.to_json(), "confidence": round(confidence, 4)}
    if best.reader_found is not None:
        meta["reader_found"] = round(best.reader_found, 4)
    return Prediction(uid=example.uid, answer=answer, raw=answer.text(),
                      evidence=in_source(best.program.evidence(), turned, _titles(given)), meta=meta)


def _titles(example: Example) -> int:
    return title_rows(example.context.tables[0]) if example.context.tables else 0


def _laid_out(example: Example) -> tuple[Example, bool]:
    """A person's table as runs read it (``period_layout.for_runs``: a pandas export turned, quarters and months
    written one way, in the question too; no TAT-QA dev answer moves), and whether its first table was turned."""
    tables = tuple(for_runs(t) for t in example.context.tables)
    if tables == example.context.tables:
        return example, False
    turned = bool(tables) and tables[0].rows != example.context.tables[0].rows and periods_on_rows(
        example.context.tables[0], strict=True)
    return replace(example, question=question_for_runs(example.question, tables),
                   context=replace(example.context, tables=tables)), turned
