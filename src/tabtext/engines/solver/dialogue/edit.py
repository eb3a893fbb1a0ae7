"""Edits of Programs for follow-up questions, and the table labels they are grounded in.

A follow-up never re-reads an earlier answer's text: it takes the earlier Program, inlines its references
to turns before it, and moves its cells to another row or another period (``Grid`` knows the labels and
years of a user's table), or wraps earlier answers in a new operator with ``Ref`` operands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ....calc import CalcError
from ....numbers import format_number, parse_number
from ....periods import as_period, find_periods, months_named
from ....types import Period, Table
from ..lexicon.words import content_tokens, years_in
from ..program.operators import operator
from ..program.program import Cell, Operand, Program, Ref, Span
from ..reading.table import read_table


@dataclass(frozen=True, slots=True)
class Grid:
    """A user's table as labels: the header rows, each row's label, each column's label and year."""

    table: Table
    header_rows: int
    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    col_years: tuple[str, ...]  # the column's period key (period_key), "" where it names none
    #: rows written in parentheses throughout (an expense line): the parentheses are how the statement
    #: presents the line, so the amount a person computes with is positive
    parenthesised: frozenset[int] = frozenset()
    index: int = 0  # which table of the context this is
    scale: str = ""  # the table's own scale ("thousand"), for a cell read afresh
    row_scales: tuple[str, ...] = ()  # each row's unit as the core reads it ("Rooms revenue ($000)": thousand)
    siblings: tuple[Table, ...] = ()  # every table of the context, so a cell of another one is read in its own grid

    def of_cell(self, cell: Cell) -> Grid:
        """The grid of the table the cell lies in."""
        if cell.table == self.index or not 0 <= cell.table < len(self.siblings):
            return self
        return Grid.of(self.siblings[cell.table], cell.table, self.siblings)

    @classmethod
    def of(cls, table: Table, index: int = 0, siblings: tuple[Table, ...] = ()) -> Grid:
        """The core's reading of the table (``table.read_table``: header rows, labels, years), seen as labels."""
        view = read_table(table)
        header = max(1, view.header_rows)
        years = _dates_apart(tuple("" if c == 0 else period_key(label, ys)  # the label column is no period
                                   for c, (label, ys) in enumerate(zip(view.col_labels, view.col_years))),
                             view.col_labels)
        shown = {r for r in range(header, table.n_rows) if (amounts := [c.strip() for c in table.rows[r][1:]
                 if parse_number(c) is not None]) and (all(a.startswith("(") and a.endswith(")") for a in amounts) or
                 all(a.startswith(("-", "\u2212")) for a in amounts) and not _SIGNED_LINE.search(view.row_labels[r]))}
        first = [next((c for c in range(1, table.n_cols) if parse_number(table.cell(r, c)) is not None), 1)
                 for r in range(table.n_rows)]
        scales = tuple("" if _COUNTED.search(view.row_labels[r]) else view.cell_scale(r, c) for r, c in enumerate(first))
        return cls(table, header, tuple(view.row_labels), tuple(view.col_labels), years, frozenset(shown), index,
                   view.scale, scales, siblings)

    def row_scale(self, row: int) -> str:
        return self.row_scales[row] if row < len(self.row_scales) else self.scale

    def cell(self, row: int, col: int) -> Cell:
        text = self.table.cell(row, col)
        value = parse_number(text)
        if value is not None and row in self.parenthesised:
            value = abs(value)
        return Cell(row, col, text, value, self.row_labels[row], self.col_labels[col], self.index)

    def body_rows(self) -> range:
        return range(self.header_rows, self.table.n_rows)

    def rows_named(self, question: str) -> list[int]:
        """Rows whose label's words all occur in the question, the longest label first, nested labels dropped."""
        words = set(content_tokens(question))
        found = [r for r in self.body_rows() if (label := label_words(self.row_labels[r])) and label <= words]
        if not found:  # "River field" of "River field (barley)": a label's note in brackets need not be said
            found = [r for r in self.body_rows() if (label := label_words(_NOTE.sub(" ", self.row_labels[r])))
                     and label <= words]
        found.sort(key=lambda r: -len(label_words(self.row_labels[r])))
        kept: list[int] = []
        for r in found:
            if not any(label_words(self.row_labels[r]) <= label_words(self.row_labels[k]) for k in kept):
                kept.append(r)
        return kept

    def cols_named(self, question: str) -> list[int]:
        """Columns (after the label column) whose header words, years aside, all occur in the question."""
        words = set(content_tokens(question))
        return [c for c in range(1, self.table.n_cols)
                if (label := set(content_tokens(self.col_labels[c]))) and label <= words]

    def periods_like(self, key: str) -> list[str]:
        """The table's periods of the kind ``key`` is, in time order: a total column of the year beside its halves
        ("Total 2024") is no step between H2 2023 and H1 2024."""
        return sorted(k for k in set(self.col_years) - {""} if len(k) == len(key) and k[8:] == key[8:])

    def col_of_year(self, year: str, like: int | None = None) -> int | None:
        """The column of ``year``; among several, the one whose other header words match column ``like``."""
        cols = [c for c, y in enumerate(self.col_years) if y == year]
        if like is not None and len(cols) > 1:
            same = [c for c in cols if content_tokens(self.col_labels[c]) == content_tokens(self.col_labels[like])]
            cols = same or cols
        return cols[0] if cols else None

    def years_named(self, question: str, year: str = "") -> list[str]:
        """The period keys of the columns the question names: years, and quarters, halves or months ("Q3" without a
        year when one column is that quarter, or among several the one of ``year``: the year a conversation is in)."""
        known = set(self.col_years) - {""}
        named = [p for _, _, p in find_periods(question)]
        dated = [k for p in named if p.kind == "date" and p.year and (k := f"{p.year:04d}-{p.end_month:02d}-00") in known]
        out = [_year_end(y, known) for y in years_in(question) if not any(d.startswith(y) for d in dated)]
        out = [y for y in out if y in known] + dated  # "at 31 December 2024": that date's column, not its year's
        taken = {p.end_month for p in named if p.kind == "month"}
        alone = months_named(question) + ([5] if _MAY.search(question) else [])  # "what about May?", "April and May"
        named += [Period(None, m, 1, "month") for m in dict.fromkeys(alone) if m not in taken]
        for p in named:
            if p.kind not in _PART_OF_YEAR:
                continue
            if p.year and len(out) > 0:  # "the H2 2024" names a half, not the year's own column ("FY 2024")
                out = [y for y in out if y != f"{p.year:04d}"]
            keys = [_key(p)] if p.year else [k for k in known if k.endswith(_key(p)[4:])]
            if len(keys) > 1 and year:
                keys = [k for k in keys if k.startswith(year)]
            if len(keys) == 1 and keys[0] in known and keys[0] not in out:
                out = [y for y in out if not keys[0].startswith(y)] + keys  # "Q3 2024": the quarter, not the year
        return out


