"""The private ConvFinQA EM rules match their pinned cases.

Per-turn strict EM of the solver on the 1,490 dev turns is pinned in tests/snapshots/convfinqa_dev.json
(tests/test_snapshots.py); the aggregate figures are printed by ``benchmarks/convfinqa_eval.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from convfinqa_em import official_em, strict_em  # noqa: E402


def test_private_em_matches_the_pinned_cases(parity):
    import json

    with parity("chatrag/convfinqa/cases.jsonl").open() as f:
        for line in f:
            case = json.loads(line)
            expected = case["expected"]
            assert strict_em(case["prediction"], case["exe_answer"], case["question"]) == expected["strict_em"]
            assert official_em(case["prediction"], case["exe_answer"], case["gold_formula"],
                               case["question"]) == expected["official_em"]
