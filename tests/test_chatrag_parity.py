"""ChatRAG-Bench scoring parity: every case and aggregate in ../shared/parity/chatrag/ (exact, 1e-9)."""

from __future__ import annotations

import json
import math

import pytest

from tabtext.benchmarks.chatrag import read_predictions
from tabtext.benchmarks.chatrag.release import parse_items
from tabtext.errors import DataError
from tabtext.metrics.chatrag import (
    METRIC,
    f1_item,
    official_convfinqa,
    strict_convfinqa,
    unanswerable_accuracy,
)

TOL = 1e-9
CANNOT = "Sorry. I cannot find the answer based on the context."


def _jsonl(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _write_lines(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8", newline="")
    return path


def test_f1_cases(parity, tmp_path):
    cases = _jsonl(parity("chatrag/f1_cases.jsonl"))
    assert len(cases) == 724
    failures = []
    for case in cases:
        expected = case["expected"]
        item = [{"messages": [{"role": "user", "content": "q"}], "answers": case["gold_answers"]}]
        if "raises" in expected:  # official: AssertionError; tabtext: a DataError at load and at scoring
            with pytest.raises(DataError, match="canonical"):
                f1_item(case["prediction"], case["gold_answers"], case["dataset"])
            with pytest.raises(DataError, match="canonical"):
                parse_items(item, tmp_path / "gold.json", case["dataset"])
            continue
        gold = parse_items(item, tmp_path / "gold.json", case["dataset"]) if case["gold_answers"] else None
        preds_file = _write_lines(tmp_path / f"{case['dataset']}_output.txt", [case["prediction"]])
        if gold is not None:  # through the file reader and the Metric object, as `tabtext score` does
            pred = read_predictions(preds_file, gold)[gold[0].uid]
            got = METRIC.score(gold[0], pred)
        else:
            got = f1_item(case["prediction"], case["gold_answers"], case["dataset"])
        for key in ("f1", "precision", "recall"):
            want = expected[key]
            if (want is None) != (got[key] is None) or (want is not None and abs(want - got[key]) > TOL):
                failures.append((case["id"], case["note"], key, want, got[key]))
        if bool(got["scored"]) != expected["scored"]:
            failures.append((case["id"], "scored", expected["scored"], got["scored"]))
    assert not failures, failures[:5]


def _f1_sets(parity):
    data = json.loads(parity("chatrag/f1_aggregates.json").read_text(encoding="utf-8"))
    return [(name, set_name, block["gold"], s) for name, block in data.items() for set_name, s in block["sets"].items()]


def test_f1_aggregates(parity, tmp_path):
    sets = _f1_sets(parity)
    assert len(sets) == 34
    for name, set_name, gold, s in sets:
        dataset = "quac" if name == "quac_long" else name
        preds = s["predictions"]
        examples = parse_items(gold, tmp_path / "gold.json", dataset)
        path = _write_lines(tmp_path / f"{dataset}_output.txt", preds)
        if len(preds) != len(examples):  # official: silently scores the first golds; tabtext: an error
            assert set_name.startswith("truncated")
            with pytest.raises(DataError, match=rf"{len(preds)} predictions for {len(examples)} gold"):
                read_predictions(path, examples)
            examples = examples[: len(preds)]
        predictions = read_predictions(path, examples)
        items = [{"dataset": dataset, **METRIC.score(ex, predictions[ex.uid])} for ex in examples]
        scores = METRIC.aggregate(items)
        for key in ("precision", "recall", "f1"):
            assert abs(scores[f"{dataset}.{key}"] - s["expected_f1"][key]) <= 1e-12, (name, set_name, key)
        printed = "Method: default; Precision: %.4f; recall: %.4f; f1: %.4f" % tuple(
            scores[f"{dataset}.{k}"] for k in ("precision", "recall", "f1"))
        assert printed == s["expected_f1"]["printed"]
        if "expected_unanswerable" in s:
            exp = s["expected_unanswerable"]
            got = unanswerable_accuracy([g["answers"][0] for g in gold], preds, dataset)
            for key in ("cannot_answer_idx", "answerable_idx", "noanswer_count", "answerable_count"):
                assert got[key] == exp[key], (name, set_name, key)
            assert scores[f"{dataset}.cannot_answer_acc"] == exp["cannot_answer_acc"]
            assert scores[f"{dataset}.answerable_acc"] == exp["answerable_acc"]
        if "same_files_scored_as_doqa_cooking_unanswerable" in s:
            exp = s["same_files_scored_as_doqa_cooking_unanswerable"]
            got = unanswerable_accuracy([g["answers"][0] for g in gold], preds, "doqa_cooking")
            assert got["answerable_idx"] == exp["answerable_idx"]
            assert got["answerable_acc"] == exp["answerable_acc"]


def test_empty_set_means_are_nan():
    assert math.isnan(METRIC.aggregate([{"dataset": "coqa", "f1": None, "precision": None, "recall": None,
                                         "scored": 0.0}])["coqa.f1"])


def test_convfinqa_cases(parity):
    cases = _jsonl(parity("chatrag/convfinqa/cases.jsonl"))
    assert len(cases) == 20828
    failures = []
    for c in cases:
        exp = c["expected"]
        branch = official_convfinqa(c["prediction"], c["exe_answer"], c["gold_formula"], c["question"])
        strict, value = strict_convfinqa(c["prediction"], c["exe_answer"], c["question"])
        if branch != exp["official_branch"] or int(branch > 0) != exp["official_em"] or strict != exp["strict_em"]:
            failures.append((c["id"], c["prediction"], exp, branch, strict))
        elif (value is None) != (exp["strict_value"] is None) or (
                value is not None and abs(value - exp["strict_value"]) > TOL):
            failures.append((c["id"], "strict_value", exp["strict_value"], value))
    assert not failures, failures[:5]


def test_convfinqa_aggregates(parity, tmp_path):
    gold_path = parity("chatrag/convfinqa/gold_turns.json")
    data = json.loads(parity("chatrag/convfinqa/aggregates.json").read_text(encoding="utf-8"))
    gold = json.loads(gold_path.read_text(encoding="utf-8"))
    examples = parse_items(gold, gold_path, "convfinqa")
    assert len(examples) == data["n_turns"] == 1490
    for set_name, s in data["sets"].items():
        exp = s["expected"]
        preds = s["predictions"]
        path = _write_lines(tmp_path / "convfinqa_output.txt", preds)
        subset = examples
        if len(preds) != len(examples):
            with pytest.raises(DataError, match=f"{len(preds)} predictions for 1490 gold"):
                read_predictions(path, examples)
            subset = examples[: len(preds)]
        predictions = read_predictions(path, subset)
        items = [{"dataset": "convfinqa", **METRIC.score(ex, predictions[ex.uid])} for ex in subset]
        scores = METRIC.aggregate(items)
        assert round(scores["official_em"] * len(subset)) == exp["official_count"], set_name
        assert abs(scores["official_em"] - exp["official_accuracy"]) <= 1e-12, set_name
        assert "accuracy of exact match: %.4f" % scores["official_em"] == exp["official_printed"]
        assert round(scores["strict_em"] * len(subset)) == exp["strict_count"], set_name
        assert abs(scores["strict_em"] - exp["strict_accuracy"]) <= 1e-12, set_name
        histogram: dict[str, int] = {}
        for ex, p in zip(subset, preds):
            b = official_convfinqa(p, ex.gold[0].raw, str(ex.gold[0].value), ex.question)
            if b:
                histogram[str(b)] = histogram.get(str(b), 0) + 1
        assert histogram == {k: v for k, v in exp["official_branch_histogram"].items() if v}, set_name
        official_only = sum(1 for it in items if it["official_em"] and not it["strict_em"])
        assert round(scores["official_not_strict"] * len(subset)) == official_only


def test_quac_ordinal_list_from_a_file(tmp_path, monkeypatch):
    gold = [CANNOT] + ["x"] * 3
    preds = ["Sorry. I cannot find the answer based on the context.", "a", "b", "c"]
    assert unanswerable_accuracy(gold, preds, "quac")["answerable_idx"] == [1, 2, 3]
    listing = tmp_path / "idx.json"
    listing.write_text("[0, 2]", encoding="utf-8")
    monkeypatch.setenv("TABTEXT_QUAC_IDX_FILE", str(listing))
    items = [{"dataset": "quac", "f1": 1.0, "precision": 1.0, "recall": 1.0, "scored": 1.0,
              "gold_unanswerable": float(g == CANNOT), "says_unanswerable": float(i == 3 or g == CANNOT)}
             for i, g in enumerate(gold)]
    # answerable ordinals 0 and 2 are items 1 and 3; item 3 wrongly abstains
    assert METRIC.aggregate(items)["quac.answerable_acc"] == 0.5
    listing.write_text("{}", encoding="utf-8")
    with pytest.raises(DataError, match="list of integers"):
        METRIC.aggregate(items)
