"""TANQ scorer speed (tables scored per second) and the official aggregates on the parity fixtures.

    PYTHONPATH=src python benchmarks/tanq_speed.py [--parity-dir ../shared/parity] [--seconds 3]

Prints: the official aggregate on the 10 real rows (expected F1 15.634015993848948) and on the 457
synthetic pairs (74.5250031299957), then official-only and full-metric (official + cell-set + normalized)
throughput.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from tabtext.metrics.tanq import cell_set_scores, evaluate_tables, official_scores
from tabtext.metrics.tanq_normalized import normalized_scores


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def rate(pairs: list[tuple[str, str]], fn, seconds: float) -> float:
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for gold, pred in pairs:
            fn(gold, pred)
        done += len(pairs)
    return done / (time.perf_counter() - start)


def full(gold: str, pred: str) -> None:
    official_scores(gold, pred)
    cell_set_scores(gold, pred)
    normalized_scores(gold, pred)


def main() -> None:
    default = Path(os.environ.get("TABTEXT_PARITY_DIR", Path(__file__).resolve().parents[2] / "shared" / "parity"))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--parity-dir", type=Path, default=default)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    base = args.parity_dir / "tanq"
    real = [(r["gold_table"], r["prediction_table"]) for r in rows(base / "test_input_expected.jsonl")]
    synthetic = [(r["gold_table"], r["prediction_table"]) for r in rows(base / "synthetic_pairs.jsonl")]
    for name, pairs in (("real 10 rows", real), ("synthetic 457 pairs", synthetic)):
        agg = evaluate_tables(pairs)
        print(f"official aggregate, {name}: P {agg['table_datapoints_precision']!r} "
              f"R {agg['table_datapoints_recall']!r} F1 {agg['table_datapoints_f1']!r}")
    official_scores(*real[0])  # import scipy / numpy before timing
    all_pairs = real + synthetic
    print(f"official metric: {rate(all_pairs, official_scores, args.seconds):,.0f} tables/s "
          f"({len(all_pairs)} fixture pairs, 1 core)")
    print(f"official + cell_set + normalized: {rate(all_pairs, full, args.seconds):,.0f} tables/s")
    real_only = rate(real, official_scores, args.seconds)
    print(f"official metric on the 10 real tables (5-9 columns): {real_only:,.0f} tables/s")


if __name__ == "__main__":
    main()
