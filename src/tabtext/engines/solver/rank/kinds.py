"""The KIND of answer a candidate gives, as TAT-QA's annotators type answers: arithmetic, a count, one value
(span) or several (multi-span), and whether it is read from the paragraphs or the table.

The kind comes from what the program answers when run, not from its operator alone: an argmax reads several
cells and answers one, a filter answers as many as pass its test. ``benchmarks/kind_choice.py`` checks the
chosen candidate's kind against the annotated answer_type x answer_from on train, where table spans,
multi-spans and counts have a type but no answer. Measured, not kept (with the kind pairs of train_ranker.py on):
proposing a lookup's whole row when the question model expects several values raised the kind agreement (open train 88.60 -> 89.24%, train lockbox 90.09
-> 90.42%) and no EM (train-CV / train lockbox / dev / dev lockbox 59.08 / 61.31 / 70.14 / 73.29 -> 59.05 / 61.31
/ 70.14 / 73.29; dev F1 76.38 -> 76.35).
"""

from __future__ import annotations

from ....calc import CalcError
from ..program.operators import BY_NAME
from ..program.program import Program, Span, TextNumber


def answer_type(program: Program) -> str:
    """The TAT-QA answer_type of what the program answers: arithmetic, count, span or multi-span."""
    op = BY_NAME.get(program.op)
    if program.op == "count":
        return "count"
    if op is not None and op.numeric:
        return "arithmetic"
    if program.answer_value is not None and not program.args:
        given = program.answer_value
        return "multi-span" if isinstance(given, tuple) and len(given) > 1 else "span"
    try:
        value = program.run().value
    except (CalcError, ValueError, IndexError, TypeError, ZeroDivisionError):
        return "multi-span" if len(program.args) > 1 and program.op == "spans" else "span"
    return "multi-span" if isinstance(value, tuple) and len(value) > 1 else "span"


def reads_text(program: Program) -> bool:
    """Whether the program reads only paragraph spans or numbers (no cell)."""
    return any(isinstance(a, (Span, TextNumber)) for a in program.args) and not program.cells()


def from_text(program: Program) -> bool:
    """Whether the kind is "text span(s)", without running the program: a value or values the paragraphs give."""
    op = BY_NAME.get(program.op)
    return program.op != "count" and not (op is not None and op.numeric) and reads_text(program)


def kind(program: Program) -> str:
    """The answer's kind: "arithmetic", "count", "span" / "multi-span" (from the table) or "text span" /
    "text spans" (from the paragraphs)."""
    found = answer_type(program)
    if found in ("arithmetic", "count") or not reads_text(program):
        return found
    return "text span" if found == "span" else "text spans"


def fits(found: str, cell: tuple[str, str]) -> bool:
    """Whether a candidate of kind ``found`` can answer a question annotated (answer_type, answer_from): the same
    answer type, and not paragraphs for a table answer nor the table for a text one."""
    answer_type_, source = cell
    typed = {"text span": "span", "text spans": "multi-span"}.get(found, found)
    if typed != answer_type_:
        return False
    if found in ("arithmetic", "count"):
        return True
    from_text = found.startswith("text")
    return not ((from_text and source == "table") or (not from_text and source == "text"))

