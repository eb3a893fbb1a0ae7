"""benchmarks/reader_learning_curve.py: subsampling keeps whole tables, and the log-linear extrapolation is right."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from benchmark_util import load_benchmark


@pytest.fixture(scope="module")
def curve():
    return load_benchmark("reader_learning_curve")


def _rows(tables: dict[str, int]) -> list[dict]:
    return [{"ex": SimpleNamespace(meta={"table_uid": t})} for t, n in tables.items() for _ in range(n)]


def test_a_fraction_of_the_tables_keeps_every_question_of_each_kept_table(curve):
    rows = _rows({f"t{i}": i % 3 + 1 for i in range(20)})
    kept = curve.keep_tables(rows, list(range(len(rows))), 0.25, seed=1)
    tables = {rows[i]["ex"].meta["table_uid"] for i in kept}
    assert len(tables) == 5
    assert sorted(kept) == [i for i, r in enumerate(rows) if r["ex"].meta["table_uid"] in tables]


def test_the_draw_depends_on_the_seed_and_never_leaves_the_training_part(curve):
    rows = _rows({f"t{i}": 2 for i in range(40)})
    train = list(range(0, 60))
    draws = {tuple(curve.keep_tables(rows, train, 0.5, seed)) for seed in range(5)}
    assert len(draws) > 1
    assert all(set(d) <= set(train) for d in draws)
    assert curve.keep_tables(rows, train, 0.01, seed=0), "at least one table is kept"


def test_log_linear_recovers_the_line_and_the_supervision_a_target_needs(curve):
    points = [(n, 10.0 + 3.0 * math.log2(n)) for n in (50, 100, 200, 400)]
    a, b = curve.log_linear(points)
    assert a == pytest.approx(10.0) and b == pytest.approx(3.0)
    assert curve.questions_for(40.0, a, b) == pytest.approx(1024.0)


def test_a_flat_or_falling_curve_never_reaches_the_target(curve):
    assert curve.questions_for(45.0, 30.0, 0.0) == math.inf
    assert curve.questions_for(45.0, 30.0, -1.0) == math.inf
    with pytest.raises(ValueError):
        curve.log_linear([(100, 30.0), (100, 31.0)])
