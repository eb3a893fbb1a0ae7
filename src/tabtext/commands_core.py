"""The core CLI verbs: ls, inspect, score, predict, run. ``cli.py`` parses; these do the work."""

from __future__ import annotations

import argparse
import datetime as _dt
import sys
from collections.abc import Sequence
from pathlib import Path

from . import data, display
from .benchmarks import BENCHMARKS
from .errors import TabtextError
from .report import Report, render_text
from .types import Example, Prediction


def _gold_path(args: argparse.Namespace) -> Path:
    if args.file is not None:
        if not args.file.exists():
            raise TabtextError(f"{args.file}: file not found")
        return args.file
    if args.split is None:
        splits = data.known_splits(args.benchmark)
        raise TabtextError(f"say which data to use: --split NAME ({', '.join(splits) or 'no named splits'}) "
                           "or --file PATH")
    return data.resolve(args.benchmark, args.split, args.data_dir)


def _load(args: argparse.Namespace) -> tuple[object, Path, list[Example]]:
    bench = BENCHMARKS.get(args.benchmark)
    path = _gold_path(args)
    examples = bench.load(path, dataset=getattr(args, "dataset", None))
    return bench, path, examples


def cmd_ls(args: argparse.Namespace) -> int:
    from .engines import ENGINES
    from .metrics import METRICS

    for title, registry in (("benchmarks", BENCHMARKS), ("engines", ENGINES), ("metrics", METRICS)):
        print(f"{title}:")
        for name in registry.names():
            print(f"  {name:<10} {registry.help(name)}")
    print("data files:")
    for (bench, split), spec in sorted(data.SPLITS.items()):
        try:
            where = str(data.resolve(bench, split, download=False))
        except TabtextError:
            where = "downloadable" if spec.url else "not found"
        print(f"  {bench:<8} {split:<14} {where}")
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    bench, _, examples = _load(args)
    groups = display.group_by_context(examples)[: max(args.n, 0)]
    render = getattr(bench, "render_example", None)
    for i, group in enumerate(groups):
        if i:
            print("\n" + "=" * 100 + "\n")
        if render is not None:
            print("\n\n".join(render(ex) for ex in group))
        else:
            print(display.render_context_examples(group))
        if args.prompt:
            from .engines.prompts import build_messages

            for ex in group:
                print(f"\n--- messages for {ex.uid} ---")
                for message in build_messages(ex):
                    print(f"[{message['role']}]\n{message['content']}")
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from .run import provenance, score_predictions

    bench, gold_path, examples = _load(args)
    predictions = bench.read_predictions(args.predictions, examples, dataset=args.dataset,
                                         prediction_key=args.prediction_key)
    notes = []
    if args.remap is not None:
        if args.benchmark != "tatqa":
            raise TabtextError("--remap applies to TAT-QA test files only")
        from .benchmarks.tatqa import remap_predictions

        predictions, stats = remap_predictions(predictions, bench.load(args.remap), examples)
        print(f"remapped {stats['mapped']} predictions onto {gold_path.name}; {stats['unmapped']} had no match "
              f"by (table, question)", file=sys.stderr)
        notes.append(f"remapped from {args.remap}: {stats['mapped']} mapped, {stats['unmapped']} unmapped")
    report = score_predictions(args.benchmark, examples, predictions,
                               provenance(gold_path, args.predictions, remap=str(args.remap) if args.remap else None),
                               warnings=notes)
    print(render_text(report))
    if args.out is not None:
        report.save(args.out)
        print(f"report written to {args.out}", file=sys.stderr)
    return 0


def _run_dir(args: argparse.Namespace) -> Path:
    if args.out is not None:
        return args.out
    if args.resume:
        raise TabtextError("--resume needs --out RUN_DIR (the folder of the run to continue)")
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    engine = args.engine.split(":")[0]
    base = Path("runs") / f"{args.benchmark}-{engine}-{stamp}"
    out, i = base, 1
    while out.exists():
        out, i = base.with_name(f"{base.name}-{i}"), i + 1
    return out


