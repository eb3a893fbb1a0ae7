"""EM/F1 of the text-span answerer on TAT-QA dev text-span questions, with oracle routing.

    PYTHONPATH=src python benchmarks/text_spans_eval.py [--dev PATH] [--cv] [--folds 5]

Questions: gold answer_from == "text" and answer_type span / multi-span (the routing a full solver must do
itself is given here). Prints the top-BM25-sentence baseline, the shipped scorer (text_weights.py, fitted on
all of dev, so span figures are *fitted*), and with --cv the held-out figures: the scorer refitted (same
recipe as benchmarks/text_spans_train.py) on 4/5 of the tables and scored on the rest (multi-span questions are never used in training: their figure is held-out
either way). Also questions/s of answer_text.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tabtext.benchmarks.tatqa import load
from tabtext.engines.solver.text import answer_text, is_multi_span_question
from tabtext.engines.solver.text_sent import bm25_rank, split_sentences
from tabtext.metrics.tatqa import score_item

DEV = Path("/work/shared/data/tatqa/tatqa_dataset_dev.json")


def score(example, texts: list[str]) -> tuple[float, float]:
    gold = example.gold[0]
    em, f1, _ = score_item(example.meta["answer_type"], gold.raw, gold.scale, texts, gold.scale)
    return em, f1


def baseline(example) -> list[str]:
    sents = [s for i, p in enumerate(example.context.paragraphs) for s in split_sentences(p.text, i)]
    ranked = bm25_rank(example.question, sents)
    return [sents[ranked[0][1]].text] if ranked else []


def solver(example, weights=None) -> list[str]:
    multi = example.meta["answer_type"] == "multi-span"
    spans = answer_text(example.question, example.context.paragraphs, multi=multi, weights=weights)
    return [s.text for s in spans] if multi else [s.text for s in spans[:1]]


def table(name: str, examples: list, predict) -> None:
    for kind in ("span", "multi-span", "all"):
        items = [e for e in examples if kind == "all" or e.meta["answer_type"] == kind]
        scores = [score(e, predict(e)) for e in items]
        em = 100 * sum(s[0] for s in scores) / len(items)
        f1 = 100 * sum(s[1] for s in scores) / len(items)
        print(f"{name:<34} {kind:<11} n={len(items):<4} EM {em:5.1f}  F1 {f1:5.1f}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, default=DEV)
    ap.add_argument("--cv", action="store_true", help="also refit per fold and print held-out figures")
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args(argv)
    everything = load(args.dev)
    examples = [e for e in everything
                if e.meta.get("answer_from") == "text" and e.meta.get("answer_type") in ("span", "multi-span")]
    gold_multi = [e.meta.get("answer_type") == "multi-span" for e in everything]
    said_multi = [is_multi_span_question(e.question) for e in everything]
    tp = sum(g and s for g, s in zip(gold_multi, said_multi))
    print(f"is_multi_span_question on all {len(everything)} dev questions: precision "
          f"{100 * tp / max(1, sum(said_multi)):.1f} recall {100 * tp / max(1, sum(gold_multi)):.1f}")
    table("baseline: top BM25 sentence", examples, baseline)
    table("solver (shipped weights, fitted)", examples, solver)
    t0 = time.perf_counter()
    for e in examples:
        solver(e)
    print(f"answer_text: {len(examples) / (time.perf_counter() - t0):.0f} questions/s")
    if args.cv:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from sklearn.model_selection import GroupKFold
        from text_spans_train import DOC2DIAL, build, doc2dial_rows, fit

        spans = [e for e in examples if e.meta["answer_type"] == "span"]
        rows = build(spans)
        extra = doc2dial_rows(DOC2DIAL)
        held: dict[str, list[str]] = {}
        groups = [e.meta["table_uid"] for e in spans]
        multi = [e for e in examples if e.meta["answer_type"] == "multi-span"]
        for train, test in GroupKFold(n_splits=args.folds).split(rows, groups=groups):
            w = fit([rows[i] for i in train] + extra)
            test_tables = {spans[i].meta["table_uid"] for i in test}
            for i in test:
                held[spans[i].uid] = solver(spans[i], w)
            for e in multi:
                if e.meta["table_uid"] in test_tables or e.uid not in held:
                    held[e.uid] = solver(e, w)
        table(f"solver held-out ({args.folds} folds by table)", examples, lambda e: held[e.uid])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