#: lines whose sign is news (a loss, a fall), not how a statement writes an expense it subtracts ("Cost of sales -53.9")
_SIGNED_LINE = re.compile(r"\b(?:net|change|increase|decrease|loss|losses|profit|income(?! tax)|gain|gains|earnings|flows?|"
                          r"growth|margin|balance|equity)\b", re.I)
_PART_OF_YEAR = ("quarter", "half", "month", "months")
#: "May" written as a name inside a turn (not "May I ...?"): the month, which ``months_named`` reads only as "in May"
_MAY = re.compile(r"(?<=\S\s)May\b(?!\s+(?:I|we|you|they|he|she|it|be|have|not)\b)")
#: a line its label says is a count ("Room nights sold (number)"), not in the table's "thousands unless stated"
_COUNTED = re.compile(r"\((?:number|no\.?|count|#|units?|people|persons)\)", re.I)


def is_counted(label: str) -> bool:
    """Whether a line's label says it counts things ("Installations completed (number)")."""
    return bool(_COUNTED.search(label))


_UNIT = re.compile(r"\((?:[$€£¥]|in\s|\d|%|[a-z]{1,3}\))[^)]*\)|\([^)]*(?:000|thousands?|millions?|%)[^)]*\)", re.I)


_NOTE = re.compile(r"\([^)]*\)")


def label_words(label: str) -> set[str]:
    """A row label's words without its unit ("Revenue ($000)", "Churn (%)" -> revenue, churn)."""
    return set(content_tokens(_UNIT.sub(" ", label)))


