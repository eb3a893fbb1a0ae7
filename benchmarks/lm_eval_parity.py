"""lm-evaluation-harness through `tabtext serve` vs `tabtext run` with the solver: the same EM / F1 / scale.

    PYTHONPATH=src python benchmarks/lm_eval_parity.py [--n 100] [--file PATH_TO_TATQA_DEV]

Takes the first N questions of the open (non-lockbox) part of TAT-QA dev, written to a temporary TAT-QA
file; runs `tabtext run tatqa --file F --limit N` (the solver), and `lm_eval --model local-chat-completions`
with the `tabtext_tatqa` task against `tabtext serve` started as its own process on 127.0.0.1; prints both
sets of scores, how many items agree, and whether the figures are equal. Prints aggregates only.
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


def tabtext_run(file: Path, n: int, out: Path) -> tuple[dict[str, float], dict[str, float]]:
    subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(file), "--limit", str(n),
                    "--out", str(out), "--quiet"], env=ENV, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    report = json.loads((out / "report.json").read_text())
    return report["scores"], {it["uid"]: it["em"] for it in report["items"]}


def lm_eval_run(port: int, file: Path, n: int, out: Path) -> tuple[dict[str, float], dict[str, float], float]:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lm_eval", "--model", "local-chat-completions", "--model_args",
                    f"model=tabtext-solver,base_url=http://127.0.0.1:{port}/v1/chat/completions",
                    "--apply_chat_template", "--include_path", str(include_path()), "--tasks", "tabtext_tatqa",
                    "--limit", str(n), "--metadata", json.dumps({"file": str(file)}), "--output_path", str(out),
                    "--log_samples"], env=ENV, check=True, cwd=out, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    results = json.loads(next(out.rglob("results_*.json")).read_text())["results"]["tabtext_tatqa"]
    scores = {k: results[f"{k},none"] for k in ("em", "f1", "scale")}
    items = {}
    for line in next(out.rglob("samples_tabtext_tatqa_*.jsonl")).read_text().splitlines():
        sample = json.loads(line)
        items[sample["doc"]["uid"]] = sample["em"]["em"]
    return scores, items, seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=100, help="questions (default 100)")
    ap.add_argument("--file", type=Path, default=None, help="TAT-QA dev file (default: $TABTEXT_DATA/tatqa/...)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_dir = Path(tmp)
        file = open_part_file(args.file or dev_file(), args.n, tmp_dir / "tatqa_open_part.json")
        run_scores, run_items = tabtext_run(file, args.n, tmp_dir / "run")
        port = free_port()
        server = start_serve(port)
        try:
            (tmp_dir / "lm_eval").mkdir()
            lm_scores, lm_items, seconds = lm_eval_run(port, file, args.n, tmp_dir / "lm_eval")
        finally:
            server.terminate()
            server.wait(10)
    agree = sum(1 for uid, em in run_items.items() if lm_items.get(uid) == em)
    print(f"TAT-QA dev, first {args.n} questions of the open part")
    print(f"{'':<28}{'EM':>8}{'F1':>8}{'scale':>8}")
    for name, s in (("tabtext run (solver)", run_scores), ("lm_eval via tabtext serve", lm_scores)):
        print(f"{name:<28}{100 * s['em']:>8.2f}{100 * s['f1']:>8.2f}{100 * s['scale']:>8.2f}")
    equal = all(abs(run_scores[k] - lm_scores[k]) < 1e-12 for k in ("em", "f1", "scale"))
    print(f"items scored by both: {len(set(run_items) & set(lm_items))}; same EM on {agree}")
    print(f"equal: {'yes' if equal else 'NO'}  (lm_eval wall time {seconds:.1f} s)")


if __name__ == "__main__":
    main()
