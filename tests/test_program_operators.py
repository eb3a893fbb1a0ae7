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


def _cells(col: int, values: list[float]) -> tuple[Cell, ...]:
    labels = ["Cloud", "Hardware1", "Consulting"]  # "Hardware1": a footnote mark the answer drops
    return tuple(Cell(r + 1, col, str(v), v, labels[r], "FY 2018/19" if col == 1 else "2017") for r, v in
                 enumerate(values))


def test_choosing_operators_run_on_their_operands_each_time():
    largest = Program("argmax", _cells(1, [500.0, 400.0, 100.0]), key="row")
    assert largest.run().value == ("Cloud",) and largest.cells() == largest.args[:1]
    moved = Program("argmax", _cells(2, [300.0, 450.0, 120.0]), key="row")  # the same question, another period
    assert moved.run().value == ("Hardware",)
    assert Program("argmin", _cells(1, [500.0, 400.0, 100.0]), key="period").run().value == ("2019",)
    above = Program("filter", _cells(2, [300.0, 450.0, 120.0]), key="row", test=(">", 200.0))
    assert above.run().value == ("Cloud", "Hardware") and len(above.evidence()) == 2
    assert Program("count", above.args, test=("<", 200.0)).run().value == "1"
    assert Program("count", above.args).run().value == "3"  # no test: every operand (the rows of a section)


def test_a_choosing_program_travels_as_json_and_refuses_a_bad_key_or_test():
    above = Program("filter", _cells(1, [500.0, 400.0, 100.0]), key="column", test=(">", 150.0))
    again = Program.from_json(above.to_json())
    assert again == above and again.run().value == ("FY 2018/19", "FY 2018/19")
    with pytest.raises(ValueError, match="unknown key"):
        Program("argmax", above.args, key="colour")
    with pytest.raises(ValueError, match="a test is"):
        Program.from_json({**above.to_json(), "test": ["=", 1]})
    with pytest.raises(ValueError, match="needs 2 operands, has 1"):
        Program.from_json({"op": "divide", "args": [{"kind": "const", "value": 1.0, "text": ""}]})


def test_a_follow_up_runs_the_earlier_choice_again_on_another_period():
    from tabtext.engines.solver.dialogue.conversation import Dialogue
    from tabtext.types import Context, Table

    table = Table("t", (("", "2019", "2018"), ("Cloud", "500", "300"), ("Hardware", "400", "450"),
                        ("Consulting", "100", "120")))
    dialogue = Dialogue(Context((table,), ()))
    assert dialogue.ask("Which segment had the largest revenue in 2019?").answer.value == ("Cloud",)
    reply = dialogue.ask("and in 2018?")
    assert reply.answer.value == ("Hardware",) and reply.read_as.startswith("the largest of")
    assert dialogue.ask("Which segments had revenue above 350 in 2019?").answer.value == ("Cloud", "Hardware")
    assert dialogue.ask("and in 2018?").answer.value == ("Hardware",)


def test_the_periods_of_a_table_are_the_spans_operands_not_a_stored_answer():
    from tabtext.engines.solver.patterns.table_patterns import table_candidates
    from tabtext.engines.solver.rank.candidates import read
    from tabtext.types import Context, Example, Table

    table = Table("t", (("", "2019", "2018", "2017"), ("Revenue", "500", "300", "200")))
    reading = read(Example("q", "In which years was the revenue calculated?", Context((table,), ())))
    program, route = dict(table_candidates(reading.ctx))["table_periods"]
    assert program.answer_value is None and route == "list_years"
    assert program.run().value == ("2019", "2018", "2017")
