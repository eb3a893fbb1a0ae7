"""TAT-QA: answer one question over a table and its paragraphs with general rules.

Flow: classify the question (operator) -> read the table -> ground rows and periods -> compute with the
safe calculator, or route to text-span extraction; each answer keeps its operator, derivation and evidence.
"""

from __future__ import annotations

import re

from ...types import Answer, Evidence, Example, Prediction
from . import ops
from .question import Grounding, Query, classify, content_tokens, ground, tokenize
from .scale import paragraph_scale
from .select import clean_label, passes, section_rows, threshold
from .table import TableView, read_table
from .textnum import text_arithmetic
from .textspan import text_answer, text_coverage

_MIN_ROW = 0.9
TEXT_MARGIN = 0.15
_ARITH_OPS = ("diff", "change_ratio", "average", "sum", "divide", "percent_of")  # how much better a sentence must cover the question than the table cell's labels  # a row must share at least about one distinctive word with the question


class Ctx:
    def __init__(self, view: TableView, g: Grounding, q: Query) -> None:
        self.view, self.g, self.q = view, g, q
        ranked = sorted(g.row_scores.items(), key=lambda kv: (-kv[1], kv[0]))
        self.ranked_rows = ranked

    @property
    def best_row(self) -> int | None:
        if not self.ranked_rows or self.ranked_rows[0][1] < _MIN_ROW:
            return None
        return self.ranked_rows[0][0]

    def rows_mentioned(self, limit: int = 4) -> list[int]:
        """Several rows the question names (e.g. "A and B"): near-best rows whose words cover different parts."""
        if self.best_row is None:
            return []
        best = self.ranked_rows[0][1]
        out = [r for r, s in self.ranked_rows[:limit] if s >= max(_MIN_ROW, 0.6 * best)]
        return out

    def year_axis(self) -> str:
        if self.g.year_cols:
            return "col"
        if self.g.year_rows:
            return "row"
        return ""

    def col_for_year(self, year: str) -> int | None:
        cols = self.g.year_cols.get(year, [])
        if not cols:
            return None
        def key(c: int) -> tuple[int, float, int, int]:
            pct = any("%" in self.view.cell_text(r, c) for r in self.view.data_rows()[:6]) or \
                "%" in self.view.col_labels[c] or "percent" in self.view.col_labels[c].lower()
            return (int(pct != self.q.percent), -self.g.col_scores.get(c, 0.0), len(self.view.col_years[c]), c)
        return min(cols, key=key)

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
        out = []
        for y in years:
            c = self.col_for_year(y)
            if c is not None and self.view.value(row, c) is not None and (row, c) not in out:
                out.append((row, c))
        return out


def _years_for(ctx: Ctx, op: str) -> list[str]:
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
    if op == "average" and len(years) == 1 and not re.search(r"\b(?:and|to|through)\b", q.text.lower()):
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


def _result(view: TableView, cells: list[tuple[int, int]], op: str, q: Query, order_values=None):
    values = order_values if order_values is not None else [view.value(r, c) for r, c in cells]
    got = ops.compute(op, values)
    if got is None:
        return None
    value, expr = got
    scale = _arith_scale(view, cells, op, q)
    return Answer(ops.answer_number(value), scale, expr), [Evidence("cell", r, c, text=view.cell_text(r, c))
                                                          for r, c in cells]


def _arith_scale(view: TableView, cells: list[tuple[int, int]], op: str, q: Query) -> str:
    if op in ("change_ratio", "percent_of"):
        return "percent"
    if op == "divide":
        return ""
    scales = [view.cell_scale(r, c) for r, c in cells]
    return scales[0] if scales else view.scale


