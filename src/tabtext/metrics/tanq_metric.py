"""The TANQ Metric object: the official table-datapoint P / R / F1 (``tanq``) with the set-of-cells F1 and the
normalised variant (``tanq_normalized``) under their own names. It sits in its own module so that the official
scorer and the normalised one import each other in one direction only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..answer_tables import answer_text
from ..types import Example, Prediction
from .tanq import cell_set_scores, official_scores
from .tanq_normalized import normalized_scores

_ZERO = {"precision": 0.0, "recall": 0.0, "f1": 0.0, "cell_set_precision": 0.0, "cell_set_recall": 0.0,
         "cell_set_f1": 0.0, "normalized_precision": 0.0, "normalized_recall": 0.0, "normalized_f1": 0.0}


class TanqMetric:
    name = "tanq"
    version = "1 (official tanq_utils @5c3c6c1; cell_set and normalized are NOT official)"
    score_keys = tuple(_ZERO)
    breakdown_keys = ("question_type",)

    def score(self, example: Example, prediction: Prediction | None) -> dict[str, float]:
        gold = answer_text(example.gold[0]) if example.gold else None
        pred = None if prediction is None else answer_text(prediction.answer, prediction.raw)
        if gold is None or pred is None:
            return dict(_ZERO)  # a missing prediction (or an item without gold) scores 0 and is counted
        p, r, f = official_scores(gold, pred)
        cp, cr, cf = cell_set_scores(gold, pred)
        np_, nr, nf = normalized_scores(gold, pred)
        return {"precision": float(p), "recall": float(r), "f1": float(f),
                "cell_set_precision": cp, "cell_set_recall": cr, "cell_set_f1": cf,
                "normalized_precision": float(np_), "normalized_recall": float(nr), "normalized_f1": float(nf)}

    def aggregate(self, items: Sequence[Mapping[str, float]]) -> dict[str, float]:
        from . import mean_aggregate

        return mean_aggregate(items, self.score_keys)


METRIC = TanqMetric()
