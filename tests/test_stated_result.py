"""The stated_result pattern proposes the cell a table already states for the result a question asks for
(patterns/stated_result.py): the same results named, not merely one word shared."""

from tabtext.engines.solver.patterns.stated_result import result_words, stated_result
from tabtext.engines.solver.rank.candidates import read
from tabtext.types import Context, Example, Table

_TABLE = [["", "2019", "2018", "Change", "% Change"], ["Revenue", "520", "400", "120", "30%"],
          ["Total costs", "300", "290", "10", "3%"]]


def _stated(question: str):
    example = Example("q", question, Context((Table.from_rows(_TABLE),), ()), meta={"benchmark": "tatqa"})
    found = stated_result(read(example).ctx)
    return None if found is None else found[0].args[0].col_label


def test_result_words_name_results_not_words():
    assert result_words("Increase / (Decrease)") == result_words("What was the change in revenue?") == {"change"}
    assert result_words("% Change") == result_words("What was the percentage growth?") == {"percent", "change"}


def test_a_change_reads_the_change_column_and_a_percentage_change_the_percent_one():
    assert _stated("What was the change in revenue from 2018 to 2019?") == "Change"
    assert _stated("What was the percentage change in revenue from 2018 to 2019?") == "% Change"


def test_a_total_row_answers_a_total_asked_in_its_year():
    assert _stated("What were the total costs in 2019?") == "2019"


def test_nothing_when_no_label_names_the_result():
    assert _stated("What was the average revenue in 2018 and 2019?") is None


def test_a_result_over_every_period_is_not_one_period_s_stated_figure():
    assert _stated("What was the total costs across all the years?") is None
