"""The grounded question: a read table, the rows/columns/periods the question names, and their order."""

from __future__ import annotations

import re

from ..lexicon.words import MONTHS, YEAR, content_tokens, tokenize, without_years, years_in
from .question import Grounding, Query
from .table import TableView

#: a column of a part of a year ("H1 2024", "Q3 2024"): a year asked is its own column when it has one
_PART_OF_YEAR = re.compile(r"\b(?:q[1-4]|[1-4]q|h[12]|[12]h)\b|\bquarter\b|\b(?:first|second) half\b", re.I)

MIN_ROW = 0.9


class Ctx:
    def __init__(self, view: TableView, g: Grounding, q: Query) -> None:
        self.view, self.g, self.q = view, g, q
        ranked = sorted(g.row_scores.items(), key=lambda kv: (-kv[1], kv[0]))
        self.ranked_rows = ranked

    @property
    def best_row(self) -> int | None:
        if not self.ranked_rows or self.ranked_rows[0][1] < MIN_ROW:
            return None
        return self.ranked_rows[0][0]

    def rows_mentioned(self, limit: int = 4) -> list[int]:
        """Several rows the question names (e.g. "A and B"): near-best rows whose words cover different parts."""
        if self.best_row is None:
            return []
        if len(self.g.part_rows) >= 2:
            return self.g.part_rows[:limit]
        best = self.ranked_rows[0][1]
        out = [r for r, s in self.ranked_rows[:limit] if s >= max(MIN_ROW, 0.6 * best)]
        # the same label in two blocks of the table, one per year ("2019:" then "2018:"), is one row named
        keys = [(self.view.row_labels[r].strip().lower(), self._year_block(r)) for r in out]
        out = [r for i, r in enumerate(out) if not (keys[i][1] and keys[i] in keys[:i])]
        # "Balance at June 30, 2017" is not a second operand next to "Balance at June 30, 2019" unless its year is asked
        dated = [without_years(self.view.row_labels[r], "").strip().lower() for r in out]
        return [r for i, r in enumerate(out) if not (dated[i] in dated[:i] and years_in(self.view.row_labels[r])
                                                     and not set(years_in(self.view.row_labels[r])) & set(self.q.years))]

    def _year_block(self, r: int) -> bool:
        sec = self.view.row_sections[r]
        return bool(years_in(sec)) and not [t for t in content_tokens(sec) if t not in ("fiscal", "year")]

    def year_axis(self) -> str:
        if self.g.year_cols:
            return "col"
        if self.g.year_rows:
            return "row"
        return "col" if self._undated_period_cols() >= 2 else ""

    def _undated_period_cols(self) -> int:
        """Columns named by a month, quarter or half alone ("January" ... "August": one year's months, no year)."""
        from ....periods import as_period

        return sum(1 for lbl in self.view.col_labels[1:] if (p := as_period(lbl)) is not None and p.year is None
                   and p.kind in ("month", "quarter", "half"))

    def col_for_year(self, year: str, row: int | None = None) -> int | None:
        cols = self.g.year_cols.get(year, [])
        if row is not None:  # a column where the row has a figure ("38.7%" under a year, not "-130 bps")
            cols = [c for c in cols if self.view.amount(row, c) is not None] or cols
        if not cols:
            return None
        def key(c: int) -> tuple[int, int, float, int, int, int]:
            pct = self.is_percent_col(c) if row is None else self.is_percent_cell(row, c)
            part = bool(_PART_OF_YEAR.search(self.view.col_labels[c])) and not _PART_OF_YEAR.search(self.q.text)
            return (int(pct != self.q.percent), int(self.view.col_years[c][0] != year), len(self.view.col_years[c]),
                    int(part), -self.g.col_scores.get(c, 0.0), c)
        return min(cols, key=key)

    def is_percent_col(self, c: int) -> bool:
        return self._percent_col(c) or self._percent_label(c)

    def is_percent_cell(self, r: int, c: int) -> bool:
        """A rate: its own "%", or a column of rates; an amount row of a column that alternates amounts and
        their shares ("Product gross profit" over "Percent of product revenues") is not one."""
        return "%" in self.view.cell_text(r, c) or self._percent_label(c)

    def _percent_label(self, c: int) -> bool:
        label = re.sub(r"except\b.*", "", self.view.col_labels[c].lower())
        return "%" in label or "percent" in label or not self.view.scale and self.view.percent_column(c)

    def _percent_col(self, c: int) -> bool:
        cells = [self.view.cell_text(r, c) for r in self.view.data_rows() if self.view.value(r, c) is not None]
        return bool(cells) and sum("%" in t for t in cells) * 2 >= len(cells)

    def value_cols(self) -> list[int]:
        """Columns in the order of the table's periods (first = as printed, usually newest)."""
        seen, out = set(), []
        for c, ys in enumerate(self.view.col_years):
            if c and ys and ys[0] not in seen:
                col = self.col_for_year(ys[0])
                if col is not None:
                    seen.add(ys[0])
                    out.append(col)
        return out

    def best_col(self) -> int | None:
        cols = [c for c in self.view.numeric_cols()]
        if not cols:
            return None
        return min(cols, key=lambda c: (-self.g.col_scores.get(c, 0.0), c))

    def cells_over_years(self, row: int, years: list[str]) -> list[tuple[int, int]]:
        picks = {y: self.col_for_year(y, row) for y in years}
        groups = [self.col_group(c) for c in picks.values() if c is not None]
        if any(len(a & b) * 2 < len(a | b) for a in groups for b in groups):
            picks = self._same_group(row, years, groups) or picks
        out = []
        for y in years:
            c = picks[y]
            if c is not None and self.view.amount(row, c) is not None and (row, c) not in out:
                out.append((row, c))
        return out

    def col_group(self, c: int) -> frozenset[str]:
        """A column's label without its period: the column group it belongs to ("Net additions (losses)")."""
        label = re.sub(rf"{YEAR}|\(\d\)|\b\d{{1,2}}\b|\([^)]*(?:million|thousand|billion|000)[^)]*\)", " ",
                       self.view.col_labels[c], flags=re.I)  # "(in millions)" is a unit, not a group
        return frozenset(t for t in content_tokens(label) if t[:3] not in MONTHS)

    def _same_group(self, row: int, years: list[str], firsts: list[frozenset[str]]) -> dict[str, int] | None:
        """One column per year, all from the group of one of the years' first choices, when these mix groups
        ("August 31, 2019" and "Net additions (losses) August 31, 2018")."""
        cands = {y: [c for c in self.g.year_cols.get(y, []) if self.view.amount(row, c) is not None] for y in years}
        if any(not cs for cs in cands.values()):
            return None
        common = set.intersection(*({self.col_group(c) for c in cs} for cs in cands.values()))
        group = next((g for g in firsts if g in common), None)
        if group is None:
            return None
        return {y: min(c for c in cands[y] if self.col_group(c) == group) for y in years}


