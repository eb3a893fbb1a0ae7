"""tabtext: question answering over tables + text, and evaluation on TAT-QA, TANQ and ChatRAG-Bench.

The facade below is the whole public workflow; everything heavy is imported only when called::

    import tabtext
    tabtext.ask("What was revenue in Q4 2023?", tables=["pnl.csv"], text="notes.txt").meta["display"]
    examples = tabtext.load("tatqa", split="dev")
    report = tabtext.evaluate("tatqa", split="dev")          # offline solver, official scorer
    print(report.scores)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .types import SCALES, Answer, Context, Engine, Evidence, Example, Paragraph, Prediction, Table, Turn

if TYPE_CHECKING:
    from .report import Report

__version__ = "0.1.0"


def load(benchmark: str, path: str | Path | None = None, split: str | None = None,
         data_dir: str | Path | None = None, **options: object) -> list[Example]:
    """Examples of a benchmark from a file (``path``) or a named split (found locally or downloaded)."""
    from . import data
    from .benchmarks import BENCHMARKS

    if (path is None) == (split is None):
        raise ValueError("give exactly one of path= or split=")
    source = Path(path) if path is not None else data.resolve(benchmark, split, data_dir)  # type: ignore[arg-type]
    return BENCHMARKS.get(benchmark).load(source, **options)


def answer(examples: Sequence[Example], engine: str | Engine = "solver") -> list[Prediction]:
    """Answer examples with an engine (a spec string such as ``"solver"`` or ``"openai:model=..."``)."""
    from .engines import make_engine
    from .run import predict

    runner = make_engine(engine) if isinstance(engine, str) else engine
    return predict(runner, list(examples))


def score(benchmark: str, examples: Sequence[Example],
          predictions: Sequence[Prediction] | Mapping[str, Prediction]) -> Report:
    """Score predictions with the benchmark's official metric; missing predictions score 0."""
    from .run import score_predictions

    by_uid = predictions if isinstance(predictions, Mapping) else {p.uid: p for p in predictions}
    return score_predictions(benchmark, examples, by_uid)


def evaluate(benchmark: str, path: str | Path | None = None, split: str | None = None,
             engine: str | Engine = "solver", **options: object) -> Report:
    """load -> answer -> score in one call."""
    examples = load(benchmark, path=path, split=split, **options)
    return score(benchmark, examples, answer(examples, engine))


def ask(question: str, tables: Sequence[object] | object = (), text: str | Path | Sequence[str] | None = None,
        engine: str | Engine = "solver") -> Prediction:
    """One question about your own tables and text, answered as ``tabtext ask`` answers it.

    ``tables``: file paths, CSV/Markdown/HTML strings, pandas DataFrames or lists of rows (one or a list);
    ``text``: a text file's path, the text itself (paragraphs split on blank lines) or a list of paragraphs.
    The prediction's ``meta`` holds ``found`` (False: "no answer found", the answer is the best guess or None)
    and ``display`` (the answer as ``ask`` prints it)."""
    from .ask_api import ask_one

    return ask_one(question, tables, text, engine)


__all__ = [
    "SCALES", "Answer", "Context", "Engine", "Evidence", "Example", "Paragraph", "Prediction", "Table", "Turn",
    "__version__", "answer", "ask", "evaluate", "load", "score",
]
