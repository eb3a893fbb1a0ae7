"""The core's choice between a text answer and a table answer: the answer-source model's features and logit,
the ranker's routing features, and the table lookup offered when no table pattern proposes an answer."""

from tabtext.engines.solver.program.program import Cell, Program, Span
from tabtext.engines.solver.rank import ranker as rank
from tabtext.engines.solver.rank.candidates import Candidate, candidates, magnitudes, read, table_lookup
from tabtext.engines.solver.rank.source import source_features, text_logit
from tabtext.types import Context, Example, Paragraph, Table

TABLE = Table.from_rows([
    ["", "2019", "2018"],
    ["Service revenue", "50.0", "40.0"],
    ["Total revenue", "150.0", "120.0"],
])
TEXT = "Service revenue grew because of higher subscription renewals in Europe. The fiscal year ended December 31."


def reading(question, paragraphs=(TEXT,)):
    pars = tuple(Paragraph(f"p{i}", t, order=i + 1) for i, t in enumerate(paragraphs))
    return read(Example("q", question, Context((TABLE,), pars), meta={"benchmark": "tatqa"}))


def test_source_features_see_a_period_column_and_a_named_row():
    f = source_features(reading("What was the service revenue in 2019?"), 0.2, 0.9)
    assert f["years_are_columns"] == 1.0 and f["row_named"] == 1.0 and f["wh_what"] == 1.0
    assert f["cover_gap"] == 0.2 - 0.9


def test_source_features_of_a_why_question_without_table_period():
    f = source_features(reading("Why did service revenue grow?"), 0.8, 0.3)
    assert f["wh_why"] == 1.0 and f.get("years_are_columns", 0.0) == 0.0 and f["years_asked"] == 0.0


def test_text_logit_is_the_linear_model_and_zero_without_one():
    model = {"bias": -1.0, "weights": {"wh_why": 2.5, "cover_gap": 1.0}}
    assert text_logit({"wh_why": 1.0, "cover_gap": 0.5}, model) == -1.0 + 2.5 + 0.5
    assert text_logit({"wh_why": 1.0}, None) == 0.0


def test_text_candidates_carry_the_shipped_source_logit():
    r = reading("Why did service revenue grow?")
    cands = candidates(r)
    fs = rank.features(r, cands)
    expected = text_logit(rank.source_of(r, cands), rank.shipped_weights()["source"])
    text = [f for f, c in zip(fs, cands) if c.source == "text"]
    assert text and all(f["source_text"] == expected for f in text)
    assert all("source_text" not in f for f, c in zip(fs, cands) if c.source == "table")


def test_a_day_after_a_month_is_flagged_and_an_amount_is_not():
    r = reading("When did the fiscal year end?")
    start = TEXT.index("31")
    day = Program("span", (Span(0, start, start + 2, "31"),), answer_value=("31",))
    assert rank._after_month(r, day) == 1.0
    start = TEXT.index("Europe")
    word = Program("span", (Span(0, start, start + 6, "Europe"),), answer_value=("Europe",))
    assert rank._after_month(r, word) == 0.0


def test_answers_from_text_only_for_paragraph_spans():
    assert rank.answers_from_text(Program("span", (Span(0, 0, 7, "Service"),), answer_value=("Service",)))
    assert not rank.answers_from_text(Program("lookup", (Cell(1, 1, "50.0", 50.0),)))


def test_table_lookup_reads_the_named_row_for_the_period_asked():
    got = table_lookup(reading("What was the service revenue in 2018?"))
    assert got is not None and got[0].run().value == ("40.0",)
    assert table_lookup(reading("Why is the sky blue?")) is None


BRACKETED = Table.from_rows([
    ["", "2019", "2018"],
    ["Net loss", "(40.0)", "(20.0)"],
    ["Revenue", "150.0", "120.0"],
])


def _candidates(question, table):
    return candidates(read(Example("q", question, Context((table,), ()), meta={"benchmark": "tatqa"})))


def test_an_average_of_bracketed_cells_is_also_proposed_over_their_magnitudes():
    cands = _candidates("What was the average net loss in 2018 and 2019?", BRACKETED)
    values = {c.name: c.program.value() for c in cands if c.program.op == "average"}
    assert values["arithmetic"] == -30.0
    assert values["arithmetic_magnitudes"] == 30.0
    assert next(c for c in cands if c.name == "arithmetic_magnitudes").features["magnitudes_average"] == 1.0


def test_a_change_of_bracketed_cells_keeps_only_its_signs():
    cands = _candidates("What was the change in net loss from 2018 to 2019?", BRACKETED)
    assert cands and not any(c.name.endswith("_magnitudes") for c in cands)


def test_magnitudes_of_a_program_without_negative_cells_is_none():
    program = Program("average", (Cell(1, 1, "150.0", 150.0), Cell(1, 2, "120.0", 120.0)))
    assert magnitudes(program) is None


def test_a_computation_over_a_total_row_is_marked_only_when_no_total_is_asked():
    share = Program("divide", (Cell(1, 1, "50.0", 50.0, "Service revenue", "2019"),
                               Cell(2, 1, "150.0", 150.0, "Total revenue", "2019")))
    lookup = Program("lookup", (Cell(2, 1, "150.0", 150.0, "Total revenue", "2019"),))
    cands = [Candidate("a", share, "divide", "table"), Candidate("b", lookup, "lookup", "table")]
    unasked = rank.features(reading("What share of revenue was service revenue in 2019?"), cands)
    asked = rank.features(reading("What share of total revenue was service revenue in 2019?"), cands)
    assert [f["total_row_unasked"] for f in unasked] == [1.0, 0.0]  # one cell read is a lookup, not a computation
    assert [f["total_row_unasked"] for f in asked] == [0.0, 0.0]
