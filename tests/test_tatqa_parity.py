"""The official TAT-QA scorer's per-question values on the four parity fixtures, exactly."""

from __future__ import annotations

import json
import warnings

import pytest

from tabtext.benchmarks import tatqa
from tabtext.run import score_predictions


@pytest.fixture(scope="module")
def dev_examples():
    from conftest import _require

    return tatqa.load(_require("data", "tatqa/tatqa_dataset_dev.json"))


@pytest.mark.parametrize("name", ["sample", "gold", "formatted", "mutated"])
def test_every_question_matches_official(name, parity, dev_examples):
    expected = json.loads(parity(f"tatqa/expected_{name}.json").read_text())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        preds = tatqa.read_predictions(parity(f"tatqa/pred_{name}.json"))
    report = score_predictions("tatqa", dev_examples, preds)
    got = {it["uid"]: {"em": it["em"], "f1": it["f1"]} for it in report.items}
    assert got == {uid: {"em": v["em"], "f1": v["f1"]} for uid, v in expected["per_question"].items()}
    for key in ("em", "f1", "scale"):
        assert report.scores[key] == pytest.approx(expected[key], abs=1e-12)
