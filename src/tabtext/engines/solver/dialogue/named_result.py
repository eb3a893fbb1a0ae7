"""A difference the table already holds ("what was their goal difference?" of a league table with a "Goal
difference" column): the core, reading "difference" as a subtraction, subtracts two of the row's cells, one of them
the column the question names in full; the answer is that column's cell, not the subtraction. And a column named
in a comparison with the last answer's row ("how many more points did Ashford Rovers have than them?")."""

from __future__ import annotations

import re

from ..lexicon.words import content_tokens
from ..program.program import Cell, Program
from . import edit
from .asked import Asked

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


#: "than them", "than him": the last answer's row is what the row named is compared against
THAN_LAST = re.compile(r"\bthan\s+(?:them|it|that|those|this|these|him|her)\b", re.I)


def in_column_named(asked: Asked, program: Program) -> Program | None:
    """ "How many more points did Ashford Rovers have than them?" after another column of one team (their goal
    difference), on a table of things as rows: both rows in the one column the question names, the row named
    less the last answer's row."""
    grid, found = asked.grid, edit.cells(program)
    if grid is None or program.op != "lookup" or len(found) != 1 or not THAN_LAST.search(asked.question):
        return None
    words = set(content_tokens(asked.question))
    cols = [c for c, label in enumerate(grid.col_labels) if c > 0 and not grid.col_years[c] and
            (have := edit.label_words(label)) and have <= words]
    if len(cols) != 1 or cols[0] == found[0].col or found[0].row == asked.rows[0]:
        return None
    return Program("subtract", (grid.cell(asked.rows[0], cols[0]), grid.cell(found[0].row, cols[0])), program.scale)
