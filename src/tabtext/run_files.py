"""The files of a run folder, named by what they hold: the one place `run`, `predict`, `score`, `report` and
`--resume` ask for a name.

- ``predictions.jsonl``: tabtext's own records (answers with derivations and evidence), the resume file;
- the official prediction file, in the benchmark's own format: TAT-QA ``predictions.json`` (a JSON object),
  ChatRAG ``predictions.txt`` (one answer per line), TANQ ``predictions.tanq.jsonl`` (official JSONL rows);
- ``report.json``: scores, breakdowns, items and provenance.
"""

from __future__ import annotations

from pathlib import Path

RECORDS = "predictions.jsonl"
REPORT = "report.json"
HTML_REPORT = "report.html"
_OFFICIAL = {"tatqa": "predictions.json", "chatrag": "predictions.txt", "tanq": "predictions.tanq.jsonl"}


def official_name(benchmark: str) -> str:
    """The official prediction file's name; a plugin benchmark may set ``prediction_file`` on itself."""
    if benchmark in _OFFICIAL:
        return _OFFICIAL[benchmark]
    from .benchmarks import BENCHMARKS

    return str(getattr(BENCHMARKS.get(benchmark), "prediction_file", "predictions.json"))


def records_path(folder: Path) -> Path:
    return Path(folder) / RECORDS


def official_path(folder: Path, benchmark: str) -> Path:
    return Path(folder) / official_name(benchmark)


def report_path(folder: Path) -> Path:
    return Path(folder) / REPORT
