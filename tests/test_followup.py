"""Follow-up questions rewritten from the table's own row/column phrases (for engines without history)."""

from __future__ import annotations

import pytest

from tabtext.followup import is_followup, rewrite, table_phrases
from tabtext.types import Table

TABLE = Table.from_rows([["", "2019", "2018", "2017"], ["Revenue", "1,452.4", "1,146.2", "1,036.9"],
                         ["Cost of sales", "(800.1)", "(700.5)", "(650.0)"], ["Net income", "120.5", "98.2", "80.1"]])
CHANGE = "What was the change in revenue from 2018 to 2019?"


def test_table_phrases():
    cols, rows = table_phrases(TABLE)
    assert set(cols) == {"2019", "2018", "2017"}
    assert rows == ["Cost of sales", "Net income", "Revenue"]


@pytest.mark.parametrize("previous,question,expected", [
    ("What was the revenue in 2019?", "and in 2017?", "What was the revenue in 2017?"),
    ("What was the revenue in 2019?", "What about net income?", "What was the net income in 2019?"),
    (CHANGE, "and from 2017 to 2018?", "What was the change in revenue from 2017 to 2018?"),
    (CHANGE, "what is that as a percentage?", "what is the percentage change in revenue from 2018 to 2019?"),
    (CHANGE, "What was the cost of sales in 2017?", "What was the cost of sales in 2017?"),  # standalone
    ("", "and in 2017?", "and in 2017?"),
])
def test_rewrite(previous, question, expected):
    assert rewrite(question, previous, TABLE) == expected


def test_is_followup():
    assert is_followup("and in 2017?")
    assert is_followup("how about 2018?")
    assert is_followup("what is that in percent?")
    assert not is_followup("What was the revenue in 2019?")
    assert not is_followup("What is the revenue that Cost of sales offsets?", rows=["Cost of sales"])
