"""Kinds found by rewording the user sets' tune questions on tables written here (none is from a benchmark set),
each checked on two tables: a rate asked of one quarter, month or half (against the period before, or a year
before when the question says year-on-year); a period's share of "the year" / "annual" figures; a place the table
has no row for, answered by its Total row; lines counted "(number)" under a money table's thousands; a range of
months named "across Jan to June" and a column that totals the months beside them; a percentage asked answered by
a number, not a clause of the text; the period where a share or a figure per unit is highest."""

from __future__ import annotations

import pytest

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown

BAKERY = """GBP,Q1 2024,Q2 2024,Q3 2024,Q4 2024
Sales,52000,61000,58000,70000
Cost of ingredients,(18200),(21350),(20300),(24500)
Staff wages,(21000),(22000),(22500),(25000)
Operating profit,12800,17650,15200,20500
Loaves baked,26000,30000,29500,35500
"""
HALVES = """USD thousands,H1 2023,H2 2023,H1 2024,H2 2024
Subscription revenue,410,455,520,600
Hosting costs,82,91,99,110
Support staff (number),6,7,7,9
"""
BIKES = """Month,Rentals,Revenue (EUR),Bikes in fleet
Jan 2025,410,6150,40
Feb 2025,380,5700,40
Mar 2025,620,9300,45
Apr 2025,910,13650,55
"""
LIBRARY = """Branch,2022,2023,2024
Central,48200,51900,55300
Northgate,12100,11800,13400
Riverside,8400,9100,8900
Total visits,68700,72800,77600
"""


def answer(question: str, table: str, text: str | None = None) -> str:
    pred = ask(question, tables=[table], text=text)
    return shown(pred.answer, question) if found(pred) else "no answer found"


def test_a_rate_of_one_period_runs_from_the_period_before() -> None:
    assert answer("What was the growth rate of sales in Q2 2024?", BAKERY) == "17.31%"
    assert answer("What was the quarter-on-quarter growth in sales in Q2 2024?", BAKERY) == "17.31%"
    assert answer("By what percentage did revenue rise in April 2025?", BIKES) == "46.77%"
    assert answer("How much did sales increase in Q4 2024?", BAKERY) == "12,000"  # an amount stays an amount


def test_year_on_year_of_a_half_is_the_same_half_a_year_before() -> None:
    assert answer("What was the year-on-year growth in subscription revenue in H2 2024?", HALVES) == "31.87%"
    assert answer("What was the YoY growth in hosting costs in H1 2024?", HALVES) == "20.73%"


def test_a_share_of_the_year_is_of_the_year_of_the_part() -> None:
    assert answer("What share of full-year sales came in Q4?", BAKERY) == "29.05%"
    assert answer("What proportion of annual sales came in Q2 2024?", BAKERY) == "25.31%"
    assert answer("What percentage of the year's wages did Q1 2024 account for?", BAKERY) == "23.2%"


def test_a_place_the_table_lacks_is_not_its_total() -> None:
    assert answer("How many visits did the Eastfield branch get in 2024?", LIBRARY) == "no answer found"
    assert answer("How many visits were there in 2024?", LIBRARY) == "77,600"
    assert answer("What was revenue at the Kingsway shop in 2024?", ("Shop,2023,2024\nHigh Street,410,455\n"
                                                                     "Market Square,200,230\nTotal revenue,610,685\n")) \
        == "no answer found"


def test_a_line_counted_in_number_has_no_scale() -> None:
    assert answer("How many support staff were there in H2 2024?", HALVES) == "9"
    assert answer("What was subscription revenue per support staff member in H2 2024?", HALVES) == "66,666.67"
    stock = "AUD thousands,H1 2025\nRevenue,9930\nInstallations (number),471\nCost of installations,-5860\n"
    assert answer("What was revenue per installation in H1 2025?", stock) == "21,082.8"  # not the cost line


