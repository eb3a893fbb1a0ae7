"""Lines a person names in other words ("people visited" of a line "Visits", "customers were lost" of "Churned
customers"), asked as `tabtext ask` asks. Each table is written here; none is from a benchmark set."""

from __future__ import annotations

import pytest

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown
from tabtext.row_words import SAME_AS, each_as_per, in_label_words, stem
from tabtext.table_choice import period_gap
from tabtext.tables import tables_from

GYM = """Metric,Jan 2025,Feb 2025,Mar 2025
Visits,4210,3985,4420
Class attendance,812,790,901
Memberships cancelled,31,27,22
New memberships,64,58,71
Towel rentals,120,98,133
Classes held,40,38,45
"""
SHOP = """Quarter,Q1 2024,Q2 2024,Q3 2024
Bike sales (units),140,210,260
Repairs completed,95,120,131
Advertising spending ($),2300,2650,3100
"""


def answer(question: str, table: str) -> str:
    pred = ask(question, tables=[table])
    return shown(pred.answer, question) if found(pred) else "no answer found"


@pytest.mark.parametrize("row", SAME_AS, ids=lambda r: r.example[1])
def test_each_same_as_row_reads_its_example_in_the_labels_words(row) -> None:  # type: ignore[no-untyped-def]
    question, label = row.example
    have = set(label.lower().replace("(", " ").replace(")", " ").split())
    read = in_label_words(question, have)
    assert read != question and any(w in read.lower().split() for w in have)


def test_derived_forms_share_a_stem() -> None:
    assert stem("visited") == stem("visits") == stem("visitors") == "visit"
    assert stem("attended") == stem("attendance") == stem("attendees") == "attend"
    assert stem("shipped") == stem("shipments") == "ship"


def test_a_number_form_or_a_word_the_table_uses_is_left_alone() -> None:
    assert in_label_words("How many galleries had more visitors?", {"gallery", "visitors"}) == \
        "How many galleries had more visitors?"
    assert in_label_words("How much did revenue increase?", {"increases", "revenue"}) == "How much did revenue increase?"


@pytest.mark.parametrize("question,want", [
    ("How many people visited the gym in February?", "3,985"),
    ("How many people attended classes in March?", "901"),
    ("How many members were lost in January?", "31"),
    ("How many bikes were sold in Q2 2024?", "210"),
    ("How much was spent on advertising in Q3 2024?", "3,100"),
])
def test_a_line_named_in_other_words_is_read(question: str, want: str) -> None:
    table = SHOP if "2024" in question else GYM
    assert answer(question, table) == want


def test_on_average_each_unit_is_one_line_over_the_other() -> None:
    assert answer("On average how many people came to each class in March?", GYM) == "20.02"  # 901 / 45
    assert each_as_per("On average how many visits were there each month?", {"visits", "month"}) == \
        "On average how many visits were there each month?"  # an average over months
    assert each_as_per("How many visits did each class get?", {"classes", "visits"}) == \
        "How many visits did each class get?"  # no "average": each row's own figure


def test_a_same_as_word_with_no_label_beside_it_takes_the_first_the_table_uses() -> None:
    assert answer("How many people came to the gym in March?", GYM) == "4,420"


POOL = """Metric,Jan 2025,Feb 2025,Mar 2025
Swims,5200,4980,5510
Lessons given,310,295,330
"""
COSTS = """Item,Year to June 2025
Staff costs,84000
Chemicals,9100
Total expenditure,121000
"""


def test_a_period_the_text_names_only_about_something_else_is_still_missing() -> None:
    text = "The pool will host a swimming gala on 12 April 2025."
    assert answer_with("How many swims were there in April 2025?", POOL, text) == "no answer found"
    said = "Swims fell to 4,100 in April 2025 while the boiler was repaired."
    table = tables_from(POOL, name="pool")[0]
    assert period_gap("How many swims were there in April 2025?", table, [said]) == ""  # the text may answer
    assert period_gap("How many swims were there in April 2025?", table, [text]).startswith("the table covers")


def test_a_same_as_word_gives_way_to_a_line_the_question_names_otherwise() -> None:
    assert answer("How much was spent on staff in the year to June 2025?", COSTS) == "84,000"
    assert answer("How much was spent in the year to June 2025?", COSTS) == "121,000"


def answer_with(question: str, table: str, text: str) -> str:
    pred = ask(question, tables=[table], text=text)
    return shown(pred.answer, question) if found(pred) else "no answer found"


CLUB_Q = """Metric,Q1 2024,Q2 2024,Q3 2024
Members at quarter end,540,560,552
New joiners,60,45,30
Cancellations,22,25,38
"""
SCHOOL = """Subject,Entries,Pass rate (%)
Mathematics,182,71.4
Biology,64,89.1
"""
BUDGET = """Category,Jan 2024,Feb 2024
Rent,1200,1200
Groceries,410,385
Total spending,1610,1585
"""


def test_how_many_of_a_line_in_a_period_is_its_cell_not_a_count_of_lines() -> None:
    assert answer("How many members did the club have at the end of Q2 2024?", CLUB_Q) == "560"
    assert answer("How many new members joined in Q3 2024?", CLUB_Q) == "30"
    assert answer("How many members cancelled in Q3 2024?", CLUB_Q) == "38"


def test_a_word_cut_short_is_the_label_it_begins() -> None:
    assert answer("What was the pass rate in maths?", SCHOOL) == "71.4%"


def test_spending_on_a_thing_the_table_lacks_is_no_answer() -> None:
    assert answer("How much did we spend on childcare in February?", BUDGET) == "no answer found"
    assert answer("How much did we spend on groceries in February?", BUDGET) == "385"


EXAMS = """Subject,Entries,Pass rate (%)
Geography,120,81.0
Music,25,92.0
"""


def test_students_who_took_a_subject_are_its_entries() -> None:
    assert answer("How many students took Music?", EXAMS) == "25"
    assert answer("How many pupils sat Geography?", EXAMS) == "120"
    assert answer("How many students took Drama?", EXAMS) == "no answer found"
