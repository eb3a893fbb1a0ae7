"""Column headers people abbreviate, spelled out as the question names them (a league table's ``P W D L GF GA GD
Pts``). A whole header cell is spelled out only when the table uses at least three abbreviations of one family,
so a lone "P" or "L" in another table keeps its own meaning. Used by ``period_layout`` on ask's path and runs'."""

from __future__ import annotations

from .types import Table

#: family -> {abbreviation (lower-case, whole cell): the words a person asks with}
FAMILIES: dict[str, dict[str, str]] = {
    "league table": {"pos": "Position", "p": "Played (matches)", "pld": "Played (matches)", "mp": "Played (matches)",
                     "gp": "Played (games)", "w": "Won (wins)", "d": "Drawn (draws)", "l": "Lost (losses)",
                     "gf": "Goals for (scored)", "ga": "Goals against (conceded)", "gd": "Goal difference",
                     "pts": "Points"},
}
MIN_IN_FAMILY = 3


def spelled_out(table: Table, header_rows: int = 1) -> Table:
    """The table with its abbreviated header cells spelled out (``FAMILIES``), else the table itself."""
    head = [c.strip().lower() for row in table.rows[:header_rows] for c in row]
    for words in FAMILIES.values():
        if sum(c in words for c in head) >= MIN_IN_FAMILY:
            rows = tuple(tuple(words.get(c.strip().lower(), c) for c in row) if r < header_rows else row
                         for r, row in enumerate(table.rows))
            return Table(id=table.id, rows=rows, caption=table.caption)
    return table
