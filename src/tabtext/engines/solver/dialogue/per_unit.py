"""A figure per unit asked after an answer about the unit's line: "how many rides per scooter was that in
August?" after the fleet size is rides over the fleet in August, each in its own unit (rides in thousands, so
times 1,000). The line before "per" is named; the line after it, when no label names it ("scooter" of "Fleet
size"), is the last answer's. Over the periods the last answer read (a total over months: each line's total). A row of
``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ....numbers import SCALE_FACTORS
from ..lexicon.words import content_tokens
from ..patterns.per_unit import PER_UNIT, stems, times
from ..patterns.period_cols import col_period
from ..program.program import Program
from . import edit
from .asked import REFERENCE_WORDS, Asked
from .over_periods import rows_partly_named

#: "per unit", "per unit sold": a row named by it ("Units sold"), which ``PER_UNIT`` leaves to prices
PER_ROW = re.compile(r"\bper\s+units?\b", re.I)
_WHICH = re.compile(r"\s*(?:and\s+)?(?:in\s+)?(?:which|when)\b", re.I)


def per_unit_of_last(asked: Asked) -> Program | None:
    refs, grid = asked.last(1), asked.grid
    m = PER_UNIT.search(asked.question) or PER_ROW.search(asked.question)
    if not refs or grid is None or m is None or len(asked.years) > 1 or _WHICH.match(asked.question):
        return None  # "which half had the lowest revenue per tonne?" asks a period (the core's)
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    rows = list(dict.fromkeys(c.row for c in found))
    if len(rows) == 2 and _is_ratio(asked.history[refs[0].turn]):  # "and per employee?" after revenue per unit
        found = [c for c in found if c.row == rows[0]]  # the numerator's line
    elif len(rows) != 1:
        return None
    rest = asked.question[m.start() + len("per"):]
    across = _per_column(asked, grid, found, rest)
    if across is not None:
        return across
    unit = _unit_is_last(asked, grid, re.split(r"[,?;]", rest)[0], rows[0])
    if unit is not None:  # "and per class?" after attendance, then the classes held: the one over the other
        found = unit
    before = grid.rows_named(asked.question[:m.start()]) or rows_partly_named(  # "the average fare per journey": Fare revenue
        grid, re.sub(r"\b(?:what|was|is|were|the|average|mean|typical|overall)\b", " ", asked.question[:m.start()], flags=re.I))
    after = ([rows[0]] if unit is not None else grid.rows_named(rest) or
             [r for r in rows_partly_named(grid, re.split(r"[,?;]", rest)[0]) if r != rows[0]] or
             _other_row_holding(grid, re.split(r"[,?;]", rest)[0], rows[0]))  # "per unit": Units sold
    if not PER_UNIT.search(asked.question) and not after:
        return None  # "per unit" names no row of the table: a price, not this
    last = found[0].row
    num, den = (before[0], after[0] if after else last) if before else (last, after[0]) if after else (None, None)
    if not before and (num is None or num == den) and _EARNED.search(asked.question[:m.start()]):
        num, den = _revenue_row(grid), last  # "so what did we get per jar?" after the jars sold: money taken per jar
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    cols = [grid.col_of_year(asked.years[0])] if asked.years else sorted({c.col for c in found}) \
        if last.op in ("add", "average") else [grid.col_of_year(edit.period_of(last, asked.history, grid))]
    other = (grid, den, cols)
    if den is None and not before and None not in cols:  # "revenue per outpatient visit": another sheet
        num, other = found[0].row, _row_of_other_table(asked, re.split(r"[,?;]", rest)[0], cols)  # type: ignore[assignment]
    den_grid, den, den_cols = other if other else (grid, None, cols)
    if num is None or den is None or (den_grid is grid and num == den) or None in cols + den_cols or \
            "percent" in (grid.row_scale(num), den_grid.row_scale(den)):
        return None
    values = [grid.cell(num, c).value for c in cols] + [den_grid.cell(den, c).value for c in den_cols]  # type: ignore[arg-type]
    if None in values or not sum(values[len(cols):]):  # type: ignore[arg-type]
        return None
    ratio = Program("divide", (_line(grid, num, cols), _line(den_grid, den, den_cols)))  # type: ignore[arg-type]
    factor = SCALE_FACTORS.get(grid.row_scale(num), 1.0) / SCALE_FACTORS.get(den_grid.row_scale(den), 1.0)
    if factor == 1.0 and _counted_under_table_scale(den_grid, den):  # "USD thousand" over every row, tonnes too
        factor = SCALE_FACTORS.get(grid.row_scale(num), 1.0)
    return times(ratio, factor)


_OWN_SCALE = re.compile(r"\(\s*'?000s?\s*\)|thousands?|millions?|\(\s*m\s*\)|_000|_k", re.I)


def _counted_under_table_scale(grid, row: int) -> bool:  # type: ignore[no-untyped-def]
    """A line of things counted ("Tonnes processed") that the table's money scale was read onto, as the core's
    per-unit patterns judge it (``patterns.per_unit.a_count``), and no scale of its own in its label."""
    from ..patterns.per_unit import a_count
    from ..reading.table import read_table

    return grid.row_scale(row) not in ("", "percent") and not _OWN_SCALE.search(grid.row_labels[row]) and \
        a_count(read_table(grid.table), row)


#: money taken, said without naming its line ("what did we get / earn / make / take ... per X?")
_EARNED = re.compile(r"\b(?:get|got|earn(?:ed)?|make|made|take|took|bring|brought|charge[d]?)\b", re.I)


def _revenue_row(grid) -> int | None:  # type: ignore[no-untyped-def]
    """The table's one revenue line (a total one first), as the named measures read it."""
    from ..patterns.measures import _REVENUE

    lines = [r for r in grid.body_rows() if _REVENUE.match(grid.row_labels[r])]
    totals = [r for r in lines if grid.row_labels[r].lower().startswith("total")]
    return totals[0] if totals else lines[0] if len(lines) == 1 else None


