"""Ray overhead: ``tabtext run tatqa --split dev --ray`` vs in-process, whole commands (prints; asserts nothing).

    PYTHONPATH=src TABTEXT_DATA=../shared/data python benchmarks/ray_overhead.py [--runs 3]

Three commands, run in turn (A B C A B C ...) so drift of a shared machine hits them alike; the median wall
time of each, and the ratios to in-process:
  in-process   python -m tabtext.cli run tatqa --split dev
  --ray        the same, starting a local Ray with this machine's CPUs (what a laptop user sees)
  --ray ADDR   the same, joining a 2-CPU local Ray that is already running (what a cluster user sees)
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOLD_CLUSTER = """
import sys, ray
ray.init(num_cpus=2, include_dashboard=False)  # its workers inherit PYTHONPATH (this tabtext)
print(ray.get_runtime_context().gcs_address, flush=True)
sys.stdin.read()
"""


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def tabtext_env() -> dict[str, str]:
    src = str(ROOT / "src")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p)}


@contextlib.contextmanager
def running_cluster(env: dict[str, str]) -> Iterator[str]:
    """A 2-CPU local Ray held by another process for the duration; yields its address."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD_CLUSTER], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        yield holder.stdout.readline().strip()
    finally:
        holder.communicate("", timeout=60)


def joining(env: dict[str, str]) -> dict[str, str]:
    """Ray >= 2.59 guards local clusters with a token (in ~/.ray); a driver joining one must ask for it."""
    return {**env, "RAY_AUTH_MODE": "token"}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    env = tabtext_env()
    times: dict[str, list[float]] = {"in-process": [], "--ray": [], "--ray ADDR": []}
    with running_cluster(env) as address, tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            for name, extra in (("in-process", []), ("--ray", ["--ray"]), ("--ray ADDR", ["--ray", address])):
                out = Path(tmp) / f"{name.strip('-').replace(' ', '_')}-{i}"
                cmd = [sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--split", "dev", "--quiet",
                       "--out", str(out), *extra]
                times[name].append(timed(cmd, joining(env) if "ADDR" in name else env))
    base = statistics.median(times["in-process"])
    print(f"tatqa dev (1,668 questions), {os.cpu_count()} CPUs, median of {args.runs} runs each:")
    for name, values in times.items():
        med = statistics.median(values)
        print(f"  {name:<11} {med:6.2f} s  ({med / base:.2f}x in-process; runs {', '.join(f'{v:.2f}' for v in values)})")


if __name__ == "__main__":
    main()
