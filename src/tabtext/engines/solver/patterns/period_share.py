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
from .arith import result
from .measure_periods import ASKS_PERIOD, extreme_period
from .per_unit import stems
from .period_cols import col_period, period_cols

PART_OF_PERIOD = re.compile(r"\b(?:share|proportion|percentage|percent|fraction)\s+of\b(?P<whole>.*?)\b(?:(?:was|were)\s+"
                            r"(?:earned|made|sold|completed|generated|recorded|delivered|shipped|installed|booked|spent|"
                            r"paid)|came|was|were|fell|arrived|happened|occurred|took place|made|earned|sold|completed)\s+"
                            r"(?:in|during)\s+(?P<part>.+?)"
                            r"\s*\??$"
                            # "what percentage of the year's sales did Q4 account for?" (read as "... was Q4?")
                            r"|\b(?:share|proportion|percentage|percent|fraction)\s+of\b(?P<whole2>.*?)\b(?:did|does|do|was|were|is)\s+"
                            r"(?P<part2>.+?)(?:\s+(?:account\s+for|represent|make\s+up))?\s*\??$", re.I)

_WHOLE = re.compile(r"\b(?:total|all|overall|combined|whole|entire)\b|\b(?:months|quarters|years|weeks|periods)'?(?!\w)",
                    re.I)

#: a whole that is the year of the part ("of annual sales", "of the year's sales", "of full-year revenue")
_YEAR_WHOLE = re.compile(r"\b(?:annual|yearly|full[- ]year|(?:the|that|whole|entire|full)\s+year(?:'s)?|year's)(?!\w)", re.I)

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


def _one_year(ctx: Ctx, cols: list[int]) -> int | None:
    """The one year every period column is in, if there is one."""
    years = {p.year for c in cols if (p := col_period(ctx.view.col_labels[c])) is not None}
    return years.pop() if len(years) == 1 else None


def period_share(ctx: Ctx):
    """The named row in the part period over the row in the whole, as a percentage."""
    m = PART_OF_PERIOD.search(ctx.q.text)
    if m is None:
        return None
    part_words, whole_words = (m["part"], m["whole"]) if m["part"] is not None else (m["part2"], m["whole2"])
    row = _line_named(ctx, stems(_without_periods(whole_words))) or ctx.best_row  # "of 2024 installations"
    if row is None:
        return None
    if not _ONLY_PERIOD.fullmatch(_without_periods(part_words)):  # "was in the UK in 2023": a row's share
        return None
    parts, wholes = _named(part_words), _named(whole_words)
    cols = period_cols(ctx, row)
    if len(parts) != 1 or len(wholes) > 1 or not cols:
        return None
    if parts[0].year is None:  # "of 2024 revenue came in Q3"; "in Q4" of a table of one year's quarters
        year = wholes[0].year if len(wholes) == 1 else _one_year(ctx, cols)
        parts = [dataclasses.replace(parts[0], year=year)] if year is not None else parts
    if not wholes and _YEAR_WHOLE.search(whole_words) and parts[0].year is not None:
        wholes = [Period(parts[0].year, 12, 12, "year")]
    if not wholes and not _WHOLE.search(whole_words):
        return None
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


#: "the largest share of revenue": the whole a line's share is of
SHARE_OF_LINE = re.compile(r"\b(?:share|proportion|percentage|percent|fraction|part)\s+of\s+(?:the\s+|its\s+|their\s+|our\s+)?"
                            r"(?:total\s+|overall\s+|all\s+)?(?P<of_line>[a-z][a-z &'-]*?)(?=\s+(?:in|during|for|across|over|"
                            r"by|from|of)\b|\s*[?,.]|$)", re.I)


def share_extreme(ctx: Ctx):
    """ "In which fiscal year did insurance reimbursements make up the largest share of revenue?": the line named
    before the share over the line named after it, in each period; the period where it is highest (lowest)."""
    text, view = ctx.q.text, ctx.view
    m = SHARE_OF_LINE.search(text)
    if m is None or not ASKS_PERIOD.search(text):
        return None
    whole = _line_named(ctx, stems(m["of_line"]))
    part = _line_named(ctx, stems(text[:m.start()]), skip=whole)
    if whole is None or part is None:
        return None
    found = extreme_period(ctx, lambda c: result(view, [(part, c), (whole, c)], "percent_of", ctx.q), [part, whole])
    return (found, "share_of_all") if found is not None else None


def _line_named(ctx: Ctx, words: set[str], skip: int | None = None) -> int | None:
    """The row sharing most words with ``words``; among equals, the one whose first word is named ("Installations
    completed", not "Cost of installations"), then the one with fewest other words ("Total revenue" before "Other
    revenue" for "revenue")."""
    view = ctx.view
    scored = [(len(label & words), stems(view.row_labels[r].split()[0]) <= words, -len(label - words), r)
              for r in range(view.header_rows, view.table.n_rows) if r != skip and (label := stems(view.row_labels[r]))]
    best = max(scored, default=(0, False, 0, None))
    return best[3] if best[0] else None