def _solve_table(ctx: Ctx):
    view, q, kind = ctx.view, ctx.q, ctx.q.kind
    row = ctx.best_row
    if kind == "list_years":
        years = [ys[0] for c, ys in enumerate(view.col_years) if c and ys]
        years = list(dict.fromkeys(years)) or list(ctx.g.year_rows)
        if years:
            return Answer(tuple(years)), [], "list_years"
        return None
    if kind == "list_items":
        return _list_items(ctx)
    if kind == "count":
        return _count(ctx)
    if row is None:
        return None
    axis = ctx.year_axis()
    if kind in ("diff", "change_ratio", "average", "sum", "divide"):
        return _arithmetic(ctx, row, axis)
    if kind == "compare" and axis == "col" and threshold(q, view) is not None:
        return _years_passing(ctx, row)
    if kind == "compare" and not re.search(r"\b(?:year|years|period|fiscal)\b", q.text.lower()):
        return _compare_rows(ctx)
    if kind == "compare" and axis == "col":
        years = _years_for(ctx, "compare")
        cells = ctx.cells_over_years(row, years)
        if len(cells) >= 2:
            pick = (max if q.direction == "max" else min)(cells, key=lambda rc: view.value(*rc))
            year = view.col_years[pick[1]][0]
            return Answer((year,)), [Evidence("cell", *pick, text=view.cell_text(*pick))], "compare"
        return None
    return _value(ctx, row)


_CONNECT = re.compile(r"\band\b|\bto\b|\bcompared\b|\bthan\b|\bvs\.?\b|\bover\b|\bof\b|\bfrom\b|\bin\b|\bbetween\b")


def _op_for(kind: str, q: Query) -> str:
    if kind == "divide" and q.percent and not re.search(r"\bratio\b", q.text.lower()):
        return "percent_of"
    return kind


def _magnitude(q: Query) -> bool:
    """ "The difference between A and B" (no change/increase/decrease wording) is read as a magnitude."""
    low = q.text.lower()
    return "difference" in low and not re.search(r"\bchange|\bincrease|\bdecrease|\bpercentage|\bpercent\b|%|\bnet\b",
                                                 low)


def _try(view: TableView, cells: list[tuple[int, int]], op: str, q: Query):
    cells = [rc for rc in cells if view.value(*rc) is not None]
    if len(cells) < 2:
        return None
    if op == "diff" and len(cells) == 2 and _magnitude(q) and view.value(*cells[0]) < view.value(*cells[1]):
        cells = cells[::-1]
    res = _result(view, cells, op, q)
    return (res[0], res[1], op) if res else None


def _named_cols(ctx: Ctx, row: int) -> list[int]:
    """Non-period columns the question names ("high and low", "current and total"), in question order."""
    qyears = [y for y in ctx.q.years if y in ctx.g.year_cols]
    cols = [c for c, s in ctx.g.col_scores.items() if s >= 1.0 and ctx.view.value(row, c) is not None
            and (not qyears or any(y in ctx.view.col_years[c] for y in qyears[:1]))]
    if len(cols) < 2:
        return []

    return sorted(sorted(cols, key=lambda c: -ctx.g.col_scores[c])[:2], key=lambda c: _mention(ctx, ctx.view.col_labels[c],
                                                                                             [ctx.view.col_labels[o] for o in cols]))


def _mention(ctx: Ctx, label: str, others: list[str]) -> int:
    """Where the question first names a label, by the label's own words (those the other labels lack)."""
    toks = tokenize(ctx.q.text)
    mine = set(content_tokens(label))
    theirs = {t for o in others if o != label for t in content_tokens(o)}
    own = (mine - theirs) or mine
    hits = [i for i, t in enumerate(toks) if t in own]
    return hits[0] if hits else 10**6


def _average_change(ctx: Ctx, row: int):
    """ "The change between the 2018 and 2019 average X" / "the difference between the 2019 average A and the
    2019 average B": a difference of two averages, each over a year and the year before."""
    view, q = ctx.view, ctx.q
    qyears = sorted({y for y in q.years if y in ctx.g.year_cols}, reverse=True)

    def avg_cells(r: int, year: str) -> list[tuple[int, int]]:
        prev = str(int(year) - 1)
        return ctx.cells_over_years(r, [year, prev]) if prev in ctx.g.year_cols else []

    rows = ctx.rows_mentioned()
    if len(rows) >= 2 and qyears:
        groups = [avg_cells(r, qyears[0]) for r in _order_rows(ctx, rows[:2])]
    elif len(qyears) >= 2:
        groups = [avg_cells(row, qyears[0]), avg_cells(row, qyears[1])]
    else:
        return None
    if any(len(g) != 2 for g in groups):
        return None
    parts = [ops.compute("average", [view.value(*rc) for rc in g]) for g in groups]
    if any(p is None for p in parts):
        return None
    got = ops.compute("diff", [parts[0][0], parts[1][0]])
    if got is None:
        return None
    expr = f"[{parts[0][1]}] - [{parts[1][1]}]"
    cells = groups[0] + groups[1]
    return Answer(ops.answer_number(got[0]), _arith_scale(view, cells, "diff", q), expr), \
        [Evidence("cell", *rc, text=view.cell_text(*rc)) for rc in cells], "average_diff"


