"""Kinds the tune halves of user sets U-W showed, each checked on tables written here (none is from a benchmark
set), worded differently from the case that showed it, asked as `tabtext ask` asks."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown
from tabtext.engines.solver.lexicon.words import root
from tabtext.periods import as_period
from tabtext.types import Period

GARDEN = """NZD 000,6M to 30 Jun 2024,6M to 31 Dec 2024,6M to 30 Jun 2025,6M to 31 Dec 2025
Plant sales,410,520,455,590
Cafe sales,120,160,130,175
Total sales,530,680,585,765
Wages,-210,-230,-220,-245
Operating profit,95,140,110,170
"""
GARDEN_TEXT = "Kowhai Garden Centres runs three garden centres around Nelson; its cafe reopened in March 2024."


def answer(question: str, tables: list[str], text: str = "") -> str:
    pred = ask(question, tables=tables, text=text or None)
    return shown(pred.answer, question) if found(pred) else "no answer found"


def test_six_months_to_a_date_is_a_half() -> None:
    assert as_period("6M to 30 Jun 2025") == Period(2025, 6, 6, "half")
    assert as_period("6M to 31 Dec 2024") == Period(2024, 12, 6, "half")
    assert as_period("12M to 31 Dec 2024") == Period(2024, 12, 12, "year")


def test_half_year_columns_written_as_six_months_to_a_date() -> None:
    assert answer("How much did the cafe sell in the first half of 2025?", [GARDEN], GARDEN_TEXT) == "130 thousand"
    assert answer("What did wages cost over the whole of 2025?", [GARDEN], GARDEN_TEXT) == "465 thousand"
    assert answer("Which half-year had the highest plant sales?", [GARDEN], GARDEN_TEXT) == "H2 2025"
    assert answer("What were total sales in H2 2023?", [GARDEN], GARDEN_TEXT) == "no answer found"


BAKERY_MD = """## Fernhill Bakeries - half-year figures (GBP thousands unless stated)

