"""Does a real model continue ConvFinQA's transcript? The official ChatRAG prompt with and without the turn stop.

    TABTEXT_DATA=/work/shared/data PYTHONPATH=src python benchmarks/llm_convfinqa_turns.py \\
        --base-url http://127.0.0.1:8765/v1 --conversations 3

Takes the ``--conversations`` dev conversations of at least 4 turns with the shortest prompts (cheap on a CPU),
asks every turn with ``prompt=official`` (no stop sequence) and ``prompt=fair`` (stop at the next ``User:``), and
prints how many replies invent a next turn ("User:" / "Assistant:" in the reply) and the metric's scores.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def cheapest_conversations(examples, n: int):
    from tabtext.engines import prompts

    turns = collections.defaultdict(list)
    for ex in examples:
        turns[ex.uid.rsplit("#", 1)[0]].append(ex)
    ranked = sorted((max(len(prompts.chatrag_prompt(ex)) for ex in group), key)
                    for key, group in turns.items() if len(group) >= 4)
    return [ex for _, key in ranked[:n] for ex in turns[key]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base-url", default="http://127.0.0.1:8765/v1")
    ap.add_argument("--conversations", type=int, default=3)
    ap.add_argument("--cache", default="")
    args = ap.parse_args()
    from tabtext.benchmarks import BENCHMARKS
    from tabtext.engines.openai import OpenAIEngine
    from tabtext.run import score_predictions

    data = Path(os.environ.get("TABTEXT_DATA", "/work/shared/data")) / "convfinqa" / "pot_convfinqa_dev.json"
    examples = cheapest_conversations(BENCHMARKS.get("chatrag").load(data, dataset="convfinqa"), args.conversations)
    for style in ("official", "fair"):
        engine = OpenAIEngine(model="local", base_url=args.base_url, prompt=style, cache=args.cache or None)
        preds = engine.answer(examples)
        continued = [p.raw for p in preds if p.raw and ("User:" in p.raw or "Assistant:" in p.raw)]
        report = score_predictions("chatrag", examples, {p.uid: p for p in preds})
        scores = {k: round(100 * v, 1) for k, v in report.scores.items() if isinstance(v, float)}
        print(f"prompt={style}: {len(examples)} turns, {len(continued)} replies continue the transcript; "
              f"errors {sum(1 for p in preds if p.error)}; scores {scores}")
        for text in continued[:3]:
            print(f"   e.g. {text[:120]!r}")


if __name__ == "__main__":
    main()
