"""Kinds found on the tune halves of user sets I and J, each checked on tables and text written here: a year's
own column over its halves, a financial year joined with its year-end balance sheet whatever its month, a
period's possessive share ("June's loans"), a role's holder named anywhere in the text, a cause after "while"."""

from __future__ import annotations

from test_people_kinds_joined import answer as answer_over
from test_people_kinds_more import answer

HOTEL = """GBP thousands,H1 2025,H2 2025,FY 2025,FY 2024
Rooms revenue,"2,100","2,600","4,700","4,300"
Restaurant revenue,800,900,"1,700","1,650"
Total revenue,"2,900","3,500","6,400","5,950"
Staff costs,"-1,200","-1,300","-2,500","-2,400"
Total operating costs,"-2,000","-2,150","-4,150","-3,900"
"""
FARM_PL = """AUD thousands,FY2024,FY2025
Produce sales,"1,900","2,150"
Net profit,210,260
"""
FARM_BS = """AUD thousands,30 Sep 2024,30 Sep 2025
Total assets,"3,400","3,650"
Equity,"1,800","2,060"
"""
POOL = """| Metric | Jan 2025 | Feb 2025 | Mar 2025 |
|---|---:|---:|---:|
| Adult swims | 3,100 | 2,900 | 3,400 |
| Child swims | 1,200 | 1,100 | 1,500 |
| Total swims | 4,300 | 4,000 | 4,900 |
"""
POOL_TEXT = ("Lowmoor Pool is run by the town council. The pool closed for five days in February while the boiler "
             "was serviced. Head of leisure Marta Quinn plans a new learner pool for 2027.")


def test_a_year_asked_is_its_own_column_not_its_first_half():
    assert answer("What was total revenue in FY 2025?", HOTEL) == "6,400 thousand"
    assert answer("What share of total operating costs in 2025 were staff costs?", HOTEL) == "60.24%"
    assert answer("What was total revenue in H2 2025?", HOTEL) == "3,500 thousand"


def test_a_financial_year_is_joined_with_the_balance_sheet_dated_in_it():
    assert answer_over("What was net profit in FY2025 as a percentage of equity at 30 Sep 2025?", FARM_PL, FARM_BS) == \
        "12.62%"


def test_a_months_possessive_share_is_over_the_total_line():
    assert answer("What share of March's swims were child swims?", POOL, "", "markdown") == "30.61%"


def test_a_role_asked_is_answered_by_the_name_after_it_and_a_cause_after_while():
    assert answer("Who is the head of leisure?", POOL, POOL_TEXT, "markdown") == "Marta Quinn"
    assert answer("Why did swims drop in February?", POOL, POOL_TEXT, "markdown") == "the boiler was serviced"


PUMPS = """USD thousands,1Q25,2Q25,3Q25
Net sales,"8,120","9,340","10,050"
Units shipped (thousands),40.6,46.2,49.8
"""
INN = """GBP thousands,H1 2025,H2 2025,FY 2025
Room revenue,"2,100","2,600","4,700"
Room nights sold (number),"16,000","19,500","35,500"
"""


def test_a_figure_per_unit_shipped_or_per_room_night_is_in_the_moneys_own_unit():
    assert answer("What was net sales per unit shipped in 3Q25?", PUMPS) == "201.81"
    assert answer("What was the average room revenue per room night sold in FY 2025?", INN) == "132.39"
    assert answer("What was room revenue per room night sold in H1 2025?", INN) == "131.25"


CIDER = """,litres_sold,revenue_gbp,cogs_gbp
2024Q1,18200,61880,30940
2024Q2,24500,85750,41160
2024Q3,31800,114480,52470
2024Q4,27400,98640,45210
"""
CIDER_TEXT = "Orchard Gate is a cooperative of growers. The cooperative's chair is Ruth Okafor."


def test_a_pandas_short_form_a_quarter_of_the_whole_named_and_a_verb_naming_the_role():
    assert answer("What was the cost of goods sold in Q4 2024?", CIDER) == "45,210"
    assert answer("What percentage of 2024 revenue came in Q3?", CIDER) == "31.73%"
    assert answer("Who chairs the cooperative?", CIDER, CIDER_TEXT) == "Ruth Okafor"


LEAGUE = """| Pos | Team | P | W | D | L | GF | GA | GD | Pts |
|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|
| 1 | Ashby Rovers | 18 | 13 | 3 | 2 | 41 | 15 | 26 | 42 |
| 2 | Kelso Town | 18 | 11 | 4 | 3 | 37 | 20 | 17 | 37 |
| 3 | Brambleford | 18 | 9 | 5 | 4 | 30 | 22 | 8 | 32 |
| 4 | Dunmore FC | 18 | 6 | 4 | 8 | 25 | 31 | -6 | 22 |
"""


def test_a_share_of_a_teams_matches_it_won_or_lost():
    assert answer("What percentage of their games did Ashby Rovers win?", LEAGUE, "", "markdown") == "72.22%"
    assert answer("What percentage of their matches did Dunmore FC lose?", LEAGUE, "", "markdown") == "44.44%"


def test_the_average_selling_price_is_sales_per_unit_sold():
    table = "USD thousands,1Q25,2Q25\nNet sales,\"8,120\",\"9,340\"\nCost of sales,\"(5,010)\",\"(5,690)\"\n" \
            "Units shipped (thousands),40.6,46.2\n"
    assert answer("What was the average selling price per unit in 2Q25?", table) == "202.16"


TRAMS = """,journeys_m,fare_revenue_usd_m,operating_cost_usd_m,on_time_pct
2024Q1,5.2,9.4,14.1,91.2
2024Q2,5.8,10.5,14.6,92.5
2024Q3,6.1,11.0,15.2,89.8
2024Q4,5.9,10.7,15.0,93.1
"""


def test_a_line_counted_in_millions_its_label_says_and_the_farebox_recovery_ratio():
    assert answer("What was fare revenue per journey in 2024Q3?", TRAMS) == "1.8"
    assert answer("How many journeys were made in 2024?", TRAMS) == "23 million"
    assert answer("What was the farebox recovery ratio in Q2 2024?", TRAMS) == "71.92%"


def test_total_costs_no_line_states_are_the_expense_lines_as_amounts():
    table = "EUR thousands,Q1 2025,Q2 2025\nTotal revenue,\"1,660\",\"2,765\"\nFuel,(510),(640)\nCrew costs,(620),(655)\n" \
            "Port fees,(140),(180)\nOperating profit,390,\"1,290\"\n"
    assert answer("What were total costs in Q1 2025?", table) == "1,270 thousand"


def test_a_share_of_the_periods_whole_is_of_the_total_column():
    table = "Line,Jan 2025,Feb 2025,Total\nTea,300,340,640\nCake,200,160,360\nTotal,500,500,1000\n"
    assert answer("What share of the two months' sales came from cake?", table) == "36%"


def test_a_share_of_the_rows_a_word_begins():
    table = "Model,Weight (kg),Units sold 2025\nTouring A1,21,400\nTouring A2,23,350\nCity B1,18,250\n"
    assert answer("What share of 2025 units sold were the two Touring models?", table) == "75%"


def test_a_change_asked_in_percent_at_the_end_is_a_percentage_change():
    assert answer("By how much did journeys grow from Q1 2024 to Q3 2024 in percent?", TRAMS) == "17.31%"
