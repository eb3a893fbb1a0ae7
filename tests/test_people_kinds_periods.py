"""Kinds of questions about a line's periods, each checked on tables written here (none is from a benchmark set):
the range of a line (largest minus smallest), a quarter or half of one year's months written without their
year, the month before a month written without a year, a period's share of a longer one, and the one year a
table without periods is of when its text says so."""

from __future__ import annotations

from test_people_kinds_more import answer

SHOP = """Metric,Jan 2024,Feb 2024,Mar 2024,Apr 2024,May 2024,Jun 2024
Orders,1200,1350,1500,1420,1610,1700
Revenue ($000),96,108,121,114,130,139
Returns,60,54,75,71,64,68
"""
QUARTERS = """$m,Q1 2024,Q2 2024,Q3 2024,Q4 2024,FY2024
Revenue,12.1,13.4,11.8,15.2,52.5
Churn (%),3.1,2.8,3.6,2.5,
"""
MUSEUM = """Metric,Jan,Feb,Mar,Apr,May,Jun
Visitors,4200,3900,5100,5600,6100,7000
Ticket revenue (£),"50,400","46,800","61,200","67,200","73,200","84,000"
"""
REGIONS = """Region,Sales,Costs
North,420,300
South,380,260
"""


def test_the_range_of_a_line_is_its_largest_minus_its_smallest_cell():
    assert answer("What was the range of monthly orders?", SHOP) == "500"
    assert answer("What is the difference between the highest and lowest monthly revenue?", SHOP) == "43 thousand"
    assert answer("By how much did the highest monthly revenue exceed the lowest?", SHOP) == "43 thousand"
    assert answer("What was the gap between the largest and smallest monthly returns from February to May?", SHOP) == "21"


def test_the_range_is_over_the_periods_of_one_kind_not_the_years_total():
    assert answer("What was the range of quarterly revenue in 2024?", QUARTERS) == "3.4 million"
    assert answer("What was the range of churn across the quarters?", QUARTERS) == "1.1%"


def test_a_quarter_of_months_without_their_year_is_their_total():
    assert answer("What were total visitors in the first quarter?", MUSEUM) == "13,200"
    assert answer("What were total visitors in Q2?", MUSEUM) == "18,700"


def test_the_month_before_a_month_without_its_year():
    assert answer("What was the month-on-month change in visitors in April?", MUSEUM) == "500"
    assert answer("What was the month-on-month percentage change in visitors in April?", MUSEUM) == "9.8%"


def test_a_periods_share_of_a_longer_one_on_the_same_line_is_a_percentage():
    assert answer("What proportion of first-half visitors came in June?", MUSEUM) == "21.94%"
    assert answer("What share of the six months' visitors came in January?", MUSEUM) == "13.17%"
    assert answer("What fraction of total ticket revenue came in the second quarter?", MUSEUM) == "58.62%"
    assert answer("What share of H1 2024 orders came in Q2 2024?", SHOP) == "53.87%"


def test_a_table_without_periods_is_of_the_one_year_its_text_says():
    text = "All figures are for the year 2024."
    assert answer("What were sales in the North in 2024?", REGIONS, text) == "420"
    assert answer("What were sales in the North in 2023?", REGIONS, text) == "no answer found"
    assert answer("What were sales in the North in 2023?", REGIONS, "Sales rose in 2024 from 2023.") == "420"


COSTS = """Cost line,2023,2024
Staff costs,"1,240","1,310"
Rent,300,310
Marketing,180,240
Total costs,"1,720","1,860"
"""


def test_a_lines_share_of_the_total_is_a_percentage_and_its_whole_the_total_line():
    assert answer("What was marketing's share of total costs in 2024?", COSTS) == "12.9%"
    assert answer("What proportion of 2024 costs was rent?", COSTS) == "16.67%"


MONTH_ENDS = """,revenue_usd_k,orders,active_customers
2024-01-31,412.5,5120,3980
2024-02-29,398.1,4950,4010
2024-03-31,455.0,5600,4150
2024-04-30,470.3,5810,4220
"""


def test_a_pandas_export_of_month_end_dates_is_read_as_months():
    assert answer("Which month had the most orders?", MONTH_ENDS) == "April 2024"
    assert answer("What was average order value in March 2024?", MONTH_ENDS) == "81.25"
    assert answer("What was the month-on-month change in active customers in April 2024?", MONTH_ENDS) == "70"
    balance = "Item,31 Dec 2022,31 Dec 2023,31 Dec 2024\nCash,120,140,150\n"
    assert answer("What was cash at 31 Dec 2023?", balance) == "140"  # year-end dates stay dates


RATIOS = """EUR thousands,2022,2023,2024
Current assets,"5,100","5,600","6,300"
Current liabilities,"3,000","3,700","3,500"
"""
MARGINS = """USD thousands,1Q25,2Q25,3Q25,4Q25
Net sales,"8,120","9,340","10,050","11,480"
Gross profit,"3,110","3,650","4,030","4,650"
Operating income,"1,270","1,740","2,010","2,390"
"""


def test_the_period_of_a_measures_extreme_and_its_figure():
    assert answer("Which quarter had the weakest gross margin?", MARGINS) == "Q1 2025"
    assert answer("Which quarter had the higher operating margin, Q1 2025 or Q2 2025?", MARGINS) == "Q2 2025"
    assert answer("What was the highest quarterly gross margin?", MARGINS) == "40.51%"
    assert answer("Which year had the highest current ratio?", RATIOS) == "2024"


SCHOOL = """$ thousands,2023,2024
Lessons,500,560
Hire,200,250
Shop,120,126
Total revenue,820,936
Staff,400,470
"""


def test_which_row_grew_the_most_or_fastest_between_two_periods():
    assert answer("Which revenue line grew fastest in percentage terms between 2023 and 2024?", SCHOOL) == "Hire"
    assert answer("Which revenue line had the largest increase from 2023 to 2024?", SCHOOL) == "Lessons"
    assert answer("Which revenue line grew slowest between 2023 and 2024?", SCHOOL) == "Shop"


def test_the_first_or_last_months_of_a_year_are_its_half_or_quarter():
    from tabtext.periods import find_periods

    assert [p.label() for _, _, p in find_periods("over the first six months of 2024")] == ["H1 2024"]
    assert [p.label() for _, _, p in find_periods("in the last three months of 2023")] == ["Q4 2023"]
    assert answer("What's the average number of orders per month over the first six months of 2024?", SHOP) == "1,463.33"
