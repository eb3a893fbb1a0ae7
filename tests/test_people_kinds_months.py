"""Kinds of people's questions over one year's months and similar layouts, each checked on tables written here
(none is from a benchmark set): a month named without its year on a table of one year's months, a figure per unit
whose count line says its own thousands."""

from __future__ import annotations

from test_people_kinds_more import answer

CAFE = """Line,Mar 2025,Apr 2025,May 2025,Jun 2025,Total
Coffee,4100,4350,4620,4980,18050
Sandwiches,2900,3010,3240,3390,12540
Total,7000,7360,7860,8370,30590
"""
FERRY = """,passengers_000,fares_gbp_k,sailings
2025-01,41.5,290.5,310
2025-02,38.2,267.4,280
2025-03,47.9,335.3,320
"""


def test_a_month_without_its_year_is_the_columns_month_not_the_total():
    assert answer("By how much percent did total sales rise from April to May?", CAFE) == "6.79%"
    assert answer("How much did coffee sell in June?", CAFE) == "4,980"


def test_a_figure_per_unit_of_a_count_in_thousands_its_label_says():
    assert answer("What was the fare revenue per passenger in March, in pounds?", FERRY) == "7"


FERRY_TEXT = ("Monthly export from the ferry line's booking system. passengers_000 is the number of passengers carried "
              "in thousands, fares_gbp_k is fare revenue in thousands of pounds and sailings is the number of "
              "crossings made. January was quiet after the storms.")
CLUBS = """| Sport | 2022 | 2023 | 2024 |
|---|--:|--:|--:|
| Football | 1,240 | 1,310 | 1,385 |
| Netball | 410 | 455 | 470 |
| Swimming | 880 | 905 | 960 |
| Table tennis | 150 | 140 | 165 |
"""
CLUBS_TEXT = ("The council counts club members each autumn. Netball and swimming share the new leisure centre, while "
              "table tennis players are based at the library hall.")


def test_which_month_is_answered_by_a_period_and_how_many_by_a_number_not_a_text_span_of_another_kind():
    assert answer("Which month had the most passengers?", FERRY, FERRY_TEXT) == "March 2025"
    assert answer("How many table tennis members were there in 2023?", CLUBS, CLUBS_TEXT, "markdown") == "140"


def test_a_span_of_another_kind_than_asked_misfits():
    from tabtext.engines.solver.lexicon.cues import span_misfits

    assert span_misfits("which month had the most passengers?", "number of passengers carried in thousands")
    assert not span_misfits("which month had the most passengers?", "March 2025")
    assert not span_misfits("in which quarter was churn worst?", "the third quarter")
    assert span_misfits("how many members did netball have?", "share the new leisure centre")
    assert not span_misfits("how many members did netball have?", "about four hundred")
    assert not span_misfits("what was the reason for the dip?", "heavy rain")


CLUBS_TOTAL = CLUBS + "| Total members | 2,680 | 2,810 | 2,980 |\n"


def test_a_share_asked_for_is_a_percentage_not_a_ratio():
    assert answer("In 2024, what proportion of all members played netball?", CLUBS_TOTAL, fmt="markdown") == "15.77%"


KETTLES = """Model,Capacity (l),Units sold 2025,Returns 2025
Kettle A,1.7,5200,130
Kettle B,1.5,3100,62
Kettle C,1.0,1800,90
"""


def test_a_year_only_the_column_labels_name_is_the_tables_period():
    assert answer("How many Kettle B units were sold in 2025?", KETTLES) == "3,100"
    assert answer("How many Kettle B units were sold in 2024?", KETTLES) == "no answer found"


def test_a_kind_of_thing_the_table_does_not_hold_is_not_its_total():
    assert answer("What was the number of netball members in 2024?", CLUBS_TOTAL, fmt="markdown") == "470"
    assert answer("What was the number of rugby members in 2024?", CLUBS_TOTAL, fmt="markdown") == "no answer found"


CAFE_TEXT = ("Figures are till takings in pounds for the spring and early summer of 2025. June was lifted by the "
             "riverside festival, and the sandwich counter was closed for two days in April for a new fridge.")


def test_a_quarter_of_monthly_columns_is_the_total_of_its_months_and_ask_stands_behind_it():
    assert answer("What were total coffee sales in the second quarter of 2025?", CAFE, CAFE_TEXT) == "13,950"


def test_an_average_across_the_months_named_is_given_not_only_guessed():
    assert answer("What was the average number of sailings across all the months?", FERRY, FERRY_TEXT) == "303.33"


