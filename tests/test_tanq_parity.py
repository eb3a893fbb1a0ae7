"""TANQ scorer parity with the official tanq_utils.py outputs pinned in ../shared/parity/tanq/.

Every pair is checked, the 11 ``tie_sensitive`` ones included: we build the cost matrix in the official
order and solve it with scipy's linear_sum_assignment, which is what those pairs require.
"""

from __future__ import annotations

import json

import pytest

from tabtext.metrics.tanq import cell_set_scores, evaluate_tables, official_by_orientation, official_scores

TOL = 1e-9


def _rows(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def _close(got, expected):
    return all(abs(a - b) <= TOL for a, b in zip(got, expected))


@pytest.fixture
def synthetic(parity):
    return _rows(parity("tanq/synthetic_pairs.jsonl"))


@pytest.fixture
def real(parity):
    return _rows(parity("tanq/test_input_expected.jsonl"))


def test_synthetic_official_per_pair(synthetic):
    assert len(synthetic) == 457
    bad = []
    for r in synthetic:
        e = r["expected"]
        got = official_scores(r["gold_table"], r["prediction_table"])
        if not _close(got, (e["precision"], e["recall"], e["f1"])):
            bad.append((r["id"], r["category"], got, e))
    assert not bad, bad[:5]


def test_synthetic_by_orientation(synthetic):
    bad = []
    for r in synthetic:
        got = official_by_orientation(r["gold_table"], r["prediction_table"])
        for name, expected in r["expected_by_orientation"].items():
            if not _close(got[name], expected):
                bad.append((r["id"], name, got[name], expected))
    assert not bad, bad[:5]


def test_synthetic_cell_set_per_pair(synthetic):
    bad = [(r["id"], cell_set_scores(r["gold_table"], r["prediction_table"]), r["expected_cell_set"])
           for r in synthetic
           if cell_set_scores(r["gold_table"], r["prediction_table"]) != tuple(r["expected_cell_set"].values())]
    assert not bad, bad[:5]


def test_strict_threshold_pairs_are_covered(synthetic):
    strict = [r for r in synthetic if r["strict_threshold_matters"]]
    assert len(strict) == 20
    for r in strict:
        e = r["expected"]
        assert _close(official_scores(r["gold_table"], r["prediction_table"]), (e["precision"], e["recall"], e["f1"]))


def test_synthetic_aggregate(synthetic, parity):
    agg = json.loads(parity("tanq/synthetic_aggregate.json").read_text())
    got = evaluate_tables([(r["gold_table"], r["prediction_table"]) for r in synthetic])
    for key, value in agg["official"].items():
        assert got[key] == pytest.approx(value, abs=1e-9)
    assert got["table_datapoints_f1"] == pytest.approx(74.5250031299957, abs=1e-9)
    non_strict = agg["NOT_official_non_strict_anls_for_comparison"]["table_datapoints_f1"]
    assert abs(got["table_datapoints_f1"] - non_strict) > 0.1


def test_real_rows_per_pair_and_aggregate(real, parity):
    assert len(real) == 10
    for r in real:
        e, c = r["expected"], r["expected_cell_set"]
        assert _close(official_scores(r["gold_table"], r["prediction_table"]), (e["precision"], e["recall"], e["f1"])), r["id"]
        assert cell_set_scores(r["gold_table"], r["prediction_table"]) == (c["precision"], c["recall"], c["f1"]), r["id"]
    agg = json.loads(parity("tanq/test_input_aggregate.json").read_text())
    got = evaluate_tables([(r["gold_table"], r["prediction_table"]) for r in real])
    assert got["table_datapoints_f1"] == pytest.approx(15.634015993848948, abs=1e-9)
    for key, value in agg["official"].items():
        assert got[key] == pytest.approx(value, abs=1e-9)
    cells = [cell_set_scores(r["gold_table"], r["prediction_table"])[2] for r in real]
    assert 100 * sum(cells) / len(cells) == pytest.approx(agg["cell_set"]["f1"], abs=1e-9)


def test_benchmark_pipeline_on_the_real_file(shared_data):
    """Loader + prediction reader + Metric object + run.score_predictions give the official aggregate."""
    from tabtext.benchmarks.tanq import BENCHMARK
    from tabtext.run import score_predictions

    path = shared_data("tanq/test_input.jsonl")
    examples = BENCHMARK.load(path)
    predictions = BENCHMARK.read_predictions(path, examples, prediction_key="prediction_table")
    report = score_predictions("tanq", examples, predictions)
    assert report.scores["f1"] * 100 == pytest.approx(15.634015993848948, abs=1e-9)
    assert report.scores["cell_set_f1"] * 100 == pytest.approx(32.79419346451249, abs=1e-9)
    assert {row["question_type"] for row in report.breakdowns["question_type"]} == {"intersection", "composition"}
    assert report.counts["missing"] == 0 and len(report.items) == 10
