"""The Report: one canonical JSON shape for every benchmark, plus plain-text rendering.

``scores`` are fractions in [0, 1]; ``items`` has one dict per gold example (uid, per-item scores and the
breakdown keys); ``breakdowns`` maps "key1 x key2" to rows of {key1, key2, count, <score keys>}.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from .benchmarks.files import preview
from .errors import FormatError

REPORT_VERSION = 1


class Report:
    """A plain class, not a dataclass: importing dataclasses would cost ``tabtext score`` ~6 ms (a tenth of it)."""

    FIELDS = ("benchmark", "metric", "scores", "breakdowns", "items", "counts", "warnings", "provenance", "version")

    def __init__(self, benchmark: str, metric: str, scores: dict[str, float],
                 breakdowns: dict[str, list[dict[str, object]]] | None = None,
                 items: list[dict[str, object]] | None = None, counts: dict[str, int] | None = None,
                 warnings: list[str] | None = None, provenance: dict[str, object] | None = None,
                 version: int = REPORT_VERSION) -> None:
        self.benchmark, self.metric, self.scores = benchmark, metric, scores
        self.breakdowns = {} if breakdowns is None else breakdowns
        self.items = [] if items is None else items
        self.counts = {} if counts is None else counts
        self.warnings = [] if warnings is None else warnings
        self.provenance = {} if provenance is None else provenance
        self.version = version

    def __eq__(self, other: object) -> bool:
        return self.to_dict() == other.to_dict() if other.__class__ is self.__class__ else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it was

    def __repr__(self) -> str:
        return f"Report({', '.join(f'{k}={v!r}' for k, v in self.to_dict().items())})"

    def to_dict(self) -> dict[str, object]:
        """The report's fields as a dict for JSON (a shallow view: the lists and dicts are the report's own)."""
        return {name: getattr(self, name) for name in self.FIELDS}

    def save(self, path: str | Path) -> None:
        """report.json: indented, with one item per line (readable, diffable, and written by the C encoder)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = self.to_dict()
        items = data.pop("items")
        head = json.dumps(data, indent=1, ensure_ascii=False)[:-2]  # without the closing "\n}"
        lines = ",\n".join("  " + json.dumps(it, ensure_ascii=False) for it in items)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(f'{head},\n "items": [' + (f"\n{lines}\n ]" if items else "]") + "\n}\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> Report:
        """A report.json, every field checked for its type: a damaged report is one line naming the field."""
        from .benchmarks.files import read_json

        path = Path(path)
        data = read_json(path)
        if not isinstance(data, dict) or "scores" not in data or "benchmark" not in data:
            raise FormatError(path, None, "not a tabtext report (needs 'benchmark' and 'scores')")
        version = data.get("version", REPORT_VERSION)
        if not _is_int(version) or not 1 <= version <= REPORT_VERSION:
            newer = " (newer than this tabtext: upgrade tabtext)" if _is_int(version) and version > 1 else ""
            raise FormatError(path, None, f"report version {preview(version)} is unknown to this tabtext{newer}; it "
                              f"reads versions 1..{REPORT_VERSION}: re-score the predictions with this tabtext")
        return cls(**check_fields(data, path))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, (str, bool)) or _is_number(value)


