"""The confidence reads named inputs of the chosen candidate, each weighed by the fitted calibration."""

from __future__ import annotations

import math

from tabtext.engines.solver.program.program import Cell, Program, Span
from tabtext.engines.solver.rank import ranker as rank


def test_calibration_inputs_cap_the_lead_and_say_whether_the_answer_is_text():
    cell = Program("lookup", (Cell(0, 1, 5.0, "Revenue", "2019"),))
    span = Program("span", (Span(0, 0, 7, "a cause"),))
    inputs = rank.calibration_inputs(cell, 1.5, lead=99.0, found=None)
    assert inputs == {"score": 1.5, "lead": rank.MAX_LEAD, "found": 0.0, "text": 0.0}
    assert rank.calibration_inputs(span, 0.0, found=0.5)["text"] == 1.0


def test_confidence_is_logistic_in_the_weighed_inputs_and_unfitted_ones_count_nothing():
    weights = {"calibration": {"bias": -1.0, "score": 2.0, "lead": 0.5}}
    got = rank.confidence({"score": 1.0, "lead": 2.0, "text": 1.0}, weights)
    assert math.isclose(got, 1 / (1 + math.exp(-2.0)))
    assert 0.0 < rank.confidence(rank.calibration_inputs(Program("lookup", ()), 0.3), rank.shipped_weights()) < 1.0
