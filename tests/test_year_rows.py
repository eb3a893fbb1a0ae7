"""The year_rows pattern: with the periods down the first column, "the X in 2018 and 2019 respectively" is the
asked column's cell in each asked year's row, in the question's order ("2020 to 2022" names 2021 too); one asked
year, or periods across the columns, gets none."""

import sys
from pathlib import Path

from tabtext.engines.solver.patterns.table_patterns import table_candidates
from tabtext.engines.solver.rank.candidates import read
from tabtext.types import Example

sys.path.insert(0, str(Path(__file__).parent))
from test_golden_programs import _context  # noqa: E402

TABLE = {"table": [["Fiscal year", "Operating Leases", "Finance Leases"], ["2020", "120", "40"], ["2021", "110", "35"],
                   ["2022", "90", "30"], ["2023", "80", "20"]], "paragraphs": []}


def _built(question: str, table: dict = TABLE) -> dict:
    ex = Example("t", question, _context({"context": table}), meta={"benchmark": "tatqa"})
    return {name: program for name, (program, _) in table_candidates(read(ex).ctx)}


def _cells(program) -> list[tuple[str, str, str]]:
    return [(a.row_label, a.col_label, a.text) for a in program.args]


def test_each_asked_years_row_in_the_question_order():
    program = _built("What were the finance leases in 2023 and 2020 respectively?")["year_rows"]
    assert _cells(program) == [("2023", "Finance Leases", "20"), ("2020", "Finance Leases", "40")]


def test_a_range_names_the_years_between():
    program = _built("What are the operating leases for the fiscal years 2020 to 2022?")["year_rows"]
    assert [c[2] for c in _cells(program)] == ["120", "110", "90"]


def test_one_year_gets_none():
    assert "year_rows" not in _built("What were the finance leases in 2021?")


def test_years_across_the_columns_get_none():
    table = {"table": [["", "2019", "2018"], ["Revenue", "500", "450"]], "paragraphs": []}
    assert "year_rows" not in _built("What was the revenue in 2019 and 2018 respectively?", table)
