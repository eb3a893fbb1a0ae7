"""Metrics: one self-contained module per official scorer. Metrics never import engines.

A metric scores one (Example, Prediction | None) pair into a dict of floats and aggregates the item
dicts into headline scores. Breakdowns group items by ``Example.meta`` keys (``breakdown_keys``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ..registry import Registry
from ..types import Example, Prediction


class Metric(Protocol):
    name: str
    version: str
    #: the item keys aggregated into headline scores, e.g. ("em", "f1", "scale")
    score_keys: tuple[str, ...]
    #: Example.meta keys to break scores down by, e.g. ("answer_type", "answer_from")
    breakdown_keys: tuple[str, ...]

    def score(self, example: Example, prediction: Prediction | None) -> dict[str, float]:
        """Per-item scores; a missing prediction (None) is scored, never skipped."""
        ...

    def aggregate(self, items: Sequence[Mapping[str, float]]) -> dict[str, float]:
        """Headline scores as fractions in [0, 1]."""
        ...


def mean_aggregate(items: Sequence[Mapping[str, float]], keys: Sequence[str]) -> dict[str, float]:
    """The plain macro mean of each key over items that have it (None values are skipped)."""
    out = {}
    for key in keys:
        values = [float(v) for it in items if (v := it.get(key)) is not None]
        out[key] = sum(values) / len(values) if values else 0.0
    return out


METRICS: Registry[Metric] = Registry("metric")
METRICS.register("tatqa", "tabtext.metrics.tatqa:METRIC", "official TAT-QA EM / F1 / scale accuracy")
METRICS.register("tanq", "tabtext.metrics.tanq_metric:METRIC", "official TANQ table-datapoint P / R / F1")
METRICS.register("chatrag", "tabtext.metrics.chatrag:METRIC", "official ChatRAG-Bench token F1 / ConvFinQA EM")
