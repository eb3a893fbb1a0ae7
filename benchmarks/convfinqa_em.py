"""A private, tiny copy of ConvFinQA's official substring EM and the project's strict calculator EM
(``shared/parity/chatrag/convfinqa/README.md``), for the eval script only. The real metric is metrics/chatrag.py.
"""

from __future__ import annotations

import re


def official_em(prediction: str, gold: float | str, formula: str, question: str) -> int:
    p = prediction.strip().replace(",", "").replace("$", "").replace("million", "").replace("billion", "")
    p = " ".join(re.sub(r"\(\w+\)", "", p).split())
    if str(gold) in p or formula in p:
        return 1
    if isinstance(gold, str):
        return 0
    if str(round(gold, 3)) in p or str(round(gold, 2)) in p:
        return 1
    if "percent" in question and any(s in p for s in (str(gold * 100), str(round(gold * 100, 1)),
                                                           str(round(gold * 100, 2)))):
        return 1
    if str(gold).endswith(".0") and str(int(gold)) in p:
        return 1
    return int("decrease" in p and gold < 0 and str(-gold) in p)


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = re.findall(r"\d+(?:\.\d+)?|\.\d+|[-+*/()]|\S", text.replace(" ", ""))
        self.i = 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        self.i += 1
        return self.tokens[self.i - 1]

    def expr(self) -> float:
        value = self.term()
        while self.peek() in ("+", "-"):
            value = value + self.term() if self.take() == "+" else value - self.term()
        return value

    def term(self) -> float:
        value = self.unary()
        while self.peek() in ("*", "/"):
            value = value * self.unary() if self.take() == "*" else value / self.unary()
        return value

    def unary(self) -> float:
        if self.peek() in ("+", "-"):
            return self.unary() if self.take() == "+" else -self.unary()
        token = self.take() if self.peek() is not None else ")"
        if token == "(":
            value = self.expr()
            if self.take() != ")":
                raise ValueError("unbalanced")
            return value
        return float(token)  # ValueError for anything that is not a number


def strict_value(prediction: str) -> tuple[float, bool] | None:
    text = prediction.replace(",", "").replace("$", "")
    runs = [m for m in re.finditer(r"[0-9.+\-*/() ]+", text) if re.search(r"\d", m.group())]
    if not runs:
        return None
    last = runs[-1]
    percent = text[last.end():last.end() + 1] == "%"
    run = last.group().strip()
    while run and run[-1] in " .+-*/(":
        run = run[:-1]
    try:
        parser = _Parser(run)
        value = parser.expr()
        if parser.peek() is not None:
            raise ValueError("left over")
    except (ValueError, IndexError, ZeroDivisionError):
        value = float(re.findall(r"\d+(?:\.\d+)?|\.\d+", run)[-1])
    return value, percent


def strict_em(prediction: str, gold: float | str, question: str) -> int:
    if isinstance(gold, str):
        words = re.findall(r"[a-z]+", prediction.lower())
        other = "no" if gold == "yes" else "yes"
        return int(gold in words and other not in words)
    found = strict_value(prediction)
    if found is None:
        return 0
    value, percent = found
    values = [value] + ([value / 100] if percent else [])
    golds = [gold] + ([gold * 100] if "percent" in question.lower() else [])
    return int(any(abs(x - c) <= 0.01 * abs(c) for x in values for c in golds))
