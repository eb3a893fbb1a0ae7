"""kill -9 at any moment of `tabtext run` and of `tabtext run --resume`: how many saved answers are lost.

Each trial starts a real `run` (offline solver, TAT-QA dev, small batches) in a fresh folder and kills it with
SIGKILL at a random moment; then a `--resume` of that folder is killed too: half the time at a random moment,
half the moment the folder first changes (the rewrite of predictions.jsonl that resume starts with, the window
in which an in-place rewrite loses everything). Saved answers are the uids in predictions.jsonl whose line is
complete; a lost answer is one saved before a kill and missing after it (after a killed `run`: one tabtext cannot read back). A last `--resume` must finish with every
question answered. Prints one row per phase: trials | answers saved before the kills | lost | finished runs
complete. Usage: PYTHONPATH=src python benchmarks/kill_resume.py [--trials 20] [--limit 400] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("TABTEXT_DATA", ROOT.parent / "shared" / "data"))


def saved_uids(records: Path) -> set[str]:
    """Uids of complete lines (a torn last line is not saved)."""
    if not records.exists():
        return set()
    uids = set()
    for line in records.read_bytes().split(b"\n"):
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and "uid" in record:
            uids.add(str(record["uid"]))
    return uids


def readable(records: Path) -> int:
    """How many records tabtext itself reads back (what --resume and score would see)."""
    sys.path.insert(0, str(ROOT / "src"))
    from tabtext.errors import TabtextError
    from tabtext.predictions import read_jsonl

    try:
        return len(read_jsonl(records)) if records.exists() else 0
    except TabtextError:
        return 0


def command(out: Path, limit: int, resume: bool) -> list[str]:
    gold = DATA / "tatqa" / "tatqa_dataset_dev.json"
    return [sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(gold), "--limit", str(limit),
            "--out", str(out), "--batch-size", "4", "--quiet", *(["--resume"] if resume else [])]


def folder_state(out: Path) -> tuple:
    try:
        return tuple(sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in out.iterdir()))
    except OSError:
        return ()


def kill_after(cmd: list[str], env: dict[str, str], seconds: float | None, out: Path) -> None:
    """Start ``cmd``; SIGKILL it after ``seconds``, or (None) the moment ``out`` first changes."""
    before = folder_state(out)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + (seconds if seconds is not None else 60.0)
    while time.monotonic() < deadline and proc.poll() is None:
        if seconds is None and folder_state(out) != before:
            break
        time.sleep(0.0005 if seconds is None else 0.005)
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--limit", type=int, default=400, help="questions per run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    rows = {"run": [0, 0, 0, 0], "--resume": [0, 0, 0, 0]}  # trials, saved before, lost, complete at the end
    holding = {"run": 0, "--resume": 0}  # trials in which answers were saved before the kill
    with tempfile.TemporaryDirectory() as tmp:
        for trial in range(args.trials):
            out = Path(tmp) / f"run{trial}"
            kill_after(command(out, args.limit, False), env, rng.uniform(0.5, 4.0), out)
            first = saved_uids(out / "predictions.jsonl")
            rows["run"][0] += 1
            rows["run"][1] += len(first)
            rows["run"][2] += len(first) - readable(out / "predictions.jsonl")
            holding["run"] += bool(first)
            holding["--resume"] += bool(first)
            kill_after(command(out, args.limit, bool(first)), env, rng.uniform(0.2, 3.0) if trial % 2 else None, out)
            second = saved_uids(out / "predictions.jsonl")
            rows["--resume"][0] += 1
            rows["--resume"][1] += len(first)
            rows["--resume"][2] += len(first - second)
            resume = (out / "predictions.jsonl").exists()  # killed before its first answer: nothing to resume
            done = subprocess.run(command(out, args.limit, resume), env=env, capture_output=True, text=True)
            final = saved_uids(out / "predictions.jsonl")
            complete = done.returncode == 0 and len(final) == args.limit and second <= final
            rows["run"][3] += complete
            rows["--resume"][3] += complete
            if not complete:
                print(f"trial {trial}: the last run exit {done.returncode}, {len(final)} of {args.limit} answered: "
                      f"{done.stderr.strip()[-200:]!r}", file=sys.stderr)
    print("| killed with -9 | trials | trials with answers saved before the kill | answers saved before the kill "
          "| saved answers lost | finished complete after a last --resume |")
    print("|---|---|---|---|---|---|")
    for phase, (trials, saved, lost, complete) in rows.items():
        print(f"| {phase} | {trials} | {holding[phase]} | {saved:,} | {lost:,} | {complete} of {trials} |")
    print(f"\nseed {args.seed}, {args.limit} questions a run; load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
