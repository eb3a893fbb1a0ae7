"""Rewrite the per-item solver snapshots in tests/snapshots/ and print what moved.

A snapshot pins every dev item's result instead of a floor a point below the aggregate: a change that breaks
one question fails ``tests/test_snapshots.py`` until this script is run on purpose. Snapshots:

- ``tatqa_dev.json``: TAT-QA dev uid -> {em, f1} of the solver engine;
- ``tatqa_dev_text_spans.json``: uid -> EM of the text-span answerer on dev text spans, routing given (oracle);
- ``convfinqa_dev.json``: ConvFinQA dev turn id -> strict calculator EM of the solver engine.

The printed diff names open items (uid and question) but only counts lockbox items (benchmarks/lockbox.py).

    PYTHONPATH=src python benchmarks/update_snapshots.py [--only NAME ...] [--check]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
SNAPSHOT_DIR = HERE.parent / "tests" / "snapshots"
SHOWN = 20
Items = dict[str, dict[str, float]]


def _lockbox():
    spec = importlib.util.spec_from_file_location("tabtext_lockbox", HERE / "lockbox.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def data_dir() -> Path:
    return Path(os.environ.get("TABTEXT_DATA", HERE.parents[1] / "shared" / "data"))


def _round(value: float) -> float:
    return round(float(value), 4)


def tatqa_items(examples: Sequence) -> Items:
    from tabtext.engines.solver import SolverEngine
    from tabtext.run import score_predictions

    preds = {p.uid: p for p in SolverEngine().answer(list(examples))}
    report = score_predictions("tatqa", examples, preds)
    return {str(it["uid"]): {"em": _round(it["em"]), "f1": _round(it["f1"])} for it in report.items}


def text_span_items(examples: Sequence) -> Items:
    from tabtext.engines.solver.reader.score import answer_text
    from tabtext.metrics.tatqa import score_item

    items = {}
    for ex in examples:
        if ex.meta["answer_from"] != "text" or ex.meta["answer_type"] != "span":
            continue
        spans = answer_text(ex.question, ex.context.paragraphs)
        gold = ex.gold[0]
        em = score_item("span", gold.raw, gold.scale, [s.text for s in spans[:1]], gold.scale)[0]
        items[ex.uid] = {"em": _round(em)}
    return items


def convfinqa_items(examples: Sequence) -> Items:
    from tabtext.engines.solver import SolverEngine
    from tabtext.metrics.chatrag import strict_convfinqa

    items = {}
    for ex, pred in zip(examples, SolverEngine().answer(list(examples))):
        text = pred.raw if pred.answer is not None else ""
        items[ex.uid] = {"strict_em": float(strict_convfinqa(text, ex.meta["exe_answer"], ex.question)[0])}
    return items


@dataclass(frozen=True)
class Snapshot:
    name: str
    source: str  # the data file under TABTEXT_DATA
    compute: Callable[[Sequence], Items]
    tatqa: bool  # TAT-QA items: lockbox ones are only counted in a diff

    @property
    def path(self) -> Path:
        return SNAPSHOT_DIR / f"{self.name}.json"

    def load_examples(self) -> list:
        from tabtext.benchmarks import tatqa
        from tabtext.benchmarks.chatrag.convfinqa import load_native

        path = data_dir() / self.source
        return tatqa.load(path) if self.tatqa else load_native(path)


SNAPSHOTS = (
    Snapshot("tatqa_dev", "tatqa/tatqa_dataset_dev.json", tatqa_items, tatqa=True),
    Snapshot("tatqa_dev_text_spans", "tatqa/tatqa_dataset_dev.json", text_span_items, tatqa=True),
    Snapshot("convfinqa_dev", "convfinqa/pot_convfinqa_dev.json", convfinqa_items, tatqa=False),
)


def read_snapshot(path: Path) -> Items:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def write_snapshot(path: Path, items: Mapping[str, Mapping[str, float]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"{json.dumps(uid)}: {json.dumps(dict(items[uid]), sort_keys=True)}" for uid in sorted(items)]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def _means(items: Mapping[str, Mapping[str, float]]) -> dict[str, float]:
    keys = sorted({k for scores in items.values() for k in scores})
    return {k: 100 * sum(s.get(k, 0.0) for s in items.values()) / max(len(items), 1) for k in keys}


def _direction(old: Mapping[str, float] | None, new: Mapping[str, float] | None) -> str:
    if old is None:
        return "new"
    if new is None:
        return "gone"
    before, after = sum(old.values()), sum(new.values())
    return "up" if after > before else "down" if after < before else "moved"


def describe_diff(name: str, old: Items, new: Items, questions: Mapping[str, str],
                  hidden: Callable[[str], bool] = lambda uid: False, shown: int = SHOWN) -> str:
    """'' when equal; else counts, the aggregate move and the first ``shown`` changed open items.

    Items for which ``hidden(uid)`` holds (the lockbox) are only counted: neither uid nor question is printed.
    """
    changed = sorted(uid for uid in old.keys() | new.keys() if old.get(uid) != new.get(uid))
    if not changed:
        return ""
    moves = {uid: _direction(old.get(uid), new.get(uid)) for uid in changed}
    tally = {d: sum(1 for m in moves.values() if m == d) for d in ("up", "down", "moved", "new", "gone")}
    before, after = _means(old), _means(new)
    aggregate = ", ".join(f"{k} {before.get(k, 0.0):.2f} -> {after.get(k, 0.0):.2f}" for k in after)
    counts = ", ".join(f"{n} {d}" for d, n in tally.items() if n)
    lines = [f"{name}: {len(changed)} of {len(new)} items changed ({counts}); {aggregate}"]
    visible = [uid for uid in changed if not hidden(uid)]
    for uid in visible[:shown]:
        lines.append(f"  {moves[uid]:<5} {uid}  {old.get(uid)} -> {new.get(uid)}  {questions.get(uid, '')}")
    if len(visible) > shown:
        lines.append(f"  … and {len(visible) - shown} more open items")
    boxed = [uid for uid in changed if hidden(uid)]
    if boxed:
        boxed_tally = ", ".join(f"{n} {d}" for d in ("up", "down", "moved", "new", "gone")
                                if (n := sum(1 for uid in boxed if moves[uid] == d)))
        lines.append(f"  lockbox: {len(boxed)} items changed ({boxed_tally}); not shown")
    return "\n".join(lines)


def compare(snapshot: Snapshot, examples: Sequence | None = None) -> tuple[Items, str]:
    """(current items, diff against the stored snapshot; '' when equal)."""
    examples = snapshot.load_examples() if examples is None else examples
    current = snapshot.compute(examples)
    questions = {ex.uid: ex.question for ex in examples}
    hidden: Callable[[str], bool] = lambda uid: False  # noqa: E731
    if snapshot.tatqa:
        is_lockbox = _lockbox().is_lockbox
        table_of = {ex.uid: str(ex.meta.get("table_uid", ex.uid)) for ex in examples}
        hidden = lambda uid: is_lockbox(table_of.get(uid, uid))  # noqa: E731
    else:  # ConvFinQA's held-out half B is read as aggregates only: its moved turns are counted, not shown
        from convfinqa_eval import half_of
        hidden = lambda uid: half_of(uid) == "B"  # noqa: E731
    return current, describe_diff(snapshot.name, read_snapshot(snapshot.path), current, questions, hidden)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="+", choices=[s.name for s in SNAPSHOTS], help="rewrite only these")
    ap.add_argument("--check", action="store_true", help="print the diff, write nothing; exit 1 if any differs")
    args = ap.parse_args(argv)
    differs = False
    for snapshot in SNAPSHOTS:
        if args.only and snapshot.name not in args.only:
            continue
        current, diff = compare(snapshot)
        differs |= bool(diff)
        print(diff or f"{snapshot.name}: unchanged ({len(current)} items)")
        if diff and not args.check:
            write_snapshot(snapshot.path, current)
            print(f"  wrote {snapshot.path}")
    return int(args.check and differs)


if __name__ == "__main__":
    sys.exit(main())
