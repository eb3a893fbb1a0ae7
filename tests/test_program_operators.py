"""The operator table: one place names each operator; a Program runs its own tree and renders only for output."""

from __future__ import annotations

import pytest

from tabtext.calc import CalcError, evaluate
from tabtext.engines.solver.program.operators import OPERATORS, asked, operator
from tabtext.engines.solver.program.program import Cell, Const, Program, Ref

NUMERIC = [op for op in OPERATORS if op.numeric]


@pytest.mark.parametrize("op", NUMERIC, ids=lambda op: op.name)
def test_the_rendered_derivation_computes_what_the_operator_runs(op):
    values = [1250.5, -310.25, 42.0][: op.most or 3]
    program = Program(op.name, tuple(Const(v) for v in values))
    assert evaluate(program.formula()) == pytest.approx(program.value(), rel=1e-9)


def test_a_program_runs_without_rendering_itself(monkeypatch):
    nested = Program("change_ratio", (Program("add", (Const(30.0), Cell(1, 1, "70", 70.0))), Const(80.0)))
    monkeypatch.setattr(Program, "formula", lambda self, history=(): pytest.fail("value() rendered a formula"))
    assert nested.value() == pytest.approx(25.0)
    assert Program("subtract", (Ref(0), Const(5.0))).value((Program("lookup", (Const(12.0),)),)) == 7.0


def test_operator_errors_are_calculator_errors():
    with pytest.raises(CalcError):
        Program("divide", (Const(1.0), Const(0.0))).value()
    with pytest.raises(CalcError):
        Program("subtract", (Const(1.0),)).value()
    with pytest.raises(CalcError):
        Program("multiply", (Const(1e20), Const(1e20))).value()
    with pytest.raises(ValueError, match="unknown operator 'modulo'"):
        Program("modulo", (Const(1.0), Const(2.0)))


def test_one_name_per_operator_and_one_map_from_the_names_paths_use():
    assert [op.name for op in OPERATORS] == list(dict.fromkeys(op.name for op in OPERATORS))
    kinds = [kind for op in OPERATORS for kind in op.asked_as]
    assert len(kinds) == len(set(kinds))
    assert asked("sum").name == "add" and asked("diff").name == "subtract" and asked("cell").name == "lookup"
    assert asked("text_span") is None


def test_json_of_an_earlier_operator_name_reads_as_todays():
    program = Program.from_json({"op": "sum", "args": [{"kind": "const", "value": 2.0, "text": ""},
                                                       {"kind": "const", "value": 3.0, "text": ""}]})
    assert program.op == "add" and program.run().value == "5"
    assert operator("sum") is operator("add")
