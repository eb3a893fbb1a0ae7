"""EM / F1 / scale and seconds per question for a real OpenAI-compatible server on a slice of TAT-QA dev.

    TABTEXT_DATA=/work/shared/data PYTHONPATH=src python benchmarks/llm_real.py \\
        --base-url http://127.0.0.1:8765/v1 --start 0 --n 100 --prompt fair --cache /tmp/llm-cache.sqlite

Prints the scores, how each answer was read (extractors; scale read from the answer text; formulas computed),
the seconds per question (wall, for the questions actually sent), requests per question (1.0 = none sent twice),
errors and the concurrency the engine settled on. ``--reader old`` re-reads the same replies with the reader of
an earlier commit (``--old-src DIR``, a checkout's src/) to separate a reading change from a prompt change.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import importlib
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def load(start: int, n: int):
    from tabtext.benchmarks import tatqa

    data = Path(os.environ.get("TABTEXT_DATA", "/work/shared/data")) / "tatqa" / "tatqa_dataset_dev.json"
    return tatqa.load(data)[start:start + n]


def summarise(examples, preds, seconds: float, sent: int) -> None:
    from tabtext.run import score_predictions

    report = score_predictions("tatqa", examples, {p.uid: p for p in preds})
    s = report.scores
    extractors = collections.Counter(str(p.meta.get("extractor", "") or "-") for p in preds)
    from_text = sum(1 for p in preds if p.meta.get("scale_from_text"))
    formulas = sum(1 for p in preds if p.meta.get("formula"))
    attempts = sum(int(p.meta.get("attempts") or 0) for p in preds)
    errors = collections.Counter((p.error or "")[:60] for p in preds if p.error)
    print(f"questions {len(examples)}  answered {sum(1 for p in preds if p.answer is not None)}  "
          f"lost {len(examples) - len(preds)}")
    print(f"EM {100 * s['em']:.1f}  F1 {100 * s['f1']:.1f}  scale {100 * s['scale']:.1f}")
    from_unit = sum(1 for p in preds if p.meta.get("scale_from_unit_line"))
    print(f"extractors {dict(extractors)}; scale read from the answer text: {from_text}, from the report's unit "
          f"line: {from_unit}; formulas computed: {formulas}")
    usages = [p.meta.get("usage") or {} for p in preds]
    if any(usages):
        asked = sum(u.get("prompt_tokens", 0) for u in usages) / len(preds)
        made = sum(u.get("completion_tokens", 0) for u in usages) / len(preds)
        print(f"tokens a question: prompt {asked:.0f}, generated {made:.0f}")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from lockbox import split  # aggregates only

    _, locked = split(examples)
    if locked:
        part = score_predictions("tatqa", locked, {p.uid: p for p in preds}).scores
        print(f"dev lockbox part ({len(locked)} q): EM {100 * part['em']:.1f}  scale {100 * part['scale']:.1f}")
    if sent:
        print(f"{seconds / sent:.2f} s per question sent ({sent} sent, {seconds:.0f} s); "
              f"requests per question sent: {attempts / sent:.2f}")
    if errors:
        print(f"errors {dict(errors)}")


def reread(examples, preds, old_src: str):
    """The same raw replies through another checkout's reader (``prompts.extract`` there)."""
    from tabtext.types import Prediction

    sys.path.insert(0, old_src)
    for name in [m for m in sys.modules if m == "tabtext" or m.startswith("tabtext.")]:
        del sys.modules[name]
    old = importlib.import_module("tabtext.engines.prompts")
    sys.path.remove(old_src)
    out = []
    for ex, p in zip(examples, preds):
        answer, name = old.extract(ex, p.raw) if p.raw else (None, "")
        out.append(Prediction(uid=p.uid, answer=answer, raw=p.raw, meta={"extractor": name}))
    for name in [m for m in sys.modules if m == "tabtext" or m.startswith("tabtext.")]:
        del sys.modules[name]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base-url", default="http://127.0.0.1:8765/v1")
    ap.add_argument("--model", default="local")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--prompt", default="fair", choices=("fair", "official"))
    ap.add_argument("--cache", default="")
    ap.add_argument("--concurrency", default="auto")
    ap.add_argument("--old-src", default="", help="also score the replies with this src/ folder's reader")
    args = ap.parse_args()
    from tabtext.engines.openai import OpenAIEngine

    examples = load(args.start, args.n)
    engine = OpenAIEngine(model=args.model, base_url=args.base_url, prompt=args.prompt, cache=args.cache or None,
                          concurrency=args.concurrency)
    started = time.perf_counter()
    preds = engine.answer(examples)
    seconds = time.perf_counter() - started
    sent = sum(1 for p in preds if not p.meta.get("cached"))
    info = engine.provenance()
    print(f"TAT-QA dev questions {args.start}..{args.start + args.n - 1}, prompt {info['prompt']}, {args.base_url}, "
          f"concurrency {info.get('concurrency')}, load average {os.getloadavg()[0]:.1f}")
    summarise(examples, preds, seconds, sent)
    if args.old_src:
        print(f"-- the same replies read by {args.old_src}:")
        old = reread(examples, preds, args.old_src)
        summarise(examples, old, 0.0, 0)


if __name__ == "__main__":
    main()
