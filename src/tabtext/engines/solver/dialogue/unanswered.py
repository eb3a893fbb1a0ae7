"""What a turn answered "no answer found" asked, kept so the next turn can edit it (issue 22).

"What were bar sales in 2019?" over a table of 2022-2024 has no answer, but it asked for a line: "and in 2023?"
is bar sales in 2023, and "what about rent?" asks rent in 2019 (no answer either). The turn's Program stays in the
history as a question-only record: its ``pattern`` names what the table lacked (``LACKS_PERIOD``, ``LACKS_ROW``),
so the cells the core read in place of it (a column for "2019", a row for "coffee sales") are a guess. A follow-up
edits the record like any answer, but when what it reads still rests on that guess (the period or the line was not
named again), it is no answer either and is kept as a record in turn: an unanswered turn never supplies a number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ....types import Evidence, Table
from ..program.program import Program
from . import edit
from .asked import Asked
from .edit import Grid

LACKS_PERIOD = "unanswered_period"
LACKS_ROW = "unanswered_row"
RECORDS = (LACKS_PERIOD, LACKS_ROW)
#: a question about an earlier answer or a cause, which a turn's period alone does not record
_REFERS = re.compile(r"\b(?:it|its|they|them|their|that|this|those|these)\b|^\s*(?:\w+\s+)?(?:why|how come)\b", re.I)
#: why a follow-up that still rests on the record has no answer
WHY = {LACKS_PERIOD: "no answer found: the period asked before is not in the table",
       LACKS_ROW: "no answer found: the line asked before is not in the table"}


def as_record(program: Program, lacks: str) -> Program:
    """``program`` kept only for what its question asked; ``lacks`` is ``LACKS_PERIOD`` or ``LACKS_ROW``."""
    return replace(program, pattern=lacks)


def record_of(program: Program | None, lacks: str, question: str, grid: Grid | None) -> Program | None:
    """What an unanswered turn asked: its Program marked as a record; a turn that read no cell (answered from the
    text, or not at all) only for the one period of the table it names without naming a line ("how many cakes did
    we sell in February 2024?"), its row a stand-in the next turn must replace."""
    if program is not None and program.op not in ("span", "spans"):
        return as_record(program, lacks)
    if grid is None or grid.rows_named(question) or not grid.body_rows() or _REFERS.search(question):
        return None  # "why did it fall in March?" is about the last answer's line: no stand-in for it
    cols = [c for y in grid.years_named(question) if (c := grid.col_of_year(y)) is not None]
    row = grid.body_rows()[0]
    return Program("lookup", (grid.cell(row, cols[0]),), grid.row_scale(row), pattern=LACKS_ROW) \
        if len(cols) == 1 else None


def is_record(program: Program | None) -> bool:
    return program is not None and program.pattern in RECORDS


def still_guessed(program: Program, asked: Asked) -> str:
    """The record's lack (``LACKS_PERIOD`` / ``LACKS_ROW``) when the follow-up ``program``, proposed right after a
    record, still rests on its guess; else "". After a period the table lacks, every column read must be one the
    follow-up names ("and the year before?" of a guessed column is a guess too); after a line it lacks, no row read
    may be the one guessed unless named again ("what about rent?" names its own)."""
    if not asked.history or not is_record(asked.history[-1]) or asked.grid is None:
        return ""
    record = asked.history[-1]
    read = edit.cells(edit.inline(program, asked.history))
    if record.pattern == LACKS_PERIOD:
        named = {c for y in asked.years if (c := asked.grid.col_of_year(y)) is not None}
        return LACKS_PERIOD if {c.col for c in read} - named else ""
    guessed = {c.row for c in edit.cells(edit.inline(record, asked.history))}
    return LACKS_ROW if {c.row for c in read} & (guessed - set(asked.rows)) else ""


def line_lacked(question: str, read: str, evidence: Sequence[Evidence], table: Table | None,
                tables: Sequence[Table], texts: Sequence[str]) -> str:
    """Why the answer read in ``table`` (``evidence`` in its own layout) is no answer to a line the table lacks
    ("the table has no row for coffee sales"), as ``ask`` and every route judge it; "" when it is one. ``read`` is
    the question as the solver read it (a person's words for a line in the table's)."""
    from ....period_layout import names_first
    from ....table_choice import name_not_held, row_not_held
    from .corrections import as_follow_up

    question, read = as_follow_up(question), as_follow_up(read) if read else read  # "sorry, I meant travel": no "meant"

    if evidence and all(e.kind == "text" for e in evidence):
        return name_not_held(question, tables, texts)
    rows = {e.row for e in evidence if e.kind == "cell"}
    return row_not_held(read or question, names_first(table), rows, texts) if table is not None and \
        len(evidence) == 1 else ""
