"""Table files read by ``ask`` and ``batch`` pass the server upload route's checks (``upload_checks``) before
a reader builds them: huge extents, merges, span bombs, header bombs and oversized files are one line, and a
batch turns a bad table into error rows and goes on."""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tabtext.cli import main  # noqa: E402
from test_serve_uploads import SHEET, sheet_xml, with_members, workbook  # noqa: E402


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def ask(capsys, path: Path) -> str:
    assert main(["ask", "--table", str(path), "What was revenue?"]) == 2
    return one_error_line(capsys)


FAR = '<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'
MERGED = ('<row r="1"><c r="A1"><v>1</v></c></row>', '<mergeCell ref="A1:XFD1048576"/>')


@pytest.mark.parametrize(("name", "sheet"), [("far.xlsx", sheet_xml(FAR)), ("merged.xlsx", sheet_xml(*MERGED))])
def test_a_workbook_spanning_the_whole_sheet_is_refused_before_openpyxl(tmp_path, capsys, name, sheet):
    path = tmp_path / name
    path.write_bytes(with_members(workbook([["a", 1]]), replace={SHEET: sheet}))
    assert "cells" in ask(capsys, path)


def test_an_html_span_bomb_is_refused(tmp_path, capsys):
    path = tmp_path / "spans.html"
    path.write_text("<table>" + "<tr><td rowspan=1000 colspan=1000>x</td></tr>" * 100 + "</table>")
    assert "tables larger than" in ask(capsys, path)


def test_a_csv_with_100001_header_columns_is_refused(tmp_path, capsys):
    path = tmp_path / "wide.csv"
    path.write_text(",".join(["h"] * 100_001) + "\n" + "1,2\n")
    assert "tables larger than" in ask(capsys, path)


@pytest.mark.parametrize("name", ["huge.csv", "huge.xlsx", "huge.parquet"])
def test_a_6_gb_file_is_refused_by_its_size_before_it_is_read(tmp_path, capsys, name):
    path = tmp_path / name
    with open(path, "wb") as fh:
        fh.truncate(6 * 1024 ** 3)  # sparse: no disk used
    assert "bytes are read" in ask(capsys, path)


def corrupt_workbook() -> bytes:
    data = bytearray(workbook([[f"r{i}", i * 7] for i in range(200)]))
    rng = random.Random(3)
    start = data.find(b"worksheets/sheet1.xml") + 40
    for _ in range(40):
        data[rng.randint(start, start + 400)] ^= 0xFF
    return bytes(data)


def test_a_corrupt_workbook_is_one_line_not_a_zlib_traceback(tmp_path, capsys):
    path = tmp_path / "bad.xlsx"
    path.write_bytes(corrupt_workbook())
    assert "not a readable .xlsx workbook" in ask(capsys, path)


def test_batch_turns_a_corrupt_workbook_into_error_rows_and_answers_the_good_csv(tmp_path, capsys):
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "bad.xlsx").write_bytes(corrupt_workbook())
    (tables / "good.csv").write_text(",2019\nRevenue,1200\n")
    (tables / "wide.csv").write_text(",".join(["h"] * 100_001) + "\n")
    questions = tmp_path / "q.txt"
    questions.write_text("What was revenue in 2019?\n")
    assert main(["batch", str(questions), "--tables", str(tables), "--out",
                 str(tmp_path / "out"), "--quiet"]) == 0
    rows = {Path(r["table_file"]).name: r for r in map(json.loads, (tmp_path / "out.jsonl").read_text().splitlines())}
    assert rows["good.csv"]["answer"] in ("1200", ["1200"]) and not rows["good.csv"]["error"]
    assert "not a readable .xlsx workbook" in rows["bad.xlsx"]["error"]
    assert "tables larger than" in rows["wide.csv"]["error"]
    assert os.path.getsize(tmp_path / "out.csv") > 0
