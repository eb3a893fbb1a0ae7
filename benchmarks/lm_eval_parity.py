"""lm-evaluation-harness through `tabtext serve` vs `tabtext run` with the solver: the same scores.

    PYTHONPATH=src python benchmarks/lm_eval_parity.py [--task tatqa|convfinqa] [--n 100] [--file PATH]

tatqa (EM / F1 / scale): the first N questions of the open (non-lockbox) part of TAT-QA dev, written to a
temporary TAT-QA file. convfinqa (official / strict EM): the first N turns of the ConvFinQA dev file
($TABTEXT_DATA/convfinqa/pot_convfinqa_dev.json; no lockbox there). Runs `tabtext run` with the solver,
`lm_eval --model local-chat-completions` with the `tabtext_TASK` task against `tabtext serve` started as its own
process on 127.0.0.1, and (convfinqa) `tabtext run --engine openai:...` against the same server; prints each
set of scores, how many items agree, and whether the figures are equal. Prints aggregates only.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))

from lockbox import dev_file, is_lockbox  # noqa: E402

from tabtext.lm_eval import include_path  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"}


def open_part_file(dev: Path, n: int, out: Path) -> Path:
    """The first contexts of the open part holding at least ``n`` questions, in TAT-QA's own format."""
    contexts, count = [], 0
    for context in json.loads(dev.read_text(encoding="utf-8")):
        if count >= n:
            break
        if not is_lockbox(str(context["table"]["uid"])):
            contexts.append(context)
            count += len(context["questions"])
    out.write_text(json.dumps(contexts), encoding="utf-8")
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_serve(port: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "tabtext.cli", "serve", "--port", str(port)], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("tabtext serve did not start")


METRICS = {"tatqa": ("em", "f1", "scale"), "convfinqa": ("official_em", "strict_em")}
ITEM_METRIC = {"tatqa": "em", "convfinqa": "strict_em"}


def run_args(task: str, file: Path) -> list[str]:
    if task == "tatqa":
        return ["tatqa", "--file", str(file)]
    return ["chatrag", "--file", str(file), "--dataset", "convfinqa"]


def tabtext_run(task: str, file: Path, n: int, out: Path, engine: str = "solver"
                ) -> tuple[dict[str, float], dict[str, float]]:
    subprocess.run([sys.executable, "-m", "tabtext.cli", "run", *run_args(task, file), "--limit", str(n),
                    "--engine", engine, "--out", str(out), "--quiet"], env=ENV, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report = json.loads((out / "report.json").read_text())
    return report["scores"], {it["uid"]: it[ITEM_METRIC[task]] for it in report["items"]}


def lm_eval_run(task: str, port: int, file: Path, n: int, out: Path
                ) -> tuple[dict[str, float], dict[str, float], float]:
    name = f"tabtext_{task}"
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lm_eval", "--model", "local-chat-completions", "--model_args",
                    f"model=tabtext-solver,base_url=http://127.0.0.1:{port}/v1/chat/completions",
                    "--apply_chat_template", "--include_path", str(include_path()), "--tasks", name,
                    "--limit", str(n), "--metadata", json.dumps({"file": str(file)}), "--output_path", str(out),
                    "--log_samples"], env=ENV, check=True, cwd=out, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    results = json.loads(next(out.rglob("results_*.json")).read_text())["results"][name]
    scores = {k: results[f"{k},none"] for k in METRICS[task]}
    items = {}
    for line in next(out.rglob(f"samples_{name}_*.jsonl")).read_text().splitlines():
        sample = json.loads(line)
        items[sample["doc"]["uid"]] = sample[ITEM_METRIC[task]][ITEM_METRIC[task]]
    return scores, items, seconds


def task_file(task: str, given: Path | None, n: int, tmp_dir: Path) -> Path:
    if task == "tatqa":
        return open_part_file(given or dev_file(), n, tmp_dir / "tatqa_open_part.json")
    from tabtext import data

    return given or data.resolve("chatrag", "convfinqa_dev", None, download=False)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--task", choices=sorted(METRICS), default="tatqa", help="tabtext task (default tatqa)")
    ap.add_argument("--n", type=int, default=100, help="questions or turns (default 100)")
    ap.add_argument("--file", type=Path, default=None, help="the task's dev file (default: under $TABTEXT_DATA)")
    args = ap.parse_args()
    task, keys = args.task, METRICS[args.task]
    with tempfile.TemporaryDirectory() as tmp:
        tmp_dir = Path(tmp)
        file = task_file(task, args.file, args.n, tmp_dir)
        runs = {"tabtext run (solver)": tabtext_run(task, file, args.n, tmp_dir / "run")}
        port = free_port()
        server = start_serve(port)
        try:
            (tmp_dir / "lm_eval").mkdir()
            lm_scores, lm_items, seconds = lm_eval_run(task, port, file, args.n, tmp_dir / "lm_eval")
            runs["lm_eval via tabtext serve"] = (lm_scores, lm_items)
            if task == "convfinqa":
                engine = f"openai:model=tabtext-solver,base_url=http://127.0.0.1:{port}/v1"
                runs["tabtext run via serve"] = tabtext_run(task, file, args.n, tmp_dir / "openai", engine)
        finally:
            server.terminate()
            server.wait(10)
    print(f"{task} dev, first {args.n} {'questions of the open part' if task == 'tatqa' else 'turns'}")
    print(f"{'':<28}" + "".join(f"{k:>13}" for k in keys))
    for name, (scores, _) in runs.items():
        print(f"{name:<28}" + "".join(f"{100 * scores[k]:>13.2f}" for k in keys))
    base_scores, base_items = runs["tabtext run (solver)"]
    for name, (scores, items) in list(runs.items())[1:]:
        agree = sum(1 for uid, v in base_items.items() if items.get(uid) == v)
        equal = all(abs(base_scores[k] - scores[k]) < 1e-12 for k in keys)
        print(f"{name}: items scored by both {len(set(base_items) & set(items))}; same "
              f"{ITEM_METRIC[task]} on {agree}; equal to the solver: {'yes' if equal else 'NO'}")
    print(f"(lm_eval wall time {seconds:.1f} s)")


if __name__ == "__main__":
    main()
