"""Fit the row scorer (``src/tabtext/engines/solver/reading/row_model.json``) on the open part of TAT-QA train.

A conditional logit over the rows the hand score names (score > 0) of each grounded arithmetic question: the
probability of the gold rows among them, L2-penalised, fitted by L-BFGS on the features of ``row_model.FEATURES``
(never a word or an item). Prints grouped 5-fold train-CV top-1 (hand vs learned, the rows it can reorder) and
checks the shipped file is what it would write; ``--write`` writes it (byte for byte reproducible).

    PYTHONPATH=src:. python -m training.row_train [--write] [--l2 1.0]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from tabtext.engines.solver.reading import row_model
from training import train_set
from training.row_data import Sample, train_samples

MODEL = Path(row_model.__file__).with_name("row_model.json")
FOLDS = 5


def reorderable(samples: list[Sample]) -> list[Sample]:
    """Questions where the order matters: two or more named rows, a gold row among them."""
    out = []
    for s in samples:
        named = [r for r, v in s.hand.items() if v > 0]
        if len(named) >= 2 and s.gold & set(named):
            out.append(s)
    return out


def _arrays(samples: list[Sample]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features of every named row, whether it is gold, and where each question's rows start."""
    x, gold, starts = [], [], []
    for s in samples:
        starts.append(len(x))
        for r in sorted(r for r, v in s.hand.items() if v > 0):
            x.append(s.features[r])
            gold.append(r in s.gold)
    return np.asarray(x, dtype=float), np.asarray(gold, dtype=bool), np.asarray(starts, dtype=int)


def fit(samples: list[Sample], l2: float) -> tuple[float, ...]:
    x, gold, starts = _arrays(samples)
    group = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(x))))

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = x @ w
        top = np.maximum.reduceat(s, starts)[group]
        e = np.exp(s - top)
        z_all = np.add.reduceat(e, starts)
        z_gold = np.add.reduceat(np.where(gold, e, 0.0), starts)
        value = float(np.sum(np.log(z_all) - np.log(z_gold)) + 0.5 * l2 * w @ w)
        p_all = e / z_all[group]
        p_gold = np.where(gold, e / z_gold[group], 0.0)
        return value, x.T @ (p_all - p_gold) + l2 * w

    result = minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    return tuple(round(float(v), 4) for v in result.x)


def top1(samples: list[Sample], weights: tuple[float, ...] | None) -> float:
    """Share of questions whose first row (hand order, or learned order) is a gold row."""
    right = 0
    for s in samples:
        scores = row_model.reorder(s.hand, s.features, weights)
        right += min(scores, key=lambda r: (-scores[r], r)) in s.gold
    return 100.0 * right / max(len(samples), 1)


def cross_validated(samples: list[Sample], l2: float) -> tuple[float, float]:
    fold = [zlib.crc32(s.group.encode()) % FOLDS for s in samples]
    right_hand = right_learned = 0.0
    for k in range(FOLDS):
        test = [s for s, f in zip(samples, fold) if f == k]
        weights = fit([s for s, f in zip(samples, fold) if f != k], l2)
        right_hand += top1(test, None) * len(test)
        right_learned += top1(test, weights) * len(test)
    return right_hand / len(samples), right_learned / len(samples)


def render(weights: tuple[float, ...], l2: float, n: int) -> str:
    model = {"about": f"row_model.py; training/row_train.py --l2 {l2}: {n} open TAT-QA train questions",
             "features": list(row_model.FEATURES), "weights": list(weights)}
    return json.dumps(model, indent=1) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    started = time.time()
    open_, _ = train_set.split(train_set.load())
    samples = reorderable(list(train_samples(open_)))
    hand, learned = cross_validated(samples, args.l2)
    print(f"open train questions with two or more named rows and a gold row among them: {len(samples)}")
    print(f"train-CV top-1 (grouped {FOLDS} folds): hand {hand:.2f}  learned {learned:.2f}")
    weights = fit(samples, args.l2)
    text = render(weights, args.l2, len(samples))
    print("weights: " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(row_model.FEATURES, weights)))
    print(f"fit and CV took {time.time() - started:.0f} s")
    if args.write:
        MODEL.write_text(text, encoding="utf-8")
        print(f"wrote {MODEL}")
        return 0
    same = MODEL.exists() and MODEL.read_text(encoding="utf-8") == text
    print(f"shipped {MODEL.name} is what this fit writes: {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