def check_fields(data: dict, path: Path) -> dict[str, object]:
    """The report's fields with their types checked (scores numbers, items objects with a uid and scalar
    values, score keys numbers or null); anything else is a FormatError naming the field and the fix."""
    def bad(where: str, reason: str) -> FormatError:
        return FormatError(path, where, f"{reason}; re-score the predictions to rebuild the report")

    for key in ("benchmark", "metric"):
        if not isinstance(data.get(key), str):
            raise bad(key, f"'{key}' must be a string, got {preview(data.get(key))}")
    scores = data["scores"]
    if not isinstance(scores, dict) or not all(_is_number(v) for v in scores.values()):
        raise bad("scores", f"'scores' must map names to numbers, got {preview(scores)}")
    items = data.get("items", [])
    if not isinstance(items, list):
        raise bad("items", f"'items' must be a list, got {preview(items)}")
    for i, item in enumerate(items):
        _check_row(item, scores, bad, f"items[{i}]", "uid")
    breakdowns = data.get("breakdowns", {})
    if not isinstance(breakdowns, dict) or not all(isinstance(v, list) for v in breakdowns.values()):
        raise bad("breakdowns", f"'breakdowns' must map names to lists of rows, got {preview(breakdowns)}")
    for name, rows in breakdowns.items():
        for i, row in enumerate(rows):
            where = f"breakdowns[{preview(name)}][{i}]"
            _check_row(row, scores, bad, where, "count")
            missing = [k for k in [*name.split(" x "), *rows[0]] if k not in row]
            if missing:
                raise bad(where, f"misses its key(s) {preview(missing)}")
    counts, notes, prov = data.get("counts", {}), data.get("warnings", []), data.get("provenance", {})
    if not isinstance(counts, dict) or not all(_is_int(v) for v in counts.values()):
        raise bad("counts", f"'counts' must map names to integers, got {preview(counts)}")
    if not isinstance(notes, list) or not all(isinstance(w, str) for w in notes):
        raise bad("warnings", f"'warnings' must be a list of strings, got {preview(notes)}")
    if not isinstance(prov, dict):
        raise bad("provenance", f"'provenance' must be an object, got {preview(prov)}")
    for key in ("gold_file", "predictions_file"):
        value = prov.get(key)
        if value is not None and not (isinstance(value, str) and 0 < len(value) <= 4096 and "\0" not in value
                                      and all(len(part) <= 255 for part in Path(value).parts)):
            raise bad(f"provenance.{key}", f"must be a file path, got {preview(prov[key])}")
    known = set(Report.FIELDS)
    return {k: v for k, v in data.items() if k in known}


def _check_row(row: object, scores: dict, bad: Callable[[str, str], FormatError], where: str, key: str) -> None:
    if not isinstance(row, dict):
        raise bad(where, f"must be an object, got {preview(row)}")
    if key == "uid" and not isinstance(row.get("uid"), (str, int)) or key == "count" and not _is_int(row.get(key)):
        raise bad(where, f"needs a '{key}', got {preview(row.get(key))}")
    for name, value in row.items():
        if not _is_scalar(value) or name in scores and not (value is None or _is_number(value)):
            raise bad(f"{where}.{preview(name, 40)}", f"must be a {'number' if name in scores else 'text or number'}"
                      f", got {preview(value)}")


def breakdown(items: Sequence[Mapping[str, object]], keys: Sequence[str], score_keys: Sequence[str]) -> list[dict[str, object]]:
    """Mean of each score key per combination of ``keys`` values (every combination seen in items), in one pass."""
    groups: dict[tuple[str, ...], list[Mapping[str, object]]] = {}
    for it in items:
        groups.setdefault(tuple(str(it.get(k, "")) for k in keys), []).append(it)
    rows = []
    for combo in sorted(groups):  # the order of itertools.product over each key's sorted values
        group = groups[combo]
        row: dict[str, object] = dict(zip(keys, combo))
        row["count"] = len(group)
        for s in score_keys:
            vals = [float(v) for it in group if (v := it.get(s)) is not None]
            row[s] = sum(vals) / len(vals) if vals else None  # the score does not apply here
        rows.append(row)
    return rows


PR_NOTE = ("F1 is the best over an item's gold answers, precision and recall are those of its last gold (the "
           "official ChatRAG scorer's way): so F1 can be above both")
_SCORE_ALIASES = ("f1", "official_em")  # what a dataset's headline ``<dataset>.score`` is


def score_notes(report: Report) -> list[str]:
    """What a reader must know to read the figures right."""
    return [PR_NOTE] if report.benchmark == "chatrag" and any(k.endswith("precision") for k in report.scores) else []


