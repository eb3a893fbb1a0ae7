"""An answer as a person reads it on their own table (``ask``, ``tabtext.ask``, ``serve``; benchmark runs keep the
data's conventions): an expense line the table writes in brackets throughout ("(335)") is the amount a person
asks for (335), with a note that the table shows it in brackets; "how many <things>" read from a table that
names no scale for them is a count, not the text's "in millions".
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .numbers import detect_scale, parse_number
from .types import Answer, Evidence, Table

_HOW_MANY = re.compile(r"^\s*how many (?!dollars|euros|pounds|yen|francs|thousands|millions|billions)[a-z]", re.I)


def as_a_person_reads(question: str, answer: Answer | None, evidence: Sequence[Evidence],
                      table: Table | None) -> tuple[Answer | None, str]:
    """(the answer, a note for the reading, "" when none)."""
    rows = {e.row for e in evidence if e.kind == "cell" and table is not None and 0 <= e.row < table.n_rows}
    if answer is None or table is None or not rows or not isinstance(answer.value, (str, tuple)):
        return answer, ""
    answer, note = _in_brackets_as_amount(answer, rows, table)
    return _count_without_scale(question, answer, rows, table), note


def _in_brackets_as_amount(answer: Answer, rows: set[int], table: Table) -> tuple[Answer, str]:
    if not all(_bracketed_throughout(table.rows[r]) for r in rows):
        return answer, ""
    text = answer.text().strip()
    value = parse_number(text)
    if value is None:
        return answer, ""
    if value < 0:
        shown = text.strip("()").strip() if text.startswith("(") else text.lstrip("-\u2212")
        answer = dataclasses.replace(answer, value=shown)
    labels = " and ".join(sorted({table.rows[r][0] for r in rows}))
    return answer, f"the table shows {labels} in brackets"


def _count_without_scale(question: str, answer: Answer, rows: set[int], table: Table) -> Answer:
    if answer.scale in ("", "percent") or not _HOW_MANY.search(question):
        return answer
    said = [table.caption, *(c for r in table.rows[:3] for c in r), *(table.rows[r][0] for r in rows)]
    if any(detect_scale(t) not in ("", "percent") for t in said):
        return answer
    return dataclasses.replace(answer, scale="")


def _bracketed_throughout(row: Sequence[str]) -> bool:
    amounts = [c.strip() for c in row[1:] if parse_number(c) is not None]
    return bool(amounts) and all(c.startswith("(") and c.endswith(")") or c.startswith("-") for c in amounts)
