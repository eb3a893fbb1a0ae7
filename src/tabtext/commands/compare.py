"""``tabtext compare A B [C ...] [--html F] [--out F]``: A is the baseline; runs are dirs or report.json files."""

from __future__ import annotations

import argparse

from ..errors import TabtextError
from . import at_least, one_line_errors


@one_line_errors("tabtext compare")
def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="tabtext compare", description="Per-slice scores of runs side by side: deltas "
                                "against the first run with paired bootstrap 95% CIs, exact McNemar on EM, and "
                                "the questions that flipped.")
    p.add_argument("runs", nargs="+", help="run directories or report.json files; the first is the baseline")
    p.add_argument("--html", metavar="FILE", help="also write an HTML comparison to FILE")
    p.add_argument("--out", metavar="FILE", help="write the Markdown to FILE instead of stdout")
    p.add_argument("--bootstrap", type=int, default=2000, help="bootstrap resamples (default 2000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-flips", type=int, default=50, help="flipped questions listed per direction in Markdown")
    args = p.parse_args(argv)
    if len(args.runs) < 2:
        raise TabtextError("give at least two runs (baseline first)")
    at_least(0, max_flips=args.max_flips)
    if args.bootstrap < 100:
        raise TabtextError("--bootstrap needs at least 100 resamples")
    from ..compare import compare_runs, load_runs, to_html, to_markdown
    from .report import write_output

    cmp = compare_runs(load_runs(args.runs), n_boot=args.bootstrap, seed=args.seed)
    write_output(to_markdown(cmp, args.max_flips), args.out)
    if args.html:
        write_output(to_html(cmp), args.html)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
