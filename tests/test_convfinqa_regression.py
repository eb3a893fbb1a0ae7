"""The private ConvFinQA EM rules match their pinned cases.

Per-turn strict EM of the solver on the 1,490 dev turns is pinned in tests/snapshots/convfinqa_dev.json
(tests/test_snapshots.py); the aggregate figures are printed by ``benchmarks/convfinqa_eval.py``.
"""

from __future__ import annotations

from tabtext.metrics.chatrag import official_convfinqa, strict_convfinqa


def strict_em(prediction: str, gold: object, question: str) -> int:
    return strict_convfinqa(prediction, gold, question)[0]


def official_em(prediction: str, gold: object, formula: str, question: str) -> int:
    return int(official_convfinqa(prediction, gold, formula, question) > 0)



def test_private_em_matches_the_pinned_cases(parity):
    import json

    with parity("chatrag/convfinqa/cases.jsonl").open() as f:
        for line in f:
            case = json.loads(line)
            expected = case["expected"]
            assert strict_em(case["prediction"], case["exe_answer"], case["question"]) == expected["strict_em"]
            assert official_em(case["prediction"], case["exe_answer"], case["gold_formula"],
                               case["question"]) == expected["official_em"]
