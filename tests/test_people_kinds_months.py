"""Kinds of people's questions over one year's months and similar layouts, each checked on tables written here
(none is from a benchmark set): a month named without its year on a table of one year's months, a figure per unit
whose count line says its own thousands."""

from __future__ import annotations

from test_people_kinds_more import answer

CAFE = """Line,Mar 2025,Apr 2025,May 2025,Jun 2025,Total
Coffee,4100,4350,4620,4980,18050
Sandwiches,2900,3010,3240,3390,12540
Total,7000,7360,7860,8370,30590
"""
FERRY = """,passengers_000,fares_gbp_k,sailings
2025-01,41.5,290.5,310
2025-02,38.2,267.4,280
2025-03,47.9,335.3,320
"""


def test_a_month_without_its_year_is_the_columns_month_not_the_total():
    assert answer("By how much percent did total sales rise from April to May?", CAFE) == "6.79%"
    assert answer("How much did coffee sell in June?", CAFE) == "4,980"


def test_a_figure_per_unit_of_a_count_in_thousands_its_label_says():
    assert answer("What was the fare revenue per passenger in March, in pounds?", FERRY) == "7"
