"""The text of a table-valued answer as TANQ's official files and scorer read it: one line per row, cells
joined by ``|``. The loader writes it and the scorer reads it, so it lives here and neither imports the other."""

from __future__ import annotations

from .types import Answer, Table


def table_to_pipes(table: Table) -> str:
    """The official answer-table text: one line per row, cells joined by ``|``, trailing newline."""
    return "".join("|".join(c.replace("\n", " ") for c in row) + "\n" for row in table.rows)


def answer_text(answer: Answer | None, raw: str = "") -> str | None:
    """The table string a scorer should read: the official string when kept (``Answer.raw``, or the
    prediction's ``raw`` when it is the same table, as after a round trip through tabtext's predictions
    JSONL), else the Table rendered in the official pipe format. No answer -> None (scored 0)."""
    if answer is None:
        return None
    if isinstance(answer.raw, str):
        return answer.raw
    if isinstance(answer.value, Table):
        if raw and tuple(tuple(c.strip() for c in line.split("|")) for line in raw.splitlines()) == answer.value.rows:
            return raw
        return table_to_pipes(answer.value)
    return answer.text()
