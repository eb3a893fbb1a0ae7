"""Where the ranker's chosen answer comes from, against where TAT-QA's annotators say it comes from.

For train's open part (choices held out by the grouped CV of ``train_ranker.py``) and dev's open part: the
confusion of the chosen candidate's source (a reader's text span, a number computed or read in the text, the
table) against the gold answer_type x answer_from, and the text-span path's precision where the answer is known.
Train's table spans and counts have no known answer, but a text span chosen for an answer the annotators put in
the table is wrong all the same: counted as "known wrong". The train and dev lockboxes: one aggregate line each.

    PYTHONPATH=src python benchmarks/source_choice.py [--rows-cache PATH] [--C 0.03] [--source-C 1.0]

The rows cache is ``train_ranker.py``'s (the same pickle); without it the rows are collected (about 5 minutes).
The weights are refitted as ``train_ranker.py`` fits them (its current variant), never read from the shipped file.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

import train_ranker as tr
from lockbox import dev_file

from tabtext.benchmarks import tatqa
from tabtext.engines.solver.rank.ranker import answers_from_text

CHOSEN = ("text span", "text number", "table", "none")


def chosen_source(row, b: int) -> str:
    """Which path the chosen candidate answers from."""
    if b < 0:
        return "none"
    c = row.cands[b]
    if answers_from_text(c.program):
        return "text span"
    return "text number" if c.source == "text" else "table"


def verdict(row, b: int) -> float | None:
    """1 right / 0 wrong / None unknown; a text span for an answer the annotators put in the table is wrong."""
    if row.ys is not None:
        return row.ys[b] if b >= 0 else 0.0
    if b >= 0 and chosen_source(row, b) == "text span" and row.cell[1] == "table":
        return 0.0
    return None


def text_path(rows, picks) -> tuple[int, int, int]:
    """(questions the text-span path answers, of them with a known verdict, right)."""
    answered = [(r, b) for r, (b, *_) in zip(rows, picks) if chosen_source(r, b) == "text span"]
    known = [v for r, b in answered if (v := verdict(r, b)) is not None]
    return len(answered), len(known), int(sum(known))


def text_path_line(name: str, rows, picks) -> str:
    n, known, right = text_path(rows, picks)
    share = 100 * right / known if known else 0.0
    return f"{name:28s} text-span path answers {n:5d}, verdict known {known:5d}, right {right:5d} ({share:.1f}%)"


def routing_ceiling(name: str, rows, picks) -> str:
    """The text-span path's precision were it to answer exactly the questions it answers whose annotated source
    is the text (or table and text) and whose answer is a span: what routing alone can reach, the reader's
    boundaries unchanged."""
    kept = [(r, b) for r, (b, *_) in zip(rows, picks)
            if chosen_source(r, b) == "text span" and r.cell[1] != "table" and r.cell[0] in ("span", "multi-span")]
    known = [v for r, b in kept if (v := verdict(r, b)) is not None]
    share = 100 * sum(known) / len(known) if known else 0.0
    return f"{name:28s} the same, span questions from text / table-text only: {len(kept)} answered, {share:.1f}% right"


def confusion(name: str, rows, picks) -> None:
    """Gold (answer_type x answer_from) x chosen source: count (right % where the verdict is known)."""
    counts: Counter = Counter()
    right: Counter = Counter()
    known: Counter = Counter()
    for r, (b, *_) in zip(rows, picks):
        key = (r.cell, chosen_source(r, b))
        counts[key] += 1
        if (v := verdict(r, b)) is not None:
            known[key] += 1
            right[key] += v
    print(f"== {name}: gold answer_type x answer_from (rows) against the chosen candidate's source (columns)")
    print(f"{'':24s}" + "".join(f"{c:>20s}" for c in CHOSEN))
    for cell in tr.CELLS:
        if not any(counts[(cell, c)] for c in CHOSEN):
            continue
        out = []
        for c in CHOSEN:
            n, k = counts[(cell, c)], known[(cell, c)]
            out.append(f"{n} ({100 * right[(cell, c)] / k:.0f}%)" if k else (f"{n}" if n else "-"))
        print(f"{cell[0] + ' x ' + cell[1]:24s}" + "".join(f"{o:>20s}" for o in out))


def missed_elsewhere(name: str, rows, picks) -> None:
    """Choices that were wrong while another source held a right candidate (what a better choice could win)."""
    lost: Counter = Counter()
    for r, (b, *_) in zip(rows, picks):
        if r.ys is None or (b >= 0 and r.ys[b] > 0.5):
            continue
        here = chosen_source(r, b)
        for there in sorted({chosen_source(r, i) for i, y in enumerate(r.ys) if y > 0.5} - {here}):
            lost[(here, there)] += 1
    print(f"== {name}: wrong choices with a right candidate from another source (chosen -> right one)")
    for (here, there), n in sorted(lost.items()):
        print(f"  {here:12s} -> {there:12s} {n}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows-cache", type=Path, default=None, help="train_ranker.py's pickle of collected rows")
    ap.add_argument("--C", type=float, default=0.03)
    ap.add_argument("--source-C", type=float, default=1.0)
    args = ap.parse_args()
    fitted = tr.fit_and_split(tatqa.load(dev_file()), args.rows_cache, args.C, args.source_C)
    rows, held, weights, box_rows = fitted.rows, fitted.held, fitted.weights, fitted.train_box
    dev_rows, dev_open, dev_box = fitted.dev, fitted.dev_open, fitted.dev_box
    pick = {name: [tr.choose(r, weights) for r in part] for name, part in
            (("dev open", dev_open), ("dev lockbox", dev_box), ("train lockbox", box_rows))}
    confusion("train open (CV held out)", rows, held)
    missed_elsewhere("train open (CV held out)", rows, held)
    confusion("dev open", dev_open, pick["dev open"])
    missed_elsewhere("dev open", dev_open, pick["dev open"])
    print(text_path_line("train open (CV held out)", rows, held))
    print(text_path_line("dev open", dev_open, pick["dev open"]))
    print(routing_ceiling("dev open", dev_open, pick["dev open"]))
    print(text_path_line("dev all", dev_rows, [tr.choose(r, weights) for r in dev_rows]))
    print(text_path_line("TRAIN LOCKBOX (aggregate)", box_rows, pick["train lockbox"]))
    print(text_path_line("DEV LOCKBOX (aggregate)", dev_box, pick["dev lockbox"]))


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # the same fit as train_ranker.py's
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    main()
