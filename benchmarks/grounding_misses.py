"""Open-train arithmetic questions whose grounded cells no candidate reads (issue 20), grouped by why: the
derivation's shape and where its operands lie (one row, one column, or rows and columns both differ).

Only the open part of TAT-QA train is read (never the train lockbox). Prints each group's count and, with
--show N, its first N questions with the labels of the cells the derivation reads.

    PYTHONPATH=src python benchmarks/grounding_misses.py [--show N] [--group SUBSTRING] [--columns]
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

from tabtext.engines.solver.lexicon.words import years_in  # noqa: E402
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


def misses(examples, by_columns: bool = False):
    """(group, example, operands, reading) for each grounded question no candidate reads the cells of; with
    ``by_columns`` only those whose operands share a row some table candidate reads, grouped by ``column_kind``."""
    for ex in examples:
        operands = table_operands(ex)
        if not operands:
            continue
        reading = read(ex)
        cands = candidates(reading)
        if any(reads_grounded_cells(c.program, operands, reading.offset) for c in cands):
            continue
        if by_columns:
            rows = set.intersection(*({r for r, _ in cells} for cells in operands))
            read_rows = {cell.row + reading.offset for c in cands if c.source == "table" for cell in c.program.cells()}
            if rows & read_rows:
                yield column_kind(min(rows & read_rows), operands, reading), ex, operands, reading
            continue
        derivation = read_derivation(str(ex.meta.get("derivation") or ""))
        shape = derivation.shape if derivation else "unreadable"
        yield f"{shape} / {layout(operands)}", ex, operands, reading


def column_kind(row: int, operands, reading) -> str:
    """What the right row's operand columns are against the question's years: a question naming years with a
    column of no year (a region, "Adjustments", "Change"), one naming none (columns named by words, or every year),
    the years asked where the table has several columns per year ("as reported" / "as adjusted"), and so on."""
    cols = [next(c for r, c in cells if r == row) for cells in operands]
    labels = reading.view.col_labels if reading.view else []
    years = [set(years_in(labels[c])) if c < len(labels) else set() for c in cols]
    asked = set(reading.q.years)
    if len(set(cols)) < len(cols):
        return "one column read twice"
    if not labels or not any(labels[c].strip() for c in cols if c < len(labels)):
        return "no column header read"
    if not asked:
        return "no year asked / year columns" if all(years) else "no year asked / columns named by words"
    if all(y and y <= asked for y in years):
        several = sum(bool(set(years_in(lbl)) & asked) for lbl in labels) > len(asked)
        return "years asked / several columns per year" if several else "years asked / other"
    if not all(years):
        return "years asked / a column without a year"
    return "years asked / other years read"


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
    ap.add_argument("--columns", action="store_true", help="only the misses that read the right row but other "
                    "columns, grouped by what the right columns are against the question's years")
    args = ap.parse_args()
    open_, _ = train_set.split(pooled(train_set.load()))
    arithmetic = [e for e in open_ if e.meta["answer_type"] == "arithmetic" and e.meta["answer_known"]]
    groups = defaultdict(list)
    for group, ex, operands, reading in misses(arithmetic, args.columns):
        groups[group].append((ex, operands, reading))
    for group, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        if args.group not in group:
            continue
        print(f"{len(items):5d}  {group}")
        for item in items[:args.show]:
            print(describe(*item))


if __name__ == "__main__":
    main()
