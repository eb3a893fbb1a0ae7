"""Reading a financial table: header rows vs data rows, column labels and periods, row labels, sections,
numeric cells and the unit (scale) of the table, a column or a row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ....numbers import parse_number
from ....types import Table
from ..lexicon.scale import scale_of_text
from ..lexicon.words import YEAR, is_year, split_years, years_in
from ..program.program import Cell


@lru_cache(maxsize=65_536)  # a table's cells are read again for each of its questions
def cell_number(text: str) -> float | None:
    """A numeric cell's value; years alone and text cells give None."""
    s = text.strip()
    if not s or not any(ch.isdigit() for ch in s):
        return None
    lone = re.fullmatch(r"([$€£¥]?)\s*\((\d)\)", s)  # "(5)" alone is -5, not a footnote mark
    if lone:
        return -float(lone.group(2))
    s = re.sub(r"\s*\(\d\)\s*$|\s*\[\w{1,2}\]\s*$", "", s)  # footnote marks such as "12 (1)"
    s = re.sub(r"^(?:US|A|C|HK|S|NZ|R)\$", "$", s)
    s = re.sub(r"\b(?:million|billion|thousand|m|bn|k)\b\.?$", "", s, flags=re.I).strip()
    return parse_number(s)


def _squeeze(text: str) -> str:
    """ "2 0 1 8" (letter-spaced years in extracted PDFs) -> "2018"."""
    return re.sub(r"\b(\d) (\d) (\d) (\d)\b", r"\1\2\3\4", text)


_SUPERSCRIPTS = str.maketrans("", "", "¹²³⁴⁵⁶⁷⁸⁹⁰")
_COMMA_YEAR = re.compile(rf"(?<=\d),(?={YEAR}\b)")


def header_label(text: str) -> str:
    """A column header as its periods read: letter-spaced years joined, a footnote mark glued to a year dropped
    ("FY18¹"), a year glued to the day before it spaced ("December 31,2018")."""
    return _COMMA_YEAR.sub(", ", _squeeze(text).translate(_SUPERSCRIPTS))


def is_year_cell(text: str) -> bool:
    s = _squeeze(text).strip().rstrip("*").strip()
    s = re.sub(r"\s*(?:[$€£¥]|US\$|A\$)?\s?(?:m|bn|k|mn|million|thousand|['’]?000s?|restated|\(restated\))$", "", s,
               flags=re.I)
    return bool(re.fullmatch(rf"(?:(?:FY|Fiscal|fiscal|Year)\s?)?{YEAR}(?:/(?:19|20)?\d\d)?(?:\s*\(\w+\))*", s))


