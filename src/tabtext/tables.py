"""Reading a user's own table: CSV/TSV, Markdown pipe tables and HTML tables -> :class:`tabtext.types.Table`;
``read_tables`` also reads .xlsx workbooks (every sheet, or one) and .parquet/.feather (``spreadsheets.py``).

Cells keep their raw text (``$ 1,452.4``, ``(19)``); number reading is ``tabtext.numbers``' job. Real-world
quirks handled here: quoted or *unquoted* thousands separators in CSV (``Revenue,1,234,5,678`` under a
three-column header), ``;``/tab delimiters, a UTF-8 BOM, bold or italic Markdown cells (``**Total**``), and merged HTML header cells (``colspan`` and
``rowspan`` are expanded by repeating the cell text into every grid position it covers).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

from .errors import DataError, FormatError
from .serve_guard import BadInput
from .types import Table
from .upload_checks import FILE_LIMITS, check_text, check_upload
from .user_files import read_bytes, read_text

MAX_TABLE_BYTES = 2_000_000
MAX_TEXT_BYTES = 20_000_000
MAX_CELLS = FILE_LIMITS.cells

_DIGITS_HEAD = re.compile(r"^\s*[-+(]?\s*[$€£¥]?\s*\d{1,3}(?:,\d{3})*$")
_DIGITS_TAIL = re.compile(r"^\d{3}(?:\.\d+)?\)?%?\s*$")
_MD_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


_BINARY = {"xlsx": "xlsx", "xlsm": "xlsx", "parquet": "parquet", "pq": "parquet", "feather": "feather",
           "arrow": "feather"}


def read_tables(path: str | Path, sheet: str | None = None) -> list[Table]:
    """Every table in a file: one per non-empty sheet of a workbook (only ``sheet`` when named), else one.

    .xlsx needs openpyxl (``tabtext[xlsx]``), .parquet/.feather need pyarrow (``tabtext[arrow]``).
    """
    from . import spreadsheets

    path = Path(path)
    kind = _BINARY.get(path.suffix.lower().lstrip("."))
    if sheet is not None and kind != "xlsx":
        raise FormatError(path, None, "--sheet applies to .xlsx workbooks only")
    if kind is None:
        return [read_table(path)]
    data = read_bytes(path, spreadsheets.MAX_WORKBOOK_BYTES, "workbooks")
    _check_extent(path, lambda: check_upload(data, path.suffix.lower(), sheet, FILE_LIMITS))
    if kind == "xlsx":
        return spreadsheets.read_xlsx(path, sheet, _tidy, MAX_CELLS)
    return [spreadsheets.read_arrow(path, kind, _tidy, MAX_CELLS)]


def _check_extent(path: Path, check: Callable[[], None]) -> None:
    """The server upload route's checks (``upload_checks``): what reading the file would build, refused
    before any reader builds it."""
    try:
        check()
    except BadInput as exc:
        raise DataError(path, None, f"{exc}; give a smaller table") from None


def read_table(path: str | Path, fmt: str | None = None) -> Table:
    """Read a table file; the format comes from ``fmt`` or the suffix (.csv .tsv .md .html), else is sniffed.
    A workbook must hold one sheet with cells (else use ``read_tables`` / ``--sheet``)."""
    path = Path(path)
    suffix = path.suffix.lower().lstrip(".")
    if fmt is None and suffix in _BINARY:
        tables = read_tables(path)
        if len(tables) > 1:
            names = ", ".join(repr(t.caption) for t in tables)
            raise FormatError(path, None, f"the workbook has {len(tables)} sheets ({names}); pick one with --sheet NAME")
        return tables[0]
    if suffix == "xls":
        raise FormatError(path, None, "old .xls workbooks are not read; re-save it as .xlsx (or export CSV)")
    if suffix in ("json", "jsonl"):  # sniffed as CSV it would fail on some row with a misleading cell count
        raise FormatError(path, None, "a JSON file is not a table; give .csv, .tsv, .md, .html, .xlsx, .parquet or "
                          ".feather (prediction files and reports are read by tabtext score / report)")
    data = read_bytes(path, MAX_TABLE_BYTES, "tables")  # a regular file, its size checked before it is read
    if b"\x00" in data[:4096]:
        raise FormatError(path, None, "this is a binary file (a spreadsheet?); name it .xlsx, or export the sheet as CSV")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(path, None, f"not UTF-8 text (byte {exc.start}); re-save the file as UTF-8") from None
    fmt = fmt or {"csv": "csv", "tsv": "csv", "txt": None, "md": "markdown", "markdown": "markdown",
                  "htm": "html", "html": "html"}.get(suffix) or sniff_format(text.lstrip("\ufeff"))
    _check_extent(path, lambda: check_text(text, fmt, FILE_LIMITS))
    return parse_table_text(text, fmt, source=str(path), table_id=path.stem)


def sniff_format(text: str) -> str:
    head = text.lstrip()[:2000].lower()
    if "<table" in head or head.startswith("<!doctype") or head.startswith("<html"):
        return "html"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) >= 2 and lines[0].lstrip().startswith("|") and _MD_SEPARATOR.match(lines[1]):
        return "markdown"
    if sum(1 for ln in lines[:20] if ln.strip().startswith("|") and ln.strip().endswith("|")) >= 2:
        return "markdown"
    return "csv"


def parse_table_text(text: str, fmt: str | None = None, source: str = "<table>", table_id: str = "") -> Table:
    """Parse table text in ``fmt`` ("csv", "markdown", "html"; sniffed when None)."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise FormatError(source, None, "the table is empty; give a CSV, Markdown or HTML table")
    fmt = fmt or sniff_format(text)
    parser = {"csv": parse_csv, "markdown": parse_markdown, "md": parse_markdown, "html": parse_html}.get(fmt)
    if parser is None:
        raise FormatError(source, None, f"unknown table format {fmt!r}; use csv, markdown or html")
    rows = parser(text, source)
    rows = _tidy(rows)
    if not rows:
        raise FormatError(source, None, f"no table rows found in this {fmt} text")
    if sum(len(r) for r in rows) > MAX_CELLS:
        raise DataError(source, None, f"the table has more than {MAX_CELLS:,} cells; give a smaller table")
    caption = markdown_title(text) if parser is parse_markdown else ""
    return Table.from_rows(rows, id=table_id, caption=caption)


