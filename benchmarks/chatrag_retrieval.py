"""Retrieval recall where gold evidence is known: INSCIT (evidence passages; the corpus is the pool of every
passage the dev file cites, since INSCIT's Wikipedia corpus is not distributed with it) and Doc2Dial (answer spans
inside the dialogue's own document, cut into ~300-word chunks).

    PYTHONPATH=src python benchmarks/chatrag_retrieval.py            # BM25
    PYTHONPATH=src python benchmarks/chatrag_retrieval.py --dense    # BM25 + MiniLM, reciprocal-rank fusion (slow here)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tabtext.benchmarks.chatrag import load
from tabtext.retrieval import recall_at_k

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import data_dir  # noqa: E402

DATA = data_dir()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dense", action="store_true")
    parser.add_argument("--chunk-words", type=int, default=300)
    args = parser.parse_args()
    for path in (DATA / "inscit" / "dev.json", DATA / "doc2dial" / "doc2dial_rc_val.csv.zip"):
        examples = load(path)
        dataset = examples[0].meta["dataset"]
        for k in (5, 20):
            start = time.perf_counter()
            r = recall_at_k(examples, k=k, words=args.chunk_words, dense=args.dense)
            print(f"{dataset:<9} {'bm25+minilm' if args.dense else 'bm25':<11} turns {int(r['turns']):>5}  "
                  f"recall@1 {r['recall@1']:.4f}  recall@{k} {r[f'recall@{k}']:.4f}  "
                  f"{time.perf_counter() - start:.1f}s")


if __name__ == "__main__":
    main()
