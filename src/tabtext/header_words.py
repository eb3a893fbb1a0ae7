"""Column headers and label words people abbreviate, spelled out as the question names them: a league table's
``P W D L GF GA GD Pts`` (a whole header cell, only when the table uses at least three abbreviations of one
family, so a lone "P" or "L" keeps its own meaning) and short words in labels ("Mean temp"). Used by
``period_layout`` on ask's path and runs'."""

from __future__ import annotations

import re

from .types import Table

#: family -> {abbreviation (lower-case, whole cell): the words a person asks with}
FAMILIES: dict[str, dict[str, str]] = {
    "league table": {"pos": "Position", "p": "Played (matches)", "pld": "Played (matches)", "mp": "Played (matches)",
                     "gp": "Played (games)", "w": "Won (wins)", "d": "Drawn (draws)", "l": "Lost (losses)",
                     "gf": "Goals for (scored)", "ga": "Goals against (conceded)", "gd": "Goal difference",
                     "pts": "Points"},
}
MIN_IN_FAMILY = 3
#: words shortened inside a label, spelled out wherever they stand ("Mean temp (C)" -> "Mean temperature (C)")
SHORT_WORDS = {"temp": "temperature", "temps": "temperatures", "avg": "average", "qty": "quantity", "hrs": "hours",
               "mins": "minutes", "yr": "year", "yrs": "years"}
_SHORT = re.compile(r"\b(" + "|".join(SHORT_WORDS) + r")\b\.?", re.I)


def _spelled_words(cell: str) -> str:
    return _SHORT.sub(lambda m: SHORT_WORDS[m.group(1).lower()], cell)


def spelled_out(table: Table, header_rows: int = 1) -> Table:
    """The table with its abbreviated header cells spelled out (``FAMILIES``) and its labels' short words
    (``SHORT_WORDS``), else the table itself."""
    labelled = tuple(tuple(_spelled_words(c) if r < header_rows or j == 0 else c for j, c in enumerate(row))
                     for r, row in enumerate(table.rows))
    if labelled != table.rows:
        table = Table(id=table.id, rows=labelled, caption=table.caption)
    head = [c.strip().lower() for row in table.rows[:header_rows] for c in row]
    for words in FAMILIES.values():
        if sum(c in words for c in head) >= MIN_IN_FAMILY:
            rows = tuple(tuple(words.get(c.strip().lower(), c) for c in row) if r < header_rows else row
                         for r, row in enumerate(table.rows))
            return Table(id=table.id, rows=rows, caption=table.caption)
    return table
