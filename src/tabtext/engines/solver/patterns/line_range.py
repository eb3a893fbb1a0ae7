"""The range of a line: its largest cell minus its smallest over the periods asked ("the range of monthly
orders", "the difference between the highest and lowest quarterly revenue in 2024"), each a choice that runs
again when a follow-up moves its cells (argmax and argmin over every cell it chooses among)."""

from __future__ import annotations

import re
from collections import Counter

from ..program.program import Program
from ..reading.context import Ctx
from .period_cols import col_period, parts_asked, period_cols
from .period_totals import named_range, within

RANGE = re.compile(r"\b(?:the|its|a)\s+range\b(?!\s+of\s+(?:products|services|goods|items|models|options))|"
                   r"\b(?:difference|gap|spread)\s+between\s+(?:the\s+|its\s+)?(?:highest|largest|biggest|maximum|"
                   r"peak|best|top)\b[^?]*?\b(?:lowest|smallest|minimum|worst|bottom)\b|"
                   r"\b(?:highest|largest|peak)\b[^?]*?\bexceed\b[^?]*?\b(?:lowest|smallest)\b", re.I)


def line_range(ctx: Ctx):
    """The named row's largest minus smallest cell over its period columns of one kind (the parts of the one
    period named, or a range of them named), when it has two or more."""
    row, view = ctx.best_row, ctx.view
    if row is None or any(re.search(r"\brange\b", label, re.I) for label in view.row_labels + view.col_labels):
        return None  # "the range of the Trail T5": a measure the table states
    cols = parts_asked(ctx, row) or period_cols(ctx, row)
    spans = named_range(ctx.q.text)
    if spans:
        cols = [c for c in cols if (p := col_period(view.col_labels[c])) and within(p, *spans)]
    kinds = Counter(col_period(view.col_labels[c]).kind for c in cols)  # type: ignore[union-attr]
    kind = kinds.most_common(1)[0][0] if kinds else ""
    cols = [c for c in cols if col_period(view.col_labels[c]).kind == kind]  # type: ignore[union-attr]
    if len(cols) < 2 or len({col_period(view.col_labels[c]) for c in cols}) < len(cols):
        return None  # "Units sold 2024", "Returns 2024": measures of one period, no periods of the line
    cells = tuple(view.operand(row, c) for c in cols)
    scale = view.cell_scale(row, cols[0])
    program = Program("subtract", (Program("argmax", cells, scale), Program("argmin", cells, scale)), scale,
                      "line_range")
    return program, "line_range"
