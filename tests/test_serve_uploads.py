"""POST /v1/tables under serve's limits: zip bombs, sheets whose extent is huge, slow bodies, cross-site content
types and too-large tables are 4xx with one line naming the upload, refused before a reader builds them."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_util import running, slow_post  # noqa: E402
from tabtext.serve_guard import Limits  # noqa: E402
from tabtext.server import create_app  # noqa: E402

openpyxl = pytest.importorskip("openpyxl")
OCTET = {"content-type": "application/octet-stream"}
SHEET = "xl/worksheets/sheet1.xml"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


@pytest.fixture(scope="module")
def url():
    with running(create_app(answer_one=lambda ex: None)) as base:
        yield base


def workbook(rows: list[list[object]]) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def with_members(data: bytes, replace: dict[str, bytes] | None = None, add: dict[str, bytes] | None = None,
                 method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """The workbook ``data`` with some members replaced (same name) or added, written with ``method``."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, (replace or {}).get(info.filename, src.read(info.filename)))
        for name, body in (add or {}).items():
            dst.writestr(name, body, compress_type=method)
    return out.getvalue()


def sheet_xml(cells: str, merges: str = "") -> bytes:
    merged = f"<mergeCells>{merges}</mergeCells>" if merges else ""
    return f'<worksheet xmlns="{MAIN}"><sheetData>{cells}</sheetData>{merged}</worksheet>'.encode()


def upload(base: str, name: str, data: bytes, headers: dict[str, str] = OCTET) -> httpx.Response:
    return httpx.post(base + "/v1/tables", params={"filename": name}, content=data, headers=headers, timeout=30)


def refused(r: httpx.Response, status: int, says: str) -> None:
    assert r.status_code == status, r.text
    message = r.json()["error"]["message"]
    assert says in message and "\n" not in message, message


def test_a_small_workbook_reads(url):
    r = upload(url, "t.xlsx", workbook([["", "2019"], ["Revenue", 1200]]))
    assert r.status_code == 200, r.text
    assert r.json()["tables"][0]["rows"] == [["", "2019"], ["Revenue", "1200"]]


def test_a_zip_bomb_is_refused_from_its_directory(url):
    bomb = with_members(workbook([["a", 1]]), add={"xl/media/bomb.bin": b"\0" * 60_000_000})
    assert len(bomb) < 200_000  # small on the wire, 60 MB unpacked
    refused(upload(url, "bomb.xlsx", bomb), 413, "bomb.xlsx: the workbook unpacks to more than 10,000,000 bytes")
    many = with_members(workbook([["a", 1]]), add={f"x/{i}.xml": b"<a/>" for i in range(300)})
    refused(upload(url, "many.xlsx", many), 413, "holds 30")


def test_unusual_zip_members_are_refused_not_a_500(url):
    odd = with_members(workbook([["a", 1]]), add={"xl/extra.bin": b"x" * 100}, method=zipfile.ZIP_BZIP2)
    refused(upload(url, "odd.xlsx", odd), 400, "compressed in an unusual way")


def test_a_sheet_whose_extent_is_huge_is_refused_before_openpyxl_pads_it(url):
    base = workbook([["a", 1]])
    far = sheet_xml('<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'
                    '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>')
    refused(upload(url, "far.xlsx", with_members(base, replace={SHEET: far})), 400, "cells")
    wide_rows = "".join(f'<row r="{i}"><c r="XFD{i}"/></row>' for i in range(1, 50))  # empty, but padded per row
    refused(upload(url, "wide.xlsx", with_members(base, replace={SHEET: sheet_xml(wide_rows)})), 400, "cells")
    merged = sheet_xml('<row r="1"><c r="A1"><v>1</v></c></row>', '<mergeCell ref="A1:XFD1048576"/>')
    refused(upload(url, "merged.xlsx", with_members(base, replace={SHEET: merged})), 400, "cells")
    empty_rows = sheet_xml('<row r="1"><c r="A1"><v>1</v></c></row>' + "<row/>" * 1_000_000)  # 12 KB sent
    refused(upload(url, "rows.xlsx", with_members(base, replace={SHEET: empty_rows})), 413, "250,000 XML tags")


def test_too_large_sheets_are_refused(url):
    refused(upload(url, "big.xlsx", workbook([[i] * 100 for i in range(300)])), 400, "20,000 cells")
    refused(upload(url, "wide.xlsx", workbook([list(range(600))])), 400, "500 columns; this one spans 1 x 600")
    refused(upload(url, "long.xlsx", workbook([["x" * 20_000]])), 400, "long.xlsx: a table cell may hold at most")


