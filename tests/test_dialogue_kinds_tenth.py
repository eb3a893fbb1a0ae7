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
