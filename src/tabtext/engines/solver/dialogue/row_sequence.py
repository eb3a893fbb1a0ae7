"""Follow-ups on a table whose rows are numbered steps of time no period reader knows ("Week 1", "Week 2", ... or a
"Week" column of 1, 2, ...): the rows run in time order, so "what's that as a percentage increase?" after two
answers of one column is from the upper row to the lower, and "and over all four weeks?" is the column summed over
the steps. Rows of ``follow_ups.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..lexicon.words import NUMBER_WORDS
from ..program.program import Program
from . import edit
from .asked import Asked
from .edit import Grid

#: a step's label: "Week 3", "Wk 3", "W3", "Day 12", or a bare number under a header naming the unit
_STEP = re.compile(r"^\s*(?:(week|wk|w|day|round|session|sprint|match|game|fortnight)\s*)?(\d{1,3})\s*$", re.I)
_UNITS = {"wk": "week", "w": "week"}
#: "over all four weeks", "across the whole eight weeks", "for all the weeks"
OVER_STEPS = re.compile(r"\b(?:over|across|for|in|during)\s+(?:all\s+|the\s+whole\s+|the\s+entire\s+|the\s+)(?:of\s+the\s+)?"
                        r"(?:(\w+)\s+)?(weeks|days|rounds|sessions|sprints|matches|games|fortnights)\b", re.I)


def steps(grid: Grid) -> tuple[str, list[int]]:
    """(the unit, the rows that are its numbered steps in order), when every body row but a total is one."""
    header = grid.table.rows[0][0].strip().lower() if grid.table.rows and grid.table.rows[0] else ""
    rows, units = [], set()
    for r in grid.body_rows():
        label = grid.row_labels[r]
        if re.match(r"\s*(?:total|all)\b", label, re.I):
            continue
        m = _STEP.match(label)
        if m is None:
            return "", []
        unit = (m.group(1) or header).lower()
        units.add(_UNITS.get(unit, unit))
        rows.append(r)
    unit = units.pop() if len(units) == 1 else ""
    return (unit, rows) if unit and re.fullmatch(r"[a-z]+", unit) and len(rows) > 1 else ("", [])


def _one_column(asked: Asked, k: int) -> list[tuple[int, int]] | None:
    """(row, column) of each of the last ``k`` answers, when each reads one cell of one and the same column."""
    refs = asked.last(k)
    found = [edit.cells(edit.inline(asked.history[r.turn], asked.history)) for r in refs] if refs else []
    if len(found) != k or any(len(f) != 1 for f in found) or len({f[0].col for f in found}) != 1:
        return None
    return [(f[0].row, f[0].col) for f in found]


def percent_change_down_steps(asked: Asked) -> Program | None:
    """ "What's that as a percentage increase?" after one column in two steps: from the upper row to the lower."""
    grid, read = asked.grid, _one_column(asked, 2)
    if grid is None or read is None or asked.rows or asked.history[-1].scale == "percent":
        return None
    _, rows = steps(grid)
    if read[0][0] not in rows or read[1][0] not in rows or read[0][0] == read[1][0]:
        return None
    refs = asked.last(2)
    later, earlier = (refs[1], refs[0]) if read[1][0] > read[0][0] else (refs[0], refs[1])
    return Program("change_ratio", (later, earlier), "percent")


def over_every_step(asked: Asked) -> Program | None:
    """ "And over all four weeks?" after an answer read in one column of the steps' rows (a cell, a change between
    two steps): that column summed over every step (as many as said, when said)."""
    m, grid, refs = OVER_STEPS.search(asked.question), asked.grid, asked.last(1)
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)) if refs else []
    if m is None or grid is None or not found or len({c.col for c in found}) != 1 or \
            grid.rows_named(OVER_STEPS.sub(" ", asked.question)):  # "four weeks" names no "Week 4"
        return None
    unit, rows = steps(grid)
    said = NUMBER_WORDS.get((m.group(1) or "").lower(), m.group(1) or "")
    if not unit or m.group(2).lower().rstrip("es") != unit.rstrip("es") or any(c.row not in rows for c in found) or \
            said and not (said.isdigit() and int(said) == len(rows)):
        return None
    col = found[0].col
    cells = tuple(grid.cell(r, col) for r in rows if grid.cell(r, col).value is not None)
    op = "average" if re.search(r"\b(?:average|mean)\b", asked.question, re.I) else "add"
    scale = asked.history[refs[0].turn].scale
    scale = "" if scale == "percent" else scale  # after a change in percent: the column's own amounts
    return Program(op, cells, scale) if len(cells) == len(rows) else None


def a_step_away(program: Program, grid: Grid, step: int) -> Program | None:
    """ "And the week before?" after a cell in the row "Week 3": the same column in "Week 2" (``step`` -1)."""
    unit, rows = steps(grid)
    found = edit.cells(program)
    if unit != "week" or program.op != "lookup" or len(found) != 1 or found[0].row not in rows:
        return None
    at = rows.index(found[0].row) + step
    return Program("lookup", (grid.cell(rows[at], found[0].col),), program.scale) if 0 <= at < len(rows) else None
