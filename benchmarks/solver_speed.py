"""Questions/s and peak memory of `tabtext predict tatqa --split dev` as a whole process (start-up included).

    python benchmarks/solver_speed.py [--data-dir DIR] [--repeat 3]

Targets: >= 300 questions/s, < 1 GiB peak memory.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
N_DEV = 1668


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path,
                    default=Path(os.environ.get("TABTEXT_DATA", ROOT.parent / "shared" / "data")))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    best = float("inf")
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            cmd = [sys.executable, "-m", "tabtext.cli", "predict", "tatqa", "--split", "dev", "--data-dir",
                   str(args.data_dir), "--out", str(Path(tmp) / "run"), "--quiet"]
            start = time.perf_counter()
            subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            best = min(best, time.perf_counter() - start)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
    print("command: tabtext predict tatqa --split dev (whole process, start-up and file writing included)")
    print(f"wall (best of {args.repeat}): {best:.2f} s for {N_DEV} questions")
    print(f"questions/s: {N_DEV / best:.0f}")
    print(f"peak memory (max RSS of the child): {peak_kib / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
