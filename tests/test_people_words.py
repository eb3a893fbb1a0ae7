"""A person's own words for a table's lines ("turnover" of Revenue, "admin" of Administrative expenses, "the
stock we held" of Inventories, "what did the X bill come to"), asked as `tabtext ask` asks. Each table is written
here; none is from a benchmark set."""

from __future__ import annotations

import pytest

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown
from tabtext.engines.solver.patterns.textnum import amounts_in_words, count_not_money, number_asked
from tabtext.row_words import SAME_PHRASE, as_the_amount_of_a_line, in_label_words
from tabtext.tables import tables_from

PNL = """GBP thousands,2023,2024
Revenue,5400,6120
Cost of sales,(3100),(3460)
Selling costs,(420),(455)
Administrative expenses,(610),(655)
Operating profit,1270,1550
"""
BALANCE = """GBP thousands,2023,2024
Cash,310,480
Inventories,720,805
Borrowings,1500,1250
Equity,2900,3300
"""
STUDIO = """EUR thousands,H1 2024,H2 2024
Design fees,640,700
Printing and materials,(150),(171)
Energy costs,(38),(44)
Staff costs,(300),(320)
Total revenue,910,990
"""


def answer(question: str, *tables: str) -> str:
    pred = ask(question, tables=list(tables))
    return shown(pred.answer, question) if found(pred) else "no answer found"


@pytest.mark.parametrize("question,want", [
    ("What was turnover in 2024?", "6,120 thousand"),   # "Cost of sales" holds "sales" too: Revenue is the line
    ("What did we sell in 2023?", "5,400 thousand"),
    ("How much did the shop bring in during 2024?", "6,120 thousand"),
    ("How much did admin cost us in 2024?", "655 thousand"),  # "cost" is the verb, not "Cost of sales"
])
def test_the_words_for_revenue_and_overheads_name_the_statements_lines(question: str, want: str) -> None:
    assert answer(question, PNL, BALANCE) == want


@pytest.mark.parametrize("question,want", [
    ("How much stock did we hold at the end of 2024?", "805 thousand"),
    ("How much did we owe at the end of 2023?", "1,500 thousand"),
])
def test_stock_and_what_is_owed_are_the_balance_sheets_lines(question: str, want: str) -> None:
    assert answer(question, BALANCE) == want


def test_a_bill_named_by_its_line_is_that_line_and_come_to_is_no_sum() -> None:
    assert answer("What did the energy bill come to in H2 2024?", STUDIO) == "44 thousand"
    assert answer("What did the printing and supplies bill come to in H1 2024?", STUDIO) == "150 thousand"


def test_earning_from_a_named_line_is_that_line_not_the_total() -> None:
    assert answer("How much did we earn from design work in H2 2024?", STUDIO) == "700 thousand"


def test_the_verb_is_dropped_only_when_the_words_before_it_name_a_line() -> None:
    have = {"energy", "costs", "staff", "design", "fees"}
    assert as_the_amount_of_a_line("What did the energy bill come to in May?", have) == \
        "What was the energy bill in May?"
    assert as_the_amount_of_a_line("How much did it cost?", have) == "How much did it cost?"
    assert as_the_amount_of_a_line("What did design work earn?", have) == "What did design earn?"


def test_a_noun_gives_way_to_the_line_the_words_before_it_name() -> None:
    labels = ["Drugs and consumables", "Staff costs"]
    have = {"drugs", "and", "consumables", "staff", "costs"}
    assert "costs" not in in_label_words("What was the drugs bill in June?", have, labels)
    assert in_label_words("What was the bill in June?", have, labels) == "What was the costs in June?"


SHOP_TEXT = """Larkspur Cycles sells and repairs bicycles in Dunmore.
At the end of 2024 the shop had nineteen bikes for hire and employed about twenty-two people.
The board paid a dividend of three hundred and fifty thousand pounds in 2024."""
SHOP_PNL = """GBP thousands,2023,2024
Revenue,2210,2480
Cost of sales,(1320),(1475)
"""


