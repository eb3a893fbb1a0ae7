"""Report generation time for a full TAT-QA dev run (1,668 questions).

Makes a run directory by scoring the published sample predictions against dev (tabtext.run.score_predictions,
report.json + predictions.json), then times `tabtext report` (HTML and Markdown) and `tabtext compare` of the
run against the `mutated` parity predictions, each end to end from the files (gold loading included).

    PYTHONPATH=src python benchmarks/report_speed.py [--repeat 3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import warnings
from pathlib import Path

from tabtext.benchmarks import BENCHMARKS
from tabtext.run import provenance, score_predictions

SHARED = Path(__file__).resolve().parents[2] / "shared"
DATA = Path(os.environ.get("TABTEXT_DATA", SHARED / "data"))
PARITY = Path(os.environ.get("TABTEXT_PARITY_DIR", SHARED / "parity"))


def make_run(folder: Path, gold: Path, preds: Path) -> None:
    bench = BENCHMARKS.get("tatqa")
    examples = bench.load(gold)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        predictions = bench.read_predictions(preds, examples)
    report = score_predictions("tatqa", examples, predictions, provenance(gold, preds))
    report.save(folder / "report.json")
    bench.write_predictions(list(predictions.values()), folder / "predictions.json")


def timed(fn, repeat: int) -> tuple[str, object]:  # type: ignore[no-untyped-def]
    """'first / median' seconds: the first call includes importing matplotlib and numpy."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return f"{times[0]:5.2f} s first, {statistics.median(times):5.2f} s median", result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", type=Path, help="write the run directories and outputs here")
    args = ap.parse_args()
    gold = DATA / "tatqa" / "tatqa_dataset_dev.json"
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="tabtext-report-speed-"))
    (base / "sample").mkdir(parents=True, exist_ok=True)
    (base / "mutated").mkdir(parents=True, exist_ok=True)
    make_run(base / "sample", gold, PARITY / "tatqa" / "pred_sample.json")
    make_run(base / "mutated", gold, PARITY / "tatqa" / "pred_mutated.json")

    from tabtext.compare import compare_runs, load_runs, to_html, to_markdown
    from tabtext.render import render

    t_html, html = timed(lambda: render(base / "sample", "html"), args.repeat)
    t_md, md = timed(lambda: render(base / "sample", "md"), args.repeat)
    t_cmp, cmp = timed(lambda: compare_runs(load_runs([base / "sample", base / "mutated"])), args.repeat)
    (base / "report.html").write_text(html, encoding="utf-8")
    (base / "report.md").write_text(md, encoding="utf-8")
    (base / "compare.md").write_text(to_markdown(cmp), encoding="utf-8")
    (base / "compare.html").write_text(to_html(cmp), encoding="utf-8")
    n_items = html.count("<details class=item")
    print(f"TAT-QA dev run: 1,668 questions, {n_items} wrong items in the error browser ({args.repeat} runs each, "
          "gold and predictions loaded from files every time)")
    print(f"  report --html       {t_html}   {len(html.encode()) / 1e6:5.1f} MB")
    print(f"  report --format md  {t_md}   {len(md.encode()) / 1e6:5.1f} MB")
    print(f"  compare 2 runs      {t_cmp}   ({len(cmp.rows)} slices x {len(cmp.score_keys)} scores, 2000 bootstrap)")
    print(f"  outputs in {base}")


if __name__ == "__main__":
    main()
