"""Progress for long commands: a bar on a terminal, silent in pipes, CI and with --quiet."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress(total: int, label: str = "", quiet: bool = False) -> Iterator[Callable[[int], None]]:
    show = not quiet and sys.stderr.isatty() and not os.environ.get("CI")
    start, done = time.monotonic(), 0

    def advance(n: int = 1) -> None:
        nonlocal done
        done += n
        if show:
            elapsed = max(time.monotonic() - start, 1e-9)
            rate = done / elapsed
            eta = (total - done) / rate if rate else 0.0
            sys.stderr.write(f"\r{label} {done}/{total}  {rate:.1f} it/s  ETA {eta:.0f}s ")
            sys.stderr.flush()

    try:
        yield advance
    finally:
        if show:
            sys.stderr.write("\n")