def _tidy(rows: list[list[str]]) -> list[list[str]]:
    """Strip cells, drop fully empty rows, pad every row to the widest."""
    rows = [[" ".join(c.split()) for c in r] for r in rows]
    rows = [r for r in rows if any(r)]
    width = max((len(r) for r in rows), default=0)
    return [r + [""] * (width - len(r)) for r in rows]


def _delimiter(text: str) -> str:
    sample = "\n".join(text.splitlines()[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
    except csv.Error:
        counts = {d: sample.count(d) for d in (",", ";", "\t")}
        return max(counts, key=counts.get) if any(counts.values()) else ","


def merge_thousands(fields: list[str], width: int) -> list[str] | None:
    """Re-join numbers split by an unquoted thousands comma until the row has ``width`` fields.

    ``['Revenue', '1', '234', '5', '678']`` with width 3 -> ``['Revenue', '1,234', '5,678']``. Returns None
    when no split-number reading gives exactly ``width`` fields.
    """
    out = list(fields)
    i = 0
    while len(out) > width and i < len(out) - 1:
        if _DIGITS_HEAD.match(out[i]) and _DIGITS_TAIL.match(out[i + 1]) and not out[i + 1].startswith(" "):
            out[i:i + 2] = [out[i] + "," + out[i + 1]]
            continue  # the joined field may take one more group: 1,234,567
        i += 1
    return out if len(out) == width else None


def parse_csv(text: str, source: str = "<csv>") -> list[list[str]]:
    delimiter = _delimiter(text)
    try:
        raw = list(csv.reader(io.StringIO(text), delimiter=delimiter, skipinitialspace=False))
    except csv.Error as exc:
        raise FormatError(source, None, f"not readable as CSV ({exc}); quote cells that contain the delimiter") from None
    raw = [r for r in raw if any(c.strip() for c in r)]
    if not raw:
        return []
    width = len(raw[0])
    rows = []
    for line_no, fields in enumerate(raw, 1):
        if len(fields) > width and delimiter == ",":
            fixed = merge_thousands(fields, width)
            if fixed is None:
                raise FormatError(source, f"row {line_no}", f"has {len(fields)} cells but the header has {width}; "
                                  "quote cells that contain commas (\"1,234\")")
            fields = fixed
        rows.append(fields)
    if width == 1 and len(rows) > 1 and all(len(r) == 1 for r in rows):
        raise FormatError(source, None, "found only one column; is this really a table (CSV, Markdown or HTML)?")
    return rows


def _split_pipe_row(line: str) -> list[str]:
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    cells, cur, i = [], [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s) and s[i + 1] == "|":
            cur.append("|")
            i += 2
            continue
        if s[i] == "|":
            cells.append("".join(cur))
            cur = []
        else:
            cur.append(s[i])
        i += 1
    cells.append("".join(cur))
    return [_EMPHASIS.sub(r"\2", c.strip()) for c in cells]


_EMPHASIS = re.compile(r"^(\*\*|__|\*|_)(\S(?:.*\S)?)\1$")  # a bold or italic cell ("**Total**") is its text


def _markdown_start(lines: list[str]) -> int | None:
    return next((i for i, ln in enumerate(lines) if ln.strip().startswith("|") or
                 (i + 1 < len(lines) and "|" in ln and _MD_SEPARATOR.match(lines[i + 1]))), None)


def markdown_title(text: str) -> str:
    """The title a Markdown file writes above its first pipe table ("Museum - visitors by gallery"): the lines of
    the block right above it, without heading marks or emphasis; it says what the cells count, as a caption."""
    lines = text.splitlines()
    block: list[str] = []
    for ln in reversed(lines[:_markdown_start(lines) or 0]):
        if not ln.strip():
            if block:
                break
            continue
        block.insert(0, _EMPHASIS.sub(r"\2", ln.strip().lstrip("#").strip()))
    return "; ".join(b for b in block[-2:] if b)


def parse_markdown(text: str, source: str = "<markdown>") -> list[list[str]]:
    """The first pipe table in the text (lines around it are not cells; ``markdown_title`` reads the title)."""
    lines = text.splitlines()
    start = _markdown_start(lines)
    if start is None:
        raise FormatError(source, None, "no Markdown pipe table found (rows look like '| a | b |')")
    rows = []
    for ln in lines[start:]:
        if not ln.strip() or "|" not in ln:
            break
        if _MD_SEPARATOR.match(ln):
            continue
        rows.append(_split_pipe_row(ln))
    return rows


class _TableGrid(HTMLParser):
    """Collects each top-level <table> into a grid, expanding colspan/rowspan (nested tables are skipped)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.grids: list[dict[tuple[int, int], str]] = []
        self.grid: dict[tuple[int, int], str] = {}
        self.row = -1
        self.col = 0
        self.cell: list[str] | None = None
        self.span = (1, 1)
        self.caption: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.depth += 1
            if self.depth == 1:
                self.grid, self.row, self.col = {}, -1, 0
        elif self.depth == 1 and tag == "tr":
            self.row += 1
            self.col = 0
        elif self.depth == 1 and tag in ("td", "th"):
            if self.row < 0:
                self.row, self.col = 0, 0
            a = dict(attrs)
            self.span = (_span(a.get("rowspan")), _span(a.get("colspan")))
            self.cell = []
        elif self.depth == 1 and tag == "br" and self.cell is not None:
            self.cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.depth -= 1
            if self.depth == 0:
                self._close_cell()
                self.grids.append(self.grid)
        elif self.depth == 1 and tag in ("td", "th"):
            self._close_cell()

    def handle_data(self, data: str) -> None:
        if self.cell is not None and self.depth == 1:
            self.cell.append(data)

    def _close_cell(self) -> None:
        if self.cell is None:
            return
        text = "".join(self.cell)
        self.cell = None
        while (self.row, self.col) in self.grid:  # skip positions taken by a rowspan from above
            self.col += 1
        rowspan, colspan = self.span
        for dr in range(rowspan):
            for dc in range(colspan):
                self.grid.setdefault((self.row + dr, self.col + dc), text)
        self.col += colspan


def _span(value: str | None) -> int:
    try:
        return max(1, min(int(str(value).strip()), 1000))
    except (TypeError, ValueError):
        return 1


def parse_html(text: str, source: str = "<html>") -> list[list[str]]:
    """The largest <table> of an HTML document (layout tables are small); merged cells fill every grid
    position they span."""
    parser = _TableGrid()
    parser.feed(text)
    parser.close()
    grids = [g for g in parser.grids if g]
    if not grids:
        raise FormatError(source, None, "no <table> with <td>/<th> cells found in this HTML")
    grid = max(grids, key=len)
    n_rows = max(r for r, _ in grid) + 1
    n_cols = max(c for _, c in grid) + 1
    return [[grid.get((r, c), "") for c in range(n_cols)] for r in range(n_rows)]


def parse_rows(rows: object, source: str = "<table>") -> Table:
    """A table given as a list of rows (JSON), or as CSV/Markdown/HTML text."""
    if isinstance(rows, str):
        return parse_table_text(rows, source=source)
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise FormatError(source, None, "a table must be a list of rows (lists of cell strings) or table text")
    return Table.from_rows(_tidy([[("" if c is None else str(c)) for c in r] for r in rows]))


def tables_from(obj: object, name: str = "table") -> list[Table]:
    """A table as a person holds it in Python: a file path, CSV/Markdown/HTML text, a pandas DataFrame (its
    index is the first column unless it is the default 0..n-1, as ``to_csv`` writes it), or a list of rows."""
    if isinstance(obj, Table):
        return [obj]
    if isinstance(obj, Path) or isinstance(obj, str) and "\n" not in obj and len(obj) < 1024 and Path(obj).is_file():
        return read_tables(obj)
    if isinstance(obj, str):
        return [parse_table_text(obj, source=name, table_id=name)]
    if hasattr(obj, "columns") and hasattr(obj, "itertuples"):
        return [_from_frame(obj, name)]
    if isinstance(obj, (list, tuple)):
        return [parse_rows([list(r) for r in obj], source=name)]
    raise FormatError(name, None, f"a {type(obj).__name__} is not a table; give a file path, CSV or Markdown text, "
                      "a pandas DataFrame or a list of rows")


def _from_frame(frame: object, name: str) -> Table:
    from .numfmt import general

    index = frame.index  # type: ignore[attr-defined]
    plain_index = type(index).__name__ == "RangeIndex" and index.name is None
    header = ([] if plain_index else [str(index.name or "")]) + [
        "" if re.fullmatch(r"Unnamed: \d+", str(c)) else general(c) for c in frame.columns]  # type: ignore[attr-defined]
    rows = [[general(v) for v in (row[1:] if plain_index else row)]
            for row in frame.itertuples(index=True, name=None)]  # type: ignore[attr-defined]
    return Table.from_rows(_tidy([header] + rows), id=name)


def read_paragraphs(path: str | Path) -> list[str]:
    """A text file as paragraphs: blocks separated by blank lines."""
    return split_paragraphs(read_text(path, MAX_TEXT_BYTES))


def split_paragraphs(text: str) -> list[str]:
    return [" ".join(block.split()) for block in re.split(r"\n\s*\n", text) if block.strip()]