def test_a_range_of_months_and_a_total_column_beside_them() -> None:
    gym = """Metric,Jan 2025,Feb 2025,Mar 2025,Q1 2025 total
Day passes sold,1240,1105,1318,3663
Membership revenue,73455,75402,78293,227150
"""
    assert answer("what's the average monthly membership revenue across jan to march", gym) == "75,716.67"
    assert answer("What was the average monthly number of day passes sold?", gym) == "1,221"
    assert answer("What were total rentals across Feb to Apr?", BIKES) == "1,910"


@pytest.mark.xfail(strict=True, reason="the span filter for 'by what percentage' (lexicon/cues._COUNT_ASKED) came out at "
                   "the merge with main: main's dialogue3 reads a sentence about a line's change as that change, which "
                   "the filter turned into 'no answer found' (tests/test_dialogue_kinds_more.py); this table still "
                   "gets the clause")
def test_a_percentage_asked_is_a_number_not_a_clause() -> None:
    text = "Most of the revenue growth in 2024 came from a new range of shelving sold through a large retailer."
    table = "EUR thousands,2023,2024\nRevenue,19750,21300\nNet profit,1891,2258\n"
    assert answer("By what percentage did revenue grow in 2024?", table, text) == "7.85%"
    assert answer("What was the percentage growth in revenue in 2024?", table, text) == "7.85%"


def test_the_period_where_a_share_or_a_figure_per_unit_peaks() -> None:
    assert answer("In which quarter did wages make up the largest share of sales?", BAKERY) == "Q1 2024"
    assert answer("In which year did Central make up the smallest share of total visits?", LIBRARY) == "2022"
    assert answer("In which month was revenue per bike lowest?", BIKES) == "February 2025"
    assert answer("Which quarter had the highest sales per loaf baked?", BAKERY) == "Q2 2024"


PRINTER = """GBP thousands,H1 2023,H2 2023,H1 2024,H2 2024
Revenue,2840,3215,3060,3470
Cost of sales,-1562,-1736,-1622,-1805
Operating profit,440,580,549,723
"""


def test_a_change_between_two_halves_named_reads_each_half() -> None:
    assert answer("By what percentage did revenue change from H2 2023 to H1 2024?", PRINTER) == "-4.82%"
    assert answer("What was the change in sales from H2 2023 to H1 2024?", HALVES.replace("Subscription revenue",
                                                                                          "Sales")) == "65 thousand"


def test_a_share_of_the_year_said_with_a_participle() -> None:
    assert answer("What share of 2024 revenue was earned in H2?", PRINTER) == "53.14%"  # not cost of sales
    solar = """AUD thousands,H1 2024,H2 2024,Full year 2024
Installations completed (number),432,497,929
Cost of installations,-5270,-6130,-11400
"""
    assert answer("What share of 2024 installations were completed in the second half?", solar) == "53.5%"


def test_a_share_of_a_total_no_row_states() -> None:
    inn = """Metric,May 2025,Jun 2025
Room revenue (USD),148428,218280
Food & beverage revenue (USD),44560,63240
Rooms sold,868,1020
"""
    assert answer("What share of total revenue came from food and beverage in June 2025?", inn) == "22.46%"
    assert answer("What percentage of total revenue was room revenue in May 2025?", inn) == "76.91%"


def test_the_line_per_unit_is_the_one_named_on_both_sides() -> None:
    gym = """Metric,Mar 2025,Apr 2025
Day passes sold,1318,1072
Day-pass revenue (EUR),23724,20368
Membership revenue (EUR),78293,78883
Total revenue (EUR),102017,99251
"""
    assert answer("What was the average revenue per day pass in April 2025?", gym) == "19"
    assert answer("What was the revenue per day pass in March 2025?", gym) == "18"


ACCOUNTS = """EUR thousands,2023,2024
Operating profit,2987,3466
Interest expense,(285),(240)
Net profit,1891,2258
Total liabilities,6450,5790
Equity,9520,11680
"""


def test_ratios_named_of_lines_written_plainly() -> None:
    assert answer("What was the interest cover in 2024?", ACCOUNTS) == "14.44"
    assert answer("What was the debt-to-equity ratio in 2023?", ACCOUNTS) == "0.68"
    assert answer("What was the return on equity in 2024?", ACCOUNTS) == "19.33%"


