"""The lockbox: a fixed ~30% of TAT-QA dev contexts, chosen by a hash of the table uid, kept out of sight.

Rules (see the solver-core issue): never print or read a lockbox question's answer or failure; patterns and
features come from failures outside it; learned weights are fitted on the rest with grouped CV. This script
prints only aggregates: EM / F1 / scale on the lockbox and on the rest, and the answer_type x answer_from
breakdown of each. A change is kept only if it does not lower the lockbox.

    PYTHONPATH=src python benchmarks/lockbox.py [--file PATH]

Other scripts import ``is_lockbox`` / ``split`` from here (``sys.path`` holds this folder when run as a script).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

SHARE = 0.30


def is_lockbox(table_uid: str) -> bool:
    digest = hashlib.sha256(f"tabtext-lockbox:{table_uid}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32 < SHARE


def split(examples: Sequence) -> tuple[list, list]:
    """(open, lockbox) examples; a context is wholly in one side."""
    open_, box = [], []
    for ex in examples:
        (box if is_lockbox(str(ex.meta.get("table_uid", ex.uid))) else open_).append(ex)
    return open_, box


def data_dir() -> Path:
    """The benchmark data folder: $TABTEXT_DATA, else ../shared/data beside the checkout."""
    return Path(os.environ.get("TABTEXT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


def dev_file() -> Path:
    return data_dir() / "tatqa" / "tatqa_dataset_dev.json"


def _aggregate(name: str, examples: Sequence, by_uid: dict) -> None:
    from tabtext.report import render_text
    from tabtext.run import score_predictions

    report = score_predictions("tatqa", examples, {ex.uid: by_uid[ex.uid] for ex in examples})
    contexts = len({ex.meta.get("table_uid") for ex in examples})
    print(f"== {name}: {len(examples)} questions, {contexts} contexts")
    print(render_text(report))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=None, help="TAT-QA dev file (default: $TABTEXT_DATA/tatqa/...)")
    args = ap.parse_args()
    from tabtext.benchmarks import tatqa
    from tabtext.engines.solver import SolverEngine

    examples = tatqa.load(args.file or dev_file())
    by_uid = {p.uid: p for p in SolverEngine().answer(examples)}
    open_, box = split(examples)
    _aggregate("open (dev minus lockbox)", open_, by_uid)
    _aggregate("LOCKBOX (aggregates only)", box, by_uid)


if __name__ == "__main__":
    sys.exit(main())
