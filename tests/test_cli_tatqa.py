"""The CLI end to end on TAT-QA files: score, inspect, bad input (one line, exit 2), remap of the test-gold trap."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabtext.cli import main

MINI = Path(__file__).parent / "data" / "tatqa" / "mini.json"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tabtext.cli", *args], capture_output=True, text=True, timeout=120)


def write(tmp_path: Path, name: str, content: object) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def test_help_lists_every_verb():
    out = run_cli("--help")
    assert out.returncode == 0
    for verb in ("ls", "inspect", "score", "predict", "run", "report", "compare", "ask", "serve", "retrieve"):
        assert f"\n    {verb}" in out.stdout


def test_help_imports_nothing_heavy():
    code = ("import sys, tabtext.cli as c\n"
            "try:\n    c.main(['--help'])\nexcept SystemExit:\n    pass\n"
            "heavy = [m for m in ('numpy', 'scipy', 'pandas', 'openai', 'fastapi', 'rapidfuzz', 'bm25s', 'matplotlib')"
            " if m in sys.modules]\nprint('HEAVY', heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "HEAVY []" in out.stdout


def test_score_imports_only_what_scoring_needs(tmp_path):
    """No engine, and none of the modules whose import cost start-up measurably: shutil (argparse asks it the
    terminal width; it loads zlib, bz2 and lzma), hashlib (OpenSSL), threading, datetime, difflib, dataclasses
    (inspect, ast, dis, tokenize: the value types and the report are plain classes), and no data folder lookup for
    a --file (tabtext.data). -S: without the site-packages' .pth files, which import what they like."""
    preds = write(tmp_path, "p.json", {"q1": ["1200.5", "million"]})
    code = ("import sys, tabtext.cli as c\n"
            f"c.main(['score', 'tatqa', {str(preds)!r}, '--file', {str(MINI)!r}])\n"
            "print('LOADED', sorted(m for m in sys.modules if m.startswith('tabtext.engines') or m in "
            "('shutil', 'hashlib', '_hashlib', 'threading', 'datetime', 'difflib', 'tabtext.display', 'dataclasses', "
            "'inspect', 'tabtext.data')))")
    src = str(Path(__file__).parents[1] / "src")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": src})
    assert "LOADED []" in out.stdout, out.stdout[-300:] + out.stderr[-300:]


def test_help_is_wrapped_to_the_width_shutil_reports(monkeypatch):
    import shutil

    from tabtext.cli import help_width

    for columns in ("100", "", "junk", "-3"):
        monkeypatch.setenv("COLUMNS", columns)
        assert help_width() == shutil.get_terminal_size().columns - 2
    monkeypatch.delenv("COLUMNS")
    assert help_width() == shutil.get_terminal_size().columns - 2


