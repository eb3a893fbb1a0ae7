"""What an uploaded table file would make the server build, measured before any reader builds it.

``check_upload(data, suffix, sheet, limits)`` raises ``BadInput`` (one line) when reading the file would build
more than ``Limits`` allow. The bounds are upper bounds of what ``tabtext.tables`` / ``tabtext.spreadsheets``
build, so a file that passes cannot make them build more:

- .xlsx: the zip directory first (member count, total uncompressed size, only stored/deflated members, no
  encryption); Python's zipfile never inflates a member past the size its directory declares, so that total
  bounds every later read. Then the XML tags of all members (openpyxl's time grows with them, even for empty
  ``<row/>`` elements that build nothing). Then the sheet XML is streamed: per row openpyxl pads to the row's last cell, the
  table is the bounding box of the valued cells, and every merged range is filled cell by cell.
- .csv/.tsv/.txt/.md: lines x most separators on a line (any of the sniffed delimiters, quoted or not).
- .html: rows (``<tr>`` count + the tallest rowspan) x columns (the widest row's colspans + the colspans of
  every rowspan cell that can reach into it), and the summed area of all spans.
- .parquet: the row count, column count and uncompressed size in its footer, then the size its text columns
  decode to (read dictionary-encoded first).
- .feather (Arrow IPC): each batch's row count and buffer sizes from its flatbuffer header (a compressed buffer
  declares its uncompressed length in its first 8 bytes, and that is what pyarrow allocates); then, as for
  parquet, what dictionary columns decode to.
"""

from __future__ import annotations

import html
import io
import re
import struct
import zipfile
import zlib
from xml.etree import ElementTree

from .serve_guard import BadInput, Limits, check_shape

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_CELL_REF = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)", re.I)
_RANGE_REF = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?", re.I)
_TD = re.compile(r"<t[dh]\b([^>]*)>", re.I)
_SPAN = {name: re.compile(rf"{name}\s*=\s*([^\s>]+)", re.I) for name in ("rowspan", "colspan")}


#: the same checks for the files ``ask`` and ``batch`` read from disk, with the upload route's bounds on what is
#: built (cells, rows, columns, XML tags: the solver's time grows with the cells, 120,000 took minutes); a file
#: on disk may be larger on the wire than an upload
FILE_LIMITS = Limits(body_bytes=20_000_000, archive_bytes=200_000_000, archive_members=1_000)


def too_large(limits: Limits) -> BadInput:
    return BadInput(f"tables larger than {limits.cells:,} cells (rows x widest row) are not accepted")


def check_archive(archive: zipfile.ZipFile, limits: Limits) -> None:
    members = archive.infolist()
    if len(members) > limits.archive_members:
        raise BadInput(f"the workbook holds {len(members):,} files; at most {limits.archive_members:,}", 413)
    if sum(m.file_size for m in members) > limits.archive_bytes:
        raise BadInput(f"the workbook unpacks to more than {limits.archive_bytes:,} bytes", 413)
    for m in members:
        if m.flag_bits & 0x1 or m.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise BadInput(f"the workbook member {m.filename[:80]!r} is encrypted or compressed in an unusual "
                           "way; re-save it as .xlsx")
    tags = 0
    for m in (m for m in members if m.filename.lower().endswith((".xml", ".rels", ".vml"))):  # not media
        with archive.open(m) as member:
            while chunk := member.read(1 << 20):
                tags += chunk.count(b"<")
        if tags > limits.archive_tags:
            raise BadInput(f"the workbook holds more than {limits.archive_tags:,} XML tags; save the sheet you "
                           "need alone", 413)