def test_the_parts_of_a_period_asked_outrank_any_other_choice_and_a_named_measure_is_trusted():
    from tabtext.engines.solver.patterns.named_first import MEASURE_CONFIDENCE, named_first
    from tabtext.engines.solver.program.program import Const, Program
    from tabtext.engines.solver.tasks.tatqa import solve
    from tabtext.tables import tables_from
    from tabtext.types import Context, Example

    two_lines = Program("add", (Const(1.0, "1"), Const(2.0, "2")))
    months = Program("add", (Const(3.0, "3"), Const(4.0, "4"), Const(5.0, "5")))
    assert named_first("total fares in Q1 2025?", "arithmetic", two_lines, [("parts_of_period", months)]) == \
        ("parts_of_period", months)
    assert named_first("total fares in Q1 2025?", "arithmetic", two_lines, [("named_margin", months)]) == \
        ("arithmetic", two_lines)
    context = Context(tables=tuple(tables_from(CAFE, name="t")))
    _, best, confidence = solve(Example(uid="x", question="What were total coffee sales in Q2 2025?", context=context))
    assert best is not None and best.name == "parts_of_period" and confidence >= MEASURE_CONFIDENCE


BAKES = """Line,Mar 2025,Apr 2025,May 2025,Jun 2025
Coffee,4100,4350,4620,4980
Pastries,2900,3010,2840,3390
Smoothies,1200,1350,1500,1720
"""


def test_a_line_named_in_the_singular_is_the_plural_line_the_table_writes():
    assert answer("Which month had the lowest pastry sales?", BAKES, CAFE_TEXT) == "May 2025"
    assert answer("What were pastry sales in May?", BAKES, CAFE_TEXT) == "2,840"


def test_which_month_a_line_peaked_in_is_trusted_as_a_named_measure_is():
    from tabtext.engines.solver.patterns.named_first import MEASURE_CONFIDENCE
    from tabtext.engines.solver.tasks.tatqa import solve
    from tabtext.tables import tables_from
    from tabtext.types import Context, Example, Paragraph

    context = Context(tables=tuple(tables_from(BAKES, name="t")), paragraphs=(Paragraph("1", CAFE_TEXT, 1),))
    _, best, confidence = solve(Example(uid="x", question="In which month were smoothie sales highest?",
                                        context=context))
    assert best is not None and best.name == "extreme_period" and confidence >= MEASURE_CONFIDENCE


POOL = """Month,Jan 2025,Feb 2025,Mar 2025
Swims,8200,6100,9050
Classes,410,280,455
"""
POOL_TEXT = ("February was quiet because the main pool was closed for ten days (3-12 February) for tile repairs. "
             "Classes grew in March after two new instructors joined.")


def test_a_cause_is_what_follows_the_events_cause_word_not_the_event():
    assert answer("Why were February swims down?", POOL, POOL_TEXT) == "tile repairs"
    assert answer("Why did classes grow in March?", POOL, POOL_TEXT) == "two new instructors joined"


QUARTERS = """Metric,Q1 2024,Q2 2024,Q3 2024,Q4 2024
Orders,1200,1500,1350,1800
Refunds,40,52,47,61
"""


def test_a_change_on_the_period_before_is_from_the_tables_period_before():
    assert answer("What was the month-on-month change in swims in March, in percent?", POOL) == "48.36%"
    assert answer("What was the quarter-on-quarter change in orders in Q3 2024?", QUARTERS) == "-150"
    assert answer("What was the quarter-on-quarter growth in orders in Q1 2024?", QUARTERS) != "300"  # none before


TRIAL = """Arm,Participants,Responders,Adverse events,Mean age (years)
Placebo,120,18,9,54.2
Low dose,118,35,15,53.8
High dose,119,58,31,54.6
"""


def test_a_rate_named_by_a_column_of_things_counted_on_a_row():
    assert answer("What was the adverse event rate in the low dose arm?", TRIAL) == "12.71%"
    assert answer("What was the response rate in the placebo arm?", TRIAL) == "15%"


def test_a_share_of_a_years_whole_with_no_total_row_is_over_every_row():
    assert answer("What share of 2024 members played netball?", CLUBS, fmt="markdown") == "15.77%"


AGES = """| Age group | 2023 | 2024 |
|---|--:|--:|
| Under 18 | 310 | 342 |
| 18-34 | 1,204 | 1,310 |
| 35-64 | 980 | 1,015 |
| 65 and over | 415 | 466 |
"""
FORMS = """| Year group | 2022/23 | 2023/24 |
|---|--:|--:|
| Year 7 | 150 | 162 |
| Year 8 | 148 | 151 |
| Year 9 | 139 | 147 |
"""


def test_which_row_of_a_first_column_named_with_a_period_word_is_a_row_not_a_year():
    assert answer("Which year group had the most pupils in 2023/24?", FORMS, fmt="markdown") == "Year 7"
    assert answer("Which age group had the fewest members in 2024?", AGES, fmt="markdown") == "Under 18"


def test_a_row_the_table_lacks_named_by_a_capitalised_word_or_a_qualifier_before_a_rows_words():
    assert answer("What was the membership of Rugby in 2024?", CLUBS, CLUBS_TEXT, "markdown") == "no answer found"
    assert answer("What was the membership of Netball in 2024?", CLUBS, CLUBS_TEXT, "markdown") == "470"
    assert answer("How many adverse events were there in the very high dose arm?", TRIAL) == "no answer found"
    assert answer("How many adverse events were there in the high dose arm?", TRIAL) == "31"
    assert answer("How much did we spend on smoothies in May?", BAKES) == "1,500"


