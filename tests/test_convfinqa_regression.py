"""Regression guard: the offline solver's strict EM on each of the 1,490 ConvFinQA dev turns is pinned.

``tests/golden/convfinqa_strict_em.json`` holds uid -> strict EM (0/1); a change that moves any turn must update
it on purpose (``python benchmarks/convfinqa_eval.py --snapshot``), and the failure lists the turns that moved.
The overall figure (and the official EM) is printed by ``benchmarks/convfinqa_eval.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from convfinqa_em import official_em, strict_em  # noqa: E402

from tabtext.benchmarks.chatrag.convfinqa import load_native  # noqa: E402
from tabtext.engines.solver.convfinqa import answer_convfinqa  # noqa: E402

MEASURED_STRICT_EM = 71.61  # PYTHONPATH=src python benchmarks/convfinqa_eval.py
SNAPSHOT = Path(__file__).resolve().parent / "golden" / "convfinqa_strict_em.json"


def test_private_em_matches_the_pinned_cases(parity):
    import json

    with parity("chatrag/convfinqa/cases.jsonl").open() as f:
        for line in f:
            case = json.loads(line)
            expected = case["expected"]
            assert strict_em(case["prediction"], case["exe_answer"], case["question"]) == expected["strict_em"]
            assert official_em(case["prediction"], case["exe_answer"], case["gold_formula"],
                               case["question"]) == expected["official_em"]


def test_dev_strict_em_per_turn_matches_the_snapshot(shared_data):
    import json

    examples = load_native(shared_data("convfinqa/pot_convfinqa_dev.json"))
    assert len(examples) == 1490
    pinned = json.loads(SNAPSHOT.read_text())
    now = {}
    for ex in examples:
        prediction = answer_convfinqa(ex)
        text = prediction.raw if prediction.answer is not None else ""
        now[ex.uid] = int(strict_em(text, ex.meta["exe_answer"], ex.question))
    moved = sorted(uid for uid in now if now[uid] != pinned.get(uid))
    assert not moved, f"{len(moved)} turns moved (now right: {sum(now[u] for u in moved)}): {moved[:20]}"
    assert 100 * sum(now.values()) / len(now) >= MEASURED_STRICT_EM
