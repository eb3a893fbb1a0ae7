"""A column of a day ("the week of 17 March", "the week starting March 17, 2025") among several columns of the
same month: weeks named by their start dates are keyed by their month, so the month alone does not say which."""

from __future__ import annotations

import re
from datetime import date, timedelta

from ....periods import MONTH_NAMES, MONTH_STEMS, find_periods
from ..program.program import Program
from . import edit
from .edit import Grid

_MONTH = f"({MONTH_STEMS})[a-z]*"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
#: "17 March", "17th of March", "March 17"
_DAY_OF_MONTH = re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}\b|\b{_MONTH}\s+{_DAY}\b(?!\s*:)", re.I)


def _days(text: str) -> set[tuple[int, int]]:
    """(month, day) pairs ``text`` names."""
    out = set()
    for m in _DAY_OF_MONTH.finditer(text):
        day, month = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if 1 <= int(day) <= 31:
            out.add(([x[:3].lower() for x in MONTH_NAMES].index(month[:3].lower()) + 1, int(day)))
    return out


def col_of_day(grid: Grid, question: str) -> int | None:
    """The one column whose header is a date of a day the question names, when other columns share its month."""
    asked = _days(question)
    if not asked:
        return None
    cols = [c for c, label in enumerate(grid.col_labels)
            if any(p.kind == "date" and (p.end_month, p.day) in asked for _, _, p in find_periods(label))]
    if len(cols) != 1 or sum(y == grid.col_years[cols[0]] for y in grid.col_years) < 2:
        return None
    return cols[0]


def _date_of(label: str) -> date | None:
    found = [p for _, _, p in find_periods(label) if p.kind == "date" and p.year and p.day]
    return date(found[0].year, found[0].end_month, found[0].day) if len(found) == 1 else None


def moved_a_week(program: Program, grid: Grid, step: int) -> Program | None:
    """ "And the week before?" after a cell in a column of a week's start date: the line in the column dated seven
    days earlier (``step`` -1) or later (+1), which the month keys of such columns cannot tell apart."""
    found = edit.cells(program)
    if program.op != "lookup" or len(found) != 1:
        return None
    at = _date_of(grid.col_labels[found[0].col])
    if at is None:
        return None
    to = [c for c, label in enumerate(grid.col_labels) if _date_of(label) == at + timedelta(days=7 * step)]
    return Program("lookup", (grid.cell(found[0].row, to[0]),), program.scale) if len(to) == 1 else None


def day_not_in_table(grid: Grid | None, question: str) -> bool:
    """ "How many returns were there in the week of 9 December?" of columns dated by the weeks' start days, none of
    them 9 December: a period the table lacks."""
    asked = _days(question)
    if grid is None or not asked:
        return False
    dated = [d for d in (_date_of(label) for label in grid.col_labels) if d is not None]
    return len(dated) > 1 and not any((d.month, d.day) in asked for d in dated)


def on_the_same_day(program: Program | None, last: Program, grid: Grid) -> Program | None:
    """A cell the core read "in that period" in the first column of the last answer's month, when the last answer
    is of another week of that month: the cell in the last answer's own column."""
    found, before = (edit.cells(program) if program is not None else []), edit.cells(last)
    if program is None or program.op != "lookup" or len(found) != 1 or len({c.col for c in before}) != 1:
        return program
    col, was = found[0].col, before[0].col
    if col == was or grid.col_years[col] != grid.col_years[was] or _date_of(grid.col_labels[was]) is None:
        return program
    return Program("lookup", (grid.cell(found[0].row, was),), program.scale)
