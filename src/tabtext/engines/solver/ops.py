"""The TAT-QA operators as derivation strings, executed by the safe calculator (never ``eval``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...calc import CalcError, evaluate
from ...numbers import format_number


def num(value: float) -> str:
    text = format_number(value, 6)
    return f"({text})" if value < 0 else text


def derivation(op: str, values: Sequence[float]) -> str:
    """The arithmetic expression of one operator over its operands (in the order the operator reads them)."""
    xs = [num(v) for v in values]
    if op == "sum":
        return " + ".join(xs)
    if op == "diff":
        return f"{xs[0]} - {xs[1]}"
    if op == "change_ratio":
        return f"({xs[0]} - {xs[1]}) / {xs[1]} * 100"
    if op == "average":
        return f"({' + '.join(xs)}) / {len(xs)}"
    if op == "divide":
        return f"{xs[0]} / {xs[1]}"
    if op == "percent_of":
        return f"{xs[0]} / {xs[1]} * 100"
    if op in ("sum_divide", "sum_percent_of"):  # (a + b) / total: the share of several parts together
        expr = f"({' + '.join(xs[:-1])}) / {xs[-1]}"
        return expr + " * 100" if op == "sum_percent_of" else expr
    if op == "product":
        return f"{xs[0]} * {xs[1]}"
    raise ValueError(f"unknown operator {op!r}")


def compute(op: str, values: Sequence[float]) -> tuple[float, str] | None:
    """(result, derivation) or None when the operands do not allow it (e.g. a zero divisor)."""
    need = {"diff": 2, "change_ratio": 2, "divide": 2, "percent_of": 2, "product": 2, "sum_divide": 3,
            "sum_percent_of": 3}
    if len(values) < need.get(op, 1) or (op in ("sum", "average") and len(values) < 2):
        return None
    expr = derivation(op, values)
    try:
        result = evaluate(expr)
    except CalcError:
        return None
    if not isinstance(result, float):
        return None
    return result, expr


def answer_number(value: float) -> str:
    return format_number(value, 2)
