"""benchmarks/convfinqa_order.py: the operand order of a change and the base of a change over it, read from a formula."""

from __future__ import annotations

from types import SimpleNamespace

from benchmark_util import load_benchmark

order = load_benchmark("convfinqa_order")


def _doc(*cells: tuple[float, tuple[str, ...]]):
    return SimpleNamespace(candidates=[SimpleNamespace(value=v, years=ys) for v, ys in cells])


def test_a_change_written_later_less_earlier_is_later_first():
    doc = _doc((120.0, ("2008",)), (100.0, ("2007",)))
    assert order.operand_order("120 - 100", doc) == "later first"
    assert order.operand_order("100 - 120", doc) == "earlier first"


def test_a_number_under_two_years_or_no_subtraction_gives_no_order():
    doc = _doc((120.0, ("2008",)), (120.0, ("2007",)), (100.0, ("2007",)))
    assert order.operand_order("120 - 100", doc) is None
    assert order.operand_order("120 + 100", doc) is None


def test_a_change_over_its_base_divides_by_the_subtrahend():
    assert order.base_kind("(120 - 100) / 100") == "over the subtrahend"
    assert order.base_kind("(120 - 100) / 120") == "over the minuend"
    assert order.base_kind("120 / 100") is None
