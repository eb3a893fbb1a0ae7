"""More of what a person says next, on tables written here (none from a benchmark set), asked the way
``tabtext ask --chat`` asks it: "and per class?" when the last answer is the unit's own line, "and the lowest?"
after the figure of a choice, and turns answered "no answer found" that leave the conversation as it was."""

from __future__ import annotations

from test_dialogue_kinds import chat

CLASSES = """Item,H1 2023,H2 2023,H1 2024,H2 2024
Members,"3,100","3,350","3,420","3,610"
Classes held,410,455,470,505
Class attendance,"8,200","9,150","9,600","10,400"
"""
REGIONS = """Region,2023,2024
North,"4,100","4,450"
South,"3,600","3,380"
West,"2,250","2,700"
Total,"9,950","10,530"
"""
QUARTERS = """EUR 000,Q1 2024,Q2 2024,Q3 2024,Q4 2024
Revenue,"2,400","2,650","2,900","3,100"
Marketing,310,280,350,330
Salaries,900,920,950,990
"""


def test_per_the_unit_the_last_answer_counted_is_the_answer_before_over_it(tmp_path):
    assert chat(tmp_path, CLASSES, "What was class attendance in H1 2024?", "and how many classes were held?",
                "and per class?") == ["9,600", "470", "20.43"]
    assert chat(tmp_path, CLASSES, "What was class attendance in H1 2024?", "per class?") == ["9,600", "20.43"]


def test_the_other_extreme_after_the_figure_of_a_choice_is_a_figure(tmp_path):
    assert chat(tmp_path, REGIONS, "Which region sold the most in 2024?", "how much was that?", "and the lowest?") == \
        ["North", "4,450", "2,700"]
    assert chat(tmp_path, REGIONS, "Which region sold the most in 2024?", "and the least?") == ["North", "West"]


def test_a_turn_with_no_answer_leaves_the_conversation_as_it_was(tmp_path):
    assert chat(tmp_path, QUARTERS, "What was revenue in Q1 2024?", "and cash?", "and in Q2?") == \
        ["2,400 thousand", "no answer found", "2,650 thousand"]
    assert chat(tmp_path, QUARTERS, "What was marketing in Q2 2024?", "and in Q3?", "and in Q4 2025?",
                "how much did it change?") == ["280 thousand", "350 thousand", "no answer found", "70 thousand"]
    assert chat(tmp_path, QUARTERS, "What was marketing in Q2 2024?", "what about rent?", "and in Q3?",
                "how much did it change?") == ["280 thousand", "no answer found", "350 thousand", "70 thousand"]
