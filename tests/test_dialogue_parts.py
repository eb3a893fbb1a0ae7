"""Follow-ups that move a computation to a period the table splits into columns, a figure per unit of the last
answer's line, and a share of one period of a change (``dialogue/parts.py``, ``per_unit.py``, ``wholes.py``)."""

from __future__ import annotations

import pytest

from tabtext.engines.solver.dialogue.conversation import Dialogue
from tabtext.types import Context, Table

QUARTERS = [["(in thousands of USD)", "Q1 2025", "Q2 2025", "Q3 2025", "Q4 2025"],
            ["Net sales", "4,820", "5,135", "5,410", "6,275"], ["Operating income", "777", "898", "1,022", "1,296"],
            ["Churn (%)", "2.1", "2.4", "2.0", "1.8"]]
MONTHS = [["", "Jan 2024", "Feb 2024", "Mar 2024"], ["Rides (000)", "182.4", "176.9", "231.5"],
          ["Fleet size", "1500", "1500", "1800"]]


def _asked(rows: list[list[str]], *questions: str):
    d = Dialogue(Context(tables=(Table.from_rows(rows),)))
    return [d.ask(q) for q in questions]


def test_a_quarters_margin_for_the_full_year_sums_each_line_over_the_quarters():
    *_, year, half, quarter = _asked(QUARTERS, "What was operating income in Q3 2025?", "What was the margin?",
                                     "And for the full year?", "And for H1?", "and in Q2?")
    assert float(year.answer.value) == pytest.approx(100 * 3993 / 21640, abs=0.01)  # not the quarters' margins
    assert float(half.answer.value) == pytest.approx(100 * 1675 / 9955, abs=0.01)
    assert float(quarter.answer.value) == pytest.approx(100 * 898 / 5135, abs=0.01)
    assert {year.program.pattern, half.program.pattern} == {"parts_of_other_period"}


def test_a_line_for_the_full_year_is_its_total_but_a_rate_is_not_added_up():
    *_, total = _asked(QUARTERS, "What was operating income in Q3 2025?", "And for the full year?")
    assert total.program.op == "add" and float(total.answer.value) == 3993 and total.answer.scale == "thousand"
    *_, churn = _asked(QUARTERS, "What was churn in Q3 2025?", "And for the full year?")
    assert churn.program is None or churn.program.pattern != "parts_of_other_period"


def test_a_change_is_not_moved_to_the_parts_of_a_period():
    *_, reply = _asked(QUARTERS, "What was operating income in Q3 2025?", "And in Q2 2025?", "What was the change?",
                       "And for the full year?")
    assert reply.program is None or reply.program.pattern != "parts_of_other_period"


def test_per_a_unit_no_row_names_divides_by_the_last_answers_line_each_in_its_own_unit():
    *_, per, moved = _asked(MONTHS, "How many scooters were in the fleet in March 2024?",
                            "How many rides per scooter was that?", "And in January?")
    assert per.program.pattern == "per_unit_of_last"
    assert float(per.answer.value) == pytest.approx(231500 / 1800, abs=0.01)  # rides are in thousands
    assert float(moved.answer.value) == pytest.approx(182400 / 1500, abs=0.01)


def test_a_share_of_one_period_after_a_change_takes_the_lines_figure_there_unless_the_change_is_named():
    rows = [["Product line", "Oct 2024", "Nov 2024", "Dec 2024"], ["Bread", "9010", "9240", "10860"],
            ["Pastries", "6880", "7020", "8950"], ["Total", "15890", "16260", "19810"]]
    earlier = ("How much did we take in pastries in October 2024?", "And in December?", "What's the increase?")
    *_, figure = _asked(rows, *earlier, "What share of December's total sales was that pastries figure?")
    assert float(figure.answer.value) == pytest.approx(100 * 8950 / 19810, abs=0.01)
    for question in ("What share of December's total sales was that increase?", "What's that as a share of December's "
                     "total sales?"):  # the change named, or only "that": the change itself
        *_, change = _asked(rows, *earlier, question)
        assert float(change.answer.value) == pytest.approx(100 * 2070 / 19810, abs=0.01)


