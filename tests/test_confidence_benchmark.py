"""benchmarks/confidence.py counts only the answers whose giving hinges on the confidence near the threshold."""

from __future__ import annotations

from benchmark_util import load_benchmark


def test_near_counts_hinging_answers_within_the_width():
    bench = load_benchmark("confidence")
    items = [bench.Scored(0.52, True, True), bench.Scored(0.46, False, True), bench.Scored(0.5, True, False),
             bench.Scored(0.58, True, True)]
    assert bench.near(items, 0.5) == 2
    assert bench.near(items, 0.5, 0.03) == 1


def test_a_fixed_confidence_or_the_readers_found_does_not_hinge():
    from tabtext.types import Prediction

    bench = load_benchmark("confidence")
    assert not bench._hinges(Prediction(uid="u", answer=None, meta={"confidence": 0.9}))
    assert not bench._hinges(Prediction(uid="u", answer=None, meta={"confidence": 0.5, "reader_found": 0.99}))
    assert bench._hinges(Prediction(uid="u", answer=None, meta={"confidence": 0.5}))
