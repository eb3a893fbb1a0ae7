"""Run the offline solver on TAT-QA dev: EM / F1 / scale, the answer_type x answer_from breakdown, and the
largest error classes (gold answer type x predicted operator, and scale confusions).

    PYTHONPATH=src python benchmarks/solver_eval.py [--file PATH] [--show N]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

from tabtext.benchmarks import tatqa
from tabtext.engines.solver import SolverEngine
from tabtext.report import render_text
from tabtext.run import score_predictions

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import dev_file, is_lockbox  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", type=Path, default=dev_file())
    ap.add_argument("--show", type=int, default=0, help="print N random wrong answers (never from the lockbox)")
    ap.add_argument("--type", default="", help="only show errors of this answer_type")
    ap.add_argument("--source", default="", help="only show errors of this answer_from")
    args = ap.parse_args()
    examples = tatqa.load(args.file)
    preds = SolverEngine().answer(examples)
    by_uid = {p.uid: p for p in preds}
    report = score_predictions("tatqa", examples, by_uid)
    print(render_text(report))
    errors: Counter[tuple[str, str, str]] = Counter()
    scale_errors: Counter[tuple[str, str]] = Counter()
    wrong = []
    for ex, item in zip(examples, report.items):
        p = by_uid[ex.uid]
        op = str(p.meta.get("operator", "none")) if p.answer else "none"
        if item["em"] < 1:
            errors[(str(ex.meta["answer_type"]), str(ex.meta["answer_from"]), op)] += 1
            wrong.append((ex, p))
        if item["scale"] < 1 and p.answer is not None:
            scale_errors[(str(ex.meta["scale"]) or "none", p.answer.scale or "none")] += 1
    n = len(examples)
    print("\nlargest error classes (gold type, gold source, predicted operator): count, share of dev")
    for (t, f, op), c in errors.most_common(12):
        print(f"  {t:11s} {f:11s} {op:12s} {c:4d}  {100 * c / n:5.1f}%")
    print("\nscale confusions (gold -> predicted):")
    for (g, s), c in scale_errors.most_common(8):
        print(f"  {g:9s} -> {s:9s} {c:4d}")
    rng = random.Random(0)
    pool = [w for w in wrong if not is_lockbox(str(w[0].meta.get("table_uid", w[0].uid))) and (not args.type or w[0].meta["answer_type"] == args.type)
            and (not args.source or w[0].meta["answer_from"] == args.source)]
    for ex, p in rng.sample(pool, min(args.show, len(pool))):
        g = ex.gold[0]
        print(f"\nQ: {ex.question}\n  gold: {g.value!r} [{g.scale}] {g.derivation}\n  pred: "
              f"{p.answer.value if p.answer else None!r} [{p.answer.scale if p.answer else ''}] "
              f"{p.answer.derivation if p.answer else p.error} op={p.meta.get('operator')}")


if __name__ == "__main__":
    main()
