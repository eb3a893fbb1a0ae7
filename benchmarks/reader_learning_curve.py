"""How the paragraph reader's held-out EM grows with its TAT-QA supervision, and what that implies.

    PYTHONPATH=src python benchmarks/reader_learning_curve.py [--fractions 0.25 0.5 0.75 1] [--repeats 3]

Exactly the cross-validation of benchmarks/text_spans_train.py (the open part of TAT-QA dev, never the lockbox;
5 folds grouped by table; Doc2Dial as the same down-weighted extra data), except that each fold's ranker is fitted
on a fraction of its training tables (whole tables, drawn per fold). Held-out text-span EM is then fitted as
``EM = a + b * log2(questions)`` by least squares, over the whole curve and over its last two sizes (where it
flattens), and the number of training questions at which each line meets ``--target`` is printed, next to the
candidates' oracle EM (no ranker can exceed it). Read it as the order of magnitude of the supervision a target
needs, not as a promise.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import dev_file  # noqa: E402
from text_spans_train import (  # noqa: E402
    DOC2DIAL,
    DOC2DIAL_WEIGHT,
    L2,
    build,
    doc2dial_rows,
    evaluate,
    fit,
    fold_splits,
    text_span_examples,
)

TARGET = 45.0  # the reader issue's dev CV target


def keep_tables(rows: list[dict], train_idx: Sequence[int], fraction: float, seed: int) -> list[int]:
    """The rows of ``train_idx`` whose table is among a ``fraction`` of its tables (at least one), drawn by
    ``seed``: a question never leaves its table's group."""
    tables = sorted({rows[i]["ex"].meta["table_uid"] for i in train_idx})
    random.Random(seed).shuffle(tables)
    kept = set(tables[:max(1, round(fraction * len(tables)))])
    return [i for i in train_idx if rows[i]["ex"].meta["table_uid"] in kept]


def curve_point(rows: list[dict], extra: list[dict], fraction: float, folds: int, seed: int,
                l2: float = L2) -> tuple[float, float]:
    """(mean training questions per fold, held-out text-span EM) for one fold draw."""
    em_sum, n_test, n_train = 0.0, 0, 0
    for fold, (train_idx, test_idx) in enumerate(fold_splits(rows, folds, seed)):
        kept = keep_tables(rows, train_idx, fraction, seed * 1000 + fold)
        n_train += len(kept)
        weights = fit([rows[i] for i in kept] + list(extra), l2)
        test = [rows[i] for i in test_idx if rows[i]["eval"]]
        em, _ = evaluate(test, weights)
        em_sum += em * len(test)
        n_test += len(test)
    return n_train / folds, em_sum / n_test


def log_linear(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Least-squares (a, b) of ``em = a + b * log2(n)`` over (n, em) points."""
    xs = [math.log2(n) for n, _ in points]
    ys = [em for _, em in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    if sxx == 0:
        raise ValueError("a learning curve needs at least two distinct training sizes")
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    return my - b * mx, b


def questions_for(target: float, a: float, b: float) -> float:
    """Training questions at which ``a + b * log2(n)`` reaches ``target`` (inf when the line does not rise)."""
    return math.inf if b <= 0 else 2 ** ((target - a) / b)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, default=dev_file())
    ap.add_argument("--fractions", type=float, nargs="+", default=[0.25, 0.5, 0.75, 1.0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=3, help="fold draws averaged per fraction")
    ap.add_argument("--target", type=float, default=TARGET)
    args = ap.parse_args(argv)
    if not args.dev.exists():
        print(f"error: {args.dev} not found; set TABTEXT_DATA to the folder holding tatqa/", file=sys.stderr)
        return 2
    if any(not 0 < f <= 1 for f in args.fractions):
        print("error: --fractions must lie in (0, 1]", file=sys.stderr)
        return 2
    rows = build(text_span_examples(args.dev))
    extra = doc2dial_rows(DOC2DIAL, weight=DOC2DIAL_WEIGHT) if DOC2DIAL.exists() else []
    scored = [r for r in rows if r["eval"]]
    oracle = 100 * sum(max(r["em"], default=0) for r in scored) / len(scored)
    print(f"{len(rows)} open training questions ({len(scored)} text spans scored), + {len(extra)} Doc2Dial at "
          f"weight {DOC2DIAL_WEIGHT}; {args.folds} folds grouped by table, {args.repeats} draws per fraction")
    points = []
    for fraction in args.fractions:
        runs = [curve_point(rows, extra, fraction, args.folds, seed) for seed in range(args.repeats)]
        n = sum(r[0] for r in runs) / len(runs)
        em = sum(r[1] for r in runs) / len(runs)
        points.append((n, em))
        print(f"  fraction {fraction:.2f}: {n:6.1f} training questions per fold -> held-out EM {em:.1f}  ["
              + ", ".join(f"{r[1]:.1f}" for r in runs) + "]", flush=True)
    today = points[-1][0]
    for name, part in (("whole curve", points), ("last two sizes", points[-2:])):
        a, b = log_linear(part)
        need = questions_for(args.target, a, b)
        where = (f"at ~{need:,.0f} training questions ({need / today:.1f}x today's)" if need <= 100 * today
                 else "not within 100x today's supervision")
        print(f"{name}: {b:+.1f} EM per doubling of the supervision; EM {args.target:g} {where}")
    print(f"the candidates' oracle EM caps any ranker at {oracle:.1f}; a curve that flattens needs more than "
          f"its whole-curve line says")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
