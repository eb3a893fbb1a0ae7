"""The TAT-QA solver on hand-made tables of unusual layouts and wordings: several header rows, units in odd
places, years down the first column, per-year blocks, mixed column groups. None of these come from dev."""

import pytest

from tabtext.engines.solver.reading.stacked import blocks
from tabtext.engines.solver.reading.table import cell_number, read_table
from tabtext.engines.solver.tasks.tatqa import answer_example
from tabtext.types import Context, Example, Paragraph, Table


def ask(rows, question, paragraphs=()):
    table = Table.from_rows(rows)
    paras = tuple(Paragraph(f"p{i}", text) for i, text in enumerate(paragraphs))
    return answer_example(Example("q", question, Context((table,), paras), meta={"benchmark": "tatqa"}))


def got(pred):
    return pred.answer.value, pred.answer.scale


THREE_HEADERS = [
    ["", "Fiscal Years Ended", "", ""],
    ["", "June 30,", "June 30,", "June 30,"],
    ["($000)", "2020", "2019", "2018"],
    ["Net sales", "1,200", "1,000", "900"],
    ["Cost of sales", "(700)", "(600)", "(500)"],
    ["Gross profit", "500", "400", "400"],
]


@pytest.mark.parametrize("question,value,scale", [
    ("What was the change in net sales between 2019 and 2020?", "200", "thousand"),
    ("How much did gross profit increase from fiscal 2019 to fiscal 2020?", "100", "thousand"),
    ("What is the average net sales over the three years?", "1033.33", "thousand"),
    ("What was the percentage change in net sales from 2018 to 2019?", "11.11", "percent"),
])
def test_three_header_rows_with_a_unit_in_the_corner(question, value, scale):
    assert got(ask(THREE_HEADERS, question)) == (value, scale)


def test_period_then_year_headers_and_currency_units():
    rows = [
        ["", "Year ended 31 March", ""],
        ["", "2019", "2018"],
        ["", "US$'000", "US$'000"],
        ["Revenue", "5,430", "4,980"],
        ["Operating profit", "812", "701"],
    ]
    assert got(ask(rows, "What was the change in revenue from 2018 to 2019?")) == ("450", "thousand")
    euros = [["", "2019 €m", "2018 €m"], ["Revenue", "43,666", "46,571"], ["Operating profit", "4,099", "(951)"]]
    assert got(ask(euros, "What is the average revenue for 2018 and 2019?")) == ("45118.5", "million")
    rmb = [["RMB million", "2019", "2018"], ["Revenue", "377,289", "312,694"]]
    assert got(ask(rmb, "What was the revenue in 2018?")) == (("312,694",), "million")


def test_a_lone_cell_in_brackets_is_a_negative_number_not_a_footnote():
    assert cell_number("(5)") == -5.0 and cell_number("$ (7)") == -7.0
    assert cell_number("1,234 (2)") == 1234.0  # a figure with a footnote mark keeps its value
    rows = [["", "2019", "2018"], ["Net change in cash", "(16)", "(5)"], ["Cash at end of year", "509", "525"]]
    assert ask(rows, "What is the average net change in cash for 2018 and 2019?").answer.value == "-10.5"


def test_years_down_the_first_column():
    rows = [["Year", "Revenue", "Employees"], ["2019", "$ 1,500", "320"], ["2018", "$ 1,350", "300"],
            ["2017", "$ 1,100", "280"]]
    pred = ask(rows, "What was the revenue in 2018?")
    assert pred.answer.value == ("$ 1,350",)
    assert ask(rows, "What was the change in revenue from 2018 to 2019?").answer.value == "150"
    assert ask(rows, "How many employees were there in 2017?").answer.value == ("280",)


def test_units_in_the_first_column_and_per_share_rows():
    rows = [
        ["(in thousands, except per share data)", "2019", "2018"],
        ["Revenue", "$ 24,193", "$ 20,402"],
        ["Earnings per share:", "", ""],
        ["Basic", "$ 1.21", "$ 1.04"],
        ["Diluted", "$ 1.18", "$ 1.01"],
    ]
    assert got(ask(rows, "What was the change in revenue from 2018 to 2019?")) == ("3791", "thousand")
    assert got(ask(rows, "What was the change in basic earnings per share from 2018 to 2019?")) == ("0.17", "")


