"""Follow-ups that name periods of the last answer's line: "what is the ratio of March to January?", "the sum of
Q1 and Q2", and "what about March?" after the sum of two months (that month's figure, not a shifted sum). Rows of
``conversation.FOLLOW_UPS``; each reads the ``Asked`` of the turn (``asked.py``). ``beyond_table``: a move to a
period the table lacks ("the same quarter a year later"), which the dialogue answers "no answer found"."""

from __future__ import annotations

import re
from dataclasses import replace

from ....periods import as_period
from ..lexicon.words import years_in
from ..patterns.textnum import ONES
from ..program.program import Program
from . import edit, over_periods
from .asked import FALL_ASKED, Asked
from .edit import Grid

#: operator words -> (operator, scale of the result: "" keeps the line's own)
_OPS = ((re.compile(r"\b(?:ratio|divided|quotient)\b", re.I), "divide", "none"),
        (re.compile(r"\b(?:difference|change|gap|increase|decrease|higher|lower|more|less|fewer|exceed\w*|gr[eo]w\w*|"
                    r"rise|rose|f[ae]ll|drop\w*|declin\w*)\b", re.I), "subtract", ""),
        (re.compile(r"\b(?:sum|total|combined|together)\b", re.I), "add", ""),
        (re.compile(r"\b(?:average|mean)\b", re.I), "average", ""))
_SHARE = re.compile(r"\b(?:percent\w*|share|proportion|fraction) of\b", re.I)
#: the cue of ``two_periods_of_line``: any operator word
TWO_PERIODS = re.compile("|".join(cue.pattern for cue, _, _ in _OPS), re.I)


def two_periods_of_line(asked: Asked) -> Program | None:
    """The operator the question names over the last answer's line in the two periods it names, in its order
    ("the ratio of March to January": March over January)."""
    refs, grid, years = asked.last(1), asked.grid, asked.years
    if not refs or grid is None or asked.rows or len(years) != 2 or len(set(years)) != 2 or \
            re.search(r"\b(?:it|its)\b", asked.question, re.I) or re.match(r"\s*(?:and\s+)?(?:which|who)\b", asked.question, re.I):
        return None  # "the change in it from 2019 to 2020": 'it' names the subject; "which gallery grew most": a name
    op = next(((name, scale) for cue, name, scale in _OPS if cue.search(asked.question)), None)
    if _SHARE.search(asked.question):
        return None  # "what share of the March-to-August total is that?": a share, its whole named by the two
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    if op is None or not found or len({c.row for c in found}) != 1:
        return None
    row = found[0].row
    cols = [grid.col_of_year(y, like=found[0].col) for y in _in_question_order(asked.question, years, grid)]
    if None in cols:
        return None
    name, scale = op
    if name == "subtract" and re.search(r"\bfrom\b.*\bto\b", asked.question, re.I):
        cols = cols[::-1]  # "the change from 2019 to 2020": the later one minus the earlier
    cells = tuple(grid.cell(row, c) for c in cols)  # type: ignore[arg-type]
    if name == "subtract" and _PERCENT.search(asked.question):  # "the percentage increase from Q1 to Q4"
        return Program("change_ratio", cells, "percent")
    return Program(name, cells, "" if scale == "none" else asked.history[refs[0].turn].scale)


def _in_question_order(question: str, years: list[str], grid) -> list[str]:  # type: ignore[no-untyped-def]
    """The period keys as the question names them (years_named gives them in the table's order)."""
    low = question.lower()
    def where(key: str) -> int:
        labels = [grid.col_labels[c].lower() for c, y in enumerate(grid.col_years) if y == key]
        spots = [low.find(w) for lbl in labels for w in lbl.split() if len(w) > 2 and low.find(w) >= 0]
        return min(spots, default=len(low))
    return sorted(years, key=where)


