"""Weak evidence from train derivations: each operand matched to the parsed table's cells and to the numbers of
the question's paragraph (where the recovered set gives one).

An operand matches a cell holding the same magnitude (the derivation may write a bracketed cell as ``71``,
``-71`` or ``(71)``: how it does is what ``derivation_evidence`` counts). An operand found nowhere but one of
the small constants of ``derivations.CONSTANTS`` (the 100 of a percent), or an average's count, is a constant;
a nil cell (``—``) holds 0. A
question is fully grounded when every operand is matched or a constant and at least one is matched. The
``mapping`` has the shape of ``tatqa_dev_evidence_mappings.json`` so the ranker's training reads either.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from tabtext.numbers import find_numbers, parse_number
from tabtext.types import Example, Table
from training.derivations import CONSTANTS, Derivation, read

_BRACKETED_DIGITS = re.compile(r"^\(\s*\$?\s*(\d[\d,]*(?:\.\d+)?)\s*\)$")
_DASH = frozenset({"—", "-", "–", "$—", "$-", "$ —", "$ -"})  # a nil cell: derivations write it as 0

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Grounding:
    uid: str
    derivation: Derivation
    cells: tuple[tuple[Cell, ...], ...]  # per operand: the cells holding its magnitude
    spans: tuple[tuple[tuple[int, int], ...], ...]  # per operand: character spans in paragraph 0
    constant: tuple[bool, ...]

    @property
    def fully_grounded(self) -> bool:
        found = [bool(c or s) for c, s in zip(self.cells, self.spans)]
        return any(found) and all(f or k for f, k in zip(found, self.constant))

    def mapping(self) -> dict[str, object]:
        table = [list(cells[0]) for cells in self.cells if len(cells) == 1]
        paragraph = [list(spans[0]) for spans, cells in zip(self.spans, self.cells) if spans and not cells]
        out: dict[str, object] = {"table": table}
        if paragraph:
            out["paragraph"] = {"1": paragraph}
        return {"mapping": out}


def cell_number(text: str) -> float | None:
    """A cell's number; ``(9)``, which the solver's reader takes for a footnote mark, is -9 in a table cell."""
    if text.strip() in _DASH:
        return 0.0
    value = parse_number(text)
    if value is None:
        bracketed = _BRACKETED_DIGITS.match(text.strip())
        if bracketed:
            return -float(bracketed.group(1).replace(",", ""))
    return value


def _key(value: float) -> float:
    return round(abs(value), 6)


def cells_by_magnitude(table: Table) -> dict[float, list[Cell]]:
    out: dict[float, list[Cell]] = defaultdict(list)
    for r, row in enumerate(table.rows):
        for c, text in enumerate(row):
            if c == 0 and r > 0:
                continue  # a row label's number ("2019", "Note 3") is not a value
            value = cell_number(text)
            if value is not None:
                out[_key(value)].append((r, c))
    return out


def ground(example: Example) -> Grounding | None:
    derivation = read(str(example.meta.get("derivation") or ""))
    if derivation is None or not derivation.operands:
        return None
    table = example.context.tables[0] if example.context.tables else Table(id="", rows=())
    by_value = cells_by_magnitude(table)
    numbers = find_numbers(example.context.paragraphs[0].text) if example.context.paragraphs else []
    in_text: dict[float, list[tuple[int, int]]] = defaultdict(list)
    for value, start, end in numbers:
        in_text[_key(value)].append((start, end))
    cells, spans, constant = [], [], []
    for operand in derivation.operands:
        key = _key(operand.value)
        cells.append(tuple(by_value.get(key, ())))
        spans.append(tuple(in_text.get(key, ())))
        last = operand.position == len(derivation.operands) - 1
        constant.append(key in CONSTANTS or (derivation.shape == "average" and last))
    return Grounding(uid=example.uid, derivation=derivation, cells=tuple(cells), spans=tuple(spans),
                     constant=tuple(constant))
