"""What `tabtext ask` gives for TAT-QA dev's questions, asked one by one as first questions through ask's own path
(``Conversation``: the dialogue, the person-facing cut of ``commands.ask.for_a_person`` and its "no answer found").

    PYTHONPATH=src python benchmarks/ask_on_tatqa.py

Prints, for the open part and the lockbox (aggregates only): the share answered (not "no answer found"), and of
the answers given the share exactly right (EM against TAT-QA's gold, which keeps the annotators' clause: a
person-facing cut such as "cloud services" for "driven by cloud services" counts as a miss) and usable (F1 >= 0.5).
``benchmarks/ask_threshold.py`` measures the dialogue alone; this adds what ``ask`` does after it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import dev_file, split  # noqa: E402

from tabtext.benchmarks import tatqa  # noqa: E402
from tabtext.commands.ask import Conversation, found  # noqa: E402
from tabtext.engines.solver import SolverEngine  # noqa: E402
from tabtext.run import score_predictions  # noqa: E402


def report(name: str, examples, engine) -> str:  # type: ignore[no-untyped-def]
    preds, given = {}, {}
    for ex in examples:
        _, pred = Conversation(engine, ex.context).ask(ex.question)
        preds[ex.uid], given[ex.uid] = pred, pred.answer is not None and found(pred)
    items = score_predictions("tatqa", examples, preds).items
    answered = [i for i in items if given[i["uid"]]]
    share = 100 * len(answered) / max(len(items), 1)
    em = 100 * sum(float(i["em"]) for i in answered) / max(len(answered), 1)
    usable = 100 * sum(float(i["f1"]) >= 0.5 for i in answered) / max(len(answered), 1)
    return f"{name}: {len(items)} questions, answered {share:.1f}%, EM precision {em:.1f}, usable {usable:.1f}"


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    open_, box = split(tatqa.load(dev_file()))
    engine = SolverEngine()
    print(report("open part", open_, engine))
    print(report("lockbox (aggregate)", box, engine))
    return 0


if __name__ == "__main__":
    sys.exit(main())
