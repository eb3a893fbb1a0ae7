"""Share follow-ups ("what is that as a percentage of total assets?", a row of ``conversation.FOLLOW_UPS``) and
the whole they put the last answer over when no one cell is that whole: "what share of full-year revenue is
that?" after a total over four quarters is revenue over the same quarters; "what share of the whole fleet's fuel
is that?" after two vans' litres is the column over every row, when no row totals it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....calc import CalcError
from ....periods import find_periods
from ....types import Period
from ..lexicon.words import content_tokens
from ..patterns.per_unit import stems
from ..program.program import Cell, Program, Ref
from . import edit, over_periods, parts
from .asked import Asked
from .edit import Grid

#: the whole named by "all" / "whole" / "entire" / "overall", not a row
_ALL = re.compile(r"\b(?:all|whole|entire|overall|total)\b", re.I)
#: a row that totals the others: "Total", "Grand total", "All parks", "Overall", "Loans total"
_TOTAL_ROW = re.compile(r"^\W*(?:(?:grand\s+)?total|all|overall)\b|\btotal\W*$", re.I)
_PRONOUN = re.compile(r"\b(?:it|its|that|this|they|them|those|these)\b", re.I)
_CHANGE_NAMED = re.compile(r"\b(?:change|increase|decrease|difference|growth|rise|fall|drop)\b", re.I)


def whole_over_parts(grid: Grid, row: int, found: Sequence[Cell], periods_named: bool) -> Program | None:
    """``row`` summed over the period columns the last answer read, when it read one row in several of them and
    the question names no period."""
    cols = sorted({c.col for c in found})
    if periods_named or len(cols) < 2 or len({c.row for c in found}) != 1:
        return None
    return Program("add", tuple(grid.cell(row, c) for c in cols))


def whole_of_column(grid: Grid, whole: str, found: Sequence[Cell]) -> Program | Cell | None:
    """The column of the last answer over every row (its total row when it has one), when the question's whole
    says "all" or "whole" and names no row."""
    cols = {c.col for c in found}
    if not _ALL.search(whole) or len(cols) != 1:
        return None
    col = cols.pop()
    rows = [r for r in grid.body_rows() if grid.cell(r, col).value is not None]
    totals = [r for r in rows if _TOTAL_ROW.search(grid.row_labels[r])]
    if totals:
        return grid.cell(totals[-1], col)
    if len(rows) < 3 or not {c.row for c in found} < set(rows):
        return None
    return Program("add", tuple(grid.cell(r, col) for r in rows))


#: "what share of ...", "how much of ...": the whole follows
SHARE_OF = re.compile(r"\b(?:percent\w*|share|proportion|portion|fraction|how much) of\b|\brelative to\b", re.I)
#: "what about net income as a share of ...": a follow-up naming its own part
_LEAD_ROW = re.compile(r"\s*(?:and\s+)?(?:what|how)\s+about\b", re.I)
#: a whole that is the year of the last answer's quarter, half or month ("the annual revenue", "the year's revenue")
#: ("as a percentage of the year?", "what share of its 2024 total was that?": the line's own total for the year)
_YEAR_WHOLE = re.compile(r"\b(?:annual|yearly|year'?s|full[- ]year|whole[- ]year|entire[- ]year|for the year)\b|"
                         r"\bthe year\s*\??\s*$|\bits\s+(?:(?:fy\s?)?\d{4}\s+)?total\b", re.I)


def whole_of_year(grid: Grid, row: int, found: Sequence[Cell], whole: str) -> Program | None:
    """``row`` summed over the parts of the one year the last answer's period lies in ("what share of the annual
    revenue came in Q4?"), when the whole says so."""
    periods = {parts.col_period(grid, c.col) for c in found}
    if not _YEAR_WHOLE.search(whole) or None in periods or len({p.year for p in periods}) != 1:  # type: ignore[union-attr]
        return None
    year = next(iter(periods)).year  # type: ignore[union-attr]
    own = [c for c in range(1, grid.table.n_cols) if parts.col_period(grid, c) == Period(year, 12, 12, "year")]
    if len(own) == 1 and grid.cell(row, own[0]).value is not None:  # the year's own column ("Total 2024")
        return Program("lookup", (grid.cell(row, own[0]),))
    cols = parts.parts_of(grid, Period(year, 12, 12, "year"))
    return Program("add", tuple(grid.cell(row, c) for c in cols)) if cols else None


