"""User mistakes that used to end in exit 0 or a vague message: each is one line on stderr, exit 2, and
leaves no run folder behind."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tabtext.cli import main
from tabtext.errors import TabtextError

DATA = Path(__file__).parent / "data"
MINI = DATA / "tatqa" / "mini.json"


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def test_predictions_of_another_split_are_an_error_said_first(tmp_path, capsys):
    preds = tmp_path / "other.json"
    preds.write_text(json.dumps({"x1": ["1", ""], "x2": ["2", ""]}), encoding="utf-8")
    assert main(["score", "tatqa", str(preds), "--file", str(MINI)]) == 2
    assert "0 of 2 prediction uids are in this gold file (mini.json) — another split?" in one_error_line(capsys)


@pytest.mark.parametrize(("bench", "gold", "name", "content"), [
    ("tatqa", MINI, "none.json", "{}"),
    ("tanq", DATA / "tanq" / "full_schema.jsonl", "none.jsonl", ""),
])
def test_a_prediction_file_without_predictions_is_an_error_not_zeros(tmp_path, capsys, bench, gold, name, content):
    preds = tmp_path / name
    preds.write_text(content, encoding="utf-8")
    assert main(["score", bench, str(preds), "--file", str(gold)]) == 2
    assert "holds no predictions" in one_error_line(capsys)


@pytest.mark.parametrize("n", ["0", "-3"])
def test_inspect_with_no_contexts_to_show_is_an_error_not_silence(capsys, n):
    assert main(["inspect", "tatqa", "--file", str(MINI), "-n", n]) == 2
    assert f"-n must be 1 or more (the number of contexts to show), got {n}" in one_error_line(capsys)


def test_a_run_folder_of_another_benchmark_is_named_as_such(tmp_path, capsys):
    run = tmp_path / "chatrag-run"
    run.mkdir()
    (run / "predictions.txt").write_text("1.5\n", encoding="utf-8")
    assert main(["score", "tatqa", str(run), "--file", str(MINI)]) == 2
    assert "this is a chatrag run folder (it holds predictions.txt, not predictions.json)" in one_error_line(capsys)


@pytest.mark.parametrize(("bench", "gold_args"), [
    ("chatrag", ["--file", str(DATA / "convfinqa" / "mini_pot.json"), "--dataset", "convfinqa"]),
    ("tanq", ["--file", str(DATA / "tanq" / "full_schema.jsonl")]),
])
def test_a_report_given_as_predictions_is_named_for_every_benchmark(tmp_path, capsys, bench, gold_args):
    from tabtext.report import Report

    report = tmp_path / "report.json"
    Report(benchmark=bench, metric="m", scores={"em": 0.5}).save(report)
    assert main(["score", bench, str(report), *gold_args]) == 2
    assert "this is a report, not predictions" in one_error_line(capsys)


@pytest.mark.parametrize(("argv", "message"), [
    (["batch", "questions.txt", "--tables", "tables", "--batch-size", "0"], "--batch-size must be 1 or more, got 0"),
    (["run", "tatqa", "--file", str(MINI), "--show-errors", "-1"], "--show-errors must be 0 or more, got -1"),
    (["compare", "a", "b", "--max-flips", "-1"], "--max-flips must be 0 or more, got -1"),
    (["retrieve", "--file", "dev.json", "--chunk-words", "0"], "--chunk-words must be 1 or more, got 0"),
    (["serve", "--port", "99999"], "--port must be 0 to 65535 (0 picks a free one), got 99999"),
])
def test_numeric_options_out_of_range_are_one_line_not_a_traceback(tmp_path, capsys, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert message in one_error_line(capsys)
    assert not list(tmp_path.iterdir())


def test_out_of_the_wrong_kind_is_one_line_and_leaves_nothing_behind(tmp_path, capsys):
    preds = tmp_path / "preds.json"
    preds.write_text(json.dumps({"q1": ["$1,452.4", "million"]}), encoding="utf-8")
    folder = tmp_path / "reports"
    folder.mkdir()
    assert main(["score", "tatqa", str(preds), "--file", str(MINI), "--out", str(folder)]) == 2
    assert "is a folder; give the report's file name" in one_error_line(capsys)
    assert not list(folder.iterdir()) and not (tmp_path / "reports.tmp").exists()
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(preds)]) == 2
    assert "is a file; a run writes a folder" in one_error_line(capsys)


def test_ls_names_the_folders_it_looked_in_and_a_missing_one(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TABTEXT_DATA", str(tmp_path / "nowhere"))
    assert main(["ls"]) == 0
    header = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("data files"))
    assert f"looked in {tmp_path / 'nowhere'} (no such folder), then " in header


def test_partly_matching_predictions_warn_before_the_scores(tmp_path, capsys):
    preds = tmp_path / "mixed.json"
    preds.write_text(json.dumps({"q1": ["$1,452.4", "million"], "x2": ["2", ""]}), encoding="utf-8")
    assert main(["score", "tatqa", str(preds), "--file", str(MINI)]) == 0
    captured = capsys.readouterr()
    assert "warning: 1 of 2 prediction uids are in this gold file (mini.json) — another split?" in captured.err
    out = captured.out.splitlines()
    assert out[1].startswith("warning: 1 predictions have uids that are not in the gold file")
    assert out.index(out[1]) < next(i for i, line in enumerate(out) if line.strip().startswith("em"))


@pytest.mark.parametrize("limit", ["0", "-1"])
def test_limit_below_one_is_an_error_and_writes_nothing(tmp_path, capsys, monkeypatch, limit):
    monkeypatch.chdir(tmp_path)
    assert main(["run", "tatqa", "--file", str(MINI), "--limit", limit, "--quiet"]) == 2
    assert f"--limit must be 1 or more, got {limit}" in one_error_line(capsys)
    assert not (tmp_path / "runs").exists()


@pytest.mark.parametrize("engine, message", [
    ("solvr", "Did you mean 'solver'"),
    ("openai:model=m,base_url=https://api.example.invalid/v1", "cannot reach"),
])
def test_bad_engine_leaves_no_run_folder(tmp_path, capsys, monkeypatch, engine, message):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert main(["run", "tatqa", "--file", str(MINI), "--engine", engine, "--quiet"]) == 2
    assert message in one_error_line(capsys)
    assert not (tmp_path / "runs").exists()


def test_dataset_option_that_does_not_match_the_file(capsys):
    path = DATA / "convfinqa" / "mini_pot.json"
    assert main(["inspect", "chatrag", "--file", str(path), "--dataset", "inscit"]) == 2
    err = one_error_line(capsys)
    assert "--dataset inscit, but the file reads as convfinqa" in err and str(path) in err
    assert main(["inspect", "chatrag", "--file", str(path), "--dataset", "convfinqa", "-n", "1"]) == 0


@pytest.fixture
def data_root(tmp_path):
    root = tmp_path / "shared" / "data"
    (root / "tatqa").mkdir(parents=True)
    shutil.copy(MINI, root / "tatqa" / "tatqa_dataset_dev.json")
    return root


def test_data_dir_without_the_file_names_the_folder_and_what_was_expected(tmp_path, capsys, data_root):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["inspect", "tatqa", "--split", "dev", "--data-dir", str(empty)]) == 2
    err = one_error_line(capsys)
    assert f"--data-dir {empty}: no tatqa/tatqa_dataset_dev.json in this folder" in err
    assert "download" not in err


def test_data_dir_one_level_off_suggests_the_right_folder(capsys, data_root):
    assert main(["inspect", "tatqa", "--split", "dev", "--data-dir", str(data_root.parent)]) == 2
    assert f"found it one level down: use --data-dir {data_root}" in one_error_line(capsys)
    assert main(["inspect", "tatqa", "--split", "dev", "--data-dir", str(data_root / "tatqa")]) == 2
    assert f"the file is right in it, so use --data-dir {data_root}" in one_error_line(capsys)
    assert main(["inspect", "tatqa", "--split", "dev", "--data-dir", str(data_root), "-n", "1"]) == 0


def test_ls_offline_does_not_promise_a_download_it_has_not_checked(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TABTEXT_DATA", str(tmp_path))
    monkeypatch.setattr("tabtext.data.cache_dir", lambda: tmp_path / "cache")
    assert main(["ls"]) == 0
    out = capsys.readouterr().out
    train = next(line for line in out.splitlines() if "tatqa" in line and " train " in line)
    assert "download on first use (needs network)" in train and "downloadable" not in out


def test_tanq_run_on_a_file_without_proofs_says_so(tmp_path, capsys, monkeypatch):
    rows = [json.loads(line) for line in (DATA / "tanq" / "full_schema.jsonl").read_text().splitlines()]
    for row in rows:
        for answer in row.get("answer_list") or ():
            answer.pop("init_answer_proof", None)
            for ext in answer.get("extension_answer") or ():
                ext.pop("proof", None)
    bare = tmp_path / "no_proofs.jsonl"
    bare.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["run", "tanq", "--file", str(bare), "--quiet"]) == 2
    assert "no record carries proofs" in one_error_line(capsys)
    assert not (tmp_path / "runs").exists()


def test_the_shared_tanq_sample_has_no_proofs_and_the_error_says_how_to_score_it(shared_data, capsys, tmp_path,
                                                                                 monkeypatch):
    sample = shared_data("tanq/test_input.jsonl")
    monkeypatch.chdir(tmp_path)
    assert main(["run", "tanq", "--file", str(sample), "--quiet"]) == 2
    assert f"tabtext score tanq {sample} --file {sample}" in one_error_line(capsys)
    assert main(["score", "tanq", str(sample), "--file", str(sample)]) == 0


def test_tabtext_data_one_level_too_high_is_named_before_the_download_failure(capsys, data_root, monkeypatch):
    monkeypatch.setenv("TABTEXT_DATA", str(data_root.parent))

    def offline(*args, **kwargs):
        raise TabtextError("cannot download (offline)")

    monkeypatch.setattr("tabtext.data.fetch", offline)
    monkeypatch.setattr("tabtext.data.cache_dir", lambda: data_root.parent / "cache")
    assert main(["inspect", "tatqa", "--split", "dev"]) == 2
    err = one_error_line(capsys)
    assert err.startswith(f"tabtext inspect: error: TABTEXT_DATA={data_root.parent}: "
                          "no tatqa/tatqa_dataset_dev.json in this folder")
    assert f"use TABTEXT_DATA={data_root}" in err and "cannot download (offline)" in err


def _cli(*args: str, env: dict[str, str] | None = None):
    import os
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "tabtext.cli", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


def test_ls_says_when_the_named_data_folder_does_not_exist(tmp_path):
    done = _cli("ls", env={"TABTEXT_DATA": str(tmp_path / "nope")})
    assert done.returncode == 0
    assert f"warning: TABTEXT_DATA={tmp_path / 'nope'}: no such folder" in done.stderr


def test_ls_takes_data_dir(tmp_path):
    done = _cli("ls", "--data-dir", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert f"looked in {tmp_path}, then" in done.stdout
    done = _cli("ls", "--data-dir", str(tmp_path / "nope"))
    assert f"warning: --data-dir {tmp_path / 'nope'}: no such folder" in done.stderr


@pytest.mark.parametrize("argv", [
    ["score", "tatqa", "nope.json", "--file", "nope.json"],
    ["inspect", "tatqa", "--file", "nope.json"],
    ["report", "nope"],
    ["compare", "nope", "nope2"],
    ["ask", "--table", "nope.csv", "What?"],
    ["serve", "--port", "70000"],
])
def test_every_command_prefixes_its_one_error_line_the_same_way(tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    done = _cli(*argv)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"tabtext {argv[0]}: error: "), done.stderr
