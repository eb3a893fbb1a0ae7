"""A figure the person's text states in words ("the trust's target for bed occupancy is ninety-two per cent", "a
dividend of one million euros") answered as a figure, and a table line compared with it in a later turn ("how far
above that target was January?")."""

from __future__ import annotations

import re

from ....numbers import AMOUNT_FACTORS as _FACTOR
from ..patterns.textnum import amounts, amounts_in_words
from ..program.program import Program, Ref, TextNumber
from . import edit
from .asked import Asked
from .stated_figure import WHAT

#: "how far above that target was January?", "how much below the budget was May?"
AGAINST = re.compile(r"\bhow (?:far|much|many(?: \w+)?) (above|over|higher than|more than|ahead of|below|under|lower than|"
                     r"less than|short of|behind)\b", re.I)
_BELOW = ("below", "under", "lower than", "less than", "short of", "behind")


def line_against_stated(asked: Asked) -> Program | None:
    """ "How far above that target was January?" after a target read from the text: the line of the latest answer
    read in the table (or the one named), in the period named, less the stated figure (below: the figure less it)."""
    m, refs, grid = AGAINST.search(asked.question), asked.last(2), asked.grid
    if m is None or not refs or grid is None or len(asked.years) != 1 or len(asked.lines) > 1:
        return None
    refs = [r for r in refs if _is_stated(asked.history[r.turn])][-1:]  # "and how far above it was April?": still it
    if not refs:
        return None
    stated = asked.history[refs[0].turn]
    rows = asked.lines or _latest_line(asked, refs[0].turn)
    col = grid.col_of_year(asked.years[0])
    if len(rows) != 1 or col is None:
        return None
    cell = grid.cell(rows[0], col)
    if cell.value is None:
        return None
    pair = (refs[0], cell) if m.group(1).lower() in _BELOW else (cell, refs[0])
    return Program("subtract", pair, stated.scale or grid.row_scale(rows[0]))


def _is_stated(program: Program) -> bool:
    return program.op == "lookup" and bool(program.args) and all(isinstance(a, TextNumber) for a in program.args)


def _latest_line(asked: Asked, before: int) -> list[int]:
    """The one row of the latest answer before turn ``before`` that read cells of this table."""
    for program in reversed(asked.history[:before]):
        found = [c for c in edit.cells(edit.inline(program, asked.history)) if c.table == asked.grid.index]  # type: ignore[union-attr]
        if found:
            return sorted({c.row for c in found})
    return []


def share_of_stated(asked: Asked) -> Program | None:
    """ "What's that as a share of 2024 operating profit?" after a dividend the text states: the figure over the
    line named in the period named (its own column, else the sum of the columns that make it up)."""
    from ....periods import find_periods
    from .parts import parts_of
    from .wholes import SHARE_OF

    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or not SHARE_OF.search(asked.question) or len(asked.lines) != 1:
        return None
    named = [p for _, _, p in find_periods(asked.question)]
    if not _is_stated(asked.history[refs[0].turn]) or len(named) != 1:
        return None
    col = grid.col_of_year(asked.years[0]) if len(asked.years) == 1 else None
    cols = [col] if col is not None else parts_of(grid, named[0])
    if not cols:
        return None
    line = [grid.cell(asked.lines[0], c) for c in cols]
    whole = Program("lookup", tuple(line)) if len(line) == 1 else Program("add", tuple(line))
    return Program("percent_of", (refs[0], whole), "percent")


#: what a table of actual figures does not hold: a figure the person set or expects ("the target for the service level")
_NOT_ACTUAL = re.compile(r"\b(target|budget|forecast|goal|aim|ambition|limit|threshold|benchmark)s?\b", re.I)


def asks_what_the_table_lacks(asked: Asked) -> bool:
    """ "What is the target for the service level?": a "what" question about a target (a budget, a forecast) that
    no label of the table names is no follow-up on its lines; "how far below that target ...?" is."""
    m = _NOT_ACTUAL.search(asked.question) if WHAT.match(asked.question) and asked.grid is not None else None
    return m is not None and not any(m.group(1).lower() in label.lower()
                                     for label in asked.grid.row_labels + asked.grid.col_labels)  # type: ignore[union-attr]


#: "how much per turbine was that?", "what is that for each installer?", "and per carer?"
PER_COUNTED = re.compile(r"\b(?:per|for each|for every|a|an)\s+([a-z][a-z-]+?)(?:s)?\b(?=\s*(?:was|is|were|are|did|\?|,|$|"
                         r"on average|that|in\b|over\b|across\b))", re.I)