#: a whole that is the line over every period shown ("the total for the eight months", "all the quarters")
_EVERY_PERIOD = re.compile(r"\b(?:total|all|whole|entire|combined)\b.*\b(?:months|quarters|years|halves|periods|period|table)\b",
                           re.I)


def whole_of_line(grid: Grid, found: Sequence[Cell], whole: str) -> Program | None:
    """The last answer's one line summed over every column of its kind of period, when the whole names no row
    but all the periods ("what share of the total for the eight months is that?" after two months' revenue)."""
    kinds = {parts.col_period(grid, c.col).kind if parts.col_period(grid, c.col) else None for c in found}
    if not _EVERY_PERIOD.search(whole) or len({c.row for c in found}) != 1 or len(kinds) != 1 or None in kinds:
        return None
    row, kind = found[0].row, kinds.pop()
    cols = [c for c in range(1, grid.table.n_cols) if (p := parts.col_period(grid, c)) and p.kind == kind and
            grid.cell(row, c).value is not None]
    return Program("add", tuple(grid.cell(row, c) for c in cols)) if len(cols) > len({c.col for c in found}) else None


_RANGE = re.compile(r"\w\s*(?:-\s*to\s*-|\bto\b|\bthrough\b|\buntil\b|[\u2013-])\s*\w", re.I)


def _whole_over_range(grid: Grid, whole: str, found: Sequence[Cell], years: list[str]) -> Program | None:
    """The last answer's one line summed over every period from the first named to the second, when the whole is
    written as a range ("the March-to-August total", "the Q1 to Q3 figure")."""
    if len(years) != 2 or not _RANGE.search(whole) or not found or len({c.row for c in found}) != 1:
        return None
    order = grid.periods_like(years[0])
    if years[1] not in order:
        return None
    lo, hi = sorted(order.index(y) for y in years)
    cols = [c for k in order[lo:hi + 1] if (c := grid.col_of_year(k)) is not None]
    return Program("add", tuple(grid.cell(found[0].row, c) for c in cols)) if len(cols) > 2 else None


#: when in the period a balance is read, which names no line ("the year-end loan", "closing cash")
_AT_PERIOD_END = re.compile(r"\b(?:year|quarter|month|period|half)[- ]end\b|\b(?:closing|opening)\b", re.I)


def whole_in_other_table(asked: Asked, whole: str, found: Sequence[Cell]) -> Cell | None:
    """The whole as a row of another table of the context, in the last answer's period ("what's that as a
    percentage of total equity?" after the profit and loss account's net profit: the balance sheet's equity at that
    year's end), when this table has no such row."""
    grid = asked.grid
    keys = {grid.col_years[c.col] for c in found} if grid else set()
    if grid is None or len(keys) != 1 or "" in keys:
        return None
    for index, table in enumerate(asked.tables):
        other = Grid.of(table, index, asked.tables) if index != grid.index and table.rows else None
        rows = (other.rows_named(whole) or over_periods.rows_partly_named(other, _AT_PERIOD_END.sub(" ", whole))) \
            if other else []  # "the year-end loan": the one row holding "loan" (Bank loan)
        col = other.col_of_year(next(iter(keys))) if other and rows else None
        if col is not None:
            return other.cell(rows[0], col)  # type: ignore[union-attr]
    return None


