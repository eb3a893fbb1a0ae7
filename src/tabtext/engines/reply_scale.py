"""The scale of a TAT-QA reply that left its ``scale`` field empty, read from the report it answers.

A small model often writes the right number and no scale. The report says what its amounts are: the table's unit
line ("$ in millions", "$'000"; ``prompt_hints.stated_unit``), and cells written with "%". A number the reply took
from such cells (or computed from them) is a percentage; a question asking for a percentage wants one; a count,
a ratio, a year or words have none; any other amount is in the report's unit. Reads the question, the context and
the reply only, never a gold answer; the engine records it as ``scale_from_unit_line``.
"""

from __future__ import annotations

import math
import re

from ..numbers import find_numbers, parse_number
from ..periods import YEAR
from ..types import Answer, Example
from .prompt_hints import stated_unit

_COUNT = re.compile(r"^\s*how many\b(?!\s+(?:dollars|euros|pounds|millions?|thousands?|billions?)\b)", re.I)
YEAR_QUESTION = re.compile(r"\b(?:which|what|in which|in what) (?:fiscal |financial |calendar )?years?\b", re.I)
_PERCENT = re.compile(r"\bper\s?cent(?:age)?s?\b|%", re.I)
_RATIO = re.compile(r"\bratios?\b", re.I)
_A_YEAR = re.compile(YEAR)
_NUMBER = re.compile(r"[-+]?\$?\(?[\d,]*\.?\d+\)?%?")


def _cells(example: Example) -> list[tuple[float, bool]]:
    """(value, written with '%') for every numeric table cell."""
    out = []
    for table in example.context.tables:
        for row in table.rows:
            for cell in row:
                value = parse_number(cell)
                if value is not None:
                    out.append((abs(value), "%" in cell))
    return out


def _from_percent_cells(example: Example, numbers: list[float]) -> bool:
    """Whether the numbers found among the table's cells are all found only in cells written with '%'."""
    cells = _cells(example)
    found = [[pct for value, pct in cells if math.isclose(value, abs(n), rel_tol=1e-9, abs_tol=1e-9)]
             for n in numbers]
    found = [f for f in found if f]
    return bool(found) and all(all(f) for f in found)


def report_scale(example: Example, answer: Answer, formula: str = "") -> str | None:
    """The scale for a numeric answer with an empty field; None when the answer is not an amount."""
    question = example.question
    items = answer.value if isinstance(answer.value, tuple) else (answer.value,)
    if not items or not all(isinstance(i, str) and _NUMBER.fullmatch(i.strip().replace(" ", "")) for i in items):
        return None
    if _COUNT.search(question) or YEAR_QUESTION.search(question) or all(_A_YEAR.fullmatch(i.strip()) for i in items):
        return None
    source = formula or " ".join(str(i) for i in items)
    numbers = [value for value, _, _ in find_numbers(source) if value not in (100, 2, 3, 4)]
    if numbers and _from_percent_cells(example, numbers):
        return "percent"
    if _PERCENT.search(question):
        return "percent"
    if _RATIO.search(question):
        return None
    return stated_unit(example)[0] or None
