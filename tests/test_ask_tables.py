"""tabtext ask with several tables (--table repeated, every sheet of a workbook, --sheet) and the ranking that
puts the table a question is about first."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tabtext.commands.ask import load_context  # noqa: E402
from tabtext.table_choice import QuestionFirstTable, rank_tables  # noqa: E402
from tabtext.tables import read_table  # noqa: E402
from tabtext.types import Answer, Context, Example, Prediction  # noqa: E402
from xlsx_fixtures import BALANCE_SHEET, INCOME_STATEMENT, write_workbook  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
INCOME = ROOT / "tests" / "data" / "tables" / "income_statement.csv"
BALANCE = ROOT / "tests" / "data" / "tables" / "balance_sheet.csv"


def ask(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tabtext.cli", "ask", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=120)


@pytest.mark.parametrize("question, first", [
    ("What was the change in revenue from 2018 to 2019?", 0), ("What were total assets in 2019?", 1),
    ("What was the gross margin in 2019?", 0), ("How much were inventories in 2018?", 1),
    ("What happened in 2019?", 0),  # nothing tells them apart: the order given
])
def test_rank_tables_puts_the_table_the_question_names_first(question, first):
    assert rank_tables([read_table(INCOME), read_table(BALANCE)], question)[0] == first


def test_several_table_files_make_one_context_in_order():
    context = load_context([str(INCOME), str(BALANCE)], [])
    assert [t.rows for t in context.tables] == [read_table(INCOME).rows, read_table(BALANCE).rows]


def test_wrapper_answers_on_the_reordered_tables_and_names_the_original_index():
    class FirstCell:
        uses_history = True

        def answer(self, examples):
            return [Prediction(ex.uid, Answer(ex.context.tables[0].rows[3][0])) for ex in examples]

    engine = QuestionFirstTable(FirstCell())
    example = Example("q", "What were total assets?", Context((read_table(INCOME), read_table(BALANCE))))
    (pred,) = engine.answer([example])
    assert pred.answer.value == "Cash and cash equivalents" and pred.meta["table_index"] == 1
    assert engine.uses_history is True


def test_ask_reads_every_sheet_of_a_workbook_and_answers_from_the_right_one(tmp_path):
    pytest.importorskip("openpyxl")
    book = write_workbook(tmp_path / "statements.xlsx", {"Income statement": INCOME_STATEMENT,
                                                         "Balance sheet": BALANCE_SHEET})
    out = ask("--table", str(book), "What were total assets in 2019?")
    assert out.returncode == 0, out.stderr
    assert "answer: $ 26,039" in out.stdout and "table: Balance sheet" in out.stdout
    assert "[Total assets / December 31, 2019]" in out.stdout  # the period said once, written one way
    one = ask("--table", str(book), "--sheet", "Income statement", "What was the gross margin in 2019?")
    assert one.returncode == 0 and "answer: 57.3%" in one.stdout and "table:" not in one.stdout


def test_ask_with_two_table_files():
    out = ask("--table", str(BALANCE), "--table", str(INCOME), "What was the change in revenue from 2018 to 2019?")
    assert out.returncode == 0, out.stderr
    assert "answer: 306.2" in out.stdout and "table: income_statement" in out.stdout


@pytest.mark.parametrize("args, message", [
    (["--table", str(INCOME), "--sheet", "Cash"], "--sheet names a sheet of an .xlsx workbook"),
    (["--table", str(INCOME), "--table", "missing.csv"], "missing.csv: file not found"),
])
def test_table_mistakes_are_one_line_exit_2(args, message):
    out = ask(*args, "What was revenue?")
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_the_command_list_names_the_spreadsheet_formats_ask_reads():
    listing = subprocess.run([sys.executable, "-m", "tabtext.cli", "--help"], capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=60).stdout
    ask_line = " ".join(listing.split("ask", 1)[1].split("serve", 1)[0].split())
    assert "XLSX" in ask_line and "Parquet" in ask_line, ask_line