def _arithmetic(ctx: Ctx, row: int, axis: str):
    view, q, kind = ctx.view, ctx.q, ctx.q.kind
    if kind == "average" and axis == "col" and \
            re.search(r"\b(?:change|difference|increase|decrease)\b.*\baverage", q.text.lower()):
        got = _average_change(ctx, row)
        if got:
            return got
    op = _op_for(kind, q)
    qyears = [y for y in q.years if y in ctx.g.year_cols]
    rows = ctx.rows_mentioned()
    low = q.text.lower()
    if kind == "divide":
        rows = _share_rows(ctx) or rows
    if kind == "sum" and len(qyears) <= 1 and "total" in view.row_labels[row].lower() and \
            not re.search(r"\bsum\b|\bcombined\b|\baltogether\b|\band\b", low):
        return _value(ctx, row)
    if axis == "col" and len(qyears) >= 2 and kind != "divide":
        return _try(view, ctx.cells_over_years(row, _years_for(ctx, kind)), op, q) or \
            (_value(ctx, row) if kind == "sum" else None)
    if len(rows) >= 2 and _CONNECT.search(low) and (kind != "divide" or len(qyears) <= 1):
        if qyears:
            col = ctx.col_for_year(qyears[0])
        elif axis == "col" and ctx.g.col_scores.get(ctx.best_col() or 0, 0) == 0:
            vc = ctx.value_cols()
            col = vc[0] if vc else ctx.best_col()
        else:
            col = ctx.best_col()
        if col is not None:
            pair = _order_rows(ctx, rows[:2] if kind in ("diff", "divide", "change_ratio") else rows)
            got = _try(view, [(r, col) for r in pair], op, q)
            if got:
                return got
    named = _named_cols(ctx, row) if len(qyears) <= 1 or axis != "col" else []
    if len(named) >= 2 and kind != "average" or len(named) >= 2 and not qyears:
        got = _try(view, [(row, c) for c in named], op, q)
        if got:
            return got
    if kind == "divide":
        return _try(view, ctx.cells_over_years(row, qyears), op, q) if len(qyears) == 2 else None
    if axis == "col":
        cells = ctx.cells_over_years(row, _years_for(ctx, kind))
        if kind == "sum" and len(cells) < 2:
            return _value(ctx, row)
        return _try(view, cells, op, q)
    if axis == "row":
        col = ctx.best_col()
        years = [y for y in q.years if y in ctx.g.year_rows] or list(ctx.g.year_rows)
        if kind in ("diff", "change_ratio"):
            years = sorted(years, reverse=True)[:2]
        cells = [(ctx.g.year_rows[y][0], col) for y in years] if col is not None else []
        return _try(view, cells, op, q)
    return None


def _share_rows(ctx: Ctx) -> list[int]:
    """A share of a total ("percentage of A in total B"): the best non-total row over the best total row."""
    low = ctx.q.text.lower()
    if not re.search(r"\btotal\b|\ball\b", low):
        return []
    def is_total(r: int) -> bool:
        return bool(re.match(r"\s*(?:total|net total|sum)\b", ctx.view.row_labels[r].lower()))
    parts = [r for r, s in ctx.ranked_rows if not is_total(r) and s >= _MIN_ROW]
    totals = [r for r, s in ctx.ranked_rows if is_total(r)]
    if not parts or not totals:
        return []
    return [parts[0], totals[0]]