def test_a_number_the_text_writes_in_words_answers_how_many_and_how_much() -> None:
    def said(question: str) -> str:
        pred = ask(question, tables=[SHOP_PNL], text=SHOP_TEXT)
        return shown(pred.answer, question) if found(pred) else "no answer found"

    assert said("How many bikes for hire did the shop have at the end of 2024?") == "19"
    assert said("How much was paid out as a dividend in 2024?") == "350 thousand"


@pytest.mark.parametrize("sentence,want", [
    ("the fleet numbered fourteen drones", [(14.0, "")]),
    ("about forty-five staff", [(45.0, "")]),
    ("a dividend of six hundred thousand pounds", [(600.0, "thousand")]),
    ("two thousand five hundred visitors", [(2500.0, "")]),
    ("a hundred and twenty seats", [(120.0, "")]),
    ("one of the vans, a one-off cost", []),
])
def test_numbers_in_words_are_read_with_their_scale(sentence: str, want: list) -> None:
    assert [(v, u) for v, u, _, _ in amounts_in_words(sentence)] == want


def test_the_number_in_words_is_the_one_before_the_counted_noun() -> None:
    text = "The firm runs eleven bakery shops and two cafes."
    assert number_asked("How many cafes does it run?", text)[:2] == (2.0, "")
    assert number_asked("How many shops does it run?", text)[:2] == (11.0, "")
    assert number_asked("How many vans does it run?", text) is None  # neither, and not the only one
    assert number_asked("How many shops?", "It runs 11 shops and two cafes.")[:2] == (11.0, "")  # in a clause
    assert number_asked("How many shops?", "It runs 11 shops.", 8, 11) is None  # the span is the count: the reader's
    assert number_asked("How many cafes?", "It runs 11 shops and two cafes.", 8, 11)[:2] == (2.0, "")


def test_a_number_in_words_that_is_neither_money_nor_the_thing_counted_answers_nothing() -> None:
    text = "Millrace is a two-shop bakery owned by the Lunds."
    assert number_asked("How much did the bakery make from rye bread in May?", text) is None
    assert number_asked("How many loaves did the bakery sell?", text) is None
    assert number_asked("How many shops does the bakery have?", text)[:2] == (2.0, "")


FARM = """Metric,Jan 2025,Feb 2025,Mar 2025
Cows in milk,120,118,124
Milk produced (litres),310000,298000,335000
Orders shipped,420,390,455
Wages,18200,18200,18900
Marketing,1200,900,1500
"""


@pytest.mark.parametrize("question,want", [
    ("How much milk was collected in February?", "298,000"),
    ("How many orders went out in March?", "455"),
    ("What was the payroll in January?", "18,200"),
    ("How much went on advertising in March?", "1,500"),
])
def test_operations_words_name_the_line_they_count(question: str, want: str) -> None:
    assert answer(question, FARM) == want


def test_uk_and_us_words_for_the_same_balance_sheet_line() -> None:
    sheet = """GBP thousands,2023,2024
Trade receivables,410,455
Trade payables,380,402
Inventories,220,240
"""
    assert answer("What were trade debtors at the end of 2024?", sheet) == "455 thousand"
    assert answer("What were trade creditors at the end of 2023?", sheet) == "380 thousand"


@pytest.mark.parametrize("row", SAME_PHRASE, ids=lambda r: r[2][1])
def test_each_same_phrase_row_reads_its_example_in_the_labels_words(row) -> None:  # type: ignore[no-untyped-def]
    question, label = row[2]
    read = in_label_words(question, set(label.lower().replace(",", " ").split()), [label])
    assert read != question and not row[0].search(read)


