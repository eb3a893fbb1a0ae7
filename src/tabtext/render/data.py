"""Load a run (a report.json, or a run directory) and build the view both renderers draw from.

A run directory holds ``report.json`` and the predictions (``predictions.jsonl``, tabtext's own file with
derivations and evidence, or the official prediction file that ``run_files`` names). The gold file named in
the report's provenance (``gold_file``) supplies questions, tables and paragraphs for the error browser;
when it is not found the report still renders, with a note saying what is missing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .. import run_files
from ..errors import FormatError, TabtextError
from ..numbers import find_numbers, parse_number
from ..report import Report, distinct_scores
from ..types import Example, Prediction, Table

SCALE_ORDER = ("", "thousand", "million", "billion", "percent")


@dataclass
class Run:
    report: Report
    path: Path
    examples: dict[str, Example] | None = None
    predictions: dict[str, Prediction] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.path.parent.name if self.path.name == "report.json" else self.path.stem


def load_report(path: Path) -> Report:
    """Report.load (every field type-checked) with a clear message for a missing file."""
    if not path.exists() and not path.is_symlink():
        raise FormatError(path, None, "file not found; give a run directory or a report.json")
    return Report.load(path)


def load_run(path: str | Path, with_gold: bool = True) -> Run:
    """A run directory or a report.json -> Run (gold and predictions attached when they can be found)."""
    path = Path(path)
    if path.is_dir():
        report_path = run_files.report_path(path)
        if not report_path.exists():
            raise FormatError(path, None, "this directory has no report.json; run `tabtext run` or `tabtext score "
                              "--out DIR/report.json` first")
    else:
        report_path = path
    run = Run(report=load_report(report_path), path=report_path)
    folder = report_path.parent
    prov = run.report.provenance
    if with_gold:
        gold = prov.get("gold_file")
        if gold and Path(str(gold)).exists():
            try:
                from ..benchmarks import BENCHMARKS

                options = {k: prov[k] for k in ("dataset",) if prov.get(k)}
                bench = BENCHMARKS.get(run.report.benchmark)
                run.examples = {ex.uid: ex for ex in bench.load(Path(str(gold)), **options)}
            except TabtextError as exc:
                run.notes.append(f"gold file not loaded: {exc}")
        else:
            run.notes.append("gold file not found" + (f" ({gold})" if gold else "") +
                             ": the error browser shows scores only")
    run.predictions = _load_predictions(run, folder)
    if run.predictions is None:
        run.notes.append("no predictions file found next to the report: predicted answers are not shown")
    return run


def _load_predictions(run: Run, folder: Path) -> dict[str, Prediction] | None:
    from ..predictions import read_jsonl
    from ..run_files import official_path, records_path

    jsonl = records_path(folder)
    if jsonl.exists():
        return read_jsonl(jsonl)
    candidates = [official_path(folder, run.report.benchmark), folder / "predictions.json"]  # and older runs
    if run.report.provenance.get("predictions_file"):
        candidates.append(Path(str(run.report.provenance["predictions_file"])))
    for cand in candidates:
        if cand.exists() and cand != run.path:
            if cand.name == run_files.RECORDS:
                return read_jsonl(cand)
            import warnings

            from ..benchmarks import BENCHMARKS

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    return BENCHMARKS.get(run.report.benchmark).read_predictions(
                        cand, list((run.examples or {}).values()))
                except TabtextError as exc:
                    run.notes.append(f"predictions not loaded: {exc}")
                    return None
    return None


PRIMARY = ("em", "f1", "official_em", "normalized_f1")


def item_score_keys(report: Report) -> list[str]:
    """The per-item score keys: a breakdown row's score columns, else headline keys that items carry."""
    for name, rows in report.breakdowns.items():
        if rows:
            keys = name.split(" x ")
            return [k for k in rows[0] if k not in keys and k != "count"]
    seen = {k for it in report.items[:200] for k, v in it.items() if isinstance(v, (int, float))}
    return [k for k in report.scores if k in seen] or sorted(seen)


def primary_key(report: Report) -> str:
    """The key that decides "wrong" (< 1): EM where items have it, else F1, else the first item score."""
    keys = item_score_keys(report)
    seen = {k for it in report.items[:200] for k in it}
    for k in PRIMARY:
        if k in keys and k in seen:
            return k
    return keys[0] if keys else "em"


def slice_keys(report: Report) -> list[str]:
    keys: list[str] = []
    for name in report.breakdowns:
        for k in name.split(" x "):
            if k not in keys:
                keys.append(k)
    return keys


def item_value(item: dict[str, object], key: str) -> float | None:
    """The item's value of ``key``; an item without it (ChatRAG's ConvFinQA has EM, not F1) uses its own
    first primary key instead."""
    for k in (key, *PRIMARY):
        value = item.get(k)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return None


