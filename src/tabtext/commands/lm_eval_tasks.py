"""``tabtext lm-eval-tasks``: print the folder of tabtext's lm-evaluation-harness tasks, for
``lm_eval --include_path $(tabtext lm-eval-tasks) --tasks tabtext_tatqa,tabtext_convfinqa,tabtext_tanq``."""

from __future__ import annotations

import argparse

from . import one_line_errors


@one_line_errors("tabtext lm-eval-tasks")
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabtext lm-eval-tasks", description=__doc__.split(":", 1)[1].strip())
    parser.parse_args(argv)
    from ..lm_eval import include_path

    print(include_path())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
