"""serve's dialogue (the page's /v1/dialogue) on a person's tables: periods as rows, years shown as years, and a
period the table does not cover."""

from __future__ import annotations

from pathlib import Path

from tabtext.engines.solver.dialogue.api import answer_turn
from tabtext.tables import read_table
from tabtext.types import Context

USER = Path(__file__).resolve().parent / "data" / "user"


def follow_ups(tmp_path, csv_text: str, first: str, *then: str) -> list[dict]:
    """The first question, then each follow-up asked after it alone."""
    (tmp_path / "t.csv").write_text(csv_text, encoding="utf-8")
    context = Context(tables=(read_table(tmp_path / "t.csv"),))
    reply = answer_turn(context, first, None)
    return [reply] + [answer_turn(context, q, [reply["program"]]) for q in then]


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


def test_a_follow_up_naming_a_month_without_its_year_moves_to_that_month(tmp_path):
    (tmp_path / "m.csv").write_text(',Jan 2024,Feb 2024,Mar 2024\nOrders,"1,200","1,150","1,320"\n', encoding="utf-8")
    context = Context(tables=(read_table(tmp_path / "m.csv"),))
    first = answer_turn(context, "How many orders were there in March 2024?", None)
    follow = answer_turn(context, "And in January?", [first["program"]])
    assert first["display"] == "1,320" and follow["display"] == "1,200" and follow["read_as"] == "Orders (January 2024)"


def test_which_of_the_two_names_the_line_whose_answer_is_larger_or_smaller():
    first = turn("pnl_quarterly.csv", "What was the revenue in Q4 2023?")
    second = turn("pnl_quarterly.csv", "What about net income in Q4 2023?", [first["program"]])
    history = [first["program"], second["program"]]
    assert turn("pnl_quarterly.csv", "Which of the two is larger?", history)["display"] == "Revenue"
    assert turn("pnl_quarterly.csv", "Which of the two is smaller?", history)["display"] == "Net income"


def test_the_period_before_a_year_earlier_and_how_much_more(tmp_path):
    replies = follow_ups(tmp_path, ",Q1 2022,Q2 2022,Q1 2023,Q2 2023\nRevenue,100,110,120,150\nStaff,10,11,12,14\n",
                         "What was revenue in Q2 2023?", "And the quarter before?", "And the same quarter a year earlier?",
                         "How much more than the quarter before?", "How many staff were there that quarter?")
    assert [r["display"] for r in replies] == ["150", "120", "110", "30", "14"]


def test_a_follow_up_stays_on_the_second_table_the_first_question_was_answered_from():
    context = Context(tables=(read_table(USER / "headcount.md"), read_table(USER / "balance.csv")))
    first = answer_turn(context, "What were total assets in 2019?", None)
    more = answer_turn(context, "How much more than the year before?", [first["program"]])
    assert first["display"] == "18,420" and more["display"] == "1,470"


def test_a_total_for_a_year_after_an_answer_about_one_line_is_that_lines_total(tmp_path):
    replies = follow_ups(tmp_path, ",1Q23,2Q23,3Q23,4Q23,1Q24\nIngredients,(310),(325),(340),(395),(330)\n",
                         "How much did we spend on ingredients in 3Q23?",
                         "How does that compare with the previous quarter?", "What was the total for 2023?")
    assert [r["display"] for r in replies] == ["340", "15", "1,370"]
    assert replies[0]["note"] == "the table shows Ingredients in brackets"  # the page shows the note
