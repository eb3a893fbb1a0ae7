"""The only place engines meet metrics: load -> answer -> predictions file -> score -> Report."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from . import __version__
from .benchmarks import BENCHMARKS
from .metrics import METRICS
from .report import Report, breakdown
from .types import Engine, Example, Prediction


def git_commit(start: Path | None = None) -> str | None:
    """The HEAD commit of the checkout holding ``start`` (default: tabtext's own), read from .git as git does
    (no subprocess: scoring pays no fork + exec)."""
    here = (start or Path(__file__)).resolve().parent
    dot_git = next((d / ".git" for d in (here, *here.parents) if (d / ".git").exists()), None)
    if dot_git is None:
        return None
    try:
        git_dir = dot_git
        if dot_git.is_file():  # a worktree or submodule: "gitdir: PATH"
            git_dir = (dot_git.parent / dot_git.read_text(encoding="utf-8").split(":", 1)[1].strip()).resolve()
        head = (git_dir / "HEAD").read_text(encoding="utf-8").strip()
        if not head.startswith("ref:"):
            return head or None  # a detached HEAD is the commit itself
        ref = head[4:].strip()
        common = git_dir / (git_dir / "commondir").read_text(encoding="utf-8").strip() \
            if (git_dir / "commondir").is_file() else git_dir
        for base in (git_dir, common):
            if (base / ref).is_file():
                return (base / ref).read_text(encoding="utf-8").strip() or None
        for line in (common / "packed-refs").read_text(encoding="utf-8").splitlines():
            if line.endswith(" " + ref):
                return line.split(" ", 1)[0]
    except (OSError, IndexError, UnicodeDecodeError):
        return None
    return None


def provenance(gold_path: str | Path | None = None, predictions_path: str | Path | None = None,
               **extra: object) -> dict[str, object]:
    from .data import md5_file

    info: dict[str, object] = {
        "tabtext_version": __version__,
        "git_commit": git_commit(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),  # isoformat, without datetime
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
    breakdown_keys = tuple(scorer.breakdown_keys)
    for ex in examples:
        pred = predictions.get(ex.uid)
        item: dict[str, object] = {"uid": ex.uid}
        for key in breakdown_keys:
            item[key] = ex.meta.get(key, "")
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


def predict(engine: Engine, examples: Sequence[Example], batch_size: int = 64, records: Path | None = None,
            label: str = "", quiet: bool = True, allow_engine_change: bool = False) -> list[Prediction]:
    """The one predict loop, in example order. Engines with ``iter_answers`` (concurrent ones) stream each
    answer as it arrives; others answer in batches. With ``records`` (a predictions.jsonl) questions already
    answered there are not asked again and every new answer is appended the moment it exists, so a crashed
    run resumes where it stopped, with the same engine and model unless ``allow_engine_change``. A progress bar
    on stderr unless ``quiet``."""
    from .predictions import append_jsonl, read_jsonl, resumable, rewrite_jsonl
    from .progress import progress

    done: dict[str, Prediction] = {}
    retry: list[str] = []
    if records is not None and records.exists():
        done, retry = resumable(read_jsonl(records))  # items that errored without a reply are asked again
        if not allow_engine_change:
            _refuse_another_engine(records, engine, done.values())
        rewrite_jsonl(records, done.values())  # drop a torn last line and the errored ones before appending
    todo = [ex for ex in examples if ex.uid not in done]
    if (done or retry) and not quiet:
        print(f"resuming: {len(done)} answered, {len(retry)} errored to ask again, {len(todo)} to go",
              file=sys.stderr)
    with progress(len(todo), label, quiet=quiet) as advance:
        for batch in _answer_batches(engine, todo, batch_size):
            if records is not None:
                append_jsonl(records, batch)
            done.update((p.uid, p) for p in batch)
            advance(len(batch))
    return [done[ex.uid] for ex in examples if ex.uid in done]


def _answer_batches(engine: Engine, examples: Sequence[Example], batch_size: int) -> Iterator[list[Prediction]]:
    if hasattr(engine, "iter_answers"):
        yield from ([p] for p in engine.iter_answers(examples))
        return
    for start in range(0, len(examples), max(batch_size, 1)):
        yield list(engine.answer(examples[start:start + batch_size]))


def _refuse_another_engine(records: Path, engine: Engine, saved: Iterable[Prediction]) -> None:
    """Answers saved by one engine/model and continued by another would be credited to the second in one report."""
    from .errors import TabtextError

    identity = getattr(engine, "identity", None)
    wanted = identity() if callable(identity) else {"engine": str(getattr(engine, "name", "") or "")}
    if not wanted.get("engine"):
        return  # an engine that does not say what it is cannot be told from another
    for p in saved:
        found = {k: str(p.meta.get(k) or ("solver" if k == "engine" else "")) for k in wanted}
        if found != wanted:
            raise TabtextError(f"{records}: holds answers from {_who(found)}, and this run is {_who(wanted)}; "
                               "resume with the same engine, use another --out, or add --allow-engine-change to "
                               "mix them")


def _who(identity: Mapping[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in identity.items() if v)
