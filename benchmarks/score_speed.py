"""Whole-process speed of `tabtext score tatqa` on dev against the official `tatqa_eval.py`, side by side.

Both score the benchmark's sample predictions (../shared/parity/tatqa/pred_sample.json) against the dev file, as
a user runs them: the installed `tabtext` command of a virtual environment holding a regular (non-editable)
install of this checkout, and the official script run by that environment's Python with numpy, pandas and scipy
installed in it (the versions of the Python running this script). Nothing else is on either path: no editable
install's .pth file, no PYTHONPATH. The environment is made in a temporary folder (about a minute from the pip
cache), or reused with --venv DIR (made there when DIR does not exist yet; else this checkout is reinstalled
there).

The numbers are checked first: EM, F1 and scale, and the EM and F1 of every answer type x answer source cell, as
each prints them, must be equal at two decimals. Then the two run in turn (A B A B ...), each timed as a
whole process (wall, and CPU from its rusage), and the ratio official / tabtext is taken pair by pair; the figure
is the median wall ratio (CPU beside it). With --repeat N that is done N times and the median of the N medians printed, with the machine's load average.

The official scorer is not part of this repository (its code stays out of it): put NExTplusplus/TAT-QA's
`tatqa_eval.py`, `tatqa_metric.py` and `tatqa_utils.py` in a folder and pass it with --official DIR (or
$TABTEXT_OFFICIAL_TATQA). Without one, only tabtext's own time is printed.

Usage: python benchmarks/score_speed.py --official DIR [--runs 7] [--repeat 3] [--venv DIR]
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
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OFFICIAL_DEPENDENCIES = ("numpy", "pandas", "scipy")


def shared(env: str, name: str) -> Path:
    if os.environ.get(env):
        return Path(os.environ[env])
    return next((p / "shared" / name for p in ROOT.parents[:3] if (p / "shared" / name).is_dir()),
                ROOT.parent / "shared" / name)


def official_figures(text: str) -> dict[str, str]:
    """EM / F1 / scale as tatqa_eval.py prints them ("Exact-match accuracy 45.92" ...), and each cell of its em
    and f1 detail tables (fractions) as a percent with two decimals, keyed "em arithmetic table"."""
    found = {key: re.search(rf"{label} ([\d.]+)", text) for key, label in
             (("em", "Exact-match accuracy"), ("f1", "F1 score"), ("scale", "Scale score"))}
    figures = {k: m.group(1) for k, m in found.items() if m}
    counts = _table(text, "---- raw detail ---", "answer_from")
    for score in ("em", "f1"):
        for key, value in _table(text, f"---- {score} detail ---", "answer_from").items():
            if float(counts.get(key, "0")):  # the official prints 0.0 for a cell with no question; tabtext "-"
                figures[f"{score} {key}"] = f"{float(value) * 100:.2f}"
    return figures


def tabtext_figures(text: str) -> dict[str, str]:
    """em / f1 / scale from tabtext's summary ("  em       45.92") and its em and f1 tables' cells."""
    figures = {k: m.group(1) for k in ("em", "f1", "scale") if (m := re.search(rf"^\s+{k}\s+([\d.]+)$", text, re.M))}
    for score in ("em", "f1"):
        cells = _table(text, f"{score} by answer_type x answer_from:", score)
        figures.update({f"{score} {key}": value for key, value in cells.items() if value != "-"})
    return figures


def _table(text: str, title: str, column_line: str) -> dict[str, str]:
    """The cells of a printed pivot table: after the line ``title``, the line starting with ``column_line``
    names the columns, and each following line of a name and one value per column is a row."""
    lines = text.splitlines()
    if title not in lines:
        return {}
    rest = lines[lines.index(title) + 1:]
    head = next((i for i, line in enumerate(rest) if line.split()[:1] == [column_line]), None)
    if head is None:
        return {}
    columns, cells = rest[head].split()[1:], {}
    for line in rest[head + 1:]:
        parts = line.split()
        if parts == ["answer_type"]:  # pandas' index name line
            continue
        if len(parts) != len(columns) + 1 or line.startswith("----"):  # the next table's title
            break
        cells.update({f"{parts[0]} {col}": value for col, value in zip(columns, parts[1:])})
    return cells


def make_venv(folder: Path) -> Path:
    """A virtual environment with this checkout installed (not editable) and the official script's needs."""
    python = folder / "bin" / "python"
    if python.exists():  # reused: this checkout as it is now replaces the install there
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(ROOT)],
                       check=True)
        return folder
    print(f"making {folder}: python -m venv, then pip install this checkout, {', '.join(OFFICIAL_DEPENDENCIES)}",
          file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    pins = [f"{name}=={metadata.version(name)}" if _installed(name) else name for name in OFFICIAL_DEPENDENCIES]
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(ROOT), *pins], check=True)
    return folder


