"""The core CLI verbs: ls, inspect, score, predict, run. ``cli.py`` parses; these do the work."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from . import run_files
from .benchmarks import BENCHMARKS
from .commands import at_least
from .errors import TabtextError
from .report import Report, render_text
from .types import Engine, Example, Prediction


def _gold_path(args: argparse.Namespace) -> Path:
    if args.file is not None:
        if not args.file.is_dir():  # a folder is a benchmark's own layout (ChatRAG, SQA); a file must be regular
            from .user_files import check_regular

            check_regular(args.file, None)
        return args.file
    from . import data  # only for a named split: scoring a file needs no data folder, cache or download
    if args.split is None:
        splits = data.known_splits(args.benchmark)
        raise TabtextError(f"say which data to use: --split NAME ({', '.join(splits) or 'no named splits'}) "
                           "or --file PATH")
    if args.data_dir is not None:
        return _in_data_dir(args.benchmark, args.split, args.data_dir, "--data-dir ")
    env = os.environ.get("TABTEXT_DATA")
    try:
        return data.resolve(args.benchmark, args.split)
    except TabtextError as exc:
        if env:  # the folder the user pointed at comes first in the message, the cache/download after
            _in_data_dir(args.benchmark, args.split, Path(env), "TABTEXT_DATA=", also=f" ({exc})")
        raise


def _in_data_dir(benchmark: str, split: str, folder: Path, flag: str, also: str = "") -> Path:
    """A split's file under a data folder the user named (``flag`` is how: "--data-dir " or "TABTEXT_DATA="); else
    say which folder was searched for what, and where the file is when the folder is one level too high or low."""
    from . import data
    relative = Path(data.split_file(benchmark, split).relative)
    if (folder / relative).is_file():
        return folder / relative
    if not folder.is_dir():
        raise TabtextError(f"{flag}{folder}: no such folder{also}")
    hint = ""
    if (folder / relative.name).is_file():
        hint = (f"; the file is right in it, so use {flag}{folder.parent}" if folder.name == relative.parent.name
                else f"; use --file {folder / relative.name}")
    elif below := sorted(sub for sub in folder.iterdir() if (sub / relative).is_file()):
        hint = f"; found it one level down: use {flag}{below[0]}"
    raise TabtextError(f"{flag}{folder}: no {relative} in this folder (expected {folder / relative}){hint}{also}")


def _load(args: argparse.Namespace) -> tuple[object, Path, list[Example]]:
    bench = BENCHMARKS.get(args.benchmark)
    path = _gold_path(args)
    examples = bench.load(path, dataset=getattr(args, "dataset", None))
    _check_dataset(args, path, examples)
    return bench, path, examples


def _check_dataset(args: argparse.Namespace, path: Path, examples: Sequence[Example]) -> None:
    """--dataset names what the user thinks the file is; a file that reads as another dataset is a mistake."""
    wanted = getattr(args, "dataset", None)
    if args.benchmark != "chatrag" or not wanted:
        return
    from .benchmarks.chatrag import GROUPS, check_dataset

    key = check_dataset(wanted)
    found = sorted({str(ex.meta.get("dataset", "")) for ex in examples} - set(GROUPS.get(key, (key,))))
    if found:
        raise TabtextError(f"{path}: --dataset {wanted}, but the file reads as {', '.join(found)} "
                           f"({len(examples):,} turns); give the {wanted} file or drop --dataset")


def cmd_ls(args: argparse.Namespace) -> int:
    from . import data
    from .engines import ENGINES
    from .metrics import METRICS

    for title, registry in (("benchmarks", BENCHMARKS), ("engines", ENGINES), ("metrics", METRICS)):
        print(f"{title}:")
        for name in registry.names():
            print(f"  {name:<10} {registry.help(name)}")
    named = (f"--data-dir {args.data_dir}" if args.data_dir is not None
             else f"TABTEXT_DATA={os.environ['TABTEXT_DATA']}" if os.environ.get("TABTEXT_DATA") else "")
    dirs = data.data_dirs(args.data_dir)
    if named and not dirs[0].is_dir():
        print(f"warning: {named}: no such folder, so only the user cache {dirs[-1]} is searched; point it at "
              "the folder that holds tatqa/, tanq/, ...", file=sys.stderr)
    folders = ", then ".join(f"{d}{'' if d.is_dir() else ' (no such folder)'}" for d in dirs)
    print(f"data files (looked in {folders}):")
    for (bench, split), spec in sorted(data.SPLITS.items()):
        try:
            where = str(data.resolve(bench, split, data_dir=args.data_dir, download=False))
        except TabtextError:
            where = "download on first use (needs network)" if spec.url else "not found"
        print(f"  {bench:<8} {split:<14} {where}")
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    if args.n < 1:
        raise TabtextError(f"-n must be 1 or more (the number of contexts to show), got {args.n}")
    bench, _, examples = _load(args)
    from . import display

    groups = display.group_by_context(examples)[: args.n]
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
    import gc

    gc.disable()  # a short job whose data (JSON, examples, items) hold no cycles: collections are pure cost
    try:
        return _score(args)
    finally:
        gc.enable()


def _score(args: argparse.Namespace) -> int:
    from .run import provenance, score_predictions

    if args.out is not None and args.out.is_dir():
        raise TabtextError(f"--out {args.out} is a folder; give the report's file name, e.g. {args.out / 'report.json'}")
    if args.predictions.is_dir():  # a run folder: its official prediction file, and its gold unless told
        if args.file is None and args.split is None:
            args.file = _recorded_gold(args.predictions)
        args.predictions = _official_file_of(args.predictions, args.benchmark)
    bench, gold_path, examples = _load(args)
    _refuse_overwriting_inputs(args.out, (args.predictions, gold_path, args.remap))
    _refuse_a_report(args.predictions)
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
    _check_uid_overlap(args.predictions, gold_path, predictions, examples)
    info = provenance(gold_path, args.predictions, remap=str(args.remap) if args.remap else None) \
        if args.out is not None else {}  # files, md5s, commit: in the report file only, not in the summary
    report = score_predictions(args.benchmark, examples, predictions, info, warnings=notes)
    if args.out is not None:  # before the summary: a reader that stops early (| head) must not cost the report
        report.save(args.out)
        print(f"report written to {args.out}", file=sys.stderr)
    print(render_text(report))
    return 0


def _refuse_overwriting_inputs(out: Path | None, inputs: Sequence[Path | None]) -> None:
    """``--out`` naming a file this command reads would replace it with the report."""
    if out is None or not out.exists():
        return
    for given in (p for p in inputs if p is not None and p.exists()):
        if os.path.samefile(out, given):
            raise TabtextError(f"--out {out} is an input of this command ({given}); writing the report there would "
                               "replace it: give another file name")


def _refuse_a_report(path: Path) -> None:
    """A report.json given as predictions would be misread as answer lines or JSONL rows: say what it is."""
    from .user_files import utf8_probe

    if path.is_dir():
        return  # a run folder: its official prediction file is read
    head = utf8_probe(path, 200)
    if re.match(r'\s*\{\s*"benchmark"\s*:', head) and '"metric"' in head:
        raise TabtextError(f"{path}: this is a report, not predictions; score the run's "
                           f"{run_files.RECORDS} (or its official prediction file) beside it")


def _recorded_gold(folder: Path) -> Path:
    """The gold file a run folder's report.json was scored against (its provenance records the path)."""
    report = run_files.report_path(folder)
    if not report.is_file():
        raise TabtextError(f"{folder}: no {report.name} recording the gold file; say which data to use: "
                           "--split NAME or --file PATH")
    gold = Report.load(report).provenance.get("gold_file")
    if not gold:
        raise TabtextError(f"{report}: records no gold_file; say which data to use: --split NAME or --file PATH")
    if not Path(str(gold)).is_file():
        raise TabtextError(f"{report}: the gold file it records, {gold}, is not there any more; give --split NAME "
                           "or --file PATH")
    print(f"gold: {gold} (recorded in {report})", file=sys.stderr)
    return Path(str(gold))


