"""A progress bar for long commands: rich on a terminal, a line every 30 s on a log file, silent with ``--quiet``.

Usage (the run loop)::

    with progress(len(examples), "tatqa dev", quiet=args.quiet) as advance:
        for batch in ...:
            advance(len(batch))

The bar goes to stderr (results go to stdout) and shows done/total, items/s and the ETA. On a log file (no
terminal) one plain line every 30 s says the same (``TABTEXT_PROGRESS_EVERY`` sets the seconds).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO


def enabled(quiet: bool = False, stream: TextIO | None = None) -> bool:
    """True only for an interactive terminal outside CI, when the user did not ask for quiet."""
    stream = stream if stream is not None else sys.stderr
    if quiet or os.environ.get("CI") or os.environ.get("TABTEXT_NO_PROGRESS"):
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _noop(n: int = 1) -> None:
    return None


def _log_lines(total: int | None, label: str, stream: TextIO | None,
               every: float | None = None) -> Callable[[int], None]:
    """For a log file (no terminal): one plain line every ``every`` seconds (``TABTEXT_PROGRESS_EVERY``, 30)."""
    import time

    every = every if every is not None else float(os.environ.get("TABTEXT_PROGRESS_EVERY") or 30)
    started = last = time.monotonic()
    done = 0

    def advance(n: int = 1) -> None:
        nonlocal done, last
        done += n
        now = time.monotonic()
        if now - last < every:
            return
        last = now
        rate = done / max(now - started, 1e-9)
        left = f", {(total - done) / rate:.0f} s left" if total and rate > 0 else ""
        share = f"/{total} ({100 * done / total:.0f}%)" if total else ""
        print(f"{label or 'working'}: {done}{share}, {rate:.2f} it/s{left}", file=stream or sys.stderr, flush=True)

    return advance


@contextmanager
def progress(total: int | None, label: str = "", quiet: bool = False,
             stream: TextIO | None = None, force: bool = False) -> Iterator[Callable[[int], None]]:
    """Yield ``advance(n=1)``; draws a rich bar when :func:`enabled` (or ``force``), else does nothing."""
    if not (force or enabled(quiet, stream)):
        yield _noop if quiet or os.environ.get("TABTEXT_NO_PROGRESS") else _log_lines(total, label, stream)
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task):  # type: ignore[no-untyped-def]
            speed = task.finished_speed or task.speed
            return Text("  -  it/s" if speed is None else f"{speed:7.1f} it/s", style="progress.data.speed")

    console = Console(file=stream if stream is not None else sys.stderr, force_terminal=force or None)
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                   RateColumn(), TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                   console=console, transient=False)
    task = bar.add_task(label or "working", total=total)
    with bar:
        yield lambda n=1: bar.advance(task, n)
