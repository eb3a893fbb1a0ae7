"""The confidence below which `tabtext ask` / `serve` say "no answer found": share answered and precision by
threshold, for a user's first question (the first turn of a Dialogue).

    PYTHONPATH=src python benchmarks/ask_threshold.py

The confidence is the core ranker's, Platt-calibrated (``engines/solver/rank/ranker.py``); an answer read from the text
is also given when the reader's "found" probability (a usable answer, official F1 >= 0.5) reaches its
NO_ANSWER_THRESHOLD — the "as shipped" line counts both and adds how many answers given are usable. Its weights were fitted on
the open part of dev, so the open-part rows here are fitted figures; the same table on held-out folds grouped by
table is printed by ``benchmarks/train_ranker.py`` ("CV-held-out confidence >= ..."). The lockbox, never fitted
on, is printed as an aggregate per threshold only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import dev_file, split  # noqa: E402

from tabtext.benchmarks import tatqa  # noqa: E402
from tabtext.engines.solver.dialogue.conversation import MIN_CONFIDENCE, Dialogue, as_prediction  # noqa: E402
from tabtext.run import score_predictions  # noqa: E402

THRESHOLDS = (0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def confidences_and_em(examples) -> list[tuple[float, float, float, bool]]:
    """(confidence of the first-turn answer, its EM, its F1, whether ask gives it) per question; no answer
    counts as confidence -1."""
    preds, confidence, found = {}, {}, {}
    for ex in examples:
        reply = Dialogue(ex.context).ask(ex.question)
        preds[ex.uid] = as_prediction(reply, ex.uid)
        confidence[ex.uid] = reply.confidence if reply.answer is not None else -1.0
        found[ex.uid] = reply.found
    return [(confidence[i["uid"]], float(i["em"]), float(i["f1"]), found[i["uid"]])
            for i in score_predictions("tatqa", examples, preds).items]


def shipped(pairs: list[tuple[float, float, float, bool]]) -> str:
    kept = [(em, f1) for _, em, f1, given in pairs if given]
    n = max(1, len(kept))
    return (f"as shipped  answered {100 * len(kept) / len(pairs):5.1f}%  precision (EM) "
            f"{100 * sum(em for em, _ in kept) / n:5.1f}  usable (F1 >= 0.5) "
            f"{100 * sum(f1 >= 0.5 for _, f1 in kept) / n:5.1f}")


def row(pairs: list[tuple[float, float, float, bool]], threshold: float) -> str:
    kept = [em for c, em, _, _ in pairs if c >= threshold]
    precision = 100 * sum(kept) / len(kept) if kept else 0.0
    mark = "   <- MIN_CONFIDENCE" if threshold == MIN_CONFIDENCE else ""
    return f"{threshold:9.2f}  answered {100 * len(kept) / len(pairs):5.1f}%  precision (EM) {precision:5.1f}{mark}"


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    open_, box = split(tatqa.load(dev_file()))
    for name, examples in (("open part (fitted)", open_), ("LOCKBOX (aggregates only)", box)):
        pairs = confidences_and_em(examples)
        print(f"{name}: {len(pairs)} first questions")
        for t in THRESHOLDS:
            print(row(pairs, t))
        print(shipped(pairs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
