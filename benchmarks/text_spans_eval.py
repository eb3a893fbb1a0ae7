"""Figures of the paragraph reader (engines/solver/reader) on TAT-QA dev span questions, with oracle routing.

    PYTHONPATH=src python benchmarks/text_spans_eval.py [--dev PATH] [--cv] [--folds 5]

Text-span questions are those with answer_from "text" and answer_type span / multi-span (the routing a full
solver must do itself is given here). Printed:
- fitted: the shipped weights (reader/weights.py, fitted on the open part of dev) on the open part;
- lockbox: the shipped weights on the lockbox of benchmarks/lockbox.py, which no weight has seen (aggregates only);
- with --cv, held-out: the ranker refitted (benchmarks/text_spans_train.py's recipe) on 4/5 of the open tables
  and read on the rest; its candidate recall, EM/F1 by wh-word, and the calibrated confidence's precision per
  decile over every open span question (text or table; the calibration cross-fitted over the same folds);
- questions/s of read().
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lockbox import dev_file, split  # noqa: E402
from text_spans_train import (  # noqa: E402
    DOC2DIAL,
    L2,
    build,
    candidate_em,
    candidate_usable,
    doc2dial_rows,
    fit_calibration,
    held_out_reads,
    span_questions,
    text_span_examples,
)

from tabtext.benchmarks.tatqa import load  # noqa: E402
from tabtext.engines.solver.reader import read  # noqa: E402
from tabtext.engines.solver.reader import weights as text_weights  # noqa: E402
from tabtext.engines.solver.reader.read import calibrate  # noqa: E402
from tabtext.metrics.tatqa import score_item  # noqa: E402

WH = ("what", "why", "how", "when", "which", "who")


def is_text_span(e) -> bool:
    return e.meta.get("answer_from") == "text" and e.meta.get("answer_type") in ("span", "multi-span")


def score(example, texts: list[str]) -> tuple[float, float]:
    gold = example.gold[0]
    em, f1, _ = score_item(example.meta["answer_type"], gold.raw, gold.scale, texts, gold.scale)
    return em, f1


def answer_of(example, found: list) -> list[str]:
    if not found:
        return []
    value = found[0].value
    return list(value) if isinstance(value, tuple) else [value]


def shipped(example) -> list[str]:
    multi = example.meta["answer_type"] == "multi-span"
    return answer_of(example, read(example.question, example.context.paragraphs, k=1, multi=multi))


def wh_word(question: str) -> str:
    words = re.findall(r"[a-z]+", question.lower())
    for w in words[:4] if words else []:
        if w in WH:
            return w
    found = [w for w in WH if w in words]
    return found[0] if found else "other"


def table(name: str, examples: list, predict, by=lambda e: e.meta["answer_type"]) -> None:
    groups: dict[str, list] = {}
    for e in examples:
        groups.setdefault(by(e), []).append(e)
    groups["all"] = examples
    for kind, items in groups.items():
        scores = [score(e, predict(e)) for e in items]
        em = 100 * sum(s[0] for s in scores) / len(items)
        f1 = 100 * sum(s[1] for s in scores) / len(items)
        print(f"{name:<38} {kind:<11} n={len(items):<4} EM {em:5.1f}  F1 {f1:5.1f}")


def held_out(args, open_: list) -> None:
    rows = build(text_span_examples(args.dev))
    extra = doc2dial_rows(DOC2DIAL)
    spans = [r for r in rows if r["eval"]]
    print(f"candidate recall (a right span among all candidates): "
          f"{100 * sum(max(r['em'], default=0) for r in spans) / len(spans):.1f}% of {len(spans)} text spans")
    texts = [e for e in open_ if is_text_span(e)]
    reads = held_out_reads(rows, texts, args.folds, L2, extra, k=10,
                           multi=lambda e: e.meta["answer_type"] == "multi-span")
    found = {e.uid: c for e, c in reads}
    single = [e for e in texts if e.meta["answer_type"] == "span"]
    in_top = sum(any(candidate_em(e, c.value) for c in found[e.uid]) for e in single)
    print(f"candidate recall within read()'s top 10: {100 * in_top / len(single):.1f}% of {len(single)}")
    table(f"held-out ({args.folds} folds by table)", texts, lambda e: answer_of(e, found[e.uid]))
    table("held-out by wh-word (span only)", single, lambda e: answer_of(e, found[e.uid]),
          by=lambda e: wh_word(e.question))
    deciles(held_out_reads(rows, span_questions(args.dev), args.folds, L2, extra), args.folds)


def deciles(reads: list, folds: int) -> None:
    """Precision of the top answer per decile of its calibrated score; the calibration of each question is
    fitted on the other folds' reads."""
    fold_of = {id(r): i % folds for i, r in enumerate(reads)}
    scored = []
    for k in range(folds):
        cal = fit_calibration([r for r in reads if fold_of[id(r)] != k])
        for r in reads:
            if fold_of[id(r)] == k and r[1]:
                scored.append((calibrate(r[1][0].features, cal), candidate_em(r[0], r[1][0].value),
                               r[0].meta["answer_from"]))
    scored.sort()
    n = len(scored)
    print(f"confidence deciles over {n} open span questions (held-out ranker, cross-fitted calibration):")
    for d in range(10):
        part = scored[d * n // 10:(d + 1) * n // 10]
        text_share = sum(s[2] == "text" for s in part) / len(part)
        print(f"  decile {d + 1:>2}: score {part[0][0]:.2f}-{part[-1][0]:.2f}  precision "
              f"{100 * sum(s[1] for s in part) / len(part):5.1f}%  (text-sourced {100 * text_share:.0f}%)")
    found_answers(reads, folds, fold_of)


def found_answers(reads: list, folds: int, fold_of: dict) -> None:
    """The no-answer decision: the "found" calibration (usable = official F1 >= 0.5) cross-fitted like the
    score's, and what the reader answers at NO_ANSWER_THRESHOLD, by the gold's source."""
    rows = []
    for k in range(folds):
        cal = fit_calibration([r for r in reads if fold_of[id(r)] != k], candidate_usable)
        for r in reads:
            if fold_of[id(r)] == k and r[1]:
                rows.append((calibrate(r[1][0].features, cal), candidate_usable(r[0], r[1][0].value),
                             candidate_em(r[0], r[1][0].value), r[0].meta["answer_from"]))
    t = text_weights.NO_ANSWER_THRESHOLD
    for source in ("text", "table", "table-text", None):
        part = [r for r in rows if source is None or r[3] == source]
        kept = [r for r in part if r[0] >= t]
        print(f"at NO_ANSWER_THRESHOLD {t} (found >= it), {source or 'all'} questions (n={len(part)}): answers "
              f"{100 * len(kept) / max(1, len(part)):.1f}%, usable {100 * sum(r[1] for r in kept) / max(1, len(kept)):.1f}%"
              f", exact {100 * sum(r[2] for r in kept) / max(1, len(kept)):.1f}%")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, default=dev_file())
    ap.add_argument("--cv", action="store_true", help="also refit per fold and print held-out figures")
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args(argv)
    open_, box = split(load(args.dev))
    table("fitted (shipped weights, open part)", [e for e in open_ if is_text_span(e)], shipped)
    table("LOCKBOX (shipped weights, unseen)", [e for e in box if is_text_span(e)], shipped)
    examples = [e for e in open_ + box if is_text_span(e)]
    t0 = time.perf_counter()
    for e in examples:
        read(e.question, e.context.paragraphs)
    print(f"read(): {len(examples) / (time.perf_counter() - t0):.0f} questions/s")
    if args.cv:
        held_out(args, open_)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