def test_the_total_for_the_year_after_a_quarter_is_the_lines_total_but_another_year_alone_is_not():
    *_, total, average = _asked(QUARTERS, "What was net sales in Q4 2025?", "What was the total for the year?",
                                "What's the quarterly average?")
    assert float(total.answer.value) == 21640 and float(average.answer.value) == pytest.approx(5410)
    two_years = [["", "Q3 2024", "Q4 2024", "Q1 2025", "Q2 2025", "Q3 2025", "Q4 2025"],
                 ["Revenue", "10", "20", "30", "40", "50", "60"]]
    *_, other = _asked(two_years, "What was revenue in Q4 2025?", "And in 2024?")  # the same quarter, perhaps
    assert other.program is None or other.program.pattern != "parts_of_other_period"


def test_a_share_of_a_total_over_periods_that_came_in_one_of_them():
    *_, share = _asked(QUARTERS, "What was operating income in Q4 2025?", "And for the full year?",
                       "What share of that came in the fourth quarter?")
    assert share.program.pattern == "share_of_named"
    assert float(share.answer.value) == pytest.approx(100 * 1296 / 3993, abs=0.01)


def test_a_line_for_the_year_after_a_quarterly_answer_is_not_read_in_that_quarter():
    *_, reply = _asked(QUARTERS, "What was operating income in Q4 2025?", "What was net sales for the year?")
    assert reply.program is None or reply.program.pattern != "measure_in_same_period"


def test_which_period_a_line_peaks_in_names_the_column_of_its_extreme_cell():
    rows = [["Category", "2020", "2021", "2022"], ["Pastries", "120", "180", "150"], ["DVDs & Blu-ray", "90", "70", "60"],
            ["Total loans", "210", "250", "210"]]
    low, high = _asked(rows, "Which year had the lowest pastry sales?", "When was it highest?")
    assert (low.answer.text(), high.answer.text()) == ("2020", "2021")
    assert low.program.key == high.program.key == "column" and high.program.op == "argmax"
    # "DVD loans" shares a word with two rows: the line is not guessed here
    *_, dvd = _asked(rows, "In which year did DVD loans peak?")
    assert dvd.program is None or dvd.program.pattern != "extreme_period_of_line"


def test_a_total_over_months_moves_to_the_months_named():
    rows = [["", "Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024", "Jul 2024"],
            ["Shipments", "4120", "3980", "4510", "4630", "4890", "4750", "4420"]]
    *_, two = _asked(rows, "How many shipments were there in Q1 2024?", "And in June and July?")
    assert two.program.pattern == "over_named_periods" and float(two.answer.value) == 9170


def test_the_highest_monthly_figure_then_its_month_then_the_lowest():
    rows = [["", "Jan 2024", "Feb 2024", "Mar 2024"], ["Revenue ($000)", "2310", "2240", "2540"],
            ["Shipments", "4120", "3980", "4510"]]
    high, month, low = _asked(rows, "What was the highest monthly revenue?", "Which month was that?", "And the lowest?")
    assert (high.answer.text(), high.answer.scale) == ("2540", "thousand")
    assert month.answer.text() == "Mar 2024" and low.answer.text() == "Feb 2024"
    lookup, when = _asked(rows, "How many shipments were there in February 2024?", "When was that?")
    assert when.program.pattern == "period_of_last" and when.answer.text() in ("Feb 2024", "February 2024")


def test_a_change_from_a_period_named_and_its_rate():
    *_, change = _asked(QUARTERS, "What was net sales in Q3 2025?", "How much did it change from Q1?")
    *_, rate = _asked(QUARTERS, "What was net sales in Q3 2025?", "By what percent did it grow since Q1?")
    assert (change.program.pattern, float(change.answer.value)) == ("change_from_period", 590)
    assert float(rate.answer.value) == pytest.approx(100 * 590 / 4820, abs=0.01)


