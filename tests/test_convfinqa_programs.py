"""ConvFinQA read into Programs: earlier formulas at the boundary, every answer computed by its Program."""

from __future__ import annotations

from tabtext.engines.solver.program.program import Cell, Const, Program, Ref
from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.engines.solver.tasks.convfinqa.formula import read_formula
from tabtext.types import Example, Turn
from test_convfinqa_solver import CONTEXT


def test_a_formula_is_read_into_the_program_tree_it_stands_for():
    program = read_formula("(15 - 19) / 19")
    assert program == Program("divide", (Program("subtract", (Const(15.0, "15"), Const(19.0, "19"))),
                                         Const(19.0, "19")))
    assert read_formula("1,250") == Program("lookup", (Const(1250.0, "1,250"),))
    assert read_formula("11.4%").value() == 0.114
    assert read_formula("-5 + 2").args[0] == Const(-5.0, "-5")


def test_what_is_no_arithmetic_is_not_read():
    assert read_formula("5 > 3") is None  # a yes/no comparison
    assert read_formula("net revenue") is None
    assert read_formula("") is None


def test_every_answered_turn_carries_the_program_that_computes_it():
    turns = [("what was the net revenue in 2007?", "1250"), ("and in 2005?", "1000"),
             ("what was the change?", "1250 - 1000"), ("and the percentage change?", "(1250 - 1000) / 1000"),
             ("what is that times 100?", "((1250 - 1000) / 1000) * 100")]
    for k, (question, _) in enumerate(turns):
        history = tuple(t for q, a in turns[:k] for t in (Turn("user", q), Turn("assistant", a)))
        pred = answer_convfinqa(Example(uid=f"d#{k}", question=question, context=CONTEXT, history=history,
                                        meta={"benchmark": "chatrag", "dataset": "convfinqa"}))
        assert pred.answer is not None, pred.error
        program = Program.from_json(pred.meta["program"])
        earlier = tuple(Program.from_json(h) for h in pred.meta["program"]["history"])
        assert float(pred.raw) == round(program.value(earlier), 5), question
    assert earlier[2] == read_formula("1250 - 1000")  # the earlier turns are their formulas' Programs


def _proposal(pattern: str, position: int, text: str, after_stop: bool = False):
    from tabtext.engines.solver.tasks.convfinqa.choose import Proposal
    from tabtext.engines.solver.tasks.convfinqa.turns import Plan

    return Proposal(pattern, position, after_stop, Plan(text), text, read_formula(text), ())


def test_without_weights_the_table_order_decides_and_a_stop_ends_the_turn():
    from tabtext.engines.solver.tasks.convfinqa.choose import choose

    first, second = _proposal("explicit", 0, "5"), _proposal("lookup", 26, "7")
    assert choose([first, second]) is first
    assert choose([_proposal("lookup", 26, "7", after_stop=True)]) is None
    assert choose([]) is None


def test_a_ranker_chooses_the_best_scored_proposal():
    from tabtext.engines.solver.tasks.convfinqa.choose import choose

    first, second = _proposal("explicit", 0, "5"), _proposal("lookup", 26, "7")
    assert choose([first, second], {"bias": 0.0, "weights": {"pattern=lookup": 1.0}}) is second
    assert choose([first, second], {"bias": 0.0, "weights": {"first": 1.0}}) is first


def test_and_in_another_year_is_an_edit_of_the_earlier_program():
    from tabtext.engines.solver.tasks.convfinqa.formula import render, with_numbers

    earlier = read_formula("(1250 - 1000) / 1000")
    moved = with_numbers(earlier, {1250.0: Cell(1, 2, "$ 1,100", 1100.0), 1000.0: Cell(1, 3, "$ 1,000", 1000.0)})
    assert moved.op == "divide" and moved.args[1] == Cell(1, 3, "$ 1,000", 1000.0)
    assert render(moved) == "(1100 - 1000) / 1000"
    history = tuple(t for q, a in [("what was the net revenue in 2007?", "1250"),
                                    ("and the net revenue less the operating expenses in 2007?", "1250 - 400")]
                    for t in (Turn("user", q), Turn("assistant", a)))
    pred = answer_convfinqa(Example(uid="d#2", question="and in 2006?", context=CONTEXT, history=history,
                                    meta={"benchmark": "chatrag", "dataset": "convfinqa"}))
    program = Program.from_json(pred.meta["program"])
    assert pred.raw == "720.0" and program.op == "subtract" and all(isinstance(a, Cell) for a in program.args)


