"""The test workbooks (TAT-QA style income statement and balance sheet: numbers + number formats + merged
headers, written with openpyxl) read by ``read_tables`` vs their CSV twins: cells equal, cell for cell.

    PYTHONPATH=src python benchmarks/xlsx_twins.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

from tabtext.tables import read_table, read_tables  # noqa: E402
from xlsx_fixtures import BALANCE_SHEET, INCOME_STATEMENT, write_workbook  # noqa: E402

TWINS = {"Income statement": ("income_statement.csv", INCOME_STATEMENT),
         "Balance sheet": ("balance_sheet.csv", BALANCE_SHEET)}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        book = write_workbook(Path(tmp) / "statements.xlsx", {name: spec for name, (_, spec) in TWINS.items()})
        tables = {t.caption: t for t in read_tables(book)}
    for name, (csv_name, _) in TWINS.items():
        twin = read_table(ROOT / "tests" / "data" / "tables" / csv_name).rows
        got = tables[name].rows
        same_shape = len(got) == len(twin) and all(len(a) == len(b) for a, b in zip(got, twin))
        cells = sum(len(r) for r in twin)
        equal = sum(1 for a, b in zip(got, twin) for x, y in zip(a, b) if x == y)
        print(f"{name:<18} {len(twin)}x{len(twin[0])} shape {'equal' if same_shape else 'DIFFERENT'}; "
              f"cells equal {equal}/{cells}")


if __name__ == "__main__":
    main()
