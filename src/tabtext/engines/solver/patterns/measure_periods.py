"""The period in which a measure the table does not state is highest or lowest ("which quarter had the weakest
gross margin?", "which year had the higher operating margin, 2023 or 2024?"), or its figure there ("the highest
quarterly gross margin"): the measure built in each period column, then a choice among them named by its period
(argmax / argmin with key "period") or by its figure, run again each time."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from ....periods import find_periods
from ..program.program import Program
from ..reading.context import Ctx
from .period_cols import col_period

ASKS_PERIOD = re.compile(r"^\s*(?:in\s+|during\s+)?(?:which|what)\s+(?:fiscal\s+|financial\s+)?(?:year|quarter|month|half|"
                         r"period|fy)s?\b|^\s*when\b", re.I)
HIGH = re.compile(r"\b(?:highest|largest|biggest|best|strongest|most|higher|larger|bigger|better|stronger|greatest|"
                   r"widest|peak|maximum)\b", re.I)
LOW = re.compile(r"\b(?:lowest|smallest|weakest|worst|least|fewest|lower|smaller|weaker|worse|fewer|narrowest|minimum)\b", re.I)


def extreme_period(ctx: Ctx, per_col: Callable[[int], Program | None], rows: list[int]) -> Program | None:
    """argmax / argmin (key "period") of ``per_col`` over the period columns where every one of ``rows`` has a
    figure: the periods the question names when it names two or more, else every column of the commonest kind."""
    text, view = ctx.q.text, ctx.view
    high, low = HIGH.search(text), LOW.search(text)
    period = ASKS_PERIOD.search(text) is not None  # else its figure ("the highest quarterly gross margin"), when no
    if bool(high) == bool(low) or not period and find_periods(text):  # period is named
        return None
    cols = [c for c in range(1, view.table.n_cols) if col_period(view.col_labels[c]) and
            all(view.amount(r, c) is not None for r in rows)]
    named = {p for _, _, p in find_periods(text) if p.year is not None}
    if len(named) >= 2:
        cols = [c for c in cols if col_period(view.col_labels[c]) in named]
    else:
        kinds = Counter(col_period(view.col_labels[c]).kind for c in cols)  # type: ignore[union-attr]
        kind = kinds.most_common(1)[0][0] if kinds else ""
        cols = [c for c in cols if col_period(view.col_labels[c]).kind == kind]  # type: ignore[union-attr]
    programs = tuple(p for c in cols if (p := per_col(c)) is not None)
    if len(programs) < 2:
        return None
    return Program("argmax" if high else "argmin", programs, "" if period else programs[0].scale,
                   key="period" if period else "")
