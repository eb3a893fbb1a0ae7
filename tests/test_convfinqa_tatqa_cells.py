"""TAT-QA train read as first ConvFinQA turns for the cell ranker (training/convfinqa_cells.py)."""

from __future__ import annotations

from training.convfinqa_cells import as_convfinqa, header_rows

from tabtext.engines.solver.tasks.convfinqa.ground import Document
from tabtext.types import Context, Example, Table

ROWS = (("", "", "For the Years Ended December 31,", ""),
        ("", "2019", "2018", "2017"),
        ("Numerator:", "", "", ""),
        ("Consolidated net income", "1,503", "1,848", "273"))


def _example(rows) -> Example:
    return Example("t#0", "What was the consolidated net income in 2018?", Context(tables=(Table("t", rows),)))


def test_the_rows_above_the_first_amount_head_the_table():
    assert header_rows(ROWS) == 3
    assert header_rows((("", "2019 %", "2018 %"), ("Rate of inflation", "2.9", "2.9"))) == 1


def test_merged_header_gives_each_cell_its_column_year_and_the_rows_shift_up():
    shaped, shift = as_convfinqa(_example(ROWS))
    rows = shaped.context.tables[0].rows
    assert rows[0] == ("Numerator:", "2019", "For the Years Ended December 31, 2018", "2017")
    assert rows[1:] == ROWS[3:] and shift == 2
    cell = next(c for c in Document.from_context(shaped.context).candidates if c.value == 1848)
    assert cell.years == ("2018",) and cell.key == (0, 3 - shift, 2)


def test_a_one_row_header_stays_as_it_is():
    rows = (("", "2019", "2018"), ("Free cash flow", "24.7", "4.0"))
    shaped, shift = as_convfinqa(_example(rows))
    assert shaped.context.tables[0].rows == rows and shift == 0