def _official_file_of(folder: Path, benchmark: str) -> Path:
    """The run folder's official prediction file; a folder of another benchmark's run is named as such."""
    path = run_files.official_path(folder, benchmark)
    if path.exists():
        return path
    for other in ("tatqa", "chatrag", "tanq"):
        found = run_files.official_path(folder, other)
        if other != benchmark and found.exists():
            raise TabtextError(f"{folder}: this is a {other} run folder (it holds {found.name}, not {path.name}); "
                               f"score it with: tabtext score {other} {folder} ...")
    return path


def _check_uid_overlap(path: Path, gold_path: Path, predictions: dict[str, Prediction],
                       examples: Sequence[Example]) -> None:
    """No predictions, or ones keyed by uids of another split, score 0 everywhere: say so before any table."""
    if not predictions:
        raise TabtextError(f"{path}: holds no predictions, so every question would score 0; give the prediction "
                           "file (or run folder) a run wrote")
    gold = {ex.uid for ex in examples}
    matched = sum(1 for uid in predictions if uid in gold)
    if matched == len(predictions):
        return
    line = (f"{matched:,} of {len(predictions):,} prediction uids are in this gold file ({gold_path.name}) — "
            "another split?")
    if not matched:
        raise TabtextError(f"{path}: {line} Score against the file these predictions were made for")
    print(f"warning: {line} The other {len(predictions) - matched:,} are ignored", file=sys.stderr)


