"""Kinds the user sets K and L showed, each on a table written here (none is from a benchmark set): the size of a
fall asked for ("how much did it fall?"); "how much" of a table with an amount and a count of one thing; an
average value per thing; a freelancer's "Fees" line as the revenue of a margin; a line counted in hours per unit;
"which client" answered with the name the text gives; "which cost line grew fastest" among the lines shown as costs; a cause without a participle clause after its noun; columns that are parts of a period and its total ("Senior
section", "Junior section", "Total year ended 30 June 2025")."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown

ORCHARD = """Fruit (kg),2022,2023,2024
Apples,1200,1150,980
Pears,430,470,455
"""


def answer(question: str, table: str) -> str:
    pred = ask(question, tables=[table])
    return shown(pred.answer, question) if found(pred) else "no answer found"


def test_the_size_of_a_fall_is_asked() -> None:
    assert answer("How much did the apple crop fall from 2023 to 2024?", ORCHARD) == "170"
    assert answer("By what percentage did pears drop from 2023 to 2024?", ORCHARD) == "3.19%"
    assert answer("What was the change in apples from 2023 to 2024?", ORCHARD) == "-170"  # a change keeps its sign


ORDERS = """Customer,Orders placed,Amount ordered ($)
Oak Cafe,12,3600
Pine Deli,5,900
"""


def test_how_much_takes_the_amount_and_how_many_the_count() -> None:
    assert answer("How much did Oak Cafe order?", ORDERS) == "3,600"
    assert answer("How many times did Pine Deli order?", ORDERS) == "5"


def test_an_average_value_is_the_amount_per_thing() -> None:
    assert answer("What is the average order value for Pine Deli?", ORDERS) == "180"


FREELANCE = """GBP thousands,H1 2024,H2 2024
Fees earned,40,50
Total expenses,10,15
Profit,30,35
Hours worked (hours),800,1000
"""


def test_a_fees_line_is_the_revenue_of_a_margin() -> None:
    assert answer("What was the profit margin in H2 2024?", FREELANCE) == "70%"


def test_a_line_in_hours_is_a_count_per_unit() -> None:
    assert answer("What were fees earned per hour worked in H1 2024?", FREELANCE) == "50"  # 40,000 / 800


def test_which_client_is_the_name_the_text_gives() -> None:
    text = "In 2024 the studio won a two-year contract from a regional bakery chain, Crumb & Co."
    pred = ask("Which client did the studio win the contract from?", tables=[FREELANCE], text=text)
    assert found(pred) and "Crumb & Co" in shown(pred.answer, "Which client did the studio win the contract from?")


CAFE = """Cafe (GBP),2023,2024
Sales,90000,99000
Coffee beans,(8000),(9600)
Wages,(30000),(31500)
Rent,(12000),(12000)
Operating profit,40000,45900
"""


def test_which_cost_line_is_among_the_lines_shown_as_costs() -> None:
    assert answer("Which cost line grew fastest in percentage terms from 2023 to 2024?", CAFE) == "Coffee beans"
    assert answer("Which cost line grew the least from 2023 to 2024?", CAFE) == "Rent"


def test_a_cause_without_a_participle_clause_after_its_noun() -> None:
    text = "Bookings jumped in 2024 after the opening of a second studio for customers travelling from the coast."
    question = "Why did bookings jump in 2024?"
    pred = ask(question, tables=[CAFE], text=text)
    assert shown(pred.answer, question) == "the opening of a second studio for customers"


CLUB = """Sports club (GBP),Senior section,Junior section,Total year ended 30 June 2025,Total year ended 30 June 2024
Subscriptions,41000,12500,53500,50100
Bar takings,22000,3000,25000,20500
Total income,63000,15500,78500,70600
Coaching,-15000,-9000,-24000,-22000
Pitch hire,-6000,-4000,-10000,-9500
Total expenditure,-21000,-13000,-34000,-31500
"""


def test_a_total_said_of_a_line_is_the_total_column() -> None:
    assert answer("What were total subscriptions in the year ended 30 June 2025?", CLUB) == "53,500"
    assert answer("How much did the club spend on coaching in total in the year ended 30 June 2024?", CLUB) == "22,000"
    assert answer("What was total income in the year ended 30 June 2024?", CLUB) == "70,600"


def test_a_part_column_named_with_its_period_is_that_column() -> None:
    assert answer("How much junior income was there in the year ended 30 June 2025?", CLUB) == "15,500"


SHOP_Q = """GBP thousand,1Q25,2Q25,3Q25,4Q25,FY25
Revenue,100,120,130,150,500
Rent,(20),(20),(25),(25),(90)
"""


def test_a_quarters_share_of_the_year_takes_the_years_own_column() -> None:
    assert answer("What share of 2025 revenue came in 4Q25?", SHOP_Q) == "30%"  # 150 / 500, not / 1,000
    assert answer("What share of full-year revenue came in 2Q25?", SHOP_Q) == "24%"



def test_a_thing_read_from_the_text_keeps_its_article() -> None:
    for text, question, thing in (
        ("The cafe opened in 2019. The jump in rent spending in 2024 was an extra storeroom behind the kitchen.",
         "What pushed rent spending up in 2024?", "an extra storeroom behind the kitchen"),
        ("Mo runs a cafe in Leeds. The rise in coffee beans spending in 2024 was a new espresso blend from Kenya.",
         "What pushed coffee beans spending up in 2024?", "a new espresso blend from Kenya")):
        pred = ask(question, tables=[CAFE], text=text)
        assert shown(pred.answer, question) == thing
