"""Two tables of the same periods read as one, for a question that names lines of both.

People keep a profit and loss account and a balance sheet (or a P&L and an activity sheet) apart, and ask
"what was the return on assets in FY2024?" or "revenue per inpatient admission": the one line in one table, the
other in the other. ``joined`` stacks the second table's lines under the first's, each cell under the column of
the same period (a year's column and the year-end date's: "FY2023" and "As at 31 Dec 2023"), when both tables
state the same scale; ``asked_across`` says whether a question names lines that no one of the tables holds all
of but the two do (rows whose every word it names, and the lines of a named measure: ROA's net income and total
assets). The join is offered as one more table; ``table_choice.fits`` puts it first only for such a question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .numbers import scales_named, without_scale_words
from .periods import as_period
from .types import Period, Table

#: joins two tables' ids; a table read from a file never holds it
SEP = " \u2a1d "
_HEAD = 3


def period_columns(table: Table, source: Table | None = None) -> dict[int, Period]:
    """{column: the period its header cells name} over the first header rows; a column of ``source`` (the table
    as its file wrote it, when laid out with the same columns) says its period in full ("Year to 31 Mar 2024"
    where the layout writes "2024")."""
    out: dict[int, Period] = {}
    for c in range(1, table.n_cols):
        for r in range(min(_HEAD, table.n_rows)):
            period = as_period(table.cell(r, c))
            if period is not None and period.year is not None:
                out[c] = period
                break
    if source is not None and source.n_cols == table.n_cols:
        full = period_columns(source)
        out = {c: full[c] if c in full and full[c].year == p.year and full[c].kind == p.kind else p
               for c, p in out.items()}
    return out


def _same_period(a: Period, b: Period) -> bool:
    """The same period, or a year and a date in it (a P&L's FY2023 and a balance sheet's 31 Dec 2023; FY2024 and
    30 Jun 2024, a financial year written by the year it ends in)."""
    if a == b:
        return True
    year, date = (a, b) if a.kind == "year" else (b, a)
    return year.kind == "year" and date.kind == "date" and date.year == year.year


def _scale(table: Table) -> set[str]:
    text = " ".join([table.caption, *(table.cell(r, 0) for r in range(min(_HEAD, table.n_rows)))])
    text += " " + " ".join(c for row in table.rows[:_HEAD] for c in row[1:])
    return scales_named(text)


def _header_end(table: Table, cols: dict[int, Period]) -> int:
    """The first body row: the row after the last header row naming a period."""
    return 1 + max(r for r in range(min(_HEAD, table.n_rows)) if any(as_period(table.cell(r, c)) for c in cols))


def joined(a: Table, b: Table, sources: tuple[Table | None, Table | None] = (None, None)) -> Table | None:
    """``a`` with ``b``'s body rows below, each of ``b``'s cells in ``a``'s column of the same period; None when
    the tables share no period column (every one of the fewer's columns must have its match) or say different
    scales."""
    pa, pb = period_columns(a, sources[0]), period_columns(b, sources[1])
    match = {ca: cb for ca, p in pa.items() for cb, q in pb.items() if _same_period(p, q)}
    if not match or len(match) < min(len(pa), len(pb)) or len(set(match.values())) != len(match):
        return None
    sa, sb = _scale(a), _scale(b)
    if sa and sb and sa != sb:
        return None
    ha, hb = _header_end(a, pa), _header_end(b, pb)
    body_a = [list(row) for row in a.rows[ha:] if row]
    body_b = [[row[0]] + [row[match[c]] if c in match and match[c] < len(row) else "" for c in range(1, a.n_cols)]
              for row in b.rows[hb:] if row]
    head = [list(row) for row in a.rows[:ha]]
    if bool(sa) != bool(sb):  # one table's scale is its own rows' (money in thousands beside counts)
        word = next(iter(sa or sb)) + "s"
        for row in body_a if sa else body_b:
            row[0] = f"{row[0]} (in {word})" if row[0].strip() and any(c.strip() for c in row[1:]) else row[0]
        for row in head:
            row[0] = without_scale_words(row[0]).strip(" ,;")
    caption = " and ".join(filter(None, (a.caption or a.id, b.caption or b.id)))
    return Table(id=f"{a.id}{SEP}{b.id}", rows=tuple(map(tuple, head + body_a + body_b)), caption=caption)


def with_joins(tables: Sequence[Table], sources: Sequence[Table] = ()) -> tuple[Table, ...]:
    """The tables, then each pair's join (in the order given) that ``joined`` allows; ``sources``: the tables as
    their files wrote them."""
    out = list(tables)
    src = list(sources) or [None] * len(tables)
    for i, a in enumerate(tables):
        for j in range(i + 1, len(tables)):
            both = joined(a, tables[j], (src[i], src[j]))
            if both is not None:
                out.append(both)
    return tuple(out)


def parts(table: Table, tables: Sequence[Table]) -> list[int]:
    """The indices in ``tables`` of the two tables ``table`` joins; [] for a table of its own."""
    if SEP not in table.id:
        return []
    ids = table.id.split(SEP)
    found = [next((i for i, t in enumerate(tables) if t.id == name), -1) for name in ids]
    return found if len(found) == 2 and -1 not in found else []


def asked_across(question: str, tables: Sequence[Table], rows_named) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``question`` names lines that none of ``tables`` holds all of and together they do: the rows it
    names (``rows_named(table)``: labels whose every word it names) and the lines of the measures it names."""
    from .engines.solver.patterns.measures import lines_asked

    targets: list[set[int]] = []
    for pattern in lines_asked(question):
        held = {i for i, t in enumerate(tables)
                if any(row and re.match(rf"\s*(?:{pattern})\b", row[0], re.I) for row in t.rows[1:])}
        targets.append(held)
    labels: dict[str, set[int]] = {}
    for i, table in enumerate(tables):
        for label in rows_named(table):
            labels.setdefault(" ".join(label.lower().split()), set()).add(i)
    targets += list(labels.values())
    targets = [t for t in targets if t]
    return len(targets) >= 2 and not set.intersection(*targets)
