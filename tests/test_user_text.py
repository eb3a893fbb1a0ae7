"""benchmarks/user_text.py and its golden cases: what `ask` gives a person on their own table and text."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from benchmark_util import load_benchmark

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"


@pytest.fixture(scope="module")
def user_text():
    return load_benchmark("user_text")


@pytest.fixture(scope="module", params=["user_text.jsonl", "user_text_2.jsonl"])
def cases(user_text, request):
    return user_text.load(user_text.GOLDEN_DIR / request.param)


def test_every_set_is_read_and_no_two_share_a_context(user_text):
    ids = [c["context_id"] for path in user_text.SETS for c in user_text.load(path)]
    assert len(user_text.SETS) == 2 and len(set(ids)) == 16


def test_each_context_has_five_text_questions_one_table_one_unanswerable(cases):
    by_context = Counter(c["context_id"] for c in cases)
    assert len(by_context) == 8 and set(by_context.values()) == {7}
    for cid in by_context:
        sources = Counter(c["source"] for c in cases if c["context_id"] == cid)
        assert sources == {"text": 5, "table": 1, "none": 1}, cid


def test_every_accepted_answer_is_written_in_its_context(cases):
    for c in cases:
        paragraphs = " ".join(c["context"]["paragraphs"])
        cells = {cell for row in c["context"]["table"] for cell in row}
        if c["source"] == "none":
            assert c["answers"] == [], c["question"]
        for a in c["answers"]:
            assert a in paragraphs or any(a in cell for cell in cells), (c["question"], a)


def test_the_halves_split_contexts_evenly_and_never_a_context(user_text, cases):
    halves = user_text.half_of(cases)
    assert Counter(halves.values()) == {"tune": 4, "held": 4}
    assert user_text.half_of(list(reversed(cases))) == halves


def test_an_answer_is_right_when_equal_or_between_the_short_and_a_long_variant(user_text):
    accepted = ["higher volumes", "driven by higher volumes in Europe"]
    assert user_text.matches("Higher volumes.", accepted)
    assert user_text.matches("higher volumes in Europe", accepted)
    assert not user_text.matches("higher volumes in Europe and Asia", accepted)
    assert not user_text.matches("volumes", accepted)
    assert user_text.matches("1,250", ["1250", "1,250 people"])
    assert not user_text.matches("12", ["1,250", "1,250 people"])


def test_saying_no_answer_is_right_only_where_nothing_answers(user_text):
    unanswerable = {"answers": []}
    answerable = {"answers": ["Leeds"]}
    assert user_text.outcome(unanswerable, False, "").startswith("right")
    assert user_text.outcome(unanswerable, True, "Leeds").startswith("wrong")
    assert user_text.outcome(answerable, False, "Leeds") == "no answer found (guess right)"
    assert user_text.outcome(answerable, True, "Leeds") == "right"


def test_the_script_reports_both_halves():
    out = subprocess.run([sys.executable, str(BENCHMARKS / "user_text.py")], capture_output=True, text=True,
                         timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "user_text.jsonl tune half:" in out.stdout and "user_text_2.jsonl held half:" in out.stdout
    assert "all sets, held half:" in out.stdout
