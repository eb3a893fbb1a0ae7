"""Each canonical-wording row of ``intent.REWORDINGS`` switched off in turn: EM on the open part and on the lockbox
(aggregates only), and how many open dev questions the row rewrites.

    PYTHONPATH=src python benchmarks/intent_ablation.py
"""

from __future__ import annotations

import sys

from lockbox import dev_file, split

from tabtext.benchmarks import tatqa
from tabtext.engines.solver.lexicon import intent
from tabtext.engines.solver.tasks import tatqa as task
from tabtext.run import score_predictions


def em(examples) -> float:
    preds = {ex.uid: task.answer_example(ex) for ex in examples}
    return 100 * score_predictions("tatqa", examples, preds).scores["em"]


def main() -> None:
    examples = tatqa.load(dev_file())
    open_, box = split(examples)
    everything = intent.REWORDINGS
    print(f"{'row off':24s} {'fires (open)':>12s} {'open EM':>8s} {'lockbox EM':>10s}")
    print(f"{'(none)':24s} {'':>12s} {em(open_):8.2f} {em(box):10.2f}")
    for row in everything:
        fires = sum(row.pattern.search(ex.question) is not None for ex in open_)
        intent.REWORDINGS = tuple(r for r in everything if r.name != row.name)
        try:
            print(f"{row.name:24s} {fires:12d} {em(open_):8.2f} {em(box):10.2f}")
        finally:
            intent.REWORDINGS = everything


if __name__ == "__main__":
    sys.exit(main())
