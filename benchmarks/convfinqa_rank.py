"""The ConvFinQA pattern ranker: fitted on dev half A's per-turn proposals, checked on half B (never read).

    PYTHONPATH=src TABTEXT_DATA=/work/shared/data python benchmarks/convfinqa_rank.py [--c 0.3] [--write]

Every pattern row that applies to a turn proposes a Program (``tasks/convfinqa/choose.py``); a proposal is right
when its answer passes the strict scorer. The ranker (pairwise logistic regression, ``train_ranker.fit``) is
fitted on half A only; half A's figure is from 5 folds grouped by dialogue, half B's from the ranker fitted on
all of half A. Prints strict EM per half for the table's order, for the ranker, and for the best proposal (the
ceiling a chooser could reach). ``--write`` ships the weights (``convfinqa_rank.json``) only when half B gains
and half A's held-out folds do not drop; otherwise it removes them and the table's order decides.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from convfinqa_eval import DEFAULT, half_of
from sklearn.model_selection import GroupKFold
from train_ranker import fit

from tabtext.benchmarks.chatrag.convfinqa import load_native
from tabtext.engines.solver.tasks.convfinqa import choose
from tabtext.engines.solver.tasks.convfinqa.answer import proposals, with_core
from tabtext.engines.solver.tasks.convfinqa.read import read
from tabtext.metrics.chatrag import strict_convfinqa

OFF: frozenset[str] = frozenset()
WEIGHTS = Path(choose.__file__).with_name("convfinqa_rank.json")


@dataclass
class Row:
    dialogue: str
    question: str
    half: str
    props: list
    fs: list[dict[str, float]]
    ys: list[float]


def rows(path: str) -> list[Row]:
    out = []
    for ex in load_native(path):
        found, stop = proposals(read(ex))
        found = with_core(ex, found, stop, OFF)
        out.append(Row(ex.uid.rsplit("#", 1)[0], ex.question, half_of(ex.uid), found,
                       [choose.features(found, i, ex.question) for i in range(len(found))],
                       [float(strict_convfinqa(p.text, ex.meta["exe_answer"], ex.question)[0]) for p in found]))
    return out


def em(rs: list[Row], model: dict | None) -> float:
    """Strict EM of the chosen proposal over ``rs`` (an unanswered turn counts as wrong)."""
    right = 0.0
    for r in rs:
        chosen = choose.choose(r.props, model, r.question)
        right += r.ys[r.props.index(chosen)] if chosen is not None else 0.0
    return 100 * right / len(rs)


def held_out_a(a: list[Row], c_value: float) -> float:
    """Half A's EM, each fold chosen by a ranker fitted on the other four (grouped by dialogue)."""
    right, groups = 0.0, np.array([r.dialogue for r in a])
    for train, test in GroupKFold(n_splits=5).split(np.zeros(len(a)), groups=groups):
        model = fit([a[i] for i in train], c_value)
        right += em([a[i] for i in test], model) * len(test) / 100
    return 100 * right / len(a)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(DEFAULT))
    ap.add_argument("--c", type=float, default=0.3, help="inverse L2 strength of the logistic regression")
    ap.add_argument("--write", action="store_true", help="ship the weights fitted on half A when half B gains")
    args = ap.parse_args(argv)
    every = rows(args.file)
    a, b = [r for r in every if r.half == "A"], [r for r in every if r.half == "B"]
    model = fit(a, args.c)
    order_a, order_b = em(a, None), em(b, None)
    ranked_a, ranked_b = held_out_a(a, args.c), em(b, model)
    ceiling = {h: 100 * sum(max(r.ys, default=0.0) for r in rs) / len(rs) for h, rs in (("A", a), ("B", b))}
    print(f"turns: A {len(a)}, B {len(b)}; C = {args.c}")
    compare_and_ship(("table order", order_a, order_b), ("ranker", ranked_a, ranked_b), (len(a), len(b)), model,
                     WEIGHTS if args.write else None)
    print(f"best proposal A {ceiling['A']:.2f}  B {ceiling['B']:.2f}")
    return 0


def compare_and_ship(base: tuple, ranked: tuple, sizes: tuple[int, int], model: dict, weights: Path | None,
                     note: str = " (A: 5 grouped folds, B: fitted on all of A)") -> None:
    """Print (name, EM half A, EM half B) of the baseline and the ranker; with ``weights``, write the ranker there
    only when held-out half B gains and half A's folds do not drop, else remove the file (the baseline decides)."""
    n = sum(sizes)
    for (name, em_a, em_b), said in ((base, ""), (ranked, note)):
        print(f"{name + ':':13} A {em_a:.2f}  B {em_b:.2f}  all {(em_a * sizes[0] + em_b * sizes[1]) / n:.2f}{said}")
    if weights is None:
        return
    keep = ranked[2] > base[2] and ranked[1] >= base[1]
    if keep:
        weights.write_text(json.dumps(model, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    elif weights.exists():
        weights.unlink()
    print(f"{'wrote' if keep else 'not kept (no held-out gain); removed'} {weights.name}")


if __name__ == "__main__":
    raise SystemExit(main())
