"""Workbooks written with openpyxl for the tests: TAT-QA style statements as numbers + number formats +
merged headers, whose CSV twins (tests/data/tables/*.csv) hold the text the sheet shows."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

DOLLARS_1 = '"$ "#,##0.0;"$ "(#,##0.0)'
AMOUNT_1 = '#,##0.0;(#,##0.0);"—"'
ACCOUNTING = '_("$"* #,##0_);_("$"* (#,##0);_("$"* "—"_);_(@_)'
AMOUNT = '#,##0;(#,##0);"—"'

#: (rows of values or (value, number format), merged ranges, top-left cell)
INCOME_STATEMENT = ([
    [None, "Year Ended December 31", None],
    [None, (2019, "0"), (2018, "0")],
    [None, "(in millions)", None],
    ["Revenue", (1452.4, DOLLARS_1), (1146.2, DOLLARS_1)],
    ["Cost of revenue", (-620.1, AMOUNT_1), (-512.4, AMOUNT_1)],
    ["Gross profit", (832.3, AMOUNT_1), (633.8, AMOUNT_1)],
    ["Operating expenses:", None, None],
    ["Research and development", (210.5, AMOUNT_1), (180.2, AMOUNT_1)],
    ["Sales, general and administrative", (398, AMOUNT_1), (351.7, AMOUNT_1)],
    ["Restructuring", (0, AMOUNT_1), (12.3, AMOUNT_1)],
    ["Total operating expenses", (608.5, AMOUNT_1), (544.2, AMOUNT_1)],
    ["Operating income", (223.8, AMOUNT_1), (89.6, AMOUNT_1)],
    ["Interest expense", (-31.2, AMOUNT_1), (-28.9, AMOUNT_1)],
    ["Net income (loss)", (-19.6, DOLLARS_1), (47.1, DOLLARS_1)],
    ["Gross margin", (0.573, "0.0%"), (0.553, "0.0%")],
], ["B1:C1", "B3:C3"], "A1")

BALANCE_SHEET = ([
    [None, "December 31", None],
    [None, (dt.datetime(2019, 12, 31), "mmm d, yyyy"), (dt.datetime(2018, 12, 31), "mmm d, yyyy")],
    ["Assets", None, None],
    ["Cash and cash equivalents", (12408, ACCOUNTING), (9114, ACCOUNTING)],
    ["Accounts receivable", (4276, AMOUNT), (3901, AMOUNT)],
    ["Inventories", (2015, AMOUNT), (2230, AMOUNT)],
    ["Total current assets", (18699, AMOUNT), (15245, AMOUNT)],
    ["Property and equipment, net", (7340, AMOUNT), (6812, AMOUNT)],
    ["Goodwill", (0, AMOUNT), (1250, AMOUNT)],
    ["Total assets", (26039, ACCOUNTING), (23307, ACCOUNTING)],
    ["Liabilities and equity", None, None],
    ["Accounts payable", (3118, AMOUNT), (2874, AMOUNT)],
    ["Long-term debt", (6500, AMOUNT), (7000, AMOUNT)],
    ["Treasury stock", (-1204, AMOUNT), (-950, AMOUNT)],
    ["Total liabilities and equity", (26039, ACCOUNTING), (23307, ACCOUNTING)],
], ["C2:D2"], "B2")  # starts at B2: the reader crops to the cells that hold values


def write_workbook(path: Path, sheets: dict[str, tuple[list, list[str], str]]) -> Path:
    """Write each (rows, merged ranges, top-left) as a sheet; an empty spec makes an empty sheet."""
    from openpyxl import Workbook
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    book = Workbook()
    book.remove(book.active)
    for title, (rows, merges, top_left) in sheets.items():
        sheet = book.create_sheet(title)
        col_letter, first_row = coordinate_from_string(top_left)
        first_col = column_index_from_string(col_letter)
        for r, row in enumerate(rows):
            for c, spec in enumerate(row):
                if spec is None:
                    continue
                value, fmt = spec if isinstance(spec, tuple) else (spec, None)
                cell = sheet.cell(row=first_row + r, column=first_col + c, value=value)
                if fmt:
                    cell.number_format = fmt
        for ref in merges:
            sheet.merge_cells(ref)
    book.save(path)
    return path
