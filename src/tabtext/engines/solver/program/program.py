"""The solver's one intermediate form: a typed Program over grounded operands.

Every solver path produces Programs and every consumer reads them: the ranker scores them, the dialogue
edits them (another row, another period, the change between two earlier answers), predictions carry them
(``Prediction.meta["program"]``, JSON), and they render their own derivation and evidence. A Program is data:
``run()`` evaluates its own tree with the operator table (``operators.py``); ``formula()`` renders the
derivation for output only and nothing reads it back.

Operands: ``Cell`` (a table cell with its labels), ``TextNumber`` (an amount in a paragraph with its
subject words), ``Span`` (a text span), ``Const``, ``Ref`` (the result of an earlier turn) — or a nested
Program, so ``change_ratio`` can also be written ``divide(subtract(a, b), b)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Union

from ....calc import CalcError
from ....numbers import format_number
from ....types import Answer, Evidence
from .operators import NAMES, Test, checked, operator


@dataclass(frozen=True, slots=True)
class Cell:
    row: int
    col: int
    text: str
    value: float | None = None
    row_label: str = ""
    col_label: str = ""
    table: int = 0


@dataclass(frozen=True, slots=True)
class TextNumber:
    paragraph: int
    start: int
    end: int
    text: str
    value: float
    subject: str = ""


@dataclass(frozen=True, slots=True)
class Span:
    paragraph: int
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Const:
    value: float
    text: str = ""


@dataclass(frozen=True, slots=True)
class Ref:
    """The result of an earlier turn: ``turn`` indexes the history (-1 = the last answer)."""

    turn: int


Operand = Union[Cell, TextNumber, Span, Const, Ref, "Program"]

def _num(value: float) -> str:
    text = format_number(value, 6)
    return f"({text})" if value < 0 else text


@dataclass(frozen=True, slots=True)
class Program:
    """``op`` over ``args``, answered in ``scale``; ``pattern`` names the pattern that proposed it.

    ``answer_value`` is set for value programs whose answer is not read from their operands (a span the reader
    cut, the periods of the column headers). A choosing operator (argmax, argmin, filter, count) keeps operands
    each time it runs: ``test`` is the test a filter or count keeps them by, ``key`` how a kept cell is named
    (``operators.NAMES``: its row, its column, its period; none: its text).
    """

    op: str
    args: tuple[Operand, ...] = ()
    scale: str = ""
    pattern: str = ""
    answer_value: str | tuple[str, ...] | None = None
    features: dict[str, float] = field(default_factory=dict, compare=False, hash=False)
    key: str = ""
    test: Test | None = None

    def __post_init__(self) -> None:
        if self.op != (name := operator(self.op).name):  # an earlier name of the operator (JSON of older runs)
            object.__setattr__(self, "op", name)
        if self.key and self.key not in NAMES:
            raise ValueError(f"unknown key {self.key!r}; known: {', '.join(NAMES)}")
        if self.test is not None and (len(self.test) != 2 or self.test[0] not in "<>" or
                                      not isinstance(self.test[1], (int, float))):
            raise ValueError(f"a test is ['>' or '<', a number], not {self.test!r}")

    @property
    def numeric(self) -> bool:
        """Whether the program computes a number (an arithmetic operator), rather than choosing operands."""
        return operator(self.op).numeric

    # -- rendering (for output only: running never reads it back) ----------------------------------------
    def formula(self, history: Sequence[Program] = ()) -> str:
        """The arithmetic derivation (numbers substituted), or "" for value programs."""
        op = operator(self.op)
        if op.formula is None:
            return ""
        return op.formula(self._operands(op, lambda a: _operand_formula(a, history)))

    def evidence(self) -> tuple[Evidence, ...]:
        out: list[Evidence] = []
        for a in self._shown():
            if isinstance(a, Program):
                out.extend(a.evidence())
            elif isinstance(a, Cell):
                out.append(Evidence("cell", row=a.row, col=a.col, text=a.text))
            elif isinstance(a, (TextNumber, Span)):
                out.append(Evidence("text", paragraph=a.paragraph, start=a.start, end=a.end, text=a.text))
        return tuple(dict.fromkeys(out))

    def cells(self) -> tuple[Cell, ...]:
        """Every table cell the program's answer rests on (a choosing operator: the cells it keeps), nested
        programs included, in operand order."""
        out: list[Cell] = []
        for a in self._shown():
            if isinstance(a, Program):
                out.extend(a.cells())
            elif isinstance(a, Cell):
                out.append(a)
        return tuple(out)

    # -- execution ---------------------------------------------------------------------------------------
    def value(self, history: Sequence[Program] = ()) -> float:
        """The numeric result, run from the tree; raises CalcError when it has none (a zero divisor, a text
        operand, too few operands)."""
        op = operator(self.op)
        if op.compute is None:
            if self.op == "lookup" and len(self.args) == 1 or self.op in ("argmax", "argmin"):  # the cell it keeps
                return _operand_value((self.args if self.op == "lookup" else self.kept(history))[0], history)
            raise CalcError(f"a {self.op} program has no numeric value")
        return checked(op.compute(self._operands(op, lambda a: checked(_operand_value(a, history)))))

    def _operands(self, op, each):  # type: ignore[no-untyped-def]
        """``each`` of the operands the operator reads; CalcError when there are fewer than it needs."""
        if len(self.args) < op.least:
            raise CalcError(f"{self.op} needs {op.least} operands, has {len(self.args)}")
        return [each(a) for a in self.args[:op.most]]

    def kept(self, history: Sequence[Program] = ()) -> tuple[Operand, ...]:
        """The operands a choosing operator keeps when it runs (every operand for any other operator)."""
        keep = operator(self.op).keep
        if keep is None:
            return self.args
        return tuple(self.args[i] for i in keep(len(self.args), lambda: [_operand_value(a, history)
                                                                          for a in self.args], self.test))

    def _shown(self) -> tuple[Operand, ...]:
        try:
            return self.kept()
        except CalcError:  # it cannot run: all it reads
            return self.args

    def run(self, history: Sequence[Program] = ()) -> Answer:
        """The answer this program gives: a number rounded as TAT-QA writes it, a span, a list, the names or
        the number of the operands a choosing operator keeps."""
        if self.answer_value is not None:
            return Answer(self.answer_value, self.scale, self.formula(history))
        op = operator(self.op)
        if self.numeric:
            return Answer(format_number(self.value(history), 2), self.scale, self.formula(history))
        if op.keep is not None:
            name = NAMES.get(self.key) or (lambda a: _operand_text(a, history))
            try:
                return Answer(op.answer(tuple(name(a) for a in self.kept(history))), self.scale)
            except (AttributeError, IndexError):
                raise CalcError(f"a {self.op} program cannot name its operands by {self.key!r}") from None
        texts = tuple(_operand_text(a, history) for a in self.args)
        if self.op == "count":
            return Answer(str(len(texts)), self.scale)
        if self.op == "spans" or len(texts) > 1:
            return Answer(texts, self.scale)
        return Answer(texts[0] if texts else "", self.scale)

    def shifted(self, rows: int) -> Program:
        """The same Program with every cell's row moved by ``rows`` (a stacked block in the whole table)."""
        def move(a: Operand) -> Operand:
            if isinstance(a, Program):
                return a.shifted(rows)
            if isinstance(a, Cell):
                return replace(a, row=a.row + rows)
            return a
        return replace(self, args=tuple(move(a) for a in self.args))

    # -- serialisation -----------------------------------------------------------------------------------
    def to_json(self) -> dict:
        out: dict = {"op": self.op, "args": [_operand_json(a) for a in self.args]}
        if self.scale:
            out["scale"] = self.scale
        if self.pattern:
            out["pattern"] = self.pattern
        if self.answer_value is not None:
            out["answer_value"] = list(self.answer_value) if isinstance(self.answer_value, tuple) else self.answer_value
        if self.key:
            out["key"] = self.key
        if self.test is not None:
            out["test"] = list(self.test)
        return out

    @classmethod
    def from_json(cls, data: dict) -> Program:
        """The Program of its JSON form; ValueError naming what is wrong (an unknown operator, key or operand
        kind, too few operands, a malformed test)."""
        value, test = data.get("answer_value"), data.get("test")
        program = cls(op=data["op"], args=tuple(_operand_from_json(a) for a in data.get("args", ())),
                      scale=data.get("scale", ""), pattern=data.get("pattern", ""),
                      answer_value=tuple(value) if isinstance(value, list) else value, key=data.get("key", ""),
                      test=tuple(test) if isinstance(test, list) else test)
        if len(program.args) < (least := operator(program.op).least):
            raise ValueError(f"a {program.op} program needs {least} operands, has {len(program.args)}")
        return program


