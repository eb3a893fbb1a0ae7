"""Question analysis: operator choice and grounding of rows, columns and periods."""

import pytest

from tabtext.engines.solver.reading.question import classify, ground
from tabtext.engines.solver.reading.table import read_table
from tabtext.types import Table


@pytest.mark.parametrize("question,kind", [
    ("What is the percentage change in revenue from 2018 to 2019?", "change_ratio"),
    ("What was the % change in net income between 2018 and 2019?", "change_ratio"),
    ("What was the change in revenue between 2018 and 2019?", "diff"),
    ("How much more did Americas earn than Asia in 2019?", "diff"),
    ("What is the average revenue for 2018 and 2019?", "average"),
    ("What is the weighted average exercise price in 2019?", "value"),
    ("What is the ratio of assets to liabilities in 2019?", "divide"),
    ("What percentage of total revenue is services revenue in 2019?", "divide"),
    ("What is the total revenue in 2018 and 2019?", "sum"),
    ("In which year was the gross margin higher?", "compare"),
    ("In which years was operating income calculated?", "list_years"),
    ("What financial items does free cash flow consist of?", "list_items"),
    ("How many years did net sales exceed $200 million?", "count"),
    ("Why did interest expense increase in fiscal 2019?", "text"),
    ("What led to the decrease in other income in 2018?", "text"),
    ("What was the revenue in 2019?", "value"),
    ("What is Trade receivables?", "text"),
    ("What was the increase in free cash flow from 2018 to 2019 driven by?", "text"),
    ("How many PSUs were granted in December 2019?", "value"),
    ("How many components are there under deferred tax assets?", "count"),
])
def test_operator_choice(question, kind):
    assert classify(question).kind == kind


def test_comparison_direction_and_year_ranges():
    assert classify("Which year had the lower cost?").direction == "min"
    assert classify("What was the average rate between 2017-2019?").years == ["2017", "2018", "2019"]
    assert classify("What was X for fiscal years 2019 to 2017 respectively?").years == ["2019", "2018", "2017"]


TABLE = Table.from_rows([
    ["", "2019", "2018"],
    ["Product revenue", "100", "80"],
    ["Service revenue", "50", "40"],
    ["Total revenue", "150", "120"],
    ["Cost of sales", "70", "60"],
])


def test_row_grounding_prefers_the_named_row():
    view = read_table(TABLE)
    for question, row in [("What was the service revenue in 2019?", 2), ("What is the total revenue in 2019?", 3),
                          ("How much was cost of sales in 2018?", 4)]:
        g = ground(view, classify(question))
        assert max(g.row_scores, key=g.row_scores.get) == row


def test_year_columns():
    g = ground(read_table(TABLE), classify("What was the change in cost of sales from 2018 to 2019?"))
    assert g.year_cols == {"2019": [1], "2018": [2]}


def test_percentage_change_asks_no_percent_column():
    """ "The percentage change in X" is a rate of X's amounts; a % in the question still asks the rates."""
    assert not classify("What is the percentage change in revenue from 2018 to 2019?").percent
    assert classify("What is the percentage change in the gross margin % from 2018 to 2019?").percent


def test_and_inside_one_row_label_names_one_row():
    view = read_table(Table.from_rows([
        ["", "2019", "2018"],
        ["Office furniture and equipment", "424", "400"],
        ["Property and equipment, net", "1,885", "1,987"],
    ]))
    g = ground(view, classify("What was the percentage change in the net property and equipment?"))
    assert g.part_rows == []
