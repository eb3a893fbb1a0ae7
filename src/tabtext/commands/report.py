"""``tabtext report RUN_DIR|report.json [--html out.html | --format md [--out F]]``.

Bare, it prints the scores as ``tabtext run`` does and writes the whole Markdown report (every wrong item with its
evidence, megabytes for a full run) to report.md beside report.json: a summary belongs on the terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import TabtextError
from . import one_line_errors

MD_REPORT = "report.md"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabtext report", description="Render a run (a directory with report.json and "
                                "predictions, or a report.json) as one self-contained HTML file or as Markdown. "
                                "Without options: the scores on the terminal, the full Markdown report in "
                                f"{MD_REPORT} beside report.json.")
    p.add_argument("run", help="run directory or report.json")
    p.add_argument("--html", metavar="FILE", nargs="?", const="",
                   help="write the HTML report to FILE (default: report.html in the run folder)")
    p.add_argument("--format", choices=["html", "md"], help="output format (default: html with --html, else md); "
                   "--format md without --out prints the whole Markdown report to stdout")
    p.add_argument("--out", metavar="FILE", help="write the report to FILE")
    p.add_argument("--max-errors", type=int, default=None, help="list at most N wrong items (default: all)")
    return p


def write_output(text: str, path: str | None) -> None:
    if path is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return
    out = Path(path)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise TabtextError(f"{out}: cannot write ({exc.strerror}); choose another path") from None
    print(f"full report written to {out} ({len(text.encode('utf-8')):,} bytes)", file=sys.stderr)


@one_line_errors("tabtext report")
def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    fmt = args.format or ("html" if args.html is not None else "md")
    if args.html is not None and fmt != "html":
        raise TabtextError("--html writes HTML; drop --format md or use --out")
    if args.max_errors is not None and args.max_errors < 0:
        raise TabtextError(f"--max-errors must be 0 or more, got {args.max_errors}")
    from ..render import load_run, render_run

    run = load_run(args.run)
    text = render_run(run, fmt, args.max_errors)
    from ..run_files import HTML_REPORT

    if args.html is None and args.format is None and args.out is None:
        from ..report import render_text

        print(render_text(run.report))
        write_output(text, str(run.path.parent / MD_REPORT))
        return 0
    default = str(run.path.parent / HTML_REPORT) if args.html == "" else None
    write_output(text, args.html or args.out or default)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
