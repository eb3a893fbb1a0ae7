"""Kinds of tables people bring, asked as `tabtext ask` asks (tabtext.ask and ask --chat's Conversation):
school years (2022/23), one year's months without a year, ranges and the year to date, hotel occupancy,
"the same for X" follow-ups. Each table is written here; none is from a benchmark set."""

from __future__ import annotations

import pytest

from tabtext import ask
from tabtext.commands.ask import Conversation, found
from tabtext.display import shown
from tabtext.engines import make_engine
from tabtext.periods import as_period, covers
from tabtext.types import Context, Period

ENROLMENT = """School,2021/22,2022/23,2023/24
Hillside Primary,412,428,447
Oakwood Primary,305,298,290
St Mary's,520,534,541
"""
WEATHER = """Month,Avg high (°C),Rainfall (mm),Sunny days
January,6.1,78,5
February,7.0,61,6
March,9.8,55,9
April,12.9,48,11
May,16.4,52,13
"""
HOTEL = """,rooms_available,rooms_sold,room_revenue_usd_000
2023-01,3100,2015,302.3
2023-02,2800,1904,289.4
2023-03,3100,2325,362.7
"""
SALES = """Sales ($000),Jan 2024,Feb 2024,Mar 2024,Apr 2024
North,120,131,140,152
West,77,80,86,91
"""


def answer(question: str, table: str) -> str:
    pred = ask(question, tables=[table])
    return shown(pred.answer, question) if found(pred) else "no answer found"


def chat(table: str, *questions: str) -> list[str]:
    from tabtext.tables import tables_from

    conv = Conversation(make_engine("solver"), Context(tables=tuple(tables_from(table, name="t"))))
    out = []
    for q in questions:
        _, pred = conv.ask(q)
        out.append(shown(pred.answer, q) if found(pred) else "no answer found")
    return out


@pytest.mark.parametrize("cell, year", [("2022/23", 2023), ("2022/2023", 2023), ("2022-23", 2023), ("FY2022/23", 2023)])
def test_a_year_spanning_two_is_named_by_the_year_it_ends_in(cell, year):
    assert as_period(cell) == Period(year, 12, 12, "year")


def test_a_dash_between_a_year_and_a_month_number_stays_a_month():
    assert as_period("2011-12") == Period(2011, 12, 1, "month") and as_period("2023-01").kind == "month"


def test_a_school_year_asked_is_its_column_and_one_the_table_lacks_is_no_answer():
    assert answer("What was the enrolment at Oakwood Primary in 2022/23?", ENROLMENT) == "298"
    assert answer("What was the enrolment at Oakwood Primary in 2020/21?", ENROLMENT) == "no answer found"


def test_a_month_without_a_year_the_table_lacks_is_no_answer_and_one_it_has_is_its_cell():
    assert answer("What was the rainfall in October?", WEATHER) == "no answer found"
    assert answer("How many sunny days were there in April?", WEATHER) == "11"
    assert not covers(Period(None, 10, 1, "month"), [Period(None, m, 1, "month") for m in range(1, 6)])


def test_which_month_names_the_month_of_one_years_months_without_a_year():
    assert answer("Which month had the most rainfall?", WEATHER) == "January"
    assert answer("What was the total number of sunny days from January to April?", WEATHER) == "31"


def test_follow_ups_move_between_months_without_a_year():
    assert chat(WEATHER, "What was the rainfall in March?", "And in April?", "What was the difference?",
                "How many sunny days were there in April?", "And the month before?") == ["55", "48", "-7", "11", "9"]


def test_the_same_for_another_row_repeats_the_last_computation():
    assert chat(ENROLMENT, "What was the enrolment at Hillside Primary in 2023/24?", "And the year before?",
                "What was the change?", "The same for Oakwood Primary?") == ["447", "428", "19", "-8"]


def test_occupancy_is_rooms_sold_over_rooms_available():
    assert answer("What was the occupancy rate in March 2023?", HOTEL) == "75%"