def share_of_named(asked: Asked) -> Program | None:
    refs, grid = asked.last(1), asked.grid
    cue = SHARE_OF.search(asked.question)
    if not refs or grid is None or cue is None or asked.names_unknown_year or not (
            _PRONOUN.search(asked.question) or re.match(r"\s*(?:and\s+)?(?:(?:as\s+)?an?\s+(?:percent\w*|share|proportion)\s+of|"
                                                        r"relative to)\b", asked.question, re.I) or
            _YEAR_WHOLE.search(asked.question) or _LEAD_ROW.match(asked.question[:cue.start()]) and
            grid.rows_named(asked.question[:cue.start()])):  # "what about net income as a share of net sales?"
        return None
    whole = re.split(r"[,?;]|\b(?:what|how|was|were|is|are|did|does|do)\b", asked.question[cue.end():], maxsplit=1, flags=re.I)[0]
    if re.match(r"\s*(?:the\s+)?(?:total\s+)?(?:that|this|it|them|those|these)\b", whole, re.I):  # "what share of that was Grade 7?"
        share = _named_share_of_last(asked, asked.question[cue.end():])
        if share is not None and cue.group(0).lower().startswith("how much"):  # "how much of that was from the West?"
            part = share.args[0]
            return part if isinstance(part, Program) else Program("lookup", (part,), grid.row_scale(part.row))  # type: ignore[union-attr]
        return share
    rows, years = grid.rows_named(whole) or over_periods.rows_partly_named(grid, whole), grid.years_named(asked.question)
    rows = [] if re.match(r"\s*its\b", whole, re.I) else rows  # "its 2024 total": the last answer's line, not a Total row
    last = asked.history[refs[0].turn]
    subject = last.args[0] if last.op == "percent_of" and len(last.args) == 2 else refs[0]  # "and of gross profit?"
    found = edit.cells(edit.inline(Program("lookup", (subject,)), asked.history))
    if last.op in ("argmax", "argmin") and len(found) == 1:
        subject = found[0]  # "what share of the year's revenue was that?" after "which quarter was highest?": its figure
    later = _later_of_change(edit.inline(last, asked.history), found)
    if later is not None:  # a change of a line between two periods: its whole is the later period's, not both summed
        found, subject = [later], later if last.scale == "percent" else subject  # a rate's share: the line's figure
    ranged = _whole_over_range(grid, whole, found, years) if not rows else None
    if ranged is not None:  # "what share of the March-to-August total is that?": the line over those months
        return Program("percent_of", (subject, ranged), "percent")
    other = whole_in_other_table(asked, whole, found) or whole_of_line(grid, found, whole) \
        if not rows and not years else None
    if other is not None:
        return Program("percent_of", (subject, other), "percent")
    line = rows[:1] or ([found[0].row] if found and len({c.row for c in found}) == 1 else [])  # "of the full year"
    over = whole_of_year(grid, line[0], found, whole) if found and line else None
    part = _period_part(asked, cue.end(), line[0]) if over is not None else None
    subject = part if part is not None else subject  # "... of the full year came in the second half?": H2's line
    if over is None:
        over = whole_over_parts(grid, rows[0], found, bool(years)) if found and rows else \
            whole_of_column(grid, whole, found) if found and not set(years) - {grid.col_years[c.col] for c in found} \
            else None
    if over is not None:
        return Program("percent_of", (subject, over), "percent")
    if not found or not (rows or years):
        return None
    row = rows[0] if rows else found[0].row
    col = grid.col_of_year(years[0], like=found[0].col) if years else found[-1].col
    if col is None or (row, col) == (found[0].row, found[0].col) and len(found) == 1:
        return None  # a line as a share of itself: the whole was not read
    part = _part_named(asked, whole, row, col, found)
    return Program("percent_of", (part if part is not None else subject, grid.cell(row, col)), "percent")


