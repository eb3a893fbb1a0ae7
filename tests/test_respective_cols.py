"""The respective_cols pattern: "the A and B in 2020, respectively" over a row per year and a column per kind is
the year's cells in the columns named, in the question's order; a question naming no column, or not asking
"respectively", gets none."""

import sys
from pathlib import Path

from tabtext.engines.solver.patterns.table_patterns import table_candidates
from tabtext.engines.solver.rank.candidates import read
from tabtext.types import Example

sys.path.insert(0, str(Path(__file__).parent))
from test_golden_programs import _context  # noqa: E402

TABLE = {"table": [["Fiscal Year", "Operating Leases", "Capital Leases", "Purchase Commitments"],
                   ["2020", "120", "40", "300"], ["2021", "110", "35", "250"]], "paragraphs": []}


def _built(question: str, table: dict = TABLE) -> dict:
    ex = Example("t", question, _context({"context": table}), meta={"benchmark": "tatqa"})
    return {name: program for name, (program, _) in table_candidates(read(ex).ctx)}


def test_the_columns_named_in_the_question_order():
    program = _built("What are the purchase commitments and operating leases in 2021 respectively?")["respective_cols"]
    assert [(a.row_label, a.col_label, a.text) for a in program.args] == [
        ("2021", "Purchase Commitments", "250"), ("2021", "Operating Leases", "110")]


def test_without_respectively_no_list():
    assert "respective_cols" not in _built("What are the operating leases in 2021?")


def test_period_columns_are_not_named_columns():
    """'Respectively' over two years: the periods, which the cell pattern answers, not a list of named columns."""
    table = {"table": [["", "2019", "2018"], ["Revenue", "500", "450"]], "paragraphs": []}
    assert "respective_cols" not in _built("What was the revenue in 2019 and 2018 respectively?", table)
