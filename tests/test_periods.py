"""Periods in words and cells (tabtext.periods): the forms people write, and which periods a table covers."""

import pytest

from tabtext.periods import as_period, coverage, covers, find_periods, table_periods
from tabtext.types import Period, Table


@pytest.mark.parametrize("text, label", [
    ("What was revenue in 2019?", "2019"), ("net income in Q2 2023", "Q2 2023"), ("1Q23 sales", "Q1 2023"),
    ("Q1 FY23", "Q1 2023"), ("2023 Q4", "Q4 2023"), ("the fourth quarter of 2023", "Q4 2023"),
    ("Three months ended March 31, 2023", "Q1 2023"), ("six months ended June 30, 2023", "H1 2023"),
    ("nine months ended September 30, 2023", "9 months to September 2023"), ("1H23", "H1 2023"),
    ("first half of 2023", "H1 2023"), ("Mar-23", "March 2023"), ("2023-03", "March 2023"),
    ("as at 31 December 2022", "December 31, 2022"), ("FY2023", "2023"), ("fiscal 2022", "2022"),
    ("year ended December 31, 2023", "2023"), ("and in Q3?", "Q3"),
])
def test_a_period_is_read_in_the_forms_people_write(text, label):
    assert [p.label() for _, _, p in find_periods(text)] == [label]


@pytest.mark.parametrize("text", ["$2,019 of cash", "a 2019% rise", "2019.5 units"])
def test_an_amount_is_no_year(text):
    assert find_periods(text) == []


def test_a_cell_is_a_period_only_when_it_names_nothing_else():
    assert as_period("Q1 2023").label() == "Q1 2023" and as_period("As at Dec 31, 2019").kind == "date"
    assert as_period("Revenue 2019 growth") is None and as_period("1,452.4") is None


def test_a_table_covers_its_periods_on_columns_or_rows_and_a_year_from_its_quarters():
    columns = Table.from_rows([["", "Q1 2023", "Q2 2023"], ["Revenue", "1", "2"]])
    rows = Table.from_rows([["", "Revenue"], ["Q1 2023", "1"], ["Q2 2023", "2"]])
    assert table_periods(columns) == table_periods(rows) == [Period(2023, 3, 3, "quarter"), Period(2023, 6, 3, "quarter")]
    held = table_periods(columns)
    assert coverage(held) == "Q1 2023–Q2 2023"
    assert not covers(Period(2023, 12, 12), held) and not covers(Period(2019, 12, 12), held)  # half a year is no year
    assert covers(Period(2023, 12, 12), [Period(2023, m, 3, "quarter") for m in (3, 6, 9, 12)])  # a year of its quarters
    assert covers(Period(2023, 6, 6, "half"), held) and not covers(Period(2024, 6, 6, "half"), [Period(2024, 3, 3, "quarter")])
    assert not covers(Period(2023, 9, 3, "quarter"), held) and covers(Period(None, 6, 3, "quarter"), held)
    assert covers(Period(2019, 12, 12), [Period(2019, 12, 1, "date", 31)])  # a balance sheet's date in the year


def test_a_month_named_alone_is_read_but_may_only_as_in_may():
    from tabtext.periods import months_named

    assert months_named("And in June? You may compare it with in May, Sept. and dec") == [6, 5, 9, 12]


def test_a_period_header_may_carry_season_or_year_words_but_not_words_that_tell_columns_apart():
    from tabtext.periods import as_period

    assert as_period("2021 season") == as_period("Season 2021") == as_period("Year 2021") == as_period("2021")
    assert as_period("Q1 2023 budget") is None and as_period("Revenue 2023") is None


def test_a_period_ended_on_a_day_written_before_its_month_and_a_month_with_its_year_after_ending():
    from tabtext.periods import find_periods

    def named(text):
        return [p.label() for _, _, p in find_periods(text)]

    assert named("in the three months ended 31 March 2024") == ["Q1 2024"]
    assert named("in the quarter ending March 2024") == ["Q1 2024"]  # not "March 20" with no year
    assert named("for the six months ended 30 June 2024") == ["H1 2024"]
    assert named("in the year ended 31 December 2023") == ["2023"]
