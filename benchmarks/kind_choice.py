"""The KIND of the ranker's chosen answer against the annotated answer_type x answer_from (issue 20).

A wrong kind is wrong whatever the answer: a multi-span question answered with one cell, a span question with
arithmetic, a "how many" with a cell. Train has the answer_type and answer_from of its table spans, multi-spans
and counts (no answers), so the chosen kind is checkable there. For train's open part (choices held out by the
grouped CV of ``train_ranker.py``) and dev's open part: the confusion of the chosen candidate's kind
(``rank.kinds.kind``; "none" when nothing is chosen) against the gold category, and per gold category the share
whose chosen kind fits it (``rank.kinds.fits``) and the share where a candidate of a fitting kind existed. The
train and dev lockboxes: one aggregate agreement line each.

    PYTHONPATH=src python benchmarks/kind_choice.py [--rows-cache PATH] [--C 0.03] [--source-C 1.0]
        [--show N]   # print N open-train disagreements per gold category (train only, never dev)

The rows cache is ``train_ranker.py``'s; the weights are refitted as it fits them.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from pathlib import Path

import train_ranker as tr
from lockbox import dev_file

from tabtext.benchmarks import tatqa
from tabtext.engines.solver.rank.kinds import fits, kind

KINDS = ("span", "multi-span", "count", "arithmetic", "text span", "text spans", "none")


def chosen_kind(row, b: int) -> str:
    return "none" if b < 0 else kind(row.cands[b].program)


def agreement(rows, picks) -> tuple[int, int, int]:
    """(questions, chosen kind fits, some candidate's kind fits)."""
    n = agree = reachable = 0
    for r, (b, *_) in zip(rows, picks):
        n += 1
        agree += b >= 0 and fits(chosen_kind(r, b), r.cell)
        reachable += any(fits(kind(c.program), r.cell) for c in r.cands)
    return n, agree, reachable


def confusion(name: str, rows, picks) -> None:
    counts: Counter = Counter()
    for r, (b, *_) in zip(rows, picks):
        counts[(r.cell, chosen_kind(r, b))] += 1
    print(f"== {name}: gold answer_type x answer_from (rows) against the chosen candidate's kind (columns)")
    print(f"{'':24s}" + "".join(f"{k:>11s}" for k in KINDS) + f"{'agree':>9s}{'reach':>8s}")
    for cell in tr.CELLS:
        part = [(r, p) for r, p in zip(rows, picks) if r.cell == cell]
        if not part:
            continue
        n, agree, reach = agreement([r for r, _ in part], [p for _, p in part])
        print(f"{cell[0] + ' x ' + cell[1]:24s}" + "".join(f"{counts[(cell, k)] or '-':>11}" for k in KINDS)
              + f"{100 * agree / n:8.1f}%{100 * reach / n:7.1f}%")
    print(aggregate(f"{name} (all)", rows, picks))


def aggregate(name: str, rows, picks) -> str:
    n, agree, reach = agreement(rows, picks)
    return f"{name:32s} kind agreement {100 * agree / n:.2f}% of {n} (a fitting candidate existed: {100 * reach / n:.2f}%)"


def described(program) -> str:
    """op(operand, ...): a cell as row / column, a span or number as its text."""
    parts = [f"{a.row_label} / {a.col_label}" if hasattr(a, "row_label") else getattr(a, "text", "") or repr(a)[:40]
             for a in program.args]
    return f"{program.op}({'; '.join(parts)[:200]})"


def show(rows, picks, per_cell: int) -> None:
    """Open-train disagreements, a few per gold category (seeded sample)."""
    rng = random.Random(0)
    for cell in tr.CELLS:
        bad = [(r, b) for r, (b, *_) in zip(rows, picks) if r.cell == cell and not (b >= 0 and fits(chosen_kind(r, b), cell))]
        if not bad:
            continue
        print(f"== open train, {cell[0]} x {cell[1]}: {len(bad)} disagreements, {min(per_cell, len(bad))} shown")
        for r, b in rng.sample(bad, min(per_cell, len(bad))):
            cands = ", ".join(f"{kind(c.program)}:{c.name}" for c in r.cands)
            got = described(r.cands[b].program) if b >= 0 else "-"
            print(f"  Q: {r.question}\n     chose {chosen_kind(r, b)}: {got}\n     candidates: {cands}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows-cache", type=Path, default=None, help="train_ranker.py's pickle of collected rows")
    ap.add_argument("--C", type=float, default=0.03)
    ap.add_argument("--source-C", type=float, default=1.0)
    ap.add_argument("--show", type=int, default=0, help="open-train disagreements to print per gold category")
    args = ap.parse_args()
    fitted = tr.fit_and_split(tatqa.load(dev_file()), args.rows_cache, args.C, args.source_C)
    rows, held, weights, box_rows = fitted.rows, fitted.held, fitted.weights, fitted.train_box
    dev_open, dev_box = fitted.dev_open, fitted.dev_box
    confusion("train open (CV held out)", rows, held)
    confusion("dev open", dev_open, [tr.choose(r, weights) for r in dev_open])
    print(aggregate("TRAIN LOCKBOX (aggregate)", box_rows, [tr.choose(r, weights) for r in box_rows]))
    print(aggregate("DEV LOCKBOX (aggregate)", dev_box, [tr.choose(r, weights) for r in dev_box]))
    if args.show:
        show(rows, held, args.show)


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # the same fit as train_ranker.py's
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    main()
