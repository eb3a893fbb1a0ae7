"""A share's part: the row named, or the rows a word the question names begins ("what share of 2024 unit sales
were the two Commuter models?": Commuter C1 and Commuter C2), over the whole of a column."""

from __future__ import annotations

import re

from ..program.program import Program
from ..reading.context import Ctx


def part_over_whole(ctx: Ctx, row: int, col: int, rows: list[int]):
    """The row's cell (or the rows' a word the question names begins: "the two Commuter models") over the sum of
    ``rows``, as a percentage."""
    view = ctx.view
    asked = set(re.findall(r"[a-z][a-z0-9-]+", ctx.q.text.lower()))
    first = {r: view.row_labels[r].split()[0].lower() for r in rows if view.row_labels[r].split()}
    group = [r for r in rows if first.get(r) == first.get(row) and first.get(r) in asked and
             len(view.row_labels[r].split()) > 1 and view.row_labels[r].lower() not in ctx.q.text.lower()]
    cells = [view.operand(r, col, view.amount(r, col)) for r in (group if row in group and len(group) >= 2 else [row])]
    whole = Program("add", tuple(view.operand(r, col, view.amount(r, col)) for r in rows))
    part = cells[0] if len(cells) == 1 else Program("add", tuple(cells))
    return Program("percent_of", (part, whole), "percent", "share_of_all"), "share_of_all"
