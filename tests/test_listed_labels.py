"""The listed_labels pattern proposes a table's row labels when the question asks what the table lists in words the
list cue does not read (patterns/listed_labels.py)."""

from tabtext.engines.solver.patterns.listed_labels import asks_listed, listed_labels
from tabtext.engines.solver.rank.candidates import read
from tabtext.types import Context, Example, Table

_TABLE = [["", "2019", "2018"], ["Americas", "500", "450"], ["EMEA", "300", "280"], ["APJ", "200", "190"],
          ["Total", "1,000", "920"]]


def _ctx(question: str):
    return read(Example("q", question, Context((Table.from_rows(_TABLE),), ()), meta={"benchmark": "tatqa"})).ctx


def test_the_labels_a_table_lists_are_its_non_total_row_labels():
    for question in ("Which regions are listed in the table?", "What are the different regions?"):
        ctx = _ctx(question)
        assert asks_listed(ctx)
        assert listed_labels(ctx)[0].answer_value == ("Americas", "EMEA", "APJ")


def test_a_question_for_one_value_does_not_ask_for_the_list():
    assert not asks_listed(_ctx("What was the revenue of EMEA in 2019?"))


def test_what_a_line_is_made_of_is_its_parts_not_its_total():
    table = [["", "2019", "2018"], ["Wages and salaries", "500", "450"], ["Pension costs", "80", "70"],
             ["Other staff costs", "20", "25"], ["Total staff costs", "600", "545"]]
    ex = Example("q", "What do the staff costs comprise of?", Context((Table.from_rows(table),), ()),
                 meta={"benchmark": "tatqa"})
    ctx = read(ex).ctx
    assert asks_listed(ctx)
    assert listed_labels(ctx)[0].answer_value == ("Wages and salaries", "Pension costs", "Other staff costs")
