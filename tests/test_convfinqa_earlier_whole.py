"""ConvFinQA: "what percentage of that X ...?" takes as its whole the number the earlier turns used for X."""

from __future__ import annotations

from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.types import Context, Example, Table, Turn

DEBT = Table.from_rows([
    ["-", "total", "2020", "2021", "2022"],
    ["long-term debt", "$ 13093.0", "$ 1396.3", "$ 3338.4", "$ 1150.0"],
    ["operating leases", "$ 4839.7", "$ 1020.0", "$ 900.0", "$ 800.0"],
    ["total obligations", "$ 17932.7", "$ 2416.3", "$ 4238.4", "$ 1950.0"],
])


def ask(question: str, *earlier: tuple[str, str], off: frozenset[str] = frozenset()) -> str:
    history = tuple(t for q, a in earlier for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#0", question=question, context=Context(tables=(DEBT,), paragraphs=()),
                      history=history, meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    prediction = answer_convfinqa(example, off)
    assert prediction.answer is not None, prediction.error
    return prediction.meta["formula"]


def test_that_whole_is_the_number_the_earlier_turn_used():
    earlier = (("what portion of the total obligations are due to the long-term debt?", "13093.0 / 17932.7"),)
    question = "and what percentage of that long-term debt is due in 2020?"
    assert ask(question, *earlier) == "1396.3 / 13093.0"
    assert ask(question, *earlier, off=frozenset({"earlier_whole"})) == "1396.3 / 3338.4"  # another year's part


def test_a_whole_without_a_demonstrative_is_read_from_the_document():
    earlier = (("what portion of the total obligations are due to the long-term debt?", "13093.0 / 17932.7"),)
    assert ask("what percentage of the total obligations is due in 2020?", *earlier) != "2416.3 / 13093.0"
