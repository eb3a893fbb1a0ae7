"""Open-train arithmetic questions whose grounded cells no candidate reads (issue 20), grouped by why: the
derivation's shape and where its operands lie (one row, one column, or rows and columns both differ).

Only the open part of TAT-QA train is read (never the train lockbox). Prints each group's count and, with
--show N, its first N questions with the labels of the cells the derivation reads.

    PYTHONPATH=src python benchmarks/grounding_misses.py [--show N] [--group SUBSTRING]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from training import train_set  # noqa: E402
from training.contexts import pooled  # noqa: E402
from training.derivations import read as read_derivation  # noqa: E402
from training.operand_labels import reads_grounded_cells, table_operands  # noqa: E402

from tabtext.engines.solver.rank.candidates import candidates, read  # noqa: E402


def layout(operands) -> str:
    """Where the operands' first cells lie: 'one row', 'one column', 'rows and columns', or 'one cell'."""
    cells = {op[0] for op in operands}
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    if len(cells) == 1:
        return "one cell"
    if len(rows) == 1:
        return "one row"
    if len(cols) == 1:
        return "one column"
    return "rows and columns"


def misses(examples):
    """(group, example, operands, reading) for each grounded question no candidate reads the cells of."""
    for ex in examples:
        operands = table_operands(ex)
        if not operands:
            continue
        reading = read(ex)
        if any(reads_grounded_cells(c.program, operands, reading.offset) for c in candidates(reading)):
            continue
        derivation = read_derivation(str(ex.meta.get("derivation") or ""))
        shape = derivation.shape if derivation else "unreadable"
        yield f"{shape} / {layout(operands)}", ex, operands, reading


def describe(ex, operands, reading) -> str:
    """The question, its derivation and each operand's cell as the solver's reading labels it (row | column)."""
    rows, view = ex.context.table.rows, reading.view
    labels = []
    for cells in operands:
        r, c = cells[0]
        try:
            labels.append(f"[{view.row_labels[r - reading.offset]!s:.40} | {view.col_labels[c]!s:.25} = {rows[r][c]}]")
        except (AttributeError, IndexError, TypeError):
            labels.append(f"[{r},{c}]")
    return f"  {ex.question}\n    {ex.meta.get('derivation')}  ->  {' '.join(labels)}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--show", type=int, default=0, help="print the first N questions of each group")
    ap.add_argument("--group", default="", help="only groups whose name contains this")
    args = ap.parse_args()
    open_, _ = train_set.split(pooled(train_set.load()))
    arithmetic = [e for e in open_ if e.meta["answer_type"] == "arithmetic" and e.meta["answer_known"]]
    groups = defaultdict(list)
    for group, ex, operands, reading in misses(arithmetic):
        groups[group].append((ex, operands, reading))
    for group, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        if args.group not in group:
            continue
        print(f"{len(items):5d}  {group}")
        for item in items[:args.show]:
            print(describe(*item))


if __name__ == "__main__":
    main()
