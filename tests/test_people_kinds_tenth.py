"""Kinds found by questions over tables written here in the styles of user sets X-Z (none is from a benchmark
set: a physiotherapy practice's months as columns with its staff counted only in the text, a scout group's
"2023/24" accounts with spending in brackets and its members counted in words, a cafe's "Mar quarter 2024" rows),
asked as `tabtext ask` asks."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown
from tabtext.periods import find_periods

CLINIC = """| Metric | Jan-25 | Feb-25 | Mar-25 | Apr-25 | May-25 | Jun-25 |
|---|---:|---:|---:|---:|---:|---:|
| Sessions delivered | 620 | 588 | 702 | 655 | 690 | 671 |
| New referrals | 48 | 41 | 57 | 52 | 60 | 49 |
| Cancellations | 35 | 44 | 28 | 31 | 27 | 30 |
| Income (£) | 31,000 | 29,400 | 35,100 | 32,750 | 34,500 | 33,550 |
| Staff costs (£) | 18,200 | 18,200 | 19,100 | 19,100 | 19,600 | 19,600 |
"""
CLINIC_TEXT = ("Elmfield Physio is a small physiotherapy practice in Bristol with six physiotherapists. "
               "Income is in pounds. The practice started with one hundred and twenty registered patients in 2023. "
               "Cancellations rose in February because of a flu outbreak. An online booking system went live in March.")
SCOUTS = """GBP,2022/23,2023/24,2024/25
Subscriptions,8400,9100,9650
Fundraising events,3200,2750,4100
Legacies,0,5000,1200
Total income,11600,16850,14950
Camp and activity costs,(5100),(6300),(6900)
Hall hire,(2400),(2400),(2600)
Total expenditure,(7500),(8700),(9500)
Surplus,4100,8150,5450
"""
SCOUTS_TEXT = ("The 3rd Hadley Scout Group has around ninety young members and twenty-two adult volunteers. "
               "Figures are in pounds for years ending 31 March; spending is shown in brackets. "
               "A legacy from a former leader was received in 2023/24. Hall hire rose in 2024/25 when the church raised its rates.")
CAFE = """Quarter,Covers,Food sales (£),Drinks sales (£),Wages (£),Ingredients (£)
Mar quarter 2024,5200,41600,15600,22000,13900
Jun quarter 2024,6100,50020,19500,24500,16300
Sep quarter 2024,6900,57270,23400,26100,18700
Dec quarter 2024,6400,53120,21800,25300,17200
"""
CAFE_TEXT = ("Tern & Toast is a seafront cafe in Whitby with forty seats. Sales and costs are in pounds. "
             "The summer quarter was the busiest because of tourists. A new coffee machine was bought in September for two thousand pounds. "
             "The cafe served five thousand covers in the Dec quarter 2023.")


def answer(question: str, tables: list[str], text: str = "") -> str:
    pred = ask(question, tables=tables, text=text or None)
    return shown(pred.answer, question) if found(pred) else "no answer found"


def program(question: str, tables: list[str], text: str) -> dict:
    return ask(question, tables=tables, text=text).meta["program"]


def test_a_quarter_named_by_its_last_month_is_that_quarter() -> None:
    """ "the March quarter", "Jun quarter 2024", "the June quarter of 2024": the three months to that month."""
    quarters = [p for _, _, p in find_periods("the March quarter, Jun quarter 2024 and the June quarter of 2024")]
    assert [(p.year, p.end_month, p.months, p.kind) for p in quarters] == [
        (None, 3, 3, "quarter"), (2024, 6, 3, "quarter"), (2024, 6, 3, "quarter")]
    assert answer("What was the total income for the March quarter?", [CLINIC], CLINIC_TEXT) == "95,500"
    assert answer("What were the drinks sales in the June quarter of 2024?", [CAFE], CAFE_TEXT) == "19,500"
    assert answer("Which quarter had the highest wages?", [CAFE], CAFE_TEXT) == "Q3 2024"


def test_a_figure_per_thing_the_text_counts_is_over_that_count() -> None:
    """ "each physiotherapist", "per seat", "per young member": no line counts them, the text does ("six
    physiotherapists", "forty seats", "around ninety young members"): the figure over that count."""
    assert answer("How many sessions did each physiotherapist deliver in May 2025?", [CLINIC], CLINIC_TEXT) == "115"
    assert answer("What were food sales per seat in the March quarter 2024?", [CAFE], CAFE_TEXT) == "1,040"
    assert answer("What was the surplus per young member in 2024/25?", [SCOUTS], SCOUTS_TEXT) == "60.56"
    assert program("What was the surplus per young member in 2024/25?", [SCOUTS], SCOUTS_TEXT) == {
        "op": "divide", "pattern": "per_counted_thing", "args": [
            {"kind": "program", "op": "lookup", "answer_value": ["5450"], "args": [
                {"kind": "cell", "row": 8, "col": 3, "text": "5450", "value": 5450.0, "row_label": "Surplus",
                 "col_label": "2024/25", "table": 0}]},
            {"kind": "text_number", "paragraph": 0, "start": 38, "end": 44, "text": "ninety", "value": 90.0,
             "subject": ""}]}


def test_a_thing_counted_twice_or_by_a_line_is_not_over_the_text() -> None:
    """The text counts adult volunteers, not leaders; "income per session" has its line of sessions."""
    assert program("What was hall hire per leader in 2024/25?", [SCOUTS], SCOUTS_TEXT).get("pattern") != \
        "per_counted_thing"
    assert answer("What was the income per session in April 2025?", [CLINIC], CLINIC_TEXT) == "50"
    two = SCOUTS_TEXT + " Another group nearby has sixty young members."
    assert program("What was the surplus per young member in 2024/25?", [SCOUTS], two).get("pattern") != \
        "per_counted_thing"


def test_the_biggest_cost_is_the_largest_expense_line_not_an_income_line() -> None:
    """ "Which was the biggest cost in 2024/25?" of accounts with spending in brackets: the bracketed line of the
    largest amount, not the largest cell (Subscriptions) nor a total; of a cafe's columns with no brackets, the money
    lines after the last sales line."""
    assert answer("Which was the biggest cost in 2024/25?", [SCOUTS], SCOUTS_TEXT) == "Camp and activity costs"
    assert answer("Which cost was highest in the Sep quarter 2024?", [CAFE], CAFE_TEXT) == "Wages (£)"
    assert answer("What was the largest expense in the Dec quarter 2024?", [CAFE], CAFE_TEXT) == "Wages (£)"
    assert answer("Which was the smallest cost in 2023/24?", [SCOUTS], SCOUTS_TEXT) == "Hall hire"


def test_what_was_the_biggest_of_a_kind_of_line_names_the_line() -> None:
    """ "What was the biggest cost in 2024/25?", "the largest source of income": a kind of line asked by its
    extreme is a choice among those lines (a compare), not the amount of one line (Total income)."""
    assert answer("What was the biggest cost in 2024/25?", [SCOUTS], SCOUTS_TEXT) == "Camp and activity costs"
    assert answer("What was the largest source of income in 2023/24?", [SCOUTS], SCOUTS_TEXT) == "Subscriptions"
    assert answer("What was the biggest cost in the Jun quarter 2024?", [CAFE], CAFE_TEXT) == "Wages (£)"


def test_a_period_only_the_text_gives_is_read_from_the_text_not_another_years_cell() -> None:
    """ "Q4 2023" of a table of 2024's quarters whose text counts the covers of "the Dec quarter 2023": that count,
    not the Q4 2024 cell; a line the text gives no figure for in that period: no answer."""
    assert answer("How many covers were served in Q4 2023?", [CAFE], CAFE_TEXT) == "5,000"
    assert answer("How many covers were served in the Dec quarter 2023?", [CAFE], CAFE_TEXT) == "5,000"
    assert answer("How many covers were served in Q4 2024?", [CAFE], CAFE_TEXT) == "6,400"
    assert answer("What were food sales in Q4 2023?", [CAFE], CAFE_TEXT) == "no answer found"
    assert program("How many covers were served in Q4 2023?", [CAFE], CAFE_TEXT)["pattern"] == "text_period"


def test_a_change_from_a_period_only_the_text_gives_uses_the_texts_count() -> None:
    """ "How many more covers in the Mar quarter 2024 than in the Dec quarter 2023?": the Mar quarter's cell less the
    text's "five thousand covers in the Dec quarter 2023" (200), not the Dec quarter 2024 cell, later minus earlier."""
    question = "How many more covers were served in the Mar quarter 2024 than in the Dec quarter 2023?"
    assert answer(question, [CAFE], CAFE_TEXT) == "200"
    read = program(question, [CAFE], CAFE_TEXT)
    assert (read["op"], read["pattern"], [a["kind"] for a in read["args"]]) == (
        "subtract", "text_period", ["cell", "text_number"])
    assert read["args"][1]["text"] == "five thousand"


#: a club's member lines by month from January 2025; the text alone gives the year-end count of 2024
CLUB = """| Club | Jan 2025 | Feb 2025 | Mar 2025 |
|---|---:|---:|---:|
| Adult members | 60 | 62 | 65 |
| Junior members | 30 | 31 | 33 |
| Total members | 90 | 93 | 98 |
"""
CLUB_TEXT = "Hallow Tennis Club plays on four courts. The club ended 2024 with eighty-eight members."


def test_a_count_for_a_period_only_the_text_gives_is_the_texts_count() -> None:
    """ "How many members did the club have at the end of 2024?" of member lines from January 2025: the text's
    "ended 2024 with eighty-eight members", not a count of the table's member lines (2)."""
    assert answer("How many members did the club have at the end of 2024?", [CLUB], CLUB_TEXT) == "88"


def test_a_change_from_a_count_only_the_text_gives_is_the_cell_less_that_count() -> None:
    """ "By how much did total membership grow from the end of 2024 to March 2025?": March 2025's Total members (98)
    less the text's eighty-eight, not March's cell alone (main's 98) nor the count alone."""
    question = "By how much did total membership grow from the end of 2024 to March 2025?"
    assert answer(question, [CLUB], CLUB_TEXT) == "10"
    assert program(question, [CLUB], CLUB_TEXT)["op"] == "subtract"
