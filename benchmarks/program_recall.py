"""Candidate generation recall on TAT-QA train's open part (issue 20): is the right program among the
candidates at all, before the ranker chooses?

For each train arithmetic question (the derivation evaluated is its answer), by the derivation's shape:
- value recall: some candidate executes to the answer (as ``train_ranker.py`` labels it, scale ignored);
- grounded recall: some candidate reads exactly the cells the derivation's operands were found in
  (``training/operand_labels.py``; only questions whose derivation is grounded in the table);
- both: some candidate reads those cells and gives the answer;
- accidental: of the candidates that give the answer, the share reading other cells (what a value-only label
  calls right by coincidence).
The train lockbox is not read.

    PYTHONPATH=src python benchmarks/program_recall.py [--limit N]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from train_ranker import train_label  # noqa: E402
from training import train_set  # noqa: E402
from training.contexts import pooled  # noqa: E402
from training.derivations import read as read_derivation  # noqa: E402
from training.operand_labels import reads_grounded_cells, table_operands  # noqa: E402

from tabtext.engines.solver.rank.candidates import candidates, read  # noqa: E402


def measure(examples) -> dict[str, Counter]:
    counts: dict[str, Counter] = {}
    for ex in examples:
        derivation = read_derivation(str(ex.meta.get("derivation") or ""))
        shape = derivation.shape if derivation else "unreadable"
        reading = read(ex)
        cands = candidates(reading)
        right = [train_label(ex, c.program)[0] > 0.5 for c in cands]
        operands = table_operands(ex)
        grounded = [reads_grounded_cells(c.program, operands, reading.offset) if operands else None for c in cands]
        for key in (shape, "all"):
            n = counts.setdefault(key, Counter())
            n["questions"] += 1
            n["value"] += any(right)
            if operands:
                n["grounded questions"] += 1
                n["grounded"] += any(g for g in grounded)
                n["both"] += any(g and r for g, r in zip(grounded, right))
                n["right candidates"] += sum(r for g, r in zip(grounded, right) if g is not None)
                n["accidental"] += sum(r and not g for g, r in zip(grounded, right) if g is not None)
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=int, default=0, help="only the first N arithmetic questions (a quick look)")
    args = ap.parse_args()
    started = time.perf_counter()
    open_, _ = train_set.split(pooled(train_set.load()))
    arithmetic = [e for e in open_ if e.meta["answer_type"] == "arithmetic" and e.meta["answer_known"]]
    counts = measure(arithmetic[:args.limit] if args.limit else arithmetic)

    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:6.2f}%" if b else "     -"

    print(f"{'shape':>14} {'questions':>9} {'value':>8} {'grounded q':>10} {'grounded':>8} {'both':>8} {'accidental':>10}")
    for key in ["all"] + sorted(k for k in counts if k != "all"):
        n = counts[key]
        print(f"{key:>14} {n['questions']:>9} {pct(n['value'], n['questions']):>8} {n['grounded questions']:>10} "
              f"{pct(n['grounded'], n['grounded questions']):>8} {pct(n['both'], n['grounded questions']):>8} "
              f"{pct(n['accidental'], n['right candidates']):>10}")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