def test_which_client_with_a_word_before_it() -> None:
    text = "In H1 2024 the printer lost its largest packaging client, Harlow Foods, which explains the dip in revenue."
    pred = ask("Which big client did the company lose?", tables=[PRINTER], text=text)
    assert shown(pred.answer, "Which big client did the company lose?") == "Harlow Foods"


def test_a_table_named_by_a_hyphenated_measure() -> None:
    pnl = "EUR thousands,2023,2024\nRevenue,19750,21300\nNet profit,1891,2258\n"
    balance = "EUR thousands,2023,2024\nTotal liabilities,6450,5790\nEquity,9520,11680\n"
    assert shown(ask("What was the debt-to-equity ratio in 2024?", tables=[pnl, balance]).answer, "") == "0.5"


SAAS = """Metric,Mar 2024,Apr 2024,May 2024
MRR ($k),346.8,362.9,384.5
New customers,102,95,110
Churned customers,25,30,22
Customers (end of month),1401,1466,1554
Marketing spend ($k),71.2,66.0,74.8
"""
GYM_QUARTERS = """Metric,Q1 2025,Q2 2025
New members,140,120
Cancellations,30,45
Members (end of quarter),900,975
"""


def test_a_rate_of_things_lost_is_of_the_count_at_the_start() -> None:
    assert answer("What was the churn rate in April 2024?", SAAS) == "2.14%"  # 30 of the 1,401 at 31 March
    assert answer("What was the cancellation rate in Q2 2025?", GYM_QUARTERS) == "5%"  # 45 of the 900 at the end of Q1


def test_customer_acquisition_cost_is_marketing_per_new_customer() -> None:
    assert answer("What was the customer acquisition cost in April 2024?", SAAS) == "694.74"
    shop = "GBP,2023,2024\nMarketing spend,12000,15000\nNew customers,400,600\n"
    assert answer("What was the CAC in 2024?", shop) == "25"


def test_a_surplus_margin_is_of_the_total_income() -> None:
    board = """CAD thousands,H1 2024,H2 2024
Water charges,1598,1655
Provincial grant,300,300
Total income,1956,2035
Total expenditure,-1545,-1663
Surplus,411,372
"""
    assert answer("What was the surplus margin in H1 2024?", board) == "21.01%"
    charity = "GBP,2024,2025\nDonations,80000,90000\nTotal income,100000,120000\nNet surplus,6000,9000\n"
    assert answer("What was the surplus margin in 2025?", charity) == "7.5%"


def test_how_many_at_the_end_of_a_period_is_the_line_counted_then() -> None:
    gym = """Metric,Feb 2025,Mar 2025
New memberships,71,94
Cancelled memberships,38,45
Active members (end of month),1278,1327
"""
    assert answer("How many members did the gym have at the end of March 2025?", gym) == "1,327"
    library = "Metric,Q1 2025,Q2 2025\nNew memberships,120,95\nLapsed memberships,30,41\nLibrary members (end of quarter),2140,2194\n"
    assert answer("How many members did the library have at the end of Q2 2025?", library) == "2,194"


def test_rented_names_a_line_of_rentals() -> None:
    assert answer("How many bikes were rented in April 2025?", BIKES) == "910"  # not "Bikes in fleet"


def test_how_many_is_no_line_of_money() -> None:
    hotel = "GBP thousands,FY 2023,FY 2024\nRoom revenue,9870,10960\nStaff costs,-4720,-5100\nRoom nights sold (number),81200,84100\n"
    assert answer("How many staff were employed in FY 2024?", hotel) == "no answer found"  # not the staff costs
    assert answer("How many room nights were sold in FY 2024?", hotel) == "84,100"
    solar = "AUD thousands,H1 2025\nRevenue,9930\nInstallations completed (number),471\nCost of installations,-5860\n"
    assert answer("How many batteries were installed in H1 2025?", solar) == "no answer found"
    assert answer("How many pounds were spent on staff in FY 2024?", hotel) == "5,100 thousand"