def test_the_year_to_date_without_a_month_runs_to_the_latest_month_shown():
    assert answer("What were West's year-to-date sales?", SALES) == "334 thousand"
    assert answer("What were North's total sales from Feb 2024 to Apr 2024?", SALES) == "423 thousand"


def run(question: str, table: str) -> str:
    """What a benchmark run answers (``tabtext run``: the TAT-QA core on the table as given)."""
    from tabtext.engines.solver.tasks.tatqa import answer_example
    from tabtext.tables import tables_from
    from tabtext.types import Example

    pred = answer_example(Example("u", question, Context(tables=tuple(tables_from(table, name="t"))),
                                  meta={"benchmark": "tatqa"}))
    return pred.answer.text() if pred.answer else ""


def test_a_run_reads_a_pandas_export_turned_and_its_quarters_one_way():
    export = ",revenue_usd_m,customers\n2023Q1,12.4,410\n2023Q2,13.1,432\n2023Q3,13.9,455\n"
    assert run("What was revenue in Q2 2023?", export) == "13.1"
    assert run("What was revenue in 3Q23?", export) == "13.9"


def test_a_run_leaves_a_stock_price_table_of_undated_quarters_and_the_questions_words_as_given():
    from tabtext.period_layout import for_runs, question_for_runs
    from tabtext.types import Table

    prices = Table.from_rows([["", "High", "Low"], ["First Quarter", "8.40", "5.99"], ["Second Quarter", "6.48", "4.79"]])
    assert for_runs(prices) is prices
    assert question_for_runs("the charge in the fourth quarter of 2019?", [prices]) == "the charge in the fourth quarter of 2019?"
    quarters = Table.from_rows([["", "1Q23", "2Q23"], ["Revenue", "1", "2"]])
    assert for_runs(quarters).rows[0] == ("", "Q1 2023", "Q2 2023")
    assert question_for_runs("revenue in the first quarter of 2023?", [for_runs(quarters)]) == "revenue in the Q1 2023?"


def test_a_run_reads_a_school_year_in_the_question_as_its_header_does():
    assert run("What was the enrolment at Oakwood Primary in 2022/23?", ENROLMENT) == "298"


WORKBOOK_SHEET = """Harbour Mills Ltd - Balance sheet,,
GBP million,,
,As at 31 Dec 2022,As at 31 Dec 2023
Current assets,,
Cash,12.0,15.0
Inventories,20.0,25.0
Total current assets,32.0,40.0
Current liabilities,,
Trade payables,16.0,20.0
Total current liabilities,16.0,25.0
"""
LEAGUE = """Pos,Team,P,W,D,L,GF,GA,Pts
1,Northgate,10,7,2,1,21,8,23
2,Southend Park,10,5,3,2,15,11,18
3,Eastwick,10,2,2,6,9,17,8
4,Westmoor,10,1,3,6,7,16,6
"""
HALVES = """Category,H1 2023,H2 2023,H1 2024,H2 2024
Fiction,900,950,940,990
Maps,120,110,100,90
Comics,300,340,330,360
Total,1320,1400,1370,1440
"""


def test_title_rows_above_a_workbooks_header_are_said_in_its_first_cell():
    from tabtext.period_layout import without_titles
    from tabtext.tables import tables_from

    table = without_titles(tables_from(WORKBOOK_SHEET, name="t")[0])
    assert table.rows[0] == ("Harbour Mills Ltd - Balance sheet; GBP million", "As at 31 Dec 2022", "As at 31 Dec 2023")
    assert answer("What was cash at 31 December 2023?", WORKBOOK_SHEET) == "15.0 million"


def test_a_named_ratio_reads_the_total_line_not_the_section_heading_of_the_same_words():
    assert answer("What was the current ratio at 31 December 2023?", WORKBOOK_SHEET) == "1.6"


