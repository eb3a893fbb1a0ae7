"""One chooser for TAT-QA: candidates built once, scored by features of
their shape (never by the pattern's name), with the question model's view of the answer wanted."""

import math
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


def test_question_model_tells_a_change_from_a_cause():
    change = qm.marginals(qm.probabilities("What was the change in service revenue from 2018 to 2019?"))
    cause = qm.marginals(qm.probabilities("Why did service revenue grow?"))
    assert max(change[0], key=change[0].get) == "arithmetic"
    assert cause[1]["text"] > change[1]["text"] and max(cause[0], key=cause[0].get) == "span"


def test_a_candidate_is_scored_by_the_answer_type_and_source_it_would_give():
    cell = Cell(1, 1, "50.0", 50.0)
    assert qm.answer_source_of(Program("subtract", (cell, Cell(1, 2, "40.0", 40.0)))) == "table"
    assert qm.answer_source_of(Program("span", (Span(0, 0, 7, "Service"),), answer_value=("Service",))) == "text"
    probs = {"span|table": 0.5, "span|text": 0.25, "arithmetic|table": 0.25}
    lookup = qm.candidate_features(Program("lookup", (cell,)), probs)
    assert math.isclose(lookup["qm_type"], math.log(0.75)) and math.isclose(lookup["qm_source"], math.log(0.75))
    periods = qm.candidate_features(Program("spans", answer_value=("2019", "2018")), probs)
    assert periods["qm_type"] == math.log(1e-6)  # multi-span: the model gives it no probability here
