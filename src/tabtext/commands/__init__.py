"""Extra CLI commands: each module exposes ``main(argv: list[str]) -> int``."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable

from ..errors import TabtextError, one_line


def at_least(minimum: int, **options: int | None) -> None:
    """Refuse a numeric option below its minimum (``None``: not given), before anything runs."""
    for name, value in options.items():
        if value is not None and value < minimum:
            raise TabtextError(f"--{name.replace('_', '-')} must be {minimum} or more, got {value}")


def error_line(prog: str, exc: BaseException | str) -> str:
    """The one shape of an error on stderr, for every command and argparse alike: ``tabtext CMD: error: ...``."""
    return f"{prog}: error: {one_line(exc)}"


def one_line_errors(prog: str) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """Wrap a command's ``main``: a TabtextError becomes one line on stderr and exit code 2, also when the
    module is run on its own (``python -m tabtext.commands.serve``) rather than through ``tabtext``."""

    def wrap(main: Callable[..., int]) -> Callable[..., int]:
        @functools.wraps(main)
        def run(argv: list[str] | None = None) -> int:
            try:
                return main(argv)
            except TabtextError as exc:
                print(error_line(prog, exc), file=sys.stderr)
                return 2

        return run

    return wrap