def _run_dir(args: argparse.Namespace) -> Path:
    from .runlock import live_owner

    if args.out is not None:
        if args.out.exists() and not args.out.is_dir():
            raise TabtextError(f"--out {args.out} is a file; a run writes a folder, give a folder name")
        records = run_files.records_path(args.out)
        if records.exists() and not args.resume:
            if not getattr(args, "force", False):
                raise TabtextError(f"{args.out} already holds predictions; use --resume to continue it, --force to "
                                   "replace it, or another --out")
            records.unlink()  # --force: the new run's answers replace the old ones (report and files rewritten)
        if args.resume and not records.exists() and not live_owner(args.out):
            raise TabtextError(f"--resume: {args.out} holds no {records.name}, so there is nothing to continue; "
                               "give the folder of the interrupted run, or drop --resume to start a new one there")
        return args.out
    if args.resume:
        raise TabtextError("--resume needs --out RUN_DIR (the folder of the run to continue)")
    import datetime

    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    engine = args.engine.split(":")[0]
    base = Path("runs") / f"{args.benchmark}-{engine}-{stamp}"
    out, i = base, 1
    while out.exists():
        out, i = base.with_name(f"{base.name}-{i}"), i + 1
    return out


def _build_engine(args: argparse.Namespace) -> Engine:
    """The engine from --engine, with its in-process checks (spec, options, extras, endpoint; a key only when the
    server answers 401). With --ray the same engine is built and checked here first: Ray starts only after."""
    from .engines import make_engine
    from .engines.ray_engine import make_ray_engine

    at_least(1, limit=args.limit, batch_size=args.batch_size)
    at_least(0, show_errors=getattr(args, "show_errors", None))
    engine = make_engine(args.engine)
    if args.ray is not None:
        if args.engine.split(":")[0] != "solver":
            _preflight(engine)
        engine = make_ray_engine(args.engine, args.ray, args.batch_size)
    return engine


def _preflight(engine: Engine, examples: Sequence[Example] | None = None) -> None:
    """The endpoint and key; an engine whose every answer of ``examples`` is cached asks nothing."""
    preflight = getattr(engine, "preflight", None)
    if callable(preflight) and examples is not None:
        preflight(examples)
    elif callable(preflight):
        preflight()


