"""ChatRAG-Bench through `tabtext serve`'s prompt reading vs the solver on the loaded Example, per dataset.

    PYTHONPATH=src python benchmarks/chatrag_serve_parity.py [--n 100] [--datasets convfinqa,inscit,...]

For the first N turns of each ChatRAG file under $TABTEXT_DATA, the solver answers the Example as loaded
(`tabtext run`) and the Example that `tabtext serve` rebuilds from the official prompt the openai engine sends
(`prompts.messages_for` -> `server.example_from_messages`, the code the HTTP route runs, without the socket).
Prints per dataset: the dataset serve infers, how many answers are the same, and the scores both ways.
What serve cannot see: the dataset when its instruction is shared ("full and complete answer"), context past
the prompt's 12,000 characters, and turns before the last 7.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tabtext.benchmarks import BENCHMARKS  # noqa: E402
from tabtext.engines import prompts  # noqa: E402
from tabtext.engines.solver import SolverEngine  # noqa: E402
from tabtext.metrics import METRICS  # noqa: E402
from tabtext.server import example_from_messages  # noqa: E402

FILES = {"convfinqa": "convfinqa/pot_convfinqa_dev.json", "inscit": "inscit/dev.json",
         "doc2dial": "doc2dial/doc2dial_rc_val.csv.zip", "coqa": "coqa/coqa-dev-v1.0.hf_dummy_sample.json",
         "quac": "quac/val_v0.2.hf_dummy_sample.json", "doqa_cooking": "doqa/doqa-cooking-test-v2.1.hf_dummy_sample.json"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=100, help="turns per dataset (default 100)")
    ap.add_argument("--datasets", default=",".join(FILES), help="comma-separated (default: all found)")
    args = ap.parse_args()
    data = Path(os.environ.get("TABTEXT_DATA", ROOT / "data"))
    solver, metric = SolverEngine(), METRICS.get("chatrag")
    key = {"convfinqa": "strict_em"}
    print(f"{'dataset':<14}{'turns':>6}  {'serve reads it as':<20}{'same':>6}  {'score':<10}{'direct':>8}{'served':>8}")
    for dataset, name in FILES.items():
        if dataset not in args.datasets.split(",") or not (data / name).exists():
            continue
        examples = BENCHMARKS.get("chatrag").load(data / name, dataset=dataset)[:args.n]
        inferred: Counter = Counter()
        same, direct, served = 0, 0.0, 0.0
        for ex in examples:
            rebuilt = example_from_messages(prompts.messages_for(ex))
            inferred[rebuilt.meta.get("dataset") or "(none)"] += 1
            a, b = solver.answer_one(ex), solver.answer_one(rebuilt)
            same += (a.answer and a.answer.text()) == (b.answer and b.answer.text())
            score = key.get(dataset, "f1")
            direct += metric.score(ex, a).get(score, 0.0)
            served += metric.score(ex, b).get(score, 0.0)
        reads = ", ".join(f"{d} {c}" for d, c in inferred.most_common(2))
        n = len(examples)
        print(f"{dataset:<14}{n:>6}  {reads:<20}{same:>6}  {key.get(dataset, 'f1'):<10}"
              f"{100 * direct / n:>8.2f}{100 * served / n:>8.2f}")


if __name__ == "__main__":
    main()