def is_wrong(item: dict[str, object], key: str) -> bool:
    value = item_value(item, key)
    return value is not None and value < 1.0


def scale_confusion(run: Run) -> tuple[list[str], list[str], dict[tuple[str, str], int]] | None:
    """Gold scale x predicted scale counts over the questions the run asked (its report's items, so a --limit
    run is not charted over the gold questions it never asked), for TAT-QA-style answers with a scale."""
    if run.examples is None or run.predictions is None:
        return None
    asked = {str(item.get("uid")) for item in run.report.items}
    examples = {uid: ex for uid, ex in run.examples.items() if uid in asked}
    if not any(ex.gold and ex.gold[0].scale for ex in examples.values()):
        return None
    counts: Counter[tuple[str, str]] = Counter()
    for uid, ex in examples.items():
        gold = ex.gold[0].scale if ex.gold else ""
        pred = run.predictions.get(uid)
        if pred is None:
            shown = "(missing)"
        elif pred.answer is not None:
            shown = pred.answer.scale or "none"
        else:
            shown = "(empty)"
        counts[(gold or "none", shown)] += 1
    order = [s or "none" for s in SCALE_ORDER]
    golds = [s for s in order if any(g == s for g, _ in counts)] + sorted({g for g, _ in counts} - set(order))
    preds = [s for s in order if any(p == s for _, p in counts)] + sorted({p for _, p in counts} - set(order))
    return golds, preds, dict(counts)


@dataclass
class ErrorItem:
    uid: str
    slices: dict[str, str]
    scores: dict[str, float]
    question: str = ""
    history: list[tuple[str, str]] = field(default_factory=list)
    gold: str = ""
    gold_scale: str = ""
    gold_derivation: str = ""
    gold_rows: tuple[tuple[str, ...], ...] | None = None  # a table-valued answer (TANQ), drawn as a table
    predicted_rows: tuple[tuple[str, ...], ...] | None = None
    predicted: str | None = None
    predicted_scale: str = ""
    derivation: str = ""
    error: str = ""
    reply: str = ""  # an LLM's raw reply, and how it was read (extractor, finish_reason, tokens)
    reply_notes: str = ""
    evidence: list[dict[str, object]] = field(default_factory=list)
    tables: list[tuple[tuple[str, ...], ...]] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)
    cells: set[tuple[int, int, int]] = field(default_factory=set)  # (table, row, col) predicted evidence
    gold_cells: set[tuple[int, int, int]] = field(default_factory=set)
    spans: dict[int, list[tuple[int, int, str]]] = field(default_factory=dict)  # paragraph -> (start, end, cls)


def error_items(run: Run, limit: int | None = None) -> list[ErrorItem]:
    """Every wrong item (primary score < 1), with what the gold file and predictions say about it."""
    report = run.report
    key = primary_key(report)
    keys = slice_keys(report)
    score_keys = item_score_keys(report)
    out = []
    for item in report.items:
        if not is_wrong(item, key):
            continue
        uid = str(item.get("uid"))
        err = ErrorItem(uid=uid, slices={k: str(item.get(k, "")) for k in keys},
                        scores={k: float(item[k]) for k in score_keys if isinstance(item.get(k), (int, float))},
                        error=str(item.get("error", "")))
        ex = run.examples.get(uid) if run.examples else None
        if ex is not None:
            _fill_gold(err, ex)
        pred = run.predictions.get(uid) if run.predictions is not None else None
        if pred is not None:
            _fill_prediction(err, pred)
        elif run.predictions is not None:
            err.error = err.error or "no prediction for this question"
        out.append(err)
        if limit is not None and len(out) >= limit:
            break
    return out


def errors_shown_line(run: Run, shown: int) -> str:
    """"2 of 515 wrong questions shown (of 1,668); wrong means EM < 100": what a --max-errors cut hides."""
    key = primary_key(run.report)
    wrong = sum(1 for item in run.report.items if is_wrong(item, key))
    return (f"{shown:,} of {wrong:,} wrong questions shown (of {len(run.report.items):,}); "
            f"wrong means {key.upper()} < 100")


def _fill_gold(err: ErrorItem, ex: Example) -> None:
    err.question = ex.question
    err.history = [(t.role, t.content) for t in ex.history]
    if ex.gold:
        g = ex.gold[0]
        err.gold = " | ".join(a.text() for a in ex.gold)
        err.gold_scale, err.gold_derivation = g.scale, g.derivation
        if isinstance(g.value, Table):
            err.gold_rows = g.value.rows
    err.tables = [t.rows for t in ex.context.tables]
    err.paragraphs = [p.text for p in ex.context.paragraphs]
    targets = set()
    for g in ex.gold:
        for text in (*g.items, g.derivation):
            targets.update(round(abs(v), 4) for v, _, _ in find_numbers(str(text)) if v)
    spans = {" ".join(s.lower().split()).rstrip(":") for g in ex.gold for s in g.items
             if parse_number(s) is None and s.strip()}
    for ti, rows in enumerate(err.tables):
        for ri, row in enumerate(rows):
            for ci, cell in enumerate(row):
                v = parse_number(cell)
                if (v and round(abs(v), 4) in targets) or " ".join(cell.lower().split()).rstrip(":") in spans:
                    err.gold_cells.add((ti, ri, ci))
    for g in ex.gold:
        for span in g.items:
            span = span.strip()
            if len(span) < 3 or parse_number(span) is not None:
                continue
            for pi, text in enumerate(err.paragraphs):
                at = text.find(span)
                if at >= 0:
                    err.spans.setdefault(pi, []).append((at, at + len(span), "g"))


