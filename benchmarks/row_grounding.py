"""How often the row score puts a gold row first (top-1) or among the first three (top-3): the hand score
against the learned row scorer (``reading/row_model.py``, refitted here in memory on open train as
``training/row_train.py`` fits it), and how often the column score's best column holds a gold cell.

Gold rows: open TAT-QA train's grounded arithmetic operands (``training/row_data.py``), the train lockbox
(aggregates), and dev's evidence cells for every answer type, open dev and the dev lockbox (aggregates only),
by answer_type x answer_from. "reach": questions with a gold row among the scored rows of the block read; the
rest are out of reach of any row score. "named": the best column's score is above 0.

    PYTHONPATH=src:. python benchmarks/row_grounding.py [--l2 1.0]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lockbox import data_dir, dev_file  # noqa: E402
from lockbox import split as dev_split  # noqa: E402
from training import train_set  # noqa: E402
from training.row_data import Sample, dev_mappings, dev_samples, train_samples  # noqa: E402
from training.row_train import fit, reorderable  # noqa: E402

from tabtext.benchmarks import tatqa  # noqa: E402
from tabtext.engines.solver.reading import row_model  # noqa: E402


def ranks(s: Sample, weights: tuple[float, ...] | None) -> list[int]:
    scores = row_model.reorder(s.hand, s.features, weights)
    return sorted(scores, key=lambda r: (-scores[r], r))


def figures(samples: list[Sample], weights: tuple[float, ...]) -> str:
    reach = [s for s in samples if s.gold]
    if not reach:
        return f"{len(samples):5d} questions, none in reach"
    cells = []
    for w in (None, weights):
        order = [ranks(s, w) for s in reach]
        cells.append(100.0 * sum(o[0] in s.gold for o, s in zip(order, reach)) / len(reach))
        cells.append(100.0 * sum(bool(set(o[:3]) & s.gold) for o, s in zip(order, reach)) / len(reach))
    named = [s for s in samples if s.gold_cols and max(s.col_scores.values(), default=0.0) > 0]
    col = sum(min(s.col_scores, key=lambda c: (-s.col_scores[c], c)) in s.gold_cols for s in named)
    return (f"{len(samples):5d} q, reach {len(reach):5d} | hand top-1 {cells[0]:5.1f} top-3 {cells[1]:5.1f} | "
            f"learned top-1 {cells[2]:5.1f} top-3 {cells[3]:5.1f} | col named {len(named):4d} top-1 "
            f"{100.0 * col / max(len(named), 1):5.1f}")


def by_category(name: str, samples: list[Sample], weights: tuple[float, ...]) -> None:
    print(f"{name:34s} {figures(samples, weights)}")
    groups: dict[str, list[Sample]] = defaultdict(list)
    for s in samples:
        groups[s.category].append(s)
    for category in sorted(groups):
        print(f"  {category:32s} {figures(groups[category], weights)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    open_train, box_train = train_set.split(train_set.load())
    train_open = list(train_samples(open_train))
    weights = fit(reorderable(train_open), args.l2)
    dev_open, dev_box = dev_split(tatqa.load(dev_file()))
    mappings = dev_mappings(data_dir())
    print(f"{'open train (fitted on)':34s} {figures(train_open, weights)}")
    print(f"{'TRAIN LOCKBOX (aggregates)':34s} {figures(list(train_samples(box_train)), weights)}")
    by_category("open dev", list(dev_samples(dev_open, mappings)), weights)
    by_category("DEV LOCKBOX (aggregates)", list(dev_samples(dev_box, mappings)), weights)
    return 0


if __name__ == "__main__":
    sys.exit(main())
