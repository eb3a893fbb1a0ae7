"""Table reading: header rows, multi-row headers, row labels/sections, numeric cells, units."""

from tabtext.engines.solver.lexicon.scale import paragraph_scale, scale_of_text
from tabtext.engines.solver.reading.table import cell_number, read_table, years_in
from tabtext.types import Paragraph, Table

TWO_HEADER_ROWS = Table.from_rows([
    ["", "Year Ended December 31,", ""],
    ["(In thousands)", "2019", "2018"],
    ["Revenue", "$ 1,452.4", "$1,300"],
    ["Operating expenses", "", ""],
    ["Research and development", "(19)", "—"],
    ["Gross margin", "12.5%", "11.0%"],
    ["Earnings per share", "1.20", "1.10"],
])


def test_header_rows_and_merged_header_cells():
    view = read_table(TWO_HEADER_ROWS)
    assert view.header_rows == 2
    assert view.col_years[1:] == [["2019"], ["2018"]]
    assert "Year Ended December 31," in view.col_labels[2]  # the merged top cell spans to the right


def test_numeric_cells_negative_empty_and_sections():
    view = read_table(TWO_HEADER_ROWS)
    assert view.value(2, 1) == 1452.4
    assert view.value(4, 1) == -19
    assert view.value(4, 2) is None
    assert view.row_sections[4] == "Operating expenses"
    assert (3, 1) not in view.values


def test_units_of_table_row_and_cell():
    view = read_table(TWO_HEADER_ROWS)
    assert view.scale == "thousand"
    assert view.cell_scale(2, 1) == "thousand"
    assert view.cell_scale(5, 1) == "percent"
    assert view.cell_scale(6, 1) == ""  # per-share rows are not in thousands


def test_single_header_row_with_years_is_not_data():
    view = read_table(Table.from_rows([["", "2019", "2018"], ["Sales", "10", "8"]]))
    assert view.header_rows == 1 and view.value(1, 2) == 8


def test_cell_number_footnotes_and_currency():
    assert cell_number("$ 1,452.4") == 1452.4
    assert cell_number("(1,234)") == -1234
    assert cell_number("2,410 (1)") == 2410
    assert cell_number("−1") == -1
    assert cell_number("n/a") is None
    assert cell_number("Revenue") is None


def test_years_in_text():
    assert years_in("change from 2018 to 2019") == ["2018", "2019"]
    assert years_in("F19 and F18") == ["2019", "2018"]
    assert years_in("$2,019 million") == []


def test_scale_words():
    assert scale_of_text("(in millions)") == "million"
    assert scale_of_text("€m") == "million"
    assert scale_of_text("$'000") == "thousand"
    assert scale_of_text("Expressed in US $000's except share data", table_level=True) == "thousand"
    assert scale_of_text("In thousands, except per share data", table_level=True) == "thousand"
    assert scale_of_text("Effective tax rate") == "percent"
    assert scale_of_text("Net income per share") == "none"
    assert scale_of_text("Revenue") == ""
    assert paragraph_scale([Paragraph("p", "Other assets consisted of the following (in thousands):")]) == "thousand"
    assert paragraph_scale([Paragraph("p", "is summarized as follows (in\nthousands):")]) == "thousand"
    assert scale_of_text("Number of shares (1,000)") == "thousand"


def test_a_column_of_years_holds_dates_not_amounts():
    view = read_table(Table.from_rows([["", "Amount", "Last Fiscal Year of Expiration"],
                                       ["Domestic–federal", "$39,784", "2039"], ["Domestic–state", "3,313", "2027"]]))
    assert view.value(1, 1) == 39784 and view.value(1, 2) is None and view.numeric_cols() == [1]


def test_header_years_glued_to_a_day_or_a_footnote_mark_are_read():
    view = read_table(Table.from_rows([
        ["", "December 31,2019", "FY18¹ $m"],
        ["Revenue", "1,200", "1,100"],
    ]))
    assert view.col_years[1:] == [["2019"], ["2018"]]
    assert view.col_labels[1] == "December 31, 2019"


def test_year_over_repeated_sub_columns_heads_its_whole_group():
    """ "2019" written over the second of its two sub-columns still heads both ("$" and "%")."""
    view = read_table(Table.from_rows([
        ["", "", "2019", "", "2018"],
        ["In thousands", "$", "%", "$", "%"],
        ["Cheese", "11,459", "12%", "11,486", "11%"],
    ]))
    assert view.col_years[1:] == [["2019"], ["2019"], ["2018"], ["2018"]]
    assert view.col_labels[1] == "2019 $" and view.col_labels[4] == "2018 %"


def test_period_title_without_year_spans_every_column():
    view = read_table(Table.from_rows([
        ["", "", "Three Months Ended", ""],
        ["", "December 31, 2019", "September 29, 2019", "December 31, 2018"],
        ["Income tax expense", "(62)", "(28)", "(28)"],
    ]))
    assert all(lbl.startswith("Three Months Ended") for lbl in view.col_labels[1:])


def test_year_header_with_several_footnote_marks_is_a_header():
    view = read_table(Table.from_rows([
        ["", "December 31,", ""],
        ["", "2019 (1)(2)", "2018 (3)"],
        ["Working capital", "308,426", "269,857"],
    ]))
    assert view.header_rows == 2
    assert view.col_years[1:] == [["2019"], ["2018"]]
