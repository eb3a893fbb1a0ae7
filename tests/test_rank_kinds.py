"""The kind of answer a candidate gives (solver/rank/kinds.py), from what its program answers when run."""

from __future__ import annotations

from tabtext.engines.solver.program.program import Cell, Program, Span
from tabtext.engines.solver.rank import kinds

A = Cell(1, 1, "10", 10.0, "Revenue", "2019")
B = Cell(2, 1, "30", 30.0, "Costs", "2019")


def test_an_argmax_reads_several_cells_and_answers_one_value():
    assert kinds.kind(Program("argmax", (A, B))) == "span"
    assert kinds.kind(Program("spans", (A, B))) == "multi-span"
    assert kinds.kind(Program("lookup", (A,))) == "span"
    assert kinds.kind(Program("subtract", (A, B))) == "arithmetic"
    assert kinds.kind(Program("count", (A, B))) == "count"


def test_paragraph_spans_are_text_kinds():
    one = Span(0, 0, 5, "sales")
    assert kinds.kind(Program("span", (one,))) == "text span"
    assert kinds.kind(Program("spans", (one, Span(0, 10, 15, "costs")))) == "text spans"


def test_a_kind_fits_the_answer_type_and_never_the_other_source():
    assert kinds.fits("span", ("span", "table-text"))
    assert kinds.fits("text span", ("span", "table-text"))
    assert not kinds.fits("span", ("multi-span", "table"))
    assert not kinds.fits("text span", ("span", "table"))
    assert not kinds.fits("span", ("span", "text"))
    assert kinds.fits("arithmetic", ("arithmetic", "text"))