def _predict(args: argparse.Namespace) -> tuple[object, Path, list[Example], list[Prediction], Path]:
    from .engines import make_engine
    from .predictions import append_jsonl, read_jsonl, resumable
    from .progress import progress
    from .runlock import lock_run_dir

    bench, gold_path, examples = _load(args)
    if args.limit is not None:
        examples = examples[: max(args.limit, 0)]
    out = _run_dir(args)
    jsonl = out / "predictions.jsonl"
    done: dict[str, Prediction] = {}
    retry: list[str] = []
    lock = lock_run_dir(out)  # a second run on this folder refuses in one line
    if jsonl.exists():
        if not args.resume:
            raise TabtextError(f"{out} already holds predictions; use --resume to continue it or another --out")
        done, retry = resumable(read_jsonl(jsonl))
        jsonl.write_text("".join(_record_lines(done.values())), encoding="utf-8")  # drop torn and errored lines
    todo = [ex for ex in examples if ex.uid not in done]
    if done or retry:
        print(f"resuming: {len(done)} answered, {len(retry)} errored to ask again, {len(todo)} to go",
              file=sys.stderr)
    engine = make_engine(args.engine)
    with progress(len(todo), f"{args.benchmark} [{args.engine.split(':')[0]}]", quiet=args.quiet) as advance:
        if hasattr(engine, "iter_answers"):  # concurrent engines: save each answer the moment it arrives
            for prediction in engine.iter_answers(todo):
                append_jsonl(jsonl, [prediction])
                done[prediction.uid] = prediction
                advance(1)
        else:
            for start in range(0, len(todo), args.batch_size):
                batch = engine.answer(todo[start:start + args.batch_size])
                append_jsonl(jsonl, batch)
                done.update((p.uid, p) for p in batch)
                advance(len(batch))
    predictions = [done[ex.uid] for ex in examples if ex.uid in done]
    bench.write_predictions(predictions, out / "predictions.json")
    lock.release()
    failed = sum(1 for p in predictions if p.error)
    if failed:
        print(f"warning: {failed} questions got no answer (scored as empty; the reason is under 'error' in predictions.jsonl)",
              file=sys.stderr)
    print(f"predictions written to {out}/predictions.json and predictions.jsonl", file=sys.stderr)
    return bench, gold_path, examples, predictions, out


def _record_lines(predictions) -> list[str]:
    import json

    from .predictions import to_record

    return [json.dumps(to_record(p), ensure_ascii=False) + "\n" for p in predictions]


def cmd_predict(args: argparse.Namespace) -> int:
    _predict(args)
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from .run import provenance, score_predictions

    _, gold_path, examples, predictions, out = _predict(args)
    report = score_predictions(args.benchmark, examples, {p.uid: p for p in predictions},
                               provenance(gold_path, out / "predictions.json", engine=args.engine,
                                          limit=args.limit))
    report.save(out / "report.json")
    print(render_text(report))
    if args.show_errors:
        print(render_errors(report, examples, {p.uid: p for p in predictions}, args.show_errors))
    print(f"report written to {out}/report.json", file=sys.stderr)
    return 0


def render_errors(report: Report, examples: Sequence[Example], predictions: dict[str, Prediction], n: int) -> str:
    """The first N wrong items (lowest per-item score) with question, gold, prediction, derivation and evidence."""
    by_uid = {ex.uid: ex for ex in examples}
    key = next((k for k in ("em", "f1", "strict_em", "official_em") if k in report.scores), None)
    wrong = [it for it in report.items if key is not None and float(it.get(key) or 0) < 1.0][:n]
    lines = [f"\n{len(wrong)} wrong answers:"]
    for it in wrong:
        ex, pred = by_uid[str(it["uid"])], predictions.get(str(it["uid"]))
        lines.append("")
        lines.append(f"Q {ex.uid}: {ex.question}")
        lines.append(f"  gold: {display.answer_text(ex.gold[0] if ex.gold else None)}"
                     + (f"   ({ex.gold[0].derivation})" if ex.gold and ex.gold[0].derivation else ""))
        lines.append(f"  pred: {display.answer_text(pred.answer if pred else None)}"
                     + (f"   ({pred.answer.derivation})" if pred and pred.answer and pred.answer.derivation else ""))
        if pred and pred.error:
            lines.append(f"  error: {pred.error}")
        if pred and pred.evidence:
            cells = {(e.row, e.col) for e in pred.evidence if e.kind == "cell"}
            if cells and ex.context.tables:
                lines.append(display.render_table(ex.context.tables[0], highlight=cells))
            for e in pred.evidence:
                if e.kind == "text":
                    lines.append(f"  evidence: {e.text[:200]}")
    return "\n".join(lines)
