"""Train labels from the derivations' grounding (issue 20, item 2): whether a candidate Program reads the cells
the derivation's operands were found in, not only whether its value happens to equal the answer.

A train question's derivation is grounded when each of its operands that is not a constant matches a table
cell (``training.grounding``); an operand may match several cells (the same magnitude twice), any of them
counts. A candidate that reads only cells is *grounded* when every grounded operand has one of its cells among
the candidate's and the candidate reads no other cell. A candidate reading paragraph numbers, or a question
whose derivation is not grounded in the table, has no grounding verdict (None): its label stays the value's.
"""

from __future__ import annotations

from tabtext.engines.solver.program.program import Cell, Program
from tabtext.types import Example
from training.grounding import Grounding, ground

Grounded = tuple[tuple[tuple[int, int], ...], ...]  # per non-constant operand: the cells holding it


def table_operands(example: Example) -> Grounded | None:
    """Per non-constant operand of the derivation, the table cells it matches; None when any such operand is in
    no cell (a paragraph number, or not found) or the question has no usable derivation."""
    if example.meta.get("answer_type") != "arithmetic" or not example.context.tables:
        return None
    g: Grounding | None = ground(example)
    if g is None or not g.fully_grounded:
        return None
    count = len(g.cells) - 1 if g.derivation.shape == "average" else -1  # an average's count is no cell it reads
    out = tuple(cells for i, (cells, constant) in enumerate(zip(g.cells, g.constant))
                if not (constant and not cells) and i != count)
    if not out or not all(out):
        return None
    return out


def _cells_only(program: Program) -> bool:
    """Whether every leaf operand of the program is a table cell (or a constant)."""
    for a in program.args:
        if isinstance(a, Program):
            if not _cells_only(a):
                return False
        elif not isinstance(a, Cell) and type(a).__name__ != "Const":
            return False
    return bool(program.cells())


def reads_grounded_cells(program: Program, operands: Grounded, offset: int = 0) -> bool | None:
    """Whether the program reads exactly the grounded operands' cells (None: it reads something other than
    cells, so the grounding says nothing about it). ``offset``: the row where the program's block starts."""
    if not _cells_only(program):
        return None
    read = {(c.row + offset, c.col) for c in program.cells()}
    if len(read) > len(operands):
        return False
    return all(read & set(cells) for cells in operands) and all(
        any(cell in cells for cells in operands) for cell in read)
