"""Operator wordings the cue rows read: a 'how many ... exceed <amount>' counts what passes even when a share or a
change is named, 'how many times' is a ratio, and 'add up to' / 'summed' is a total."""

import pytest

from tabtext.engines.solver.reading.question import classify


@pytest.mark.parametrize("question", [
    "How many years did the gross margin percentage exceed 10%?",
    "How many items in 2019 exceeded $2,000 thousand?",
    "How many quarters did basic earnings per share exceed $0.20?",
])
def test_how_many_passing_an_amount_is_a_count(question):
    assert classify(question).kind == "count"


def test_how_many_times_is_a_ratio():
    assert classify("How many times is the 2019 revenue that of 2018?").kind == "divide"


@pytest.mark.parametrize("question", ["How much do the two largest expenses in 2018 add up to?",
                                      "What is the summed compensation of the directors?"])
def test_add_up_is_a_total(question):
    assert classify(question).kind == "sum"


def test_a_share_without_a_passing_amount_stays_a_share():
    assert classify("What percentage of total revenue was services in 2019?").kind == "divide"
