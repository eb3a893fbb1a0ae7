"""Weak evidence from the train derivations: how many arithmetic questions are grounded in their table (and
paragraph), and the conventions the derivations show (issue 20, item 4).

    PYTHONPATH=src:. python -m training.derivation_evidence [--data DIR] [--write mappings.json]

Prints coverage (arithmetic questions whose every operand is a cell, a paragraph number or a constant) by
answer_from and by shape; how cells that read negative — ``(71)`` or ``-71`` — are written in sums, averages,
differences and change ratios (with their sign, or as the bare magnitude); the operand order of differences,
change ratios and ratios between two cells of one row (later period first or earlier first, by the years in
the header rows; left column first or right); and whether averages run over periods (one row) or over items
(one column). ``--write`` stores the grounding as ``{uid: {"mapping": {"table": [[row, col]...]}}}`` (only
operands with one matching cell), the shape of tatqa_dev_evidence_mappings.json.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from tabtext.types import Table
from training import train_set
from training.grounding import Cell, Grounding, cell_number, ground

_YEAR = re.compile(r"\b((?:19|20)\d{2})\b")


def column_years(table: Table) -> dict[int, int]:
    """Each column's period: the last year its header rows (those before the first labelled row with a
    number that is not a year) name."""
    years: dict[int, int] = {}
    for row in table.rows:
        values = [c for c in row[1:] if cell_number(c) is not None and not _YEAR.fullmatch(c.strip())]
        if row and row[0].strip() and values:
            break
        for c, text in enumerate(row):
            found = _YEAR.findall(text)
            if c and found:
                years[c] = int(found[-1])
    return years


def _pair(a: tuple[Cell, ...], b: tuple[Cell, ...]) -> tuple[str, Cell, Cell] | None:
    same_row = [(x, y) for x in a for y in b if x[0] == y[0] and x[1] != y[1]]
    if same_row:
        return ("row", *same_row[0])
    same_col = [(x, y) for x in a for y in b if x[1] == y[1] and x[0] != y[0]]
    return ("column", *same_col[0]) if same_col else None


def order_of(g: Grounding, table: Table, first: int, second: int) -> list[str]:
    """Labels for the operand pair (first, second): where they sit and which period comes first."""
    pair = _pair(g.cells[first], g.cells[second])
    if pair is None:
        return ["not two cells"]
    where, x, y = pair
    if where == "column":
        return ["one column: upper row first" if x[0] < y[0] else "one column: lower row first"]
    out = ["one row: left column first" if x[1] < y[1] else "one row: right column first"]
    years = column_years(table)
    if x[1] in years and y[1] in years and years[x[1]] != years[y[1]]:
        out.append("one row: later period first" if years[x[1]] > years[y[1]] else "one row: earlier period first")
    return out


def sign_counts(g: Grounding, table: Table, counts: Counter) -> None:
    """How an operand whose every matching cell reads negative is written, by the derivation's shape."""
    for operand, cells in zip(g.derivation.operands, g.cells):
        if not cells:
            continue
        values = [cell_number(table.cell(r, c)) for r, c in cells]
        if all(v is not None and v < 0 for v in values):
            written = "with its minus" if operand.negative_written else "as the bare magnitude"
            counts[(g.derivation.shape, written)] += 1


def conventions(groundings: list[tuple[Grounding, Table]]) -> dict[str, Counter]:
    out = {"signs": Counter(), "difference": Counter(), "change_ratio": Counter(), "ratio": Counter(),
           "average": Counter()}
    for g, table in groundings:
        sign_counts(g, table, out["signs"])
        shape = g.derivation.shape
        if shape in ("difference", "change_ratio", "ratio") and len(g.cells) >= 2:
            out[shape].update(order_of(g, table, 0, 1))
        if shape == "average" and len(g.cells) >= 3:
            rows = {cells[0][0] for cells in g.cells[:-1] if len(cells) == 1}
            cols = {cells[0][1] for cells in g.cells[:-1] if len(cells) == 1}
            singles = sum(len(cells) == 1 for cells in g.cells[:-1])
            kind = ("over periods (one row)" if len(rows) == 1 and len(cols) > 1 else
                    "over items (one column)" if len(cols) == 1 and len(rows) > 1 else "mixed or ambiguous")
            out["average"][kind if singles == len(g.cells) - 1 else "mixed or ambiguous"] += 1
    return out


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}% ({a:,} / {b:,})" if b else "n/a"


def report(examples, write: Path | None = None) -> None:
    arithmetic = [e for e in examples if e.meta["answer_type"] == "arithmetic" and e.meta["answer_known"]]
    grounded: list[tuple[Grounding, Table]] = []
    by_from: Counter = Counter()
    by_shape: Counter = Counter()
    for ex in arithmetic:
        g = ground(ex)
        ok = g is not None and g.fully_grounded
        by_from[(ex.meta["answer_from"], ok)] += 1
        by_shape[(g.derivation.shape if g else "unreadable", ok)] += 1
        if ok and ex.context.tables:
            grounded.append((g, ex.context.tables[0]))
    total = sum(by_from.values())
    print(f"arithmetic train questions fully grounded: {_pct(len(grounded), total)}")
    for source in ("table", "table-text", "text"):
        print(f"  {source:>10}: {_pct(by_from[(source, True)], by_from[(source, True)] + by_from[(source, False)])}")
    for shape in sorted({s for s, _ in by_shape}):
        print(f"  shape {shape:>12}: {_pct(by_shape[(shape, True)], by_shape[(shape, True)] + by_shape[(shape, False)])}")
    found = conventions(grounded)
    print("operands whose cells read negative, as the derivation writes them (by shape):")
    for (shape, written), n in sorted(found["signs"].items()):
        print(f"  {shape:>12} {written:<22} {n:>5}")
    for shape in ("difference", "change_ratio", "ratio"):
        print(f"operand order of {shape} (first two operands):")
        for label, n in sorted(found[shape].items()):
            print(f"  {label:<36} {n:>5}")
    print("averages (every summed operand in exactly one cell):")
    for label, n in sorted(found["average"].items()):
        print(f"  {label:<36} {n:>5}")
    if write:
        write.write_text(json.dumps({g.uid: g.mapping() for g, _ in grounded}, sort_keys=True), encoding="utf-8")
        print(f"wrote {len(grounded):,} mappings to {write}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=None, help="the data folder (default: $TABTEXT_DATA)")
    ap.add_argument("--write", type=Path, default=None, help="store the grounding (a JSON mappings file)")
    args = ap.parse_args()
    report(train_set.load(args.data), args.write)


if __name__ == "__main__":
    main()
