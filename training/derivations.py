"""A TAT-QA derivation ("(1,617-1,434)/1,434") read as an expression: its operands, as written, and its shape.

The derivation is cleaned the way the recovered set evaluated it (``$``, ``%`` and thousands commas dropped, an
accounting bracket ``(71)`` standing alone read as -71) and parsed with Python's ``ast``; nothing is executed
but arithmetic on literals.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_TIMES = re.compile(r"[x×]|\*\*?")
# "(71)" is a negative number, not a grouping, when it follows the start or an operator and holds one number
_ACCOUNTING = re.compile(r"(^|[-+*/(]\s*)\((\d[\d.]*)\)")
CONSTANTS = frozenset({1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 10.0, 12.0, 100.0, 1000.0, 1_000_000.0})


@dataclass(frozen=True, slots=True)
class Operand:
    value: float  # as the derivation writes it, sign included
    negative_written: bool  # written "-71", "(-71)" or "(71)"
    position: int  # order in the derivation


@dataclass(frozen=True, slots=True)
class Derivation:
    text: str
    operands: tuple[Operand, ...]
    shape: str  # sum, difference, change_ratio, average, ratio, product, other
    value: float | None


def clean(text: str) -> str:
    out = text.replace("$", "").replace("%", "").replace("−", "-").replace("–", "-")
    out = out.replace("[", "(").replace("]", ")")
    out = _THOUSANDS.sub("", out)
    out = _ACCOUNTING.sub(lambda m: f"{m.group(1)}(-{m.group(2)})", out)
    return _TIMES.sub("*", out).strip()


def _evaluate(node: ast.AST) -> float:
    if isinstance(node, ast.Expression):
        return _evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _evaluate(node.operand)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp):
        a, b = _evaluate(node.left), _evaluate(node.right)
        ops = {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b}
        if type(node.op) in ops:
            return ops[type(node.op)]
        if isinstance(node.op, ast.Div):
            return a / b
    raise ValueError(f"not arithmetic: {ast.dump(node)[:60]}")


def _operands(tree: ast.AST) -> list[Operand]:
    found: list[tuple[int, float, bool]] = []

    def visit(node: ast.AST, negative: bool) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            found.append((node.col_offset, -float(node.value) if negative else float(node.value), negative))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            visit(node.operand, not negative)
        else:
            for child in ast.iter_child_nodes(node):
                visit(child, False)

    visit(tree, False)
    found.sort()
    return [Operand(value=v, negative_written=neg, position=i) for i, (_, v, neg) in enumerate(found)]


def _terms(node: ast.AST, op: type) -> list[ast.AST]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, op):
        return _terms(node.left, op) + [node.right]
    return [node]


def _leaf(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) or (isinstance(node, ast.UnaryOp) and _leaf(node.operand))


def shape_of(node: ast.AST) -> str:
    body = node.body if isinstance(node, ast.Expression) else node
    if isinstance(body, ast.UnaryOp) and isinstance(body.op, ast.USub):
        body = body.operand
    if isinstance(body, ast.BinOp) and isinstance(body.op, ast.Add) and all(map(_leaf, _terms(body, ast.Add))):
        return "sum"
    if isinstance(body, ast.BinOp) and isinstance(body.op, ast.Sub) and _leaf(body.left) and _leaf(body.right):
        return "difference"
    if isinstance(body, ast.BinOp) and isinstance(body.op, ast.Div):
        top, bottom = body.left, body.right
        if shape_of(top) == "difference" and _leaf(bottom) and ast.dump(bottom) == ast.dump(top.right):
            return "change_ratio"
        if shape_of(top) == "sum" and isinstance(bottom, ast.Constant) and bottom.value == len(_terms(top, ast.Add)):
            return "average"
        if _leaf(top) and _leaf(bottom):
            return "ratio"
    if isinstance(body, ast.BinOp) and isinstance(body.op, ast.Sub) and isinstance(body.right, ast.Constant) \
            and body.right.value == 1 and isinstance(body.left, ast.BinOp) and isinstance(body.left.op, ast.Div) \
            and _leaf(body.left.left) and _leaf(body.left.right):
        return "change_ratio"  # a / b - 1
    if isinstance(body, ast.BinOp) and isinstance(body.op, ast.Mult) and _leaf(body.left) and _leaf(body.right):
        return "product"
    return "other"


def read(text: str) -> Derivation | None:
    """The derivation's operands and shape; None when it is not arithmetic on numbers."""
    if not text.strip():
        return None
    try:
        tree = ast.parse(clean(text), mode="eval")
        value = _evaluate(tree)
    except (SyntaxError, ValueError, ZeroDivisionError):
        return None
    return Derivation(text=text, operands=tuple(_operands(tree)), shape=shape_of(tree), value=value)