def distinct_scores(scores: Mapping[str, float]) -> dict[str, float]:
    """The scores worth showing: a key that only repeats a figure already shown under another name
    (``f1`` beside ``inscit.f1``, ``convfinqa.strict_em`` beside ``strict_em``, ``inscit.score`` beside
    ``inscit.f1``, the ``average`` of a single dataset) is left out. report.json keeps every key."""
    shown: dict[str, float] = {}
    for key, value in scores.items():
        if key == "average" and sum(k.endswith(".score") for k in scores) <= 1:
            continue
        if not any(v == value and _aliases(k, key) for k, v in shown.items()):
            shown[key] = value
    return shown


def _aliases(a: str, b: str) -> bool:
    """Two names of one figure: a score with and without its dataset, or a dataset's headline and what it is."""
    (pa, _, ba), (pb, _, bb) = a.rpartition("."), b.rpartition(".")
    if pa and pb and pa != pb:
        return False
    if ba == bb:
        return pa != pb
    return "score" in (ba, bb) and {ba, bb} - {"score"} <= set(_SCORE_ALIASES)


def applicable(rows: Sequence[Mapping[str, object]], score_keys: Sequence[str]) -> list[str]:
    """The score columns of a breakdown that apply to some row (ConvFinQA rows have no F1: no column of dashes)."""
    return [k for k in score_keys if any(r.get(k) is not None for r in rows)]


def pivot_text(rows: Sequence[Mapping[str, object]], row_key: str, col_key: str, value: str, percent: bool = True) -> str:
    """A small aligned pivot table (rows x columns) of one value, as the official TAT-QA script prints."""
    row_names = sorted({str(r[row_key]) for r in rows})
    col_names = sorted({str(r[col_key]) for r in rows})
    cell = {(str(r[row_key]), str(r[col_key])): r for r in rows}
    width = max([len(row_key)] + [len(n) for n in row_names]) + 2
    lines = [f"{value:<{width}}" + "".join(f"{c:>12}" for c in col_names)]
    for rn in row_names:
        parts = []
        for cn in col_names:
            r = cell.get((rn, cn))
            if r is None:
                parts.append(f"{'-':>12}")
            elif value == "count":
                parts.append(f"{int(r['count']):>12}")
            elif r.get(value) is None:
                parts.append(f"{'-':>12}")
            else:
                v = float(r[value]) * (100 if percent else 1)
                parts.append(f"{v:>12.2f}")
        lines.append(f"{rn:<{width}}" + "".join(parts))
    return "\n".join(lines)


def render_text(report: Report) -> str:
    """The terminal summary: headline scores x100 with two decimals, then each breakdown as a table."""
    lines = [f"{report.benchmark} — {report.metric}"]
    lines += [f"warning: {w}" for w in report.warnings]  # before the figures they qualify
    scores = distinct_scores(report.scores)
    width = max((len(k) for k in scores), default=0) + 2
    for key, value in scores.items():
        lines.append(f"  {key:<{width}} {value * 100:6.2f}")
    lines += [f"  note: {note}" for note in score_notes(report)]
    if report.counts:
        lines.append("  " + ", ".join(f"{k}: {v}" for k, v in report.counts.items()))
    for name, rows in report.breakdowns.items():
        keys = name.split(" x ")
        if not rows:
            continue
        score_keys = applicable(rows, [k for k in rows[0] if k not in keys and k != "count"])
        if len(keys) == 2:
            for s in ["count", *score_keys]:
                lines += ["", f"{s} by {keys[0]} x {keys[1]}:", pivot_text(rows, keys[0], keys[1], s)]
            continue
        labels = [" / ".join(str(r[k]) for k in keys) for r in rows]
        first = max([len(name)] + [len(label) for label in labels]) + 2
        cols = [max(len(k), 6) + 2 for k in score_keys]
        lines += ["", f"{name:<{first}}{'count':>7}" + "".join(f"{k:>{w}}" for k, w in zip(score_keys, cols))]
        for label, r in zip(labels, rows):
            lines.append(f"{label:<{first}}{r['count']:>7}"
                         + "".join(f"{'-':>{w}}" if r[k] is None else f"{float(r[k]) * 100:>{w}.2f}"
                                   for k, w in zip(score_keys, cols)))
    return "\n".join(lines)