def test_a_league_tables_abbreviated_headers_are_spelled_out():
    from tabtext.header_words import spelled_out
    from tabtext.types import Table

    assert answer("How many points did Eastwick finish with?", LEAGUE) == "8"
    assert answer("How many teams scored more than 10 goals?", LEAGUE) == "2"
    assert answer("How many goals did Westmoor concede?", LEAGUE) == "16"
    lone = Table.from_rows([["Item", "P", "Total"], ["A", "1", "2"]])
    assert spelled_out(lone) is lone  # one abbreviation of a family is no league table


def test_which_half_year_names_the_half():
    assert answer("Which half-year had the most comics loans?", HALVES) == "H2 2024"


def test_how_many_rows_rose_between_two_periods_counts_the_rows_not_their_total():
    assert answer("How many categories had more loans in H2 2024 than in H1 2024?", HALVES) == "2"
    assert answer("How many categories had fewer loans in H1 2024 than in H2 2023?", HALVES) == "3"


QUARTERS = """(in thousands of USD),1Q23,2Q23,3Q23,4Q23
Revenue,"1,000","1,200","1,500","1,250"
Operating income,100,150,210,160
Net income,60,90,140,100
"""


def test_the_difference_between_the_two_is_a_gap_and_the_change_keeps_its_sign():
    assert chat(QUARTERS, "What was net income in 4Q23?", "And in 3Q23?",
                "What is the difference between the two?") == ["100 thousand", "140 thousand", "40 thousand"]
    assert chat(QUARTERS, "What was net income in 3Q23?", "And in 4Q23?",
                "What was the change?") == ["140 thousand", "100 thousand", "-40 thousand"]


def test_a_share_question_that_names_its_own_line_puts_that_line_over_the_whole():
    assert chat(QUARTERS, "What was net income in 4Q23?", "And in 3Q23?",
                "As a share of revenue, what was operating income in 4Q23?", "And in 1Q23?") == [
        "100 thousand", "140 thousand", "12.8%", "10%"]


def test_it_as_a_share_after_a_growth_rate_is_the_lines_figure_in_the_period_named():
    assert chat(QUARTERS, "What was operating income in 2Q23?", "And the quarter before?",
                "By how much did it grow, in percent?", "What was it as a share of revenue in 2Q23?") == [
        "150 thousand", "100 thousand", "50%", "12.5%"]


def test_a_total_for_a_year_and_its_growth_follow_a_lines_halves():
    assert chat(HALVES, "How many comics loans were there in H1 2024?", "And in H2 2024?",
                "So what was the total for 2024?", "And the year before?",
                "What is the growth rate between the two years?") == ["330", "360", "690", "640", "7.81%"]


def test_periods_named_of_the_last_line_and_one_month_after_a_sum():
    assert chat(HOTEL, "How many rooms were sold in January 2023?", "And in February?", "What is the sum of the two?",
                "What about March?", "What is the ratio of March to January?") == [
        "2015", "1904", "3,919", "2,325", "1.15"]  # a cell is shown as the table writes it


HOTEL_MONTHS = """,rooms_available,rooms_sold,occupancy_pct,room_revenue_usd,fnb_revenue_usd
2024-01,1860,1116,60.0,167400,52000
2024-02,1740,1131,65.0,175305,54500
2024-03,1860,1395,75.0,223200,61000
2024-04,1800,1440,80.0,244800,66000
"""


def test_a_stated_ratio_is_looked_up_and_pandas_short_forms_are_spelled_out():
    from tabtext.period_layout import in_words

    assert in_words("fnb_revenue_usd") == "F&B revenue ($)" and in_words("avg_temp_c") == "Average temperature (°C)"
    assert answer("What was F&B revenue in March 2024?", HOTEL_MONTHS) == "61,000"
    assert answer("What was the average occupancy over the four months?", HOTEL_MONTHS) == "70%"


def test_average_daily_rate_and_revpar_are_room_revenue_per_room_sold_and_per_room_available():
    assert answer("What was the average daily rate in April 2024?", HOTEL_MONTHS) == "170"
    assert answer("What was the ADR for Q1 2024 as a whole?", HOTEL_MONTHS) == "155.38"  # 565,905 / 3,642: the quarter's totals
    assert answer("What was RevPAR in January 2024?", HOTEL_MONTHS) == "90"


