"""ConvFinQA: "and what was this change but for X ...?" is the earlier change moved to X, not a percent change."""

from __future__ import annotations

from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.types import Context, Example, Table, Turn

MARGINS = Table.from_rows([
    ["-", "2003", "2002", "2001"],
    ["operating profit for americas as a percentage of net sales", "51.2%", "49.0%", "47.4%"],
    ["operating profit for europe as a percentage of net sales", "26.3%", "22.0%", "19.5%"],
])
EARLIER = (("what was the operating profit for the americas as a percentage of net sales in 2003?", "51.2"),
           ("and what was it in 2001?", "47.4"),
           ("by what amount, then, did it change over the years?", "51.2 - 47.4"))
QUESTION = "and what was this change but for the operating profit for europe as a percentage of net sales, in the " \
           "same period?"


def formula(question: str, off: frozenset[str] = frozenset()) -> str:
    history = tuple(t for q, a in EARLIER for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#3", question=question, context=Context(tables=(MARGINS,), paragraphs=()),
                      history=history, meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    prediction = answer_convfinqa(example, off)
    assert prediction.answer is not None, prediction.error
    return prediction.meta["formula"]


def test_this_change_but_for_another_line_moves_the_change():
    assert formula(QUESTION) == "26.3 - 19.5"


def test_without_the_refinement_it_was_read_as_a_percent_change():
    assert formula(QUESTION, frozenset({"same_change_for"})) == "(51.2 - 47.4) / 47.4"
