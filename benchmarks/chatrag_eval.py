"""Offline solver on ChatRAG datasets: per-dataset token F1 (official semantics) of the offline answers.

    PYTHONPATH=src python benchmarks/chatrag_eval.py                   # INSCIT dev + Doc2Dial validation
    PYTHONPATH=src python benchmarks/chatrag_eval.py --file F [--dataset D] ...

Data: ../shared/data (or $TABTEXT_DATA). Doc2Dial's golds here are the rc CSV's document spans, not the agent
utterances ChatRAG's doc2dial/test.json holds, so its F1 is not comparable with published ChatRAG numbers.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tabtext.benchmarks.chatrag import load
from tabtext.engines.solver import SolverEngine
from tabtext.run import score_predictions

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import data_dir  # noqa: E402

DATA = data_dir()
DEFAULT = [DATA / "inscit" / "dev.json", DATA / "doc2dial" / "doc2dial_rc_val.csv.zip"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", action="append", type=Path, help="dataset file (repeatable)")
    parser.add_argument("--dataset", default=None)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    for path in args.file or DEFAULT:
        examples = load(path, dataset=args.dataset)[: args.limit]
        start = time.perf_counter()
        predictions = SolverEngine().answer(examples)
        seconds = time.perf_counter() - start
        report = score_predictions("chatrag", examples, {p.uid: p for p in predictions})
        dataset = str(examples[0].meta["dataset"])
        s = report.scores
        abstained = sum(1 for p in predictions if p.meta.get("method") == "abstain")
        extra = "".join(f"  {k.split('.', 1)[1]} {v:.4f}" for k, v in s.items()
                        if k.startswith(dataset + ".") and k.endswith("_acc"))
        print(f"{dataset:<14} {len(examples):>5} turns  F1 {s[dataset + '.f1']:.4f}  P {s[dataset + '.precision']:.4f}"
              f"  R {s[dataset + '.recall']:.4f}{extra}  abstained {abstained}  errors {report.counts['errors']}"
              f"  {seconds:.1f}s  ({path})")


if __name__ == "__main__":
    main()
