"""A period only the text gives: "How many covers were served in Q4 2023?" of a table of 2024's quarters whose text
says "the cafe served five thousand covers in the Dec quarter 2023" is that count, not the Q4 2024 cell; with no such
count in the sentence naming the period, no answer (a cell of another year is not the one asked)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .periods import covers
from .types import Answer, Evidence, Table


def from_the_text_period(question: str, answer: Answer | None, evidence: Sequence[Evidence], table: Table | None,
                         paragraphs: Sequence[str], program: dict | None) -> tuple[Answer | None, dict | None]:
    """(the answer, its Program as JSON): the text's count in the sentence naming the asked period when the table
    does not hold that period and the answer was read from its cells; the answer as it is otherwise."""
    from .table_choice import asked_periods, period_gap

    cells = [e for e in evidence if e.kind == "cell"]
    if answer is None or table is None or not cells or len(cells) != len(evidence) or \
            not period_gap(question, table) or period_gap(question, table, paragraphs):
        return answer, program
    from .engines.solver.patterns.textnum import counts_of
    from .engines.solver.program.program import Program, TextNumber
    from .engines.solver.reader.sentences import split_sentences

    asked = [p for p in asked_periods(question) if p.year is not None]
    figure = Program.from_json(program) if isinstance(program, dict) else None
    label = " ".join(c.row_label for c in figure.cells()) if figure is not None else ""
    hits = []
    for i, text in enumerate(paragraphs):
        for sent in split_sentences(text, 0):
            said = [p for p in asked_periods(sent.text) if p.year is not None]
            if asked and said and all(covers(p, said) for p in asked):
                hits += [(i, sent.start + s, sent.start + e, value) for value, _, s, e in counts_of(label, sent.text)]
    if len({value for *_, value in hits}) != 1:
        return None, None
    i, s, e, value = hits[0]
    read = Program("lookup", (TextNumber(i, s, e, paragraphs[i][s:e], value),), "", "text_period", f"{value:g}")
    return dataclasses.replace(read.run(), scale=""), read.to_json()
