"""Writes that cannot lose data: --resume rewrites predictions.jsonl through a temporary file, --out never
replaces an input or a finished run unless told to."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabtext import predictions as predictions_module
from tabtext.cli import main

MINI = Path(__file__).parent / "data" / "tatqa" / "mini.json"


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def test_a_resume_killed_while_rewriting_keeps_every_saved_answer(tmp_path, monkeypatch):
    run = tmp_path / "run"
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet"]) == 0
    records = run / "predictions.jsonl"
    saved = records.read_bytes()
    records.write_bytes(saved + b'{"uid": "q9", "ans')  # a torn last line: resume rewrites the file

    def die(*args):  # the process dies after writing the new copy, before it replaces the old one
        raise SystemExit(137)

    monkeypatch.setattr(predictions_module.os, "fsync", die)
    with pytest.raises(SystemExit):
        main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--resume", "--quiet"])
    assert records.read_bytes() == saved + b'{"uid": "q9", "ans'
    assert not [p for p in run.iterdir() if p.name.endswith(".tmp")]


def test_run_out_refuses_a_finished_run_without_force(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet"]) == 0
    (run / "predictions.jsonl").unlink()  # only the official file and the report are left
    before = (run / "predictions.json").read_bytes()
    capsys.readouterr()
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet"]) == 2
    assert "already holds predictions.json and report.json" in one_error_line(capsys)
    assert (run / "predictions.json").read_bytes() == before
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet", "--force"]) == 0


@pytest.mark.parametrize("target", ["predictions", "gold"])
def test_score_out_refuses_to_overwrite_an_input(tmp_path, capsys, target):
    preds = tmp_path / "p.json"
    preds.write_text(json.dumps({"q1": ["1,200.5", "million"]}), encoding="utf-8")
    gold = tmp_path / "gold.json"
    gold.write_bytes(MINI.read_bytes())
    out = preds if target == "predictions" else gold
    before = out.read_bytes()
    os.chdir(tmp_path)
    assert main(["score", "tatqa", "p.json", "--file", str(gold), "--out", out.name]) == 2
    assert "is an input of this command" in one_error_line(capsys)
    assert out.read_bytes() == before


def test_a_run_folder_whose_output_is_a_folder_is_refused_before_the_run(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet"]) == 0
    (run / "report.json").unlink()
    (run / "report.json").mkdir()
    capsys.readouterr()
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--resume", "--quiet"]) == 2
    assert "report.json: is not a regular file" in one_error_line(capsys)


def test_run_out_over_a_run_with_its_records_names_force_and_force_replaces_it(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet"]) == 0
    (run / "predictions.jsonl").write_text('{"uid": "q1", "answer": ["old"], "scale": ""}\n')
    capsys.readouterr()
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet"]) == 2
    assert "--force to replace it" in one_error_line(capsys)
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet", "--force"]) == 0
    uids = [json.loads(line)["uid"] for line in (run / "predictions.jsonl").read_text().splitlines()]
    assert sorted(uids) == ["q1", "q2", "q3"] and "old" not in (run / "predictions.jsonl").read_text()
