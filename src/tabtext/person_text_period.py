"""A period only the text gives: "How many covers were served in Q4 2023?" of a table of 2024's quarters whose text
says "the cafe served five thousand covers in the Dec quarter 2023" is that count, not the Q4 2024 cell, and "how
many more in Q1 2024 than in the Dec quarter 2023?" is the Q1 2024 cell less that count; with no such count in the
sentence naming the period, no answer (a cell of another year is not the one asked)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .periods import Period, covers, find_periods
from .types import Answer, Evidence, Table


def from_the_text_period(question: str, answer: Answer | None, evidence: Sequence[Evidence], table: Table | None,
                         paragraphs: Sequence[str], program: dict | None) -> tuple[Answer | None, dict | None]:
    """(the answer, its Program as JSON): the text's count in the sentence naming the asked period, in place of the
    cell of a period not asked, when the table does not hold that period and the answer was read from its cells;
    the answer as it is otherwise."""
    from .table_choice import asked_periods, period_gap

    cells = [e for e in evidence if e.kind == "cell"]
    if answer is None or table is None or not cells or len(cells) != len(evidence) or not isinstance(program, dict) \
            or not period_gap(question, table) or period_gap(question, table, paragraphs):
        return answer, program
    from .engines.solver.program.program import Cell, Program
    from .engines.solver.reading.question import classify

    figure = Program.from_json(program)
    asked = [p for p in asked_periods(question) if p.year is not None]
    held = [p for c in figure.cells() for p in _periods(c.col_label)]
    missing = [p for p in asked if not covers(p, held)]
    others = [a for a in figure.args if isinstance(a, Cell) and not any(covers(p, asked) for p in _periods(a.col_label))]
    count = _counted_in(missing, " ".join(c.row_label for c in figure.cells()), paragraphs) if missing else None
    change = classify(question).kind
    if count is not None and figure.op == "lookup" and change in ("diff", "change_ratio") and len(figure.args) == 1 \
            and not others:  # "how much did membership grow from the end of 2024 to March 2025": the cell less the count
        pair = sorted([(_when(missing), count), (_when(held), figure.args[0])], key=lambda wa: wa[0], reverse=True)
        read = Program("subtract" if change == "diff" else "change_ratio", tuple(a for _, a in pair),
                       "percent" if change == "change_ratio" else figure.scale, "text_period")
        return read.run(), read.to_json()
    if count is not None and figure.op in _ONE_FIGURE and change not in ("diff", "change_ratio"):
        read = Program("lookup", (count,), "", "text_period", f"{count.value:g}")  # "how many members at the end of 2024"
        return dataclasses.replace(read.run(), scale=""), read.to_json()
    if count is None or len(others) != 1 or len(figure.args) != 2 or not all(isinstance(a, Cell) for a in figure.args):
        return None, None
    # the two in the order the operator had them by period (later first for a change)
    whens = [_when(_periods(a.col_label)) for a in figure.args]
    args = [(_when(missing) if a is others[0] else w, count if a is others[0] else a) for a, w in zip(figure.args, whens)]
    args.sort(key=lambda wa: wa[0], reverse=whens[0] > whens[1])
    read = Program(figure.op, tuple(a for _, a in args), figure.scale, "text_period")
    return read.run(), read.to_json()


_ONE_FIGURE = ("lookup", "count")  # a cell of another period, or rows counted for a count the text gives


def _when(periods: list[Period]) -> tuple[int, int]:
    return (periods[0].year or 0, periods[0].end_month) if periods else (0, 0)


def _periods(label: str) -> list[Period]:
    return [p for _, _, p in find_periods(label) if p.year is not None]


def _counted_in(missing: list[Period], label: str, paragraphs: Sequence[str]):  # type: ignore[no-untyped-def]
    """The one count of ``label``'s thing in the sentences naming every ``missing`` period, as a TextNumber."""
    from .engines.solver.patterns.textnum import counts_of
    from .engines.solver.program.program import TextNumber
    from .engines.solver.reader.sentences import split_sentences

    hits = []
    for i, text in enumerate(paragraphs):
        for sent in split_sentences(text, 0):
            said = _periods(sent.text)
            if said and all(covers(p, said) for p in missing):
                hits += [(i, sent.start + s, sent.start + e, value) for value, _, s, e in counts_of(label, sent.text)]
    if len({value for *_, value in hits}) != 1:
        return None
    i, s, e, value = hits[0]
    return TextNumber(i, s, e, paragraphs[i][s:e], value)