def _key(p: Period) -> str:
    """A sortable key: '2024-09-03' for the three months to September 2024."""
    return f"{p.year or 0:04d}-{p.end_month:02d}-{p.months:02d}"


def _year_end(year: str, known: set[str]) -> str:
    """A year asked of columns keyed by dates: its last date ("cash in 2024" of 30 Jun and 31 Dec 2024)."""
    if year in known:
        return year
    return max((k for k in known if k.startswith(f"{year}-") and k.endswith("-00")), default=year)


def _dates_apart(keys: tuple[str, ...], labels: Sequence[str]) -> tuple[str, ...]:
    """Columns of dates in one year (30 Jun 2024, 31 Dec 2024) keyed by their dates ('2024-06-00'), not one year."""
    dates = [as_period(label) for label in labels]
    shared = [k for k in keys if len(k) == 4]
    return tuple(f"{p.year:04d}-{p.end_month:02d}-00" if len(k) == 4 and shared.count(k) > 1 and p is not None and
                 p.kind == "date" and p.year else k for k, p in zip(keys, dates))


def period_key(label: str, years: Sequence[str]) -> str:
    """A column's period: a quarter, half or month it names with its year (its key), else its first year."""
    parts = [p for _, _, p in find_periods(label) if p.kind in _PART_OF_YEAR and p.year]
    if len(parts) == 1:
        return _key(parts[0])
    alone = as_period(label) if not years else None  # "January" of a table of one year's months, no year said
    if alone is not None and alone.kind in _PART_OF_YEAR:
        return _key(alone)
    return years[0] if years else ""


# ---------------------------------------------------------------- walking and rewriting Programs
def cells(program: Operand) -> list[Cell]:
    """The cells an answer rests on; of a choice (argmax, argmin), the one it keeps: "which gallery had the fewest
    visitors?" is about that gallery, so "how many visitors did it have?" reads its line."""
    if isinstance(program, Cell):
        return [program]
    if not isinstance(program, Program):
        return []
    args = program.args
    if program.op in ("argmax", "argmin"):
        try:
            args = program.kept()
        except (CalcError, IndexError):  # a choice over earlier answers not inlined: all it reads
            pass
    return [c for a in args for c in cells(a)]


def as_figure(program: Program, grid: Grid) -> Program:
    """A choice among cells ("which month had the highest revenue?") as the figure of the cell it keeps, for a
    follow-up that computes with it ("how much higher was it than January?"); any other program as it is."""
    if program.op not in ("argmax", "argmin"):
        return program
    kept = cells(program)
    return Program("lookup", (kept[0],), grid.row_scale(kept[0].row)) if len(kept) == 1 else program


def map_cells(program: Program, fn: Callable[[Cell], Operand]) -> Program:
    def edit(a: Operand) -> Operand:
        if isinstance(a, Cell):
            return fn(a)
        return map_cells(a, fn) if isinstance(a, Program) else a
    args = tuple(edit(a) for a in program.args)
    # a value the core wrote down for the old cells (a lookup's cell text) is not the new cells' value
    return replace(program, args=args, answer_value=program.answer_value if args == program.args else None)


def inline(program: Program, history: Sequence[Program]) -> Program:
    """The program with each ``Ref`` to an earlier turn replaced by that turn's own (inlined) program."""
    def edit(a: Operand) -> Operand:
        if isinstance(a, Ref):
            return inline(history[a.turn], history)
        return inline(a, history) if isinstance(a, Program) else a
    return replace(program, args=tuple(edit(a) for a in program.args))


def other_row(program: Program, grid: Grid, row: int) -> Program | None:
    """The same computation on another row: the cells of the program's first row move to ``row``."""
    found = cells(program)
    if not found or found[0].row == row:
        return None
    subject = found[0].row
    moved = map_cells(program, lambda c: grid.cell(row, c.col) if c.row == subject else c)
    if program.scale == grid.row_scale(subject) != grid.row_scale(row):  # an amount of the row: in the new row's unit
        moved = replace(moved, scale=grid.row_scale(row))
    return moved