def test_a_unit_stated_only_in_the_paragraphs():
    rows = [["", "2019", "2018"], ["Net sales", "$ 93,662", "$ 103,350"], ["Cost of goods sold", "68,367", "74,646"]]
    text = ["Year Ended December 31, 2019 compared to Year Ended December 31, 2018 (in 000's)"]
    assert got(ask(rows, "What is the total net sales in 2018 and 2019?", text)) == ("197012", "thousand")
    unlabelled = [["", "Q4 2019", "Q4 2018"], ["Wireless", "2,493", "2,407"], ["Wireline", "3,138", "3,137"]]
    text = ["Wireless operating revenues of $2,493 million in Q4 2019 grew by 3.6%."]
    assert got(ask(unlabelled, "What is the sum of wireless revenues in Q4 2019 and Q4 2018?", text)) == \
        ("4900", "million")


def test_a_year_title_over_quarter_columns_spans_them_all():
    rows = [
        ["", "", "Fiscal 2019", "", ""],
        ["", "First", "Second", "Third", "Fourth"],
        ["", "Quarter", "Quarter", "Quarter", "Quarter"],
        ["Revenues", "$ 94,888", "$ 96,037", "$ 88,495", "$ 84,380"],
        ["Gross profit", "38,091", "39,821", "36,381", "33,471"],
    ]
    view = read_table(Table.from_rows(rows))
    assert all("2019" in view.col_years[c] for c in range(1, 5))
    assert ask(rows, "What was the revenue in the fiscal 2019 third quarter?").answer.value == ("$ 88,495",)


def test_per_year_blocks_name_one_row_not_two():
    rows = [
        ["", "First", "Second", "Third", "Fourth"],
        ["2019", "", "", "", ""],
        ["Net sales", "$117,625", "$120,684", "$115,651", "$115,040"],
        ["Operating earnings", "$14,218", "$17,083", "$10,124", "$12,391"],
        ["2018", "", "", "", ""],
        ["Net sales", "$118,859", "$121,002", "$113,410", "$112,306"],
        ["Operating earnings", "$13,359", "$16,020", "$9,884", "$11,700"],
    ]
    pred = ask(rows, "What was the change in the net sales between the third and fourth quarter?")
    assert pred.answer.value == "-611"


def test_columns_of_one_group_for_a_change_over_years():
    rows = [
        ["", "", "Net additions (losses)", "", "% of penetration", ""],
        ["", "August 31, 2019", "August 31, 2019", "August 31, 2018", "August 31, 2019", "August 31, 2018"],
        ["Internet customers", "446,137", "21,189", "21,417", "50.8", "49.7"],
        ["Video customers", "312,555", "(4,697)", "(6,760)", "35.6", "37.1"],
    ]
    pred = ask(rows, "What was the increase / (decrease) in the video customers from 2018 to 2019?")
    assert pred.answer.value == "2063"


def test_a_percentage_row_is_not_averaged_with_an_amount():
    rows = [
        ["(In thousands)", "2019", "2018", "2017"],
        ["Services Gross Profit", "$60,301", "$62,868", "$40,362"],
        ["Services Gross Margin %", "21.2%", "19.9%", "17.2%"],
    ]
    pred = ask(rows, "What is the average annual Services Gross Profit and Margin?")
    assert got(pred) == ("54510.33", "thousand") and pred.answer.derivation == "(60301 + 62868 + 40362) / 3"
    pred = ask(rows, "What is the average annual Services Gross Margin %?")
    assert got(pred) == ("19.43", "percent")


def test_a_share_of_a_total_row_not_labelled_total():
    rows = [["", "2019", "2018"], ["Swiss", "$212,986", "$177,935"], ["Non-Swiss", "58,147", "54,330"],
            ["Income before taxes", "$271,133", "$232,265"]]
    pred = ask(rows, "What percentage of the total income before taxes does Swiss income form in 2019?")
    assert got(pred) == ("78.55", "percent")


