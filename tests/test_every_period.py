"""The every_period pattern: a line asked "for each year / in chronological order" is its cells in every year
column, oldest first; a line asked in one year is not."""

import sys
from pathlib import Path

from tabtext.engines.solver.patterns.table_patterns import table_candidates
from tabtext.engines.solver.rank.candidates import read
from tabtext.types import Example

sys.path.insert(0, str(Path(__file__).parent))
from test_golden_programs import _context  # noqa: E402

TABLE = {"table": [["", "2019", "2018", "2017"], ["Revenue", "500", "450", "400"], ["Cost of sales", "300", "280", "250"]],
         "paragraphs": []}


def _built(question: str) -> dict:
    ex = Example("t", question, _context({"context": TABLE}), meta={"benchmark": "tatqa"})
    return {name: program for name, (program, _) in table_candidates(read(ex).ctx)}


def test_every_year_oldest_first():
    program = _built("What is the revenue for each financial year shown in the table, in chronological order?")["every_period"]
    assert [a.text for a in program.args] == ["400", "450", "500"]


def test_one_year_is_not_every_period():
    assert "every_period" not in _built("What was the revenue in 2019?")


def test_no_year_columns_keeps_the_cell():
    """When every_period cannot build (quarter columns, no year columns) the single-cell lookup stays proposed."""
    table = {"table": [["", "Q1", "Q2"], ["Revenue", "100", "120"]], "paragraphs": []}
    ex = Example("t", "What is the revenue for each financial year in chronological order?", _context({"context": table}),
                 meta={"benchmark": "tatqa"})
    built = {name for name, _ in table_candidates(read(ex).ctx)}
    assert "every_period" not in built and "cell" in built
