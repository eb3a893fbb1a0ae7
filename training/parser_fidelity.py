"""How well training/linearized.py recovers TAT-QA grids: dev's 278 tables, linearized by the same source as
train's, parsed and compared cell by cell with the real grids of tatqa_dataset_dev.json.

    PYTHONPATH=src:. python -m training.parser_fidelity [--data DIR]

Prints, over dev's non-empty cells (empty rows, which the source drops, are left out of both sides):
exact text; exact text where it can be known (a cell flagged ``dollar_unknown`` counts as matching when the grid
reads it with or without its ``$``); numbers recovered (every cell holding a number: the parsed cell, same place,
holds the same number); and by row kind.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from tabtext.numbers import parse_number
from training.linearized import RecoveredTable, parse
from training.train_set import data_dir


def _non_empty_rows(rows) -> list[tuple[int, tuple[str, ...]]]:
    return [(i, r) for i, r in enumerate(rows) if any(c.strip() for c in r)]


def compare(gold_rows, parsed: RecoveredTable, counts: Counter) -> None:
    gold = _non_empty_rows(gold_rows)
    mine = _non_empty_rows(parsed.rows)
    counts["tables"] += 1
    counts["tables_same_shape"] += len(gold) == len(mine) and all(len(g) == len(m) for (_, g), (_, m) in
                                                                   zip(gold, mine))
    for k, (_, g_row) in enumerate(gold):
        i, m_row = mine[k] if k < len(mine) else (-1, ())
        kind = "header" if k == 0 else "body"
        for j, cell in enumerate(g_row):
            if not cell.strip():
                continue
            got = m_row[j] if j < len(m_row) else ""
            counts["cells"] += 1
            counts[f"cells_{kind}"] += 1
            exact = got == cell
            knowable = exact or ((i, j) in parsed.dollar_unknown and cell == "$" + got)
            counts["exact"] += exact
            counts[f"exact_{kind}"] += exact
            counts["exact_knowable"] += knowable
            counts["exact_stripped"] += got.strip() == cell.strip() or (knowable and not exact)
            number = parse_number(cell)
            if number is not None:
                counts["numbers"] += 1
                counts["numbers_recovered"] += parse_number(got) == number


def measure(dev_json: Path, linearized: Path) -> Counter:
    lines = {}
    for line in linearized.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        lines[record["table_uid"]] = record["linearized"]
    counts: Counter = Counter()
    for context in json.loads(dev_json.read_text(encoding="utf-8")):
        uid = context["table"]["uid"]
        compare(context["table"]["table"], parse(lines[uid], uid), counts)
    return counts


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.2f}% ({a:,} / {b:,})" if b else "n/a"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=None, help="the data folder (default: $TABTEXT_DATA)")
    args = ap.parse_args()
    base = (args.data or data_dir()) / "tatqa"
    c = measure(base / "tatqa_dataset_dev.json", base / "train_recovered" / "dev_tables_linearized.jsonl")
    print(f"dev tables parsed: {c['tables']}, same shape as the grid: {_pct(c['tables_same_shape'], c['tables'])}")
    print(f"cells exact text (all non-empty cells):          {_pct(c['exact'], c['cells'])}")
    print(f"cells exact text where it can be known ($ kept):  {_pct(c['exact_knowable'], c['cells'])}")
    print(f"  same, ignoring spaces the source trimmed:       {_pct(c['exact_stripped'], c['cells'])}")
    print(f"  first row exact: {_pct(c['exact_header'], c['cells_header'])}; "
          f"other rows exact: {_pct(c['exact_body'], c['cells_body'])}")
    print(f"numbers recovered (same place, same value):      {_pct(c['numbers_recovered'], c['numbers'])}")


if __name__ == "__main__":
    main()
