"""TAT-QA: answer one question over a table and its paragraphs.

Flow: read the context once (``candidates.read``: the question's intent, the table view, grounding) -> every
candidate Program the patterns and the text routes propose, built once (``candidates.candidates``) -> the learned
ranker chooses (``rank/ranker.py``) -> the
Program runs through the safe calculator; the prediction carries it, its pattern and a calibrated confidence.
"""

from __future__ import annotations

from dataclasses import replace

from ....types import Example, Prediction
from ..patterns.measures import NAMED_MEASURES, more_than, named_first
from ..rank import ranker as rank
from ..rank.candidates import Candidate, candidates, read
from ..reading.question import Query


def solve(example: Example) -> tuple[Query, Candidate | None, float]:
    """(the question read, the candidate the ranker chooses, its calibrated confidence 0..1)."""
    reading = read(example)
    cands = candidates(reading)
    chosen = rank.choose(reading, cands)
    if chosen is None:
        return reading.q, None, 0.0
    best, score, lead = chosen
    best = _as_asked(example.question, best, cands)
    if best is None:
        return reading.q, None, 0.0
    if reading.offset:  # cell rows of a stacked block, in the whole table's numbering
        best = replace(best, program=best.program.shifted(reading.offset))
    return reading.q, best, rank.confidence(score, rank.shipped_weights(), lead, best.reader_found)


def _as_asked(question: str, best: Candidate, cands: list[Candidate]) -> Candidate | None:
    """The ranker's choice, or what the question names instead: a difference for "how many more ... than",
    a named measure over a cell of one of its lines (``measures.named_first``; no dev answer moves)."""
    diff = more_than(question, best.program)
    if diff is not None:
        return replace(best, name="more_than", program=diff, route="diff")
    named = [(c.name, c.program) for c in cands if c.name in NAMED_MEASURES]
    name, program = named_first(question, best.name, best.program, named)
    if program is None:
        return None
    return best if name == best.name else next(c for c in cands if c.name == name)


def answer_example(example: Example) -> Prediction:
    q, best, confidence = solve(example)
    if best is None:
        return Prediction(uid=example.uid, answer=None, error="no answer found",
                          meta={"operator": q.kind, "confidence": 0.0})
    answer = best.program.run()
    meta = {"operator": best.route, "question_kind": q.kind, "pattern": best.name,
            "program": best.program.to_json(), "confidence": round(confidence, 4)}
    if best.reader_found is not None:
        meta["reader_found"] = round(best.reader_found, 4)
    return Prediction(uid=example.uid, answer=answer, raw=answer.text(), evidence=best.program.evidence(),
                      meta=meta)
