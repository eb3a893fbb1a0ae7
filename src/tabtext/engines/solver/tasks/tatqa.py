"""TAT-QA: answer one question over a table and its paragraphs.

Flow: read the context once (``candidates.read``: the question's intent, the table view, grounding) -> every
candidate Program the patterns and the text routes propose -> the learned ranker chooses (``rank/ranker.py``) -> the
Program runs through the safe calculator; the prediction carries it, its pattern and a calibrated confidence.
"""

from __future__ import annotations

from dataclasses import replace

from ....types import Example, Prediction
from ..patterns.textpath import coverage
from ..rank import ranker as rank
from ..rank.candidates import Candidate, Reading, answer_key, candidates, read
from ..rank.router import route, table_coverage, table_lookup
from ..reading.question import Query


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
    legacy = route(reading)
    cands = candidates(reading, spans=_spans_worth_reading(reading, legacy))
    key = answer_key(legacy[0]) if legacy else None
    for c in cands:
        c.features["router_choice"] = float(key is not None and answer_key(c.program) == key)
    if legacy and not any(c.features["router_choice"] for c in cands):
        cands.append(Candidate("router", legacy[0], legacy[1], "table" if legacy[0].cells() else "text",
                               {"router_choice": 1.0}))
    if not any(c.source == "table" for c in cands) and (lookup := table_lookup(reading)) is not None:
        cands.append(Candidate("table_lookup", lookup[0], lookup[1], "table", {"router_choice": 0.0}))
    return cands


def solve(example: Example) -> tuple[Query, Candidate | None, float]:
    """(the question read, the candidate the ranker chooses, its calibrated confidence 0..1)."""
    reading = read(example)
    cands = all_candidates(reading)
    chosen = rank.choose(reading, cands)
    if chosen is None:
        return reading.q, None, 0.0
    best, score, lead = chosen
    if reading.offset:  # cell rows of a stacked block, in the whole table's numbering
        best = replace(best, program=best.program.shifted(reading.offset))
    return reading.q, best, rank.confidence(score, rank.shipped_weights(), lead)


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
