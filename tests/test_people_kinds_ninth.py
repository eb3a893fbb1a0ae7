"""Kinds found by questions over tables written here in the styles of user sets X-Z (none is from a benchmark
set: utility bills with months as rows, a "2023/24" workbook with expenses as negatives, week-start dates as a
pandas index, H1/H2/FY columns), asked as `tabtext ask` asks."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown
from tabtext.measure_words import adjective_as_its_measure

#: months as rows ("Jan-24"), each utility in its own unit and in pounds, a Total column
BILLS = """Month,Electricity (kWh),Electricity (£),Water (m3),Water (£),Total (£)
Jan-24,410,131.20,9,28.80,160.00
Feb-24,380,121.60,8,25.60,147.20
Mar-24,300,96.00,10,32.00,128.00
Apr-24,260,83.20,9,28.80,112.00
"""
BILLS_TEXT = ("These are the household bills for a two-bedroom flat in Leeds. Solar panels were installed in late "
              "February 2024, which cut the electricity bought from the grid.")
#: week-start dates as a pandas index, snake_case columns
WEEKS = """week_start,units_sold,sales_gbp,returns
2024-03-04,120,2400,3
2024-03-11,135,2700,5
2024-03-18,98,1960,2
2024-03-25,150,3000,6
"""
WEEKS_TEXT = ("Blue Door Bakery sells sourdough loaves at a weekend market. A heavy storm closed the market on "
              "23 March 2024.")
#: halves and the full fiscal year as columns, costs as negatives, a headcount line
HALVES = """Metric,H1 FY24,H2 FY24,FY24
Revenue ($m),42.0,51.0,93.0
Gross profit ($m),16.8,21.4,38.2
Operating costs ($m),-11.2,-12.6,-23.8
Headcount,310,335,335
"""
HALVES_TEXT = "Corvid Analytics sells data software to insurers."


def answer(question: str, tables: list[str], text: str = "") -> str:
    pred = ask(question, tables=tables, text=text or None)
    return shown(pred.answer, question) if found(pred) else "no answer found"


def test_what_a_thing_cost_per_unit_is_its_money_line_over_its_unit_line() -> None:
    """ "What did electricity cost per kWh": Electricity (£) over Electricity (kWh), both named "Electricity", the
    one in money before "per" and the one in the unit after it (not the kWh cell, nor the gas line's kWh)."""
    assert answer("What did electricity cost per kWh in March 2024?", [BILLS], BILLS_TEXT) == "0.32"
    assert answer("How much did water cost per m3 in Feb-24?", [BILLS], BILLS_TEXT) == "3.2"
    assert answer("What was the electricity used in March 2024?", [BILLS], BILLS_TEXT) == "300"


def test_a_fall_asked_by_what_percent_sign_is_its_size() -> None:
    """ "By what % did the total bill fall": 30%, not -30% (as "by what percentage" already was)."""
    assert answer("By what % did the total bill fall from January to April 2024?", [BILLS], BILLS_TEXT) == "30%"
    assert answer("By what % did the total bill rise from March to April 2024?", [BILLS], BILLS_TEXT) == "-12.5%"


def test_how_full_asks_the_occupancy_line() -> None:
    """ "How full was the hostel in June?" of a table with an occupancy line: that line (not the text)."""
    table = "Metric,May 2024,Jun 2024\nBeds sold,1400,1710\nOccupancy (%),74.2,90.5\n"
    assert answer("how full was the hostel in june?", [table], "Riverbank Hostel has sixty beds.") == "90.5%"
    assert adjective_as_its_measure("How busy was the gym in May?", {"occupancy"}) == \
        "what was the occupancy of the gym in May?"
    assert adjective_as_its_measure("How busy was the gym in May?", {"visits"}) == "How busy was the gym in May?"


def test_a_cause_that_did_the_harm_is_the_cause_without_what_it_did() -> None:
    """ "Why were sales low?": "a heavy storm" of "A heavy storm closed the market ...", "a warm, dry winter" of
    "... after a warm, dry winter cut demand for insulated gear"."""
    assert answer("Why were sales low in the week of 18 March?", [WEEKS], WEEKS_TEXT) == "a heavy storm"
    text = "Net sales dipped in fiscal 2024 after a warm, dry winter cut demand for coats, and stock built up."
    table = "USD m,FY2023,FY2024\nNet sales,88,79\n"
    assert answer("Why did sales dip in fiscal 2024?", [table], text) == "a warm, dry winter"


def test_price_per_unit_is_sales_over_units_sold() -> None:
    """ "the (average) price per unit" of a table with sales and units sold, no price line: sales over units."""
    assert answer("What was the average price per unit in the week of 25 March?", [WEEKS], WEEKS_TEXT) == "20"
    assert answer("What was the price per unit in the week starting 4 March 2024?", [WEEKS], WEEKS_TEXT) == "20"


def test_per_employee_reads_a_headcount_line() -> None:
    """ "revenue per employee" of a table whose count of people is "Headcount": $93m over 335 people."""
    assert answer("How much revenue per employee did Corvid make in FY24?", [HALVES], HALVES_TEXT) == "277,611.94"


def test_which_period_had_the_larger_line_is_no_missing_row() -> None:
    """ "larger" names no row: the half with the larger operating costs (by their size), not "no row for larger"."""
    assert answer("Which half had the larger operating costs?", [HALVES], HALVES_TEXT) == "H2 2024"
    assert answer("What was revenue in H1 FY23?", [HALVES], HALVES_TEXT) == "no answer found"


#: numbered weeks as rows (no dates), a money column and a count
WEEK_NUMBERS = """Week,Visitors,Cafe sales (€)
Week 1,820,2460
Week 2,905,2780
Week 3,760,2210
Week 4,1120,3580
"""


def test_which_week_of_numbered_weeks_is_a_row() -> None:
    """ "Which week had the most visitors?" of rows "Week 1".."Week 4" (no dates): the row, not a cell."""
    assert answer("Which week had the most visitors?", [WEEK_NUMBERS]) == "Week 4"
    assert answer("In which week were cafe sales lowest?", [WEEK_NUMBERS]) == "Week 3"


def test_two_lines_together_are_their_sum() -> None:
    """ "wages and rent together" as "combined" asks: the two lines' amounts summed (costs shown as negatives)."""
    table = "GBP,FY2023,FY2024\nTurnover,812000,904000\nWages,-410000,-446000\nRent,-96000,-99000\n"
    assert answer("What were wages and rent together in FY2023?", [table]) == "506,000"


def test_a_sentence_stating_no_figure_is_no_answer_to_an_amount_a_measure_names() -> None:
    """ "What was total revenue over the three quarters?" with a sentence about revenue in the text: the quarters'
    total, which the question names, not the sentence (it states no figure)."""
    table = ("$ thousands,Three months ended 31 March 2024,Three months ended 30 June 2024,"
             "Three months ended 30 September 2024\nRevenue,4200,4650,5100\nCost of sales,(2520),(2700),(2910)\n")
    text = "Revenue rose in the September quarter after a new distribution deal with Hollins Garden Centres."
    assert answer("What was total revenue over the three quarters?", [table], text) == "13,950 thousand"
    assert answer("What was revenue across all three quarters?", [table], text) == "13,950 thousand"


def test_which_week_of_week_start_dates_is_the_week_named_by_its_date() -> None:
    """ "Which week had the highest sales?" of a pandas index of week-start dates: the week's date (not a cell)."""
    assert answer("Which week had the highest sales?", [WEEKS]) == "March 25, 2024"
    assert answer("In which week were the fewest units sold?", [WEEKS]) == "March 18, 2024"


def test_a_period_the_table_holds_only_part_of_is_missing() -> None:
    """ "hosting in FY 2025" of a table with H1 2025 alone, "revenue in Q2 2025" of months to April: the table does
    not hold the period asked (no half of it as its figure); a period whose parts are all shown is their total."""
    table = ("EUR thousands,H1 2024,H2 2024,FY 2024,H1 2025\nSubscriptions,2100,2380,4480,2650\n"
             "Hosting,-220,-240,-460,-260\n")
    assert answer("What was hosting in FY 2025?", [table]) == "no answer found"
    assert answer("What was hosting in 2024?", [table]) == "460 thousand"
    months = "Metric,Jan-25,Feb-25,Mar-25,Apr-25\nRevenue (£),24600,23280,27120,25800\n"
    assert answer("What was revenue in the second quarter of 2025?", [months]) == "no answer found"
    assert answer("What was revenue in Q1 2025?", [months]) == "75,000"


def test_a_year_asked_for_a_part_of_it_or_held_by_a_total_column_is_covered() -> None:
    """ "the same quarter of 2023" asks a quarter, not all of 2023; a "Total 2024" column holds the year."""
    from tabtext.periods import table_periods
    from tabtext.table_choice import period_gap
    from tabtext.types import Table

    halves = Table.from_rows([["", "Q2 2023", "Q3 2023"], ["Rooms sold", "7886", "9284"]])
    assert period_gap("And in the same quarter of 2023?", halves) == ""
    assert period_gap("How many rooms were sold in 2023?", halves) != ""
    stores = Table.from_rows([["Store", "Q1 2024", "Q2 2024", "Total 2024"], ["North", "120", "135", "255"]])
    assert table_periods(stores)[-1].label() == "2024"