RAIN = """Month,Rainfall (mm),Rain days
January,96.0,17
February,71.5,14
March,60.2,12
"""


def test_months_without_a_year_take_the_year_the_tables_name_gives():
    from tabtext.tables import parse_table_text

    table = parse_table_text(RAIN, "csv", table_id="moorside_rain_2025")
    assert answer("What was the total rainfall in the first quarter of 2025?", table, fmt=None) == "227.7"
    assert answer("What was the rainfall in March 2024?", table, fmt=None) == "no answer found"
    assert answer("What was the rainfall in March 2025?", table, fmt=None) == "60.2"


PACKS = """Pack,Weight (kg),Volume (l),Price ($)
Trailhead 30,1.4,30,129
Summit 45,2.1,45,189
Daypack 20,0.9,20,79
"""


def test_a_comparative_that_names_its_measure_is_the_gap_in_that_column():
    assert answer("How much heavier is the Summit 45 than the Daypack 20?", PACKS) == "1.2"
    assert answer("How much lighter is the Daypack 20 than the Trailhead 30?", PACKS) == "0.5"
    assert answer("How much more expensive is the Summit 45 than the Trailhead 30?", PACKS) == "60"


def test_a_generic_word_is_never_put_in_the_number_a_row_label_writes():
    from tabtext.row_names import in_table_words

    tables = [__import__("tabtext.tables", fromlist=["x"]).parse_table_text(
        "Line,FY2023,FY2024\nRent and rates,320,335\nProfit for the year,604,735\nTax,141,172\n", "csv", table_id="t")]
    assert in_table_words("What was the effective tax rate in FY2024?", tables) == \
        "What was the effective tax rate in FY2024?"
    assert in_table_words("What was the total over the three years?", tables) == "What was the total over the three years?"


def test_rent_and_rates_is_an_amount_not_a_percentage():
    from tabtext.engines.solver.lexicon.scale import scale_of_text

    assert scale_of_text("Rent and rates") == "" and scale_of_text("Business rates") == ""
    assert scale_of_text("Interest rate") == "percent"
    assert answer("How much did rent and rates cost in FY2024?", "Line,FY2023,FY2024\nRevenue,900,950\n"
                  "Rent and rates,(320),(335)\n") == "335"


def test_how_many_more_between_two_rows_is_their_difference():
    assert answer("How many more responders did the high dose arm have than placebo?", TRIAL) == "40"
    assert answer("How many fewer adverse events did the low dose arm have than the high dose arm?", TRIAL) == "16"


def test_a_two_word_cause_from_the_text_is_given():
    text = "Spring is always the quietest season. Summer is the busiest season because of school holidays."
    assert answer("Why is summer the busiest season?", POOL, text) == "school holidays"


HOSTEL = """Quarter,Beds available,Beds sold,Bed revenue ($)
Q1 2025,3600,2100,63000
Q2 2025,3640,2900,95700
Q3 2025,3680,3300,115500
Q4 2025,3680,2400,74400
"""


def test_a_named_ratio_or_per_unit_figure_for_the_full_year_is_over_the_quarters_totals():
    assert answer("What was the occupancy for the full year?", HOSTEL) == "73.29%"
    assert answer("What was the revenue per bed sold for the whole year?", HOSTEL) == "32.58"


def test_a_share_of_a_whole_named_by_the_lines_it_sums():
    table = "Quarter,Q1 2025,Q2 2025\nBeds sold,2100,2900\nBed revenue ($),63000,95700\nCafe revenue ($),21000,30100\n"
    assert answer("What share of Q2 2025 total revenue came from the cafe?", table) == "23.93%"


def test_a_figure_per_thousand_of_a_line():
    table = "Metric,Jan 2025,Feb 2025\nOrders shipped,12480,11920\nCustomer complaints,88,102\n"
    assert answer("How many complaints were there per 1,000 orders in February 2025?", table) == "8.56"


def test_an_average_monthly_figure_is_over_the_months_shown():
    assert answer("What was the average monthly rainfall?", RAIN) == "75.9"


def test_a_share_of_a_measure_column_on_a_table_of_things_as_rows():
    assert answer("What share of the packs' volume was the Summit 45?", PACKS) == "47.37%"
    assert answer("What percentage of adverse events were in the high dose arm?", TRIAL) == "56.36%"


def test_quarters_without_a_year_take_the_tables_year_and_are_shown_as_written():
    from tabtext.tables import parse_table_text

    table = parse_table_text("Line,Q1,Q2,Q3,Q4\nBread,412,439,451,528\nCakes,183,217,204,319\n", "csv",
                             table_id="crumb_sales_2024")
    assert answer("What were bread sales in the first half of 2024?", table, fmt=None) == "851"
    assert answer("What were bread sales in Q2 2023?", table, fmt=None) == "no answer found"
    assert answer("Which quarter had the highest cake sales?", table, fmt=None) == "Q4"
    rain = parse_table_text(RAIN, "csv", table_id="moorside_rain_2025")
    assert answer("Which month had the most rain days?", rain, fmt=None) == "January"
