"""Seconds the offline solver takes on one paragraph with no sentence breaks, by size (the audit's 150 KB took
27 s: the reader visited every span end for every start, and read the whole paragraph as one sentence).
Usage: PYTHONPATH=src python benchmarks/long_paragraph.py [--sizes 5000 40000 150000 400000] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import time

from tabtext.engines.solver import SolverEngine
from tabtext.types import Context, Example, Paragraph, Table

WORDS = ["revenue", "increased", "by", "12.5", "million", "in", "2019", "and", "the", "cost", "of", "sales", "was",
         "1,234", "percent", "compared", "to", "2018"]
QUESTIONS = ["What was the cost of sales?", "Who is the CEO?", "What was the reason for the increase in revenue?"]


def paragraph(rng: random.Random, size: int) -> str:
    words, total = [], 0
    while total < size:
        words.append(rng.choice(WORDS))
        total += len(words[-1]) + 1
    return " ".join(words)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5_000, 40_000, 150_000, 400_000])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    engine, rng = SolverEngine(), random.Random(args.seed)
    table = Table.from_rows([["", "2019", "2018"], ["Revenue", "1,452.4", "1,146.2"]])
    engine.answer_one(Example(uid="warm", question="What was revenue in 2019?", context=Context(tables=(table,)),
                              meta={"benchmark": "tatqa"}))
    print("| characters | " + " | ".join(QUESTIONS) + " |")
    print("|---|" + "---|" * len(QUESTIONS))
    for size in args.sizes:
        text = paragraph(rng, size)
        seconds = []
        for question in QUESTIONS:
            example = Example(uid="x", question=question, meta={"benchmark": "tatqa"},
                              context=Context(tables=(table,), paragraphs=(Paragraph(id="1", text=text, order=1),)))
            started = time.perf_counter()
            engine.answer_one(example)
            seconds.append(time.perf_counter() - started)
        print(f"| {size:,} | " + " | ".join(f"{s:.2f} s" for s in seconds) + " |")


if __name__ == "__main__":
    main()
