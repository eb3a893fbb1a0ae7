"""A safe arithmetic evaluator: an AST whitelist with bounded sizes, never ``eval``.

Accepts what derivations and programs in this field are written as: ``(44.1 - 56.7) / 56.7 * 100``,
``1,496.5 + 2``, ``12.5%``, ``$ 3``, ``(19)`` for -19, and ConvFinQA programs
(``subtract(5, 3), divide(#0, 3)`` and ``x0 = 5 - 3; ans = x0 / 3``; ``a > b`` gives yes/no).
"""

from __future__ import annotations

import ast
import math
import operator
import re

from .errors import TabtextError

MAX_LENGTH = 2000
MAX_DEPTH = 100  # a left-deep sum of ~95 cells still evaluates; deeper nesting is refused
MAX_ABS = 1e30
MAX_EXPONENT = 64


class CalcError(TabtextError):
    """The expression is not plain arithmetic, or too large to evaluate safely."""


_BINARY = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
    ast.Mod: operator.mod,
}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}
_COMPARE = {ast.Gt: operator.gt, ast.Lt: operator.lt, ast.GtE: operator.ge, ast.LtE: operator.le}
_FUNCTIONS = {
    "add": lambda a, b: a + b,
    "subtract": lambda a, b: a - b,
    "multiply": lambda a, b: a * b,
    "divide": lambda a, b: a / b,
    "exp": lambda a, b: _power(a, b),
    "greater": lambda a, b: "yes" if a > b else "no",
    "abs": abs,
    "min": min,
    "max": max,
    "round": lambda a, n=0: round(a, int(n)),
    "sum": lambda *xs: sum(xs),
    "avg": lambda *xs: sum(xs) / len(xs),
    "average": lambda *xs: sum(xs) / len(xs),
}
_CONSTANT = re.compile(r"\bconst_(m?)(\d+(?:\.\d+)?)\b")


def _power(a: float, b: float) -> float:
    if abs(b) > MAX_EXPONENT or (abs(a) > 1e6 and b > 4):
        raise CalcError(f"exponent too large: {a} ** {b}")
    try:
        return math.pow(a, b)  # real only: a complex result (-8 ** 0.5) or 0 ** -1 is a ValueError here
    except (ValueError, OverflowError):
        raise CalcError(f"not a real number: {a} ** {b}") from None


def _check(value: object) -> object:
    """Only finite reals within MAX_ABS (and the yes/no of comparisons) leave the evaluator."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise CalcError(f"not a real number: {type(value).__name__}")
    if isinstance(value, int):
        try:
            value = float(value)
        except OverflowError:
            raise CalcError("result out of range") from None
    if isinstance(value, float) and not (math.isfinite(value) and abs(value) <= MAX_ABS):
        raise CalcError("result out of range")
    return value


def _clean(expression: str) -> str:
    text = expression.strip()
    text = text.replace("\u2212", "-").replace("–", "-").replace("×", "*").replace("÷", "/")
    text = re.sub(r"[$€£¥]", "", text)
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)  # thousands separators
    text = re.sub(r"(?<![\d.])(\d+(?:\.\d+)?|\.\d+)\s*%", r"(\1/100)", text)
    text = _CONSTANT.sub(lambda m: ("-" if m.group(1) else "") + m.group(2), text)
    return text


class _Evaluator:
    def __init__(self, names: dict[str, float]) -> None:
        self.names = names

    def eval(self, node: ast.AST, depth: int = 0) -> object:
        if depth > MAX_DEPTH:
            raise CalcError("expression nested too deeply")
        if isinstance(node, ast.Expression):
            return self.eval(node.body, depth + 1)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return _check(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            left, right = self.eval(node.left, depth + 1), self.eval(node.right, depth + 1)
            if not isinstance(left, float) or not isinstance(right, float):
                raise CalcError("arithmetic on a non-number")
            if isinstance(node.op, ast.Pow):
                return _check(_power(left, right))
            try:
                return _check(_BINARY[type(node.op)](left, right))
            except ZeroDivisionError:
                raise CalcError("division by zero") from None
            except OverflowError:
                raise CalcError("result out of range") from None
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
            operand = self.eval(node.operand, depth + 1)
            if not isinstance(operand, float):
                raise CalcError("arithmetic on a non-number")
            return _check(_UNARY[type(node.op)](operand))
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARE:
            # ConvFinQA PoT programs write greater(a, b) as ``a > b``; like greater() it answers yes/no
            left, right = self.eval(node.left, depth + 1), self.eval(node.comparators[0], depth + 1)
            if not isinstance(left, float) or not isinstance(right, float):
                raise CalcError("comparison of a non-number")
            return "yes" if _COMPARE[type(node.ops[0])](left, right) else "no"
        if isinstance(node, ast.Name):
            if node.id in self.names:
                return self.names[node.id]
            raise CalcError(f"unknown name {node.id!r}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS:
            if node.keywords or len(node.args) > 64:
                raise CalcError("unsupported call")
            args = [self.eval(a, depth + 1) for a in node.args]
            if not all(isinstance(a, float) for a in args):  # max(1 > 2, 3 > 1) is not a number
                raise CalcError(f"{node.func.id}() of a non-number")
            try:
                return _check(_FUNCTIONS[node.func.id](*args))
            except ZeroDivisionError:
                raise CalcError("division by zero") from None
            except (TypeError, ValueError, OverflowError) as exc:
                raise CalcError(f"bad arguments to {node.func.id}: {exc}") from None
        raise CalcError(f"not allowed in an arithmetic expression: {type(node).__name__}")


def evaluate(expression: str, names: dict[str, float] | None = None) -> float | str:
    """Evaluate one arithmetic expression; raise CalcError for anything that is not plain arithmetic."""
    if not isinstance(expression, str) or not expression.strip():
        raise CalcError("empty expression")
    if len(expression) > MAX_LENGTH:
        raise CalcError(f"expression longer than {MAX_LENGTH} characters")
    text = _clean(expression)
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise CalcError(f"not an arithmetic expression: {expression[:80]!r}") from None
    return _Evaluator(dict(names or {})).eval(tree)  # type: ignore[return-value]


def run_program(program: str) -> float | str:
    """Run a ConvFinQA/FinQA program: ``a = ...; ans = ...`` statements or ``op(x, y), op(#0, z)`` steps."""
    program = program.strip()
    if len(program) > MAX_LENGTH:
        raise CalcError(f"program longer than {MAX_LENGTH} characters")
    if re.match(r"^\s*\w+\s*=", program):
        names: dict[str, float] = {}
        last: object = None
        for statement in re.split(r"[;\n]", program):
            if not statement.strip():
                continue
            target, sep, expr = statement.partition("=")
            target = target.strip()
            if not sep or not target.isidentifier():
                raise CalcError(f"not an assignment: {statement.strip()[:80]!r}")
            last = evaluate(expr, names)
            names[target] = last  # type: ignore[assignment]
        if last is None:
            raise CalcError("empty program")
        return names.get("ans", last)  # type: ignore[return-value]
    steps = re.findall(r"\w+\([^()]*\)", program)
    if not steps:
        return evaluate(program)
    results: list[object] = []
    for step in steps:
        step = re.sub(r"#(\d+)", lambda m: f"_r{m.group(1)}", step)
        results.append(evaluate(step, {f"_r{i}": v for i, v in enumerate(results)}))  # type: ignore[misc]
    return results[-1]  # type: ignore[return-value]
