"""Questions/s and peak memory of a whole process answering TAT-QA dev with the solver (start-up included).

    python benchmarks/solver_speed.py [--file PATH]

Until the CLI exists the child process is ``python -c`` with SolverEngine; the lead switches the command to
``tabtext predict tatqa --split dev``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = Path("/work/shared/data/tatqa/tatqa_dataset_dev.json")

CHILD = """
import sys
from pathlib import Path
from tabtext.benchmarks import tatqa
from tabtext.engines.solver import SolverEngine
examples = tatqa.load(Path(sys.argv[1]))
preds = SolverEngine().answer(examples)
print(len(preds))
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", type=Path, default=DEFAULT)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    best = None
    n = 0
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", CHILD, str(args.file)], env=env, capture_output=True, text=True,
                             check=True)
        elapsed = time.perf_counter() - t0
        n = int(out.stdout.strip().splitlines()[-1])
        best = elapsed if best is None else min(best, elapsed)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
    print(f"questions: {n}")
    print(f"wall (best of {args.repeat}, whole process): {best:.2f} s")
    print(f"questions/s: {n / best:.0f}")
    print(f"peak memory (max RSS of the child): {peak_kib / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
