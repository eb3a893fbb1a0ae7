"""The Report: one canonical JSON shape for every benchmark, plus plain-text rendering.

``scores`` are fractions in [0, 1]; ``items`` has one dict per gold example (uid, per-item scores and the
breakdown keys); ``breakdowns`` maps "key1 x key2" to rows of {key1, key2, count, <score keys>}.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .errors import FormatError

REPORT_VERSION = 1


@dataclass
class Report:
    benchmark: str
    metric: str
    scores: dict[str, float]
    breakdowns: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    items: list[dict[str, object]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    provenance: dict[str, object] = field(default_factory=dict)
    version: int = REPORT_VERSION

    def to_dict(self) -> dict[str, object]:
        """The report's fields as a dict for JSON (a shallow view: the lists and dicts are the report's own)."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

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
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise FormatError(path, None, f"not a readable report JSON ({exc})") from None
        if not isinstance(data, dict) or "scores" not in data or "benchmark" not in data:
            raise FormatError(path, None, "not a tabtext report (needs 'benchmark' and 'scores')")
        if data.get("version", REPORT_VERSION) > REPORT_VERSION:
            raise FormatError(path, None, f"report version {data['version']} is newer than this tabtext "
                              f"understands ({REPORT_VERSION}); upgrade tabtext")
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in data.items() if k in known})


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
