"""A period a follow-up names by reference, written in as the table names it before the question is read: "that
year" / "that last month" (the last answer's), "the half-year ending on that date", "for the full year" (the year's
own column), "for the half year" (the half a month lies in) and "and in the second?" after the first quarter."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....periods import as_period
from ..program.program import Program
from .edit import CHANGE_ASKED, Grid, cells, inline, period_of

_THAT_PERIOD = re.compile(r"\bthat (?:(?:last|latest|final|same|later) )?(?:year|quarter|month|half|period)\b", re.I)  # "in that last month"
#: "for the half year" after a month's or a quarter's answer: the half it lies in
_HALF_YEAR = re.compile(r"\s*\bthe\s+(?:whole\s+|full\s+|entire\s+)?half[- ]year\b(?!\s+(?:to|ended|ending))", re.I)
#: "for the full year" after an answer about a half: the year it lies in, when the table has that year's column
_FULL_YEAR = re.compile(r"\s*\b(?:(?:for|in|over)\s+)?the\s+(?:full|whole|entire)\s+year\b|\s*\bfull[- ]year\b(?!\s+\w)|"
                        r"\s*\bfor\s+the\s+year(?:\s+as\s+a\s+whole)?(?=\s*\??\s*$)", re.I)  # "and for the year?"
#: "for the full year 2024": the year named ("for 2024"), whichever period the last answer read
_FULL_YEAR_NAMED = re.compile(r"\b(?:the\s+)?(?:(?:full|whole|entire)[- ]year|(?:whole|all|entirety)\s+of)\s+"
                              r"(?=(?:FY\s?)?\d{2,4}\b)", re.I)  # "over the whole of 2024": "over 2024"


#: "the half-year ending on that date": the months up to the date the last answer was read at
_ENDING_THAT_DATE = re.compile(r"\b(?:the\s+)?(half[- ]year|half|six months|quarter|three months|nine months|year|twelve "
                               r"months)\s+(?:ending|ended|to|through)\s+(?:on\s+)?that date\b|\b(?:on|at|as at|as of) that date\b",
                               re.I)
_MONTHS_OF = {"half-year": "six months", "half year": "six months", "half": "six months", "quarter": "three months",
              "twelve months": "year"}


def _name_that_date(question: str, history: Sequence[Program], grid: Grid | None) -> str:
    """ "... in the half-year ending on that date?" after a balance at 30 June 2025: "... in the six months ended
    June 30, 2025?" (a half, read as the table's H1 2025); "... on that date?": "... at June 30, 2025?"."""
    m = _ENDING_THAT_DATE.search(question)
    found = cells(inline(history[-1], history)) if m and history and grid is not None else []
    latest = max(found, key=lambda c: grid.col_years[c.col]) if found and grid is not None else None  # a rise: its end
    label = grid.col_labels[latest.col] if latest is not None and grid is not None else ""
    date = as_period(label) if label else None
    if m is None or date is None or date.kind != "date":
        return question
    span = f"the {_MONTHS_OF.get(m.group(1).lower(), m.group(1).lower())} ended {label}" if m.group(1) else f"at {label}"
    return question[:m.start()] + span + question[m.end():]


#: a year away from the last answer's whole year ("and the year before?" after a year's total column)
_YEAR_AWAY = re.compile(r"\b(?:(?:in|for)\s+)?(?:the\s+)?(?:year\s+(?:before|earlier|after)|(?:previous|prior|preceding|next|"
                        r"following)\s+year|a\s+year\s+(?:earlier|later|before|after))\b", re.I)


def _year_of_parts(question: str, history: Sequence[Program], grid: Grid | None) -> str:
    """ "And the year before?" after an answer read in a year's own column ("Year ended 31 December 2024") when
    that year has no column of its own but its halves or quarters do: "and in 2023?" (the sum of its parts)."""
    m = _YEAR_AWAY.search(question) if history and grid is not None else None
    key = period_of(history[-1], history, grid) if m else ""  # type: ignore[arg-type]
    if m is None or len(key) != 4:
        return question
    year = f"{int(key) + (1 if re.search(r'after|later|next|following', m.group(0), re.I) else -1):04d}"
    if year in grid.col_years or not any(k.startswith(f"{year}-") for k in grid.col_years):  # type: ignore[union-attr]
        return question
    return question[:m.start()] + f"in {year}" + question[m.end():]


#: "and now?", "in the latest quarter?": the table's latest period of the last answer's kind
_LATEST = re.compile(r"\b(?:right\s+)?(?:now|currently|at present|today)\b|\b(?:in\s+|for\s+)?the\s+(?:latest|most recent)\s+"
                     r"(?:quarter|month|year|half|period)\b", re.I)


def _latest(question: str, history: Sequence[Program], grid: Grid | None) -> str:
    m = _LATEST.search(question) if history and grid is not None else None
    key = period_of(history[-1], history, grid) if m else ""  # type: ignore[arg-type]
    order = grid.periods_like(key) if key else []  # type: ignore[union-attr]
    if not order or order[-1] == key:
        return question
    label = grid.col_labels[grid.col_years.index(order[-1])]  # type: ignore[union-attr]
    return question[:m.start()] + f"in {order[-1] if len(order[-1]) == 4 else label}" + question[m.end():]  # type: ignore[union-attr]


