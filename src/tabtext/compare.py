"""Compare runs: per-slice scores side by side, deltas with paired bootstrap 95% CIs, exact McNemar on EM,
and the items that flipped either way. The first run is the baseline every other run is compared against.

Runs are paired by question uid: only questions every run scored are compared (a note says how many were
left out).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from .errors import TabtextError
from .render.data import Run, item_score_keys, item_value, load_run, primary_key, slice_keys

N_BOOT = 2000


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value: the binomial test of b successes in b + c trials at p = 1/2."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    tail = sum(math.comb(n, i) for i in range(k + 1))
    return min(1.0, (2 * tail) / (2 ** n))  # exact big-int arithmetic; int / int is correctly rounded


def paired_bootstrap(a: list[float], b: list[float], n_boot: int = N_BOOT, seed: int = 0,
                     level: float = 0.95) -> tuple[float, float, float]:
    """(delta, low, high): mean(b) - mean(a) and the percentile CI from resampling the pairs."""
    import numpy as np

    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    if not a:
        return 0.0, 0.0, 0.0
    diff = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    rng = np.random.default_rng(seed)
    means = diff[rng.integers(0, len(diff), size=(n_boot, len(diff)))].mean(axis=1)
    alpha = (1 - level) / 2
    low, high = np.quantile(means, [alpha, 1 - alpha])
    return float(diff.mean()), float(low), float(high)


@dataclass
class SliceRow:
    slice: str
    n: int
    scores: list[dict[str, float]]  # one dict per run (score key -> mean)
    deltas: list[dict[str, tuple[float, float, float]]]  # per non-baseline run: key -> (delta, low, high)
    mcnemar: list[tuple[int, int, float]]  # per non-baseline run: (base right/new wrong, base wrong/new right, p)


@dataclass
class Flip:
    uid: str
    question: str
    slices: dict[str, str]
    answers: list[str]  # the baseline's and the other run's predicted answer (when known)


@dataclass
class Comparison:
    names: list[str]
    score_keys: list[str]
    binary_key: str
    rows: list[SliceRow]
    fixed: list[list[Flip]]  # per non-baseline run: wrong in the baseline, right in this run
    broken: list[list[Flip]]  # per non-baseline run: right in the baseline, wrong in this run
    notes: list[str] = field(default_factory=list)


def compare_runs(runs: list[Run], n_boot: int = N_BOOT, seed: int = 0) -> Comparison:
    if len(runs) < 2:
        raise TabtextError("compare needs at least two runs (a baseline and one more)")
    base = runs[0].report
    for r in runs[1:]:
        if r.report.benchmark != base.benchmark:
            raise TabtextError(f"{r.path}: benchmark {r.report.benchmark!r} differs from the baseline's "
                               f"{base.benchmark!r}; compare runs of one benchmark")
    by_uid = [{str(it["uid"]): it for it in r.report.items} for r in runs]
    common = [uid for uid in by_uid[0] if all(uid in m for m in by_uid[1:])]
    notes = []
    if not common:
        raise TabtextError("the runs share no question uid; were they scored on the same gold file?")
    left = sum(len(m) for m in by_uid) - len(common) * len(runs)
    if left:
        notes.append(f"{left} items not scored by every run were left out; {len(common)} questions compared")
    score_keys = [k for k in item_score_keys(base) if all(k in item_score_keys(r.report) for r in runs[1:])]
    binary = primary_key(base)
    slices: list[tuple[str, list[str]]] = [("all", common)]
    for key in slice_keys(base):
        values = sorted({str(by_uid[0][u].get(key, "")) for u in common})
        for v in values:
            slices.append((f"{key}={v}", [u for u in common if str(by_uid[0][u].get(key, "")) == v]))
    rows = []
    for label, uids in slices:
        # an item without a key (e.g. ChatRAG's ConvFinQA has no F1) is left out of that key's mean
        having = {k: [u for u in uids if all(isinstance(m[u].get(k), (int, float)) for m in by_uid)]
                  for k in score_keys}
        cols = [{k: [float(m[u][k]) for u in having[k]] for k in score_keys} for m in by_uid]
        scores = [{k: (sum(v) / len(v) if v else 0.0) for k, v in c.items()} for c in cols]
        deltas, tests = [], []
        for j, c in enumerate(cols[1:], 1):
            deltas.append({k: paired_bootstrap(cols[0][k], c[k], n_boot, seed) for k in score_keys})
            a = [item_value(by_uid[0][u], binary) or 0.0 for u in uids]
            b = [item_value(by_uid[j][u], binary) or 0.0 for u in uids]
            n10 = sum(1 for x, y in zip(a, b) if x >= 1 and y < 1)
            n01 = sum(1 for x, y in zip(a, b) if x < 1 and y >= 1)
            tests.append((n10, n01, mcnemar_exact(n10, n01)))
        rows.append(SliceRow(label, len(uids), scores, deltas, tests))
    fixed, broken = [], []
    for j in range(1, len(runs)):
        f, b = [], []
        for u in common:
            x, y = item_value(by_uid[0][u], binary) or 0.0, item_value(by_uid[j][u], binary) or 0.0
            if (x >= 1) != (y >= 1):
                (f if y >= 1 else b).append(_flip(u, runs[0], runs[j], by_uid[0][u], slice_keys(base)))
        fixed.append(f)
        broken.append(b)
    names = [r.name for r in runs]
    names = [str(r.path) if names.count(r.name) > 1 else r.name for r in runs]
    return Comparison(names, score_keys, binary, rows, fixed, broken, notes)


def _flip(uid: str, base: Run, other: Run, item: dict[str, object], keys: list[str]) -> Flip:
    ex = (base.examples or {}).get(uid)
    answers = []
    for run in (base, other):
        pred = (run.predictions or {}).get(uid)
        answers.append("" if pred is None or pred.answer is None else
                       pred.answer.text() + (f" ({pred.answer.scale})" if pred.answer.scale else ""))
    return Flip(uid, ex.question if ex else "", {k: str(item.get(k, "")) for k in keys}, answers)


def load_runs(paths: list[str | Path]) -> list[Run]:
    return [load_run(p) for p in paths]


def _fmt_delta(d: tuple[float, float, float]) -> str:
    return f"{d[0] * 100:+.2f} [{d[1] * 100:+.2f}, {d[2] * 100:+.2f}]"


def _names(cmp: Comparison) -> list[str]:
    return [f"{i + 1}:{n}" for i, n in enumerate(cmp.names)]


def to_markdown(cmp: Comparison, max_flips: int = 50) -> str:
    from .render.markdown import md_table

    names = _names(cmp)
    out = [f"# Comparison: {' vs '.join(names)}", "", f"Baseline: {names[0]}. Deltas are x100 with a paired "
           f"bootstrap 95% CI; McNemar is the exact test on {cmp.binary_key.upper()} (b = baseline right / run "
           "wrong, c = baseline wrong / run right).", ""]
    out += [f"> {n}" for n in cmp.notes]
    for k in cmp.score_keys:
        header = ["slice", "n", *[f"{n} {k.upper()}" for n in names]]
        header += [f"Δ {n}" for n in names[1:]]
        if k == cmp.binary_key:
            header += [f"McNemar {n} (b/c, p)" for n in names[1:]]
        table = []
        for r in cmp.rows:
            row = [r.slice, str(r.n), *[f"{s[k] * 100:.2f}" for s in r.scores]]
            row += [_fmt_delta(d[k]) for d in r.deltas]
            if k == cmp.binary_key:
                row += [f"{b}/{c}, p={p:.3g}" for b, c, p in r.mcnemar]
            table.append(row)
        out += [f"## {k.upper()}", "", md_table(header, table), ""]
    for j, n in enumerate(names[1:]):
        for title, flips in ((f"fixed by {n}", cmp.fixed[j]), (f"broken by {n}", cmp.broken[j])):
            out += [f"## {len(flips)} {title}", ""]
            rows = [[f.uid, f.question, ", ".join(v for v in f.slices.values() if v), *f.answers]
                    for f in flips[:max_flips]]
            if rows:
                out.append(md_table(["uid", "question", "slice", f"{names[0]} answer", f"{n} answer"], rows))
            if len(flips) > max_flips:
                out.append(f"\n… and {len(flips) - max_flips} more")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def to_html(cmp: Comparison, max_flips: int = 500) -> str:
    names = _names(cmp)
    css = ("body{font:14px/1.45 system-ui,sans-serif;max-width:1300px;margin:0 auto;padding:16px}"
           "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:2px 6px;font-size:12px}"
           "th{background:#f0f0f0}.up{color:#05622a}.down{color:#a4000f}.sig{font-weight:bold}td.n{text-align:right}")
    out = [f"<!doctype html><html lang=en><head><meta charset=utf-8><title>tabtext compare</title><style>{css}"
           f"</style></head><body><h1>Comparison: {escape(' vs '.join(names))}</h1>",
           f"<p>Baseline {escape(names[0])}. Δ x100 with paired bootstrap 95% CI (bold: CI excludes 0); "
           f"exact McNemar on {escape(cmp.binary_key.upper())}.</p>"]
    out += [f"<p>⚠ {escape(n)}</p>" for n in cmp.notes]
    for k in cmp.score_keys:
        head = ["slice", "n", *[f"{n} {k.upper()}" for n in names], *[f"Δ {n}" for n in names[1:]]]
        if k == cmp.binary_key:
            head += [f"McNemar {n} b/c p" for n in names[1:]]
        out.append(f"<h2>{escape(k.upper())}</h2><table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>")
        for r in cmp.rows:
            cells = [escape(r.slice), str(r.n), *[f"{s[k] * 100:.2f}" for s in r.scores]]
            for d in r.deltas:
                delta, low, high = d[k]
                cls = ("up" if delta > 0 else "down" if delta < 0 else "") + (" sig" if low > 0 or high < 0 else "")
                cells.append(f"<span class='{cls}'>{escape(_fmt_delta(d[k]))}</span>")
            if k == cmp.binary_key:
                cells += [f"{b}/{c} p={p:.3g}" for b, c, p in r.mcnemar]
            out.append("<tr>" + "".join(f"<td class=n>{c}</td>" for c in cells) + "</tr>")
        out.append("</table>")
    for j, n in enumerate(names[1:]):
        for title, flips in ((f"fixed by {n}", cmp.fixed[j]), (f"broken by {n}", cmp.broken[j])):
            out.append(f"<h2>{len(flips)} {escape(title)}</h2><table><tr><th>uid</th><th>question</th><th>slice</th>"
                       f"<th>{escape(names[0])}</th><th>{escape(n)}</th></tr>")
            for f in flips[:max_flips]:
                out.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in
                           [f.uid, f.question, ", ".join(v for v in f.slices.values() if v), *f.answers]) + "</tr>")
            out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out)
