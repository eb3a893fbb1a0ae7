"""Which row grew the most (or fastest) between two periods: "which revenue line grew fastest in percentage terms
between FY2023 and FY2024?", "which crop had the largest increase from June to July?" — a choice among the
changes of the rows of the section named (argmax / argmin with key "row"), the change or, for "fastest" or a
percentage, the percentage change; "fell the most" is the smallest change."""

from __future__ import annotations

import re

from ..program.program import Program
from ..reading.context import Ctx
from ..reading.select import section_rows
from .period_cols import col_period

_MOST = r"(?:the\s+)?(?:most|least|fastest|slowest|quickest|more|less|faster|slower)"
GROWTH = re.compile(rf"\b(?P<verb>grew|grown|increased|rose|risen|gained|declined|decreased|fell|fallen|dropped|shrank|"
                    rf"improved)\b(?:\s+\w+){{0,3}}?\s+{_MOST}\b|\b(?P<size>largest|biggest|smallest|greatest|highest|"
                    r"lowest|fastest|slowest)\s+(?:percentage\s+|%\s*|relative\s+)?(?P<noun>increase|growth|rise|"
                    r"decline|decrease|drop|fall|gain|change)\b", re.I)
_DOWN = re.compile(r"declined|decreased|fell|fallen|dropped|shrank|decline|decrease|drop|fall", re.I)
_LEAST = re.compile(r"\b(?:least|slowest|less|slower|smallest|lowest)\b", re.I)
_RATE = re.compile(r"\b(?:fastest|slowest|quickest|faster|slower|percent|percentage|relative)\b|%|\brate\b", re.I)


def _two_cols(ctx: Ctx) -> tuple[int, int] | None:
    """(earlier, later) columns: the two periods the question names, else the table's only two period columns."""
    view = ctx.view
    periods = {c: p for c in range(1, view.table.n_cols) if (p := col_period(view.col_labels[c])) is not None}
    years = [y for y in ctx.q.years if y in ctx.g.year_cols]
    named = [c for y in years[:2] if (c := ctx.col_for_year(y)) is not None]
    cols = named if len(set(named)) == 2 else sorted(periods) if len(periods) == 2 else []
    if len(cols) != 2 or any(c not in periods for c in cols):
        return None
    a, b = cols
    return (a, b) if periods[a].span() <= periods[b].span() else (b, a)


def _lines_of_total(ctx: Ctx) -> list[int]:
    """ "Which revenue line ...": the rows a "Total revenue" line the question names by its measure adds up (those
    above it, back to the previous total)."""
    view, asked = ctx.view, set(re.findall(r"[a-z]+", ctx.q.text.lower()))
    for r in range(view.header_rows, view.table.n_rows):
        m = re.match(r"\s*total\s+([a-z][a-z &'-]*)$", view.row_labels[r], re.I)
        if m and set(re.findall(r"[a-z]+", m.group(1).lower())) <= asked:
            block = []
            for above in range(r - 1, view.header_rows - 1, -1):
                if re.match(r"\s*total\b", view.row_labels[above], re.I):
                    break
                block.append(above)
            return block[::-1] if len(block) >= 2 else []
    return []


_KIND_OF_LINE = re.compile(r"\bwhich\s+(cost|expense|revenue|income|sales|profit)s?\s+(?:line|item|category|row|heading)s?\b",
                           re.I)
_COST = re.compile(r"\b(?:costs?|expenses?|expenditure)\b", re.I)


def _lines_of_kind(ctx: Ctx) -> list[int]:
    """ "Which cost line ...": the lines a table shows as costs (in brackets or below zero throughout, or named so),
    no total among them; "which revenue line ...": the lines its label names so."""
    m = _KIND_OF_LINE.search(ctx.q.text)
    if not m:
        return []
    view, kind = ctx.view, m.group(1).lower()
    body = [r for r in range(view.header_rows, view.table.n_rows) if not re.match(r"\s*total\b", view.row_labels[r], re.I)]
    if kind in ("cost", "expense"):
        def shown_as_cost(r: int) -> bool:
            texts = [view.cell_text(r, c).strip() for c in range(1, view.table.n_cols) if view.value(r, c) is not None]
            return bool(texts) and all(t.startswith(("(", "-", "−")) for t in texts)
        lines = [r for r in body if shown_as_cost(r) or _COST.search(view.row_labels[r])]
    else:
        lines = [r for r in body if re.search(rf"\b{kind}", view.row_labels[r], re.I)]
    return lines if len(lines) >= 2 else []


def rows_grown(ctx: Ctx):
    """The row whose change between the two periods is the largest (smallest for "least" or a fall)."""
    m = GROWTH.search(ctx.q.text)
    cols = _two_cols(ctx) if m else None
    if m is None or cols is None:
        return None
    view, (old, new) = ctx.view, cols
    rows = [r for r in _lines_of_total(ctx) or _lines_of_kind(ctx) or section_rows(view, ctx.q)
            if view.value(r, old) is not None and view.value(r, new) is not None]
    if len(rows) < 2:
        return None
    rate = _RATE.search(ctx.q.text) is not None
    changes = tuple(Program("change_ratio" if rate else "subtract", (view.operand(r, new), view.operand(r, old)),
                            "percent" if rate else view.cell_scale(r, new)) for r in rows)
    least = bool(_LEAST.search(m.group(0))) != bool(_DOWN.search(m.group(0)))  # "fell the most": the lowest change
    return Program("argmin" if least else "argmax", changes, key="row"), "rows_grown"
