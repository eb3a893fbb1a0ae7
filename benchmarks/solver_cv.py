"""Cross-validation, grouped by table, of the solver's two fitted thresholds: TEXT_MARGIN (how much better a
paragraph sentence must cover the question than the chosen cells' labels before a cell answer is dropped
for a text answer) and ARITH_TEXT_MARGIN (the same for arithmetic over amounts written in a sentence).

For each of K folds (tables never split across folds) the pair is chosen on the other folds and scored
on the held-out fold; the script prints the fitted (chosen on all of dev) and the held-out-fold EM.

    PYTHONPATH=src python benchmarks/solver_cv.py [--folds 5]
"""

from __future__ import annotations

import argparse
import zlib
from pathlib import Path

from tabtext.benchmarks import tatqa
from tabtext.engines.solver import SolverEngine
from tabtext.engines.solver import tatqa as solver
from tabtext.run import score_predictions

GRID = [(t, a) for t in (0.0, 0.1, 0.15, 0.3, 0.5, 2.0) for a in (0.25, 0.5, 1.0, 2.0)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", type=Path, default=Path("/work/shared/data/tatqa/tatqa_dataset_dev.json"))
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args()
    examples = tatqa.load(args.file)
    fold = [zlib.crc32(str(ex.meta["table_uid"]).encode()) % args.folds for ex in examples]
    em: dict[tuple[float, float], list[float]] = {}
    for margin in GRID:
        solver.TEXT_MARGIN, solver.ARITH_TEXT_MARGIN = margin
        preds = SolverEngine().answer(examples)
        report = score_predictions("tatqa", examples, {p.uid: p for p in preds})
        em[margin] = [float(it["em"]) for it in report.items]
        print(f"margins {margin}: dev EM {100 * sum(em[margin]) / len(examples):.2f}")

    def mean(margin: tuple[float, float], keep) -> float:
        xs = [e for e, f in zip(em[margin], fold) if keep(f)]
        return sum(xs) / max(len(xs), 1)

    fitted = max(GRID, key=lambda m: mean(m, lambda f: True))
    held, n = 0.0, 0
    for k in range(args.folds):
        chosen = max(GRID, key=lambda m: mean(m, lambda f, k=k: f != k))
        size = sum(1 for f in fold if f == k)
        held += mean(chosen, lambda f, k=k: f == k) * size
        n += size
        print(f"fold {k}: chosen margins {chosen}, held-out EM {100 * mean(chosen, lambda f, k=k: f == k):.2f} "
              f"({size} questions)")
    print(f"fitted on all dev: margins {fitted}, EM {100 * mean(fitted, lambda f: True):.2f}")
    print(f"held-out folds (grouped by table): EM {100 * held / n:.2f}")


if __name__ == "__main__":
    main()
