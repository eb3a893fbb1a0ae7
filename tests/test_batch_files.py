"""tabtext batch on a person's own folder: rows naming files, rows that fail, tables lacking what is asked."""

import json
import shutil
from pathlib import Path

from tabtext.cli import main

USER = Path(__file__).resolve().parent / "data" / "user"


def run(tmp_path, rows, *extra):
    shutil.copytree(USER, tmp_path / "tables")
    qfile = tmp_path / "questions.jsonl"
    qfile.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    code = main(["batch", str(qfile), "--tables", str(tmp_path / "tables"), "--out", str(tmp_path / "res"),
                 "--quiet", *extra])
    records = [json.loads(line) for line in (tmp_path / "res.jsonl").read_text().splitlines()]
    return code, records


def test_a_text_naming_a_file_in_the_tables_folder_is_read_from_it_and_said_so(tmp_path, capsys):
    code, records = run(tmp_path, [{"question": "Why did receivables grow?", "table": "balance.csv",
                                    "text": "balance_notes.txt"}])
    assert code == 0
    assert '"text": "balance_notes.txt" read as the file' in capsys.readouterr().err
    (record,) = records
    assert "longer payment terms" in " ".join(record["answer"]) and record["error"] == ""
    assert record["evidence"][0]["kind"] == "text"


def test_a_text_file_named_by_a_row_is_not_asked_as_a_table(tmp_path):
    _, records = run(tmp_path, [{"question": "What was the net income in Q2 2023?"},
                                {"question": "Why did receivables grow?", "table": "balance.csv",
                                 "text": "balance_notes.txt"}])
    assert not any(r["table_file"].endswith("balance_notes.txt") for r in records)


def test_a_row_naming_a_table_not_in_the_folder_is_that_rows_error(tmp_path, capsys):
    code, records = run(tmp_path, [{"question": "What was revenue in Q1 2023?", "table": "nothere.csv"},
                                   {"question": "What was revenue in Q1 2023?", "table": "pnl_quarterly.csv"}])
    assert code == 0
    bad, good = records
    assert "nothere.csv: no such table in" in bad["error"] and bad["answer"] == ""
    assert good["error"] == "" and good["answer"] == ["12,450"]
    assert "1 failed" in capsys.readouterr().err


def test_a_run_where_every_row_failed_exits_non_zero(tmp_path, capsys):
    code, records = run(tmp_path, [{"question": "What was revenue?", "table": "nothere.csv"},
                                   {"question": "What was revenue?", "table": "gone.md"}])
    assert code == 1 and len(records) == 2 and all(r["error"] for r in records)
    assert "every row failed" in capsys.readouterr().err


def test_a_table_lacking_the_period_or_rows_asked_gives_no_answer_found(tmp_path):
    _, records = run(tmp_path, [{"question": "What was revenue in 2019?", "table": "pnl_quarterly.csv"},
                                {"question": "What were total assets in 2021?", "table": "headcount.md"},
                                {"question": "What were total assets in 2019?", "table": "balance.csv"}])
    by_table = {Path(r["table_file"]).name: r for r in records}
    period, rows, answered = (by_table[name] for name in ("pnl_quarterly.csv", "headcount.md", "balance.csv"))
    assert period["answer"] == "" and period["error"] == "no answer found: the table covers Q1 2023–Q4 2023"
    assert rows["answer"] == "" and rows["error"] == "no answer found: the table has no row for assets"
    assert answered["answer"] == ["18,420"] and answered["error"] == ""
