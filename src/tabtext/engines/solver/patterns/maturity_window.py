"""Amounts due within, or beyond, a number of years, over a table of maturity columns ("Less than 1 year",
"1-3 years", "3-5 years", "More than 5 years"): "the lease payments due within 3 years" sums the named row's
buckets that end by year 3, "due in more than 3 years" the buckets after it, and "what percentage of the lease
payments is due within 3 years" puts that sum over the row's total column."""

from __future__ import annotations

import math
import re

from ..program import ops
from ..program.program import Program
from ..reading.context import Ctx

_N = r"(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10}
WITHIN = re.compile(rf"\b(?:within|(?:in|over) the (?:next|first|coming)|next|(?:a )?maximum of|up to|no more than|"
                    rf"less than|fewer than)\s+(?:the\s+)?{_N}\s+years?\b", re.I)
BEYOND = re.compile(rf"\b(?:more than|after|beyond|later than|in excess of|over)\s+{_N}\s+years?\b", re.I)
_SHARE = re.compile(r"\bpercent(?:age)?\b|\bproportion\b|\bportion\b|\bshare\b|\bfraction\b|%", re.I)
_BUCKETS = (  # (pattern over a column label, the year its bucket ends by, read from the pattern's number)
    (re.compile(r"\b(?:less than|under|within|up to)\s+(\d+)\s+years?\b|\b(\d+)\s+years?\s+or\s+less\b", re.I), "n"),
    (re.compile(r"\b\d+\s*(?:-|–|to|through)\s*(\d+)\s+years?\b", re.I), "n"),
    (re.compile(r"\b(?:more than|after|over|beyond|greater than|thereafter)\s+(\d+)\s+years?\b|\b(\d+)\+\s*years?\b",
                re.I), "after"),
)
_TOTAL = re.compile(r"^\s*total\b", re.I)


def asks_window(ctx: Ctx) -> bool:
    return (WITHIN.search(ctx.q.text) or BEYOND.search(ctx.q.text)) is not None


def bucket_end(label: str) -> float | None:
    """The year a maturity column ends by (inf for "more than 5 years"); None for a column of no bucket."""
    for pattern, kind in _BUCKETS:
        found = pattern.search(label)
        if found:
            return math.inf if kind == "after" else float(next(g for g in found.groups() if g))
    return None


def _years(found: re.Match) -> int:
    word = found.group(1).lower()
    return int(word) if word.isdigit() else _COUNT_WORDS[word]


def maturity_window(ctx: Ctx):
    """The named row's buckets ending by year N (within) or after it (beyond), summed, or as a percentage of the
    row's total column when a share is asked; only when a bucket ends exactly at N."""
    view, row = ctx.view, ctx.best_row
    if row is None:
        return None
    within = WITHIN.search(ctx.q.text)
    found = within or BEYOND.search(ctx.q.text)
    n = _years(found)  # type: ignore[arg-type]
    ends = {c: end for c in range(1, view.table.n_cols) if view.amount(row, c) is not None and
            (end := bucket_end(view.col_labels[c])) is not None}
    if n not in ends.values() or len(ends) < 3:
        return None
    cols = [c for c, end in ends.items() if (end <= n) == bool(within)]
    operands = [view.operand(row, c) for c in cols]
    scale = view.cell_scale(row, cols[0])
    if _SHARE.search(ctx.q.text):
        totals = [c for c in range(1, view.table.n_cols) if _TOTAL.search(view.col_labels[c])
                  and view.amount(row, c) is not None]
        if not totals:
            return None
        whole = view.operand(row, totals[0])
        program = ops.build("sum_percent_of" if len(operands) > 1 else "percent_of", [*operands, whole], "percent",
                            pattern="maturity_window")
    else:
        program = ops.build("sum", operands, scale, pattern="maturity_window") if len(operands) > 1 else None
    return (program, "maturity_window") if isinstance(program, Program) else None
