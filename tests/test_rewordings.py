"""benchmarks/data/rewordings.jsonl is what it claims: open-part dev questions, reworded without losing a number."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from benchmark_util import load_benchmark
from tabtext.benchmarks import tatqa

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _lockbox_module():
    return load_benchmark("lockbox")


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


def test_the_script_prints_each_breakdown_for_both_wordings(shared_data):
    shared_data("tatqa/tatqa_dataset_dev.json")
    env = {**os.environ, "PYTHONPATH": str(BENCHMARKS.parent / "src")}
    out = subprocess.run([sys.executable, str(BENCHMARKS / "rewordings.py"), "--show-tune", "2"], env=env,
                         capture_output=True, text=True, check=True).stdout
    for head in ("all", "half", "style", "answer_type"):
        assert re.search(rf"^{head} +n +EM orig +EM rew +drop", out, re.M), head
    assert re.search(r"^check +\d+ ", out, re.M) and re.search(r"^tune +\d+ ", out, re.M)
    shown = re.findall(r"^\[[\w-]+\] original", out, re.M)
    assert len(shown) == 2
