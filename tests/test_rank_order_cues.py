"""The ranker's features on the order of a change: over two negative cells, and against the order the question
names its years in."""

from tabtext.engines.solver.program.program import Cell, Program
from tabtext.engines.solver.rank import ranker as rank


def cell(row, col, value, label):
    return Cell(row, col, str(value), float(value), row_label=label, col_label=("2019" if col == 1 else "2018"))


def test_order_cues_weigh_a_change_of_two_negative_cells_and_the_question_year_order():
    new_first = Program("subtract", (cell(2, 1, -350, "Interest expense"), cell(2, 2, -108, "Interest expense")))
    cues = rank.order_cues(new_first, 1.0, "What was the change in interest expense from 2019 to 2018?")
    assert cues == {"order_negative_pair": 1.0, "order_later_year_named_first": 1.0}
    cues = rank.order_cues(new_first, 1.0, "What was the change in interest expense from 2018 to 2019?")
    assert cues["order_later_year_named_first"] == -1.0
    positive = Program("subtract", (cell(1, 1, 3842, "Bell Wireless"), cell(1, 2, 3521, "Bell Wireless")))
    assert rank.order_cues(positive, -1.0, "What was the change in Bell Wireless?") == {}
    assert rank.order_cues(positive, 0.0, "What was the change from 2018 to 2019?") == {}
