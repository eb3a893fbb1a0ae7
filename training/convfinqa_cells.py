"""Training groups for the ConvFinQA cell ranker from TAT-QA train (open part; the train lockbox is left out).

A TAT-QA train arithmetic question whose derivation operands are grounded in its table's cells
(``training.operand_labels.table_operands``) is read as a first ConvFinQA turn: its table laid out as ConvFinQA
writes one (the header rows above the first row of amounts merged into one header row, so a cell's year is read
from its column as in ConvFinQA), each year asked shortlists the document's best few numbers by the hand score
(``tasks/convfinqa/cell_rank.py``), and a shortlisted cell is right when it is a grounded operand's cell (and of
the year asked, or of none). No ConvFinQA item is read.
"""

from __future__ import annotations

import re

from tabtext.engines.solver.tasks.convfinqa import cell_rank
from tabtext.engines.solver.tasks.convfinqa.ground import cell_number, content_words, years_in
from tabtext.engines.solver.tasks.convfinqa.read import read
from tabtext.types import Context, Example, Table
from training.operand_labels import table_operands

_LETTER = re.compile(r"[A-Za-z]")


def _is_heading(cell: str) -> bool:
    """A cell a header row may hold: blank, words, or a year ('2019', '2019 %'), not an amount."""
    return not cell.strip() or bool(_LETTER.search(cell)) or bool(years_in(cell)) or cell_number(cell) is None


def header_rows(rows: tuple[tuple[str, ...], ...]) -> int:
    """How many rows head the table: those above the first row that writes an amount after its label."""
    for r, row in enumerate(rows):
        if not all(_is_heading(c) for c in row[1:]):
            return max(r, 1)
    return 1


def as_convfinqa(example: Example) -> tuple[Example, int]:
    """The example with its first table's header rows merged into one (ConvFinQA's layout), and how many rows
    fewer the table has (a grounded cell's row moves up by that)."""
    table = example.context.tables[0]
    n = header_rows(table.rows)
    width = max(len(r) for r in table.rows)
    head = tuple(" ".join(r[c] for r in table.rows[:n] if c < len(r) and r[c].strip()) for c in range(width))
    rows = (head,) + tuple(table.rows[n:])
    context = Context((Table(table.id, rows, table.caption),) + tuple(example.context.tables[1:]),
                      example.context.paragraphs)
    return Example(example.uid, example.question, context, example.gold, example.history, example.meta), n - 1


def groups(examples: list[Example], group_class) -> list:
    """One ``group_class(name, features, labels)`` per year asked of a grounded question whose shortlist holds a
    right and a wrong cell."""
    out = []
    for ex in examples:
        operands = table_operands(ex) if ex.context.tables else None
        if operands is None:
            continue
        shaped, shift = as_convfinqa(ex)
        right = {(0, r - shift, c) for cells in operands for r, c in cells}
        t = read(shaped, frozenset({"cell_rank"}))
        if not t.subject:
            continue
        for years in [[y] for y in dict.fromkeys(t.qyears)] or [[]]:
            scored = [(t.doc.score(c, t.subject, years, t.question), -i, c) for i, c in enumerate(t.doc.candidates)]
            short = cell_rank.shortlist(scored)
            if years and any(c.key in right and not c.years for _, _, c in short):
                continue  # a right cell the layout gives no year (a header spanning columns): label unknown
            ys = [float(c.key in right and (not years or not c.years or years[0] in c.years)) for _, _, c in short]
            if 0 < sum(ys) < len(ys):
                words = [content_words(c.label) for _, _, c in short]
                out.append(group_class(ex.context.tables[0].id,
                                       [cell_rank.features(t.doc, short, i, words[i], t.subject, years, t.question)
                                        for i in range(len(short))], ys))
    return out
