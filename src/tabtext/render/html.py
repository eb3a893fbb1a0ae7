"""One self-contained HTML report: inline CSS, inline SVG charts, a little inline JS; no external asset."""

from __future__ import annotations

import re
from html import escape

from ..report import applicable, score_notes
from . import charts
from .data import (
    ErrorItem,
    Run,
    choose_spans,
    error_items,
    errors_shown_line,
    evidence_place,
    headline_rows,
    per_dataset_scores,
    percent,
    provenance_rows,
    scale_confusion,
    slice_keys,
)

CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:16px 24px;color:#222}
h1{font-size:22px;margin:8px 0}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd}
.scores{display:flex;gap:12px;flex-wrap:wrap}.score{border:1px solid #cfd8e3;border-radius:6px;padding:8px 14px;background:#f6f9fc}
.score b{display:block;font-size:24px}table.kv td{padding:1px 10px 1px 0;vertical-align:top;word-break:break-word}table.kv td:first-child{white-space:nowrap}
table.grid{border-collapse:collapse;margin:6px 0}table.grid td,table.grid th{border:1px solid #ccc;padding:2px 6px;font-size:12px}
table.grid th{background:#f0f0f0}.num{text-align:right}.charts{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
.charts svg{max-width:100%;height:auto}.note{color:#8a5a00}.filters{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #eee}
.filters label{margin-right:12px}details.item{border:1px solid #ddd;border-radius:6px;margin:6px 0;padding:4px 10px}
details.item summary{cursor:pointer}.tag{display:inline-block;background:#eef;border-radius:4px;padding:0 5px;margin-left:4px;font-size:12px}
.gold{color:#05622a}.pred{color:#a4000f}.ev{background:#ffe36e;outline:2px solid #e0a800}.g{background:#c9f2d3}
.ev.g{background:linear-gradient(135deg,#ffe36e 50%,#c9f2d3 50%)}mark.ev{padding:0 1px}mark.g{padding:0 1px}
.para{margin:4px 0;font-size:13px}.legend span{padding:0 6px;margin-right:8px}.err{color:#a4000f}
code{background:#f4f4f4;padding:0 3px;border-radius:3px}
"""

JS = """
(function(){
 var sels=[].slice.call(document.querySelectorAll('select[data-key]'));var q=document.getElementById('q');
 function apply(){var n=0,t=q.value.toLowerCase();
  [].forEach.call(document.querySelectorAll('details.item'),function(el){
   var ok=sels.every(function(s){return !s.value||el.getAttribute('data-'+s.getAttribute('data-key'))===s.value;});
   if(ok&&t){ok=el.textContent.toLowerCase().indexOf(t)>=0;}
   el.hidden=!ok;if(ok){n++;}});
  document.getElementById('shown').textContent=n;}
 sels.forEach(function(s){s.addEventListener('change',apply);});q.addEventListener('input',apply);apply();
})();
"""

_SAFE_KEY = re.compile(r"[^a-z0-9_-]")


def attr_key(key: str) -> str:
    return _SAFE_KEY.sub("_", key.lower())


def render_html(run: Run, max_errors: int | None = None) -> str:
    report = run.report
    parts = [f"<!doctype html><html lang=en><head><meta charset=utf-8>"
             f"<meta name=viewport content='width=device-width,initial-scale=1'>"
             f"<title>tabtext report — {escape(report.benchmark)}</title><style>{CSS}</style></head><body>",
             f"<h1>{escape(report.benchmark)} report <small>({escape(report.metric)})</small></h1>",
             "<div class=scores>"]
    for key, value in headline_rows(run):
        parts.append(f"<div class=score>{escape(key.upper())}<b>{value}</b></div>")
    parts.append("</div>")
    for note in [*report.warnings, *run.notes, *score_notes(report)]:
        parts.append(f"<p class=note>⚠ {escape(note)}</p>")
    parts.append(_breakdowns(run))
    parts.append(_confusion(run))
    parts.append(_errors(run, max_errors))
    parts.append("<h2>Provenance</h2><table class=kv>")
    parts += [f"<tr><td>{escape(k)}</td><td>{escape(v)}</td></tr>" for k, v in provenance_rows(run)]
    parts.append("</table>")
    parts.append(f"<script>{JS}</script></body></html>")
    return "\n".join(p for p in parts if p)


def _breakdowns(run: Run) -> str:
    report = run.report
    out = []
    datasets = per_dataset_scores(run)
    if datasets:
        out.append("<h2>Score per dataset</h2><div class=charts>")
        out.append(charts.bars(list(datasets), {"score": list(datasets.values())}, "Headline score per dataset"))
        out.append("</div>")
    for name, rows in report.breakdowns.items():
        if not rows:
            continue
        keys = name.split(" x ")
        score_keys = applicable(rows, [k for k in rows[0] if k not in keys and k != "count"])
        out.append(f"<h2>Scores by {escape(' × '.join(keys))}</h2><div class=charts>")
        out += charts.breakdown_charts(name, rows, score_keys)
        out.append("</div><table class=grid><tr>" + "".join(f"<th>{escape(k)}</th>" for k in keys) +
                   "<th>n</th>" + "".join(f"<th>{escape(s.upper())}</th>" for s in score_keys) + "</tr>")
        for r in rows:
            out.append("<tr>" + "".join(f"<td>{escape(str(r[k]))}</td>" for k in keys) +
                       f"<td class=num>{r['count']}</td>" +
                       "".join(f"<td class=num>{percent(r[s])}</td>" for s in score_keys) + "</tr>")
        out.append("</table>")
    return "\n".join(out)


def _confusion(run: Run) -> str:
    conf = scale_confusion(run)
    if conf is None:
        return ""
    golds, preds, counts = conf
    svg = charts.heatmap(golds, preds, {k: float(v) for k, v in counts.items()}, "Scale: gold (rows) × predicted",
                         percent=False, xlabel="predicted scale", ylabel="gold scale")
    rows = ["<table class=grid><tr><th>gold \\ predicted</th>" + "".join(f"<th>{escape(p)}</th>" for p in preds) + "</tr>"]
    for g in golds:
        rows.append(f"<tr><th>{escape(g)}</th>" +
                    "".join(f"<td class=num>{counts.get((g, p), 0)}</td>" for p in preds) + "</tr>")
    rows.append("</table>")
    return f"<h2>Scale confusion</h2><div class=charts>{svg}{''.join(rows)}</div>"


def _errors(run: Run, max_errors: int | None) -> str:
    items = error_items(run, max_errors)
    keys = slice_keys(run.report)
    out = [f"<h2>Error browser</h2><p>{escape(errors_shown_line(run, len(items)))}. <span class=legend><span class=ev>predicted evidence</span>"
           f"<span class=g>gold numbers / spans</span></span></p><div class=filters>"]
    for k in keys:
        values = sorted({it.slices.get(k, "") for it in items})
        opts = "".join(f"<option value='{escape(v, quote=True)}'>{escape(v)}</option>" for v in values)
        out.append(f"<label>{escape(k)} <select data-key='{attr_key(k)}'><option value=''>all</option>{opts}"
                   f"</select></label>")
    out.append("<label>search <input id=q type=search placeholder='question, answer, uid'></label>"
               " <span>shown: <b id=shown></b></span></div>")
    out += [_item(it) for it in items]
    return "\n".join(out)


def _item(it: ErrorItem) -> str:
    data = " ".join(f"data-{attr_key(k)}='{escape(v, quote=True)}'" for k, v in it.slices.items())
    tags = "".join(f"<span class=tag>{escape(v)}</span>" for v in it.slices.values() if v)
    scores = " ".join(f"{k} {v * 100:.0f}" for k, v in it.scores.items())
    head = escape(it.question) if it.question else f"<code>{escape(it.uid)}</code>"
    parts = [f"<details class=item {data}><summary>{head}{tags} <small>{escape(scores)}</small></summary>",
             f"<p><small>uid <code>{escape(it.uid)}</code></small></p>"]
    if it.history:
        parts.append("<p>" + "<br>".join(f"<small>{escape(r)}: {escape(c)}</small>" for r, c in it.history) + "</p>")
    parts.append("<table class=kv>")
    gold = table_html(it.gold_rows, set(), set()) if it.gold_rows else escape(it.gold) or "<i>?</i>"
    parts.append(f"<tr><td>gold</td><td class=gold>{gold}{_scale(it.gold_scale)}</td></tr>")
    if it.gold_derivation:
        parts.append(f"<tr><td>gold derivation</td><td><code>{escape(it.gold_derivation)}</code></td></tr>")
    if it.predicted is not None:
        shown = (table_html(it.predicted_rows, set(), set()) if it.predicted_rows else
                 escape(it.predicted) if it.predicted else "<i>(empty)</i>")
        parts.append(f"<tr><td>predicted</td><td class=pred>{shown}{_scale(it.predicted_scale)}</td></tr>")
    if it.derivation:
        parts.append(f"<tr><td>derivation</td><td><code>{escape(it.derivation)}</code></td></tr>")
    if it.error:
        parts.append(f"<tr><td>error</td><td class=err>{escape(it.error)}</td></tr>")
    if it.reply:
        parts.append(f"<tr><td>model reply</td><td><pre>{escape(it.reply)}</pre></td></tr>")
    if it.reply_notes:
        parts.append(f"<tr><td>read</td><td><small>{escape(it.reply_notes)}</small></td></tr>")
    if it.evidence:
        ev = "; ".join(_evidence_label(e) for e in it.evidence)
        parts.append(f"<tr><td>evidence</td><td>{escape(ev)}</td></tr>")
    parts.append("</table>")
    for ti, rows in enumerate(it.tables):
        parts.append(table_html(rows, {(r, c) for t, r, c in it.cells if t == ti},
                                {(r, c) for t, r, c in it.gold_cells if t == ti}))
    for pi, text in enumerate(it.paragraphs):
        parts.append(f"<p class=para>{highlight(text, it.spans.get(pi, []))}</p>")
    parts.append("</details>")
    return "".join(parts)


def _scale(scale: str) -> str:
    return f" <span class=tag>{escape(scale)}</span>" if scale else ""


def _evidence_label(e: dict[str, object]) -> str:
    return f"{evidence_place(e)} {e.get('text', '')!s}".strip()


def table_html(rows: tuple[tuple[str, ...], ...] | list, cells: set[tuple[int, int]],
               gold: set[tuple[int, int]]) -> str:
    out = ["<table class=grid>"]
    for ri, row in enumerate(rows):
        tds = []
        for ci, cell in enumerate(row):
            cls = " ".join(c for c, on in (("ev", (ri, ci) in cells), ("g", (ri, ci) in gold)) if on)
            tag = "th" if ri == 0 else "td"
            tds.append(f"<{tag}{f' class={chr(39)}{cls}{chr(39)}' if cls else ''}>{escape(cell)}</{tag}>")
        out.append("<tr>" + "".join(tds) + "</tr>")
    out.append("</table>")
    return "".join(out)


def highlight(text: str, spans: list[tuple[int, int, str]]) -> str:
    """Wrap non-overlapping spans in <mark>; an overlapping later span is dropped."""
    out, pos = [], 0
    for start, end, cls in choose_spans(spans):
        if start < pos:
            continue
        out.append(escape(text[pos:start]))
        out.append(f"<mark class={cls}>{escape(text[start:end])}</mark>")
        pos = end
    out.append(escape(text[pos:]))
    return "".join(out)