STATION = """Month,Rainfall (mm),Mean temp (C),Sunshine (hours)
Jan 2024,112.0,4.1,48
Feb 2024,88.5,4.9,71
Mar 2024,70.2,7.2,110
"""
GRADES = """| Grade | 2022/23 | 2023/24 |
|---|---|---|
| Grade 7 | 188 | 195 |
| Grade 8 | 182 | 190 |
| **Total** | **370** | **385** |
"""


@pytest.mark.parametrize("question, month", [
    ("Which month was the wettest?", "January 2024"), ("What was the driest month?", "March 2024"),
    ("Which month was the sunniest?", "March 2024"), ("In which month was it coldest?", "January 2024"),
])
def test_a_weather_superlative_is_the_extreme_of_its_column(question, month):
    assert answer(question, STATION) == month


def test_the_average_of_the_monthly_figures_and_short_label_words():
    assert answer("What was the average of the monthly mean temperatures?", STATION) == "5.4"


def test_a_numbered_row_the_table_lacks_is_no_answer():
    assert answer("How many students were in Grade 9 in 2023/24?", GRADES) == "no answer found"
    assert answer("How many students were in Grade 8 in 2023/24?", GRADES) == "190"


FIELDS = """| Field | 2021 season | 2022 season | 2023 season |
|---|---|---|---|
| North field (wheat) | 7.8 | 8.1 | 8.6 |
| River field (barley) | 6.2 | 5.9 | 6.4 |
"""
WORKBOOK_PL = """Harbour Mills Ltd - Income statement,,
GBP millions,,
,FY2022,FY2023
Revenue,182.4,205.9
Cost of sales,-101.3,-112.6
Operating profit,28.4,35.2
"""
QUARTERS_ROWS = ",room_revenue_usd_000\n2023Q1,918.0\n2023Q2,1164.8\n2023Q3,1360.7\n2024Q1,1004.4\n"


def test_share_of_that_puts_the_named_line_over_the_last_answer():
    assert chat(GRADES, "What was total enrolment in 2023/24?", "What share of that was Grade 7?") == ["385", "50.65%"]


def test_how_much_more_in_a_year_the_last_two_answers_read_is_their_difference_and_expenses_are_amounts():
    assert chat(WORKBOOK_PL, "How much was spent on cost of sales in FY2023?", "And in FY2022?",
                "How much more was spent in FY2023?") == ["112.6 million", "101.3 million", "11.3 million"]


def test_a_row_is_named_without_its_note_in_brackets():
    assert chat(FIELDS, "What was the yield of North field in the 2021 season?", "And in 2023?", "What was the change?",
                "What about River field?") == ["7.8", "8.6", "0.8", "0.2"]


def test_the_same_quarter_a_year_later_that_the_table_lacks_is_no_answer():
    assert chat(QUARTERS_ROWS, "What was room revenue in 2023Q2?", "And the same quarter a year later?",
                "What was room revenue in Q1 2024?", "And the same quarter a year earlier?") == [
        "1,164.8 thousand", "no answer found", "1,004.4 thousand", "918.0 thousand"]


def test_a_ranking_is_read_by_its_names_and_a_team_it_lacks_is_no_answer():
    ranked = "Pos,Team,P,W,D,L,Pts\n1,Northgate,10,7,2,1,23\n2,Southend Park,10,5,3,2,18\n3,Eastwick FC,10,2,2,6,8\n" \
             "4,Westmoor FC,10,1,3,6,6\n"
    assert answer("How many points did Southend Park get?", ranked) == "18"
    assert run("How many points did Southend Park get?", ranked) == "18"
    assert answer("How many points did Riverside FC get?", ranked) == "no answer found"


def test_how_many_pass_a_bound_is_a_count_even_of_a_mean_line():
    assert answer("How many months had a mean temperature above 7 C?", STATION) == "1"
    assert answer("How many months had a mean temperature above 4.5?", STATION) == "2"