def test_a_first_row_of_plain_amounts_is_data_not_a_header():
    from tabtext.types import Context, Table

    table = Table.from_rows([["fiscal 2016", "$ 377.0"], ["fiscal 2017", "$ 365.6"], ["fiscal 2018", "$ 355.1"]])
    pred = answer_convfinqa(Example(uid="d#0", question="what was the change in the amortization expense from 2016 "
                                    "to 2017?", context=Context(tables=(table,)),
                                    meta={"benchmark": "chatrag", "dataset": "convfinqa"}))
    assert Program.from_json(pred.meta["program"]) == Program(
        "subtract", (Cell(1, 1, "$ 365.6", 365.6, "fiscal 2017 "), Cell(0, 1, "$ 377.0", 377.0, "fiscal 2016 ")),
        pattern="convfinqa")
    assets = Table.from_rows([["cash", "$ 45826"], ["goodwill", "203828"], ["total identifiable net assets", "62154"]])
    pred = answer_convfinqa(Example(uid="d#0", question="what portion of the total identifiable net assets is cash?",
                                    context=Context(tables=(assets,)),
                                    meta={"benchmark": "chatrag", "dataset": "convfinqa"}))
    assert Program.from_json(pred.meta["program"]) == Program(
        "divide", (Cell(0, 1, "$ 45826", 45826.0, "cash "), Cell(2, 1, "62154", 62154.0, "total identifiable net assets ")),
        pattern="convfinqa")
    quarters = Table.from_rows([["2002 first quarter", "high $ 17.84", "low $ 4.11"], ["second quarter", "9.17", "3.55"]])
    pred = answer_convfinqa(Example(uid="d#0", question="what is the sum of the high and low stock price for the "
                                    "second quarter 2002?", context=Context(tables=(quarters,)),
                                    meta={"benchmark": "chatrag", "dataset": "convfinqa"}))
    assert pred.raw == "12.72"  # a header naming its year beside a period is still the header


def test_a_new_value_that_lands_on_an_earlier_operand_is_the_operand_of_the_year_asked():
    from tabtext.types import Context, Table

    table = Table.from_rows([["quarter ended", "2002 dividend", "2001 dividend"], ["december 31", "$ .455", "$ .45"],
                             ["march 31", "$ .450", "$ .43"]])
    history = (Turn("user", "what is the net change in the cash dividend from 2002 to 2003?"),
               Turn("assistant", ".455 - .450"))
    pred = answer_convfinqa(Example(uid="d#1", question="what is that divided by the dividend payment in 2002?",
                                    context=Context(tables=(table,)), history=history,
                                    meta={"benchmark": "chatrag", "dataset": "convfinqa"}))
    assert Program.from_json(pred.meta["program"]) == Program(
        "divide", (Ref(0), Cell(2, 1, "$ .450", 0.45, "march 31 2002 dividend")), pattern="convfinqa")
    assert pred.raw == "0.01111"


def test_the_difference_of_two_percent_changes_is_in_the_order_the_question_names_them():
    turns = [("what was the net revenue in 2007 less that in 2006?", "1250 - 1100"),
             ("what is that divided by 1100?", "(1250 - 1100) / 1100"),
             ("what were the operating expenses in 2007 less those in 2006?", "400 - 380"),
             ("what is that divided by 380?", "(400 - 380) / 380")]
    history = tuple(t for q, a in turns for t in (Turn("user", q), Turn("assistant", a)))
    pred = answer_convfinqa(Example(uid="d#4", question="what is the difference of the net revenue percent change "
                                    "and the operating expenses percent change?", context=CONTEXT, history=history,
                                    meta={"benchmark": "chatrag", "dataset": "convfinqa"}))
    assert Program.from_json(pred.meta["program"]) == Program("subtract", (Ref(1), Ref(3)), pattern="convfinqa")
