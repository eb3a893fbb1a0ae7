"""Whole-process speed of `tabtext score tatqa` on dev against the official `tatqa_eval.py`, side by side.

Both score the benchmark's sample predictions (../shared/parity/tatqa/pred_sample.json) against the dev file.
The numbers are checked first (EM, F1 and scale as each prints them, two decimals, must be identical); then
`farm-bench --vs` runs the two in turn (A B A B ...) and the ratio official / tabtext is taken pair by pair:
the figure printed is the median wall ratio (and the CPU one beside it).

The official scorer is not part of this repository (its code stays out of it): put NExTplusplus/TAT-QA's
`tatqa_eval.py`, `tatqa_metric.py` and `tatqa_utils.py` (it needs numpy, pandas and scipy) in a folder and pass
it with --official DIR (or $TABTEXT_OFFICIAL_TATQA). Without one, only tabtext's own time is printed.

--bytecode-cache runs both commands with Python's bytecode cache on (in a temporary PYTHONPYCACHEPREFIX), as an
installed package has it; without it they run as this environment is set (PYTHONDONTWRITEBYTECODE=1 here
compiles every tabtext module on every start).

Usage: python benchmarks/score_speed.py [--official DIR] [--runs 7] [--bytecode-cache]
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def shared(env: str, name: str) -> Path:
    if os.environ.get(env):
        return Path(os.environ[env])
    return next((p / "shared" / name for p in ROOT.parents[:3] if (p / "shared" / name).is_dir()),
                ROOT.parent / "shared" / name)


def official_figures(text: str) -> dict[str, str]:
    """EM / F1 / scale as tatqa_eval.py prints them ("Exact-match accuracy 45.92" ...)."""
    found = {key: re.search(rf"{label} ([\d.]+)", text) for key, label in
             (("em", "Exact-match accuracy"), ("f1", "F1 score"), ("scale", "Scale score"))}
    return {k: m.group(1) for k, m in found.items() if m}


def tabtext_figures(text: str) -> dict[str, str]:
    """em / f1 / scale from tabtext's summary ("  em       45.92")."""
    return {k: m.group(1) for k in ("em", "f1", "scale") if (m := re.search(rf"^\s+{k}\s+([\d.]+)$", text, re.M))}


def farm_ratio(a: list[str], b: list[str], runs: int, env: dict[str, str]) -> tuple[float, float, str]:
    cmd = ["farm-bench", "-n", str(runs), "--timeout", "600", "--vs", shlex.join(b), "--", *a]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900).stdout
    medians = {key: float(m.group(1)) for key in ("wall", "cpu")
               if (m := re.search(rf"^A/B {key}\s+[\d.]+\s+([\d.]+)", out, re.M))}
    if len(medians) != 2:
        raise SystemExit(f"farm-bench printed no A/B ratios:\n{out}")
    return 1 / medians["wall"], 1 / medians["cpu"], out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--official", type=Path, default=os.environ.get("TABTEXT_OFFICIAL_TATQA"),
                        help="folder holding the official tatqa_eval.py, tatqa_metric.py and tatqa_utils.py")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--bytecode-cache", action="store_true", help="both commands with a bytecode cache")
    args = parser.parse_args()
    gold = shared("TABTEXT_DATA", "data") / "tatqa" / "tatqa_dataset_dev.json"
    preds = shared("TABTEXT_PARITY_DIR", "parity") / "tatqa" / "pred_sample.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    if args.bytecode_cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="tabtext-pyc-")
    ours = [sys.executable, "-m", "tabtext.cli", "score", "tatqa", str(preds), "--file", str(gold)]
    mine = subprocess.run(ours, capture_output=True, text=True, env=env, check=True)
    figures = tabtext_figures(mine.stdout)
    print(f"tabtext score tatqa: em {figures.get('em')} f1 {figures.get('f1')} scale {figures.get('scale')}")
    if args.official is None:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(ours, capture_output=True, env=env, check=True)
            times.append(time.perf_counter() - start)
        print(f"tabtext score tatqa (dev, sample predictions): median {statistics.median(times):.3f} s wall over "
              f"{args.runs} runs; give --official DIR for the ratio to the official script")
        return
    official = ["sh", "-c", f"cd {shlex.quote(str(args.official))} && exec {shlex.quote(sys.executable)} "
                f"tatqa_eval.py --gold_path {shlex.quote(str(gold))} --pred_path {shlex.quote(str(preds))}"]
    theirs = official_figures(subprocess.run(official, capture_output=True, text=True, env=env, check=True).stdout)
    print(f"official tatqa_eval.py: em {theirs.get('em')} f1 {theirs.get('f1')} scale {theirs.get('scale')}")
    if theirs != figures or len(figures) != 3:
        raise SystemExit("the numbers differ: no speed ratio for different results")
    wall, cpu, out = farm_ratio(ours, official, args.runs, env)
    print(out.strip())
    cache = "with a bytecode cache" if args.bytecode_cache else "as this environment runs Python"
    print(f"identical numbers; tabtext score tatqa is {wall:.2f}x faster than the official tatqa_eval.py "
          f"(median wall ratio over {args.runs} pairs; CPU {cpu:.2f}x), {cache}")


if __name__ == "__main__":
    main()
