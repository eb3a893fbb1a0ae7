"""ConvFinQA plans as Programs: grounded values become Cell / TextNumber operands, earlier answers ``Ref``s.

The earlier turns of a ConvFinQA dialogue come as the gold answers' text; ``history`` gives each its Program
view (the value it holds), so a plan that works on the previous answer is ``op(Ref(k), ...)`` and runs like
any other Program. A pattern that builds its plan from grounded operands attaches the Program it computes;
``answer_convfinqa`` keeps it only when it gives the plan's value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...program.program import Cell, Const, Operand, Program, Ref, Span, TextNumber

if TYPE_CHECKING:
    from .ground import Candidate


@dataclass
class Step:
    """One earlier turn: its question, the assistant's formula and value, the years and words it is about."""

    question: str
    formula: str
    value: float | None
    years: list[str]
    words: list[str]
    lookup: bool
    numbers: list[str] = field(default_factory=list)
    program: Program | None = None  # the formula read into a Program (``formula.read_formula``)


def leaf(c: Candidate) -> Cell | TextNumber:
    e = c.evidence
    if c.source == "table":
        return Cell(e.row, e.col, e.text or c.text, c.value, c.label)
    return TextNumber(e.paragraph, e.start, e.end, e.text or c.text, c.value, c.label)


def history(steps: Sequence[Step]) -> tuple[Program, ...]:
    """Each earlier turn as its Program: its formula read at the boundary, else the value it holds (a span when
    the answer is not a number)."""
    return tuple(s.program if s.program is not None else Program("lookup", (Const(s.value, s.formula.strip()),))
                 if s.value is not None else Program("span", (Span(-1, 0, 0, s.formula),)) for s in steps)


def ref(steps: Sequence[Step], step: Step | None = None) -> Ref:
    """The earlier turn ``step`` (by identity; the last one by default)."""
    if step is None:
        return Ref(len(steps) - 1)
    return Ref(next(i for i, s in enumerate(steps) if s is step))


def const(value: float) -> Const:
    return Const(float(value))


def number(text: str) -> Const | None:
    """A number as an earlier formula writes it ("1250", "-5", "11.4%"); None for anything else."""
    text = text.strip()
    try:
        return Const(float(text[:-1]) / 100 if text.endswith("%") else float(text), text)
    except ValueError:
        return None


def program(op: str, *args: Operand | None) -> Program | None:
    """The Program, or None when an operand could not be read."""
    if any(a is None for a in args):
        return None
    return Program(op, tuple(args), pattern="convfinqa")  # type: ignore[arg-type]


def combined(op: str, operands: Sequence[Operand | None]) -> Program | None:
    """The Program of ``turns.combine`` once it has put its operands in order."""
    if any(a is None for a in operands):
        return None
    if op == "change":
        return program("subtract", *operands[:2])
    if op == "pct_change":
        return program("divide", program("subtract", *operands[:2]), operands[1])
    if op == "sum":
        return program("add", *operands)
    if op == "average":
        return program("average", *operands)
    if op == "ratio":
        return program("divide", *operands[:2])
    return None