def one_period_of_combined(asked: Asked) -> Program | None:
    """ "What about March?" after "what is the sum of the two?" over one line's months: that line in March."""
    refs, grid, years = asked.last(1), asked.grid, asked.years
    if not refs or grid is None or asked.rows or len(years) != 1:
        return None
    last = asked.history[refs[0].turn]
    found = edit.cells(edit.inline(last, asked.history))
    if last.pattern != "combine_earlier" or not found or len({c.row for c in found}) != 1:
        return None
    col = grid.col_of_year(years[0], like=found[0].col)
    if col is None:
        return None
    return Program("lookup", (grid.cell(found[0].row, col),), last.scale)


def beyond_table(asked: Asked) -> bool:
    """ "And the same quarter a year later?" (or "the month before") when the table has no such period: a follow-up
    whose answer would lie outside the table, so "no answer found" rather than a new question's guess."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or asked.years or over_periods.MORE_THAN.search(asked.question):
        return False
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    if not edit.cells(program):
        return False
    return _key_away(asked, program) == "" or not AWAY.search(asked.question) and any(
        pattern.search(asked.question) and not over_periods.earlier_key(asked, program, step)
        for pattern, step in ((over_periods.PREVIOUS, -1), (over_periods.NEXT, 1)))


def cells_of_another_period(question: str, program: Program, grid: Grid | None) -> bool:
    """ "What about donations in 2024/25?" of a table of 2021/22 to 2023/24, answered by the core with a cell of the
    table (the text names 2024/25, as a target): every cell read lies in another period than the one asked."""
    found = edit.cells(program)
    if grid is None or not found or program.op in ("span", "spans"):
        return False
    known = set(grid.col_years) - {""}
    if not known or not any(y not in known and not any(k.startswith(f"{y}-") for k in known) for y in years_in(question)):
        return False
    return all(c.col < len(grid.col_years) and grid.col_years[c.col] for c in found)


#: a change asked from a period ("how much did it change from Q1?", "the difference compared to Q2", "since 2021")
CHANGE_FROM = re.compile(r"\b(?:chang\w*|differ\w*|increase[ds]?|decrease[ds]?|gr[eo]w\w*|rise|rose|f[ae]ll|drop\w*|"
                         r"up|down)\b[^?]*\b(?:from|since|compared|against|relative to|versus|vs|to|with|over|on|by)\b|"
                         r"\b(?:exceed\w*|outstrip\w*|beat)\b", re.I)  # "the difference to Q2", "by how much did it exceed Q3?"
_PERCENT = re.compile(r"\bpercent\w*|%|\brate\b", re.I)


def change_from_period(asked: Asked) -> Program | None:
    """ "How much did it change from Q1?" after Q3's revenue: the last answer minus its line in the one period
    named ("in percent": the change over that period's figure)."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or len(asked.years) != 1:
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(program)
    if not found or len({c.row for c in found}) != 1 or any(r != found[0].row for r in asked.rows) or \
            asked.years[0] == edit.period_of(program, asked.history, grid):
        return None
    moved = edit.other_period(program, grid, asked.years)
    if moved is None:
        return None
    later, earlier = (moved, refs[0]) if asked.years[0] > edit.period_of(program, asked.history, grid) else (refs[0], moved)
    if _PERCENT.search(asked.question):  # "by 2024": to the period named; "from Q1", "since 2021": from it
        return Program("change_ratio", (later, earlier), "percent")
    pair = (earlier, later) if FALL_ASKED.search(asked.question) else (later, earlier)  # a fall's size
    return Program("subtract", pair, program.scale)


#: "two years earlier", "three months later": a move of several periods
AWAY = re.compile(r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(year|quarter|month|hal(?=ves)|half)(?:s|ves)?\s+"
                  r"(earlier|before|ago|prior|later|after|on)\b", re.I)
_KIND_MONTHS = {"month": 1, "quarter": 3, "half": 6}


def _key_away(asked: Asked, program: Program) -> str | None:
    """The period key ``AWAY`` moves the program's period to ("" when the table lacks it; None: no such move)."""
    m, grid = AWAY.search(asked.question), asked.grid
    current = edit.period_of(program, asked.history, grid) if m and grid else ""
    if m is None or not current:
        return None
    n = int(m.group(1)) if m.group(1).isdigit() else ONES[m.group(1).lower()]
    step, unit = (-n if m.group(3).lower() in ("earlier", "before", "ago", "prior") else n), m.group(2).lower()
    unit = "half" if unit == "hal" else unit  # "two halves later"
    if unit == "year" and len(current) > 4:  # the same quarter or month some years away
        key = f"{int(current[:4]) + step:04d}{current[4:]}"
        return key if key in grid.col_years else ""  # type: ignore[union-attr]
    same_kind = len(current) == 4 if unit == "year" else current.endswith(f"-{_KIND_MONTHS[unit]:02d}")
    order = sorted({k for k in grid.col_years if k and len(k) == len(current) and  # type: ignore[union-attr]
                    (len(k) == 4 or k[-3:] == current[-3:])})
    if not same_kind or current not in order:
        return None
    at = order.index(current) + step
    return order[at] if 0 <= at < len(order) else ""


def periods_away(asked: Asked) -> Program | None:
    """ "And two years earlier?": the last answer several periods away."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or asked.years or \
            over_periods.names_other_line(replace(asked, question=AWAY.sub(" ", asked.question))):
        return None  # "three months earlier": the number names nothing
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    key = _key_away(asked, program)
    return edit.other_period(program, grid, [key]) if key else _date_away(asked, program)


def _date_away(asked: Asked, program: Program) -> Program | None:
    """ "And six months later?" after a balance at 31 December 2024, on columns of dates: the column of the date
    that many months away (dates share their year's period key, so ``_key_away`` cannot tell them apart)."""
    m, grid, found = AWAY.search(asked.question), asked.grid, edit.cells(program)
    if m is None or grid is None or not found or len({c.col for c in found}) != 1:
        return None
    dates = {c: p for c in range(1, len(grid.col_labels)) if (p := as_period(grid.col_labels[c])) and p.kind == "date"}
    at = dates.get(found[0].col)
    if at is None or at.year is None:
        return None
    n = int(m.group(1)) if m.group(1).isdigit() else ONES[m.group(1).lower()]
    unit = m.group(2).lower()
    step = n * {"month": 1, "quarter": 3, "half": 6, "hal": 6, "year": 12}[unit]
    step = -step if m.group(3).lower() in ("earlier", "before", "ago", "prior") else step
    year, month = divmod(at.year * 12 + at.end_month - 1 + step, 12)
    cols = [c for c, p in dates.items() if (p.year, p.end_month) == (year, month + 1)]
    return edit.map_cells(program, lambda c: grid.cell(c.row, cols[0])) if len(cols) == 1 else None


#: "how many more total loans were there in May?": more (or fewer) than the last answer, in the period named
MORE_IN = re.compile(r"\bhow (?:many|much) (?:more|fewer|less|higher|lower|bigger|smaller)\b(?![^?]*\bthan\b)", re.I)


def more_in_period(asked: Asked) -> Program | None:
    """ "How many more total loans were there in May?" after February's total: the line named (else the last
    answer's computation) in the period named, minus the last answer; a line other than the last answer's one line
    is compared with itself in the last answer's period."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or len(asked.years) != 1 or len(asked.lines) > 1:
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(program)
    col = grid.col_of_year(asked.years[0], like=found[0].col) if found else None
    if col is None or col in {c.col for c in found}:
        return None
    rows = {c.row for c in found}
    scale = asked.history[refs[0].turn].scale
    if not asked.lines or rows == {asked.lines[0]}:
        moved = edit.other_period(program, grid, asked.years)
        return Program("subtract", (moved, refs[0]), scale) if moved is not None else None
    row = asked.lines[0]
    if len(rows) == 1:  # "how many more e-book loans in May?" after February's physical loans: e-books with e-books
        return Program("subtract", (grid.cell(row, col), grid.cell(row, found[0].col)), grid.row_scale(row))
    return Program("subtract", (grid.cell(row, col), refs[0]), scale)  # after a sum of lines: the line named over it
