"""Follow-ups that move to a period the table splits into columns: "and in Q2?" after the total of a line over
Q1's months is the total over Q2's months; "and for the full year?" after a quarter's operating margin is the
margin over the year's quarters (each line summed over them). Rows of ``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re
from dataclasses import replace

from ....periods import find_periods
from ....types import Period
from ..lexicon.words import MONTH_NAME, content_tokens
from ..patterns import period_cols
from ..patterns.period_cols import WHOLE_YEAR
from ..program.program import Cell, Operand, Program
from . import edit
from .asked import Asked
from .edit import Grid
from .over_periods import AGGREGATE, asks_a_measure, names_a_subject


def col_period(grid: Grid, col: int) -> Period | None:
    """The dated period a column names (``period_cols.col_period``, without the undated "January")."""
    if not 0 <= col < len(grid.col_labels):  # a cell the core read in another layout of the table
        return None
    period = period_cols.col_period(grid.col_labels[col])
    return period if period is not None and period.year is not None else None


def whole_named(asked: Asked, held: list[Period]) -> Period | None:
    """The one period the question names (its year, when not said, the latest the last answer read), or the whole
    year of the last answer's period ("and for the full year?")."""
    named = [p for _, _, p in find_periods(asked.question) if p.kind not in ("date", "month")]
    if len(named) > 1 or not held:
        return None
    latest = max(p.year for p in held if p.year is not None)
    if named:
        return named[0] if named[0].year is not None else replace(named[0], year=latest)
    return Period(latest, 12, 12, "year") if WHOLE_YEAR.search(asked.question) else None


def parts_of(grid: Grid, whole: Period) -> list[int]:
    """The columns that make up ``whole`` when no column is it: at least two, covering each of its months once."""
    lo, hi = whole.span()
    cols = [c for c in range(1, grid.table.n_cols) if (p := col_period(grid, c)) and lo <= p.span()[0] and
            p.span()[1] <= hi]
    months = sorted(m for c in cols for m in range(*_months(col_period(grid, c))))  # type: ignore[arg-type]
    if len(cols) < 2 or months != list(range(lo, hi + 1)):
        return []
    return cols


def _months(p: Period) -> tuple[int, int]:
    lo, hi = p.span()
    return lo, hi + 1


def parts_of_other_period(asked: Asked) -> Program | None:
    """ "And in Q2?" after the total of a line over Q1's months, "and for the full year?" after a quarter's margin,
    "what was the total for the year?" after a quarter's revenue: the same computation with each line over the
    columns that make up the period named (its year, when not said, the last answer's): a cell becomes its line's
    total (or the average asked) over them, a total or average over the old period's columns the same over the
    new one's."""
    refs, grid, question = asked.last(1), asked.grid, asked.question
    if not refs or grid is None or asked.lines or asked.years or names_a_subject(WHOLE_YEAR.sub(" ", question)):
        return None
    program = _without_lookups(edit.inline(asked.history[refs[0].turn], asked.history))
    found = edit.cells(program)
    old = sorted({c.col for c in found})
    held = [p for c in old if (p := col_period(grid, c))]
    if not found or len(held) != len(old) or any(grid.row_scale(c.row) == "percent" for c in found):
        return None  # a rate of one period does not add up over its parts
    whole = whole_named(asked, held)
    if whole is None or len(old) == 1 and whole.kind == "year" != held[0].kind and whole.year != held[0].year and \
            not (WHOLE_YEAR.search(question) or AGGREGATE.search(question)):
        return None  # "and in 2023?" after Q4 2024 may be the same quarter: only "the total for 2023" is the year
    cols = parts_of(grid, whole)
    if not cols or cols == old:
        return None
    moved = _over(program, grid, old, cols, "average" if _AVERAGE.search(question) else "add")
    return moved if isinstance(moved, Program) else None


_AVERAGE = re.compile(r"\b(?:average|mean)\b", re.I)
#: "the average quarterly net income", "average revenue per month": a line over every period of that kind
_EVERY = re.compile(r"\b(?:average|mean|total)\b[^?]*\b(?:(month|quarter|year)ly|annual|(?:per|a|each)\s+(month|quarter|year))\b|"
                    r"\b(?:(month|quarter|year)ly|annual)\s+(?:average|mean)\b", re.I)  # "the quarterly average"
_EVERY_WORDS = frozenset(content_tokens("per each month quarter year"))
_RANGE = re.compile(r"\b(?:from|between)\b.*\b(?:to|and|through|until)\b", re.I)


