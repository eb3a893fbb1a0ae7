"""The ConvFinQA solver on hand-written dialogues: references to earlier turns, grounding and operators."""

from __future__ import annotations

import pytest

from tabtext.engines.solver.convfinqa import answer_convfinqa, detect_ops
from tabtext.engines.solver.convfinqa_ground import cell_number, split_pair, years_in
from tabtext.types import Context, Example, Paragraph, Table, Turn

TABLE = Table.from_rows([
    ["( in millions )", "2007", "2006", "2005"],
    ["net revenue", "$ 1,250", "$ 1,100", "$ 1,000"],
    ["operating expenses", "400", "380", "350"],
    ["total debt", "( 90 )", "80", "70"],
])
TEXT = ("the company had unamortized costs associated with its credit facilities of $ 11 million and $ 8 million "
        "as of december 31 , 2007 and 2006 , respectively . headcount grew to 5400 employees .")
CONTEXT = Context(tables=(TABLE,), paragraphs=(Paragraph("p", TEXT),))


def ask(question: str, *earlier: tuple[str, str]) -> str:
    history = tuple(t for q, a in earlier for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#0", question=question, context=CONTEXT, history=history,
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    prediction = answer_convfinqa(example)
    assert prediction.answer is not None, prediction.error
    assert prediction.answer.derivation  # every answer says how it was computed
    return prediction.raw


def test_lookup_in_table_by_row_words_and_year_column():
    assert ask("what was the net revenue in 2006?") == "1100.0"
    assert ask("what were operating expenses in 2005?") == "350.0"


def test_lookup_in_text_with_respectively():
    assert ask("what were the unamortized costs of the credit facilities in 2006?") == "8.0"
    assert ask("what were the unamortized costs of the credit facilities in 2007?") == "11.0"


def test_and_in_another_year_reuses_the_subject():
    q1 = ("what was the net revenue in 2007?", "1250")
    assert ask("and in 2005?", q1) == "1000.0"
    assert ask("and what was it in 2006?", q1) == "1100.0"


def test_change_then_percentage_change_over_earlier_answers():
    q1, q2 = ("what was the net revenue in 2007?", "1250"), ("and in 2005?", "1000")
    assert ask("what was the change then?", q1, q2) == "250.0"
    q3 = ("what was the change then?", "1250 - 1000")
    assert ask("what percentage change does this represent?", q1, q2, q3) == "0.25"  # a fraction, as the gold programs write it
    assert ask("and how much does that change represent in relation to the 2005 value?", q1, q2, q3) == "0.25"


def test_previous_answer_as_a_percentage_and_literal_arithmetic():
    q1 = ("what is the ratio of operating expenses to net revenue in 2007?", "400 / 1250")
    assert ask("what is that times 100?", q1) == "32.0"
    assert ask("what is that less 1?", ("what was the net revenue in 2007?", "1250")) == "1249.0"
    assert ask("what is 100000 divided by 100?") == "1000.0"


def test_fresh_two_year_operators():
    assert ask("what was the change in net revenue from 2006 to 2007?") == "150.0"  # later minus earlier
    assert ask("what was the percentage change in net revenue from 2005 to 2007?") == "0.25"
    assert ask("what was the average net revenue in 2006 and 2007?") == "1175.0"
    assert ask("what was the ratio of net revenue in 2007 to 2005?") == "1.25"


def test_sum_and_average_of_earlier_lookups():
    q1, q2 = ("what was the net revenue in 2007?", "1250"), ("and in 2006?", "1100")
    assert ask("what is the sum?", q1, q2) == "2350.0"
    assert ask("what is the average per year?", q1, q2, ("what is the sum?", "1250 + 1100")) == "1175.0"


def test_part_of_total_ratio_and_negative_cells():
    assert ask("what portion of the net revenue in 2007 was operating expenses?") == "0.32"
    assert ask("what was the total debt in 2007?") == "-90.0"


def test_no_grounding_gives_an_error_not_an_answer():
    example = Example(uid="x", question="what?", context=Context(), meta={"benchmark": "chatrag"})
    prediction = answer_convfinqa(example)
    assert prediction.answer is None and prediction.error


@pytest.mark.parametrize("question, op", [
    ("what was the change over the years?", "change"),
    ("what percentage change does this represent?", "pct_change"),
    ("what is the sum?", "sum"),
    ("what is the average per year?", "average"),
    ("what is that times 100?", "x100"),
    ("what is the ratio of a to b?", "ratio"),
])
def test_operator_cues(question, op):
    assert detect_ops(question)[0] == op


def test_helpers():
    assert years_in("as of 12/31/06 and fiscal 2008") == ["2006", "2008"]
    assert cell_number("$ 1,452.4") == (1452.4, "1452.4")
    assert cell_number("( 19 )") == (-19.0, "-19")
    assert cell_number("-26 ( 26 )") == (-26.0, "-26")
    assert cell_number("n/a") is None
    assert split_pair("what is the ratio of fair value to carrying value?") == ("fair value", "carrying value")


def test_year_operands_of_an_earlier_change():
    change = ("what was the change in net revenue from 2005 to 2007?", "1250 - 1000")
    assert ask("what was the 2005 value?", change) == "1000.0"  # the operand, not a moved formula
    assert ask("what is the net change over the 2005 value?", change, ("what was the 2005 value?", "1000")) == "0.25"
    # a percentage change is taken over the earlier year's operand
    assert ask("and what is this change as a percentage of the base?", change) == "0.25"


def test_relative_years_and_that_year():
    q1 = ("what was the net revenue in 2006?", "1100")
    assert ask("and in the previous year?", q1) == "1000.0"
    assert ask("and what were operating expenses in that year?", q1) == "380.0"


def test_unit_only_follow_ups_rescale_the_earlier_answer():
    q1 = ("what were the total shares in 2007?", "4446967 * 86.98")
    assert ask("what about in millions?", q1) == "386.79719"
    assert ask("and what is that in percentage?", ("what is the ratio?", "400 / 1250")) == "32.0"


def test_part_or_whole_follows_the_pronoun():
    q1 = ("what was the net revenue in 2007?", "1250")
    assert ask("what portion of that was operating expenses in 2007?", q1) == "0.32"  # pronoun is the whole
    q2 = ("what were operating expenses in 2007?", "400")
    assert ask("what is this as a portion of the net revenue in 2007?", q2) == "0.32"  # pronoun is the part


def test_ratio_of_two_named_earlier_turns():
    turns = (("what were operating expenses in 2007?", "400"), ("and the net revenue in 2006?", "1100"),
             ("what was the total debt in 2006?", "80"))
    assert ask("what were the operating expenses as a portion of the net revenue?", *turns) == \
        str(round(400 / 1100, 5))
