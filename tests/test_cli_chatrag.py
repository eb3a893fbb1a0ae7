"""The CLI end to end on ChatRAG files: run, score (per-dataset report JSON), count mismatch and unknown names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabtext.cli import main

pytest.importorskip("bm25s")

RELEASE = Path(__file__).parent / "data" / "chatrag" / "release"


def test_run_then_score_the_written_predictions(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["run", "chatrag", "--file", str(RELEASE / "doc2dial" / "test.json"), "--out", str(out),
                 "--quiet"]) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert set(report["scores"]) >= {"doc2dial.f1", "average"} and len(report["items"]) == 2
    assert not (out / "predictions.json").exists()  # one answer per line is text, named so
    lines = (out / "predictions.txt").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and "credit card" in lines[1]  # one official prediction per line
    capsys.readouterr()
    for predictions in (out / "predictions.txt", out):  # the file, or the run folder that holds it
        assert main(["score", "chatrag", str(predictions), "--file", str(RELEASE / "doc2dial" / "test.json"),
                     "--out", str(tmp_path / "again.json")]) == 0
        again = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
        assert again["scores"]["doc2dial.f1"] == report["scores"]["doc2dial.f1"]


def test_score_convfinqa_reports_official_and_strict(tmp_path):
    preds = tmp_path / "convfinqa_output.txt"
    preds.write_text("The revenue was 120.\n20%\n", encoding="utf-8")
    assert main(["score", "chatrag", str(preds), "--dataset", "convfinqa", "--file",
                 str(RELEASE / "convfinqa" / "dev.json"), "--out", str(tmp_path / "r.json")]) == 0
    scores = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["scores"]
    # "20%" is 0.2 for the strict EM (the % rule); the official substring tests find neither 0.2 nor 20.0
    assert scores["official_em"] == 0.5 and scores["strict_em"] == 1.0


def test_count_mismatch_and_unknown_dataset_are_one_line_errors(tmp_path, capsys):
    preds = tmp_path / "doc2dial_output.txt"
    preds.write_text("only one line\n", encoding="utf-8")
    assert main(["score", "chatrag", str(preds), "--file", str(RELEASE / "doc2dial" / "test.json")]) == 2
    err = capsys.readouterr().err
    assert "1 predictions for 2 gold turns" in err and "Traceback" not in err
    assert main(["score", "chatrag", str(preds), "--dataset", "doc2dail", "--file",
                 str(RELEASE / "doc2dial" / "test.json")]) == 2
    assert "Did you mean 'doc2dial'" in capsys.readouterr().err


def _cli(*args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "tabtext.cli", *args], capture_output=True, text=True, timeout=120)


def test_an_f1_summary_says_why_f1_can_exceed_precision_and_recall(tmp_path):
    done = _cli("run", "chatrag", "--file", str(RELEASE / "doc2dial" / "test.json"), "--out", str(tmp_path / "run"),
                "--quiet")
    assert done.returncode == 0, done.stderr
    assert "note: F1 is the best over an item's gold answers, precision and recall are those of its last gold" \
        in done.stdout
    shown = [line.split()[0] for line in done.stdout.splitlines() if line.startswith("  ") and len(line.split()) == 2]
    assert shown == ["doc2dial.precision", "doc2dial.recall", "doc2dial.f1"]  # no alias of a figure shown


def test_a_convfinqa_html_report_shows_each_figure_once_and_no_column_of_dashes(tmp_path):
    preds = tmp_path / "convfinqa_output.txt"
    preds.write_text("The revenue was 120.\n20%\n", encoding="utf-8")
    assert _cli("score", "chatrag", str(preds), "--dataset", "convfinqa", "--file",
                str(RELEASE / "convfinqa" / "dev.json"), "--out", str(tmp_path / "report.json")).returncode == 0
    done = _cli("report", str(tmp_path / "report.json"), "--html")
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    cards = re.findall(r"<div class=score>([^<]+)<b>", html)
    assert cards == ["OFFICIAL_EM", "STRICT_EM", "OFFICIAL_NOT_STRICT"]
    assert "<th>F1</th>" not in html and "<th>PRECISION</th>" not in html