def _installed(name: str) -> bool:
    try:
        metadata.version(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, from the child's own rusage) of one whole process."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{shlex.join(cmd)} exited {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def paired_ratio(a: list[str], b: list[str], runs: int, env: dict[str, str]) -> tuple[float, float, str]:
    """B's time over A's, pair by pair (A B A B ...): pairing keeps a ratio meaningful while the machine's speed
    drifts. Returns the median wall and CPU ratios and one line per pair."""
    walls, cpus, lines = [], [], []
    for i in range(runs):
        (a_wall, a_cpu), (b_wall, b_cpu) = timed(a, env), timed(b, env)
        walls.append(b_wall / a_wall)
        cpus.append(b_cpu / max(a_cpu, 1e-6))
        lines.append(f"pair {i + 1}: tabtext {a_wall:.3f} s wall {a_cpu:.3f} s CPU, official {b_wall:.3f} s wall "
                     f"{b_cpu:.3f} s CPU")
    return statistics.median(walls), statistics.median(cpus), "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--official", type=Path, default=os.environ.get("TABTEXT_OFFICIAL_TATQA"),
                        help="folder holding the official tatqa_eval.py, tatqa_metric.py and tatqa_utils.py")
    parser.add_argument("--runs", type=int, default=7, help="A/B pairs per measurement (default 7)")
    parser.add_argument("--repeat", type=int, default=1, help="measurements; the median of their medians")
    parser.add_argument("--venv", type=Path, help="the virtual environment to use (made there if missing)")
    args = parser.parse_args()
    gold = shared("TABTEXT_DATA", "data") / "tatqa" / "tatqa_dataset_dev.json"
    preds = shared("TABTEXT_PARITY_DIR", "parity") / "tatqa" / "pred_sample.json"
    venv = make_venv(args.venv or Path(tempfile.mkdtemp(prefix="tabtext-score-speed-")) / "venv")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    ours = [str(venv / "bin" / "tabtext"), "score", "tatqa", str(preds), "--file", str(gold)]
    figures = tabtext_figures(subprocess.run(ours, capture_output=True, text=True, env=env, check=True).stdout)
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
    official = [str(venv / "bin" / "python"), str(args.official / "tatqa_eval.py"), "--gold_path", str(gold),
                "--pred_path", str(preds)]
    theirs = official_figures(subprocess.run(official, capture_output=True, text=True, env=env, check=True).stdout)
    print(f"official tatqa_eval.py: em {theirs.get('em')} f1 {theirs.get('f1')} scale {theirs.get('scale')}")
    if theirs != figures or len(figures) < 3 + 2 * 11:
        differ = sorted(k for k in set(theirs) | set(figures) if theirs.get(k) != figures.get(k))
        raise SystemExit(f"the numbers differ ({', '.join(differ) or 'too few figures read'}): no speed ratio for "
                         "different results")
    print(f"identical numbers: EM, F1, scale and the {len(figures) - 3} EM/F1 cells by answer type x source")
    ratios = []
    for _ in range(args.repeat):
        load = os.getloadavg()[0]
        wall, cpu, out = paired_ratio(ours, official, args.runs, env)
        print(out.strip())
        print(f"tabtext score tatqa is {wall:.2f}x faster than the official tatqa_eval.py (median wall ratio over "
              f"{args.runs} pairs; CPU {cpu:.2f}x), load average {load:.2f} at the start")
        ratios.append((wall, cpu))
    if args.repeat > 1:
        print(f"median of {args.repeat} calls: {statistics.median(w for w, _ in ratios):.2f}x wall, "
              f"{statistics.median(c for _, c in ratios):.2f}x CPU (installed `tabtext` in {venv})")


if __name__ == "__main__":
    main()
