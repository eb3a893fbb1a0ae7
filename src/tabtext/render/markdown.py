"""The same report as Markdown, for a terminal or a pull request (tables instead of charts)."""

from __future__ import annotations

from ..report import applicable, score_notes
from .data import (
    ErrorItem,
    Run,
    choose_spans,
    error_items,
    errors_shown_line,
    evidence_place,
    headline_rows,
    percent,
    provenance_rows,
    scale_confusion,
)


def md_cell(text: object) -> str:
    return " ".join(str(text).replace("|", "\\|").split())


def md_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(md_cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(md_cell(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def render_markdown(run: Run, max_errors: int | None = None) -> str:
    report = run.report
    out = [f"# {report.benchmark} report ({report.metric})", ""]
    out.append(md_table([k.upper() for k, _ in headline_rows(run)], [[v for _, v in headline_rows(run)]]))
    out.append("")
    out += [f"> ⚠ {note}" for note in [*report.warnings, *run.notes, *score_notes(report)]]
    for name, rows in report.breakdowns.items():
        if not rows:
            continue
        keys = name.split(" x ")
        score_keys = applicable(rows, [k for k in rows[0] if k not in keys and k != "count"])
        out += ["", f"## Scores by {' × '.join(keys)}", ""]
        if len(keys) == 2:
            r_names = sorted({str(r[keys[0]]) for r in rows})
            c_names = sorted({str(r[keys[1]]) for r in rows})
            cell = {(str(r[keys[0]]), str(r[keys[1]])): r for r in rows}
            for s in [k for k in score_keys if k != "scale"]:
                table = []
                for rn in r_names:
                    table.append([rn] + [f"{percent(cell[(rn, cn)][s])} (n={cell[(rn, cn)]['count']})"
                                         if (rn, cn) in cell else "–" for cn in c_names])
                out += [f"**{s.upper()}** ({keys[0]} × {keys[1]})", "", md_table([keys[0], *c_names], table), ""]
        table = [[str(r[k]) for k in keys] + [str(r["count"])] + [percent(r[s]) for s in score_keys]
                 for r in rows]
        out.append(md_table([*keys, "n", *[s.upper() for s in score_keys]], table))
    conf = scale_confusion(run)
    if conf is not None:
        golds, preds, counts = conf
        out += ["", "## Scale confusion (gold rows × predicted columns)", "",
                md_table(["gold \\ predicted", *preds], [[g] + [str(counts.get((g, p), 0)) for p in preds]
                                                         for g in golds])]
    items = error_items(run, max_errors)
    out += ["", "## Errors", "", f"{errors_shown_line(run, len(items))}. Evidence cells the prediction used are **bold**; cells holding gold "
            "numbers are _italic_.", ""]
    for it in items:
        out += _item(it)
    out += ["## Provenance", "", md_table(["", ""], [[k, v] for k, v in provenance_rows(run)])]
    return "\n".join(out).rstrip() + "\n"


def _item(it: ErrorItem) -> list[str]:
    tags = ", ".join(f"{k}={v}" for k, v in it.slices.items() if v)
    scores = " ".join(f"{k} {v * 100:.0f}" for k, v in it.scores.items())
    out = [f"### {md_cell(it.question) if it.question else it.uid}", "",
           f"`{it.uid}` · {tags} · {scores}", ""]
    out += [f"- {role}: {md_cell(text)}" for role, text in it.history]
    out.append(f"- **gold:** {md_cell(it.gold) or '?'}" + (f" ({it.gold_scale})" if it.gold_scale else ""))
    if it.gold_rows:
        out += ["", md_table(list(it.gold_rows[0]), [list(r) for r in it.gold_rows[1:]]), ""]
    if it.gold_derivation:
        out.append(f"- gold derivation: `{it.gold_derivation}`")
    if it.predicted is not None:
        out.append(f"- **predicted:** {md_cell(it.predicted) or '(empty)'}" +
                   (f" ({it.predicted_scale})" if it.predicted_scale else ""))
    if it.predicted_rows:
        out += ["", md_table(list(it.predicted_rows[0]), [list(r) for r in it.predicted_rows[1:]]), ""]
    if it.derivation:
        out.append(f"- derivation: `{it.derivation}`")
    if it.error:
        out.append(f"- error: {md_cell(it.error)}")
    for e in it.evidence:
        out.append(f"- evidence: {evidence_place(e)} {md_cell(e.get('text', ''))}".rstrip())
    out.append("")
    for ti, rows in enumerate(it.tables):
        marked = [[_mark(cell, (ti, ri, ci) in it.cells, (ti, ri, ci) in it.gold_cells)
                   for ci, cell in enumerate(row)] for ri, row in enumerate(rows)]
        if marked:
            out += [md_table(marked[0], marked[1:]), ""]
    for pi, text in enumerate(it.paragraphs):
        out += [f"> {_mark_spans(text, it.spans.get(pi, []))}", ""]
    return out


def _mark(cell: str, evidence: bool, gold: bool) -> str:
    text = md_cell(cell)
    if not text:
        return text
    if gold:
        text = f"_{text}_"
    return f"**{text}**" if evidence else text


def _mark_spans(text: str, spans: list[tuple[int, int, str]]) -> str:
    out, pos = [], 0
    for start, end, cls in choose_spans(spans):
        if start < pos:
            continue
        out.append(text[pos:start])
        out.append(f"**{text[start:end]}**" if cls == "ev" else f"_{text[start:end]}_")
        pos = end
    out.append(text[pos:])
    return " ".join("".join(out).split())
