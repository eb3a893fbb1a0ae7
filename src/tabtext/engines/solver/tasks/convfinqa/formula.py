"""ConvFinQA's formula text read into Programs, once, at the boundary.

ChatRAG-Bench gives each earlier turn's answer as its (gold) formula, ``(15 - 19) / 19``; ``read_formula`` reads
it into the Program tree it stands for, so a follow-up reads and edits Programs rather than strings.
"""

from __future__ import annotations

import ast
import re

from .....calc import CalcError, evaluate
from ...program.program import Const, Operand, Program

_NUMBER = re.compile(r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)%?")
_BINARY = {ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "divide"}


def read_formula(text: str) -> Program | None:
    """The Program of an arithmetic formula (numbers, %, + - * /, brackets), when it computes what the
    calculator computes; None for anything else (a comparison, a text answer)."""
    consts: list[Const] = []

    def name(m: re.Match) -> str:
        raw = m.group(0)
        value = float(raw[:-1].replace(",", "")) / 100 if raw.endswith("%") else float(raw.replace(",", ""))
        consts.append(Const(value, raw))
        return f"n{len(consts) - 1}"

    try:
        tree = ast.parse(_NUMBER.sub(name, text.replace("$", "")).strip(), mode="eval").body
        program = _tree(tree, consts)
        want = evaluate(text)
    except (SyntaxError, ValueError, CalcError, RecursionError):
        return None
    if not isinstance(want, float):
        return None
    if not isinstance(program, Program):
        program = Program("lookup", (program,))
    try:
        return program if abs(program.value() - want) <= 1e-9 * max(1.0, abs(want)) else None
    except CalcError:
        return None


def _tree(node: ast.AST, consts: list[Const]) -> Operand:
    if isinstance(node, ast.Name) and re.fullmatch(r"n\d+", node.id):
        return consts[int(node.id[1:])]
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return Program(_BINARY[type(node.op)], (_tree(node.left, consts), _tree(node.right, consts)))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _tree(node.operand, consts)
        return Const(-inner.value, f"-{inner.text}") if isinstance(inner, Const) else Program("negate", (inner,))
    raise ValueError(f"not read as a Program: {type(node).__name__}")


def shape(a: Operand) -> tuple:
    """What a Program computes, as a comparable tree of operators and rounded values."""
    if isinstance(a, Program):
        if a.op == "lookup" and len(a.args) == 1:
            return shape(a.args[0])
        return (a.op, *(shape(x) for x in a.args))
    value = getattr(a, "value", None)
    return ("n", None if value is None else round(float(value), 9))


# -- what a follow-up reads of an earlier turn's Program (once the text was read, never its string again) ----------
def pair(program: Program | None, op: str) -> tuple[Const, Const] | None:
    """The two numbers of ``op`` over plain numbers ("1250 - 1000": subtract(1250, 1000)); None otherwise."""
    if program is None or program.op != op or len(program.args) != 2:
        return None
    a, b = program.args
    return (a, b) if isinstance(a, Const) and isinstance(b, Const) else None


def within(part: Program, whole: Program) -> bool:
    """Whether ``whole`` computes ``part`` (or reads its number) anywhere in its tree."""
    want = shape(part)
    return shape(whole) == want or any(within(part, a) if isinstance(a, Program) else shape(a) == want
                                       for a in whole.args)


def holds(program: Program | None, op: str) -> bool:
    """Whether ``op`` is computed anywhere in the Program."""
    return program is not None and (program.op == op or any(
        isinstance(a, Program) and holds(a, op) for a in program.args))


def leaves(program: Program) -> list[Const]:
    """The numbers of a Program read from a formula, in the order it writes them."""
    out: list[Const] = []
    for a in program.args:
        out += leaves(a) if isinstance(a, Program) else [a] if isinstance(a, Const) else []
    return out


def terms(program: Program | None) -> list[Const]:
    """The numbers of a plain sum ("a + b + c"), in order; [] for anything else."""
    if program is None or program.op != "add":
        return []
    out: list[Const] = []
    for a in program.args:
        if isinstance(a, Const):
            out.append(a)
        elif not (more := terms(a)):
            return []
        else:
            out += more
    return out


# -- a follow-up as an edit of an earlier turn's Program ------------------------------------------------------------
_SYMBOL = {"add": "+", "subtract": "-", "multiply": "*", "divide": "/"}


def with_numbers(program: Program, moved: dict[float, Operand]) -> Program:
    """The same computation with each number in ``moved`` (by value) replaced by its new operand ("and in 2005?":
    each operand moved to the new year's cell)."""
    def edit(a: Operand) -> Operand:
        if isinstance(a, Program):
            return Program(a.op, tuple(edit(x) for x in a.args), a.scale, a.pattern)
        return moved.get(round(a.value, 9), a) if isinstance(a, Const) else a
    return edit(program)  # type: ignore[return-value]


def render(a: Operand) -> str:
    """The formula a Program computes, each number as written (a constant) or as its exact value (a cell)."""
    if isinstance(a, Program):
        if a.op == "lookup" and len(a.args) == 1:
            return render(a.args[0])
        xs = [f"({render(x)})" if isinstance(x, Program) and x.op != "lookup" else render(x) for x in a.args]
        return f"-{xs[0]}" if a.op == "negate" else f" {_SYMBOL[a.op]} ".join(xs)
    if isinstance(a, Const) and a.text:
        return a.text
    text = repr(float(a.value))  # type: ignore[union-attr]
    return text[:-2] if text.endswith(".0") else text
