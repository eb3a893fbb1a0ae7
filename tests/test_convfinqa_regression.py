"""Regression guard: the offline solver's strict EM on the 1,490 ConvFinQA dev turns must not drop.

The figure (and the official EM) is printed by ``benchmarks/convfinqa_eval.py``; this test fails if strict EM
falls more than one point below it.
"""

from __future__ import annotations

from tabtext.benchmarks.chatrag.convfinqa import load_native
from tabtext.engines.solver.convfinqa import answer_convfinqa
from tabtext.metrics.chatrag import official_convfinqa, strict_convfinqa


def strict_em(prediction: str, gold: object, question: str) -> int:
    return strict_convfinqa(prediction, gold, question)[0]


def official_em(prediction: str, gold: object, formula: str, question: str) -> int:
    return int(official_convfinqa(prediction, gold, formula, question) > 0)

MEASURED_STRICT_EM = 71.54  # PYTHONPATH=src python benchmarks/convfinqa_eval.py


def test_private_em_matches_the_pinned_cases(parity):
    import json

    with parity("chatrag/convfinqa/cases.jsonl").open() as f:
        for line in f:
            case = json.loads(line)
            expected = case["expected"]
            assert strict_em(case["prediction"], case["exe_answer"], case["question"]) == expected["strict_em"]
            assert official_em(case["prediction"], case["exe_answer"], case["gold_formula"],
                               case["question"]) == expected["official_em"]


def test_dev_strict_em_does_not_regress(shared_data):
    examples = load_native(shared_data("convfinqa/pot_convfinqa_dev.json"))
    assert len(examples) == 1490
    hits = 0
    for ex in examples:
        prediction = answer_convfinqa(ex)
        text = prediction.raw if prediction.answer is not None else ""
        hits += strict_em(text, ex.meta["exe_answer"], ex.question)
    assert 100 * hits / len(examples) >= MEASURED_STRICT_EM - 1.0
