"""tabtext's command line: a thin argparse shell. Results go to stdout; progress, warnings and errors to stderr.

Exit codes: 0 ok, 2 a TabtextError shown as one line, 1 an unexpected failure (with a traceback), 130 interrupted.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import sys
import warnings
from pathlib import Path

from . import __version__
from .commands import error_line
from .errors import TabtextError, one_line

#: commands implemented in their own modules (``main(argv) -> int``), imported only when invoked
EXTRA_COMMANDS = {
    "retrieve": ("tabtext.commands.retrieve", "retrieve chunks for conversational turns and report recall@k"),
    "report": ("tabtext.commands.report", "render a run or report.json as self-contained HTML or Markdown"),
    "compare": ("tabtext.commands.compare", "compare runs: per-slice deltas, bootstrap CIs, McNemar, flips"),
    "ask": ("tabtext.commands.ask", "ask a question of your own tables (CSV, Markdown, HTML, XLSX, Parquet) and text"),
    "serve": ("tabtext.commands.serve", "serve the solver over HTTP (OpenAI-compatible API and a web page)"),
    "lm-eval-tasks": ("tabtext.commands.lm_eval_tasks", "print the include path of tabtext's lm-evaluation-harness tasks"),
    "batch": ("tabtext.commands.batch", "ask questions of every table in a folder; CSV + JSONL results"),
}

EXAMPLES = """examples:
  tabtext inspect tatqa --split dev -n 2
  tabtext run tatqa --split dev                      # offline solver: answer, write predictions, score
  tabtext score tatqa predictions.json --split dev --out report.json
  tabtext run tanq --file test_input.jsonl
  tabtext score chatrag preds.txt --dataset convfinqa --file gold_turns.json
  tabtext run tatqa --split dev --engine openai:model=qwen,base_url=http://127.0.0.1:8000/v1

Data: --split NAME looks in --data-dir, else $TABTEXT_DATA, else the user cache (downloading official files
with an md5 check); --file PATH takes any file in the benchmark's format.
Run folders: the official prediction file (tatqa predictions.json, chatrag predictions.txt, tanq
predictions.tanq.jsonl), predictions.jsonl (tabtext's records, for --resume) and report.json."""


def _add_source(p: argparse.ArgumentParser) -> None:
    p.add_argument("benchmark", help="benchmark name (see `tabtext ls`): tatqa, tanq, chatrag")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--split", help="a named split, e.g. dev (found in the data directory or downloaded)")
    src.add_argument("--file", type=Path, help="any file in the benchmark's official format")
    p.add_argument("--data-dir", type=Path, help="folder holding benchmark files (default: $TABTEXT_DATA, then cache)")
    p.add_argument("--dataset", help="ChatRAG dataset name (convfinqa, inscit, doc2dial, ...); inferred from the path")


def _add_engine(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", default="solver",
                   help="engine spec: 'solver' (default, offline) or 'openai:model=NAME,base_url=URL,concurrency=32'")
    p.add_argument("--limit", type=int, help="answer only the first N questions")
    p.add_argument("--out", type=Path, help="run folder (default: a new folder under runs/)")
    p.add_argument("--resume", action="store_true", help="continue an interrupted run in --out (nothing asked twice)")
    p.add_argument("--force", action="store_true", help="let --out replace a finished run already in that folder")
    p.add_argument("--allow-engine-change", action="store_true",
                   help="let --resume continue a run with another engine or model (refused otherwise: the report "
                   "would credit the new one with the old one's answers)")
    p.add_argument("--batch-size", type=int, default=64, help="questions per engine batch (default 64)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                   help="answer blocks on Ray workers: a local Ray with all CPUs, or join the cluster at ADDRESS")


def help_width() -> int:
    """The width argparse wraps help to: ``shutil.get_terminal_size().columns - 2``, read as shutil reads it
    ($COLUMNS, else the terminal, else 80). argparse builds a formatter at every ``add_argument`` and each one
    would ask shutil, which imports zlib, bz2 and lzma: ~4 ms and ~25 ms of wall time on every command."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


def build_parser() -> argparse.ArgumentParser:
    width = help_width()
    parser = argparse.ArgumentParser(
        prog="tabtext", description="Question answering over tables + text, and evaluation on TAT-QA, TANQ and "
        "ChatRAG-Bench.", epilog=EXAMPLES,
        formatter_class=functools.partial(argparse.RawDescriptionHelpFormatter, width=width))
    parser.add_argument("--version", action="version", version=f"tabtext {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub_parser = functools.partial(sub.add_parser, formatter_class=functools.partial(argparse.HelpFormatter, width=width))

    p = sub_parser("ls", help="list benchmarks, engines, metrics and which data files are available")
    p.add_argument("--data-dir", type=Path, help="folder holding benchmark files (default: $TABTEXT_DATA, then cache)")

    p = sub_parser("inspect", help="show contexts, questions and gold answers as a person reads them")
    _add_source(p)
    p.add_argument("-n", type=int, default=2, help="number of contexts to show (default 2)")
    p.add_argument("--prompt", action="store_true", help="print the exact LLM messages for each question")

    p = sub_parser("score", help="score a prediction file against gold (official semantics)")
    _add_source(p)
    p.add_argument("predictions", type=Path, help="prediction file in the official format, tabtext's JSONL, or a run "
                   "folder (its official prediction file)")
    p.add_argument("--remap", type=Path, metavar="BLIND_TEST",
                   help="TAT-QA: predictions are keyed by this blind test file's uids; re-map them onto --file's "
                   "uids by (table content, question text)")
    p.add_argument("--prediction-key", help="TANQ: the JSONL key holding the predicted table (default prediction_table)")
    p.add_argument("--out", type=Path, help="write the report JSON here")

    p = sub_parser("predict", help="answer questions with an engine and write the prediction files")
    _add_source(p)
    _add_engine(p)

    p = sub_parser("run", help="predict, then score: answers, predictions files and report in one folder")
    _add_source(p)
    _add_engine(p)
    p.add_argument("--show-errors", type=int, default=0, metavar="N", help="print N wrong answers with evidence")

    for name, (_, help_text) in EXTRA_COMMANDS.items():
        sub_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in EXTRA_COMMANDS:
        return _run_guarded(lambda: importlib.import_module(EXTRA_COMMANDS[argv[0]][0]).main(argv[1:]),
                            f"tabtext {argv[0]}")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    from . import commands_core

    return _run_guarded(lambda: getattr(commands_core, f"cmd_{args.command}")(args), f"tabtext {args.command}")


def _run_guarded(fn, prog: str) -> int:
    def show_warning(message, category, filename, lineno, file=None, line=None):
        print(f"warning: {one_line(message)}", file=sys.stderr)

    warnings.showwarning = show_warning
    try:
        return int(fn() or 0)
    except TabtextError as exc:
        print(error_line(prog, exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader (| head) stopped: the rest of stdout goes nowhere, quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def print_json(data: object) -> None:
    print(json.dumps(data, indent=1, ensure_ascii=False))


def console() -> None:
    """The ``tabtext`` command (and ``python -m tabtext.cli``): ``main`` on ``sys.argv``, then the exit.

    A reader that left early (``| head``) before the buffered rest of stdout was written costs nothing but that
    rest: no "Exception ignored ... BrokenPipeError" and exit 120. ``score`` ends without the interpreter's
    teardown: freeing its parsed gold file and items object by object costs ~10% of the command, and it holds no
    open file, thread or exit hook by then."""
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if sys.argv[1:2] == ["score"]:
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    console()
