"""One chooser for TAT-QA: candidates built once, scored by features of
their shape (never by the pattern's name), with the question model's view of the answer wanted."""

from dataclasses import replace

from tabtext.engines.solver.patterns import textpath
from tabtext.engines.solver.program.program import Cell, Program, Span
from tabtext.engines.solver.rank import question_model as qm
from tabtext.engines.solver.rank import ranker as rank
from tabtext.engines.solver.rank.candidates import candidates, read
from tabtext.types import Context, Example, Paragraph, Table

TABLE = Table.from_rows([
    ["", "2019", "2018"],
    ["Service revenue", "50.0", "40.0"],
    ["Total revenue", "150.0", "120.0"],
])
TEXT = "Service revenue grew because of higher subscription renewals in Europe."


def reading(question):
    return read(Example("q", question, Context((TABLE,), (Paragraph("p0", TEXT, order=1),)),
                        meta={"benchmark": "tatqa"}))


def test_the_reader_runs_once_per_question(monkeypatch):
    calls = []
    real = textpath.read
    monkeypatch.setattr(textpath, "read", lambda *a, **k: calls.append(a) or real(*a, **k))
    cands = candidates(reading("Why did service revenue grow?"))
    assert len(calls) == 1 and any(c.source == "text" for c in cands)


def test_features_do_not_name_the_pattern_so_a_new_row_is_scored_without_a_retrain():
    r = reading("What was the service revenue in 2019?")
    cands = candidates(r)
    renamed = [replace(c, name="a_row_added_later") for c in cands]
    assert rank.features(r, cands) == rank.features(r, renamed)


def test_question_tokens_fold_years_and_numbers():
    assert qm.tokens("What was revenue in 2019 above $1,200?") == \
        ["what", "was", "revenue", "in", "<year>", "above", "$", "<num>"]
    assert "<s> what" in qm.ngrams("What was revenue?")


def test_question_model_tells_a_change_from_a_cause():
    change = qm.marginals(qm.predict("What was the change in service revenue from 2018 to 2019?"))
    cause = qm.marginals(qm.predict("Why did service revenue grow?"))
    assert max(change[0], key=change[0].get) == "arithmetic"
    assert cause[1]["text"] > change[1]["text"] and max(cause[0], key=cause[0].get) == "span"
    assert abs(sum(qm.predict("Why?").values()) - 1.0) < 1e-9


def test_answer_shape_of_a_candidate():
    cell = Cell(1, 1, "50.0", 50.0)
    assert qm.answer_shape(Program("subtract", (cell, Cell(1, 2, "40.0", 40.0)))) == ("arithmetic", "table")
    assert qm.answer_shape(Program("span", (Span(0, 0, 7, "Service"),), answer_value=("Service",))) == ("span", "text")
    assert qm.answer_shape(Program("spans", answer_value=("2019", "2018"))) == ("multi-span", "table")
    f = qm.features(Program("lookup", (cell,)), {"span|table": 0.5, "span|text": 0.25, "arithmetic|table": 0.25})
    assert abs(f["qm_type"] - __import__("math").log(0.75)) < 1e-9
    assert abs(f["qm_source"] - __import__("math").log(0.75)) < 1e-9
