"""tabtext batch: questions x a folder of tables -> CSV + JSONL; bad tables become error rows."""

import csv
import json
import shutil
from pathlib import Path

import pytest

from tabtext.cli import main
from tabtext.engines import make_engine
from tabtext.types import Context, Example, Paragraph

TABLES = Path(__file__).resolve().parent / "data" / "tables"
QUESTIONS = ["What was the revenue in 2019?", "What is the change in revenue from 2018 to 2019?"]


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(TABLES, tmp_path / "tables")
    (tmp_path / "questions.txt").write_text("\n".join(QUESTIONS) + "\n\n", encoding="utf-8")
    return tmp_path


def read_results(prefix: Path):
    with open(prefix.with_name(prefix.name + ".csv"), encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    records = [json.loads(line) for line in prefix.with_name(prefix.name + ".jsonl").read_text().splitlines()]
    return rows, records


def solver_answer(table_path: Path, question: str, text: str = "") -> object:
    """The in-process solver's answer as the JSONL shows it: a list of spans, or one value."""
    from tabtext.tables import read_table

    paragraphs = (Paragraph("1", text, 1),) if text else ()
    example = Example("x", question, Context(tables=(read_table(table_path),), paragraphs=paragraphs),
                      meta={"benchmark": "tatqa"})
    answer = make_engine("solver").answer([example])[0].answer
    if answer is None:
        return ""
    return list(answer.value) if isinstance(answer.value, tuple) else answer.text()


def test_every_question_is_asked_of_every_table_and_bad_tables_become_error_rows(folder, capsys):
    out = folder / "results"
    assert main(["batch", str(folder / "questions.txt"), "--tables", str(folder / "tables"), "--out", str(out),
                 "--quiet"]) == 0
    rows, records = read_results(out)
    tables = sorted(p.name for p in TABLES.iterdir())
    assert len(rows) == len(records) == len(QUESTIONS) * len(tables)
    assert sorted({Path(r["table_file"]).name for r in rows}) == tables
    assert list(rows[0]) == ["table_file", "question", "answer", "scale", "derivation", "evidence", "confidence",
                             "error"]
    by_key = {(Path(r["table_file"]).name, r["question"]): r for r in records}
    assert "binary file" in by_key["sheet.csv", QUESTIONS[0]]["error"]
    assert "empty" in by_key["empty.csv", QUESTIONS[1]]["error"]
    for q in QUESTIONS:
        good = by_key["caption.md", q]
        assert good["error"] == "" and good["answer"] == solver_answer(TABLES / "caption.md", q)
        assert good["evidence"] and all(e["kind"] == "cell" for e in good["evidence"])
    joined = [" | ".join(r["answer"]) if isinstance(r["answer"], list) else r["answer"] for r in records]
    assert [r["answer"] for r in rows] == joined  # the CSV holds the same answers, spans joined
    answered = sum(1 for r in rows if r["answer"])
    failed = sum(1 for r in rows if r["error"] and not r["error"].startswith("no answer found"))
    assert 0 < answered < len(rows) and 0 < failed < len(rows)
    assert f"{len(rows)} rows ({answered} answered; {len(rows) - answered - failed} with no answer found; {failed} " \
           "failed" in capsys.readouterr().err


def test_jsonl_questions_name_their_own_table_and_text(tmp_path):
    shutil.copy(TABLES / "caption.md", tmp_path / "q4.md")
    text = "Revenue in 2019 was driven by cloud services."
    lines = [{"question": QUESTIONS[0], "table": "q4.md"},
             {"question": "What drove revenue in 2019?", "table": "q4.md", "text": text}]
    qfile = tmp_path / "questions.jsonl"
    qfile.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    assert main(["batch", str(qfile), "--out", str(tmp_path / "res.csv"), "--quiet"]) == 0
    _, records = read_results(tmp_path / "res")
    assert [r["question"] for r in records] == [x["question"] for x in lines]
    assert records[0]["answer"] == solver_answer(tmp_path / "q4.md", QUESTIONS[0])
    # a text answer as ask shows it (person_text): the cause without its "driven by", which the solver's clause keeps
    assert solver_answer(tmp_path / "q4.md", lines[1]["question"], text) == ["driven by cloud services"]
    assert records[1]["answer"] == ["cloud services"]


@pytest.mark.parametrize("content, message", [
    ('{"question": "ok?", "table": "t.csv"}\n{"question": \n', "questions.jsonl: record line 2: malformed JSON"),
    ('{"table": "t.csv"}\n', 'questions.jsonl: record line 1: each line needs a "question"'),
    ('{"question": "ok?"}\n', 'questions without their own "table" need --tables DIR'),
])
def test_bad_questions_files_are_one_line_errors(tmp_path, capsys, content, message):
    qfile = tmp_path / "questions.jsonl"
    qfile.write_text(content, encoding="utf-8")
    assert main(["batch", str(qfile), "--out", str(tmp_path / "res")]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_missing_tables_folder_is_a_one_line_error(folder, capsys):
    assert main(["batch", str(folder / "questions.txt"), "--tables", str(folder / "nope")]) == 2
    assert "tables folder not found" in capsys.readouterr().err


def test_batch_on_ray_gives_the_in_process_rows(local_ray, folder):
    common = ["batch", str(folder / "questions.txt"), "--tables", str(folder / "tables"), "--quiet",
              "--batch-size", "3"]
    assert main(common + ["--out", str(folder / "local")]) == 0
    assert main(common + ["--out", str(folder / "ray"), "--ray"]) == 0
    key = lambda r: (r["table_file"], r["question"])  # noqa: E731
    local, ray = (sorted(read_results(folder / name)[1], key=key) for name in ("local", "ray"))
    assert ray == local and len(ray) == len(QUESTIONS) * len(list(TABLES.iterdir()))


def test_each_sheet_of_a_workbook_is_a_table_of_its_own(tmp_path):
    pytest.importorskip("openpyxl")
    from xlsx_fixtures import BALANCE_SHEET, INCOME_STATEMENT, write_workbook

    (tmp_path / "tables").mkdir()
    write_workbook(tmp_path / "tables" / "book.xlsx", {"income": INCOME_STATEMENT, "balance": BALANCE_SHEET})
    (tmp_path / "q.txt").write_text("What was the revenue in 2019?\nWhat was the total assets in 2018?\n")
    assert main(["batch", str(tmp_path / "q.txt"), "--tables", str(tmp_path / "tables"), "--out",
                 str(tmp_path / "res"), "--quiet"]) == 0
    _, records = read_results(tmp_path / "res")
    assert sorted({Path(r["table_file"]).name for r in records}) == ["book.xlsx#balance", "book.xlsx#income"]
    assert len(records) == 4
    revenue = next(r for r in records if r["table_file"].endswith("#income") and "revenue" in r["question"])
    assert revenue["error"] == "" and revenue["evidence"] and revenue["answer"]


def test_an_engine_that_cannot_start_fails_before_any_results_file(folder, capsys):
    out = folder / "results"
    assert main(["batch", str(folder / "questions.txt"), "--tables", str(folder / "tables"), "--out", str(out),
                 "--engine", "openai:model=m,base_url=http://127.0.0.1:9/v1"]) == 2
    assert "cannot reach http://127.0.0.1:9/v1" in capsys.readouterr().err
    assert not out.with_suffix(".csv").exists() and not out.with_suffix(".jsonl").exists()
