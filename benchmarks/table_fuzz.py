"""Hostile table files for the fuzzers: CSV/TSV/Markdown/HTML text with bombs and broken encodings, .xlsx
workbooks with huge extents, merges, corrupt members or flipped bytes, .parquet/.feather with flipped bytes,
and files whose size alone must refuse them (sparse, 6 GB)."""

from __future__ import annotations

import functools
import io
import random
import zipfile
from pathlib import Path

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
CELLS = ["1,234.5", "(19)", "$ 3", "12.5%", "", " ", "|", ",", '"', "a" * 300, "9" * 400, "\x1b[0m", "\u202e", "🙂",
         "Revenue", "2019", "<td>", "&amp;", "\t"]


def cell(rng: random.Random) -> str:
    return rng.choice(CELLS) if rng.random() < 0.6 else "".join(rng.choice("0123456789.,-()$% abc") for _ in
                                                                  range(rng.randint(0, 12)))


def text_table(rng: random.Random, sep: str) -> str:
    roll = rng.random()
    if roll < 0.1:
        return sep.join(["h"] * rng.choice([5_001, 100_001])) + "\n1" + sep + "2\n"
    if roll < 0.2:  # ragged: a wide first row, many short ones
        return sep.join(["x"] * rng.randint(100, 3_000)) + "\n" + "1\n" * rng.randint(100, 5_000)
    rows = [[cell(rng) for _ in range(rng.randint(1, 8))] for _ in range(rng.randint(0, 30))]
    body = "\n".join(sep.join(r) for r in rows)
    return ("| " + body.replace("\n", " |\n| ") + " |") if sep == "|" else body


def html_table(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.2:
        span = rng.choice([10, 100, 1000])
        return "<table>" + f"<tr><td rowspan={span} colspan={span}>x</td></tr>" * rng.randint(1, 500) + "</table>"
    if roll < 0.3:
        return "<table>" * rng.randint(1, 2000) + "<tr><td>1"
    rows = "".join("<tr>" + "".join(f"<td colspan={rng.choice(['1', '2', 'x', '-5', '99999'])}>{cell(rng)}</td>"
                                    for _ in range(rng.randint(1, 6))) + "</tr>" for _ in range(rng.randint(0, 20)))
    return f"<table>{rows}</table>" if rng.random() < 0.8 else rows


@functools.cache
def base_workbook() -> bytes:
    import openpyxl

    book, out = openpyxl.Workbook(), io.BytesIO()
    for row in [["", "2019", "2018"], ["Revenue", 1452.4, 1146.2], ["Cost", -620.1, -512.4]]:
        book.active.append(row)
    book.active.merge_cells("B1:C1")
    book.save(out)
    return out.getvalue()


def replace_member(data: bytes, name: str, body: bytes | None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename == name:
                if body is not None:
                    dst.writestr(name, body)
                continue
            dst.writestr(info.filename, src.read(info.filename))
    return out.getvalue()


def sheet_xml(rng: random.Random) -> bytes:
    first = '<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'
    roll = rng.random()
    if roll < 0.3:
        cells = first + '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'
        merges = ""
    elif roll < 0.6:
        cells, merges = first, f'<mergeCells><mergeCell ref="A1:{rng.choice(["XFD1048576", "ZZ9999", "B2"])}"/></mergeCells>'
    elif roll < 0.8:
        cells, merges = first + "<row/>" * rng.randint(1_000, 400_000), ""
    else:
        cells, merges = first + '<row r="x"><c r="??"><v>1</v></c></row>' + "<c>" * rng.randint(1, 50), ""
    return f'<worksheet xmlns="{MAIN}"><sheetData>{cells}</sheetData>{merges}</worksheet>'.encode()


def workbook(rng: random.Random) -> bytes:
    data, roll = base_workbook(), rng.random()
    if roll < 0.35:
        return replace_member(data, "xl/worksheets/sheet1.xml", sheet_xml(rng))
    if roll < 0.5:
        return replace_member(data, rng.choice(["xl/workbook.xml", "xl/_rels/workbook.xml.rels",
                                                "xl/worksheets/sheet1.xml", "[Content_Types].xml"]), None)
    if roll < 0.6:
        return replace_member(data, "xl/media/bomb.bin", b"\0" * rng.choice([1_000, 300_000_000 // 100]))
    out = bytearray(data)
    for _ in range(rng.randint(1, 40)):
        out[rng.randrange(len(out))] ^= rng.randint(1, 255)
    return bytes(out)


def arrow_file(rng: random.Random, suffix: str) -> bytes:
    import pyarrow as pa
    import pyarrow.feather
    import pyarrow.parquet

    table, out = pa.table({"item": ["Revenue", "Cost"], "2019": [1452.4, -620.1]}), io.BytesIO()
    if suffix == "parquet":
        pyarrow.parquet.write_table(table, out)
    else:
        pyarrow.feather.write_feather(table, out)
    data = bytearray(out.getvalue())
    for _ in range(rng.randint(0, 20)):
        data[rng.randrange(len(data))] ^= rng.randint(1, 255)
    return bytes(data)


def hostile_table(rng: random.Random, folder: Path) -> Path:
    """One hostile table file in ``folder``."""
    kind = rng.choice(["csv", "tsv", "md", "html", "txt", "xlsx", "xlsx", "parquet", "feather", "huge"])
    path = folder / f"t.{'csv' if kind == 'huge' else kind}"
    if kind == "huge":
        with open(path, "wb") as fh:
            fh.truncate(rng.choice([2_000_001, 6 * 1024 ** 3]))
        return path
    if kind in ("xlsx",):
        path.write_bytes(workbook(rng))
    elif kind in ("parquet", "feather"):
        path.write_bytes(arrow_file(rng, kind))
    else:
        text = html_table(rng) if kind == "html" else text_table(rng, {"tsv": "\t", "md": "|"}.get(kind, ","))
        data = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.1:
            data = rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\x00\x00"]) + data
        path.write_bytes(data)
    return path