def _period_part(asked: Asked, after: int, row: int) -> Program | Cell | None:
    """The line over the one part of the year the question names after the cue ("came in the second half")."""
    named = [p for s, _, p in find_periods(asked.question) if s >= after and p.year and p.kind in ("half", "quarter", "month")]
    if len(named) != 1:
        return None
    cols = parts.parts_of(asked.grid, named[0]) or [c for c in range(1, asked.grid.table.n_cols)  # type: ignore[union-attr]
                                                    if parts.col_period(asked.grid, c) == named[0]]  # type: ignore[arg-type]
    return _over(asked.grid, row, cols) if cols else None  # type: ignore[arg-type]


def _later_of_change(last: Program, found: Sequence[Cell]) -> Cell | None:
    """The later cell of a change (or its rate) of one line between two periods."""
    if last.op not in ("subtract", "change_ratio") or len(found) != 2 or found[0].row != found[1].row or \
            found[0].col == found[1].col:
        return None
    return max(found, key=lambda c: c.col)


_PART_AFTER = re.compile(r"\b(?:percent\w*|share|proportion) of\b(.*?)\b(?:was|were|is|are|did|came|come|comes|went)\b(.*)",
                         re.I)


def share_named_in_full(asked: Asked) -> Program | None:
    """ "What share of June's loans were e-books?": the part row named after the verb over the whole row named
    after "of" ("loans": the one row holding the word, a total first), in the one period the question names,
    with or without a conversation before it."""
    m, grid = _PART_AFTER.search(asked.question), asked.grid
    cols = _cols_of_period(asked) if grid is not None else []
    if m is None or grid is None or _PRONOUN.search(m.group(2)):
        return None  # "was that pastries figure": the part is an earlier answer (share_of_named)
    if not cols and not find_periods(asked.question):  # "what share of revenue went on marketing?": the last answer's
        cols = _cols_of_last(asked, grid)
    if not cols:
        return _share_of_column(grid, m.group(1), m.group(2))
    wholes = grid.rows_named(m.group(1)) or over_periods.rows_partly_named(grid, m.group(1))
    parts = [r for r in grid.rows_named(m.group(2)) or over_periods.rows_partly_named(grid, m.group(2)) if r not in wholes]
    if not wholes or len(parts) != 1 or any(grid.cell(wholes[0], c).value is None for c in cols):
        return None
    return Program("percent_of", (_over(grid, parts[0], cols), _over(grid, wholes[0], cols)), "percent")


def _cols_of_last(asked: Asked, grid: Grid) -> list[int]:
    """The period columns the last answer read (one line's), when it read only such columns."""
    refs = asked.last(1)
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)) if refs else []
    cols = sorted({c.col for c in found})
    ok = found and len({c.row for c in found}) == 1 and all(parts.col_period(grid, c) for c in cols)
    return cols if ok else []


def _share_of_column(grid: Grid, whole: str, part: str) -> Program | None:
    """On a table of things as rows, no column a period ("what share of the team's points did Maya score?"): the
    row named after the verb over its column's total row (else the column's sum), the column named after "of"."""
    if any(parts.col_period(grid, c) for c in range(1, grid.table.n_cols)):
        return None
    said = stems(whole)
    cols = [c for c in range(1, grid.table.n_cols) if (h := stems(grid.col_labels[c])) and h <= said]
    words = set(content_tokens(part))
    rows = grid.rows_named(part) or over_periods.rows_partly_named(grid, part) or \
        [r for r in grid.body_rows() if words & edit.label_words(grid.row_labels[r])]  # "did Maya score": Maya Ortiz
    if len(cols) != 1 or len(rows) != 1 or _TOTAL_ROW.search(grid.row_labels[rows[0]]):
        return None
    whole_cell = whole_of_column(grid, "total", [grid.cell(rows[0], cols[0])])
    return Program("percent_of", (grid.cell(rows[0], cols[0]), whole_cell), "percent") if whole_cell is not None else None


