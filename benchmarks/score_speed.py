"""Whole-process wall time of `tabtext score tatqa` on dev with the benchmark's sample predictions.

Prints the median of several runs (the official script takes about 2.1 s on these machines; target <= 0.2 s).
Usage: python benchmarks/score_speed.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    data = Path(os.environ.get("TABTEXT_DATA", ROOT.parent / "shared" / "data"))
    parity = Path(os.environ.get("TABTEXT_PARITY_DIR", ROOT.parent / "shared" / "parity"))
    cmd = [sys.executable, "-m", "tabtext.cli", "score", "tatqa", str(parity / "tatqa" / "pred_sample.json"),
           "--split", "dev", "--data-dir", str(data)]
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    print(f"tabtext score tatqa (dev, sample predictions): median {statistics.median(times):.3f} s "
          f"over {args.runs} runs (min {min(times):.3f} s, max {max(times):.3f} s)")


if __name__ == "__main__":
    main()