_KINDS = {"cell": Cell, "text_number": TextNumber, "span": Span, "const": Const, "ref": Ref}
_KIND_OF = {v: k for k, v in _KINDS.items()}


def _operand_json(a: Operand) -> dict:
    if isinstance(a, Program):
        return {"kind": "program", **a.to_json()}
    return {"kind": _KIND_OF[type(a)], **{f: getattr(a, f) for f in a.__slots__}}


def _operand_from_json(data: dict) -> Operand:
    kind = data.get("kind")
    if kind == "program":
        return Program.from_json(data)
    if kind not in _KINDS:
        raise ValueError(f"unknown operand kind {kind!r}")
    return _KINDS[kind](**{k: v for k, v in data.items() if k != "kind"})


def _resolve(ref: Ref, history: Sequence[Program]) -> Program:
    try:
        return history[ref.turn]
    except IndexError:
        raise CalcError(f"no earlier answer {ref.turn} (history holds {len(history)})") from None


def _operand_value(a: Operand, history: Sequence[Program]) -> float:
    if isinstance(a, Program):
        return a.value(history)
    if isinstance(a, Ref):
        return _resolve(a, history).value(history[: a.turn])
    if isinstance(a, Cell) and a.value is None:
        raise CalcError(f"cell {a.text!r} holds no number")
    if isinstance(a, Span):
        raise CalcError(f"text span {a.text!r} holds no number")
    return float(a.value)  # type: ignore[union-attr, arg-type]


def _operand_formula(a: Operand, history: Sequence[Program]) -> str:
    if isinstance(a, Program) and a.numeric:
        return f"({a.formula(history)})"
    return _num(_operand_value(a, history))


def _operand_text(a: Operand, history: Sequence[Program]) -> str:
    if isinstance(a, (Cell, TextNumber, Span)):
        return a.text
    if isinstance(a, Const):
        return a.text or format_number(a.value, 2)
    if isinstance(a, Ref):
        return _resolve(a, history).run(history).text()
    return a.run(history).text()


def cell_labels(program_json: dict | None) -> dict[tuple[int, int], tuple[str, str]]:
    """(row, col) -> (row label, column label with all its header rows) of the cells a serialised Program reads."""
    if not program_json:
        return {}
    return {(c.row, c.col): (c.row_label, c.col_label) for c in Program.from_json(program_json).cells()}
