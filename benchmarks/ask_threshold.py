"""The confidence below which `tabtext ask` / `serve` say "no answer found": precision and coverage by threshold.

    PYTHONPATH=src python benchmarks/ask_threshold.py

Each TAT-QA dev question is asked as the first turn of a Dialogue (what a user's first question gets). The
threshold table is printed for the open part of dev only (the lockbox rules); for the lockbox only the
aggregate at the chosen threshold (``MIN_CONFIDENCE``) is printed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import dev_file, split  # noqa: E402

from tabtext.benchmarks import tatqa  # noqa: E402
from tabtext.engines.solver.dialogue import MIN_CONFIDENCE, Dialogue, as_prediction  # noqa: E402
from tabtext.run import score_predictions  # noqa: E402

THRESHOLDS = (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


def _scored(examples) -> list[tuple[float, float]]:
    preds, confidence = {}, {}
    for ex in examples:
        reply = Dialogue(ex.context).ask(ex.question)
        preds[ex.uid] = as_prediction(reply, ex.uid)
        confidence[ex.uid] = reply.confidence if reply.answer is not None else -1.0
    report = score_predictions("tatqa", examples, preds)
    return [(confidence[item["uid"]], float(item["em"])) for item in report.items]


def _row(scored, threshold: float) -> str:
    kept = [em for c, em in scored if c >= threshold]
    precision = 100 * sum(kept) / len(kept) if kept else 0.0
    return f"{threshold:9.2f}  answered {100 * len(kept) / len(scored):5.1f}%  precision (EM) {precision:5.1f}"


def main() -> int:
    open_, box = split(tatqa.load(dev_file()))
    scored = _scored(open_)
    print(f"open part of dev: {len(scored)} questions, first turn of a dialogue")
    for t in THRESHOLDS:
        print(_row(scored, t) + ("   <- MIN_CONFIDENCE" if t == MIN_CONFIDENCE else ""))
    print(f"lockbox at MIN_CONFIDENCE: {_row(_scored(box), MIN_CONFIDENCE).strip()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
