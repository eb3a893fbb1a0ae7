"""Amounts due within or beyond N years over maturity columns (patterns/maturity_window.py)."""

import math

from tabtext.engines.solver.patterns.maturity_window import bucket_end, maturity_window
from tabtext.engines.solver.rank.candidates import read
from tabtext.types import Context, Example, Table

_TABLE = [["", "Total", "Less than 1 year", "1-3 years", "3-5 years", "More than 5 years"],
          ["Lease payments", "100", "10", "25", "30", "35"], ["Loans", "200", "40", "60", "50", "50"]]


def _built(question: str):
    ctx = read(Example("t", question, Context((Table.from_rows(_TABLE),), ()), meta={"benchmark": "tatqa"})).ctx
    return maturity_window(ctx)


def test_bucket_end_reads_each_kind_of_maturity_label():
    assert [bucket_end(x) for x in ("Less than 1 year", "Payments due 1 - 3 years", "4-5 Years",
                                    "More than 5 years", "2019")] == [1, 3, 5, math.inf, None]


def test_within_sums_the_buckets_ending_by_the_year_named():
    program, _ = _built("What are the loans due within 3 years?")
    assert program.op == "add" and program.value() == 100


def test_beyond_sums_the_buckets_after_it():
    program, _ = _built("What are the loans due in more than 3 years?")
    assert program.value() == 100 and [c.col_label for c in program.cells()] == ["3-5 years", "More than 5 years"]


def test_a_share_puts_the_sum_over_the_total_column():
    program, _ = _built("What percentage of the lease payments is due in the next 3 years?")
    assert program.op == "percent_of" and program.value() == 35


def test_no_bucket_ending_at_the_year_named_builds_nothing():
    assert _built("What are the loans due within 4 years?") is None
