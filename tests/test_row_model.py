"""The learned row order (reading/row_model.py) and its fit (training/row_train.py)."""

from __future__ import annotations

from training.row_data import Sample
from training.row_train import fit, reorderable, top1

from tabtext.engines.solver.reading import row_model
from tabtext.engines.solver.reading.question import classify, ground, label_idf, match_label, row_evidence
from tabtext.engines.solver.reading.table import read_table
from tabtext.types import Table

TABLE = Table(id="t", rows=(
    ("", "2019", "2018"),
    ("Revenue", "100", "90"),
    ("Cost of revenue", "60", "50"),
    ("Gross profit", "40", "40"),
    ("Total operating expenses", "30", "25"),
))


def _weights_on(name: str) -> tuple[float, ...]:
    return tuple(1.0 if f == name else 0.0 for f in row_model.FEATURES)


def test_reorder_moves_rows_but_keeps_the_hand_score_s_values_and_unnamed_rows():
    hand = {1: 2.0, 2: 1.2, 3: 0.0, 4: 0.5}
    features = {r: tuple(float(r == 4) if f == "total" else 0.0 for f in row_model.FEATURES) for r in hand}
    out = row_model.reorder(hand, features, _weights_on("total"))
    assert out[4] == 2.0 and out[3] == 0.0  # the learned favourite takes the top value; an unnamed row stays 0
    assert sorted(out.values()) == sorted(hand.values())  # the scale thresholds read is unchanged
    assert row_model.reorder(hand, features, None) == hand


def test_match_label_is_the_hand_score_of_the_label_s_parts():
    idf = label_idf(["Revenue", "Cost of revenue"])
    m = row_model.label_match("Cost of revenue (1)", ["cost", "revenue"], idf, "what was the cost of revenue")
    assert m.hits == 2 and m.near == 0 and m.recall == 1.0 and m.verbatim > 0.92
    assert match_label("Cost of revenue (1)", ["cost", "revenue"], idf, "what was the cost of revenue") == m.score
    assert m.score == m.got * 1.0 + 1.0  # full recall and the verbatim bonus
    assert row_model.label_match("Other", ["cost"], idf, "cost").score == 0.0


def test_row_features_name_a_total_the_question_does_not_ask_and_the_label_words_it_leaves_out():
    view = read_table(TABLE)
    asked = dict(zip(row_model.FEATURES, row_evidence(view, classify("What was the total operating expenses?")).features[4]))
    assert asked["total"] == 1.0 and asked["total_unasked"] == 0.0 and asked["unmatched"] == 0.0
    evidence = row_evidence(view, classify("What were the operating expenses in 2019?"))
    f = dict(zip(row_model.FEATURES, evidence.features[4]))
    assert f["total"] == 1.0 and f["total_unasked"] == 1.0 and f["unmatched"] == 1.0 and f["q_cover"] == 1.0
    assert f["hand"] == evidence.hand[4] > 0
    assert evidence.hand[2] == 0.0 and 2 not in evidence.features  # "Cost of revenue": not named, never reordered


def test_the_shipped_model_loads_and_keeps_the_row_a_question_names_verbatim_first():
    assert row_model.shipped_weights() is not None
    view = read_table(TABLE)
    g = ground(view, classify("What was the cost of revenue in 2019?"))
    assert max(g.row_scores, key=lambda r: (g.row_scores[r], -r)) == 2


def _sample(gold_row: int, marked: int) -> Sample:
    hand = {1: 1.2, 2: 1.0, 3: 0.0}
    features = {r: tuple(float(r == marked) if f == "q_cover" else 0.0 for f in row_model.FEATURES) for r in hand}
    return Sample("u", "g", "arithmetic x table", hand, features, frozenset({gold_row}), {}, frozenset())


def test_the_fit_learns_a_feature_that_marks_the_gold_row_and_skips_questions_with_nothing_to_order():
    samples = [_sample(2, 2) for _ in range(20)] + [_sample(1, 1) for _ in range(20)]
    weights = fit(samples, l2=1.0)
    assert dict(zip(row_model.FEATURES, weights))["q_cover"] > 1.0
    assert top1(samples, weights) == 100.0 and top1(samples, None) == 50.0  # the hand score puts row 1 first
    assert reorderable([_sample(3, 2)]) == []  # the gold row is not one the hand score names
