"""ConvFinQA: a turn that fronts a topic ("and concerning X, ... it ...") asks about X, not the earlier answer."""

from __future__ import annotations

from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.engines.solver.tasks.convfinqa.read import _fronted_topic
from tabtext.types import Context, Example, Table, Turn

COSTS = Table.from_rows([
    ["-", "2012", "2011"],
    ["net revenue", "$ 540", "$ 500"],
    ["total cost", "$ 173", "$ 171"],
])


def ask(question: str, *earlier: tuple[str, str], off: frozenset[str] = frozenset()) -> str:
    history = tuple(t for q, a in earlier for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#0", question=question, context=Context(tables=(COSTS,), paragraphs=()),
                      history=history, meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    prediction = answer_convfinqa(example, off)
    assert prediction.answer is not None, prediction.error
    return prediction.raw


def test_the_fronted_topic_stands_in_for_its_pronoun():
    assert _fronted_topic("and concerning that total cost, by how much did it change?") == \
        "by how much did the total cost change?"
    assert _fronted_topic("and regarding the sales in that year, what percent of them was due to x?") == \
        "what percent of the sales in that year was due to x?"


def test_a_topic_that_is_itself_a_reference_or_no_pronoun_leaves_the_question():
    assert _fronted_topic("and considering its period, what was it?") == "and considering its period, what was it?"
    assert _fronted_topic("and concerning its total, what was it?") == "and concerning its total, what was it?"
    assert _fronted_topic("and concerning 2012, what was the total cost?") == \
        "and concerning 2012, what was the total cost?"


def test_a_fronted_topic_starts_a_fresh_subject_instead_of_the_earlier_line():
    earlier = (("what was the net revenue in 2012?", "540"), ("and in 2011?", "500"))
    question = "and concerning the total cost, what was it in 2012?"
    assert float(ask(question, *earlier)) == 173
    assert float(ask(question, *earlier, off=frozenset({"fronted_topic"}))) == 540  # read as "it": the earlier line
