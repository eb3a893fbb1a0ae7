"""A question whose lines sit in two of a person's tables (a P&L and a balance sheet, finance and activity
sheets): the two read as one, each cell under the column of its period (``tabtext.table_join``). Each table is
written here; none is from a benchmark set."""

from __future__ import annotations

from tabtext.table_join import joined, period_columns
from tabtext.tables import tables_from
from test_ask_follow_ups import chat as chat_over
from test_people_kinds_more import answer as _answer_one

PL = """Kiln & Co - income statement,,
GBP thousands,,
,Year to 31 Mar 2024,Year to 31 Mar 2025
Sales,"2,450","2,910"
Cost of sales,"(1,180)","(1,395)"
Gross profit,"1,270","1,515"
Profit for the year,215,268
"""
BS = """Kiln & Co - balance sheet,,
GBP thousands,,
,31 Mar 2024,31 Mar 2025
Current assets,610,705
Current liabilities,380,402
Total assets,"1,940","2,180"
Total equity,"1,120","1,305"
"""
FIN = """$ thousand,FY2024,FY2025
Revenue,"3,120","3,480"
Operating costs,"2,700","2,950"
"""
OPS = """Measure,FY2024,FY2025
Kilns fired,410,455
Pieces sold,"18,200","21,050"
"""


def tables(*texts: str) -> list:
    return [t for i, text in enumerate(texts) for t in tables_from(text, name=f"sheet{i + 1}")]


def answer(question: str, *texts: str) -> str:
    from tabtext import ask
    from tabtext.commands.ask import found
    from tabtext.display import shown

    pred = ask(question, tables=tables(*texts))
    return shown(pred.answer, question) if found(pred) else "no answer found"


def test_a_named_ratio_of_a_pnl_line_over_a_balance_sheet_line():
    assert answer("What was the return on assets in 2025?", PL, BS) == "12.29%"
    assert answer("What was the return on equity for the year to 31 March 2025?", PL, BS) == "20.54%"
    assert answer("What was the ratio of sales to total assets in 2024?", PL, BS) == "1.26"


def test_a_question_one_table_answers_is_answered_from_it():
    assert answer("What were total assets at 31 Mar 2024?", PL, BS) == "1,940 thousand"
    assert answer("What was the current ratio at 31 Mar 2025?", PL, BS) == "1.75"
    assert answer("How many pieces were sold in FY2025?", FIN, OPS) == "21,050"


def test_a_figure_per_unit_of_money_over_a_count_in_another_sheet_is_in_the_moneys_own_unit():
    assert answer("What was revenue per piece sold in FY2025?", FIN, OPS) == "165.32"
    assert answer("What were operating costs per kiln fired in FY2024?", FIN, OPS) == "6,585.37"


def test_a_follow_up_moves_the_joined_ratio_to_another_year():
    assert chat_over(tables(PL, BS), "What was the return on assets in 2025?", "and in 2024?") == ["12.29%", "11.08%"]


def test_a_year_to_a_date_is_the_period_of_that_date_and_is_named_by_its_year():
    income, balance = tables(PL, BS)
    assert {p.end_month for p in period_columns(income).values()} == {3}
    both = joined(income, balance)
    assert both is not None and both.rows[-1] == ("Total equity", "1,120", "1,305")
    assert _answer_one("What were sales in 2025?", PL) == "2,910 thousand"


def test_tables_of_other_periods_or_other_scales_are_not_joined():
    other_years = FIN.replace("FY2024", "FY2022").replace("FY2025", "FY2023")
    assert joined(*tables(other_years, OPS)) is None
    assert joined(*tables(FIN, FIN.replace("thousand", "million"))) is None