def test_text_tables_are_refused_by_their_padded_size(url):
    ragged = ("x," * 1_000 + "\n" + "1\n" * 1_000).encode()  # 3 KB sent, 1 M cells once padded
    refused(upload(url, "ragged.csv", ragged), 400, "ragged.csv: tables larger than")
    spans = ("<table>" + "<tr><td rowspan=1000 colspan=1000>x</td></tr>" * 100 + "</table>").encode()
    refused(upload(url, "spans.html", spans), 400, "spans.html: tables larger than")
    row = b"<tr>" + b"<td>1</td>" * 20 + b"</tr>"
    assert upload(url, "limit.html", b"<table>" + row * 1_000 + b"</table>").status_code == 200  # 20,000 cells
    refused(upload(url, "over.html", b"<table>" + row * 1_001 + b"</table>"), 400, "over.html: tables larger")
    ok = upload(url, "t.html", b"<table><tr><th colspan=2>Year</th></tr><tr><td>2019</td><td>5</td></tr></table>")
    assert ok.status_code == 200 and ok.json()["tables"][0]["rows"] == [["Year", "Year"], ["2019", "5"]]


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/json"])
def test_cross_site_simple_content_types_are_refused(url, content_type):
    headers = {"content-type": content_type} if content_type else {}
    r = httpx.post(url + "/v1/tables?filename=t.csv", content=b"a,b\n1,2\n", headers=headers)
    refused(r, 415, "application/octet-stream")


@pytest.mark.parametrize("content_type", ["application/octet-stream", "text/csv; charset=utf-8"])
def test_upload_types_are_accepted(url, content_type):
    r = upload(url, "t.csv", b"a,b\n1,2\n", {"content-type": content_type})
    assert r.status_code == 200 and r.json()["tables"][0]["rows"] == [["a", "b"], ["1", "2"]]


def test_a_file_name_with_a_line_break_is_refused_in_one_line(url):
    refused(upload(url, "a\nb.csv", b"a,b\n"), 400, "plain file name")
    refused(upload(url, "big.csv", b"x" * 3_000_000), 413, "larger than 2,000,000 bytes")


def test_a_slow_upload_body_is_cut_off_with_408():
    with running(create_app(answer_one=lambda ex: None, limits=Limits(body_seconds=0.5))) as base:
        reply, _ = slow_post(base, b"POST /v1/tables?filename=t.xlsx HTTP/1.1\r\nhost: 127.0.0.1\r\n"
                             b"content-type: application/octet-stream\r\ncontent-length: 100000\r\n\r\n", b"PK")
    assert reply.startswith(b"HTTP/1.1 408") and b"took longer than 0.5 s" in reply, reply


def test_parquet_that_decodes_to_far_more_than_it_sends_is_refused(url):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")

    def parquet(table: object) -> bytes:
        out = io.BytesIO()
        pq.write_table(table, out, compression="zstd")
        return out.getvalue()

    rows = parquet(pa.table({"a": pa.array([0] * 5_000_000, pa.int64())}))
    refused(upload(url, "rows.parquet", rows), 400, "rows.parquet: tables larger than 20,000 cells")
    repeated = parquet(pa.table({"a": ["x" * 9_000] * 2_000}))  # < 1 KB sent, 18 MB of text decoded
    refused(upload(url, "rep.parquet", repeated), 413, "rep.parquet: the file unpacks to more than")
    nested = parquet(pa.table({"a": [[1, 2], [3]]}))
    refused(upload(url, "nested.parquet", nested), 400, "nested")
    ok = upload(url, "ok.parquet", parquet(pa.table({"a": ["x", "y"], "b": [1.5, None]})))
    assert ok.status_code == 200 and ok.json()["tables"][0]["rows"] == [["a", "b"], ["x", "1.5"], ["y", ""]]


def test_feather_whose_batches_decompress_to_far_more_than_it_sends_is_refused(url):
    pa = pytest.importorskip("pyarrow")
    feather = pytest.importorskip("pyarrow.feather")

    def write(table: object, compression: str = "zstd") -> bytes:
        out = io.BytesIO()
        feather.write_feather(table, out, compression=compression)
        return out.getvalue()

    rows = write(pa.table({"a": pa.array([0] * 5_000_000, pa.int64())}))  # ~20 KB sent, 40 MB inflated
    refused(upload(url, "rows.feather", rows), 400, "rows.feather: tables larger than 20,000 cells")
    text = write(pa.table({"a": ["x" * 9_000] * 2_000}))
    refused(upload(url, "text.feather", text), 413, "text.feather: the file unpacks to more than")
    repeated = write(pa.table({"a": pa.array(["x" * 9_000] * 2_000).dictionary_encode()}))
    refused(upload(url, "dict.feather", repeated), 413, "dict.feather: the file unpacks to more than")
    refused(upload(url, "junk.feather", b"ARROW1\0\0" + b"\xff" * 100), 400, "junk.feather: not a readable")
    for compression in ("zstd", "lz4", "uncompressed"):
        ok = upload(url, "ok.feather", write(pa.table({"a": ["x", "y"], "b": [1.5, None]}), compression))
        assert ok.status_code == 200 and ok.json()["tables"][0]["rows"] == [["a", "b"], ["x", "1.5"], ["y", ""]]