def _column(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


class _SheetSize:
    """Running totals of one or more sheets: padded cells openpyxl yields, valued-cell box, merged areas."""

    def __init__(self) -> None:
        self.padded = self.merged = 0
        self.box: list[int] = []  # min_row, min_col, max_row, max_col of valued cells and merges

    def cover(self, r0: int, c0: int, r1: int, c1: int) -> None:
        b = self.box
        self.box = [min(b[0], r0), min(b[1], c0), max(b[2], r1), max(b[3], c1)] if b else [r0, c0, r1, c1]

    def check(self, limits: Limits) -> None:
        rows, cols = (self.box[2] - self.box[0] + 1, self.box[3] - self.box[1] + 1) if self.box else (0, 0)
        if max(self.padded, self.merged, rows * cols) > limits.cells:
            raise too_large(limits)
        if rows > limits.rows or cols > limits.cols:
            raise BadInput(f"a sheet may span at most {limits.rows:,} rows and {limits.cols:,} columns; this one "
                           f"spans {rows:,} x {cols:,}")


def _scan_sheet(source: object, size: _SheetSize, limits: Limits) -> None:
    row, col = 0, 0
    for _, el in ElementTree.iterparse(source):  # type: ignore[arg-type]
        if el.tag == f"{_MAIN}c":
            m = _CELL_REF.fullmatch(el.get("r", ""))
            r, col = (int(m.group(2)), _column(m.group(1))) if m else (row or 1, col + 1)
            row = r
            if any((child.text or len(child)) for child in el):
                size.cover(r, col, r, col)
            el.clear()
        elif el.tag == f"{_MAIN}row":
            size.padded += col
            row, col = row + 1, 0
            el.clear()
            size.check(limits)
        elif el.tag == f"{_MAIN}mergeCell":
            m = _RANGE_REF.fullmatch(el.get("ref", ""))
            if m:
                c0, r0 = _column(m.group(1)), int(m.group(2))
                c1, r1 = (_column(m.group(3)), int(m.group(4))) if m.group(3) else (c0, r0)
                size.merged += (abs(r1 - r0) + 1) * (abs(c1 - c0) + 1)
                size.cover(min(r0, r1), min(c0, c1), max(r0, r1), max(c0, c1))
                size.check(limits)
    size.check(limits)


def check_xlsx(data: bytes, sheet: str | None, limits: Limits) -> None:
    from .spreadsheets import sheet_parts

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            check_archive(archive, limits)
            try:
                parts = sheet_parts(archive)
            except (KeyError, ElementTree.ParseError):
                return  # not a workbook: the reader says so, naming the upload
            size = _SheetSize()
            for title, part in parts.items():
                if (sheet is None or title == sheet) and part in archive.namelist():
                    with archive.open(part) as source:
                        _scan_sheet(source, size, limits)
    except BadInput:
        raise
    except (zipfile.BadZipFile, zlib.error, ElementTree.ParseError, ValueError, OSError, EOFError):
        return  # unreadable: the reader's own one-line error names the upload


def check_lines(text: str, separators: str, limits: Limits) -> None:
    lines = [ln for ln in text.splitlines() if ln.strip()]  # the readers drop blank lines
    for sep in separators:
        check_shape(lines, sep, limits)


def _span(attrs: str, name: str) -> int:
    m = _SPAN[name].search(attrs)
    try:
        return max(1, min(int(html.unescape(m.group(1)).strip("\"' ")), 1000)) if m else 1
    except ValueError:
        return 1


def check_html(text: str, limits: Limits) -> None:
    rows = re.split(r"<tr\b", text, flags=re.I)
    widest = tallest = carried = area = 0
    for segment in rows:
        width = 0
        for attrs in _TD.findall(segment):
            rowspan, colspan = _span(attrs, "rowspan"), _span(attrs, "colspan")
            width += colspan
            area += rowspan * colspan
            tallest = max(tallest, rowspan)
            carried += colspan if rowspan > 1 else 0
        widest = max(widest, width)
    opened = len(rows) - 1 + bool(_TD.search(rows[0]))  # cells before any <tr> make a row of their own
    n_rows, n_cols = opened + max(tallest - 1, 0), widest + carried
    if area > limits.cells or n_rows * n_cols > limits.cells:
        raise too_large(limits)


def _is_text(arrow_type: object) -> bool:
    import pyarrow as pa

    return any(test(arrow_type) for test in (pa.types.is_string, pa.types.is_large_string, pa.types.is_binary,
                                             pa.types.is_large_binary))


def _refuse_nested(schema: object) -> None:
    import pyarrow as pa

    if any(pa.types.is_nested(f.type) for f in schema):  # type: ignore[attr-defined]
        raise BadInput("nested (list, struct or map) columns are not read as table cells; flatten them first")


def check_parquet(data: bytes, limits: Limits) -> None:
    """Footer counts first; then the text columns read dictionary-encoded (values not yet repeated per row), so
    the size they decode to is summed before the reader materialises them."""
    try:
        import pyarrow.parquet as pq

        file = pq.ParquetFile(io.BytesIO(data))
        meta, schema = file.metadata, file.schema_arrow
    except Exception:  # not parquet, or no pyarrow: the reader gives its own one-line error
        return
    if meta.num_rows * max(meta.num_columns, 1) > limits.cells:
        raise too_large(limits)
    _refuse_nested(schema)
    chunks = (meta.row_group(i).column(j) for i in range(meta.num_row_groups) for j in range(meta.num_columns))
    if sum(c.total_uncompressed_size for c in chunks) > limits.archive_bytes:
        raise BadInput(f"the file unpacks to more than {limits.archive_bytes:,} bytes", 413)
    text = [f.name for f in schema if _is_text(f.type)]
    try:
        table = pq.read_table(io.BytesIO(data), read_dictionary=text)
    except Exception:
        return
    check_decoded(table, limits)


def check_decoded(table: object, limits: Limits) -> None:
    """The bytes an Arrow table's columns become once every dictionary value is repeated per row."""
    import pyarrow as pa
    import pyarrow.compute as pc

    decoded = 0
    for column in table.columns:  # type: ignore[attr-defined]
        for chunk in column.chunks:
            if pa.types.is_dictionary(chunk.type) and _is_text(chunk.type.value_type):
                lengths = pc.binary_length(chunk.dictionary)
                decoded += pc.sum(pc.take(lengths, chunk.indices)).as_py() or 0
            elif pa.types.is_dictionary(chunk.type):  # fixed-width values: rows (already bounded) x width
                decoded += chunk.dictionary_decode().nbytes
            else:
                decoded += chunk.nbytes
    if decoded > limits.archive_bytes:
        raise BadInput(f"the file unpacks to more than {limits.archive_bytes:,} bytes", 413)


def _field(meta: bytes, table: int, slot: int) -> int | None:
    """Where field ``slot`` of the flatbuffer table at ``table`` is stored, or None when it is absent."""
    vtable = table - struct.unpack_from("<i", meta, table)[0]
    if 4 + 2 * slot >= struct.unpack_from("<H", meta, vtable)[0]:
        return None
    offset = struct.unpack_from("<H", meta, vtable + 4 + 2 * slot)[0]
    return table + offset if offset else None


def _target(meta: bytes, pos: int | None) -> int | None:
    return None if pos is None else pos + struct.unpack_from("<I", meta, pos)[0]


def ipc_batch_size(meta: bytes, body: bytes) -> tuple[int, int]:
    """(rows, bytes once decompressed) of one Arrow IPC message, from its flatbuffer header (Message.fbs:
    Message.header_type/header; RecordBatch.length/buffers/compression) and, for compressed buffers, the
    uncompressed length each one starts with. Schema and other messages are (0, 0)."""
    message = _target(meta, 0)
    kind_at, header = _field(meta, message, 1), _target(meta, _field(meta, message, 2))
    if kind_at is None or header is None or meta[kind_at] not in (2, 3):  # DictionaryBatch, RecordBatch
        return 0, 0
    batch = header if meta[kind_at] == 3 else _target(meta, _field(meta, header, 1))
    if batch is None:
        return 0, 0
    length_at, buffers = _field(meta, batch, 0), _target(meta, _field(meta, batch, 2))
    rows = struct.unpack_from("<q", meta, length_at)[0] if length_at is not None else 0
    compressed, size = _field(meta, batch, 3) is not None, 0
    for i in range(struct.unpack_from("<I", meta, buffers)[0] if buffers is not None else 0):
        offset, length = struct.unpack_from("<qq", meta, buffers + 4 + 16 * i)
        if compressed and length >= 8:
            declared = struct.unpack_from("<q", body, offset)[0]
            size += length - 8 if declared == -1 else declared
        else:
            size += max(length, 0)
    return (rows if meta[kind_at] == 3 else 0), size


def check_feather(data: bytes, limits: Limits) -> None:
    """Rows and decompressed bytes of every batch of a Feather v2 (Arrow IPC) file, before pyarrow inflates them."""
    if not data.startswith(b"ARROW1"):
        return  # Feather v1 is never compressed: its size on the wire bounds it
    try:
        import pyarrow as pa

        reader = pa.ipc.MessageReader.open_stream(pa.py_buffer(data[8:]))
        rows = size = width = 0
        while True:
            try:
                message = reader.read_next_message()
            except StopIteration:
                break
            if message.type == "schema":
                schema = pa.ipc.read_schema(message)
                _refuse_nested(schema)
                width = len(schema)
            n, decoded = ipc_batch_size(message.metadata.to_pybytes(), message.body.to_pybytes() if message.body else b"")
            rows, size = rows + n, size + decoded
            if rows * max(width, 1) > limits.cells:
                raise too_large(limits)
            if size > limits.archive_bytes:
                raise BadInput(f"the file unpacks to more than {limits.archive_bytes:,} bytes", 413)
        import pyarrow.feather

        check_decoded(pyarrow.feather.read_table(io.BytesIO(data)), limits)  # held in memory: now bounded
    except ImportError:
        return
    except BadInput:
        raise
    except Exception as exc:  # a header that does not parse is refused rather than handed to the reader
        raise BadInput(f"not a readable .feather file ({type(exc).__name__})") from None


def check_upload(data: bytes, suffix: str, sheet: str | None, limits: Limits) -> None:
    """Refuse ``data`` (a file named ``*suffix``) when reading it would build more than ``limits`` allow."""
    if suffix in (".xlsx", ".xlsm"):
        check_xlsx(data, sheet, limits)
    elif suffix in (".parquet", ".pq"):
        check_parquet(data, limits)
    elif suffix in (".feather", ".arrow"):
        check_feather(data, limits)
    elif suffix in (".csv", ".tsv", ".txt", ".md", ".markdown", ".html", ".htm"):
        check_text(data.decode("utf-8", errors="replace"), _TEXT_FORMATS.get(suffix, "csv"), limits)


_TEXT_FORMATS = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}


def check_text(text: str, fmt: str, limits: Limits) -> None:
    """Table text in ``fmt`` (csv, markdown, html): what its reader would build, before it builds it."""
    if fmt == "html":
        check_html(text, limits)
    else:
        check_lines(text, "|" if fmt in ("markdown", "md") else ",;\t|", limits)