_PERIOD_PAIR = re.compile(rf"{YEAR}\s*(?:and|to|through|-)\b|\b(?:and|to|through)\s+[^?]{{0,24}}?{YEAR}")


def years_for(ctx: Ctx, op: str) -> list[str]:
    """The periods an operator works over, oldest last as TAT-QA writes changes (new - old)."""
    q, avail = ctx.q, [ys[0] for c, ys in enumerate(ctx.view.col_years) if c and ys]
    years = [y for y in q.years if y in ctx.g.year_cols]
    if op in ("diff", "change_ratio"):
        if len(years) == 1:
            prev = str(int(years[0]) - 1)
            years = years + ([prev] if prev in ctx.g.year_cols else [y for y in avail if y < years[0]][:1])
        elif not years:
            years = sorted(set(avail), reverse=True)[:2]
        return sorted(set(years), reverse=True)[:2]
    if op == "average" and len(years) == 1 and not _PERIOD_PAIR.search(q.text.lower()):
        prev = str(int(years[0]) - 1)
        if prev in ctx.g.year_cols:
            return [years[0], prev]
    if not years:
        seen = []
        for y in avail:
            if y not in seen:
                seen.append(y)
        return seen
    return years


def named_cols(ctx: Ctx, row: int) -> list[int]:
    """Non-period columns the question names ("high and low", "current and total"), in question order."""
    qyears = [y for y in ctx.q.years if y in ctx.g.year_cols]
    cols = [c for c, s in ctx.g.col_scores.items() if s >= 1.0 and ctx.view.value(row, c) is not None
            and (not qyears or any(y in ctx.view.col_years[c] for y in qyears[:1]))]
    if len(cols) < 2:
        return []
    # a column is named only by words the other value columns' labels lack
    value_cols = [c for c in ctx.view.numeric_cols() if ctx.view.value(row, c) is not None]
    common = set.intersection(*(set(content_tokens(ctx.view.col_labels[c])) for c in value_cols)) if value_cols else set()
    qset = set(ctx.q.tokens)
    cols = [c for c in cols if (set(content_tokens(ctx.view.col_labels[c])) - common) & qset]
    if len(cols) < 2:
        return []
    return sorted(sorted(cols, key=lambda c: -ctx.g.col_scores[c])[:2], key=lambda c: mention(ctx, ctx.view.col_labels[c],
                                                                                             [ctx.view.col_labels[o] for o in cols]))


def mention(ctx: Ctx, label: str, others: list[str]) -> int:
    """Where the question first names a label, by the label's own words (those the other labels lack)."""
    toks = tokenize(ctx.q.text)
    mine = set(content_tokens(label))
    theirs = {t for o in others if o != label for t in content_tokens(o)}
    own = (mine - theirs) or mine
    hits = [i for i, t in enumerate(toks) if t in own]
    return hits[0] if hits else 10**6


def share_rows(ctx: Ctx) -> list[int]:
    """A share of a total ("percentage of A in total B"): the best non-total row over the best total row."""
    low = ctx.q.text.lower()
    if not re.search(r"\btotal\b|\ball\b", low):
        return []
    def is_total(r: int) -> bool:
        return bool(re.match(r"\s*(?:total|net total|sum)\b", ctx.view.row_labels[r].lower()))
    parts = [r for r, s in ctx.ranked_rows if not is_total(r) and s >= MIN_ROW]
    totals = [r for r, s in ctx.ranked_rows if is_total(r)]
    if not parts or not totals:
        return []
    return [parts[0], totals[0]]


def order_rows(ctx: Ctx, rows: list[int]) -> list[int]:
    """Operands in the order the question names them; a 'total' row is the denominator of a share."""
    labels = [ctx.view.row_labels[r] for r in rows]
    ordered = sorted(rows, key=lambda r: mention(ctx, ctx.view.row_labels[r], labels))
    if ctx.q.kind == "divide" and len(rows) == 2 and \
            re.match(r"\s*(?:total|net total|sum)\b", ctx.view.row_labels[rows[1]].lower()):
        return rows
    if ctx.q.kind == "divide":
        totals = [r for r in ordered if ctx.view.row_labels[r].lower().startswith("total")]
        if len(totals) == 1 and len(ordered) == 2:
            ordered = [r for r in ordered if r != totals[0]] + totals
    return ordered
