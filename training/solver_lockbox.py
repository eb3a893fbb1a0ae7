"""The whole solver on the train lockbox (20% of train contexts by a hash of the table uid): aggregates only.

    PYTHONPATH=src:. python -m training.solver_lockbox [--open]

Only questions whose answer the recovered set knows are scored: arithmetic (the derivation's value) and text
spans. Train has no scale, so a prediction is scored with its own scale taken as the gold's (EM on the value
alone), and an arithmetic gold counts as matched in either form the official answers use: the value rounded to
two decimals, or 100x it (a ratio given in percent). Each question sees what the recovered set holds: the
parsed table and, for text questions, the relevant paragraph. Compare variants with it; it is not dev's EM.
``--open`` scores the open part of train too.
"""

from __future__ import annotations

import argparse
from collections import Counter

from tabtext.engines.solver import SolverEngine
from tabtext.metrics.tatqa import score_item
from training import train_set

KINDS = ("arithmetic", "span", "multi-span")
SOURCES = ("table", "table-text", "text")


def gold_forms(example) -> list[object]:
    raw = example.gold[0].raw
    if example.meta["answer_type"] != "arithmetic":
        return [raw]
    value = float(raw)
    return [round(value, 2), round(100 * value, 2)]


def em(example, prediction) -> float:
    answer = prediction.answer
    if answer is None:
        return 0.0
    pred = list(answer.value) if isinstance(answer.value, tuple) else answer.value
    return max(score_item(example.meta["answer_type"], gold, answer.scale, pred, answer.scale)[0]
               for gold in gold_forms(example))


def scored(examples) -> list:
    return [e for e in examples if e.meta["answer_known"] and e.meta["answer_type"] in KINDS]


def report(name: str, examples) -> None:
    predictions = {p.uid: p for p in SolverEngine().answer(examples)}
    right: Counter = Counter()
    count: Counter = Counter()
    for e in examples:
        key = (e.meta["answer_type"], e.meta["answer_from"])
        count[key] += 1
        right[key] += em(e, predictions[e.uid])
    total = sum(count.values())
    print(f"== {name}: {total} questions with a known answer, EM (value only) {100 * sum(right.values()) / total:.2f}")
    print(f"{'em':<12}" + "".join(f"{s:>12}" for s in SOURCES))
    for kind in KINDS:
        cells = [f"{100 * right[(kind, s)] / count[(kind, s)]:7.2f} ({count[(kind, s)]:>4})" if count[(kind, s)]
                 else f"{'-':>12}" for s in SOURCES]
        print(f"{kind:<12}" + "".join(f"{c:>12}" for c in cells))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--open", action="store_true", help="also score the open part of train")
    args = ap.parse_args()
    open_, box = train_set.split(train_set.load())
    if args.open:
        report("train open part", scored(open_))
    report("TRAIN LOCKBOX (aggregates only)", scored(box))


if __name__ == "__main__":
    main()
