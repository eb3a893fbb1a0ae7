"""The one operator table: each operator of a Program, its arity, how it renders and how it runs.

``formula`` writes the derivation an answer shows (operands as numbers); ``words`` writes what the dialogue
shows as "read as" (operands in the table's labels; ``bare`` gives them without brackets); ``compute`` runs a
numeric operator on its operands' values. A value operator (a lookup, spans, a count, a choice among cells) has
no formula and no compute: ``Program.run`` answers it from its operands. ``asked_as`` names the question kinds
and plan operators of the solver's paths that ask for the operator, so no path keeps its own map of names.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ....calc import MAX_ABS, CalcError


@dataclass(frozen=True, slots=True)
class Operator:
    name: str
    least: int  # fewest operands it runs on
    most: int | None  # most operands it reads (None: any number)
    asked_as: tuple[str, ...] = ()
    formula: Callable[[Sequence[str]], str] | None = None
    words: Callable[[Sequence[str], Sequence[str]], str] | None = None
    compute: Callable[[Sequence[float]], float] | None = None

    @property
    def numeric(self) -> bool:
        return self.compute is not None


def _divide(a: float, b: float) -> float:
    if b == 0:
        raise CalcError("division by zero")
    return a / b


def _joined(symbol: str) -> Callable[[Sequence[str], Sequence[str]], str]:
    return lambda nested, bare: f" {symbol} ".join(nested)


OPERATORS: tuple[Operator, ...] = (
    Operator("add", 1, None, ("sum",), lambda x: " + ".join(x), _joined("+"), lambda v: sum(v)),
    Operator("subtract", 2, 2, ("diff", "change"), lambda x: f"{x[0]} - {x[1]}", _joined("−"),
             lambda v: v[0] - v[1]),
    Operator("multiply", 1, None, ("product",), lambda x: " * ".join(x), _joined("×"), lambda v: math.prod(v)),
    Operator("divide", 2, 2, ("divide", "ratio"), lambda x: f"{x[0]} / {x[1]}", _joined("/"),
             lambda v: _divide(v[0], v[1])),
    Operator("percent_of", 2, 2, ("percent_of",), lambda x: f"{x[0]} / {x[1]} * 100",
             lambda n, b: f"{n[0]} as a percentage of {n[1]}", lambda v: _divide(v[0], v[1]) * 100),
    Operator("change_ratio", 2, 2, ("change_ratio",), lambda x: f"({x[0]} - {x[1]}) / {x[1]} * 100",
             lambda n, b: f"percentage change from {n[1]} to {n[0]}", lambda v: _divide(v[0] - v[1], v[1]) * 100),
    Operator("average", 1, None, ("average",), lambda x: f"({' + '.join(x)}) / {len(x)}",
             lambda n, b: f"average of {', '.join(b)}", lambda v: sum(v) / len(v)),
    Operator("negate", 1, 1, (), lambda x: f"-{x[0]}", None, lambda v: -v[0]),
    Operator("lookup", 1, None, ("cell",)),
    Operator("span", 0, None),
    Operator("spans", 0, None),
    Operator("count", 0, None),
    Operator("argmax", 0, None),
    Operator("argmin", 0, None),
    Operator("filter", 0, None),
)
BY_NAME = {op.name: op for op in OPERATORS}
#: names an earlier version wrote into Programs' JSON (predictions, a page's history), read as today's
_FORMER_NAMES = {"sum": "add"}


def operator(name: str) -> Operator:
    """The operator of this name; ValueError naming the known ones for any other."""
    found = BY_NAME.get(_FORMER_NAMES.get(name, name))
    if found is None:
        raise ValueError(f"unknown operator {name!r}; known: {', '.join(BY_NAME)}")
    return found


def asked(kind: str) -> Operator | None:
    """The operator a question kind or plan operator asks for ("diff" -> subtract), None when none does."""
    return next((op for op in OPERATORS if kind in op.asked_as), None)


def checked(value: float) -> float:
    """Only finite amounts within the calculator's bound leave an operator."""
    if not (math.isfinite(value) and abs(value) <= MAX_ABS):
        raise CalcError("result out of range")
    return value