def over_named_periods(asked: Asked) -> Program | None:
    """ "And in July and August?" / "and from March to May?" after a total (or average) over other months: the
    same computation with each line over the periods named (every one between them for a range)."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or len(asked.years) < 2 or \
            names_a_subject(re.sub(rf"\b{MONTH_NAME}\b", " ", asked.question, flags=re.I)):
        return None
    program = _without_lookups(edit.inline(asked.history[refs[0].turn], asked.history))
    old = sorted({c.col for c in edit.cells(program)})
    named = [c for y in asked.years if (c := grid.col_of_year(y)) is not None]
    if len(old) < 2 or len(named) != len(asked.years):
        return None
    order = sorted((c for c in range(1, grid.table.n_cols) if grid.col_years[c]), key=lambda c: grid.col_years[c])
    if _RANGE.search(asked.question) and len(named) == 2:  # every period from the first named to the last
        lo, hi = sorted(order.index(c) for c in named)
        named = order[lo:hi + 1]
    cols = sorted(set(named), key=order.index)
    if cols == old:
        return None
    moved = _over(program, grid, old, cols)
    return moved if isinstance(moved, Program) else None


def _over(a: Operand, grid: Grid, old: list[int], cols: list[int], op: str = "add") -> Operand | None:
    """``a`` with each line read over ``old`` (a cell when it is one column, else a total or average of the
    line's cells there) read over ``cols`` (a cell's line: by ``op``); None when some cell is read otherwise."""
    if isinstance(a, Cell):
        return _line(grid, a.row, cols, op) if old == [a.col] else None
    if not isinstance(a, Program):
        return a
    if a.op in ("add", "average", "lookup") and all(isinstance(x, Cell) for x in a.args) and \
            len({x.row for x in a.args}) == 1 and sorted(x.col for x in a.args) == old:
        line = _line(grid, a.args[0].row, cols, "add" if a.op == "lookup" else a.op)
        return replace(line, scale=a.scale) if isinstance(line, Program) else line
    args = [_over(x, grid, old, cols, op) for x in a.args]
    return None if any(x is None for x in args) else replace(a, args=tuple(args), answer_value=None)


def _line(grid: Grid, row: int, cols: list[int], op: str) -> Operand:
    """A line over ``cols``: its cell when there is one column, else ``op`` (a total, an average) of its cells."""
    return grid.cell(row, cols[0]) if len(cols) == 1 else Program(op, tuple(grid.cell(row, c) for c in cols))


def measure_over_same_periods(asked: Asked) -> Program | None:
    """ "So what was the gross margin?" after totals of lines over the year's quarters: the measure the core reads
    in the first of those periods, each line summed over all of them (not the first quarter's margin)."""
    from .core import as_program, ask_core

    refs, grid = asked.last(1), asked.grid
    if not asks_a_measure(asked) or asked.lines:
        return None
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(last)
    old = sorted({c.col for c in found})
    if last.op != "add" or len(old) < 2 or len({c.row for c in found}) != 1 or \
            any(col_period(grid, c) is None for c in old):  # type: ignore[arg-type]
        return None
    first = grid.col_labels[old[0]]  # type: ignore[union-attr]
    program = as_program(ask_core(f"{asked.question.rstrip(' ?')} in {first}?", asked.context), grid)
    if program is None or {c.col for c in edit.cells(program)} != {old[0]} or len(edit.cells(program)) < 2:
        return None  # one cell is the line itself, not a measure of lines
    moved = _over(_without_lookups(program), grid, [old[0]], old)
    return moved if isinstance(moved, Program) else None


def one_period_of_aggregate(asked: Asked) -> Program | None:
    """ "How about in June?" after a total or average over the months, "and in Q2?" after a margin over the first
    half: the same computation with each line in the one period named, among those the last answer read."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or len(asked.years) != 1:
        return None
    program = _without_lookups(edit.inline(asked.history[refs[0].turn], asked.history))
    old, col = sorted({c.col for c in edit.cells(program)}), grid.col_of_year(asked.years[0])
    if len(old) < 2 or col not in old:
        return None
    moved = _over(program, grid, old, [col])  # type: ignore[list-item]
    return Program("lookup", (moved,), program.scale) if isinstance(moved, Cell) else \
        moved if isinstance(moved, Program) else None


def _without_lookups(program: Program) -> Program:
    """The program with each inner lookup of one cell written as the cell (a margin over an earlier answer)."""
    def bare(a: Operand) -> Operand:
        if isinstance(a, Program) and a.op == "lookup" and len(a.args) == 1 and isinstance(a.args[0], Cell):
            return a.args[0]
        return _without_lookups(a) if isinstance(a, Program) else a
    return replace(program, args=tuple(bare(a) for a in program.args))


def line_over_every_period(asked: Asked) -> Program | None:
    """ "What was the average quarterly net income?": the line named, averaged (or totalled) over its columns of
    that kind of period, when the question names no period and nothing else."""
    grid, m = asked.grid, _EVERY.search(asked.question)
    if grid is None or m is None or len(asked.rows) > 1 or find_periods(asked.question) or asked.years:
        return None
    row = asked.rows[0] if asked.rows else _last_line(asked)  # "what was the quarterly average?": the last one's
    if row is None or names_a_subject(asked.question, frozenset(content_tokens(grid.row_labels[row])) | _EVERY_WORDS):
        return None
    kind = next((g for g in m.groups() if g), "year").lower()
    cols = [c for c in range(1, grid.table.n_cols) if (p := col_period(grid, c)) and p.kind == kind and
            grid.cell(row, c).value is not None]
    op = "average" if _AVERAGE.search(asked.question) else "add"
    return Program(op, tuple(grid.cell(row, c) for c in cols), grid.row_scale(row)) if len(cols) > 1 else None


def _last_line(asked: Asked) -> int | None:
    """The one row the last answer read."""
    refs = asked.last(1)
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)) if refs else []
    return found[0].row if found and len({c.row for c in found}) == 1 else None


#: "and the year to date?", "the cumulative total through Q3?", "so far this year"
TO_DATE = re.compile(r"\b(?:year[- ]to[- ]date|ytd|cumulative\w*|so far|to date|running total)\b", re.I)


def to_date_of_last(asked: Asked) -> Program | None:
    """ "What about year to date?" after a quarter's (or month's) figure: the line summed from the first period of
    its kind in that year to the last answer's (or the one named: "the cumulative total through Q3")."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.lines or len(asked.years) > 1 or \
            names_a_subject(TO_DATE.sub(" ", asked.question), _TO_DATE_WORDS):
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(program)
    if len(found) != 1 or program.op != "lookup" or grid.row_scale(found[0].row) == "percent":
        return None  # a rate does not add up
    end = col_period(grid, grid.col_of_year(asked.years[0]) if asked.years else found[0].col)  # type: ignore[arg-type]
    if end is None or end.kind not in ("quarter", "half", "month"):
        return None
    cols = [c for c in range(1, grid.table.n_cols) if (p := col_period(grid, c)) and p.kind == end.kind and
            p.year == end.year and p.end_month <= end.end_month and grid.cell(found[0].row, c).value is not None]
    return Program("add", tuple(grid.cell(found[0].row, c) for c in cols), program.scale) if len(cols) > 1 else None


