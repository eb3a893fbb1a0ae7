"""Where the linear paragraph reader fails on TAT-QA dev text spans (issue 20): sentence choice or boundaries?

    PYTHONPATH=src:. python benchmarks/neural_reader_failures.py [--train-fitted]

Reads every dev question with answer_from "text" and answer_type "span" (all 349; the dev lockbox is counted
only as part of the whole, no item printed) and puts each into one bucket, by the gold span's sentence (the
sentence of the question's paragraphs that holds the gold text, case-insensitively):
  right                      the top candidate is an exact match;
  gold across sentences      no single sentence holds the gold text;
  sentence not in candidates the gold sentence is not among the reader's top BM25 sentences;
  no exact candidate         the gold sentence is read but no candidate span matches exactly;
  exact candidate, other sentence ranked first   an exact candidate exists, the top one is in another sentence;
  right sentence, wrong boundaries               an exact candidate exists, the top one is in the gold sentence.
Also the BM25 rank of the gold sentence (what a neural reader's context has to hold). ``--train-fitted`` ranks
with the reader refitted on TAT-QA train's open part (training/reader_train.py's fit) instead of the shipped
weights.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import text_spans_train as tst  # noqa: E402
from lockbox import dev_file  # noqa: E402

from tabtext.benchmarks.tatqa import load  # noqa: E402
from tabtext.engines.solver.reader.sentences import bm25_rank, split_sentences  # noqa: E402
from tabtext.engines.solver.reader.weights import WEIGHTS  # noqa: E402

BUCKETS = ("right", "gold across sentences", "sentence not in candidates", "no exact candidate",
           "exact candidate, other sentence ranked first", "right sentence, wrong boundaries")


def gold_sentence_rank(example) -> int | None:
    """BM25 rank (0 = best) of the first-ranked sentence holding the gold text; None if none holds it."""
    sentences = [s for i, p in enumerate(example.context.paragraphs) for s in split_sentences(p.text, i)]
    golds = [str(g).strip().lower() for g in example.gold[0].value]
    for rank, (_, idx) in enumerate(bm25_rank(example.question, sentences)):
        if any(g and g in sentences[idx].text.lower() for g in golds):
            return rank
    return None


def bucket(row: dict, weights: dict[str, float]) -> str:
    cands = row["cands"]
    if not cands:
        return "sentence not in candidates"
    top = max(range(len(cands)), key=lambda i: sum(weights.get(k, 0.0) * v for k, v in cands[i].features.items()))
    if row["em"][top]:
        return "right"
    golds = [str(g).strip().lower() for g in row["ex"].gold[0].value]
    holds = [any(g and g in c.sentence.text.lower() for g in golds) for c in cands]
    if gold_sentence_rank(row["ex"]) is None:
        return "gold across sentences"
    if not any(holds):
        return "sentence not in candidates"
    if not any(row["em"]):
        return "no exact candidate"
    return "right sentence, wrong boundaries" if holds[top] else "exact candidate, other sentence ranked first"


def train_fitted_weights() -> dict[str, float]:
    from training import train_set
    from training.reader_train import train_span_rows, with_context_paragraphs

    open_, _ = train_set.split(with_context_paragraphs(train_set.load()))
    extra = tst.doc2dial_rows(tst.DOC2DIAL) if tst.DOC2DIAL.exists() else []
    return tst.fit(train_span_rows(open_) + extra, tst.L2)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--train-fitted", action="store_true", help="rank with the reader refitted on train")
    args = ap.parse_args(argv)
    weights = train_fitted_weights() if args.train_fitted else WEIGHTS
    examples = [e for e in load(dev_file()) if e.meta.get("answer_type") == "span" and e.meta.get("answer_from") == "text"]
    rows = tst.build(examples)
    counts = Counter(bucket(r, weights) for r in rows)
    ranks = [gold_sentence_rank(e) for e in examples]
    n = len(rows)
    print(f"dev text spans: {n}, reader {'fitted on train' if args.train_fitted else 'as shipped'}")
    for name in BUCKETS:
        print(f"  {name:<46} {counts[name]:4d}  {100 * counts[name] / n:5.1f}%")
    found = [r for r in ranks if r is not None]
    for k in (1, 3, 5, 10):
        print(f"  gold sentence within BM25 top {k:<2} {sum(r < k for r in found):4d}  {100 * sum(r < k for r in found) / n:5.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
