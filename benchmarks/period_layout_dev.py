"""Should benchmark runs read tables through ``period_layout`` as ``ask`` does? TAT-QA dev EM / F1 with the tables
as the data gives them and with them laid out (periods across the columns, each written one way, pandas names
in words; the question's periods written the same way), on the open part and the lockbox (aggregates only).

    PYTHONPATH=src python benchmarks/period_layout_dev.py [--limit N] [--turn-only]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from tabtext.benchmarks import tatqa
from tabtext.engines.solver import SolverEngine
from tabtext.period_layout import orient, periods_on_rows, same_words
from tabtext.run import score_predictions

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import dev_file, split  # noqa: E402


def laid_out(example, turn_only: bool = False):  # type: ignore[no-untyped-def]
    """The example as ``ask`` reads it; ``turn_only``: only a table with periods as rows is turned, nothing
    relabelled and the question as asked."""
    if turn_only:
        tables = tuple(_turned(t) if periods_on_rows(t) else t for t in example.context.tables)
        return dataclasses.replace(example, context=dataclasses.replace(example.context, tables=tables))
    tables = tuple(orient(t)[0] for t in example.context.tables)
    return dataclasses.replace(example, question=same_words(example.question),
                               context=dataclasses.replace(example.context, tables=tables))


def _turned(table):  # type: ignore[no-untyped-def]
    rows = [list(r) + [""] * (table.n_cols - len(r)) for r in table.rows]
    return dataclasses.replace(table, rows=tuple(tuple(col) for col in zip(*rows)))


def scores(examples: list) -> tuple[float, float]:
    if not examples:
        return 0.0, 0.0
    preds = {p.uid: p for p in SolverEngine().answer(examples)}
    report = score_predictions("tatqa", examples, preds)
    return 100 * report.scores["em"], 100 * report.scores["f1"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="only the first N dev questions")
    ap.add_argument("--turn-only", action="store_true", help="only turn tables with periods as rows")
    args = ap.parse_args(argv)
    examples = tatqa.load(dev_file())
    examples = examples[: args.limit] if args.limit else examples
    changed = sum(orient(t)[0] is not t for ex in examples for t in ex.context.tables)
    turned = sum(periods_on_rows(t) for ex in examples for t in ex.context.tables)
    print(f"{changed} of {sum(len(ex.context.tables) for ex in examples)} dev question tables change when laid out, "
          f"{turned} are turned")
    for name, part in zip(("open", "lockbox"), split(examples)):
        given, out = scores(part), scores([laid_out(ex, args.turn_only) for ex in part])
        print(f"{name:7s} ({len(part)}): as given EM {given[0]:.2f} F1 {given[1]:.2f}; "
              f"{'turned only' if args.turn_only else 'laid out'} EM {out[0]:.2f} F1 {out[1]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
