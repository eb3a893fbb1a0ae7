"""benchmarks/user_sets.py: how an answer is scored against each expected kind, and that held items stay unseen."""

from __future__ import annotations

import pytest

from benchmark_util import load_benchmark
from tabtext.types import Answer, Prediction


@pytest.fixture(scope="module")
def user_sets():
    return load_benchmark("user_sets")


def pred(value: str = "", scale: str = "", confidence: float = 0.9) -> Prediction:
    return Prediction("u", Answer(value, scale) if value else None, meta={"confidence": confidence})


@pytest.mark.parametrize("expected, given, ok", [
    ({"kind": "number", "value": 12450, "scale": "thousand"}, pred("12,450", "thousand"), True),
    ({"kind": "number", "value": 12450, "scale": "thousand"}, pred("12.45", "million"), True),
    ({"kind": "number", "value": 12450, "scale": "thousand"}, pred("-12,450", "thousand"), False),
    ({"kind": "number", "value": 12450, "scale": "thousand"}, pred("12,450", "thousand", 0.1), False),
    ({"kind": "number", "value": 61.58, "scale": "percent"}, pred("61.58", "percent"), True),
    ({"kind": "number", "value": 61.58, "scale": "percent"}, pred("0.6158"), False),
    ({"kind": "period", "value": "Q4 2023"}, pred("2023Q4"), True),
    ({"kind": "period", "value": "May 2024"}, pred("June 2024"), False),
    ({"kind": "text", "value": "Helen Marsh"}, pred("Helen Marsh, the chief executive"), True),
    ({"kind": "text", "value": "Pune"}, pred("a long sentence that happens to name Pune somewhere in the middle"), False),
    ({"kind": "none"}, pred(), True),
    ({"kind": "none"}, pred("12,450", "thousand"), False),
])
def test_each_expected_kind_is_scored_as_the_docstring_says(user_sets, expected, given, ok):
    assert user_sets.right(expected, given, "q?") is ok


def test_show_of_the_held_half_is_refused(user_sets, capsys):
    with pytest.raises(SystemExit) as stop:
        user_sets.main(["--show", "--half", "held"])
    assert stop.value.code == 2 and "tune items only" in capsys.readouterr().err


def test_every_set_has_both_halves_readable_files_and_questions_about_missing_periods(user_sets):
    folders = sorted(p for p in user_sets.SETS_DIR.iterdir() if p.is_dir())
    assert [p.name for p in folders] == ["set_c", "set_d", "set_e", "set_f", "set_g", "set_h", "set_i", "set_j", "set_k", "set_l", "set_m", "set_n", "set_o", "set_p", "set_q", "set_r", "set_s", "set_t", "set_u", "set_v", "set_w", "set_x", "set_y", "set_z"]
    for folder in folders:  # only counts: no held item is printed or compared here
        items = user_sets.load(folder / "questions.jsonl") + user_sets.load(folder / "conversations.jsonl")
        assert {i["half"] for i in items} == {"tune", "held"}
        assert all((folder / t["file"]).is_file() for i in items for t in i["tables"])
        assert sum(i.get("expected", {}).get("kind") == "none" for i in items) >= 4
