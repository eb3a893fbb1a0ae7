"""Which of the last two answers a comparative asks for ("which of the two grew faster?", "which was higher?",
"which month was busier?"): the line whose answer is larger (or smaller), or, of one line in two periods, the
period. A row of ``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ....calc import CalcError
from ..program.program import Cell, Program, Ref
from . import edit
from .asked import Asked

LESS_WORDS = re.compile(r"\b(?:less|lower|smaller|slower|slowly|least|fewer|worse|weaker|shorter|lighter|cheaper|quieter|"
                        r"colder|drier)\b",
                        re.I)


def which_of_two(asked: Asked) -> Program | None:
    """ "Which of the two grew faster?" after two answers about two lines: the line whose answer is larger; after
    their sum (and its share), the two the sum added up."""
    if asked.rows or asked.grid is None:
        return None
    refs = asked.figures(2)
    lines = _lines(asked, refs) if refs and asked.same_scale(refs) else None
    if lines is None and refs and asked.same_scale(refs):  # one computation over the same lines in two periods
        period = _which_period(asked, refs)
        if period is not None:
            return period
    if lines is None:
        refs = _pair_combined(asked)
        lines = _lines(asked, refs) if refs and asked.same_scale(refs) else None
    if lines is None:
        return None
    if lines[0][1] == lines[1][1]:
        return _which_period(asked, refs)
    pick = (min if LESS_WORDS.search(asked.question) else max)(lines)
    return Program("argmin" if LESS_WORDS.search(asked.question) else "argmax", tuple(refs), "",
                   answer_value=(re.sub(r"\s*\([^)]*\)\s*$", "", pick[1]),))


def _lines(asked: Asked, refs: list[Ref]) -> list[tuple[float, str]] | None:
    """(value, line) of each answer, when each reads one line."""
    lines = []
    for r in refs:
        program = edit.inline(asked.history[r.turn], asked.history)
        rows = {c.row_label for c in edit.cells(program)}
        if len(rows) != 1 or not (program.numeric or program.op == "lookup"):
            return None
        try:
            lines.append((float(program.value(asked.history)), rows.pop()))
        except (CalcError, TypeError, ValueError):
            return None
    return lines


def _pair_combined(asked: Asked) -> list[Ref]:
    """The two earlier answers the latest sum, average or difference of two answers combined."""
    for program in reversed(asked.history):
        args = [a for a in program.args if isinstance(a, Ref)]
        if program.op in ("add", "average", "subtract") and len(args) == 2 == len(program.args):
            return args
    return []


def _which_period(asked: Asked, refs: list[Ref]) -> Program | None:
    """ "Which was higher?" after one line's figure in two periods, "which of the two months was higher?" after the
    same computation over the same lines in two periods (revenue per visit in January, then in June): the period
    of the larger."""
    found = [edit.inline(asked.history[r.turn], asked.history) for r in refs]
    cells = [edit.cells(p) for p in found]
    cols = [{c.col for c in read} for read in cells]
    if any(len(c) != 1 for c in cols) or cols[0] == cols[1] or {c.row for c in cells[0]} != {c.row for c in cells[1]} or \
            len({p.op for p in found}) != 1:
        return None
    operands = tuple(p.args[0] if p.op == "lookup" and len(p.args) == 1 and isinstance(p.args[0], Cell) else p
                     for p in found)
    return Program("argmin" if LESS_WORDS.search(asked.question) else "argmax", operands, key="column")
