"""serve's dialogue (the page's /v1/dialogue) on a person's tables: periods as rows, years shown as years, and a
period the table does not cover."""

from __future__ import annotations

from pathlib import Path

from tabtext.engines.solver.dialogue.api import answer_turn
from tabtext.tables import read_table
from tabtext.types import Context

USER = Path(__file__).resolve().parent / "data" / "user"


def turn(name: str, question: str, history=None) -> dict:
    return answer_turn(Context(tables=(read_table(USER / name),)), question, history)


def test_a_table_with_periods_as_rows_is_read_like_one_with_periods_as_columns():
    reply = turn("periods_as_rows.csv", "What was the net income in Q2 2023?")
    assert reply["found"] and reply["display"] == "1,780"
    assert [(e["row"], e["col"]) for e in reply["evidence"]] == [(2, 2)]  # in the table as the page shows it
    follow = turn("periods_as_rows.csv", "and in Q4 2023?", [reply["program"]])
    assert follow["display"] == "2,310" and [(e["row"], e["col"]) for e in follow["evidence"]] == [(4, 2)]


def test_a_year_is_shown_as_a_year():
    reply = turn("headcount.md", "In which year was total headcount the highest?")
    assert reply["found"] and reply["display"] == "2022"


def test_a_period_the_table_does_not_cover_is_no_answer_found_with_the_periods_it_covers():
    reply = turn("pnl_quarterly.csv", "What was revenue in 2019?")
    assert reply["found"] is False and reply["display"] == "no answer found"
    assert reply["error"] == "the table covers Q1 2023–Q4 2023"
