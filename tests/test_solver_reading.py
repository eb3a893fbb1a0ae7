"""Reading a context: the units a paragraph announces and the labels a cell carries into its evidence."""

import pytest

from tabtext.commands.ask import describe
from tabtext.engines.solver.lexicon.scale import paragraph_scale
from tabtext.engines.solver.tasks.tatqa import answer_example
from tabtext.types import Context, Example, Paragraph, Table


@pytest.mark.parametrize("sentence,scale", [
    ("All amounts are in thousands.", "thousand"),
    ("All amounts in the consolidated statements are in thousands of US dollars.", "thousand"),
    ("Amounts shown in the tables below are presented in millions of euros.", "million"),
    ("The number of employees is in line with 2018.", ""),
])
def test_units_sentence_gives_the_scale(sentence, scale):
    assert paragraph_scale([Paragraph("p", sentence)]) == scale


def _ask(table, question, paragraphs=()):
    return answer_example(Example("q", question, Context((table,), tuple(paragraphs)), meta={"benchmark": "tatqa"}))


def test_units_sentence_naming_statement_and_currency_scales_the_answer():
    table = Table.from_rows([["", "2019", "2018"], ["Revenue", "1,452.4", "1,146.2"]])
    units = Paragraph("p", "All amounts in the consolidated statements are in thousands of US dollars.")
    pred = _ask(table, "What was the change in revenue from 2018 to 2019?", [units])
    assert (pred.answer.value, pred.answer.scale) == ("306.2", "thousand")


def test_two_row_header_evidence_label_shows_the_year():
    table = Table.from_rows([["", "Year ended December 31,", ""], ["", "2019", "2018"],
                             ["Revenue", "1,452.4", "1,146.2"]])
    pred = _ask(table, "What was the revenue in 2018?")
    lines = describe(pred, table)
    assert "evidence: cell row 2 col 2 = '1,146.2'  [Revenue / Year ended December 31, 2018]" in lines


def test_figures_the_text_rounds_into_millions_put_the_table_in_thousands():
    from tabtext.engines.solver.lexicon.scale import matched_scale

    paragraphs = [Paragraph("p", "Net cash was $45.0 million, consisting of $24.2 million of net income and $47.6 "
                                 "million of non-cash charges.")]
    assert matched_scale([24193.0, 47625.0, 20402.0], paragraphs) == "thousand"
    assert matched_scale([24193.0, 99.0], paragraphs) == ""  # one rounded figure is not enough


def test_change_of_an_amount_row_reads_its_years_not_the_change_column():
    """Amount rows between rate rows ("Percent of product revenues") are amounts, and a unit under one year
    ("(dollars in millions)") does not make it a column group of its own."""
    table = Table.from_rows([
        ["", "2019", "2018", "2018-2019 Dollar/Point Change"],
        ["", "", "(dollars in millions)", ""],
        ["Product gross profit", "1,105.6", "1,002.5", "103.1"],
        ["Percent of product revenues", "58.6%", "58.0%", "0.6"],
        ["Service gross profit", "234.2", "217.9", "16.3"],
        ["Percent of service revenues", "65.1%", "63.2%", "1.9"],
    ])
    pred = _ask(table, "What was the percentage change in service gross profit from 2018 to 2019?")
    assert pred.answer.value == "7.48"


def test_percentage_change_reads_the_amount_columns_not_the_shares():
    table = Table.from_rows([
        ["", "2019", "", "2018", ""],
        ["", "$", "%", "$", "%"],
        ["Partner A", "1,315,706", "5.3", "6,841,386", "32.3"],
        ["Partner C", "4,051,217", "16.5", "2,584,103", "12.2"],
    ])
    pred = _ask(table, "What is the percentage change in revenue generated from Partner C from 2018 to 2019?")
    assert pred.answer.value == "56.77"
