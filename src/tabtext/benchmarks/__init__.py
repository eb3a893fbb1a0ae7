"""Benchmarks: each module turns official files into Examples and reads/writes official prediction files.

A benchmark module exposes a ``BENCHMARK`` object satisfying :class:`Benchmark`. Built-ins are registered
lazily so that importing this package (and ``tabtext --help``) imports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from ..registry import Registry
from ..types import Example, Prediction


class Benchmark(Protocol):
    name: str
    #: name of the metric in ``tabtext.metrics.METRICS`` that scores this benchmark
    metric: str

    def load(self, path: Path, **options: object) -> list[Example]:
        """Read an official file; raise DataError naming file, record and reason on bad input."""
        ...

    def read_predictions(self, path: Path, examples: Sequence[Example], **options: object) -> dict[str, Prediction]:
        """Read a prediction file in the official format (or tabtext's JSONL) keyed by example uid."""
        ...

    def write_predictions(self, predictions: Sequence[Prediction], path: Path) -> None:
        """Write predictions in the official format."""
        ...


BENCHMARKS: Registry[Benchmark] = Registry("benchmark")
BENCHMARKS.register("tatqa", "tabtext.benchmarks.tatqa:BENCHMARK", "TAT-QA: hybrid table + text QA over financial reports")
BENCHMARKS.register("tanq", "tabtext.benchmarks.tanq:BENCHMARK", "TANQ: open-domain questions answered by a table")
BENCHMARKS.register("chatrag", "tabtext.benchmarks.chatrag:BENCHMARK", "ChatRAG-Bench: 10 conversational QA datasets")
