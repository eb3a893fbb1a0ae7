"""Offline ChatRAG answers: extraction, abstention, table lookups, dispatch through the solver engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabtext.benchmarks.chatrag import load
from tabtext.engines.solver import SolverEngine
from tabtext.engines.solver.tasks.chat import CANNOT_ANSWER, answer_example, short_answer, table_lookup
from tabtext.metrics.chatrag import METRIC
from tabtext.types import Answer, Context, Example, Paragraph, Prediction, Table, Turn

pytest.importorskip("bm25s")

DATA = Path(__file__).parent / "data" / "chatrag"


def _ex(question, text, dataset="doc2dial", history=()):
    return Example(uid="u", question=question, context=Context(paragraphs=(Paragraph(id="p", text=text),)),
                   history=tuple(history), meta={"benchmark": "chatrag", "dataset": dataset})


def test_extracts_the_best_sentence():
    examples = load(DATA / "release" / "doc2dial" / "test.json")
    pred = answer_example(examples[1])
    assert pred.answer is not None and "credit card" in pred.answer.value
    assert pred.evidence and pred.evidence[0].kind == "text"
    assert METRIC.score(examples[1], pred)["f1"] >= 0.5


def test_abstains_when_the_question_is_not_in_the_context():
    pred = answer_example(_ex("What is the boiling point of mercury?", "Basil can be frozen. It keeps for months.",
                              dataset="quac"))
    assert pred.answer.value == CANNOT_ANSWER and pred.meta["method"] == "abstain"
    empty = Example(uid="e", question="anything?", context=Context(), meta={"benchmark": "chatrag", "dataset": "coqa"})
    assert answer_example(empty).answer.value == CANNOT_ANSWER


def test_follow_up_uses_the_previous_user_turn():
    text = ("Paris is the capital of France. The Eiffel Tower was completed in 1889. "
            "Berlin is the capital of Germany. The Brandenburg Gate was completed in 1791.")
    history = (Turn("user", "Tell me about the Brandenburg Gate in Berlin."), Turn("assistant", "It is a monument."))
    pred = answer_example(_ex("When was it completed?", text, history=history))
    assert "1791" in pred.answer.value


def test_coqa_short_answers():
    assert short_answer("Did she live alone?", "She did not live alone, she lived with her mother.") == "no"
    assert short_answer("Was Cotton white?", "Cotton was a white kitten.") == "yes"
    assert len(short_answer("Where did she live?", "In a barn near a farm house, there lived a kitten.").split()) <= 8


def test_table_lookup_lists_and_follow_ups():
    table = Table.from_rows([["Pick", "Player", "Position"], ["1", "Ben McDonald", "RHP"], ["2", "Tyler Houston", "C"]])
    ctx = Context(tables=(table,))
    meta = {"benchmark": "chatrag", "dataset": "sqa"}
    first = Example(uid="a", question="who were the players?", context=ctx, meta=meta)
    assert table_lookup(first, table) == ["Ben McDonald", "Tyler Houston"]
    follow = Example(uid="b", question="what about tyler houston?", context=ctx, meta=meta,
                     history=(Turn("user", "what are the positions?"), Turn("assistant", "RHP, C")))
    assert table_lookup(follow, table) == ["C"]
    pred = answer_example(first)
    assert pred.answer.value == ("Ben McDonald", "Tyler Houston") and pred.answer.text() == "Ben McDonald, Tyler Houston"


def test_table_in_a_release_context():
    examples = load(DATA / "release" / "sqa" / "test.json")
    assert answer_example(examples[1]).answer.text() == "C"


def test_engine_dispatch_and_convfinqa_guard():
    examples = load(DATA / "release" / "convfinqa" / "dev.json") + load(DATA / "release" / "doc2dial" / "test.json")
    preds = SolverEngine().answer(examples)
    assert [p.uid for p in preds] == [ex.uid for ex in examples]
    assert all(p.answer is not None or p.error for p in preds)  # never raises per item
    assert preds[-1].answer is not None


def test_run_and_score_report_per_dataset_and_average(tmp_path):
    from tabtext.run import score_predictions

    examples = load(DATA / "release" / "doc2dial" / "test.json") + load(DATA / "release" / "doqa", dataset="doqa")
    preds = {p.uid: p for p in SolverEngine().answer(examples)}
    report = score_predictions("chatrag", examples, preds)
    scores = report.scores
    assert set(scores) >= {"doc2dial.f1", "doqa_cooking.f1", "doqa.score", "average"}
    assert scores["doqa.score"] == pytest.approx(
        sum(scores[f"doqa_{d}.f1"] for d in ("cooking", "travel", "movies")) / 3)
    assert scores["average"] == pytest.approx((scores["doc2dial.score"] + scores["doqa.score"]) / 2)
    travel = next(ex for ex in examples if ex.meta["dataset"] == "doqa_travel")
    assert travel.gold[0].value == CANNOT_ANSWER  # its one item is a cannot-answer item
    abstains = preds[travel.uid].answer.value == CANNOT_ANSWER
    assert scores["doqa_travel.cannot_answer_acc"] == (1.0 if abstains else 0.0)
    for prediction, expected in ((CANNOT_ANSWER, 1.0), ("Many visitors can enter Japan without a visa.", 0.0)):
        fixed = {**preds, travel.uid: Prediction(travel.uid, Answer(value=prediction), raw=prediction)}
        assert score_predictions("chatrag", examples, fixed).scores["doqa_travel.cannot_answer_acc"] == expected
    assert [row["dataset"] for row in report.breakdowns["dataset"]] == sorted(
        {"doc2dial", "doqa_cooking", "doqa_travel", "doqa_movies"})
    missing = score_predictions("chatrag", examples, {})
    assert missing.scores["average"] == 0.0 and missing.counts["missing"] == len(examples)
