"""The TAT-QA operators as Programs: each operator name of the table and text paths maps onto the typed
Program (``program.py``), which renders the derivation and runs it through the safe calculator."""

from __future__ import annotations

from collections.abc import Sequence

from ....calc import CalcError
from .program import Operand, Program

# operator name -> (Program op, least operands); the "sum_" operators divide several parts by a whole
_SIMPLE = {"sum": ("sum", 2), "average": ("average", 2), "diff": ("subtract", 2), "change_ratio": ("change_ratio", 2),
           "divide": ("divide", 2), "percent_of": ("percent_of", 2), "product": ("multiply", 2)}
_PARTS_OVER_WHOLE = {"sum_divide": "divide", "sum_percent_of": "percent_of"}
KNOWN = tuple(_SIMPLE) + tuple(_PARTS_OVER_WHOLE)


def build(op: str, operands: Sequence[Operand], scale: str = "", pattern: str = "") -> Program | None:
    """The Program of one operator over its operands (in the order the operator reads them); None when the
    operands do not allow it (too few, a zero divisor, a text operand)."""
    if op in _PARTS_OVER_WHOLE:
        if len(operands) < 3:
            return None
        parts = Program("sum", tuple(operands[:-1]))
        program = Program(_PARTS_OVER_WHOLE[op], (parts, operands[-1]), scale, pattern or op)
    elif op in _SIMPLE:
        name, least = _SIMPLE[op]
        if len(operands) < least:
            return None
        args = tuple(operands) if name in ("sum", "average") else tuple(operands[:2])  # binary: the first two
        program = Program(name, args, scale, pattern or op)
    else:
        raise ValueError(f"unknown operator {op!r}; known: {', '.join(KNOWN)}")
    try:
        program.value()
    except CalcError:
        return None
    return program
