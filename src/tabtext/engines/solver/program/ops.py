"""The TAT-QA operators as Programs: each operator name of the table and text paths (a question kind) maps onto
the operator table (``operators.py``) through its ``asked_as`` names; the Program renders its derivation and
runs its own tree."""

from __future__ import annotations

from collections.abc import Sequence

from ....calc import CalcError
from .operators import OPERATORS, asked
from .program import Operand, Program

#: the "sum_" operators divide the sum of several parts by a whole
_PARTS_OVER_WHOLE = {"sum_divide": "divide", "sum_percent_of": "percent_of"}
KNOWN = tuple(name for op in OPERATORS if op.numeric for name in op.asked_as) + tuple(_PARTS_OVER_WHOLE)


def build(op: str, operands: Sequence[Operand], scale: str = "", pattern: str = "") -> Program | None:
    """The Program of one operator over its operands (in the order the operator reads them); None when the
    operands do not allow it (too few, a zero divisor, a text operand)."""
    if op in _PARTS_OVER_WHOLE:
        if len(operands) < 3:
            return None
        parts = Program("add", tuple(operands[:-1]))
        program = Program(_PARTS_OVER_WHOLE[op], (parts, operands[-1]), scale, pattern or op)
    elif (operator := asked(op)) is not None and operator.numeric:
        if len(operands) < max(operator.least, 2):  # one operand is not arithmetic
            return None
        program = Program(operator.name, tuple(operands[:operator.most]), scale, pattern or op)
    else:
        raise ValueError(f"unknown operator {op!r}; known: {', '.join(KNOWN)}")
    try:
        program.value()
    except CalcError:
        return None
    return program
