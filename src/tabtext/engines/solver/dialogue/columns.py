"""Follow-ups over columns that are not periods (days of a festival, regions, stages): "and Saturday?" moves the
last computation to the column named; "the average per day over the three days?" repeats it on every such column
and averages (or totals) them. Rows of ``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ....periods import find_periods
from ..lexicon.words import CONVERSATION_WORDS, content_tokens
from ..patterns.textnum import ONES
from ..program.program import Program
from . import edit
from .asked import REFERENCE_WORDS, Asked
from .edit import Grid

_TOTAL = re.compile(r"^\s*(?:total|all|sum|overall|grand total)\b", re.I)
_LEAD_WORDS = frozenset(content_tokens("and what about how on at for in the figure number same"))
#: "over the three days", "across all four regions": every column of one kind, counted
OVER_COLUMNS = re.compile(r"\b(?:over|across|for|in)\s+(?:all\s+)?(?:the\s+|these\s+|those\s+)?(\d+|two|three|four|five|six|"
                          r"seven|eight|nine|ten)\s+([a-z]+s)\b", re.I)
_AVERAGE = re.compile(r"\b(?:average|mean)\b|\bper\b", re.I)


def _plain_cols(grid: Grid) -> list[int]:
    """The columns after the labels that name no period and are no total."""
    return [c for c in range(1, grid.table.n_cols) if not grid.col_years[c] and grid.col_labels[c].strip() and
            not _TOTAL.match(grid.col_labels[c])]


def _last_in_one_column(asked: Asked) -> tuple[Program, int] | None:
    """The last answer and the one plain column all its cells lie in."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None:
        return None
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(last)
    cols = {c.col for c in found}
    if not found or len(cols) != 1 or any(c.table != grid.index for c in found) or cols.pop() not in _plain_cols(grid):
        return None
    return last, found[0].col


def _moved(program: Program, grid: Grid, col: int) -> Program:
    return edit.map_cells(program, lambda c: grid.cell(c.row, col))


def other_column(asked: Asked) -> Program | None:
    """ "And Saturday?" after a figure (or a total over the rows) in Friday's column: the same in Saturday's."""
    grid, last = asked.grid, _last_in_one_column(asked)
    if grid is None or last is None or asked.rows or asked.years or find_periods(asked.question):
        return None
    named = [c for c in grid.cols_named(asked.question) if c in _plain_cols(grid)]
    if len(named) != 1 or named[0] == last[1]:
        return None
    rest = set(content_tokens(asked.question)) - set(content_tokens(grid.col_labels[named[0]])) - _LEAD_WORDS - \
        REFERENCE_WORDS - CONVERSATION_WORDS
    return None if rest else _moved(last[0], grid, named[0])


def over_every_column(asked: Asked) -> Program | None:
    """ "What was the average per day over the three days?" after a total over Friday's rows: that total on every
    plain column, averaged (summed when asked for the total); the count said must be the columns'."""
    grid, m = asked.grid, OVER_COLUMNS.search(asked.question)
    if grid is None or m is None or asked.lines or asked.years:
        return None
    cols = _plain_cols(grid)
    count = int(m.group(1)) if m.group(1).isdigit() else ONES[m.group(1).lower()]
    last, op = _last_in_one_column(asked), "average" if _AVERAGE.search(asked.question) else "add"
    if count != len(cols) or count < 2:
        return None
    if last is None:  # "and the sum across the four regions?" after their average: the other aggregate
        refs = asked.last(1)
        before = asked.history[refs[0].turn] if refs else None
        held = [c.col for c in edit.cells(before)] if before is not None and before.op in ("add", "average") else []
        return Program(op, before.args, before.scale) if before is not None and held == cols and op != before.op \
            else None
    each = tuple(_moved(last[0], grid, c) for c in cols)
    each = tuple(p.args[0] if p.op == "lookup" and len(p.args) == 1 else p for p in each)
    return Program(op, each, last[0].scale)


#: "how much lower was Sunday than Saturday?": the gap between the last answer's line in two plain columns
_THAN = re.compile(r"\bhow (?:much|many|far)\s+(?:(lower|less|fewer|smaller|below|down)|(higher|more|greater|bigger|larger|"
                   r"above|up))\b.*\bthan\b", re.I)
_IN_PERCENT = re.compile(r"\bpercent\w*|%|\bin relative terms\b", re.I)


def two_columns_of_line(asked: Asked) -> Program | None:
    """ "How much lower was Sunday than Saturday, in percent?" after a figure of one line in a plain column: the
    first column named against the one after "than" on that line (a size: the larger less the smaller; in percent,
    of the one after "than")."""
    grid, m, refs = asked.grid, _THAN.search(asked.question), asked.last(1)
    if grid is None or m is None or not refs or asked.rows or asked.years:
        return None
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    plain = _plain_cols(grid)
    named = sorted((c for c in grid.cols_named(asked.question) if c in plain),
                   key=lambda c: asked.question.lower().find(grid.col_labels[c].strip().lower()))
    if len(named) != 2 or not found or len({c.row for c in found}) != 1 or found[0].col not in plain:
        return None
    first, than = (grid.cell(found[0].row, c) for c in named)
    gap = Program("subtract", (than, first) if m.group(1) else (first, than), grid.row_scale(found[0].row))
    return Program("percent_of", (gap, than), "percent") if _IN_PERCENT.search(asked.question) else gap


def other_measure_column(asked: Asked) -> Program | None:
    """ "And how many got grade 4 or above?" after Maths' entries in 2024, on columns of measures by year ("Entries
    2024", "Grade 4+ 2024"): the same rows in the column of the measure named, in the last answer's period."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or asked.years:
        return None
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(last)
    cols = {c.col for c in found}
    if not found or len(cols) != 1 or any(c.table != grid.index for c in found):
        return None
    old = cols.pop()
    key = grid.col_years[old]
    named = [c for c in grid.cols_named(asked.question) if c != old and grid.col_years[c] == key]
    return _moved(last, grid, named[0]) if key and len(named) == 1 else None
