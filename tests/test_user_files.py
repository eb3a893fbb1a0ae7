"""Files a user hands tabtext that are not what they seem: special files, tabtext JSONL without answers, a BOM,
malformed gold files and damaged reports. Each ends in one line and exit 2 (or a warning), never a traceback,
a hang or a silent score."""

from __future__ import annotations

import copy
import json
import os
import threading
from pathlib import Path

import pytest

from tabtext.cli import main

DATA = Path(__file__).parent / "data"
MINI = DATA / "tatqa" / "mini.json"
INSCIT = DATA / "chatrag" / "native" / "inscit_dev.json"
CONVFINQA = DATA / "convfinqa" / "mini_pot.json"


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def run_bounded(argv: list[str], seconds: float = 20.0) -> int:
    """``main(argv)`` in a thread: a call that would block for ever (a FIFO) fails the test instead of hanging it."""
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"tabtext {' '.join(argv)} still running after {seconds} s"
    return result[0]


def special(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.json"
    if kind == "loop":
        os.symlink(tmp_path / "loop2.json", path)
        os.symlink(path, tmp_path / "loop2.json")
    elif kind == "zero":
        os.symlink("/dev/zero", path)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    return path


REASONS = {"loop": "symbolic link loop", "zero": "is a device", "fifo": "is a FIFO", "folder": "is a folder"}


@pytest.mark.parametrize("kind", ["loop", "zero", "fifo"])
def test_a_special_file_as_predictions_is_refused_in_one_line(tmp_path, capsys, kind):
    assert run_bounded(["score", "tatqa", str(special(tmp_path, kind)), "--file", str(MINI)]) == 2
    assert REASONS[kind] in one_error_line(capsys)


@pytest.mark.parametrize("kind", ["loop", "zero", "fifo", "folder"])
def test_a_special_file_as_gold_is_refused_in_one_line(tmp_path, capsys, kind):
    preds = tmp_path / "p.json"
    preds.write_text('{"q1": ["1", ""]}', encoding="utf-8")
    assert run_bounded(["score", "tatqa", str(preds), "--file", str(special(tmp_path, kind))]) == 2
    assert REASONS[kind] in one_error_line(capsys)


@pytest.mark.parametrize("kind", ["loop", "zero", "fifo", "folder"])
def test_a_special_file_as_a_table_is_refused_in_one_line(tmp_path, capsys, kind):
    table = special(tmp_path, kind).rename(tmp_path / f"t.{kind}.csv") if kind != "loop" else special(tmp_path, kind)
    assert run_bounded(["ask", "--table", str(table), "What is it?"]) == 2
    assert "error:" in one_error_line(capsys)


def test_a_report_json_that_is_a_fifo_is_refused_by_report_and_compare(tmp_path, capsys):
    fifo = special(tmp_path, "fifo")
    assert run_bounded(["compare", str(fifo), str(fifo)]) == 2
    assert "is a FIFO" in one_error_line(capsys)


def test_tabtext_jsonl_without_answer_keys_is_an_error_not_em_0(tmp_path, capsys):
    preds = tmp_path / "predictions.jsonl"
    preds.write_text("".join(json.dumps({"uid": u, "prediction": "1"}) + "\n" for u in ("q1", "q2", "q3")))
    assert main(["score", "tatqa", str(preds), "--file", str(MINI)]) == 2
    assert 'no record has an "answer" key' in one_error_line(capsys)


def test_some_records_without_answer_keys_are_counted_in_a_warning(tmp_path, capsys):
    preds = tmp_path / "predictions.jsonl"
    preds.write_text(json.dumps({"uid": "q1", "answer": "1"}) + "\n" + json.dumps({"uid": "q2"}) + "\n")
    assert main(["score", "tatqa", str(preds), "--file", str(MINI)]) == 0
    assert '1 of 2 records have no "answer" key' in capsys.readouterr().err


def test_chatrag_jsonl_with_a_byte_order_mark_is_read_as_jsonl(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["run", "chatrag", "--file", str(CONVFINQA), "--dataset", "convfinqa", "--out", str(run),
                 "--quiet"]) == 0
    plain = json.loads((run / "report.json").read_text())["scores"]
    records = run / "predictions.jsonl"
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + records.read_bytes())
    capsys.readouterr()
    out = tmp_path / "bom_report.json"
    assert main(["score", "chatrag", str(bom), "--file", str(CONVFINQA), "--dataset", "convfinqa",
                 "--out", str(out)]) == 0
    assert json.loads(out.read_text())["scores"] == plain


def _mini(edit) -> list:
    data = copy.deepcopy(json.loads(MINI.read_text(encoding="utf-8")))
    edit(data)
    return data


