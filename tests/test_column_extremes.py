"""The column-extreme patterns (patterns/column_extremes.py): the N largest or smallest lines of the asked
column summed, totals (named or not) left out, and the column's largest minus its smallest line."""

from tabtext.engines.solver.patterns.column_extremes import column_range, top_n_sum
from tabtext.engines.solver.rank.candidates import read
from tabtext.types import Context, Example, Table

_TABLE = [["", "2024", "2023"], ["Wheat", "40", "38"], ["Barley", "25", "30"], ["Oats", "12", "9"],
          ["Grains", "77", "77"], ["Apples", "60", "50"], ["Pears", "15", "22"]]


def _ctx(question: str, table=_TABLE):
    return read(Example("t", question, Context((Table.from_rows(table),), ()), meta={"benchmark": "tatqa"})).ctx


def _rows(program) -> list[str]:
    return [cell.row_label for cell in program.cells()]


def test_top_n_sums_the_largest_lines_of_the_year_asked_leaving_out_an_unnamed_subtotal():
    program, _ = top_n_sum(_ctx("How much do the top 3 crops in 2023 add up to?"))
    assert _rows(program) == ["Wheat", "Barley", "Apples"]  # "Grains" (77) is the sum of the three lines above it
    assert program.value() == 118


def test_top_n_reads_the_smallest_when_asked_and_spelled_counts():
    program, _ = top_n_sum(_ctx("What is the sum of the two smallest crops in 2024?"))
    assert _rows(program) == ["Oats", "Pears"]


def test_top_n_needs_more_lines_than_it_sums():
    assert top_n_sum(_ctx("How much do the top ten crops in 2024 add up to?")) is None


def test_column_range_is_the_largest_minus_the_smallest_line():
    program, _ = column_range(_ctx("What is the difference between the highest and lowest crop in 2024?"))
    assert program.op == "subtract" and [p.op for p in program.args] == ["argmax", "argmin"]
    assert program.value() == 60 - 12
