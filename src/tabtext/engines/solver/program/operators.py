"""The one operator table: each operator of a Program, its arity, how it renders and how it runs.

``formula`` writes the derivation an answer shows (operands as numbers); ``words`` writes what the dialogue
shows as "read as" (operands in the table's labels; ``bare`` gives them without brackets); ``compute`` runs a
numeric operator on its operands' values. A value operator has no formula and no compute: a lookup or spans
answer with their operands' texts; a choosing operator (``keep``: argmax, argmin, filter, count) keeps some of
its operands each time it runs (the extreme one, or those that pass the Program's ``test``) and answers with
their names or their number, so a follow-up that moves its cells to another period runs it again. ``asked_as``
names the question kinds and plan operators of the solver's paths that ask for the operator, so no path keeps
its own map of names.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ....calc import MAX_ABS, CalcError
from ..lexicon.words import clean_label, split_years

#: (">" or "<", bound): the test a filter or a count keeps its operands by
Test = tuple[str, float]


@dataclass(frozen=True, slots=True)
class Operator:
    name: str
    least: int  # fewest operands it runs on
    most: int | None  # most operands it reads (None: any number)
    asked_as: tuple[str, ...] = ()
    formula: Callable[[Sequence[str]], str] | None = None
    words: Callable[[Sequence[str], Sequence[str]], str] | None = None
    compute: Callable[[Sequence[float]], float] | None = None
    #: a choosing operator: which operands it keeps, from their values (a callable, so a filter with no test
    #: never asks for them) and the Program's test
    keep: Callable[[int, Callable[[], Sequence[float]], Test | None], list[int]] | None = None
    #: how a choosing operator answers, from the names of the operands it kept
    answer: Callable[[Sequence[str]], str | tuple[str, ...]] = tuple

    @property
    def numeric(self) -> bool:
        return self.compute is not None


def _divide(a: float, b: float) -> float:
    if b == 0:
        raise CalcError("division by zero")
    return a / b


def passes(value: float, test: Test) -> bool:
    sign, bound = test
    return value > bound if sign == ">" else value < bound


def _extreme(pick: Callable) -> Callable[[int, Callable[[], Sequence[float]], Test | None], list[int]]:
    def keep(n: int, values: Callable[[], Sequence[float]], test: Test | None) -> list[int]:
        found = values()
        return [pick(range(n), key=found.__getitem__)] if n else []
    return keep


def _passing(n: int, values: Callable[[], Sequence[float]], test: Test | None) -> list[int]:
    """Every operand when there is no test (a count of rows, the rows a question names), else those passing it."""
    if test is None:
        return list(range(n))
    return [i for i, v in enumerate(values()) if passes(v, test)]


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
    Operator("count", 0, None, keep=_passing, answer=lambda names: str(len(names))),
    Operator("argmax", 1, None, words=lambda n, b: f"the largest of {', '.join(b)}", keep=_extreme(max)),
    Operator("argmin", 1, None, words=lambda n, b: f"the smallest of {', '.join(b)}", keep=_extreme(min)),
    Operator("filter", 0, None, keep=_passing),
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


#: how a kept cell is named in a choosing operator's answer (a Program's ``key``); no key: the operand's text
def _cell(operand: object) -> object:
    """A cell operand, or the first cell a computed operand reads (a margin per period: named by its period)."""
    return operand if hasattr(operand, "col_label") else operand.cells()[0]  # type: ignore[attr-defined]


NAMES: dict[str, Callable[[object], str]] = {
    "row": lambda a: clean_label(_cell(a).row_label),  # type: ignore[attr-defined]
    "column": lambda a: _cell(a).col_label.strip(),  # type: ignore[attr-defined]
    "period": lambda a: split_years(a.col_label)[0] if hasattr(a, "col_label") else _cell(a).col_label.strip(),  # type: ignore[attr-defined]
}


def checked(value: float) -> float:
    """Only finite amounts within the calculator's bound leave an operator."""
    if not (math.isfinite(value) and abs(value) <= MAX_ABS):
        raise CalcError("result out of range")
    return value