@pytest.mark.xfail(strict=True, reason="the solver keeps the brackets' sign (-45); TAT-QA dev (open part) has no "
                   "convention for averages of bracketed cells (8 positive, 7 negative golds), so the wording "
                   "decides: an expense asked by name is its amount (issue 10)")
def test_an_average_of_two_periods_in_one_year():
    rows = [
        ["", "", "Three Months Ended", ""],
        ["", "December 31, 2019", "September 29, 2019", "December 31, 2018"],
        ["", "", "(in millions)", ""],
        ["Income tax expense", "$(62)", "$(28)", "$(30)"],
    ]
    pred = ask(rows, "What is the average income tax expense for the period September 29, and December 31, 2019?")
    assert got(pred) == ("45", "million")


def test_a_year_before_average_picks_that_year_column():
    rows = [["", "2019 €m", "2018 €m"], ["Performance bonds", "337", "993"],
            ["Other guarantees and contingent liabilities", "2,943", "4,036"]]
    assert ask(rows, "What is the 2019 average other guarantees and contingent liabilities?").answer.value == "3489.5"


WORDINGS = [
    "What was the change in net sales between 2019 and 2020?", "How much did net sales grow in 2020?",
    "By how much did cost of sales change from FY2019 to FY2020?", "What's the 2020 to 2019 delta in gross profit?",
    "Net sales 2020 vs 2019: what is the difference?", "In which year was gross profit the largest?",
    "What is the ratio of gross profit to net sales in 2020?", "What are the net sales for 2020, 2019 and 2018?",
    "How many years had net sales above 950?", "Why did net sales rise?",
]


@pytest.mark.parametrize("question", WORDINGS)
def test_varied_wordings_answer_without_raising(question):
    pred = ask(THREE_HEADERS, question, ["Net sales rose on higher volumes in Asia."])
    assert pred.answer is not None and pred.meta["operator"]


def test_a_question_the_context_cannot_answer_is_below_the_no_answer_threshold():
    """Benchmark runs always answer, but with a confidence under the one below which ask and serve say
    "no answer found"; the dialogue (what ask and serve use) says so."""
    from tabtext.engines.solver.dialogue.conversation import MIN_CONFIDENCE, Dialogue

    question, paragraphs = "Who is the chief executive officer?", ["Net sales rose on higher volumes in Asia."]
    pred = ask(THREE_HEADERS, question, paragraphs)
    assert pred.answer is not None and pred.meta["confidence"] < MIN_CONFIDENCE
    context = Context(tables=(Table.from_rows(THREE_HEADERS),),
                      paragraphs=(Paragraph(id="1", text=paragraphs[0], order=1),))
    assert not Dialogue(context).ask(question).found


def test_split_fiscal_years_are_named_by_their_last_year():
    rows = [["€ million", "2017/2018", "2018/2019"], ["Sales", "36,534", "36,870"], ["Profit for the period", "359", "411"]]
    assert ask(rows, "In which year was the profit for the period larger?").answer.value == ("2019",)
    assert ask(rows, "What was the change in sales from 2018 to 2019?").answer.value == "336"


def test_which_row_has_the_extreme_value():
    rows = [["", "2019 $", "2019 %", "2018 $", "2018 %"], ["Canada", "96,168", "6.1%", "70,774", "6.6%"],
            ["United States", "1,079,520", "68.4%", "755,454", "70.4%"], ["Rest of World", "230,416", "14.6%",
                                                                         "129,468", "12.0%"]]
    pred = ask(rows, "Which country had the highest external revenue in year ended December 31, 2019?")
    assert pred.answer.value == ("United States",)


_INTEREST = [["(In thousands)", "2019", "2018"], ["Interest income", "30,182", "13,281"]]
_INTEREST_TEXT = ["Interest income increased by $16.9 million, mainly due to higher average cash balances."]


