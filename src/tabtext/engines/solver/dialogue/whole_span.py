"""A follow-up that widens the last answer to every period the table shows, said without "total" ("and over the
whole six months?", "what about across all four quarters?", "and for the entire period?"): the last answer's line
summed over its columns of that kind; and a line named in a period no column is but its parts are ("and what did rent
come to over the year?" of a table of quarters, after any computation): the line summed over those parts. Rows of
``follow_ups.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ....periods import find_periods
from ..lexicon.words import NUMBER_WORDS, content_tokens
from ..program.program import Program
from . import edit
from .asked import Asked
from .over_periods import AGGREGATE, names_a_subject
from .parts import col_period, parts_of

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


#: words of "what did X come to in 2024?", "how much was X over the year?": no computation of their own
_AMOUNT_WORDS = frozenset(content_tokens("come came amount amounted much many total whole full entire over during across"))


def named_line_over_whole_period(asked: Asked) -> Program | None:
    """ "And what was rent in 2024?" of a table of 2024's quarters (``row_names`` reads "over the year" as the year):
    the one line named, summed over the columns that make up the one period named, when no column is that period
    and the turn asks nothing else of it; not a rate's or a balance's line."""
    grid, named = asked.grid, [p for _, _, p in find_periods(asked.question)]
    if grid is None or len(asked.lines) != 1 or len(named) != 1 or asked.years or not asked.history:
        return None
    row = asked.lines[0]
    if grid.row_scale(row) == "percent" or _NOT_ADDED.search(grid.row_labels[row]) or \
            names_a_subject(asked.question, frozenset(content_tokens(grid.row_labels[row])) | _AMOUNT_WORDS):
        return None
    cols = [c for c in parts_of(grid, named[0]) if grid.cell(row, c).value is not None]
    return Program("add", tuple(grid.cell(row, c) for c in cols), grid.row_scale(row)) if len(cols) > 1 else None
