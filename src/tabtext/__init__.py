"""tabtext: question answering over tables + text, and evaluation on TAT-QA, TANQ and ChatRAG-Bench."""

from __future__ import annotations

from .types import SCALES, Answer, Context, Engine, Evidence, Example, Paragraph, Prediction, Table, Turn

__version__ = "0.1.0"

__all__ = [
    "SCALES",
    "Answer",
    "Context",
    "Engine",
    "Evidence",
    "Example",
    "Paragraph",
    "Prediction",
    "Table",
    "Turn",
    "__version__",
]
