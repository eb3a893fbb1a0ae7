"""benchmarks/data/rewordings.jsonl is what it claims: open-part dev questions, reworded without losing a number."""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from tabtext.benchmarks import tatqa

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _lockbox_module():
    spec = importlib.util.spec_from_file_location("lockbox", BENCHMARKS / "lockbox.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rows() -> list[dict[str, str]]:
    lines = (BENCHMARKS / "data" / "rewordings.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture
def dev(shared_data) -> dict:
    return {ex.uid: ex for ex in tatqa.load(shared_data("tatqa/tatqa_dataset_dev.json"))}


def test_rows_have_the_documented_fields_and_one_row_per_question(rows):
    assert 300 <= len(rows) <= 450
    for row in rows:
        assert set(row) == {"uid", "question", "rewording", "half", "style"}, row["uid"]
        assert row["half"] in ("tune", "check") and row["style"], row["uid"]
        assert row["rewording"].strip() != row["question"].strip(), row["uid"]
    assert len({r["uid"] for r in rows}) == len(rows)


def test_every_uid_is_an_open_dev_question_with_its_exact_text(rows, dev):
    is_lockbox = _lockbox_module().is_lockbox
    for row in rows:
        assert row["uid"] in dev, f"{row['uid']} is not a TAT-QA dev uid"
        ex = dev[row["uid"]]
        assert not is_lockbox(str(ex.meta["table_uid"])), f"{row['uid']} is a lockbox question"
        assert row["question"] == ex.question, f"{row['uid']}: question differs from dev"


def test_every_number_and_year_of_the_original_is_kept(rows):
    for row in rows:
        kept = Counter(NUMBER.findall(row["rewording"]))
        missing = Counter(NUMBER.findall(row["question"])) - kept
        assert not missing, f"{row['uid']}: rewording drops {sorted(missing)}"


def test_halves_split_by_context_and_are_roughly_even(rows, dev):
    halves_of_table = defaultdict(set)
    for row in rows:
        halves_of_table[dev[row["uid"]].meta["table_uid"]].add(row["half"])
    assert all(len(h) == 1 for h in halves_of_table.values()), "a context must lie wholly in one half"
    share = Counter(r["half"] for r in rows)["tune"] / len(rows)
    assert 0.35 <= share <= 0.65