def _row_of_other_table(asked: Asked, words: str, cols: list[int]):  # type: ignore[no-untyped-def]
    """(grid, row, columns) of a row named in full in another table of the context, in the same periods."""
    grid = asked.grid
    keys = [grid.col_years[c] for c in cols]  # type: ignore[union-attr]
    for index, table in enumerate(asked.tables):
        other = edit.Grid.of(table, index, asked.tables) if index != grid.index and table.rows else None  # type: ignore[union-attr]
        rows = other.rows_named(words) if other else []
        found = [other.col_of_year(k) for k in keys] if other and rows and all(keys) else []
        if found and None not in found:
            return other, rows[0], found
    return None


def _other_row_holding(grid, words: str, last: int) -> list[int]:  # type: ignore[no-untyped-def]
    """ "How many per event is that?" after Event attendance: the one other row holding the words (Events held),
    on whole words, else on their stems ("per class" of "Classes held")."""
    named = set(content_tokens(words)) - REFERENCE_WORDS
    found = [r for r in grid.body_rows() if r != last and named and named <= edit.label_words(grid.row_labels[r])]
    said = stems(" ".join(named))
    near = [r for r in grid.body_rows() if r != last and said and said <= stems(grid.row_labels[r])]
    some = [r for r in grid.body_rows() if r != last and said & stems(grid.row_labels[r])]  # "per staff member": Staff on shift
    return found if len(found) == 1 else near if not found and len(near) == 1 else \
        some if not found and not near and len(some) == 1 else []


def _unit_is_last(asked: Asked, grid, words: str, last_row: int):  # type: ignore[no-untyped-def]
    """ "And per class?" when the last answer counts the classes (a plural in its label: "Classes held") and the one
    before is another line's cells in the same periods (attendance): those cells, over the last answer's line."""
    said = stems(" ".join(set(content_tokens(words)) - REFERENCE_WORDS))
    refs = asked.last(2)
    if not said or len(refs) < 2 or not said <= _counted(grid.row_labels[last_row]):
        return None
    found, last = (edit.cells(edit.inline(asked.history[r.turn], asked.history)) for r in refs)
    rows, same_periods = {c.row for c in found}, {c.col for c in found} == {c.col for c in last}
    return found if len(rows) == 1 and last_row not in rows and same_periods else None


def _per_column(asked: Asked, grid, found, rest: str) -> Program | None:  # type: ignore[no-untyped-def]
    """On a table of things as rows and measures as columns ("and per game?" after a player's rebounds): the
    measure named before "per" (else the last answer's) over the one named after it, on the last answer's row."""
    if len(found) != 1 or any(col_period(grid.col_labels[c]) for c in range(1, grid.table.n_cols)):
        return None
    row, before = found[0].row, asked.question[:len(asked.question) - len(rest)]
    den, num = _col_named(grid, re.split(r"[,?;]", rest)[0]), _col_named(grid, before) or [found[0].col]
    if len(den) != 1 or len(num) != 1 or den == num or not grid.cell(row, den[0]).value:
        return None
    return Program("divide", (grid.cell(row, num[0]), grid.cell(row, den[0])))


def _col_named(grid, words: str) -> list[int]:  # type: ignore[no-untyped-def]
    """The one column whose header's stems the words hold ("game" of Games)."""
    said = stems(words)
    found = [c for c in range(1, grid.table.n_cols) if (h := stems(grid.col_labels[c])) and h <= said]
    return found if len(found) == 1 else []


def _counted(label: str) -> set[str]:
    """The stems of a label's plural nouns, the things it counts ("Classes held": class; "Class attendance": none)."""
    return {s for w in re.findall(r"[a-z]{3,}", label.lower()) if w.endswith("s") and not w.endswith("ss")
            for s in stems(w)}


def _line(grid, row: int, cols: list[int]):  # type: ignore[no-untyped-def]
    """The row's cell, or its total over several columns (the months a total read)."""
    return grid.cell(row, cols[0]) if len(cols) == 1 else Program("add", tuple(grid.cell(row, c) for c in cols))


def _is_ratio(program: Program) -> bool:
    """A per-unit figure or a share: one line over another (times a unit factor)."""
    return program.op in ("divide", "percent_of") or program.op == "multiply" and any(
        isinstance(a, Program) and a.op == "divide" for a in program.args)
