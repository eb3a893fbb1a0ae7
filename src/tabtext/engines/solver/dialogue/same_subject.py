"""Follow-ups about the last answer's subject, its row: a measure asked without naming it ("what's the claim rate?"
after the Trail T5's warranty claims, on a table of things as rows, is the Trail T5's claim rate: the core asked with
the row named; on a table of periods ``over_periods.measure_in_same_period`` keeps the period instead), "it" read
as that row, and a cell of a column of names ("In which region is Bristol?"). Rows of ``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re
from dataclasses import replace

from ....periods import find_periods, months_named
from ..lexicon.words import content_tokens
from ..program.program import Program, Span
from . import edit
from .asked import Asked
from .core import as_program, ask_core, cause_read
from .named_periods import AWAY
from .named_result import the_named_result
from .over_periods import NEXT, PREVIOUS, names_a_subject, names_other_line

IT = re.compile(r"\b(?:it|its)\b", re.I)


#: "which team was relegated?" asks for a name among the rows, not a measure of the last answer's row
_ASKS_WHICH = re.compile(r"^\s*(?:and\s+|so\s+)?(?:which|who)\b", re.I)


def measure_of_same_row(asked: Asked) -> Program | None:
    """ "What's the claim rate?" after an answer about one row, on a table of at most one period: the core's
    answer with that row named, kept when it reads that row only."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or asked.years or find_periods(asked.question) or \
            _ASKS_WHICH.match(asked.question) or months_named(asked.question) or not names_a_subject(asked.question) or len(set(grid.col_years) - {""}) > 1:
        return None
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    if not found or len({c.row for c in found}) != 1:
        return None
    row = found[0].row
    question = f"{asked.question.rstrip(' ?')} for {grid.row_labels[row]}?"
    program = the_named_result(question, as_program(ask_core(question, asked.context), grid))
    read = edit.cells(program) if program is not None else []
    return program if read and all(c.row == row for c in read) else None


def _only_a_move(asked: Asked) -> bool:
    """ "And what was it the year before?": a move to another period and nothing else, read by the period rows."""
    moves = (PREVIOUS, NEXT, AWAY)
    return any(m.search(asked.question) for m in moves) and \
        not names_other_line(replace(asked, question=IT.sub(" ", asked.question)))


def subject_of_last(asked: Asked) -> Program | None:
    """ "What was the change in it from 2019 to 2020?": "it" read as the last answer's row, then the core."""
    refs = asked.last(1)
    if not refs or asked.rows or asked.grid is None or _only_a_move(asked):
        return None
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    if not found:
        return None
    question = IT.sub(found[0].row_label, asked.question, count=1)
    program = as_program(ask_core(question, asked.context), asked.grid)
    return _as_a_person_reads(question, program, asked) if program is not None else None


#: a cause asked of the last answer ("why the drop?", "why was June so strong?", "what was behind that?")
WHY = re.compile(r"^\s*(?:and\s+|so\s+|but\s+)?(?:why|how come|what (?:caused|explains|drove|was behind))\b", re.I)
_WHAT_CAUSED = re.compile(r"^\s*(?:and\s+|so\s+|but\s+)?what (?:caused|explains|drove|was behind)\s+(?:that|this|it)\s*$", re.I)
_THEY = re.compile(r"\b(?:it|its|they|that|this)\b", re.I)


def why_of_last(asked: Asked) -> Program | None:
    """ "Why the drop?" / "why did they fall?" after a figure: the cause asked with the last answer's line (for its
    "it", else after the question) and, when the question names none, its period written in, so the text is read
    for a sentence about that line ("Why the drop in Tenor in 2024?")."""
    refs, grid = asked.last(1), asked.grid
    if not refs or asked.rows or grid is None:
        return None
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    if not found or len({c.row for c in found}) != 1:
        return None
    label = re.sub(r"\s*\([^)]*\)\s*$", "", found[0].row_label).strip()
    latest = max(found, key=lambda c: grid.col_years[c.col] if c.col < len(grid.col_years) else "")
    period = "" if latest.col >= len(grid.col_years) or asked.years else latest.col_label  # "why ... in Q1?": Q1
    question = _WHAT_CAUSED.sub("Why was it like that", asked.question.rstrip(" ?"))  # "what was behind that?"
    if _THEY.search(question):
        question = _THEY.sub(label, question, count=1)
    elif not set(content_tokens(question)) & set(content_tokens(label)):  # "why did churn rise?" names its line
        question = f"{question} in {label}"
    question = f"{question} in {period}?" if period else f"{question}?"
    program = as_program(ask_core(question, asked.context), grid)
    if program is None or program.op not in ("span", "spans"):  # the line's figure: the text's cause of it instead
        program = cause_read(question, asked.context)
    return _as_a_person_reads(question, program, asked) if program is not None else None


def _as_a_person_reads(question: str, program: Program, asked: Asked) -> Program:
    """A span answering the question with its subject named, cut as ``ask`` cuts a first question's ("why did it
    fall?": the cause, not the sentence), since the words the cut looks for are the subject's, not "it"'s."""
    from ....person_text import text_answer

    if program.op != "span" or len(program.args) != 1 or not isinstance(span := program.args[0], Span) or \
            not 0 <= span.paragraph < len(asked.context.paragraphs):
        return program
    texts = [p.text for p in asked.context.paragraphs]
    answer, _ = text_answer(question, program.run(), program.evidence(), texts)
    cut = answer.text() if answer is not None else ""
    at = texts[span.paragraph].find(cut, span.start) if cut and cut != span.text else -1
    if at < 0 or at + len(cut) > span.end:
        return program
    return replace(program, args=(Span(span.paragraph, at, at + len(cut), cut),), answer_value=None)


def text_cell(asked: Asked) -> Program | None:
    """ "In which region is Bristol?": the named row's cell in a column of names or places the question names."""
    grid = asked.grid
    if grid is None or not asked.rows:
        return None
    for col in grid.cols_named(asked.question):
        column = [grid.cell(r, col) for r in grid.body_rows()]
        texts = [c for c in column if c.text.strip() and c.value is None]
        if 2 * len(texts) > len(column):  # a column of names or places, not amounts with a note among them
            cell = grid.cell(asked.rows[0], col)
            return Program("lookup", (cell,)) if cell in texts else None
    return None
