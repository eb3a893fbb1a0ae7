"""TAT-QA: answer one question over a table and its paragraphs.

Flow: read the context once (``candidates.read``: the question's intent, the table view, grounding) -> every
candidate Program the patterns and the text routes propose, built once (``candidates.candidates``) -> the learned
ranker chooses (``rank/ranker.py``) -> the
Program runs through the safe calculator; the prediction carries it, its pattern and a calibrated confidence.
"""

from __future__ import annotations

from dataclasses import replace

from ....types import Example, Prediction
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
    if reading.offset:  # cell rows of a stacked block, in the whole table's numbering
        best = replace(best, program=best.program.shifted(reading.offset))
    return reading.q, best, rank.confidence(score, rank.shipped_weights(), lead, best.reader_found)


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
