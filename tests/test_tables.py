"""User tables: CSV (thousands separators, parentheses, ; delimiters, BOM), Markdown, HTML merged headers; bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabtext.errors import DataError, FormatError, TabtextError
from tabtext.tables import (
    MAX_TABLE_BYTES,
    merge_thousands,
    parse_rows,
    parse_table_text,
    read_table,
    sniff_format,
    split_paragraphs,
)

DATA = Path(__file__).resolve().parent / "data" / "tables"


def test_csv_thousands_parentheses_and_bom():
    t = read_table(DATA / "thousands.csv")
    assert t.rows == (("Item", "2019", "2018"), ("Revenue", "1,452.4", "1,146.2"),
                      ("Net loss", "(1,234)", "(99)"), ("Margin", "12.5%", "11.0%"))
    assert t.id == "thousands"


def test_csv_semicolon_delimiter_keeps_decimal_commas():
    assert read_table(DATA / "semicolon.csv").rows[1] == ("Revenue", "1.452,4", "1.146,2")


@pytest.mark.parametrize("fields,width,expected", [
    (["Revenue", "1", "234", "5", "678"], 3, ["Revenue", "1,234", "5,678"]),
    (["Revenue", "1", "234", "567", "8"], 3, ["Revenue", "1,234,567", "8"]),
    (["Loss", "(1", "234)", "$12"], 3, ["Loss", "(1,234)", "$12"]),
    (["Revenue", "1", "2", "3"], 3, None),
])
def test_merge_thousands(fields, width, expected):
    assert merge_thousands(fields, width) == expected


def test_markdown_with_caption_and_escaped_pipe():
    t = read_table(DATA / "caption.md")
    assert t.rows == (("Item", "2019", "2018"), ("Revenue", "$ 1,452", "$ 1,146"), ("Gain | loss", "(19)", "4"))


def test_html_merged_header_cells_are_expanded():
    t = read_table(DATA / "merged.html")
    assert t.rows == (
        ("Segment", "Revenue", "Revenue", "Note"),
        ("Segment", "2019", "2018", "Note"),
        ("Cloud", "1,200.5", "(300)", "see text"),
        ("Devices & more", "$ 95.0", "—", "see text"),
    )


def test_sniffing_text_formats():
    assert sniff_format("<table><tr><td>a</td></tr></table>") == "html"
    assert sniff_format("| a | b |\n|---|---|\n| 1 | 2 |") == "markdown"
    assert sniff_format("a,b\n1,2\n") == "csv"
    assert parse_table_text("| a | b |\n|---|---|\n| 1 | 2 |").rows == (("a", "b"), ("1", "2"))
    assert parse_rows([["a", None], ["1", 2]]).rows == (("a", ""), ("1", "2"))
    assert parse_rows("x,y\n3,4").rows == (("x", "y"), ("3", "4"))


@pytest.mark.parametrize("name,error,words", [
    ("ragged.csv", FormatError, "row 2: has 6 cells but the header has 3"),
    ("notable.md", FormatError, "no Markdown pipe table"),
    ("notable.html", FormatError, "no <table>"),
    ("sheet.csv", FormatError, "binary file"),
    ("empty.csv", FormatError, "the table is empty"),
    ("missing.csv", DataError, "file not found"),
])
def test_bad_table_files_give_one_clear_line(name, error, words):
    with pytest.raises(error) as info:
        read_table(DATA / name)
    message = str(info.value)
    assert name in message and words in message and "\n" not in message


@pytest.mark.parametrize("name", ["report.json", "predictions.jsonl"])
def test_a_json_file_given_as_a_table_is_named_as_not_a_table(tmp_path, name):
    path = tmp_path / name
    path.write_text('{"benchmark": "tatqa", "scores": {"em": 0.7, "f1": 0.76}}\n', encoding="utf-8")
    with pytest.raises(FormatError, match="a JSON file is not a table") as info:
        read_table(path)
    assert name in str(info.value)


def test_too_large_and_not_utf8(tmp_path):
    big = tmp_path / "big.csv"
    big.write_text("a,b\n" + "1,2\n" * (MAX_TABLE_BYTES // 4 + 1))
    with pytest.raises(DataError, match="tables up to"):
        read_table(big)
    latin = tmp_path / "latin.csv"
    latin.write_bytes("Item,Umsatz\nMünchen,5\n".encode("latin-1"))
    with pytest.raises(FormatError, match="not UTF-8"):
        read_table(latin)
    with pytest.raises(TabtextError, match="list of rows"):
        parse_rows({"a": 1})


def test_split_paragraphs():
    assert split_paragraphs("One\nline.\n\n  \nTwo.\n") == ["One line.", "Two."]


def test_a_bold_or_italic_markdown_cell_is_read_as_its_text():
    from tabtext.tables import parse_table_text

    table = parse_table_text("| Dept | 2023 |\n|---|---|\n| **Total** | **1,210** |\n| _Sales_ | *2* |\n| a_b | 3 * 4 |\n")
    assert table.rows[1:] == (("Total", "1,210"), ("Sales", "2"), ("a_b", "3 * 4"))