_PERCENT_ASKED = re.compile(r"\bpercent\w*|%|\brate\b|\bhow fast\b", re.I)
CHANGE_ASKED = re.compile(r"\b(?:change[ds]?|differ\w*|increase[ds]?|decrease[ds]?|gr[eo]w\w*|f[ae]ll|rose|rise)\b", re.I)


def as_asked_change(program: Program, question: str, scale: str) -> Program:
    """A change moved to another row as the follow-up asks it: "how did its number change?" after a growth rate
    is the change itself (in ``scale``, the row's unit), "by what percentage?" after a change the rate."""
    if program.op == "change_ratio" and CHANGE_ASKED.search(question) and not _PERCENT_ASKED.search(question):
        return Program("subtract", program.args, scale)
    if program.op == "subtract" and len(program.args) == 2 and CHANGE_ASKED.search(question) and \
            _PERCENT_ASKED.search(question):
        return Program("change_ratio", program.args, "percent")
    return program


def other_period(program: Program, grid: Grid, years: Sequence[str]) -> Program | None:
    """The same computation in other periods: one year named shifts every period by the same step; as many
    years as the program has periods map oldest to oldest. A cell of another table (the balance sheet's equity
    beside the profit) moves to the same period there."""
    found = cells(program)
    keys = sorted({k for c in found if (k := _key_of(grid, c))})
    if not keys or not years:
        return None
    if len(years) == len(keys):
        moves = dict(zip(keys, sorted(years)))
    elif len(years) == 1:
        order = grid.periods_like(years[0])
        if years[0] not in order or keys[-1] not in order:
            return None
        step = order.index(years[0]) - order.index(keys[-1])
        shifted = {k: order.index(k) + step if k in order else -1 for k in keys}
        if not all(0 <= i < len(order) for i in shifted.values()):
            return None
        moves = {k: order[i] for k, i in shifted.items()}
    else:
        return None
    if all(k == v for k, v in moves.items()):
        return None
    targets = {}
    for c in found:
        if (k := _key_of(grid, c)) in moves:
            col = grid.of_cell(c).col_of_year(moves[k], like=c.col)
            if col is None:
                return None
            targets[(c.table, c.row, c.col)] = col
    return map_cells(program, lambda c: grid.of_cell(c).cell(c.row, targets[(c.table, c.row, c.col)])
                     if (c.table, c.row, c.col) in targets else c)


def _key_of(grid: Grid, cell: Cell) -> str:
    """The period key of the cell's column, in its own table."""
    years = grid.of_cell(cell).col_years
    return years[cell.col] if cell.col < len(years) else ""


def without_periods(question: str) -> str:
    """The question with the periods it names cut out ("at June 30, 2024" whole, its day too)."""
    rest, last = [], 0
    for start, end, _ in find_periods(question):
        rest.append(question[last:start])
        last = end
    return " ".join(rest) + question[last:]


def period_of(program: Program, history: Sequence[Program], grid: Grid) -> str:
    """The latest year among the program's cells ("" when it reads none)."""
    years = [grid.col_years[c.col] for c in cells(inline(program, history)) if c.col < len(grid.col_years)]
    return max((y for y in years if y), default="")


# ---------------------------------------------------------------- what a program computes, in words
def describe(program: Operand, history: Sequence[Program]) -> str:
    """The computation in the table's own labels ("Revenue (2020) − Revenue (2019)"), references inlined."""
    if isinstance(program, Cell):
        return f"{program.row_label} ({program.col_label})" if program.col_label else program.row_label
    if isinstance(program, Ref):
        return describe(history[program.turn], history)
    if isinstance(program, Span):
        return f"“{program.text}”"
    if not isinstance(program, Program):
        return getattr(program, "text", "") or format_number(getattr(program, "value", 0.0), 2)
    parts = [describe(a, history) for a in program.args]
    nested = [f"({p})" if isinstance(a, (Program, Ref)) and _is_compound(a, history) else p
              for a, p in zip(program.args, parts)]
    words = operator(program.op).words
    return words(nested, parts) if words is not None else ", ".join(parts)


def _is_compound(a: Operand, history: Sequence[Program]) -> bool:
    program = history[a.turn] if isinstance(a, Ref) else a
    return isinstance(program, Program) and program.op not in ("lookup", "span")