def _cols_of_period(asked: Asked) -> list[int]:
    """The one period's column, or the columns making up a year no column is ("in 2024" of H1 2024, H2 2024)."""
    grid, years = asked.grid, asked.years
    if len(years) == 1:
        col = grid.col_of_year(years[0])  # type: ignore[union-attr]
        return [col] if col is not None else []
    named = [p for _, _, p in find_periods(asked.question) if p.kind == "year" and p.year]
    return parts.parts_of(grid, named[0]) if len(named) == 1 and not years else []  # type: ignore[arg-type]


def _over(grid: Grid, row: int, cols: list[int]) -> Program | Cell:
    return grid.cell(row, cols[0]) if len(cols) == 1 else Program("add", tuple(grid.cell(row, c) for c in cols))


#: verbs of a part of the last answer, naming no line ("what percentage of that was spent on staff?")
_PART_VERBS = frozenset(content_tokens("spent spend paid went came come accounted account made make taken take up on for "
                                       "from"))


def _named_share_of_last(asked: Asked, part: str) -> Program | None:
    """The row the question names, in the last answer's period, as a percentage of the last answer ("what share
    of that was Grade 7?"); or, after a line over several periods, that line in the one period named ("what
    share of that came in the fourth quarter?")."""
    refs, grid = asked.last(1), asked.grid
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    if not found:
        return None
    words = set(content_tokens(part)) - _PART_VERBS
    rows = grid.rows_named(part) or over_periods.rows_partly_named(grid, part) or \
        [r for r in grid.body_rows() if r != found[0].row and words & edit.label_words(grid.row_labels[r])]
    rows = rows if len(rows) == 1 or grid.rows_named(part) else []  # "that was spent on staff": Staff costs
    if not rows and len(asked.years) == 1 and len({c.row for c in found}) == 1:
        col = grid.col_of_year(asked.years[0], like=found[0].col)
        if col is None or col not in {c.col for c in found} or len({c.col for c in found}) < 2:
            return None
        return Program("percent_of", (grid.cell(found[0].row, col), refs[0]), "percent")
    if not rows or rows[0] == found[0].row:
        return None
    return Program("percent_of", (grid.cell(rows[0], found[-1].col), refs[0]), "percent")


def _part_named(asked: Asked, whole: str, whole_row: int, col: int, found: list) -> Cell | None:
    """The cell a share question puts over the whole, when it is not the last answer: a line the question names
    besides the whole ("as a share of revenue, what was net income in 4Q23?"), or the last answer's line in the
    period named when that answer was a rate, or a change over periods when the question names the line ("what
    was it as a share of revenue in 2023?" after its growth, "what share of December's total sales was that
    pastry figure?" after its increase since October)."""
    grid = asked.grid
    at = asked.question.rfind(whole)  # the whole after the cue ("cost of sales as a share of sales": the last "sales")
    rest = asked.question[:at] + " " + asked.question[at + len(whole):]
    named = [r for r in grid.rows_named(rest) if r != whole_row]
    if named:
        return grid.cell(named[0], col)
    last = asked.history[-1]
    if not asked.years or len({c.row for c in found}) != 1:
        return None
    if last.scale == "percent":  # a rate of the line: the line's figure in the period named
        return grid.cell(found[0].row, col)
    line = stems(grid.row_labels[found[0].row])
    if len({c.col for c in found}) > 1 and found[0].row != whole_row and line and line <= stems(rest) and \
            not _CHANGE_NAMED.search(rest):  # "that pastry figure" after its change; "that" alone is the change
        return grid.cell(found[0].row, col)
    return None


#: a share asked with no whole named ("what percentage is that?", "what share was e-books?")
SHARE_ALONE = re.compile(r"\b(?:what|which)\s+(?:percent(?:age)?|share|proportion|fraction)\b(?!\s+of\b)", re.I)
_SHARE_WORDS = frozenset(content_tokens("what percentage percent share proportion fraction is was were that this it "
                                        "those these total whole"))