@dataclass
class TableView:
    table: Table
    header_rows: int
    col_labels: list[str]
    col_years: list[list[str]]
    row_labels: list[str]
    row_sections: list[str]
    label_col: int
    scale: str
    values: dict[tuple[int, int], float] = field(default_factory=dict)

    @property
    def rows(self) -> tuple[tuple[str, ...], ...]:
        return self.table.rows

    def data_rows(self) -> list[int]:
        return list(range(self.header_rows, len(self.rows)))

    def numeric_cols(self) -> list[int]:
        cols = sorted({c for (_, c) in self.values})
        return cols

    def value(self, r: int, c: int) -> float | None:
        return self.values.get((r, c))

    def amount(self, r: int, c: int) -> float | None:
        """A cell as an operand: a dash ("—", "-") in a row of figures counts as zero."""
        v = self.values.get((r, c))
        if v is None and self.cell_text(r, c).strip("$ ") in ("-", "—", "–", "--", "nil") and \
                any((r, k) in self.values for k in range(1, self.table.n_cols)):
            return 0.0
        return v

    def cell_text(self, r: int, c: int) -> str:
        return self.table.cell(r, c).strip()

    def operand(self, r: int, c: int, value: float | None = None) -> Cell:
        """A cell as a Program operand with its labels; ``value`` overrides the cell's amount (a magnitude)."""
        return Cell(r, c, self.cell_text(r, c), self.amount(r, c) if value is None else value,
                    self.row_labels[r] if r < len(self.row_labels) else "",
                    self.col_labels[c] if c < len(self.col_labels) else "")

    def row_years(self, r: int) -> list[str]:
        return years_in(self.row_labels[r]) if is_year_cell(self.row_labels[r]) else []

    def cell_scale(self, r: int, c: int) -> str:
        """The unit of one cell: its own % sign, else its row label, else its column, else the table."""
        text = self.cell_text(r, c)
        if "%" in text:
            return "percent"
        row_scale = scale_of_text(self.row_labels[r]) if r < len(self.row_labels) else ""
        if not row_scale and r < len(self.row_sections):  # "Basic" under "Net income per share:"
            row_scale = "none" if scale_of_text(self.row_sections[r]) == "none" else ""
        if row_scale == "percent" and re.search(r"[$€£¥]", text):  # "Gross margin  $40,615" is an amount
            row_scale = ""
        if row_scale:
            return row_scale if row_scale != "none" else ""
        col_scale = scale_of_text(self.col_labels[c]) if c < len(self.col_labels) else ""
        if col_scale:
            return col_scale if col_scale != "none" else ""
        if not self.scale and self.percent_column(c):
            return "percent"  # a rate reconciliation: "21.0%" at the top, bare rates below
        return self.scale

    def percent_column(self, c: int) -> bool:
        """A column of rates: its first figure carries "%" (a rate reconciliation, bare rates below) or most of
        its figures do; one "%" row under amounts (a margin line) does not make the amounts percentages."""
        cells = [self.cell_text(r, c) for r in self.data_rows() if (r, c) in self.values]
        if not cells or any(re.search(r"[$€£¥]", t) for t in cells):
            return False
        return "%" in cells[0] or 2 * sum("%" in t for t in cells) > len(cells)


def _is_header_row(row: tuple[str, ...], index: int, years_above: bool = False) -> bool:
    cells = [c.strip() for c in row[1:]]
    filled = [c for c in cells if c]
    if not filled:  # a lone label under the period headers opens the first section, it is not a header
        return index == 0 or bool(row[0].strip()) and index < 2 and not years_above and \
            not any(ch.isdigit() for ch in row[0])
    return all(cell_number(c) is None or is_year_cell(c) for c in filled)


PERIOD_TITLE = re.compile(r"^(?:(?:the |for the )?(?:fiscal )?(?:years?|three|six|nine|twelve|\d+)\s*(?:months?|weeks?)?"
                          r"\s+ended\b|as (?:of|at)\b)(?:(?!\d{4}).)*$", re.I)  # a period title without its year


def _span_groups(header: list[list[str]], i: int, width: int) -> None:
    """A label per group of sub-columns that repeat ("2019" and "2018" over "$ | %" twice) heads its whole group,
    also the sub-columns left of where it is written ("" "2019" "" "2018" over "$" "%" "$" "%")."""
    filled = [c for c in range(1, width) if header[i][c].strip()]
    k = len(filled)
    below = {c: " ".join(h[c].strip() for h in header[i + 1:] if h[c].strip()).lower() for c in range(1, width)}
    leaves = [c for c in range(1, width) if below[c]]
    for m in (2, 3, 4):
        for s in range(len(leaves) - k * m + 1) if k >= 2 else ():
            window = leaves[s:s + k * m]
            if window[-1] - window[0] != k * m - 1 or len({below[c] for c in window[:m]}) < m or \
                    any(below[window[t]] != below[window[t + m]] for t in range(len(window) - m)):
                continue
            groups = [window[g * m:(g + 1) * m] for g in range(k)]
            if all(f in grp for f, grp in zip(filled, groups)):
                for f, grp in zip(filled, groups):
                    for c in grp:
                        header[i][c] = header[i][f]
                return


