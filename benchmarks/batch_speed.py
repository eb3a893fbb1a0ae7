"""``tabtext batch`` speed: 10 questions x 1,000 generated tables, in-process and with --ray (prints; asserts nothing).

    PYTHONPATH=src python benchmarks/batch_speed.py [--tables 1000]

The tables are small financial statements (a header of years, a dozen line items) written as CSV into a
temporary folder; each whole command is timed from outside: in-process, --ray starting a local Ray, and
--ray ADDR joining a 2-CPU local Ray that is already running.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ray_overhead import joining, running_cluster, tabtext_env

ITEMS = ["Revenue", "Cost of revenue", "Gross profit", "Research and development", "Sales and marketing",
         "General and administrative", "Operating income", "Interest expense", "Income before taxes",
         "Income tax expense", "Net income", "Total assets"]
QUESTIONS = [
    "What was the revenue in 2019?",
    "What was the net income in 2018?",
    "What is the change in revenue from 2018 to 2019?",
    "What is the percentage change in net income from 2018 to 2019?",
    "What is the average gross profit for 2018 and 2019?",
    "What was the operating income in 2019?",
    "What is the difference between revenue and cost of revenue in 2019?",
    "What was the total assets in 2018?",
    "What is the ratio of income tax expense to income before taxes in 2019?",
    "Which year had the higher research and development expense?",
]


def write_tables(folder: Path, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for i in range(n):
        years = ["2019", "2018"] if rng.random() < 0.8 else ["2019", "2018", "2017"]
        with open(folder / f"report_{i:04d}.csv", "w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["(in millions)", *years])
            for item in rng.sample(ITEMS, k=rng.randint(8, len(ITEMS))):
                w.writerow([item, *(f"{rng.uniform(10, 5000):,.1f}" for _ in years)])


def timed_batch(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tabtext.cli", "batch", *args, "--quiet"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=1000)
    args = ap.parse_args()
    env = tabtext_env()
    with running_cluster(env) as address, tempfile.TemporaryDirectory() as tmp:
        folder, qfile = Path(tmp) / "tables", Path(tmp) / "questions.txt"
        folder.mkdir()
        write_tables(folder, args.tables)
        qfile.write_text("\n".join(QUESTIONS) + "\n", encoding="utf-8")
        n = len(QUESTIONS) * args.tables
        for name, extra in (("in-process", []), ("--ray", ["--ray"]), ("--ray ADDR", ["--ray", address])):
            out = Path(tmp) / name.strip("-").replace(" ", "_")
            seconds = timed_batch([str(qfile), "--tables", str(folder), "--out", str(out), *extra],
                                  joining(env) if "ADDR" in name else env)
            rows = [json.loads(line) for line in out.with_suffix(".jsonl").read_text().splitlines()]
            answered = sum(1 for r in rows if not r["error"])
            print(f"{name:<11} {len(QUESTIONS)} questions x {args.tables:,} tables = {n:,} in {seconds:.1f} s: "
                  f"{n / seconds:,.0f} questions/s ({answered:,} answered, {len(rows) - answered:,} without an answer; "
                  f"{os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