@pytest.mark.parametrize(("edit", "said"), [
    (lambda d: d[0].__setitem__("paragraphs", None), "'paragraphs' must be a list"),
    (lambda d: d[0]["paragraphs"][0].__setitem__("order", "first"), "'order' must be an integer"),
    (lambda d: d[0]["questions"][0].__setitem__("order", "2"), "'order' must be an integer"),
    (lambda d: d[0].__setitem__("questions", {"q": 1}), "'questions' must be a list"),
    (lambda d: d[0]["questions"][0].__setitem__("scale", 3), "'scale' must be a string"),
    (lambda d: d[0]["paragraphs"][0].__setitem__("text", ["x"]), "'text' must be a string"),
    (lambda d: d[0]["questions"][0].__setitem__("uid", "q\ud800"), "holds a lone surrogate"),
])
def test_a_malformed_tatqa_gold_file_is_one_line(tmp_path, capsys, edit, said):
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(_mini(edit)), encoding="utf-8")
    assert main(["run", "tatqa", "--file", str(gold), "--out", str(tmp_path / "run"), "--quiet"]) == 2
    assert said in one_error_line(capsys)


@pytest.mark.parametrize(("field", "value", "said"), [
    ("context", "What?", "'context' must be a list"),
    ("labels", {"response": "x"}, "'labels' must be a list"),
    ("labels", [{"response": 7}], "'response' must be a string"),
    ("labels", [{"response": "x", "evidence": "p"}], "'evidence' must be a list"),
    ("prevEvidence", [["p"]], "'prevEvidence' must be a list"),
])
def test_inscit_turns_of_the_wrong_type_are_one_line(tmp_path, capsys, field, value, said):
    data = json.loads(INSCIT.read_text(encoding="utf-8"))
    first = next(iter(data))
    data[first]["turns"][0][field] = value
    gold = tmp_path / "inscit_dev.json"
    gold.write_text(json.dumps(data), encoding="utf-8")
    assert main(["run", "chatrag", "--file", str(gold), "--dataset", "inscit", "--out", str(tmp_path / "r"),
                 "--quiet"]) == 2
    assert said in one_error_line(capsys)


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory) -> Path:
    run = tmp_path_factory.mktemp("run") / "run"
    assert main(["run", "tatqa", "--file", str(MINI), "--out", str(run), "--quiet"]) == 0
    return run


@pytest.mark.parametrize(("edit", "said"), [
    (lambda r: r.__setitem__("scores", 0.5), "'scores' must map names to numbers"),
    (lambda r: r["items"].__setitem__(0, "q1"), "record items[0]: must be an object"),
    (lambda r: r.pop("metric"), "'metric' must be a string"),
    (lambda r: r["items"][0].__setitem__("em", "yes"), "must be a number"),
    (lambda r: r["items"][0].__setitem__("em", "9" * 200_000), "must be a number"),
    (lambda r: r.__setitem__("counts", []), "'counts' must map names to integers"),
    (lambda r: next(iter(r["breakdowns"].values()))[0].pop("answer_from"), "misses its key(s)"),
    (lambda r: r["provenance"].__setitem__("gold_file", "a" * 5000), "provenance.gold_file: must be a file path"),
    (lambda r: r["warnings"].append("\ud800"), "holds a lone surrogate"),
])
@pytest.mark.parametrize("command", ["report", "compare"])
def test_report_and_compare_on_a_damaged_run_are_one_short_line(tmp_path, capsys, finished_run, command, edit,
                                                                said):
    report = json.loads((finished_run / "report.json").read_text())
    edit(report)
    damaged = tmp_path / "report.json"
    damaged.write_text(json.dumps(report), encoding="utf-8")
    argv = ["report", str(damaged), "--out", str(tmp_path / "r.html")] if command == "report" else \
        ["compare", str(finished_run), str(damaged)]
    assert main(argv) == 2
    line = one_error_line(capsys)
    assert said in line and len(line) < 1200


def test_scoring_against_a_gold_file_without_answers_is_one_line(tmp_path, capsys):
    data = _mini(lambda d: [q.pop(k) for q in d[0]["questions"] for k in ("answer", "answer_type", "answer_from",
                                                                        "scale") if k in q])
    gold = tmp_path / "blind.json"
    gold.write_text(json.dumps(data), encoding="utf-8")
    preds = tmp_path / "p.json"
    preds.write_text(json.dumps({"q1": ["1", ""]}), encoding="utf-8")
    assert main(["score", "tatqa", str(preds), "--file", str(gold)]) == 2
    assert "has no gold answer" in one_error_line(capsys)


def test_a_tanq_proof_list_of_the_wrong_type_is_one_line(tmp_path, capsys):
    rows = [json.loads(ln) for ln in (DATA / "tanq" / "full_schema.jsonl").read_text().splitlines() if ln.strip()]
    rows[0]["answer_list"][0]["init_answer_proof"] = 2.5
    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n".join(map(json.dumps, rows)), encoding="utf-8")
    assert main(["run", "tanq", "--file", str(gold), "--out", str(tmp_path / "run"), "--quiet"]) == 2
    assert "init_answer_proof must be a list" in one_error_line(capsys)
