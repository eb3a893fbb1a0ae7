"""``tabtext retrieve (--split inscit_dev | --file F) [--dataset inscit] [--k 5]``: recall@k of the conversational retriever where the
gold evidence is known (INSCIT evidence passages, Doc2Dial answer spans)."""

from __future__ import annotations

import argparse
import json

from .. import data
from ..errors import TabtextError
from . import at_least, one_line_errors


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabtext retrieve", description=__doc__)
    p.add_argument("--dataset", default=None, help="ChatRAG dataset (inferred from the path when omitted)")
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--split", help="a named ChatRAG split (see `tabtext ls`), e.g. inscit_dev or doc2dial_val")
    source.add_argument("--file", help="the dataset file (release or native format)")
    p.add_argument("--data-dir", help="folder holding benchmark files (default: $TABTEXT_DATA, then cache)")
    p.add_argument("--k", type=int, default=None, help="top-k (default: 20 for TopiOCQA/INSCIT, else 5)")
    p.add_argument("--chunk-words", type=int, default=300, help="chunk size in words for long documents")
    p.add_argument("--dense", action="store_true", help="fuse MiniLM dense scores with BM25 (retrieval extra)")
    p.add_argument("--limit", type=int, default=None, help="only the first N turns")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    return p


@one_line_errors("tabtext retrieve")
def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from ..benchmarks.chatrag import load
    from ..retrieval import TOP_K, recall_at_k

    at_least(1, limit=args.limit, k=args.k, chunk_words=args.chunk_words)
    path = args.file if args.file is not None else data.resolve("chatrag", args.split, args.data_dir)
    examples = load(path, dataset=args.dataset)
    if args.limit is not None:
        examples = examples[: args.limit]
    dataset = str(examples[0].meta.get("dataset", "")) if examples else ""
    k = args.k or TOP_K.get(dataset, 5)
    result = recall_at_k(examples, k=k, words=args.chunk_words, dense=args.dense)
    if not result["turns"]:
        raise TabtextError(f"no turn in {path} has known gold evidence (INSCIT evidence passages or Doc2Dial "
                           "answer spans), so recall cannot be measured")
    result = {"dataset": dataset, "k": k, "retriever": "bm25+minilm (rrf)" if args.dense else "bm25", **result}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"{dataset}: {result['retriever']}, {int(result['turns'])} turns with gold evidence "
              f"({int(result['skipped'])} without)")
        print(f"recall@1 {result['recall@1']:.4f}   recall@{k} {result[f'recall@{k}']:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
