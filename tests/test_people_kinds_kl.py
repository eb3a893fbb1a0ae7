"""Kinds the user sets K and L showed, each on a table written here (none is from a benchmark set): the size of a
fall asked for ("how much did it fall?")."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown

ORCHARD = """Fruit (kg),2022,2023,2024
Apples,1200,1150,980
Pears,430,470,455
"""


def answer(question: str, table: str) -> str:
    pred = ask(question, tables=[table])
    return shown(pred.answer, question) if found(pred) else "no answer found"


def test_the_size_of_a_fall_is_asked() -> None:
    assert answer("How much did the apple crop fall from 2023 to 2024?", ORCHARD) == "170"
    assert answer("By what percentage did pears drop from 2023 to 2024?", ORCHARD) == "3.19%"
    assert answer("What was the change in apples from 2023 to 2024?", ORCHARD) == "-170"  # a change keeps its sign
