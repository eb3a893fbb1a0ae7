"""``tabtext batch QUESTIONS --tables DIR [--out PREFIX] [--engine SPEC] [--ray [ADDRESS]]``.

Asks every question of every table in DIR (JSONL rows naming their own ``table`` only of that one) and writes
PREFIX.csv and PREFIX.jsonl with table file, question, answer, scale, derivation, evidence, confidence, error.
A row's ``table`` and a ``text`` naming an existing file are read relative to --tables, else to the questions
file. Exit 0 when any row was answered or found no answer, 1 when every row failed (see the error column).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import TabtextError
from . import at_least, one_line_errors


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabtext batch", description="Ask the same questions of many tables.",
                                epilog="Exit status: 0 when some row was answered (or found no answer), 1 when every "
                                       "row failed, 2 on a bad questions file or option.")
    p.add_argument("questions", type=Path, help="questions: a text file (one a line) or JSONL "
                   '({"question": ..., "table": "file.csv", "text": "notes.txt" or the text itself})')
    p.add_argument("--tables", type=Path, help="folder of table files (CSV, TSV, Markdown, HTML, ...)")
    p.add_argument("--glob", default="*", help="which files in --tables to read (default: all visible files)")
    p.add_argument("--out", type=Path, default=Path("batch-results"),
                   help="results prefix: writes PREFIX.csv and PREFIX.jsonl (default batch-results)")
    p.add_argument("--engine", default="solver", help="engine spec: solver (default) or openai:model=...,base_url=...")
    p.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                   help="answer on Ray workers: a local Ray with all CPUs, or join the cluster at ADDRESS")
    p.add_argument("--batch-size", type=int, default=64, help="questions per engine block (default 64)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


@one_line_errors("tabtext batch")
def main(argv: list[str] | None = None) -> int:
    from ..batch import ResultWriter, plan, read_questions, run_batch, table_files, texts_from_files
    from ..engines import make_engine
    from ..engines.ray_engine import make_ray_engine
    from ..progress import progress

    args = build_parser().parse_args(argv)
    at_least(1, batch_size=args.batch_size)
    questions = read_questions(args.questions)
    prefix = args.out.with_suffix("") if args.out.suffix in (".csv", ".jsonl") else args.out
    outputs = (prefix.with_name(prefix.name + ".csv"), prefix.with_name(prefix.name + ".jsonl"))
    if args.tables is None and any(not q.table for q in questions):
        raise TabtextError(f"{args.questions}: questions without their own \"table\" need --tables DIR to ask them of")
    folders = [args.tables, args.questions.parent] if args.tables else [args.questions.parent]
    questions, texts_read = texts_from_files(questions, folders)
    for note in texts_read.values():
        print(f"tabtext batch: {note}", file=sys.stderr)
    tables = (table_files(args.tables, args.glob, exclude=(args.questions, *outputs, *texts_read))
              if args.tables else [])
    jobs = plan(questions, tables, args.questions.parent, args.tables)
    total = sum(len(qs) for _, qs in jobs)
    if not total:
        raise TabtextError(f"{args.tables}: no table files match {args.glob!r}; nothing to ask")
    engine = (make_engine(args.engine) if args.ray is None
              else make_ray_engine(args.engine, args.ray, args.batch_size))
    preflight = getattr(engine, "preflight", None)
    if callable(preflight):  # an unreachable endpoint or a bad engine fails before any results file exists
        preflight()
    writer = ResultWriter(prefix)
    try:
        with progress(total, f"batch [{args.engine.split(':')[0]}]", quiet=args.quiet) as advance:
            run_batch(engine, jobs, writer, args.batch_size, advance)
    finally:
        writer.close()
    unanswered = writer.rows - writer.answered - writer.failed
    print(f"{writer.rows} rows ({writer.answered} answered; {unanswered} with no answer found; {writer.failed} "
          f"failed, see the error column) from {len(jobs)} table files written to {writer.csv_path} and "
          f"{writer.jsonl_path}", file=sys.stderr)
    if writer.failed == writer.rows:
        print("tabtext batch: every row failed; the error column says why", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