@pytest.mark.xfail(strict=True, reason="the hand-set router's rule; the chooser fitted on train prefers the "
                   "computed 16,901 by 0.23 (the question model reads a one-year 'increase' as no arithmetic, the "
                   "answer-source model as a table answer): a known gap since the refit on train")
def test_an_increase_the_text_states_in_another_unit_is_the_text_span():
    pred = ask(_INTEREST, "What was the increase in interest income in 2019?", _INTEREST_TEXT)
    assert got(pred) == (("$16.9 million",), "") and pred.evidence[0].kind == "text"


def test_the_change_between_two_years_stays_the_computed_difference():
    pred = ask(_INTEREST, "What was the change in interest income between 2018 and 2019?", _INTEREST_TEXT)
    assert got(pred) == ("16901", "thousand")


def test_counts_over_quarter_columns():
    rows = [["", "First", "Second", "Third", "Fourth"], ["Basic earnings per share", "$0.35", "$0.36", "$0.08", "$0.31"],
            ["Diluted earnings per share", "$0.34", "$0.36", "$0.08", "$0.30"]]
    assert ask(rows, "How many quarters did the basic earnings per share exceed $0.30?").answer.value == "3"


def test_rows_that_state_a_change_or_an_average():
    rows = [["", "2019", "2018"], ["Net cash provided by operations", "428.6", "512.0"],
            ["Net decrease in cash and cash equivalents", "(472.7)", "(61.3)"],
            ["Average invested capital", "923.1", "$735.6"]]
    assert ask(rows, "What was the net decrease in cash and cash equivalents in 2019?").answer.value == ("(472.7)",)
    assert ask(rows, "What was the average invested capital in 2018?").answer.value == ("$735.6",)


def test_an_average_per_segment_runs_down_the_named_column():
    rows = [["", "Total Expected Charges", "Cumulative Charges Incurred", "Remaining Expected Charges"],
            ["", "", "(in millions)", ""], ["Transportation", "$ 160", "$ 144", "$ 16"], ["Industrial", "80", "66", "14"],
            ["Communications", "49", "44", "5"], ["Total", "$ 289", "$ 254", "$ 35"]]
    pred = ask(rows, "What was the average amount of total expected charges per segment?")
    assert got(pred) == ("96.33", "million")


STACKED = [
    ["", "", "", "", "Fiscal 2019", ""],
    ["", "First", "Second", "Third", "Fourth", ""],
    ["", "Quarter", "Quarter", "Quarter", "Quarter", "Total"],
    ["Revenues", "$ 94,888", "$ 96,037", "$ 88,495", "$84,380", "$363,800"],
    ["Gross profit", "38,091", "39,821", "36,381", "33,471", "147,764"],
    ["Audit-related fees", "$-", "$-", "$-", "$-", "$-"],
    ["", "", "", "", "Fiscal 2018", ""],
    ["", "First", "Second", "Third", "Fourth", ""],
    ["", "Quarter", "Quarter", "Quarter", "Quarter", "Total"],
    ["Revenues", "$88,081", "$89,767", "$93,669", "$94,395", "$365,912"],
    ["Gross profit", "37,443", "36,838", "38,187", "38,422", "150,890"],
]


def test_stacked_tables_are_read_block_by_block():
    view = read_table(Table.from_rows(STACKED))
    assert blocks(view) == [(0, 6), (6, 11)]  # a row of dashes is data, not a new header
    pred = ask(STACKED, "What was the revenue in the fiscal 2018 third quarter?")
    assert pred.answer.value == ("$93,669",) and pred.evidence[0].row == 9  # evidence in the whole table's rows
    pred = ask(STACKED, "What is the change in revenues between the second and first quarter in fiscal 2019?")
    assert pred.answer.value == "1149"
    section = [["", "2019", "2018"], ["", "Revenues:", ""], ["Americas", "18,410", "18,030"],
               ["", "Expenses:", ""], ["Sales and marketing", "7,398", "7,213"]]
    assert blocks(read_table(Table.from_rows(section))) == [(0, 5)]  # a lone word opens a section, not a table