_TO_DATE_WORDS = frozenset(content_tokens("total sum through up until till including this year figure"))


#: "how much is that per quarter on average?", "what's the monthly average?": an average over the parts of a year
_PER_PART = re.compile(r"\b(?:per|a|each|every)\s+(month|quarter|half)\b|\b(month|quarter)ly\s+average\b|"
                       r"\baverage\s+(month|quarter|half)\b", re.I)


def parts_average_of_year(asked: Asked) -> Program | None:
    """ "How much is that per quarter on average?" after a line's figure in the year's own column ("FY 2024"): the
    line averaged over the year's quarters (the kind named)."""
    refs, grid, m = asked.last(1), asked.grid, _PER_PART.search(asked.question)
    if not refs or grid is None or m is None or asked.lines or asked.years or not _AVERAGE.search(asked.question):
        return None
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(last)
    if last.op != "lookup" or len(found) != 1 or found[0].table != grid.index:
        return None
    year = col_period(grid, found[0].col)
    kind = next(g for g in m.groups() if g).lower()
    if year is None or year.kind != "year":
        return None
    lo, hi = year.span()
    cols = [c for c in range(1, grid.table.n_cols) if (p := col_period(grid, c)) and p.kind == kind and
            p.year == year.year and lo <= p.span()[0] and p.span()[1] <= hi]
    return Program("average", tuple(grid.cell(found[0].row, c) for c in cols), last.scale) if len(cols) > 1 else None
