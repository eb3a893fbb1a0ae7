"""tabtext ask / tabtext.ask on a person's own tables: periods shown as periods, a period the table lacks,
several tables with the reason one was chosen, the chat's quit word, and the Python API's table forms."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import tabtext
from tabtext.commands import ask

USER = Path(__file__).resolve().parent / "data" / "user"
PNL, HEADCOUNT, BALANCE = (str(USER / n) for n in ("pnl_quarterly.csv", "headcount.md", "balance.csv"))


def test_a_year_answer_is_shown_as_a_year_in_the_answer_and_the_display_field(capsys):
    assert ask.main(["--table", HEADCOUNT, "In which year was total headcount the highest?"]) == 0
    assert "answer: 2022\n" in capsys.readouterr().out
    assert ask.main(["--table", HEADCOUNT, "--json", "In which year was total headcount the highest?"]) == 0
    assert json.loads(capsys.readouterr().out)["display"] == "2022"


def test_a_period_the_table_does_not_cover_is_no_answer_found_with_what_it_covers(capsys):
    assert ask.main(["--table", PNL, "What was revenue in 2019?"]) == 0
    assert capsys.readouterr().out.strip() == "no answer found: the table covers Q1 2023–Q4 2023"
    assert ask.main(["--table", HEADCOUNT, "--json", "What was total headcount in 2019?"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["found"] is False and record["answer"] is None and record["error"] == "the table covers 2020–2022"


def test_of_several_tables_the_one_holding_the_row_and_period_answers_and_says_why(capsys):
    assert ask.main(["--table", BALANCE, "--table", PNL, "What was revenue in Q4 2023?"]) == 0
    out = capsys.readouterr().out
    assert "answer: 14,920" in out  # not the balance sheet's deferred revenue
    assert "table: pnl_quarterly (has the row 'Revenue', holds Q4 2023)" in out


def test_quit_ends_the_chat(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nWhat was revenue in Q1 2023?\n"))
    assert ask.main(["--table", PNL, "--chat", "What was revenue in Q4 2023?"]) == 0
    out = capsys.readouterr().out
    assert "14,920" in out and "12,450" not in out
    monkeypatch.setattr("sys.stdin", io.StringIO("EXIT\nWhat was revenue in Q1 2023?\n"))
    assert ask.main(["--table", PNL, "--chat", "What was revenue in Q4 2023?"]) == 0
    assert "12,450" not in capsys.readouterr().out


@pytest.mark.parametrize("form", ["path", "csv text", "markdown text", "dataframe", "rows"])
def test_the_python_api_takes_paths_table_text_and_dataframes(form):
    from tabtext.tables import read_table

    rows = read_table(PNL).rows
    if form == "dataframe":
        pd = pytest.importorskip("pandas")
        table: object = pd.read_csv(PNL, index_col=0)
    elif form == "markdown text":
        table = "\n".join(["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
                          + ["| " + " | ".join(r) + " |" for r in rows[1:]])
    elif form == "rows":
        table = [list(r) for r in rows]
    else:
        table = PNL if form == "path" else Path(PNL).read_text(encoding="utf-8")
    pred = tabtext.ask("What was the net income in Q3 2023?", tables=[table])
    assert pred.meta["found"] and pred.answer.text() == "1,980" and pred.meta["display"] == "1,980 thousand"


def test_the_python_api_reads_text_from_a_file_or_a_string_and_says_when_nothing_is_found():
    notes = USER / "balance_notes.txt"
    for text in (str(notes), notes.read_text(encoding="utf-8")):
        pred = tabtext.ask("Why did receivables grow?", tables=[BALANCE], text=text)
        assert "longer payment terms" in pred.meta["display"]
    pred = tabtext.ask("What was revenue in 2019?", tables=PNL)
    assert pred.meta["found"] is False and pred.error == "the table covers Q1 2023–Q4 2023"
    with pytest.raises(tabtext.errors.TabtextError, match="give tables="):
        tabtext.ask("What was revenue?", tables=[])


def test_a_chat_follow_up_moves_to_another_quarter_named_with_or_without_its_year(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("And in Q3?\nWhat is the difference between the two?\n"))
    assert ask.main(["--table", PNL, "--chat", "What was revenue in Q2 2023?"]) == 0
    out = capsys.readouterr().out
    assert "(read as: Revenue (Q3 2023))\nanswer: 13,870 thousand" in out
    assert "(read as: Revenue (Q3 2023) − Revenue (Q2 2023))\nanswer: 770 thousand" in out


@pytest.mark.parametrize("question, answer", [
    ("How much did we spend on operating expenses in Q2 2023?", "answer: 3,300 thousand"),
    ("What was the total cost of sales in 2023?", "answer: 30,620 thousand"),
])
def test_an_expense_shown_in_brackets_is_answered_as_an_amount_and_the_reading_says_so(question, answer, capsys):
    assert ask.main(["--table", PNL, question]) == 0
    out = capsys.readouterr().out
    assert answer + "\n" in out and "note: the table shows " in out and " in brackets" in out


def test_chat_follow_ups_over_periods_a_person_asks(monkeypatch, capsys):
    turns = ["And the quarter before?", "What is the percentage increase?", "What about net income in Q3?",
             "As a percentage of revenue?"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(turns) + "\n"))
    assert ask.main(["--table", PNL, "--chat", "What was revenue in Q2 2023?"]) == 0
    answers = [line for line in capsys.readouterr().out.splitlines() if line.startswith("answer:")]
    assert answers == ["answer: 13,100 thousand", "answer: 12,450 thousand", "answer: 5.22%", "answer: 1,980 thousand",
                       "answer: 14.28%"]


def test_a_count_read_from_a_table_without_a_scale_is_not_given_the_texts_scale(tmp_path):
    (tmp_path / "beds.csv").write_text("Measure,FY2023,FY2024\nStaffed beds,210,224\nAdmissions,\"19,120\",\"19,870\"\n",
                                       encoding="utf-8")
    pred = tabtext.ask("How many staffed beds did the hospital have in FY2024?", tables=[str(tmp_path / "beds.csv")],
                       text="Financial amounts in the workbook are in millions of US dollars.")
    assert pred.meta["display"] == "224" and pred.answer.scale == ""


def test_a_count_keeps_the_thousands_its_pandas_column_name_says(tmp_path):
    (tmp_path / "monthly.csv").write_text(",rides_000,revenue_eur_k\n2024-01,182.4,524.3\n2024-02,176.9,501.9\n",
                                          encoding="utf-8")
    pred = tabtext.ask("How many rides were there in February 2024?", tables=[str(tmp_path / "monthly.csv")])
    assert (pred.answer.text(), pred.answer.scale) == ("176.9", "thousand")