def test_score_perfect_and_report_json(tmp_path, capsys):
    preds = write(tmp_path, "p.json", {"q1": ["1200.5", "million"], "q2": [200.5, "million"], "q3": [["higher demand"], ""]})
    out = tmp_path / "r.json"
    assert main(["score", "tatqa", str(preds), "--file", str(MINI), "--out", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["scores"] == {"em": 1.0, "f1": 1.0, "scale": 1.0}
    assert [it["uid"] for it in report["items"]] == ["q1", "q2", "q3"]
    assert report["provenance"]["gold_md5"] and report["provenance"]["predictions_md5"]
    assert "answer_type x answer_from" in report["breakdowns"]
    assert "100.00" in capsys.readouterr().out


def test_score_missing_and_extra_uids_are_counted(tmp_path, capsys):
    preds = write(tmp_path, "p.json", {"q1": ["1200.5", "million"], "nope": ["1", ""]})
    out = tmp_path / "r.json"
    assert main(["score", "tatqa", str(preds), "--file", str(MINI), "--out", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["counts"]["missing"] == 2 and report["counts"]["extra"] == 1
    assert report["scores"]["em"] == pytest.approx(1 / 3)


@pytest.mark.parametrize("content, message", [
    ("{not json", "malformed JSON"),
    ("[1, 2]", "JSON object"),
    ({"q1": "12"}, "[answer, scale]"),
    ({"q1": ["12", 3]}, "scale must be a string"),
    ({"q1": [{"a": 1}, ""]}, "answer must be"),
    (b"\xff\xfe{}", "not UTF-8"),
])
def test_bad_prediction_files_give_one_line_and_exit_2(tmp_path, content, message):
    preds = write(tmp_path, "bad.json", content)
    out = run_cli("score", "tatqa", str(preds), "--file", str(MINI))
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr
    assert message in lines[0] and "bad.json" in lines[0]


def test_scale_none_and_unknown_scale_are_warnings(tmp_path):
    preds = write(tmp_path, "p.json", {"q1": ["1200.5", None], "q2": [200.5, "millions"], "q3": [None, ""]})
    out = run_cli("score", "tatqa", str(preds), "--file", str(MINI))
    assert out.returncode == 0
    assert "1 predictions have scale null: where the answer holds a number the official script crashes" in out.stderr
    assert "outside" in out.stderr and "1 predictions are empty" in out.stderr


def test_gold_file_missing_keys_names_the_record(tmp_path):
    gold = json.loads(MINI.read_text())
    del gold[0]["questions"][1]["answer_type"]
    path = write(tmp_path, "gold.json", gold)
    preds = write(tmp_path, "p.json", {})
    out = run_cli("score", "tatqa", str(preds), "--file", str(path))
    assert out.returncode == 2
    assert "gold.json: record q2" in out.stderr and "answer_type" in out.stderr


def test_unknown_benchmark_suggests(tmp_path):
    out = run_cli("score", "tatq", str(MINI), "--file", str(MINI))
    assert out.returncode == 2 and "Did you mean 'tatqa'" in out.stderr


def test_inspect_shows_table_paragraphs_and_gold(capsys):
    assert main(["inspect", "tatqa", "--file", str(MINI), "-n", "1"]) == 0
    text = capsys.readouterr().out
    assert "Revenue | $ 1,200.5" in text.replace("  ", " ") or "$ 1,200.5" in text
    assert "[P1]" in text and "gold: 200.5  [million]" in text and "derivation: 1,200.5 - 1,000.0" in text
    assert "answer_type: arithmetic" in text


def test_remap_blind_test_predictions(tmp_path, capsys):
    gold = json.loads(MINI.read_text())
    # the trap: the answer file re-keys every question, and has one question fewer
    answer_file = json.loads(json.dumps(gold))
    for q in answer_file[0]["questions"]:
        q["uid"] = "ab" * 16 if q["uid"] == "q1" else "cd" * 16 if q["uid"] == "q2" else "ef" * 16
    answer_file[0]["questions"] = answer_file[0]["questions"][:2]
    blind = json.loads(json.dumps(gold))
    for q in blind[0]["questions"]:
        for key in ("answer", "derivation", "answer_type", "answer_from", "rel_paragraphs", "req_comparison", "scale"):
            q.pop(key)
    gold_path, blind_path = write(tmp_path, "gold.json", answer_file), write(tmp_path, "blind.json", blind)
    preds = write(tmp_path, "p.json", {"q1": ["1200.5", "million"], "q2": [200.5, "million"], "q3": ["x", ""]})
    out = tmp_path / "r.json"
    assert main(["score", "tatqa", str(preds), "--file", str(gold_path), "--remap", str(blind_path),
                 "--out", str(out)]) == 0
    assert "remapped 2 predictions" in capsys.readouterr().err
    report = json.loads(out.read_text())
    assert report["scores"]["em"] == 1.0


def test_shared_dev_sample_scores(shared_data, parity, capsys):
    dev = shared_data("tatqa/tatqa_dataset_dev.json")
    assert main(["score", "tatqa", str(parity("tatqa/pred_sample.json")), "--file", str(dev)]) == 0
    text = capsys.readouterr().out
    assert "45.92" in text and "58.88" in text and "90.95" in text


def test_a_null_scale_with_a_non_numeric_answer_scores_scale_0_as_the_official_does(tmp_path):
    preds = write(tmp_path, "p.json", {"q3": ["higher demand", None]})  # gold scale "" — None is not ""
    report = tmp_path / "r.json"
    out = run_cli("score", "tatqa", str(preds), "--file", str(MINI), "--out", str(report))
    assert out.returncode == 0, out.stderr
    item = next(it for it in json.loads(report.read_text())["items"] if it["uid"] == "q3")
    assert (item["em"], item["scale"]) == (1.0, 0.0)
    assert "where it holds none, the official scale never matches, and neither does it here" in out.stderr


def test_a_multi_span_mixing_numbers_and_strings_is_scored_with_a_warning(tmp_path):
    preds = write(tmp_path, "p.json", {"q3": [["higher", 2019, "demand"], ""]})
    report = tmp_path / "r.json"
    out = run_cli("score", "tatqa", str(preds), "--file", str(MINI), "--out", str(report))
    assert out.returncode == 0, out.stderr
    assert "1 multi-span answers mix numbers and strings (the official script crashes on these)" in out.stderr
    item = next(it for it in json.loads(report.read_text())["items"] if it["uid"] == "q3")
    assert item["scale"] == 1.0 and 0 < item["f1"] < 1


def test_score_out_is_written_when_stdout_is_cut_short(tmp_path):
    preds = write(tmp_path, "p.json", {"q1": ["1200.5", "million"], "q2": [200.5, "million"], "q3": [["higher demand"], ""]})
    out = tmp_path / "r.json"
    # the reader is gone before the first line is printed
    shell = f"{sys.executable} -m tabtext.cli score tatqa {preds} --file {MINI} --out {out} | true"
    done = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, timeout=120)
    assert json.loads(out.read_text())["scores"]["em"] == 1.0
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_score_cut_short_exits_0_quietly_with_stdout_buffered(tmp_path):
    """As a user's shell runs it (no PYTHONUNBUFFERED): the summary waits in the buffer until the exit, after
    the reader is gone; the command still exits 0 with the report written and no BrokenPipeError."""
    preds = write(tmp_path, "p.json", {"q1": ["1200.5", "million"], "q2": [200.5, "million"], "q3": [["higher demand"], ""]})
    out = tmp_path / "r.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    child = subprocess.Popen([sys.executable, "-m", "tabtext.cli", "score", "tatqa", str(preds), "--file", str(MINI),
                              "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    child.stdout.close()  # the reader leaves before the first byte
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=120) == 0, stderr
    assert json.loads(out.read_text())["scores"]["em"] == 1.0
    assert "BrokenPipe" not in stderr and "Exception ignored" not in stderr


def test_the_installed_command_runs_the_console_entry():
    """pyproject's `tabtext` script names a function of cli.py that exists (a wrong name breaks every install)."""
    import importlib
    import re

    pyproject = (Path(__file__).parents[1] / "pyproject.toml").read_text()
    module, name = re.search(r'^tabtext = "([\w.]+):(\w+)"$', pyproject, re.M).groups()
    assert callable(getattr(importlib.import_module(module), name))