def test_the_average_quarterly_figure_of_a_line_is_its_average_over_the_quarters():
    (reply,) = _asked(QUARTERS, "What was the average quarterly operating income?")
    assert reply.program.op == "average" and float(reply.answer.value) == pytest.approx(3993 / 4)


def test_share_of_them_reads_the_line_named_over_the_last_answer():
    rows = [["Collection", "2022"], ["E-books", "11240"], ["Audiobooks", "3860"], ["Total loans", "73085"]]
    *_, share = _asked(rows, "How many loans were there in total in 2022?", "What share of them were e-books?")
    assert float(share.answer.value) == pytest.approx(15.38, abs=0.01)


def test_several_periods_away_and_beyond_the_table():
    rows = [["Collection", "2021", "2022", "2023", "2024"], ["DVDs", "2640", "2115", "1730", "1245"]]
    *_, back, beyond = _asked(rows, "How many DVD loans were there in 2024?", "And two years earlier?",
                              "And three years later?")
    assert back.answer.text() == "2115" and beyond.answer is None and "not in the table" in beyond.error
    *_, months = _asked(MONTHS, "How many rides were there in March 2024?", "And two months before?")
    assert months.answer.text() == "182.4"


def test_the_sum_average_or_ratio_alone_is_of_the_last_two_answers():
    rows = [["Collection", "2021", "2024"], ["DVDs", "2640", "1245"], ["Total loans", "68310", "80580"]]
    *_, total, mean, ratio = _asked(rows, "How many DVD loans were there in 2024?", "And in 2021?", "What's the sum?",
                                    "What's the average?", "And the ratio?")
    assert (total.answer.text(), mean.answer.text(), ratio.answer.text()) == ("3885", "1942.5", "0.47")


def test_after_a_choice_its_subject_is_the_row_it_kept():
    rows = [["Department", "2021", "2023"], ["General practice", "8420", "9305"], ["Pediatrics", "3150", "3520"],
            ["Dental", "1890", "1960"]]
    _, value, moved, share = _asked(rows, "Which department had the most visits in 2023?", "How many was that?",
                                    "And in 2021?", "What share of all 2021 visits was that?")
    assert (value.program.pattern, value.answer.text(), moved.answer.text()) == ("value_of_last", "9305", "8420")
    assert float(share.answer.value) == pytest.approx(100 * 8420 / 13460, abs=0.01)
    _, fewest = _asked(rows, "Which department had the fewest visits in 2021?", "What about its visits in 2023?")
    assert fewest.answer.text() == "1960"  # Dental's line, not the first row the choice read


def test_a_share_moved_to_another_whole_keeps_its_part():
    rows = [["", "Q2 2024", "Q3 2024"], ["Revenue", "2,040", "2,310"], ["Gross profit", "1,239", "1,408"],
            ["Operating income", "476", "605"]]
    *_, other = _asked(rows, "What was operating income in Q2 2024?", "As a share of revenue?",
                       "And as a share of gross profit?")
    assert float(other.answer.value) == pytest.approx(100 * 476 / 1239, abs=0.01)


def test_a_total_over_months_per_month_and_per_unit_of_another_line():
    rows = [["", "Jan 2024", "Feb 2024", "Mar 2024"], ["Fuel cost ($000)", "612", "590", "655"],
            ["Shipments", "4120", "3980", "4510"]]
    *_, per_month = _asked(rows, "What was the total fuel cost in Q1 2024?", "What is that per month?")
    *_, per_unit = _asked(rows, "What was the total fuel cost in Q1 2024?", "And per shipment?")
    assert float(per_month.answer.value) == pytest.approx(1857 / 3, abs=0.01)
    assert float(per_unit.answer.value) == pytest.approx(1857000 / 12610, abs=0.01)  # each line over the quarter