def _check_answerable(args: argparse.Namespace, path: Path, examples: Sequence[Example]) -> None:
    """The solver answers TANQ from the proofs a file carries; without any it could only score zeros."""
    if args.benchmark == "tanq" and args.engine.split(":")[0] == "solver" and examples and \
            not any(ex.meta.get("proofs") for ex in examples):
        raise TabtextError(f"{path}: no record carries proofs (answer_list evidence), so the solver has nothing to "
                           "build answer tables from; give a TANQ file in the full schema (or try --split demo) or an "
                           f"LLM engine, or score the tables the file holds: tabtext score tanq {path} --file {path}")


def _prepare(args: argparse.Namespace) -> tuple[Engine, object, Path, list[Example], Path]:
    """Everything about a run's input that can be wrong (--limit, --batch-size, --engine, the data folder,
    --dataset, a file the engine cannot answer, --out and --resume), checked before any run folder exists and
    before the slow part starts: the endpoint's check, Ray and its workers."""
    engine = _build_engine(args)
    bench, gold_path, examples = _load(args)
    _check_answerable(args, gold_path, examples)
    examples = examples[: args.limit] if args.limit is not None else examples
    out = _run_dir(args)
    _preflight(engine, examples)
    return engine, bench, gold_path, examples, out


def _predict(args: argparse.Namespace) -> tuple[object, Path, list[Example], list[Prediction], Path]:
    from .run import predict
    from .runlock import lock_run_dir

    engine, bench, gold_path, examples, out = _prepare(args)
    records = run_files.records_path(out)
    outputs = (run_files.official_path(out, args.benchmark), run_files.report_path(out), records)
    odd = next((p for p in outputs if p.is_symlink() or p.exists() and not p.is_file()), None)
    if odd is not None:
        raise TabtextError(f"{odd}: is not a regular file (a folder, a link or a device), so the run cannot write "
                           "it; remove it or choose another --out")
    finished = [p.name for p in outputs[:2] if p.exists()]
    if finished and not args.resume and not getattr(args, "force", False):
        raise TabtextError(f"{out} already holds {' and '.join(finished)}; choose another --out, or add --force "
                           "to replace that run")
    lock = lock_run_dir(out)  # makes the folder; a second run on it refuses in one line
    predictions = predict(engine, examples, args.batch_size, records=records,
                          label=f"{args.benchmark} [{args.engine.split(':')[0]}]", quiet=args.quiet,
                          allow_engine_change=args.allow_engine_change)
    args.engine_provenance = getattr(engine, "provenance", dict)()  # replicas, Ray workers
    official = run_files.official_path(out, args.benchmark)
    bench.write_predictions(predictions, official)
    lock.release()
    failed = sum(1 for p in predictions if p.error)
    if failed:
        print(f"warning: {failed} questions got no answer (scored as empty; the reason is under 'error' in "
              f"{records.name})", file=sys.stderr)
    print(f"predictions written to {official} and {records.name}", file=sys.stderr)
    return bench, gold_path, examples, predictions, out


def cmd_predict(args: argparse.Namespace) -> int:
    _predict(args)
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from .run import provenance, score_predictions

    _, gold_path, examples, predictions, out = _predict(args)
    report = score_predictions(args.benchmark, examples, {p.uid: p for p in predictions},
                               provenance(gold_path, run_files.official_path(out, args.benchmark),
                                          engine=args.engine, limit=args.limit, **args.engine_provenance))
    report.save(run_files.report_path(out))
    print(render_text(report))
    if args.show_errors:
        print(render_errors(report, examples, {p.uid: p for p in predictions}, args.show_errors))
    print(f"report written to {run_files.report_path(out)}", file=sys.stderr)
    return 0


def render_errors(report: Report, examples: Sequence[Example], predictions: dict[str, Prediction], n: int) -> str:
    """The first N wrong items (lowest per-item score) with question, gold, prediction, derivation and evidence."""
    from . import display

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
