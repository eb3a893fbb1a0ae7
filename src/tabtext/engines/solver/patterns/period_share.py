"""A period's share of a longer one on the same line: "what proportion of first-half visitors came in June?",
"what fraction of total ticket revenue came in the second quarter?" — the line in the part named last over the
line in the whole named before it (its columns; every period column of the part's kind when no whole is named)."""

from __future__ import annotations

import dataclasses
import re

from ....periods import bare_months, find_periods
from ....types import Period
from ..lexicon.words import MONTH_WORD
from ..program.program import Program
from ..reading.context import Ctx
from .period_cols import col_period, period_cols

PART_OF_PERIOD = re.compile(r"\b(?:share|proportion|percentage|percent|fraction)\s+of\b(?P<whole>.*?)\b(?:came|was|were|"
                            r"fell|arrived|happened|occurred|took place|made|earned|sold)\s+(?:in|during)\s+(?P<part>.+?)"
                            r"\s*\??$", re.I)

_WHOLE = re.compile(r"\b(?:total|all|overall|combined|whole|entire)\b|\b(?:months|quarters|years|weeks|periods)'?(?!\w)",
                    re.I)

_ONLY_PERIOD = re.compile(r"[\s,.]*(?:(?:the|month|months|quarter|year|half|of|alone|by itself)[\s,.]*)*", re.I)


def _without_periods(text: str) -> str:
    text = re.sub(r"(?<=\w)-(?=half|quarter)", " ", text)
    spans = [(s, e) for s, e, _ in find_periods(text)]
    return re.sub(r"\b" + MONTH_WORD + r"\.?", " ",
                  "".join(" " if any(s <= i < e for s, e in spans) else ch for i, ch in enumerate(text)), flags=re.I)


def _named(text: str) -> list[Period]:
    text = re.sub(r"(?<=\w)-(?=half|quarter)", " ", text)  # "first-half"
    return [p for _, _, p in find_periods(text)] or bare_months(text)


def _cols_of(ctx: Ctx, cols: list[int], period: Period) -> list[int]:
    """The columns that are ``period`` or lie inside it (months without a year matched by month)."""
    lo, hi = period.span()
    out = []
    for c in cols:
        p = col_period(ctx.view.col_labels[c])
        if p is None or (p.year is None) != (period.year is None):
            continue
        a, b = p.span()
        if lo <= a and b <= hi:
            out.append(c)
    return out


def period_share(ctx: Ctx):
    """The named row in the part period over the row in the whole, as a percentage."""
    m, row = PART_OF_PERIOD.search(ctx.q.text), ctx.best_row
    if m is None or row is None:
        return None
    if not _ONLY_PERIOD.fullmatch(_without_periods(m.group("part"))):  # "was in the UK in 2023": a row's share
        return None
    parts, wholes = _named(m.group("part")), _named(m.group("whole"))
    cols = period_cols(ctx, row)
    if len(parts) != 1 or len(wholes) > 1 or not cols or not wholes and not _WHOLE.search(m.group("whole")):
        return None
    if parts[0].year is None and len(wholes) == 1 and wholes[0].year is not None:  # "of 2024 revenue came in Q3"
        parts = [dataclasses.replace(parts[0], year=wholes[0].year)]
    part = _cols_of(ctx, cols, parts[0])
    kind = {col_period(ctx.view.col_labels[c]).kind for c in part}  # type: ignore[union-attr]
    whole = _cols_of(ctx, cols, wholes[0]) if wholes else \
        [c for c in cols if col_period(ctx.view.col_labels[c]).kind in kind]  # type: ignore[union-attr]
    own = [c for c in whole if wholes and col_period(ctx.view.col_labels[c]).span() == wholes[0].span()]  # type: ignore[union-attr]
    whole = own[:1] or whole  # "FY25" beside its quarters: the whole is its own column, not it plus its parts
    if not part or not (set(part) < set(whole) or own and own[0] not in part):
        return None
    view = ctx.view
    top, bottom = (tuple(view.operand(row, c) for c in cs) for cs in (part, whole))
    num = top[0] if len(top) == 1 else Program("add", top)
    den = bottom[0] if len(bottom) == 1 else Program("add", bottom)
    return Program("percent_of", (num, den), "percent", "share_of_all"), "share_of_all"
