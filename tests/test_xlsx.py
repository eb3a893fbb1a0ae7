""".xlsx workbooks (and .parquet/.feather) read as tables: cell for cell the text their CSV twins hold."""

import datetime as dt
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tabtext.errors import DataError, FormatError  # noqa: E402
from tabtext.numfmt import render  # noqa: E402
from tabtext.tables import read_table, read_tables  # noqa: E402
from xlsx_fixtures import BALANCE_SHEET, INCOME_STATEMENT, write_workbook  # noqa: E402

pytest.importorskip("openpyxl")
TABLES = Path(__file__).resolve().parent / "data" / "tables"


@pytest.fixture
def statements(tmp_path):
    return write_workbook(tmp_path / "statements.xlsx", {"Income statement": INCOME_STATEMENT,
                                                         "Empty": ([], [], "A1"),
                                                         "Balance sheet": BALANCE_SHEET})


@pytest.mark.parametrize("sheet, twin", [("Income statement", "income_statement.csv"),
                                         ("Balance sheet", "balance_sheet.csv")])
def test_each_sheet_reads_cell_for_cell_as_its_csv_twin(statements, sheet, twin):
    (table,) = read_tables(statements, sheet=sheet)
    assert table.rows == read_table(TABLES / twin).rows
    assert table.caption == sheet


def test_every_non_empty_sheet_in_order_without_sheet(statements):
    tables = read_tables(statements)
    assert [t.caption for t in tables] == ["Income statement", "Balance sheet"]
    assert tables[1].rows == read_table(TABLES / "balance_sheet.csv").rows


def test_merged_header_is_carried_across(statements):
    (table,) = read_tables(statements, sheet="Income statement")
    assert table.rows[0] == ("", "Year Ended December 31", "Year Ended December 31")
    assert table.rows[2][1:] == ("(in millions)", "(in millions)")


def test_a_one_sheet_workbook_reads_with_read_table(tmp_path):
    path = write_workbook(tmp_path / "income.xlsx", {"P&L": INCOME_STATEMENT})
    assert read_table(path).rows == read_table(TABLES / "income_statement.csv").rows


@pytest.mark.parametrize("make, error, message", [
    (lambda p: write_workbook(p, {"A": INCOME_STATEMENT, "B": BALANCE_SHEET}), FormatError, "--sheet"),
    (lambda p: p.write_bytes(b"PK\x03\x04 not really a zip"), FormatError, "not a readable .xlsx"),
    (lambda p: write_workbook(p, {"Empty": ([], [], "A1")}), FormatError, "no cells"),
])
def test_bad_workbooks_say_what_to_do(tmp_path, make, error, message):
    path = tmp_path / "book.xlsx"
    make(path)
    with pytest.raises(error, match=message) as info:
        read_table(path)
    assert str(path) in str(info.value)


def test_unknown_sheet_names_the_sheets_there(statements):
    with pytest.raises(DataError, match="'Income statement', 'Empty', 'Balance sheet'"):
        read_tables(statements, sheet="Cash flow")


def test_sheet_option_is_for_workbooks_only():
    with pytest.raises(FormatError, match="--sheet"):
        read_tables(TABLES / "income_statement.csv", sheet="x")


@pytest.mark.parametrize("value, fmt, shown", [
    (1452.4, "#,##0.0", "1,452.4"), (-19, "#,##0;(#,##0)", "(19)"), (0.032, "0.0%", "3.2%"),
    (1452, "$#,##0", "$1,452"), (0, '#,##0;(#,##0);"-"', "-"), (1234567, "#,##0,", "1,235"),
    (1234567, '#,##0.0,,"M"', "1.2M"), (12.5, "0.00", "12.50"), (0.1 + 0.2, "General", "0.3"),
    (12.0, "General", "12"), (-5, "0", "-5"), (2.5, "0", "3"), (3.14159, "#.##", "3.14"),
    (1452.4, "[$€-407]#,##0.00", "€1,452.40"), (-1, "[Red]#,##0;[Blue](#,##0)", "(1)"),
    (-1000, "#,##0.00_);[Red](#,##0.00)", "(1,000.00)"), (True, "General", "TRUE"), ("n/a", "#,##0", "n/a"),
    (dt.datetime(2019, 12, 31), "mm/dd/yyyy", "12/31/2019"), (dt.datetime(2019, 3, 4, 14, 5), "h:mm AM/PM", "2:05 PM"),
    (dt.datetime(2019, 3, 4, 14, 5), "yyyy-mm-dd hh:mm", "2019-03-04 14:05"), (None, "0.0", ""),
])
def test_number_formats_render_as_the_sheet_shows(value, fmt, shown):
    assert render(value, fmt).strip() == shown


@pytest.mark.parametrize("suffix", ["parquet", "feather"])
def test_arrow_files_read_as_tables(tmp_path, suffix):
    pa = pytest.importorskip("pyarrow")
    writer = pytest.importorskip(f"pyarrow.{suffix}")
    data = pa.table({"item": ["Revenue", "Cost"], "2019": [1452.4, -620.0], "2018": [1146, None]})
    path = tmp_path / f"t.{suffix}"
    (writer.write_table if suffix == "parquet" else writer.write_feather)(data, path)
    (table,) = read_tables(path)
    assert table.rows == (("item", "2019", "2018"), ("Revenue", "1452.4", "1146"), ("Cost", "-620", ""))
    with pytest.raises(FormatError, match=f"not a readable .{suffix}"):
        (tmp_path / f"bad.{suffix}").write_bytes(b"nope")
        read_tables(tmp_path / f"bad.{suffix}")


def test_serve_reads_uploaded_workbooks_as_rows(statements):
    httpx = pytest.importorskip("httpx")
    from serve_util import running
    from tabtext.server import create_app

    with running(create_app(answer_one=lambda ex: None, max_body=100_000)) as url, httpx.Client(
            headers={"content-type": "application/octet-stream"}) as client:
        r = client.post(url + "/v1/tables", params={"filename": "statements.xlsx", "sheet": "Balance sheet"},
                       content=statements.read_bytes())
        assert r.status_code == 200, r.text
        assert r.json()["tables"] == [{"name": "Balance sheet",
                                       "rows": [list(row) for row in read_table(TABLES / "balance_sheet.csv").rows]}]
        assert len(client.post(url + "/v1/tables?filename=s.xlsx", content=statements.read_bytes()).json()["tables"]) == 2
        bad = client.post(url + "/v1/tables?filename=broken.xlsx", content=b"PK\x03\x04 nope")
        assert bad.status_code == 400 and bad.json()["error"]["message"].startswith("broken.xlsx: not a readable")
        assert client.post(url + "/v1/tables?filename=t.exe", content=b"x").status_code == 400
        assert client.post(url + "/v1/tables?filename=t.csv", content=b"a,b\n" * 60_000).status_code == 413
