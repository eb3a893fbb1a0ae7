"""A difference the table already holds ("what was their goal difference?" of a league table with a "Goal
difference" column): the core, reading "difference" as a subtraction, subtracts two of the row's cells, one of them
the column the question names in full; the answer is that column's cell, not the subtraction."""

from __future__ import annotations

import re

from ..program.program import Cell, Program

#: words of a label that names the result of a subtraction ("Goal difference", "Net change")
_RESULT_WORDS = frozenset({"difference", "change"})


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def the_named_result(question: str, program: Program | None) -> Program | None:
    """The one cell of a subtraction whose label names a difference and whose every word the question says."""
    if program is None or program.op != "subtract" or not all(isinstance(a, Cell) for a in program.args):
        return program
    asked = _words(question)
    named = []
    for cell in program.args:
        for label in (cell.col_label, cell.row_label):
            words = _words(label)
            if words & _RESULT_WORDS and len(words) > 1 and words <= asked:
                named.append(cell)
    return Program("lookup", (named[0],), program.scale) if len(named) == 1 else program