def _span_header(header: list[list[str]], width: int) -> None:
    """Spread the merged cells of upper header rows over the columns they head, in place."""
    n_head = len(header)

    def below_is_year(i: int, c: int) -> bool:
        return any(is_year_cell(header[j][c]) for j in range(i + 1, n_head))

    for i, hrow in enumerate(header[:-1]):  # a lone title over labelled columns ("Fiscal 2019", "Year Ended
        # December 31,") spans them all
        filled = [c for c in range(1, width) if hrow[c].strip()]
        below = [c for c in range(1, width) if any(header[j][c].strip() for j in range(i + 1, n_head))]
        title = hrow[filled[0]] if len(filled) == 1 else ""
        if len(below) >= 2 and (years_in(title) and not any(years_in(header[j][c]) for j in range(i + 1, n_head)
                                                             for c in below) or PERIOD_TITLE.search(title)):
            for c in below:
                hrow[c] = hrow[filled[0]]
    for i in range(n_head - 1):
        _span_groups(header, i, width)
    for i, hrow in enumerate(header[:-1]):  # merged cells of upper header rows span to the right ...
        last, source = "", 0
        for c in range(1, width):
            if hrow[c].strip():
                last, source = hrow[c], c
            elif last and any(header[j][c].strip() for j in range(i + 1, n_head)) and \
                    below_is_year(i, c) == below_is_year(i, source):  # ... over columns of the same kind
                hrow[c] = last


def read_table(table: Table) -> TableView:
    """The table's reading: a fresh view each call (callers set its scale), the reading itself done once per
    table (a context's ~6 questions share it). The view's lists and dicts are shared: read them, do not edit."""
    return replace(_read_table(table))


@lru_cache(maxsize=256)
def _read_table(table: Table) -> TableView:
    rows = table.rows
    width = table.n_cols
    n_head = 0
    limit = min(len(rows) - 1, 4)
    while n_head < limit and _is_header_row(rows[n_head], n_head,
                                            any(is_year_cell(c) for r in rows[:n_head] for c in r[1:])):
        n_head += 1
    header = [list(r) + [""] * (width - len(r)) for r in rows[:n_head]]
    _span_header(header, width)
    col_labels = [header_label(" ".join(h[c].strip() for h in header if h[c].strip())) for c in range(width)]
    col_years = [split_years(lbl) for lbl in col_labels]

    label_col = 0
    row_labels: list[str] = []
    row_sections: list[str] = []
    section = ""
    values: dict[tuple[int, int], float] = {}
    for r, row in enumerate(rows):
        label = row[0].strip() if row else ""
        row_labels.append(label)
        if r < n_head:
            row_sections.append("")
            continue
        nums = False
        for c in range(1, len(row)):
            v = cell_number(row[c])
            if v is not None:
                values[(r, c)] = v
                nums = True
        if nums and not label:  # an unlabelled row of figures closes a block: it is its total
            row_labels[-1] = "Total"
        if not nums and label:
            section = label
        row_sections.append(section if nums else "")

    for c in range(1, width):  # a column of years ("Last Fiscal Year of Expiration") holds dates, not amounts
        cells = [rows[r][c].strip() for (r, k) in values if k == c]
        if len(cells) >= 2 and all(is_year(t) for t in cells):
            for key in [key for key in values if key[1] == c]:
                del values[key]
    scale_texts = [c for r in rows[:n_head] for c in r] + [rows[r][0] for r in range(n_head, len(rows)) if rows[r]
                                                           and not any((r, c) in values for c in range(width))]
    scale_texts.append(table.caption)  # a Markdown title above the table: "results (AUD thousands unless stated)"
    scale = ""
    for text in scale_texts:
        s = scale_of_text(text, table_level=True)
        if s and s not in ("none", "percent"):
            scale = s
            break
    if not scale:  # units written inside the numeric cells ("$1.2 million")
        for (r, c) in list(values)[:6]:
            s = scale_of_text(rows[r][c], table_level=True)
            if s and s not in ("none", "percent"):
                scale = s
                break
    return TableView(table, n_head, col_labels, col_years, row_labels, row_sections, label_col, scale, values)
