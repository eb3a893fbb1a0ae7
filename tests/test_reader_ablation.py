"""benchmarks/text_spans_ablation.py: a variant adds its named features to a stored candidate and nothing else."""

from __future__ import annotations

import pytest

from benchmark_util import load_benchmark
from tabtext.engines.solver.reader.score import candidates
from tabtext.types import Paragraph

QUESTION = "Why did revenue increase in 2019?"
TEXT = "Revenue increased by $12.5 million in 2019 primarily due to higher volumes."


@pytest.fixture(scope="module")
def ablation():
    return load_benchmark("text_spans_ablation")


@pytest.fixture(scope="module")
def row():
    return {"ex": None, "q": QUESTION, "cands": candidates(QUESTION, [Paragraph(id="p", text=TEXT, order=1)])}


def _span(rows, text):
    return next(c for c in rows[0]["cands"] if c.text == text)


def test_base_leaves_every_candidates_features_as_they_were(ablation, row):
    out = ablation.with_features(ablation.VARIANTS["base"], [row])
    assert [c.features for c in out[0]["cands"]] == [c.features for c in row["cands"]]


def test_bigrams_name_the_two_words_before_and_after_the_span(ablation, row):
    out = ablation.with_features(ablation.VARIANTS["bigrams"], [row])
    added = set(_span(out, "higher volumes").features) - set(_span([row], "higher volumes").features)
    assert added == {"pw2=due_to", "nw2=._</s>"}


def test_a_cause_clause_after_the_span_is_crossed_with_the_questions_class(ablation, row):
    out = ablation.with_features(ablation.VARIANTS["class_x_cause"], [row])
    features = _span(out, "Revenue increased by $12.5 million in 2019").features
    assert features["qk=why|tail1"] == 1.0 and features["qk=why|lead0"] == 1.0
