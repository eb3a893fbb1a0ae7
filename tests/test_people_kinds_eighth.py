"""Kinds found by questions over tables written here in the styles of user sets U-W (none is from a benchmark
set), asked as `tabtext ask` asks."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown

#: quarters as rows (a pandas quarter index), lines as columns, costs in brackets, a stated total of costs
BOATHOUSE = """Quarter,Hire income,Cafe income,Total income,Staff costs,Heating and power,Repairs,Total costs
2025Q1,12400,3100,15500,(7200),(2900),(600),(10700)
2025Q2,16800,4300,21100,(7500),(1800),(1400),(10700)
2025Q3,19900,5600,25500,(7900),(1100),(900),(9900)
"""
BOATHOUSE_TEXT = "Millrace Boathouse hires out rowing boats on the river Teme. Figures are in GBP."


def answer(question: str, tables: list[str], text: str = "") -> str:
    pred = ask(question, tables=tables, text=text or None)
    return shown(pred.answer, question) if found(pred) else "no answer found"


def test_what_the_subject_spent_in_total_is_the_stated_total_costs_line() -> None:
    """ "What did the boathouse spend in total": the Total costs line, not Total income (the ranker's "total")."""
    assert answer("What did the boathouse spend in total in Q2?", [BOATHOUSE], BOATHOUSE_TEXT) == "(10700)"
    assert answer("How much did we spend altogether in Q3 2025?", [BOATHOUSE], BOATHOUSE_TEXT) == "(9900)"
    assert answer("What was total income in Q3 2025?", [BOATHOUSE], BOATHOUSE_TEXT) == "25,500"


YEAR_OF_QUARTERS = """GBP,2024Q1,2024Q2,2024Q3,2024Q4
Bookings income,18400,21900,25300,19800
Heating and power,(4100),(2300),(1500),(3900)
Repairs,(1200),(800),(2600),(900)
"""


def test_the_year_of_a_table_of_one_years_parts_is_that_year() -> None:
    """ "over the year", no year named: the one year the quarters or months are of, all of its periods shown."""
    assert answer("How much did heating and power cost over the year?", [YEAR_OF_QUARTERS]) == "11,800"
    assert answer("What were repairs for the whole year?", [YEAR_OF_QUARTERS]) == "5,500"
    assert answer("What was the hire income in Q2 2025?", [BOATHOUSE], BOATHOUSE_TEXT) == "16,800"


STUDIO = """,Class fees,Total revenue,Rent,Total expenses,Members
2024Q1,52000,66500,-15500,-39500,890
2024Q2,54500,69500,-15500,-40000,915
"""


def test_a_profit_no_line_states_is_revenue_less_expenses() -> None:
    """ "the studio's profit" with no profit line: Total revenue less Total expenses (not the text's sentence)."""
    text = "Larchfield Studio is an independent yoga studio in Bath."
    assert answer("What was the studio's profit in Q2 2024?", [STUDIO], text) == "29,500"
    assert answer("What was profit in Q1 2024?", [STUDIO]) == "27,000"


CANDLES = """Month,Sales (GBP),Orders,Refunds (GBP)
2025-01,30600,765,-900
2025-02,28800,720,-1100
"""


def test_average_order_value_reads_the_sales_line_when_no_line_is_revenue() -> None:
    """ "average order value" is revenue per order; a table's "Sales" line is its revenue."""
    assert answer("What was the average order value in February 2025?", [CANDLES]) == "40"
    assert answer("What was the average order value in January 2025?", [CANDLES]) == "40"


WARD = """,H1 2024,H2 2024
Patient visits,3120,3390
Nurses (FTE),4,4.5
"""


def test_full_time_equivalents_are_a_count_though_fractional() -> None:
    """ "Nurses (FTE)" of 4.5: a line of people counted, so visits per nurse divide by it."""
    assert answer("What were patient visits per nurse in H2 2024?", [WARD]) == "753.33"
    assert answer("How many patient visits were there per nurse in H1 2024?", [WARD]) == "780"


ORCHARD = """Pippin Orchards - results (EUR thousands),,
,FY2023,FY2024
Apple sales,1480,1610
Total revenue,1720,1850
Cost of goods sold,(810),(860)
Gross profit,910,990
Overheads,(420),(450)
Net profit,490,540
"""


def test_total_costs_of_a_statement_with_a_gross_and_a_net_profit() -> None:
    """ "total costs" with no such line: Cost of goods sold and Overheads (both results' costs), read though the
    question is read in the table's words ("total cost"); not Total revenue plus a cost line."""
    assert answer("What were total costs in FY2024?", [ORCHARD]) == "1,310 thousand"
    assert answer("What were Pippin's total costs in FY2023?", [ORCHARD]) == "1,230 thousand"


BRANCH = """Month,Loans,New members
2025-01,5120,84
2025-02,5480,97
2025-03,4870,71
"""


def test_in_total_with_no_period_named_is_over_the_periods_shown() -> None:
    """ "in total", no period named, of a table of months: the line over its months, not the count of its lines."""
    assert answer("How many new members joined in total?", [BRANCH]) == "252"
    assert answer("How many loans were there altogether?", [BRANCH]) == "15,470"
    assert answer("How many new members joined in February 2025?", [BRANCH]) == "97"
