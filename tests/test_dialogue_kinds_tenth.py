"""What a person says next, on tables written here (none from a benchmark set), asked the way
``tabtext ask --chat`` asks it: lines named in other words ("failed to attend" of a line of missed sessions, what
a shop "took in" of its takings, "drinks" of a beverage line beside a cost of food and drink) and a unit the text
gives for other figures than the table's."""

from __future__ import annotations

from tabtext.row_words import in_label_words
from test_dialogue_kinds import chat
from test_dialogue_kinds_sixth import chat_text

PHYSIO = """Measure,Apr 2025,May 2025,Jun 2025
Sessions booked,512,540,498
Sessions missed,48,35,31
Takings (GBP),30400,32950,29100
Clients seen,301,322,287
"""


def test_those_who_failed_to_attend_are_the_missed_line(tmp_path):
    assert chat(tmp_path, PHYSIO, "How many clients failed to attend their sessions in April?", "what about May?",
                "how much did that go down by?") == ["48", "35", "13"]


def test_what_a_business_took_in_is_its_takings_and_the_count_it_came_from(tmp_path):
    assert chat(tmp_path, PHYSIO, "How much did the clinic take in May?", "How many clients was that from?",
                "and the takings per client?") == ["32,950", "322", "102.33"]


CAFE = """EUR thousand,2023,2024
Food revenue,812,860
Beverage revenue,305,344
Food and drink costs,-402,-431
Operating profit,96,118
"""


def test_drinks_named_after_a_food_line_is_the_beverage_line_not_the_food_and_drink_costs(tmp_path):
    assert chat(tmp_path, CAFE, "What did food bring in during 2024?", "And the drinks?", "Together?") == \
        ["860 thousand", "344 thousand", "1,204 thousand"]


def test_drinks_said_with_the_cost_is_the_cost_line():
    labels = ["Beverage revenue", "Cost of food and drink"]
    have = {"beverage", "revenue", "cost", "of", "food", "and", "drink"}
    assert "drink" in in_label_words("What was the cost of drinks in 2023?", have, labels).split()


ORCHARD = """Fruit (tonnes),2023,2024
Apples,410,452
Pears,96,88
Total,506,540
"""


def test_a_unit_the_text_gives_for_other_figures_is_not_the_tables(tmp_path):
    text = "Crop figures are in tonnes and the orchard's accounts are in thousands of pounds."
    assert chat_text(tmp_path, ORCHARD, text, "How much did the apples come to in 2024?", "and pears?",
                     "and the total the year before?") == ["452", "88", "506"]


FERRY = """Route,Q1 2024,Q2 2024,Q3 2024,Q4 2024
Crossings,410,455,520,470
Passengers,18200,24100,31900,21400
Fare income (EUR),254800,349450,478500,310300
"""


def test_across_every_period_said_without_total_sums_the_last_line(tmp_path):
    assert chat(tmp_path, FERRY, "How many passengers travelled in Q2 2024?", "and in Q3 2024?",
                "what about for the entire four quarters?") == ["24,100", "31,900", "95,600"]


def test_a_count_of_periods_the_table_does_not_have_is_not_every_period(tmp_path):
    assert chat(tmp_path, FERRY, "How many crossings were there in Q1 2024?", "and over the whole three quarters?")[1] \
        != "1,855"


def test_which_period_after_one_computation_in_two_periods_is_the_period_of_the_larger_or_smaller(tmp_path):
    assert chat(tmp_path, FERRY, "What was fare income per passenger in Q1 2024?", "and the same for Q4 2024?",
                "so which quarter was higher?") == ["14", "14.5", "Q4 2024"]


def test_who_owns_it_is_the_name_after_owned_by_not_the_business(tmp_path):
    text = "Harbour Cycles is a small repair shop in Whitby, owned by mechanic Dev Sharma since 2019."
    assert chat_text(tmp_path, FERRY, text, "How many crossings were there in Q1 2024?", "Who owns the shop?")[1] == \
        "Dev Sharma"


CLINIC = """USD,Q1 2024,Q2 2024,Q3 2024,Q4 2024
Consultations,1210,1305,1190,1420
Fee income,96800,104400,95200,113600
Rent,(18000),(18000),(18000),(18500)
"""


def test_a_line_named_over_the_year_after_a_change_is_its_total_not_the_change_moved(tmp_path):
    assert chat(tmp_path, CLINIC, "How many consultations were there in Q4 2024?", "What about Q1?",
                "What's the percentage change from Q1 to Q4?", "And what did rent come to over the year?")[3] == "72,500"


STARTUP = """,signups,mrr_usd,headcount
2024Q1,310,52000,8
2024Q2,344,57600,9
2024Q3,372,63900,10
"""


def test_per_employee_is_over_the_headcount_line(tmp_path):
    assert chat(tmp_path, STARTUP, "What was the headcount in 2024Q2?", "and MRR?", "what does that come to per employee?") \
        == ["9", "57,600", "6,400"]


def test_the_entire_half_year_after_a_month_is_the_half_it_lies_in(tmp_path):
    months = "Metric,Jul 2024,Aug 2024,Sep 2024,Oct 2024,Nov 2024,Dec 2024\nBookings,40,52,47,38,45,61\n"
    assert chat(tmp_path, months, "How many bookings were there in October 2024?",
                "and for the entire half-year?") == ["38", "283"]


#: a pandas export of numbered weeks as rows (no period reader knows a week)
WEEKS = """Week,Visitors,Tickets sold (EUR)
1,1200,9600
2,1350,10800
3,1100,8800
4,1500,12000
5,1450,11600
"""


def test_growth_between_two_numbered_weeks_runs_from_the_upper_row_to_the_lower(tmp_path):
    assert chat(tmp_path, WEEKS, "How many visitors came in week 4?", "and in week 2?",
                "what was the growth in percent?")[2] == "11.11%"


def test_over_all_the_numbered_weeks_sums_the_column_and_a_wrong_count_is_not_all(tmp_path):
    assert chat(tmp_path, WEEKS, "How much did tickets bring in during week 3?", "And over all five weeks?") == \
        ["8,800", "52,800"]
    assert chat(tmp_path, WEEKS, "How much did tickets bring in during week 3?", "And over all six weeks?")[1] != "52,800"
