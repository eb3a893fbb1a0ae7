"""The TAT-QA solver end to end on hand-made questions (per-item dev results: tests/test_snapshots.py)."""


import pytest

from tabtext.engines.solver import SolverEngine
from tabtext.engines.solver.program.program import Program
from tabtext.engines.solver.tasks.tatqa import answer_example
from tabtext.types import Context, Example, Paragraph, Table

TABLE = Table.from_rows([
    ["", "Year Ended December 31,", ""],
    ["(in millions)", "2019", "2018"],
    ["Product revenue", "$100.0", "$80.0"],
    ["Service revenue", "50.0", "40.0"],
    ["Total revenue", "150.0", "120.0"],
    ["Gross margin", "45%", "40%"],
])
PARAGRAPHS = (Paragraph("p1", "Service revenue grew because of higher subscription renewals in Europe."),)


def ask(question):
    return answer_example(Example("q", question, Context((TABLE,), PARAGRAPHS), meta={"benchmark": "tatqa"}))


@pytest.mark.parametrize("question,value,scale,derivation", [
    ("What was the change in service revenue from 2018 to 2019?", "10", "million", "50 - 40"),
    ("What was the percentage change in total revenue between 2018 and 2019?", "25", "percent",
     "(150 - 120) / 120 * 100"),
    ("What is the average product revenue for 2018 and 2019?", "90", "million", "(80 + 100) / 2"),
    ("What is the total service revenue in 2018 and 2019?", "90", "million", "40 + 50"),
    ("What percentage of total revenue was product revenue in 2019?", "66.67", "percent", "100 / 150 * 100"),
    ("What was the change in gross margin from 2018 to 2019?", "5", "percent", "45 - 40"),
])
def test_arithmetic_with_scale_and_derivation(question, value, scale, derivation):
    pred = ask(question)
    assert (pred.answer.value, pred.answer.scale, pred.answer.derivation) == (value, scale, derivation)
    assert pred.evidence and all(ev.kind == "cell" for ev in pred.evidence)
    assert pred.meta["operator"]


@pytest.mark.parametrize("question", [
    "What was the change in service revenue from 2018 to 2019?", "What was the service revenue in 2019?",
    "In which year was the service revenue higher?", "Why did service revenue grow?",
    "What is the percentage of product revenue and service revenue over total revenue in 2019?",
])
def test_predictions_carry_the_program_that_gives_their_answer(question):
    pred = ask(question)
    program = Program.from_json(pred.meta["program"])
    assert program.run() == pred.answer
    assert program.evidence() == pred.evidence


def test_cell_spans_comparisons_and_lists():
    pred = ask("What was the service revenue in 2019?")
    assert pred.answer.value == ("50.0",) and pred.answer.scale == "million"
    assert ask("What were the product revenue in 2019 and 2018 respectively?").answer.value == ("$100.0", "$80.0")
    assert ask("In which year was the service revenue higher?").answer.value == ("2019",)
    assert ask("In which years was the revenue calculated?").answer.value == ("2019", "2018")


def test_text_questions_go_to_the_paragraphs():
    pred = ask("Why did service revenue grow?")
    assert pred.evidence and pred.evidence[0].kind == "text"
    assert "subscription renewals" in pred.answer.text()


def test_engine_never_raises_on_an_empty_context():
    preds = SolverEngine().answer([Example("e", "What is it?", Context(), meta={"benchmark": "tatqa"})])
    assert len(preds) == 1 and preds[0].answer is None and preds[0].error


def test_counts_and_thresholds():
    assert ask("How many years did service revenue exceed $45 million?").answer.value == "1"
    assert ask("How many years did total revenue exceed 100 million?").answer.value == "2"
    assert ask("Which years did product revenue exceed $90 million?").answer.value == ("2019",)


def test_shares_of_a_total():
    pred = ask("What is the percentage of product revenue and service revenue over total revenue in 2019?")
    assert (pred.answer.value, pred.answer.derivation) == ("100", "(100 + 50) / 150 * 100")
    pred = ask("What percentage of the total revenue is made up of service revenue in 2018?")
    assert (pred.answer.value, pred.answer.scale) == ("33.33", "percent")


ODD_TABLES = [
    Table.from_rows([]),
    Table.from_rows([[]]),
    Table.from_rows([["only one cell"]]),
    Table.from_rows([["", "2019"], ["Revenue"]]),  # ragged
    Table.from_rows([["a", "b"], ["c", "d"]]),  # no numbers at all
    Table.from_rows([["", "2019", "2018"], ["Revenue", "1e400", "(" * 50 + "1"], ["Total", "—", "n/a"]]),
    Table.from_rows([["", "2019", "2018"], ["x", "9" * 400, "0"]]),  # absurd magnitudes
]
ODD_QUESTIONS = [
    "What was the change in revenue from 2018 to 2019?", "What is the percentage change in x from 2018 to 2019?",
    "What is the ratio of revenue to total in 2019?", "What is the average x?", "How many years did x exceed 5?",
    "Which year was revenue higher?", "What are the respective revenue and total in 2019?", "", "?",
]


@pytest.mark.parametrize("table", ODD_TABLES)
def test_odd_tables_never_raise(table):
    for question in ODD_QUESTIONS:
        pred = answer_example(Example("q", question, Context((table,), PARAGRAPHS), meta={"benchmark": "tatqa"}))
        assert pred.answer is not None or pred.error


def test_predictions_carry_a_confidence_and_the_pattern_that_proposed_them():
    preds = [ask(q) for q in ("What was the change in service revenue from 2018 to 2019?",
                              "What was the service revenue in 2019?", "Why did service revenue grow?")]
    for pred in preds:
        assert 0.0 <= pred.meta["confidence"] <= 1.0
        assert pred.meta["pattern"]
    assert preds[0].meta["pattern"] == "arithmetic" and preds[1].meta["pattern"] == "cell"