def per_stated_count(asked: Asked) -> Program | None:
    """ "How much per turbine was that?" after the farm's output, when no line counts turbines and the text does
    ("the farm has twelve turbines"): the last answer over that count."""
    from ..patterns.textnum import number_asked

    m, refs, grid = PER_COUNTED.search(asked.question), asked.last(1), asked.grid
    if m is None or not refs or grid is None or len(asked.lines) > 1 or m.group(1).lower() in _PERIOD_WORDS:
        return None
    from .over_periods import names_a_subject, rows_partly_named

    rest = re.sub(rf"\b(?:{'|'.join(_CUE_WORDS)})\b", " ", asked.question[:m.start()] + " " + asked.question[m.end():],
                  flags=re.I)
    rows = asked.lines or rows_partly_named(grid, rest)
    whole: Program | Ref | None = Ref(refs[0].turn)
    if rows:  # "what about generation for each turbine in October?": the line named, in the period named
        col = grid.col_of_year(asked.years[0]) if len(asked.years) == 1 else None
        whole = Program("lookup", (grid.cell(rows[0], col),), grid.row_scale(rows[0])) if col is not None else None
    if whole is None or not rows and (asked.years or names_a_subject(rest, _CUE_WORDS)):
        return None  # "how much revenue per shop was there in 2024?" of no line "Revenue": not the last answer
    unit = m.group(1).lower()
    if any(unit[:5] in label.lower() for label in grid.row_labels + grid.col_labels):
        return None  # a line or a column counts them: per_unit_of_last reads it
    for i, paragraph in enumerate(asked.context.paragraphs):
        hit = number_asked(f"how many {unit}s", paragraph.text)
        if hit is not None and not hit[1]:
            value, _, s, e = hit
            count = Program("lookup", (TextNumber(i, s, e, paragraph.text[s:e], value),), "", "", f"{value:g}")
            scale = whole.scale if isinstance(whole, Program) else asked.history[refs[0].turn].scale
            return Program("divide", (whole, count), scale)
    return None


_CUE_WORDS = frozenset("about much many there what how".split())
_PERIOD_WORDS = frozenset("day week month quarter year half period season annum unit share cent".split())


#: "how much were they without the bonus?", "and excluding the one-off grant?", "what would it be with the six new
#: stations?": the last answer less (or plus) the one figure the text states about the thing named
BESIDES = re.compile(r"\b(without|excluding|less|minus|net of|leaving out|ignoring|stripping out|taking out|including|plus|"
                     r"adding|(?:with|after)(?=\s+(?:the\s+|its\s+|their\s+|our\s+)?(?:\w+\s+)?(?:extra|new|additional|"
                     r"planned)\b))\s+(?:the\s+|that\s+|its\s+|their\s+|our\s+|this\s+)?(?:\w+\s+)?"
                     r"(?:(?:one[- ]off|extra|new|additional|planned|special)\s+)*([a-z][a-z-]{2,})", re.I)
_MINUS = ("without", "excluding", "less", "minus", "net of", "leaving out", "ignoring", "stripping out", "taking out")


def last_besides_stated(asked: Asked) -> Program | None:
    """ "How much were staff costs without the bonus?" after Q4's staff costs, the text saying "a one-off bonus of
    thirty thousand pounds": the last answer less that figure, in the answer's unit ("with the six new stations":
    plus)."""
    from ..patterns.textnum import sentences

    m, refs = BESIDES.search(asked.question), asked.last(1)
    if m is None or not refs or asked.grid is None or asked.years or not asked.history[refs[0].turn].args:
        return None
    thing = m.group(2).lower().rstrip("s")[:5]
    if any(thing in label.lower() for label in asked.grid.row_labels):
        return None  # "without rent" names a line: a computation of lines, not of the text
    figures = []
    for i, start, sentence in sentences(asked.context.paragraphs):
        if re.search(rf"\b{re.escape(thing)}", sentence, re.I):
            figures += [(i, start + s, start + e, v, u) for v, u, s, e in amounts(sentence) + amounts_in_words(sentence)
                        if u != "percent"]
    if len(figures) != 1:
        return None
    i, s, e, value, unit = figures[0]
    scale = asked.history[refs[0].turn].scale
    if scale not in _FACTOR or unit not in _FACTOR:
        return None
    text, in_scale = asked.context.paragraphs[i].text, value * _FACTOR[unit] / _FACTOR[scale]
    figure = Program("lookup", (TextNumber(i, s, e, text[s:e], in_scale),), scale, "", f"{in_scale:g}")
    op = "subtract" if m.group(1).lower() in _MINUS else "add"
    return Program(op, (Ref(refs[0].turn), figure), scale)