| | H1 2024 | H2 2024 |
|:---|---:|---:|
| Bread sales | 1,210 | 1,340 |
| Cake sales | 640 | 705 |
| **Total sales** | 1,850 | 2,045 |
| Flour and ingredients | (520) | (575) |
| Shops open (number) | 14 | 15 |
"""


def test_a_markdown_title_says_the_scale() -> None:
    assert answer("What were Fernhill's total sales in the second half of 2024?", [BAKERY_MD]) == "2,045 thousand"
    assert answer("How many shops were open in H2 2024?", [BAKERY_MD]) == "15"


THEATRE = """GBP,2024,2025
Tickets,310000,342000
Bar,95000,101000
Total income,405000,443000
Audience (number),41000,43500
"""
COLLEGE = """USD thousands,2024,2025
Course fees revenue,2400,2650
Total revenue,2900,3180
Cost of revenue,-1100,-1210
Students (number),800,848
"""


def test_per_unit_reads_the_line_named_first_and_the_whole_line() -> None:
    """ "ticket income per head": the Tickets line (the kind of income), not Total income; "revenue per student":
    Total revenue, not Cost of revenue (both name revenue; the total says nothing else)."""
    assert answer("How much ticket income did the theatre take per audience member in 2025?", [THEATRE]) == "7.86"
    assert answer("What was revenue per student in 2025?", [COLLEGE]) == "3,750"


def test_a_percent_change_asked_by_how_much_in_percent() -> None:
    assert answer("By how much, in percent, did bar takings grow in 2025 versus 2024?", [THEATRE.replace("Bar,",
                  "Bar takings,")]) == "6.32%"


CLINIC = """Month,Jan 2025,Feb 2025,Mar 2025
Admissions,212,198,230
Discharges,205,201,224
New subscriptions,40,52,47
Production (kits),900,880,940
"""


def test_a_verb_names_its_line_in_the_noun() -> None:
    assert root("admitted") == root("admissions") == "admit"
    assert root("subscribed") == root("subscriptions")
    assert root("produced") == root("production")
    assert answer("How many people were admitted in February 2025?", [CLINIC]) == "198"
    assert answer("How many kits were produced in March 2025?", [CLINIC]) == "940"


ACCOUNTS = """EUR m,FY2024,FY2025
Revenue,80.0,88.0
Profit before tax,9.6,11.0
Net profit,7.2,8.3
Total assets,120.0,131.0
Equity,60.0,66.0
"""
PNL = """EUR m,FY2024,FY2025
Revenue,80.0,88.0
Net profit,7.2,8.3
"""
BALANCE = """EUR m,FY2024,FY2025
Total assets,120.0,131.0
Equity,60.0,66.0
"""


def test_a_named_ratio_spelled_as_one_line_over_another() -> None:
    assert answer("What was the return on equity for FY2025, taking profit before tax over closing equity?",
                  [ACCOUNTS]) == "16.67%"
    assert answer("What was the return on equity for FY2025?", [ACCOUNTS]) == "12.58%"
    assert answer("Return on assets in FY2025, using net profit over year-end total assets?", [PNL, BALANCE]) == "6.34%"


DAIRY = """EUR thousands,Q1 2024,Q2 2024,Q3 2024,Q4 2024,FY 2024
Milk sales,2100,2250,2400,2180,8930
Cheese sales,640,700,720,810,2870
Total revenue,2740,2950,3120,2990,11800
Operating profit,820,940,1030,980,3770
"""


def test_the_year_asked_unnamed_is_the_year_column_beside_its_quarters() -> None:
    assert answer("What was the operating margin for the year?", [DAIRY]) == "31.95%"


WIND = """,generation_mwh,availability_pct,revenue_gbp_k
2024-07,3120,96.2,262
2024-08,2980,95.8,251
2024-09,3650,97.1,301
"""


def test_a_verb_in_ate_names_its_noun_in_ation() -> None:
    assert root("generated") == root("generation")
    assert answer("How much electricity was generated in September 2024?", [WIND]) == "3,650"


RAIL = """,journeys,trains_planned,trains_cancelled
2023Q3,498000,5300,159
2023Q4,430000,5250,210
"""
MODULES = """| Module | Enrolled | Passed | Failed | Withdrawn |
|---|---:|---:|---:|---:|
| Organic Chemistry I | 120 | 98 | 14 | 8 |
| Cell Biology | 95 | 86 | 6 | 3 |
| **Total** | 215 | 184 | 20 | 11 |
"""


def test_a_rate_is_of_the_count_of_the_same_things() -> None:
    """ "the cancellation rate": trains cancelled of trains planned (the count sharing its word), not of journeys;
    "the pass rate" of a module: its Passed column of its Enrolled."""
    assert answer("What was the cancellation rate in 2023Q4?", [RAIL]) == "4%"
    assert answer("What was the pass rate for Cell Biology?", [MODULES]) == "90.53%"


ORCHARD = """| Orchard | Area (ha) | Apples 2023 (t) | Apples 2024 (t) |
|---|---:|---:|---:|
| North Slope | 12.5 | 310 | 342 |
| Old Barn | 15.2 | 401 | 455 |
"""
BIKES = """| District | Stations | Bikes | Trips 2023 | Trips 2024 |
|---|---:|---:|---:|---:|
| Harbour | 18 | 240 | 81,200 | 90,400 |
| Old Town | 25 | 310 | 104,500 | 112,300 |
"""


def test_per_unit_of_a_row_reads_units_and_the_year_asked() -> None:
    assert answer("How many tonnes per hectare did North Slope produce in 2023?", [ORCHARD]) == "24.8"
    assert answer("What was the 2024 yield per hectare at Old Barn?", [ORCHARD]) == "29.93"
    assert answer("How many trips per bike did Harbour have in 2024?", [BIKES]) == "376.67"


BREWERY = """USD thousands,Q1 2024,Q2 2024,Q3 2024,Q4 2024,Total 2024
Beer sales,1820,2410,2630,1990,8850
Taproom sales,310,420,480,350,1560
Net revenue,2130,2830,3110,2340,10410
Gross profit,1150,1560,1720,1280,5710
Operating income,430,800,930,510,2670
"""


def test_a_margin_is_over_the_whole_revenue_line_and_a_quarter_without_its_year() -> None:
    """No line says "Total": the margin is over Net revenue (the largest revenue line), not Beer sales; "the third
    quarter" of one year's quarters is Q3 2024."""
    assert answer("What was the gross margin for the full year?", [BREWERY]) == "54.85%"
    assert answer("What was the operating margin in the third quarter?", [BREWERY]) == "29.9%"
