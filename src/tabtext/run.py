"""The only place engines meet metrics: load -> answer -> predictions file -> score -> Report."""

from __future__ import annotations

import datetime as _dt
import subprocess
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from . import __version__
from .benchmarks import BENCHMARKS
from .data import md5_file
from .metrics import METRICS
from .report import Report, breakdown
from .types import Engine, Example, Prediction


def git_commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, timeout=2,
                             cwd=Path(__file__).resolve().parent)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def provenance(gold_path: str | Path | None = None, predictions_path: str | Path | None = None,
               **extra: object) -> dict[str, object]:
    info: dict[str, object] = {
        "tabtext_version": __version__,
        "git_commit": git_commit(),
        "time": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    }
    if gold_path is not None:
        info["gold_file"] = str(gold_path)
        info["gold_md5"] = md5_file(gold_path)
    if predictions_path is not None:
        info["predictions_file"] = str(predictions_path)
        info["predictions_md5"] = md5_file(predictions_path)
    info.update(extra)
    return info


def score_predictions(benchmark: str, examples: Sequence[Example], predictions: Mapping[str, Prediction],
                      provenance_info: Mapping[str, object] | None = None, metric: str | None = None,
                      warnings: Sequence[str] = ()) -> Report:
    """Score every gold example; a missing prediction scores as the metric says (never dropped)."""
    bench = BENCHMARKS.get(benchmark)
    scorer = METRICS.get(metric or bench.metric)
    items = []
    for ex in examples:
        pred = predictions.get(ex.uid)
        item: dict[str, object] = {"uid": ex.uid}
        item.update({k: ex.meta.get(k, "") for k in scorer.breakdown_keys})
        item.update(scorer.score(ex, pred))
        if pred is not None and pred.error:
            item["error"] = pred.error
        items.append(item)
    gold_uids = {ex.uid for ex in examples}
    counts = {
        "gold": len(examples),
        "predicted": sum(1 for ex in examples if ex.uid in predictions),
        "missing": sum(1 for ex in examples if ex.uid not in predictions),
        "extra": sum(1 for uid in predictions if uid not in gold_uids),
        "errors": sum(1 for p in predictions.values() if p.error),
    }
    all_warnings = list(warnings)
    if counts["extra"]:
        all_warnings.append(f"{counts['extra']} predictions have uids that are not in the gold file (ignored)")
    if counts["missing"]:
        all_warnings.append(f"{counts['missing']} gold questions have no prediction (scored 0)")
    breakdowns = {}
    keys = tuple(scorer.breakdown_keys)
    if keys:
        breakdowns[" x ".join(keys)] = breakdown(items, keys, scorer.score_keys)
    return Report(
        benchmark=benchmark,
        metric=f"{scorer.name} v{scorer.version}",
        scores=scorer.aggregate(items),
        breakdowns=breakdowns,
        items=items,
        counts=counts,
        warnings=all_warnings,
        provenance=dict(provenance_info or {}),
    )


def predict(engine: Engine, examples: Sequence[Example], batch_size: int = 64,
            on_batch: Callable[[list[Prediction]], None] | None = None) -> list[Prediction]:
    """Answer examples in batches, in order; ``on_batch`` sees each batch as it completes (for progress/resume)."""
    out: list[Prediction] = []
    for start in range(0, len(examples), batch_size):
        batch = list(engine.answer(examples[start:start + batch_size]))
        out.extend(batch)
        if on_batch is not None:
            on_batch(batch)
    return out