def _order_rows(ctx: Ctx, rows: list[int]) -> list[int]:
    """Operands in the order the question names them; a 'total' row is the denominator of a share."""
    labels = [ctx.view.row_labels[r] for r in rows]
    ordered = sorted(rows, key=lambda r: _mention(ctx, ctx.view.row_labels[r], labels))
    if ctx.q.kind == "divide" and len(rows) == 2 and \
            re.match(r"\s*(?:total|net total|sum)\b", ctx.view.row_labels[rows[1]].lower()):
        return rows
    if ctx.q.kind == "divide":
        totals = [r for r in ordered if ctx.view.row_labels[r].lower().startswith("total")]
        if len(totals) == 1 and len(ordered) == 2:
            ordered = [r for r in ordered if r != totals[0]] + totals
    return ordered


def _value(ctx: Ctx, row: int):
    view, q = ctx.view, ctx.q
    years = [y for y in q.years if y in ctx.g.year_cols]
    cols = [ctx.col_for_year(y) for y in years] if years else []
    cols = [c for c in cols if c is not None and view.value(row, c) is not None]
    if len(cols) <= 1 and q.multi:
        got = _multi_entities(ctx, row, cols[0] if cols else None)
        if got:
            return got
    if not cols:
        c = ctx.best_col()
        if ctx.year_axis() == "col" and ctx.g.col_scores.get(c or 0, 0) == 0:
            vc = [c for c in ctx.value_cols() if view.value(row, c) is not None]
            c = vc[0] if vc else c
        cols = [c] if c is not None and view.value(row, c) is not None else []
    if not cols:
        return None
    if len(cols) > 1 and (q.multi or len(cols) == len(years)):
        texts = tuple(view.cell_text(row, c) for c in cols)
        return Answer(texts, view.cell_scale(row, cols[0])), [Evidence("cell", row, c, text=view.cell_text(row, c))
                                                              for c in cols], "multi_cell"
    c = cols[0]
    return Answer((view.cell_text(row, c),), view.cell_scale(row, c)), [Evidence("cell", row, c,
                                                                                 text=view.cell_text(row, c))], "cell"


def _multi_entities(ctx: Ctx, row: int, col: int | None):
    """ "The respective A and B (in 2019)": one cell per named row, or per named column."""
    view = ctx.view
    rows = ctx.rows_mentioned()
    if col is None:
        col = ctx.best_col()
        if ctx.year_axis() == "col" and ctx.g.col_scores.get(col or 0, 0) == 0 and ctx.value_cols():
            col = ctx.value_cols()[0]
    cells: list[tuple[int, int]] = []
    if len(rows) >= 2 and col is not None:
        cells = [(r, col) for r in _order_rows(ctx, rows)]
    elif len(_named_cols(ctx, row)) >= 2:
        cells = [(row, c) for c in _named_cols(ctx, row)]
    cells = [rc for rc in cells if view.value(*rc) is not None]
    if len(cells) < 2:
        return None
    return Answer(tuple(view.cell_text(*rc) for rc in cells), view.cell_scale(*cells[0])), \
        [Evidence("cell", *rc, text=view.cell_text(*rc)) for rc in cells], "multi_cell"


def _list_items(ctx: Ctx):
    rows = section_rows(ctx.view, ctx.q)
    if not rows:
        return None
    labels = tuple(dict.fromkeys(clean_label(ctx.view.row_labels[r]) for r in rows))
    return Answer(labels), [Evidence("cell", r, 0, text=ctx.view.row_labels[r]) for r in rows], "list_items"


