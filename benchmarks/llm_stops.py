"""How fast `tabtext run` stops on the user's two commonest mistakes against a real server (prints; asserts nothing).

    PYTHONPATH=src python benchmarks/llm_stops.py --base-url http://127.0.0.1:8765/v1

1. ``base_url`` without ``/v1``; 2. a prompt longer than the server's context window (a TAT-QA-format file of one
question whose paragraph is ~6,000 words). Prints each run's exit code, wall seconds (process start to exit,
Python start-up included), the CPU seconds the run itself used (what a loaded machine multiplies into wall time)
and its last stderr line, with the load average they were measured at.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def overflowing_file(folder: Path) -> Path:
    words = " ".join(f"revenue{i % 97} grew by {i % 13} percent" for i in range(1200))
    data = [{"table": {"uid": "t0", "table": [["", "2019"], ["Revenue", "1,200"]]},
             "paragraphs": [{"uid": "p0", "order": 1, "text": words}],
             "questions": [{"uid": "q0", "order": 1, "question": "What was the revenue in 2019?", "answer": ["1,200"],
                            "derivation": "", "answer_type": "span", "answer_from": "table", "rel_paragraphs": [],
                            "req_comparison": False, "scale": ""}]}]
    path = folder / "overflow.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(gold: Path, base_url: str, out: Path) -> tuple[int, float, float, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    started, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(gold), "--quiet",
                           "--out", str(out), "--engine", f"openai:model=local,base_url={base_url}"],
                          env=env, capture_output=True, text=True, timeout=600)
    return done.returncode, time.perf_counter() - started, children_cpu() - cpu, done.stderr.strip().splitlines()[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base-url", default="http://127.0.0.1:8765/v1")
    args = ap.parse_args()
    base = args.base_url.rstrip("/")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        mini = ROOT / "tests" / "data" / "tatqa" / "mini.json"
        cases = [("base_url without /v1", mini, base[: -len("/v1")] if base.endswith("/v1") else base),
                 ("prompt over the context window", overflowing_file(folder), base)]
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        started, cpu = time.perf_counter(), children_cpu()
        subprocess.run([sys.executable, "-m", "tabtext.cli", "--version"], env={**os.environ, "PYTHONPATH":
                       str(ROOT / "src")}, capture_output=True, timeout=600)
        print(f"python start-up alone (tabtext --version): {time.perf_counter() - started:.1f} s "
              f"({children_cpu() - cpu:.2f} s CPU)")
        for i, (name, gold, url) in enumerate(cases):
            code, seconds, used, line = run(gold, url, folder / f"run{i}")
            print(f"{name}: exit {code} in {seconds:.1f} s ({used:.2f} s CPU): {line}")


if __name__ == "__main__":
    main()