def share_of_earlier(asked: Asked) -> Program | None:
    """ "What share was children's books?" after a total: the row named, in the last answer's period, over it;
    "what percentage is that?" after a part of the answer before it ("how many of those were children's books?"
    after total loans): the last answer over the one before, both read in one column."""
    m, grid = SHARE_ALONE.search(asked.question), asked.grid
    if m is None or grid is None or not asked.last(1):
        return None
    if asked.years:
        return _share_in_part(asked)
    if asked.lines:
        return _named_share_of_last(asked, asked.question[m.end():])
    refs = asked.last(1)
    if set(content_tokens(asked.question)) - _SHARE_WORDS:
        return None
    part = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    cols, rows = {c.col for c in part}, {c.row for c in part}
    for turn in range(refs[0].turn - 1, -1, -1):  # the latest earlier figure of its columns (a rate passed over)
        whole = edit.cells(edit.inline(asked.history[turn], asked.history))
        if len(rows) != 1 or {c.col for c in whole} != cols or len({c.row for c in whole}) != 1 or \
                asked.history[turn].scale == "percent":
            continue
        if rows == {c.row for c in whole} or abs(_value(asked, refs[0].turn)) > abs(_value(asked, turn)):
            return None
        return Program("percent_of", (refs[0], Ref(turn)), "percent")
    whole = _line_over_more_periods(asked, refs[0].turn, part) or _other_measure_before(asked, part)
    return Program("percent_of", (refs[0], whole), "percent") if whole is not None else None


def _share_in_part(asked: Asked) -> Program | None:
    """ "What share came in December?" after a line's figure for the half (or year) holding December: the line in
    the part named over the last answer."""
    refs, grid = asked.last(1), asked.grid
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    col = grid.col_of_year(asked.years[0]) if grid is not None and len(asked.years) == 1 and len(found) == 1 else None
    held = parts.col_period(grid, found[0].col) if col is not None else None  # type: ignore[arg-type]
    named = parts.col_period(grid, col) if held is not None else None  # type: ignore[arg-type]
    if named is None or named == held or not (held.span()[0] <= named.span()[0] <= named.span()[1] <= held.span()[1]) \
            or asked.lines and asked.lines != [found[0].row]:  # type: ignore[union-attr]
        return None
    return Program("percent_of", (grid.cell(found[0].row, col), refs[0]), "percent")  # type: ignore[union-attr]


def _other_measure_before(asked: Asked, part: list) -> Ref | None:
    """The answer before the last when it read the same row in another column of the same period, no smaller
    ("what percentage is that?" after Maths' entries in 2024 and then its grade 4+ passes in 2024)."""
    refs, grid = asked.last(2), asked.grid
    whole = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)) if len(refs) == 2 else []
    if grid is None or len(whole) != 1 or len(part) != 1 or whole[0].row != part[0].row or \
            whole[0].table != part[0].table or whole[0].col == part[0].col:
        return None
    keys = {grid.of_cell(c).col_years[c.col] for c in (whole[0], part[0])}
    if len(keys) != 1 or "" in keys or abs(_value(asked, refs[1].turn)) > abs(_value(asked, refs[0].turn)):
        return None
    return refs[0]


def _line_over_more_periods(asked: Asked, last: int, part: list) -> Ref | None:
    """The latest earlier answer that totals the last answer's line over more periods than it ("how much of that
    came in the second half?" after the year's total, then "what share is that?")."""
    for turn in range(last - 1, -1, -1):
        program = edit.inline(asked.history[turn], asked.history)
        whole = edit.cells(program)
        if program.op == "add" and {c.row for c in whole} == {c.row for c in part} and \
                {c.col for c in part} < {c.col for c in whole}:
            return Ref(turn)
    return None


def _value(asked: Asked, turn: int) -> float:
    try:
        return asked.history[turn].value(asked.history)
    except (CalcError, TypeError, ValueError):
        return 0.0
