"""The ranker's train rows are read by a reader that has not seen their context (training/reader_crossfit.py)."""

from __future__ import annotations

from training.reader_crossfit import FOLDS, collect_out_of_fold, fold_of, reading_with

from tabtext.engines.solver.reader import read
from tabtext.engines.solver.reader import weights as shipped
from tabtext.types import Paragraph

PARAGRAPHS = (Paragraph(id="p1", text="The decrease was due to lower sales of legacy products in Europe.", order=1),)
QUESTION = "What was the decrease due to?"


def test_reading_with_other_weights_changes_the_scores_and_restores_the_shipped_ones():
    before = read(QUESTION, PARAGRAPHS)[0].score
    with reading_with({}):  # a reader with no weights scores every span alike
        inside = read(QUESTION, PARAGRAPHS)[0].score
        assert shipped.WEIGHTS == {}
    assert inside != before
    assert read(QUESTION, PARAGRAPHS)[0].score == before and len(shipped.WEIGHTS) > 1000


def test_folds_are_stable_and_all_used():
    uids = [f"table-{i}" for i in range(40)]
    assert [fold_of(u) for u in uids] == [fold_of(u) for u in uids]
    assert {fold_of(u) for u in uids} == set(range(FOLDS))


def test_collect_out_of_fold_keeps_the_input_order(monkeypatch):
    from training import reader_crossfit

    monkeypatch.setattr(reader_crossfit, "fold_readers", lambda examples: [{"w": float(k)} for k in range(FOLDS)])

    class Ex:
        def __init__(self, i: int) -> None:
            self.uid, self.meta = f"q{i}", {"table_uid": f"table-{i}"}

    examples = [Ex(i) for i in range(12)]
    rows = collect_out_of_fold(examples, lambda part: [(ex.uid, shipped.WEIGHTS["w"]) for ex in part])
    assert [uid for uid, _ in rows] == [ex.uid for ex in examples]
    assert all(w == float(fold_of(ex.meta["table_uid"])) for (_, w), ex in zip(rows, examples))