def _count(ctx: Ctx):
    """How many years/rows pass a threshold, or how many items a section holds."""
    view, q = ctx.view, ctx.q
    test = threshold(q, view)
    low = q.text.lower()
    periods = re.search(r"how many (?:of the )?(?:years|periods|fiscal years)\b", low)
    if test is not None and ctx.ranked_rows and ctx.ranked_rows[0][1] > 0 and (periods or not q.years):
        row = ctx.ranked_rows[0][0]
        cells = [(row, c) for c in ctx.value_cols() if view.value(row, c) is not None]
        years = [y for y in q.years if y in ctx.g.year_cols]
        if len(years) >= 2:
            cells = ctx.cells_over_years(row, years)
        if cells and periods:
            hits = [rc for rc in cells if passes(view.value(*rc), test)]
            return Answer(str(len(hits))), [Evidence("cell", *rc, text=view.cell_text(*rc)) for rc in hits], "count"
    rows = section_rows(view, q)
    if test is not None:
        years = [y for y in q.years if y in ctx.g.year_cols]
        col = ctx.col_for_year(years[0]) if years else (ctx.value_cols() or [ctx.best_col()])[0]
        if col is None:
            return None
        hits = [r for r in rows if view.value(r, col) is not None and passes(view.value(r, col), test)]
        return Answer(str(len(hits))), [Evidence("cell", r, col, text=view.cell_text(r, col)) for r in hits], "count"
    if periods:
        n = len(ctx.value_cols()) or len(ctx.g.year_rows)
        return (Answer(str(n)), [], "count") if n else None
    if not rows:
        return None
    return Answer(str(len(rows))), [Evidence("cell", r, 0, text=view.row_labels[r]) for r in rows], "count"


def _compare_rows(ctx: Ctx):
    """ "Which segment had the largest X (in 2019)?": the row label with the extreme value in that column."""
    view, q = ctx.view, ctx.q
    years = [y for y in q.years if y in ctx.g.year_cols]
    col = ctx.col_for_year(years[0]) if years else ctx.best_col()
    if col is not None and ctx.g.col_scores.get(col, 0) == 0 and not years and ctx.value_cols():
        col = ctx.value_cols()[0]
    if col is None:
        return None
    rows = [r for r in section_rows(view, q) if view.value(r, col) is not None]
    if len(rows) < 2:
        return None
    pick = (max if q.direction == "max" else min)(rows, key=lambda r: view.value(r, col))
    return Answer((clean_label(view.row_labels[pick]),)), [Evidence("cell", pick, col, text=view.cell_text(pick, col))], \
        "compare_rows"


def _years_passing(ctx: Ctx, row: int):
    test = threshold(ctx.q, ctx.view)
    if test is None:
        return None
    cells = [(row, c) for c in ctx.value_cols() if ctx.view.value(row, c) is not None]
    hits = [rc for rc in cells if passes(ctx.view.value(*rc), test)]
    if not hits:
        return None
    return Answer(tuple(ctx.view.col_years[c][0] for _, c in hits)), \
        [Evidence("cell", *rc, text=ctx.view.cell_text(*rc)) for rc in hits], "filter_years"


def table_coverage(q: Query, view: TableView, evidence) -> float:
    """Share of the question's content words found in the labels around the chosen cells."""
    words: set[str] = set()
    for ev in evidence:
        for text in (view.row_labels[ev.row], view.row_sections[ev.row], view.col_labels[ev.col] if ev.col >= 0 else ""):
            words.update(content_tokens(text))
    words.update(content_tokens(view.table.caption))
    qset = set(q.tokens)
    return len(qset & words) / len(qset) if qset else 0.0


def answer_example(example: Example) -> Prediction:
    q = classify(example.question)
    table = example.context.table
    paragraphs = example.context.paragraphs
    out = None
    if table is not None and table.rows and q.kind != "text":
        view = read_table(table)
        if not view.scale:
            view.scale = paragraph_scale(paragraphs)
        ctx = Ctx(view, ground(view, q), q)
        out = _solve_table(ctx)
        if out is not None and out[2] in ("cell", "multi_cell") and paragraphs:
            if text_coverage(q, paragraphs) > table_coverage(q, view, out[1]) + TEXT_MARGIN:
                out = None
    if out is None and q.kind in _ARITH_OPS:
        out = text_arithmetic(q, paragraphs)
    if out is None:
        out = text_answer(q, paragraphs)
    if out is None:
        return Prediction(uid=example.uid, answer=None, error="no answer found", meta={"operator": q.kind})
    answer, evidence, op = out
    return Prediction(uid=example.uid, answer=answer, raw=answer.text(), evidence=tuple(evidence),
                      meta={"operator": op, "question_kind": q.kind})
