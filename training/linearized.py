"""The recovered TAT-QA train tables: the source's one-line-per-row linearization back to a grid.

The source (see ../shared/data/tatqa/train_recovered/README.md) writes

    Headers: a | b            the first row, its empty cells dropped
    Row 3:  is 2019; b is 2018    a row with an empty label, at its row index: "<column header> is <cell>"
    Category: Assets:         a row with a label and no value
    Cash:  is $130; b is $91  a labelled row (empty cells skipped)

A cell's column is known only through the first row's cell above it, so cells of rows with blanks are placed by
matching their column headers in order; where that is ambiguous (several empty headers) the row is aligned to
the right (totals and later periods are the cells most often present in TAT-QA's partial rows — the same
reason a reader looks right first). The source prefixes every plain number with ``$`` and sometimes appends
`` million USD``; a ``$`` written straight before the number may have been the cell's own, so those cells are
returned without it and flagged in ``dollar_unknown`` (their numbers are exact either way).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tabtext.types import Table

_ROW_INDEX = re.compile(r"^Row (\d+): ")
_SUFFIX = " million USD"
_ADDED_DOLLAR = re.compile(r"^\$(?=[\d(.])")
_NEGATIVE_WRAPPED = re.compile(r"^\(\$(.*) million USD\)$")


@dataclass(frozen=True, slots=True)
class RecoveredTable:
    """A parsed table: the grid, and the cells whose leading ``$`` cannot be known (stored without it)."""

    uid: str
    rows: tuple[tuple[str, ...], ...]
    dollar_unknown: frozenset[tuple[int, int]] = frozenset()

    def to_table(self) -> Table:
        return Table(id=self.uid, rows=self.rows)


@dataclass(frozen=True, slots=True)
class _Line:
    index: int | None  # the row index the source wrote ("Row 3:"), None for labelled rows
    label: str
    cells: tuple[tuple[str, str], ...]  # (column header, value) in the source's order


def clean_value(value: str) -> tuple[str, bool]:
    """Strip what the source added; the flag says the result may have lost a ``$`` the cell really had."""
    wrapped = _NEGATIVE_WRAPPED.match(value)
    if wrapped:
        return f"({wrapped.group(1)})", True
    if value.endswith(_SUFFIX):
        value = value[: -len(_SUFFIX)]
    if _ADDED_DOLLAR.match(value):
        return value[1:], True
    return value, False


def _split_cells(body: str, headers: list[str]) -> tuple[tuple[str, str], ...] | None:
    """``"h1 is v1; h2 is v2"`` -> pairs, or None when ``body`` does not start with a known header."""
    out: list[list[str]] = []
    for piece in body.split("; "):
        found = next((m for h in _by_length(headers) if (m := _header_pattern(h).match(piece))), None)
        if found is None:
            if not out:
                return None
            out[-1][1] += "; " + piece  # a value holding "; "
            continue
        out.append([found.group(1).strip(), piece[found.end():]])
    return tuple((h, v) for h, v in out)


def _by_length(headers: list[str]) -> list[str]:
    return sorted(set(headers) | {""}, key=len, reverse=True)


@lru_cache(maxsize=4096)
def _header_pattern(header: str) -> re.Pattern[str]:
    """The Headers line trims its cells; the rows keep the cell's own trailing spaces before " is "."""
    return re.compile(rf"^\s*({re.escape(header)}\s*) is ")


def _read_line(text: str, headers: list[str]) -> _Line:
    found = _ROW_INDEX.match(text)
    if found:
        cells = _split_cells(text[found.end():], headers) or ()
        return _Line(int(found.group(1)), "", cells)
    if text.startswith("Category: "):
        return _Line(None, text[len("Category: "):], ())
    start = 0
    while (cut := text.find(": ", start)) >= 0:
        cells = _split_cells(text[cut + 2:], headers)
        if cells is not None:
            return _Line(None, text[:cut], cells)
        start = cut + 1
    return _Line(None, text.rstrip(":"), ())


def _column_headers(lines: list[_Line]) -> list[str]:
    """The first row's cell above each value column: the header sequence of the fullest row (first of ties)."""
    fullest = max((line.cells for line in lines), key=len, default=())
    return [h for h, _ in fullest]


def _place(cells: tuple[tuple[str, str], ...], columns: list[str]) -> list[int]:
    """Column index (0-based among value columns) of each cell: in order, matched by header, right-aligned."""
    places: list[int] = []
    limit = len(columns)
    for head, _ in reversed(cells):
        j = next((k for k in range(limit - 1, -1, -1) if columns[k] == head), None)
        if j is None:  # a header the fullest row did not show: keep order, take the nearest free slot
            j = max(limit - 1, 0)
        places.append(j)
        limit = j
    return places[::-1]


def _first_row(items: list[str], columns: list[str]) -> list[str]:
    """Row 0 from its non-empty cells: value columns take their headers, what is left is the label cell."""
    shown = [h for h in columns if h]
    label = items[0] if len(items) > len(shown) else ""
    return [label, *columns]


_RECORD_START = re.compile(r"^(?:Row \d+|Category): ")


def _starts_row(lines: list[str], i: int, headers: list[str]) -> bool:
    """Whether line ``i`` begins a row: a numbered or section row, or a label whose first cell's header follows
    (read across the next lines: a header may hold line breaks)."""
    if _RECORD_START.match(lines[i]):
        return True
    ahead = "\n".join(lines[i:i + 8])
    cut = lines[i].find(": ")
    while cut >= 0:
        if any(_header_pattern(h).match(ahead[cut + 2:]) for h in _by_length(headers)):
            return True
        cut = lines[i].find(": ", cut + 1)
    return False


def _records(raw: list[str]) -> tuple[list[str], list[str]]:
    """(header items, one text per row): the source writes a cell's own line breaks as they are, so a line that
    begins no row continues the one before (a value, a header) or, when the next row's label starts in lower
    case, begins that label ("Cost of revenue (exclusive of depreciation and" / "amortization): ...")."""
    k = 1
    while k < len(raw) and ": " not in raw[k]:  # the Headers line's own line breaks
        k += 1
    head = "\n".join(raw[:k])
    items = [i for i in head[len("Headers: "):].split(" | ") if i] if head.startswith("Headers: ") else []
    lines = [line for line in raw[k if head.startswith("Headers: ") else 0:] if line.strip()]
    records: list[str] = []
    pending = ""
    for i, line in enumerate(lines):
        if pending or _starts_row(lines, i, items) or not records:
            records.append(pending + line)
            pending = ""
        elif i + 1 < len(lines) and not _RECORD_START.match(lines[i + 1]) and lines[i + 1][:1].islower():
            pending = line + "\n"
        else:
            records[-1] += "\n" + line
    return items, records


def parse(text: str, uid: str = "") -> RecoveredTable:
    items, records = _records(text.split("\n"))
    lines = [_read_line(record, items) for record in records]
    columns = _column_headers(lines)
    width = len(columns) + 1
    rows: list[list[str]] = [_first_row(items, columns)] if items or columns else []
    unknown: set[tuple[int, int]] = set()
    for line in lines:
        while line.index is not None and len(rows) < line.index:
            rows.append([""] * width)  # the source skips empty rows; a numbered row shows where
        row = [line.label] + [""] * (width - 1)
        for (_, value), j in zip(line.cells, _place(line.cells, columns)):
            cell, dollar = clean_value(value)
            row[j + 1] = cell
            if dollar:
                unknown.add((len(rows), j + 1))
        rows.append(row)
    return RecoveredTable(uid=uid, rows=tuple(tuple(r) for r in rows), dollar_unknown=frozenset(unknown))