def test_money_in_the_bank_is_cash_not_the_bank_loan() -> None:
    sheet = """EUR thousands,2023,2024
Cash,150,210
Bank loan,900,800
Equity,1200,1350
"""
    assert answer("How much money did we have in the bank at the end of 2024?", sheet) == "210 thousand"
    assert answer("What were shareholders' funds at the end of 2023?", BALANCE) == "2,900 thousand"
    assert in_label_words("What were net assets in 2024?", {"net", "assets"}, ["Net assets"]) == \
        "What were net assets in 2024?"


def test_how_many_of_a_line_of_money_is_the_count_the_text_gives() -> None:
    costs = """EUR thousands,2023,2024
Staff costs,820,905
Vehicle costs,140,152
"""
    text = "Brackenhurst Couriers runs its vans from Limerick. At the end of 2024 it employed 38 drivers and twelve office staff."
    pred = ask("How many drivers did the firm employ?", tables=[costs], text=text)
    assert shown(pred.answer, "") == "38" and found(pred)
    pred = ask("How many office staff were there?", tables=[costs], text=text)
    assert shown(pred.answer, "") == "12"
    assert count_not_money("How many vans does it run?", "Vehicle costs", [text]) is None  # no count of vans given
    assert count_not_money("How many drivers?", "Drivers (headcount)", [text]) is None  # a line of counts answers


def test_how_much_did_we_pay_down_is_the_fall_of_the_last_answers_line() -> None:
    from tabtext.commands.ask import Conversation
    from tabtext.engines import make_engine
    from tabtext.types import Context

    table = tables_from("""EUR thousands,2023,2024
Cash,150,210
Bank loan,900,780
""", name="balance")[0]
    conv = Conversation(make_engine("solver"), Context(tables=(table,)))
    conv.ask("What was the bank loan at the end of 2023?")
    conv.ask("And at the end of 2024?")
    _, pred = conv.ask("So how much did we pay down?")
    assert shown(pred.answer, "") == "120 thousand"


def test_a_measure_named_with_a_lines_other_word_is_left_to_the_measure() -> None:
    have = {"borrowings", "cash", "equity"}
    assert in_label_words("What was net debt at the end of 2023?", have, ["Borrowings", "Cash", "Equity"]) == \
        "What was net debt at the end of 2023?"
    assert "borrowings" in in_label_words("What was our debt at the end of 2023?", have, ["Borrowings", "Cash"])
    assert in_label_words("How many stock options were granted?", {"inventories"}, ["Inventories"]) == \
        "How many stock options were granted?"
    assert in_label_words("What were earnings per share?", {"profit"}, ["Profit"]) == "What were earnings per share?"


def test_how_many_staff_is_the_headcount_line_not_staff_costs() -> None:
    table = """Metric,2023,2024
Revenue (EUR k),5200,5900
Staff costs (EUR k),1900,2100
Headcount,41,46
"""
    assert answer("How many staff were there in 2024?", table) == "46"
    assert answer("What were staff costs in 2024?", table) == "2,100 thousand"


def test_what_customers_owe_us_is_receivables_and_what_we_owe_is_the_loan() -> None:
    sheet = """EUR thousands,2023,2024
Cash,150,210
Trade receivables,330,365
Bank loan,900,780
"""
    assert answer("How much did customers owe us at the end of 2024?", sheet) == "365 thousand"
    assert answer("How much did we owe the bank at the end of 2024?", sheet) == "780 thousand"


def test_how_much_did_we_repay_is_the_size_of_the_fall_between_the_two_answers() -> None:
    from tabtext.commands.ask import Conversation
    from tabtext.engines import make_engine
    from tabtext.types import Context

    table = tables_from("""GBP thousands,2023,2024
Cash,40,65
Term loan,500,350
""", name="balance")[0]
    conv = Conversation(make_engine("solver"), Context(tables=(table,)))
    conv.ask("What was the term loan at the end of 2023?")
    conv.ask("And at the end of 2024?")
    _, pred = conv.ask("So how much did we repay?")
    assert shown(pred.answer, "") == "150 thousand"
