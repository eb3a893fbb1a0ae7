"""The solver's TAT-QA dev EM by answer_type x answer_from, for all of dev, the open part and the lockbox side
by side (the lockbox as aggregates only, see benchmarks/lockbox.py) — the table of the solver-core issue.

    PYTHONPATH=src python benchmarks/solver_breakdown.py [--file PATH] [--markdown]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from lockbox import dev_file, split


def cells(examples: Sequence, items: dict[str, dict]) -> dict[tuple[str, str], tuple[float, float, int]]:
    """(answer_type, answer_from) -> (EM, F1, count), plus ("all", "all")."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for ex in examples:
        item = items[ex.uid]
        groups[(str(ex.meta["answer_type"]), str(ex.meta["answer_from"]))].append(item)
        groups[("all", "all")].append(item)
    return {key: (100 * sum(float(i["em"]) for i in group) / len(group),
                  100 * sum(float(i["f1"]) for i in group) / len(group), len(group))
            for key, group in groups.items()}


def render(columns: dict[str, dict], markdown: bool) -> str:
    keys = sorted({k for col in columns.values() for k in col if k != ("all", "all")}) + [("all", "all")]
    heads = [f"{name} EM (n)" for name in columns]
    rows = []
    for key in keys:
        values = []
        for col in columns.values():
            em, _, n = col.get(key, (0.0, 0.0, 0))
            values.append(f"{em:5.1f} ({n})" if n else "-")
        rows.append([f"{key[0]} x {key[1]}"] + values)
    f1 = ["F1 (all)"] + [f"{col[('all', 'all')][1]:5.1f}" for col in columns.values()]
    rows.append(f1)
    if markdown:
        lines = ["| answer_type x answer_from | " + " | ".join(heads) + " |", "|---" * (len(heads) + 1) + "|"]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
    width = max(len(r[0]) for r in rows) + 2
    lines = [f"{'answer_type x answer_from':<{width}}" + "".join(f"{h:>18}" for h in heads)]
    return "\n".join(lines + [f"{r[0]:<{width}}" + "".join(f"{v:>18}" for v in r[1:]) for r in rows])


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=None, help="TAT-QA dev file (default: $TABTEXT_DATA/tatqa/...)")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table for the note")
    args = ap.parse_args(argv)
    from tabtext.benchmarks import tatqa
    from tabtext.engines.solver import SolverEngine
    from tabtext.run import score_predictions

    examples = tatqa.load(args.file or dev_file())
    preds = {p.uid: p for p in SolverEngine().answer(examples)}
    items = {str(it["uid"]): it for it in score_predictions("tatqa", examples, preds).items}
    open_, box = split(examples)
    print(render({"dev": cells(examples, items), "open": cells(open_, items), "lockbox": cells(box, items)},
                 args.markdown))


if __name__ == "__main__":
    sys.exit(main())
