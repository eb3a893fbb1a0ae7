"""training/: train derivations read as expressions and grounded in the parsed table (weak evidence)."""

from __future__ import annotations

from collections import Counter

import pytest
from training.derivation_evidence import column_years, conventions, order_of
from training.derivations import clean, read
from training.grounding import cell_number, ground

from tabtext.types import Context, Example, Paragraph, Table

TABLE = Table(id="t", rows=(
    ("", "2019", "2018"),
    ("Revenue", "1,617", "1,434"),
    ("Valuation allowance", "(71)", "—"),
    ("Total", "1,546", "1,434"),
))


def _example(derivation: str, paragraph: str = "") -> Example:
    paragraphs = (Paragraph(id="p", text=paragraph),) if paragraph else ()
    return Example(uid="q", question="?", context=Context(tables=(TABLE,), paragraphs=paragraphs),
                   meta={"derivation": derivation, "answer_type": "arithmetic"})


@pytest.mark.parametrize(("text", "shape", "value"), [
    ("(1,617-1,434)/1,434", "change_ratio", (1617 - 1434) / 1434),
    ("9,431 / 8,728 - 1", "change_ratio", 9431 / 8728 - 1),
    ("$87,608-$71,896", "difference", 87608 - 71896),
    ("(37,600 + 47,900) / 2", "average", 42750),
    ("395+(-21)+(-78)", "sum", 296),
    ("7,561/56,177", "ratio", 7561 / 56177),
    ("33%*17,313", "product", 0.33 * 17313 * 100),
    ("[(61+9)/2] / [(87+9)/2]", "other", 35 / 48),
])
def test_a_derivation_reads_as_its_shape_and_value(text, shape, value):
    d = read(text)
    assert d.shape == shape
    assert d.value == pytest.approx(value)


def test_a_standalone_accounting_bracket_is_a_negative_number_but_a_grouping_is_not():
    assert clean("(71) + 5") == "(-71) + 5"
    assert clean("(1,617-1,434)/1,434") == "(1617-1434)/1434"
    negative = read("(71) + 5").operands[0]
    assert negative.value == -71 and negative.negative_written
    assert read("not a sum") is None and read("") is None


def test_operands_ground_in_cells_by_magnitude_and_nil_cells_hold_zero():
    g = ground(_example("1,617 - 71 - 0"))
    assert g.cells[0] == ((1, 1),)
    assert g.cells[1] == ((2, 1),)  # "(71)" read as -71 matches the magnitude 71
    assert (2, 2) in g.cells[2]
    assert g.fully_grounded
    assert g.mapping() == {"mapping": {"table": [[1, 1], [2, 1], [2, 2]]}}
    assert cell_number("(9)") == -9 and cell_number("—") == 0


def test_paragraph_numbers_and_constants_ground_what_the_table_lacks():
    g = ground(_example("(1,617 + 250) / 2", "Sales were $250 million."))
    assert g.spans[1] and not g.cells[1]
    assert g.constant[2] and g.fully_grounded
    assert not ground(_example("1,617 - 999")).fully_grounded


def test_the_conventions_count_period_order_and_how_negative_cells_are_written():
    assert column_years(TABLE) == {1: 2019, 2: 2018}
    later_first = ground(_example("1,617 - 1,434"))
    assert order_of(later_first, TABLE, 0, 1) == ["one row: left column first", "one row: later period first"]
    found = conventions([(later_first, TABLE), (ground(_example("-71 + 1,617")), TABLE),
                         (ground(_example("(71 + 1,546) / 2")), TABLE)])
    assert found["difference"] == Counter({"one row: left column first": 1, "one row: later period first": 1})
    assert found["signs"] == Counter({("sum", "with its minus"): 1, ("average", "as the bare magnitude"): 1})
    assert found["average"] == Counter({"over items (one column)": 1})


def test_operand_labels_tell_the_grounded_cells_from_a_coincidence():
    from training.operand_labels import reads_grounded_cells, table_operands

    from tabtext.engines.solver.program.program import Cell, Const, Program, Span

    operands = table_operands(_example("1,617-1,434"))
    assert operands == (((1, 1),), ((1, 2), (3, 2)))  # 1,434 is in two cells: either counts
    revenue = Program("subtract", (Cell(1, 1, "1,617", 1617.0), Cell(1, 2, "1,434", 1434.0)))
    total = Program("subtract", (Cell(1, 1, "1,617", 1617.0), Cell(3, 2, "1,434", 1434.0)))
    other = Program("subtract", (Cell(3, 1, "1,546", 1546.0), Cell(1, 2, "1,434", 1434.0)))
    assert reads_grounded_cells(revenue, operands) is True
    assert reads_grounded_cells(total, operands) is True
    assert reads_grounded_cells(other, operands) is False
    assert reads_grounded_cells(Program("subtract", (Cell(0, 1, "", 1617.0), Cell(0, 2, "", 1434.0))),
                                operands, offset=1) is True  # a block's rows count from where it starts
    assert reads_grounded_cells(Program("span", (Span(0, 0, 3, "183"),)), operands) is None
    assert reads_grounded_cells(Program("divide", (Cell(1, 1, "1,617", 1617.0), Const(100.0))), operands) is False
    assert table_operands(_example("5,000-1,434")) is None  # 5,000 is in no cell


def test_an_average_count_is_no_operand_cell_even_when_a_cell_holds_it():
    from training.operand_labels import reads_grounded_cells, table_operands

    from tabtext.engines.solver.program.program import Cell, Program

    table = Table(id="t", rows=(("", "2019", "2018"), ("Revenue", "1,617", "1,434"), ("Stores", "2", "2")))
    example = Example(uid="q", question="?", context=Context(tables=(table,), paragraphs=()),
                      meta={"derivation": "(1,617+1,434)/2", "answer_type": "arithmetic"})
    operands = table_operands(example)
    assert operands == (((1, 1),), ((1, 2),))
    average = Program("average", (Cell(1, 1, "1,617", 1617.0), Cell(1, 2, "1,434", 1434.0)))
    assert reads_grounded_cells(average, operands) is True
