"""What a person says next about two answers, on tables written here (none from a benchmark set), asked the way
``tabtext ask --chat`` asks it: "which was higher?" of one line in two periods, the difference after such a choice,
and a how-many question the core answered with a phrase of the text."""

from __future__ import annotations

from tabtext.engines.solver.dialogue.core import named_cell_not_span
from tabtext.engines.solver.dialogue.edit import Grid
from tabtext.engines.solver.program.program import Program, Span
from tabtext.types import Table
from test_dialogue_kinds import chat

WARDS = """Ward,2022,2023
Maternity,"1,240","1,310"
Orthopaedics,980,"1,150"
Cardiology,760,745
"""
QUARTERS = """Figures,Q1 2025,Q2 2025,Q3 2025
Sales,400,520,470
Net profit,40,61,55
"""


def test_the_difference_after_a_choice_is_between_the_two_figures(tmp_path):
    assert chat(tmp_path, WARDS, "How many admissions did Maternity have in 2023?", "and Orthopaedics?",
                "which was higher?", "what is the difference?", "and in 2022?") == \
        ["1,310", "1,150", "Maternity", "160", "260"]


def test_which_was_higher_of_one_line_in_two_periods_is_the_period(tmp_path):
    assert chat(tmp_path, QUARTERS, "What was net profit in Q2 2025?", "and in Q3 2025?", "which was higher?",
                "which was lower?") == ["61", "55", "Q2 2025", "Q3 2025"]


def test_a_how_many_question_naming_a_line_and_a_period_is_its_cell_not_a_phrase():
    grid = Grid.of(Table.from_rows([["Ward", "2022", "2023"], ["Maternity", "1,240", "1,310"],
                                    ["Orthopaedics", "980", "1,150"]]))
    phrase = Program("span", (Span(0, 0, 6, "no new"),))
    program = named_cell_not_span("How many admissions did Orthopaedics have in 2022?", phrase, grid)
    assert program.op == "lookup" and program.run().text() == "980"
    assert named_cell_not_span("Why did Orthopaedics grow in 2022?", phrase, grid) is phrase  # not an amount asked
    numbered = Program("span", (Span(0, 0, 9, "about 980"),))  # a phrase with a figure of its own stays
    assert named_cell_not_span("How many admissions did Orthopaedics have in 2022?", numbered, grid) is numbered
