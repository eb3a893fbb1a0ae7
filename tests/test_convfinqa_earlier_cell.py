"""ConvFinQA: the earlier answer's cell is the one that fits the turn that asked for it, and moves from its own year."""

from __future__ import annotations

from tabtext.engines.solver.tasks.convfinqa import ground
from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.types import Context, Example, Table, Turn

# years as rows; 81.15 is 2011's price, read after "in the year before" (a year the question does not write)
BUYBACKS = Table.from_rows([
    ["-", "total cost of shares purchased", "total number of shares purchased", "average price paid per share"],
    ["2012", "$ 971883", "14087.8", "$ 68.99"],
    ["2011", "$ 2997688", "36940.4", "$ 81.15"],
    ["2010", "$ 1716675", "26624.8", "$ 64.48"],
])
# 31 is written twice: the volatility of 2014 and the fair value per share of 2016
OPTIONS = Table.from_rows([
    ["-", "2016", "2015", "2014"],
    ["expected volatility", "33% ( 33 % )", "30% ( 30 % )", "31% ( 31 % )"],
    ["fair value per share", "$ 31.00", "$ 18.13", "$ 11.75"],
])


def ask(table: Table, question: str, *earlier: tuple[str, str]) -> str:
    history = tuple(t for q, a in earlier for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#0", question=question, context=Context(tables=(table,), paragraphs=()),
                      history=history, meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    prediction = answer_convfinqa(example)
    assert prediction.answer is not None, prediction.error
    return prediction.raw


BUYBACK_TURNS = (("as of december 31 , 2012 , what was the total cost of shares purchased?", "971883"),
                 ("and in the year before, what was the average price paid per share?", "81.15"))


def test_the_earlier_answer_moves_from_its_own_cells_year():
    assert ask(BUYBACKS, "what was it in 2010?", *BUYBACK_TURNS) == "64.48"


def test_the_earlier_answer_is_the_cell_that_fits_the_turn_that_asked_it():
    earlier = ("what is the fair value per share in 2016?", "31")
    assert ask(OPTIONS, "what is it in 2015?", earlier) == "18.13"
    cell = ground.Document.from_context(Context(tables=(OPTIONS,), paragraphs=())).locate_asked(
        31.0, ["fair", "value", "share"], ["2016"], earlier[0])
    assert cell is not None and cell.row == "fair value per share" and cell.years == ("2016",)


def test_without_them_the_first_cell_holding_the_number_is_moved(monkeypatch):
    monkeypatch.setattr(ground, "ASKED", False)
    monkeypatch.setattr(ground, "OWN_YEAR", False)
    assert ask(BUYBACKS, "what was it in 2010?", *BUYBACK_TURNS) != "64.48"
