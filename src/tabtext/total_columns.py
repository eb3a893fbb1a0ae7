"""A table whose columns are parts of a period followed by that period's total (a charity's "Unrestricted funds",
"Restricted funds", "Total year ended 31 March 2025", "Total year ended 31 March 2024"), asked as a person asks:
"total grant income in the year to 31 March 2025" is the Grants line in the total column (not "Total income"), and
"restricted income in the year ended 31 March 2025" the Restricted funds column of that year; "full-year revenue"
beside a quarter of 2025 is 2025's. Used on ``ask``'s path only (``row_names.as_the_solver_reads``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .engines.solver.lexicon.words import short_stem
from .periods import find_periods
from .table_choice import _GENERIC
from .types import Period, Table

_TOTAL = re.compile(r"\s*total\b", re.I)
_SAYS_TOTAL = re.compile(r"\s*\bin total\b|\btotal\s+(?=[a-z])", re.I)
_PERIOD_BEFORE = re.compile(r"\s*\b(?:in|for|during|over|of)?\s*(?:the\s+)?$", re.I)


def _words(text: str) -> set[str]:
    return {short_stem(w) for w in re.findall(r"[a-z][a-z&'-]{2,}", text.lower())} - {short_stem(w) for w in _GENERIC}


def _total_cols(table: Table) -> dict[int, Period]:
    """Columns headed "Total <period>": their period."""
    head = table.rows[0] if table.rows else ()
    return {c: found[0][2] for c, cell in enumerate(head) if c and _TOTAL.match(cell) and (found := find_periods(cell))}


def _part_cols(table: Table, totals: dict[int, Period]) -> dict[int, Period]:
    """Undated columns before a total column: the period of the first total column after them."""
    head = table.rows[0]
    out = {}
    for c in range(1, len(head)):
        after = [t for t in sorted(totals) if t > c]
        if c not in totals and head[c].strip() and not find_periods(head[c]) and after:
            out[c] = totals[after[0]]
    return out


def _total_said_of_the_column(question: str, table: Table) -> str:
    """The question without its "total" when another word of it names a line that is no total ("total grant
    income": Grants) and it names a period a total column holds."""
    m = _SAYS_TOTAL.search(question)
    asked = {p for _, _, p in find_periods(question)}
    if not m or not asked & set(_total_cols(table).values()):
        return question
    rest = question[:m.start()] + " " + question[m.end():]
    labels = [r[0] for r in table.rows[1:] if r]
    in_totals = set().union(*(_words(lab) for lab in labels if _TOTAL.match(lab)))
    named = _words(rest) - in_totals
    if not any(named & _words(lab) for lab in labels if not _TOTAL.match(lab)):
        return question
    return " ".join(rest.split())


def _period_of_a_part(question: str, table: Table) -> str:
    """The question without the period when it names a part column by its words ("restricted") and the period
    is the one that column is a part of (no other column holds it but its total)."""
    totals = _total_cols(table)
    parts = _part_cols(table, totals)
    found = find_periods(question)
    if len(found) != 1 or not parts:
        return question
    start, end, period = found[0]
    head = table.rows[0]
    others = set().union(*(_words(head[c]) for c in range(1, len(head)) if c not in parts))
    named = [c for c in parts if (_words(head[c]) - others) & _words(question[:start] + question[end:])]
    if len(named) != 1 or parts[named[0]] != period:
        return question
    before = _PERIOD_BEFORE.search(question[:start])
    cut = before.start() if before else start
    return " ".join(f"{question[:cut]}{question[end:]}".split())


_FULL_YEAR = re.compile(r"\b(?:the\s+)?(?:full|whole|entire)[- ]year(?:'s)?\s+(?=[a-z])", re.I)


def _full_year_of_the_part(question: str) -> str:
    """ "What share of full-year revenue came in 4Q25?": "... of 2025 revenue ..." (the year of the one part named)."""
    years = {p.year for _, _, p in find_periods(question) if p.year is not None and p.kind in ("quarter", "half", "month")}
    m = _FULL_YEAR.search(question)
    return f"{question[:m.start()]}{years.pop()} {question[m.end():]}" if m and len(years) == 1 else question


def as_part_or_total(question: str, tables: Sequence[Table]) -> str:
    question = _full_year_of_the_part(question)
    for table in tables:
        if _total_cols(table):
            return _period_of_a_part(_total_said_of_the_column(question, table), table)
    return question