def name_that_period(question: str, history: Sequence[Program], grid: Grid | None) -> str:
    """ "... that year?" with the period of the last answer written in ("... in 2024?"), so a new question about
    another line (or another table) reads the same period. The last answer is the last figure: a text answer
    between ("why was that?") reads no period."""
    history = _up_to_last_figure(history, grid)
    question = _span_of_last_two(question, history, grid)
    question = _year_of_parts(_name_that_date(_FULL_YEAR_NAMED.sub("", question), history, grid), history, grid)
    question = _latest(question, history, grid)
    nth = _NTH_ALONE.search(question) if history and grid is not None else None
    kind = _KIND_OF_SPAN.get(_months_spanned(history[-1], history, grid)) if nth else None  # type: ignore[arg-type]
    if nth and kind:  # "and in the second?" after the first quarter: the second quarter
        return question[:nth.end()] + f" {kind}" + question[nth.end():]
    full = _FULL_YEAR.search(question) if history and grid is not None else None
    year = period_of(history[-1], history, grid)[:4] if full else ""  # type: ignore[arg-type]
    if full and year and year in grid.col_years:  # type: ignore[union-attr]
        return question[:full.start()] + f" in {year}" + question[full.end():]  # the year's own column (FY 2024)
    half = _HALF_YEAR.search(question) if history and grid is not None else None
    key = period_of(history[-1], history, grid) if half else ""  # type: ignore[arg-type]
    if half and key and 0 < int(key[8:10] or 0) <= 3:  # "and for the half year?" after June: H1 of that year
        return question[:half.start()] + f" H{1 if int(key[5:7]) <= 6 else 2} {key[:4]}" + question[half.end():]
    m = _THAT_PERIOD.search(question)
    if m and m.group(0).lower().endswith("period") and history and grid is not None and \
            len({grid.col_years[c.col] for c in cells(inline(history[-1], history))}) > 1:
        return question  # "the average per month in that period" after a total over months: all of them
    key = period_of(history[-1], history, grid) if m and history and grid is not None else ""
    if m and key and m.group(0).lower().endswith("year") and _one_years_parts(history, grid):  # type: ignore[arg-type]
        return question[:m.start()] + "in " + key[:4] + question[m.end():]  # "that year" after the year's total
    cols = [c for c, k in enumerate(grid.col_years) if k == key] if key and grid is not None else []
    if not cols:
        return question
    label = key if len(key) == 4 else grid.col_labels[cols[0]]  # type: ignore[union-attr]
    return question[:m.start()] + "in " + label + question[m.end():]  # type: ignore[union-attr]

#: "the growth over that period" after two answers in two periods: the span between them, which a change of the two
#: reads already (not the last answer's period)
_OVER_THAT_SPAN = re.compile(r"\s*\b(?:over|across|during|in|for|through(?:out)?)\s+(?:that|this|the|those)\s+"
                             r"(?:period|time|span|stretch)\b", re.I)


def _span_of_last_two(question: str, history: Sequence[Program], grid: Grid | None) -> str:
    m = _OVER_THAT_SPAN.search(question) if len(history) > 1 and grid is not None else None
    if m is None or not CHANGE_ASKED.search(question):
        return question
    keys = {period_of(p, history, grid) for p in history[-2:]}  # type: ignore[arg-type]
    return question[:m.start()] + question[m.end():] if len(keys) == 2 and "" not in keys else question


#: an ordinal whose period is left unsaid in a short follow-up ("and in the second?", "what about the third?")
_NTH_ALONE = re.compile(r"^\s*(?:and\s+|what about\s+|how about\s+)?(?:in\s+|for\s+)?the\s+(?:first|second|third|fourth)\b"
                        r"(?=\s*\??\s*$)", re.I)
_KIND_OF_SPAN = {1: "month", 3: "quarter", 6: "half"}


def _up_to_last_figure(history: Sequence[Program], grid: Grid | None) -> Sequence[Program]:
    """The history up to the last answer that read cells of the table."""
    for i in range(len(history) - 1, -1, -1):
        if grid is not None and cells(inline(history[i], history)):
            return history[:i + 1]
    return history


def _months_spanned(program: Program, history: Sequence[Program], grid: Grid) -> int:
    """How many months the last answer's columns cover together (a quarter of three month columns: 3)."""
    keys = [grid.col_years[c.col] for c in cells(inline(program, history)) if c.col < len(grid.col_years)]
    if not keys or any(len(k) < 10 or k[:4] != keys[0][:4] for k in keys):
        return 0
    start = min(int(k[5:7]) - int(k[8:10]) + 1 for k in keys)
    return max(int(k[5:7]) for k in keys) - start + 1


def _one_years_parts(history: Sequence[Program], grid: Grid) -> bool:
    """The last answer read several quarters, halves or months of one year (a total for 2023)."""
    keys = {grid.col_years[c.col] for c in cells(inline(history[-1], history)) if c.col < len(grid.col_years)}
    return len(keys) > 1 and len({k[:4] for k in keys}) == 1 and all(len(k) > 4 for k in keys)
