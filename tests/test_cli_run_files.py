"""Run folders: files named by what they hold (one place decides), and the one predict loop behind
`tabtext run`, `tabtext predict`, `tabtext.answer` and `--resume`."""

from __future__ import annotations

import json
from pathlib import Path

import tabtext
from tabtext import run_files
from tabtext.cli import main
from tabtext.render import load_run
from tabtext.run import predict
from tabtext.types import Answer, Context, Example, Prediction

DATA = Path(__file__).parent / "data"
MINI = DATA / "tatqa" / "mini.json"


def test_official_prediction_files_are_named_by_their_format():
    assert run_files.official_name("tatqa") == "predictions.json"
    assert run_files.official_name("chatrag") == "predictions.txt"
    assert run_files.official_name("tanq") == "predictions.tanq.jsonl"
    assert len({run_files.official_name(b) for b in ("tatqa", "chatrag", "tanq")} | {run_files.RECORDS}) == 4


def test_tanq_run_writes_official_jsonl_that_report_and_score_read(tmp_path, capsys):
    out = tmp_path / "run"
    gold = DATA / "tanq" / "full_schema.jsonl"
    assert main(["run", "tanq", "--file", str(gold), "--out", str(out), "--quiet"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["predictions.jsonl", "predictions.tanq.jsonl", "report.json"]
    rows = [json.loads(line) for line in (out / "predictions.tanq.jsonl").read_text().splitlines()]
    assert rows and all(set(r) == {"init_qid", "prediction_table"} for r in rows)
    report = json.loads((out / "report.json").read_text())
    assert report["provenance"]["predictions_file"].endswith("predictions.tanq.jsonl")
    (out / "predictions.jsonl").unlink()  # the report then reads the official file
    assert load_run(out).predictions is not None
    capsys.readouterr()
    assert main(["score", "tanq", str(out), "--file", str(gold), "--out", str(tmp_path / "again.json")]) == 0
    assert json.loads((tmp_path / "again.json").read_text())["scores"] == report["scores"]


def test_resume_continues_the_records_file_and_asks_nothing_twice(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["predict", "tatqa", "--file", str(MINI), "--out", str(out), "--limit", "2", "--quiet"]) == 0
    with open(out / "predictions.jsonl", "a", encoding="utf-8") as fh:
        fh.write('{"uid": "q3", "answ')  # killed mid-write
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(out), "--quiet"]) == 2
    assert "use --resume" in capsys.readouterr().err
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(out), "--resume", "--quiet"]) == 0
    uids = [json.loads(line)["uid"] for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert uids == ["q1", "q2", "q3"]
    assert set(json.loads((out / "predictions.json").read_text())) == {"q1", "q2", "q3"}


class CountingEngine:
    """Answers with its call number; records which uids it was asked and in which batches."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    def answer(self, examples):
        self.batches.append([ex.uid for ex in examples])
        return [Prediction(uid=ex.uid, answer=Answer(str(len(self.batches)))) for ex in examples]


class StreamingEngine(CountingEngine):
    def answer(self, examples):
        raise AssertionError("a streaming engine is driven through iter_answers")

    def iter_answers(self, examples):
        for ex in reversed(list(examples)):  # out of order, as concurrent answers arrive
            self.batches.append([ex.uid])
            yield Prediction(uid=ex.uid, answer=Answer("s"))


def _examples(n: int) -> list[Example]:
    return [Example(uid=f"u{i}", question=f"q{i}", context=Context()) for i in range(n)]


def test_predict_batches_keeps_order_and_resumes_from_records(tmp_path):
    engine = CountingEngine()
    records = tmp_path / "predictions.jsonl"
    first = predict(engine, _examples(3), batch_size=2, records=records)
    assert [p.uid for p in first] == ["u0", "u1", "u2"] and engine.batches == [["u0", "u1"], ["u2"]]
    again = CountingEngine()
    both = predict(again, _examples(5), batch_size=2, records=records)
    assert again.batches == [["u3", "u4"]]  # the three answered before are read, not asked
    assert [p.uid for p in both] == [f"u{i}" for i in range(5)]
    assert len(records.read_text().splitlines()) == 5


def test_the_facade_and_predict_drive_streaming_engines_through_iter_answers():
    engine = StreamingEngine()
    predictions = tabtext.answer(_examples(3), engine)
    assert [p.uid for p in predictions] == ["u0", "u1", "u2"] and len(engine.batches) == 3


def test_help_and_readme_name_the_run_files_as_run_files_does():
    from tabtext.cli import build_parser

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    help_text = build_parser().format_help()
    for benchmark in ("tatqa", "chatrag", "tanq"):
        assert run_files.official_name(benchmark) in help_text
        assert f"`{run_files.official_name(benchmark)}`" in readme
    assert "`predictions.json` (the official format)" not in readme


def test_resume_of_a_folder_without_records_is_an_error_not_a_fresh_start(tmp_path, capsys):
    out = tmp_path / "new"
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(out), "--resume", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"--resume: {out} holds no predictions.jsonl, so there is nothing to continue" in err
    assert not out.exists()


def test_score_of_a_run_folder_uses_the_gold_file_its_report_records(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "run"
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(out), "--quiet"]) == 0
    done = subprocess.run([sys.executable, "-m", "tabtext.cli", "score", "tatqa", str(out), "--out",
                           str(tmp_path / "again.json")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"gold: {MINI} (recorded in {out / 'report.json'})" in done.stderr
    again = json.loads((tmp_path / "again.json").read_text())
    assert again["scores"] == json.loads((out / "report.json").read_text())["scores"]
    assert again["provenance"]["gold_file"] == str(MINI)
