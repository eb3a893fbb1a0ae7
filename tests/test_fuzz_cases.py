"""The hostile inputs the fuzzing campaign found, one test each: one line and exit 2, or a correct score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabtext.cli import main

MINI = Path(__file__).parent / "data" / "tatqa" / "mini.json"


def score(tmp_path: Path, capsys, content: str, name: str = "predictions.json") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    rc = main(["score", "tatqa", str(path), "--file", str(MINI)])
    out = capsys.readouterr()
    return rc, out.out, out.err


def one_error_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if ln.startswith("tabtext score: error:")]
    assert len(lines) == 1 and err.rstrip("\n").endswith(lines[0]), err
    return lines[0]


def test_tabtext_jsonl_rescoring_matches_the_official_file(tmp_path, capsys):
    gold = json.loads(MINI.read_text())
    answers = {q["uid"]: (q["answer"], q["scale"]) for ctx in gold for q in ctx["questions"]}
    official = json.dumps({uid: [a, s] for uid, (a, s) in answers.items()})
    jsonl = "".join(json.dumps({"uid": uid, "answer": a, "scale": s, "derivation": "", "meta": {"engine": "x"}})
                    + "\n" for uid, (a, s) in answers.items())
    rc_official, out_official, _ = score(tmp_path, capsys, official)
    rc_jsonl, out_jsonl, _ = score(tmp_path, capsys, jsonl, "predictions.jsonl")
    assert rc_official == rc_jsonl == 0
    assert "100.00" in out_jsonl and out_jsonl.split("\n")[:4] == out_official.split("\n")[:4]


def test_a_report_given_as_predictions_is_named_a_report(tmp_path, capsys):
    report = json.dumps({"benchmark": "tatqa", "metric": "tatqa-official v1", "scores": {"em": 0.5}, "items": []})
    rc, _, err = score(tmp_path, capsys, report, "report.json")
    assert rc == 2 and "this is a report, not predictions" in one_error_line(err)
    assert "predictions.json" in err


@pytest.mark.parametrize("content, says", [
    ('{"q1": [' + "1" * 5000 + ', ""]}', "over 4,300 digits"),
    ('{"q1": ["' + "9" * 310 + '", ""]}', "more than 290 digits"),
    ('{"q1": ["x", "' + "1" * 5000 + '"]}', "more than 290 digits"),
    ('{"q1": ' + "[" * 5000 + "]" * 5000 + "}", "nested too deeply"),
    ('{"uid": "q1", "answer": "1", "meta": "oops"}\n', "'meta' must be an object"),
    ('{"uid": "q1", "answer": "1", "evidence": [{"row": "x"}]}\n', "must be integers"),
    ('{"uid": "q1", "answer": {"table": "abc"}}\n', "an answer object must be"),
    ('{"uid": "q1", "answer": [[["deep"]]]}\n', "strings or numbers only"),
])
def test_hostile_values_end_in_one_line_naming_the_fix(tmp_path, capsys, content, says):
    rc, _, err = score(tmp_path, capsys, content)
    assert rc == 2 and says in one_error_line(err)


def test_a_uid_with_a_newline_or_ansi_escape_is_printed_escaped(tmp_path, capsys):
    rc, _, err = score(tmp_path, capsys, json.dumps({"uid": "a\nb\x1b[31m", "answer": "1", "scale": 5}) + "\n")
    line = one_error_line(err)
    assert rc == 2 and "a\\nb\\x1b[31m" in line and "\x1b" not in err