def _fill_prediction(err: ErrorItem, pred: Prediction) -> None:
    if pred.answer is not None:
        err.predicted = pred.answer.text()
        if isinstance(pred.answer.value, Table):
            err.predicted_rows = pred.answer.value.rows
        err.predicted_scale = pred.answer.scale
        err.derivation = pred.answer.derivation
    else:
        err.predicted = ""
        err.predicted_scale = str(pred.meta.get("scale", "")) if pred.meta else ""
    if pred.error:
        err.error = pred.error
    err.reply, err.reply_notes = pred.raw or "", reply_notes(pred.meta or {})
    for e in pred.evidence:
        err.evidence.append({"kind": e.kind, "row": e.row, "col": e.col, "paragraph": e.paragraph,
                             "start": e.start, "end": e.end, "text": e.text})
        if e.kind == "cell" and e.row >= 0 and e.col >= 0:
            err.cells.add((0, e.row, e.col))
        elif e.kind == "text" and 0 <= e.paragraph < len(err.paragraphs):
            text = err.paragraphs[e.paragraph]
            start, end = e.start, e.end
            if not (0 <= start < end <= len(text)) and e.text:
                start = text.find(e.text)
                end = start + len(e.text)
            if 0 <= start < end <= len(text):
                err.spans.setdefault(e.paragraph, []).append((start, end, "ev"))


def reply_notes(meta: dict[str, object]) -> str:
    """'read by json_strict; scale read from the answer text; finish_reason stop; tokens 812 + 23'."""
    notes = [f"read by {meta['extractor']}"] if meta.get("extractor") else []
    if meta.get("scale_from_text"):
        notes.append("scale read from the answer text")
    if meta.get("scale_from_unit_line"):
        notes.append(f"scale read from the report's unit line ({meta['scale_from_unit_line']})")
    if meta.get("formula"):
        notes.append(f"formula computed: {meta['formula']}")
    if meta.get("finish_reason"):
        notes.append(f"finish_reason {meta['finish_reason']}")
    usage = meta.get("usage")
    if isinstance(usage, dict) and usage.get("prompt_tokens") is not None:
        notes.append(f"tokens {usage.get('prompt_tokens')} + {usage.get('completion_tokens', '?')}")
    return "; ".join(notes)


def choose_spans(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Non-overlapping spans in text order; predicted evidence ("ev") wins over an overlapping gold span."""
    kept: list[tuple[int, int, str]] = []
    for span in sorted(spans, key=lambda s: (s[2] != "ev", s[0])):
        if all(span[1] <= k[0] or span[0] >= k[1] for k in kept):
            kept.append(span)
    return sorted(kept)


def percent(value: object) -> str:
    """A score x100 with two decimals; "–" where the score does not apply (null in the report)."""
    return "–" if value is None else f"{float(value) * 100:.2f}"  # type: ignore[arg-type]


def headline_rows(run: Run) -> list[tuple[str, str]]:
    """Scores x100 with two decimals; counts (keys ending in _count) as integers."""
    return [(k, f"{int(v)}" if k.endswith("_count") else f"{v * 100:.2f}")
            for k, v in distinct_scores(run.report.scores).items()]


def per_dataset_scores(run: Run) -> dict[str, float]:
    """Headline ``<dataset>.score`` values (ChatRAG reports one per dataset)."""
    return {k[:-len(".score")]: v for k, v in run.report.scores.items() if k.endswith(".score")}


def provenance_rows(run: Run) -> list[tuple[str, str]]:
    rows = [("benchmark", run.report.benchmark), ("metric", run.report.metric), ("report", str(run.path))]
    rows += [(k, str(v)) for k, v in run.report.provenance.items()]
    rows += [(f"count: {k}", str(v)) for k, v in run.report.counts.items()]
    return rows


def evidence_place(e: dict[str, object]) -> str:
    """Where an evidence item sits; a retrieved passage has no paragraph index (-1)."""
    if e["kind"] == "cell":
        return f"cell r{e['row']} c{e['col']}"
    paragraph = e.get("paragraph")
    return f"paragraph {paragraph}" if isinstance(paragraph, int) and paragraph >= 0 else "passage"
