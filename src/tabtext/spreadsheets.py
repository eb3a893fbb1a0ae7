"""Binary table files -> :class:`tabtext.types.Table`: ``.xlsx`` workbooks (openpyxl) and ``.parquet`` /
``.feather`` files (pyarrow). Reached through ``tabtext.tables.read_tables``.

A workbook is opened with ``read_only=True, data_only=True`` (formulas give their cached values); every
sheet with a cell becomes a table, or only the sheet named. Cells read as the sheet shows them
(``tabtext.numfmt`` applies each cell's number format), and a merged range carries its text into every
cell it covers, as the HTML reader does for colspan/rowspan. openpyxl's read-only mode does not report
merged ranges, so they are read from the sheet's XML (``<mergeCell ref="B1:C1"/>``) in the same archive.
"""

from __future__ import annotations

import posixpath
import zipfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

from .errors import DataError, FormatError, TabtextError, one_line
from .numfmt import general, render
from .types import Table
from .user_files import check_regular

MAX_WORKBOOK_BYTES = 20_000_000
#: the text readers' row cleaning (strip, drop empty rows, pad), shared so every format reads alike
Tidy = Callable[[list[list[str]]], list[list[str]]]
_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_PKG_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"


def _need(module: str, extra: str, path: Path) -> ModuleType:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise FormatError(path, None, f"reading {path.suffix} files needs {module.split('.')[0]}: "
                          f"pip install 'tabtext[{extra}]'") from None


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title -> its XML part in the archive, from the workbook and its relationships."""
    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels.iter(_PKG_REL)}
    parts = {}
    for sheet in workbook.iter(f"{_MAIN}sheet"):
        target = targets.get(sheet.get(_REL_ID), "")
        parts[sheet.get("name", "")] = target.lstrip("/") if target.startswith("/") else posixpath.normpath(
            posixpath.join("xl", target))
    return parts


def merged_ranges(archive: zipfile.ZipFile, part: str) -> list[tuple[int, int, int, int]]:
    """(min_row, min_col, max_row, max_col), 1-based, of every merged range of one sheet."""
    from openpyxl.utils.cell import range_boundaries

    ranges = []
    with archive.open(part) as source:
        for _, element in ElementTree.iterparse(source):
            if element.tag == f"{_MAIN}mergeCell" and element.get("ref"):
                min_col, min_row, max_col, max_row = range_boundaries(element.get("ref"))
                ranges.append((min_row, min_col, max_row, max_col))
            if element.tag == f"{_MAIN}sheetData":
                element.clear()  # the cells are read by openpyxl; keep memory flat
    return ranges


def _grid(worksheet: object, merges: list[tuple[int, int, int, int]], path: Path, title: str,
          max_cells: int) -> dict[tuple[int, int], str]:
    grid: dict[tuple[int, int], str] = {}
    worksheet.reset_dimensions()  # some writers store a wrong dimension; read every row there is
    for row in worksheet.iter_rows():
        for cell in row:
            value = getattr(cell, "value", None)
            if value is None or value == "":
                continue
            grid[(cell.row, cell.column)] = render(value, getattr(cell, "number_format", None))
            if len(grid) > max_cells:
                raise DataError(path, f"sheet {title!r}", f"has more than {max_cells:,} cells; give a smaller table")
    for min_row, min_col, max_row, max_col in merges:
        text = grid.get((min_row, min_col), "")
        for r in range(min_row, max_row + 1):
            for c in range(min_col, max_col + 1):
                grid[(r, c)] = text
    return grid


def _rows(grid: dict[tuple[int, int], str]) -> list[list[str]]:
    """The bounding box of the non-empty cells as rows."""
    filled = [k for k, v in grid.items() if v.strip()]
    if not filled:
        return []
    rows = range(min(r for r, _ in filled), max(r for r, _ in filled) + 1)
    cols = range(min(c for _, c in filled), max(c for _, c in filled) + 1)
    return [[grid.get((r, c), "") for c in cols] for r in rows]


def _sheet_tables(book: object, archive: zipfile.ZipFile, parts: dict[str, str], path: Path, sheet: str | None,
                  tidy: Tidy, max_cells: int) -> list[Table]:
    names = book.sheetnames
    if sheet is not None and sheet not in names:
        raise DataError(path, f"sheet {sheet!r}", f"no such sheet; the workbook has {', '.join(map(repr, names))}")
    tables = []
    for title in [sheet] if sheet is not None else names:
        worksheet = book[title]
        if not hasattr(worksheet, "iter_rows"):  # a chart sheet holds no cells
            continue
        merges = merged_ranges(archive, parts[title]) if title in parts else []
        rows = tidy(_rows(_grid(worksheet, merges, path, title, max_cells)))
        if rows:
            tables.append(Table.from_rows(rows, id=title, caption=title))
    return tables


def read_xlsx(path: Path, sheet: str | None, tidy: Tidy, max_cells: int) -> list[Table]:
    """Every non-empty sheet (or only ``sheet``) of a workbook as a Table, captioned with the sheet name."""
    openpyxl = _need("openpyxl", "xlsx", path)
    check_regular(path, MAX_WORKBOOK_BYTES)
    try:
        with zipfile.ZipFile(path) as archive:
            parts = sheet_parts(archive)
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
            try:
                tables = _sheet_tables(book, archive, parts, path, sheet, tidy, max_cells)
            finally:
                book.close()
    except TabtextError:
        raise
    except Exception as exc:  # zipfile, zlib, XML and openpyxl each fail their own way on a damaged workbook
        raise FormatError(path, None, f"not a readable .xlsx workbook ({type(exc).__name__}: {one_line(exc, 200)}); "
                          "re-save it from your spreadsheet program as .xlsx") from None
    if not tables:
        raise FormatError(path, f"sheet {sheet!r}" if sheet else None, "no cells with values found")
    return tables


def read_arrow(path: Path, fmt: str, tidy: Tidy, max_cells: int) -> Table:
    """A .parquet or .feather file: column names as the header row, values as plain text."""
    module = _need("pyarrow.parquet" if fmt == "parquet" else "pyarrow.feather", "arrow", path)
    check_regular(path, MAX_WORKBOOK_BYTES)
    try:
        data = module.read_table(path)
    except Exception as exc:  # pyarrow raises its own ArrowInvalid / OSError family
        raise FormatError(path, None, f"not a readable .{fmt} file ({type(exc).__name__}: {exc})") from None
    columns = [name for name in data.column_names if not name.startswith("__index_level_")]
    if data.num_rows * max(len(columns), 1) > max_cells:
        raise DataError(path, None, f"the table has more than {max_cells:,} cells; give a smaller table")
    values = [data.column(name).to_pylist() for name in columns]
    rows = [columns] + [[general(col[i]) for col in values] for i in range(data.num_rows)]
    return Table.from_rows(tidy(rows), id=path.stem)
