"""Reader scores for the ranker's train rows, out of fold.

The paragraph reader is fitted on the open train part's text spans (training/reader_train.py), the same questions
the candidate ranker learns from. Read with the shipped reader, those questions' spans score as if the reader were
always right (it has seen them), so the ranker learns to trust the reader more than it should on a new report.
Here each train context is read by a reader fitted without it: the open contexts are split in FOLDS by a hash of
the table uid, a reader is fitted on the other folds' spans (the shipped reader's features, L2 and Doc2Dial
spans), and that fold's questions are collected with it. The calibrations stay the shipped ones: refitting them
per fold costs five reader fits each and moves only the scale of reader_prob. Dev and the train lockbox are read
with the shipped reader, as at run time.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import text_spans_train as tst  # noqa: E402

from tabtext.engines.solver.reader import score as reader_score  # noqa: E402
from tabtext.engines.solver.reader import weights as reader_weights  # noqa: E402
from tabtext.types import Example  # noqa: E402
from training.reader_train import L2, train_span_rows, with_context_paragraphs  # noqa: E402

FOLDS = 2
R = TypeVar("R")


def fold_of(table_uid: object) -> int:
    return int(hashlib.md5(str(table_uid).encode("utf-8")).hexdigest(), 16) % FOLDS


@contextmanager
def reading_with(weights: dict[str, float]) -> Iterator[None]:
    """The reader scores with ``weights`` inside the block (its per-question-type merge cache emptied both ways)."""
    shipped = reader_weights.WEIGHTS
    reader_weights.WEIGHTS = weights
    reader_score._shipped_merged.cache_clear()
    try:
        yield
    finally:
        reader_weights.WEIGHTS = shipped
        reader_score._shipped_merged.cache_clear()


def fold_readers(examples: Sequence[Example]) -> list[dict[str, float]]:
    """One reader per fold, fitted on the text spans of the open contexts outside it (plus Doc2Dial's)."""
    spans = train_span_rows(with_context_paragraphs(list(examples)))
    extra = tst.doc2dial_rows(tst.DOC2DIAL) if tst.DOC2DIAL.exists() else []
    return [tst.fit([r for r in spans if fold_of(r["ex"].meta["table_uid"]) != k] + extra, L2)
            for k in range(FOLDS)]


def collect_out_of_fold(examples: Sequence[Example], collect: Callable[[list[Example]], list[R]]) -> list[R]:
    """``collect`` over ``examples``, each fold read by the reader that has not seen it; rows in input order."""
    readers = fold_readers(examples)
    by_uid: dict[str, R] = {}
    for k, weights in enumerate(readers):
        part = [ex for ex in examples if fold_of(ex.meta["table_uid"]) == k]
        with reading_with(weights):
            by_uid.update(zip((ex.uid for ex in part), collect(part)))
    return [by_uid[ex.uid] for ex in examples]
