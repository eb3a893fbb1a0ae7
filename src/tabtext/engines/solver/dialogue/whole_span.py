"""A follow-up that widens the last answer to every period the table shows, said without "total" ("and over the
whole six months?", "what about across all four quarters?", "and for the entire period?"): the last answer's line
summed over its columns of that kind. A row of ``follow_ups.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..lexicon.words import NUMBER_WORDS, content_tokens
from ..program.program import Program
from . import edit
from .asked import Asked
from .over_periods import AGGREGATE, names_a_subject
from .parts import col_period

_KINDS = {"months": "month", "quarters": "quarter", "weeks": "week", "years": "year", "halves": "half",
          "half-years": "half", "periods": ""}
#: "over the whole six months", "across all four quarters", "for the entire period": every period, not some
WHOLE_SPAN = re.compile(r"\b(?:over|across|for|in|during|throughout)\s+(?:the\s+)?(?:whole|entire|full|complete|all)\s+"
                        r"(?:(?:of\s+)?the\s+)?(?:(\w+)\s+)?(months|quarters|weeks|years|halves|half-years|periods?)\b", re.I)
#: a line that is a level or a rate, not a flow: its periods do not add up
_NOT_ADDED = re.compile(r"\b(?:at|end|closing|opening|balance|level|average|rate|ratio|per|margin|price)\b|%", re.I)


def over_whole_span_of_last(asked: Asked) -> Program | None:
    """The last answer's one line summed over every column of its kind of period (of the kind named, and as many
    as the count said, when said); not a rate's or a balance's line, not when the turn names a line, and not a total
    or an average asked in words ("the average across all four half-years": ``over_periods`` reads those)."""
    m, grid, refs = WHOLE_SPAN.search(asked.question), asked.grid, asked.last(1)
    if m is None or grid is None or not refs or asked.rows or asked.years or AGGREGATE.search(asked.question) or \
            names_a_subject(WHOLE_SPAN.sub(" ", asked.question), frozenset(content_tokens("whole entire full"))):
        return None
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    if not found or len({c.row for c in found}) != 1:
        return None
    row = found[0].row
    if grid.row_scale(row) == "percent" or _NOT_ADDED.search(grid.row_labels[row]):
        return None
    own = {p.kind for c in found if (p := col_period(grid, c.col))}
    kind = _KINDS.get(m.group(2).lower().rstrip("s") + "s", "") or (own.pop() if len(own) == 1 else "")
    cols = [c for c in range(1, grid.table.n_cols) if (p := col_period(grid, c)) and p.kind == kind and
            grid.cell(row, c).value is not None]
    said = NUMBER_WORDS.get((m.group(1) or "").lower(), m.group(1) or "")
    if len(cols) < 2 or (said.isdigit() and int(said) != len(cols)) or said and not said.isdigit():
        return None  # "over the whole three months" of a table of six: which three is not said
    return Program("add", tuple(grid.cell(row, c) for c in cols), grid.row_scale(row))
