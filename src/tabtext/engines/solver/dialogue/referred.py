"""Follow-ups that refer to an earlier answer by what it computed: a share between two earlier answers ("what
percentage of that profit does the rise in equity represent?" puts the earlier answer that was equity's rise over the
last answer; "what share of the rise in equity is that?" the last answer over it), and another line's change between
the periods of an earlier change ("how much did the bank loan fall over the year?"). Rows of
``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..lexicon.words import content_tokens
from ..program.program import Program, Ref
from . import edit
from .asked import FALL_ASKED, Asked
from .wholes import SHARE_OF

#: an earlier answer named by what it computed: "the rise in equity", "the change in revenue"
_NAMED_CHANGE = re.compile(r"\b(?:the\s+)?(?:rise|increase|growth|change|fall|drop|decline|decrease|difference|gap)\s+in\s+"
                           r"(?:the\s+)?([a-z][\w &'-]*?)(?=\s+(?:represent\w*|make|makes|was|is|were|are|account\w*|"
                           r"amount\w*|come|came|equal\w*|do|does|did)\b|\s*[?,.]|\s*$)", re.I)
_PRONOUN = re.compile(r"\s*(?:that|this|it|the last)\b", re.I)


def _earlier_change_of(asked: Asked, words: set[str]) -> Ref | None:
    """The latest earlier answer that is a change of the one line holding ``words``."""
    for turn in range(len(asked.history) - 1, -1, -1):
        program = edit.inline(asked.history[turn], asked.history)
        labels = {c.row_label for c in edit.cells(program)}
        if program.op == "subtract" and len(labels) == 1 and words and words <= edit.label_words(labels.pop()):
            return Ref(turn)
    return None


def share_between_earlier(asked: Asked) -> Program | None:
    refs, cue = asked.last(1), SHARE_OF.search(asked.question)
    m = _NAMED_CHANGE.search(asked.question, cue.end()) if cue else None
    if not refs or cue is None or m is None:
        return None
    named = _earlier_change_of(asked, set(content_tokens(m.group(1))))
    if named is None or named.turn == refs[0].turn:
        return None
    after_cue = asked.question[cue.end():m.start()]
    if _PRONOUN.match(after_cue):  # "of that profit does the rise in equity represent": the rise over that
        return Program("percent_of", (named, refs[0]), "percent")
    if not after_cue.strip():  # "what share of the rise in equity is that?": that over the rise
        return Program("percent_of", (refs[0], named), "percent")
    return None


#: a change asked of a line ("how much did the bank loan fall over the year?", "by what percent did fees grow?")
CHANGE_ASKED = re.compile(r"\bhow (?:much|many)\b.*\b(?:rise|rose|risen|grow|grew|grown|increase[ds]?|change[ds]?|fall|fell|"
                          r"fallen|drop(?:ped)?|decline[ds]?|decrease[ds]?|(?:go|goes|went|gone|come|comes|came) (?:up|down))\b|"
                          r"\bby what (?:percent(?:age)?|%)\b", re.I)
_PERCENT = re.compile(r"\bpercent|%", re.I)


def change_of_named_line(asked: Asked) -> Program | None:
    """ "How much did the bank loan fall over the year?" after answers about another line's change: the named
    line's change between the same two periods (a fall's size: earlier minus later; "by what percent": its rate)."""
    if asked.grid is None or not CHANGE_ASKED.search(asked.question):
        return None
    for turn in range(len(asked.history) - 1, -1, -1):
        program = edit.inline(asked.history[turn], asked.history)
        found = edit.cells(program)
        if program.op not in ("subtract", "change_ratio") or len(found) != 2 or found[0].row != found[1].row or \
                found[0].col == found[1].col:  # after a growth rate too ("over the same period")
            continue
        grid = asked.grid.of_cell(found[0])  # the change's own sheet: net assets after cash, past the P&L's net income
        lines = asked.lines if grid is asked.grid else grid.rows_named(asked.question)
        if len(lines) != 1 or not set(asked.years) <= {grid.col_years[c.col] for c in found}:
            return None  # "over that same year" (the later one written in) is still the change's periods
        if found[0].row == lines[0]:
            return None  # the same line's change is an earlier answer's own (change_of_earlier, percent_change_of_last)
        later, earlier = sorted(found, key=lambda c: grid.col_years[c.col], reverse=True)
        new, old = grid.cell(lines[0], later.col), grid.cell(lines[0], earlier.col)
        if _PERCENT.search(asked.question):
            rate = Program("change_ratio", (new, old), "percent")
            return Program("percent_of", (Program("subtract", (old, new)), old), "percent") if \
                FALL_ASKED.search(asked.question) else rate
        pair = (old, new) if FALL_ASKED.search(asked.question) else (new, old)
        return Program("subtract", pair, asked.history[turn].scale if program.op == "subtract" and grid.row_scale(
            found[0].row) == grid.row_scale(lines[0]) else grid.row_scale(lines[0]))  # the table's unit, as the earlier change read it
    return None


#: a change over time of the last answer's line ("how much did they change over the year?", "how much was repaid?",
#: "how much did it change the year after that?": from the last answer's period to the next)
OVER_TIME = re.compile(r"\b(?:over|during|in|across)\s+the\s+(?:year|quarter|month|half|period)\b|\brepaid\b|"
                       r"\bpa(?:id|y) (?:down|off)\b|\bthe\s+(?:year|quarter|month|half)\s+after\b|"
                       r"\bthe\s+(?:next|following)\s+(?:year|quarter|month|half)\b|"
                       r"\b(?:during|in|over)\s+(?:the\s+)?(?:fy\s?)?(?:19|20)\d\d\b|"  # "... paid off in FY2023?"
                       r"\b(?:from|since|on|against)\s+the\s+(?:prior|previous|preceding)\s+(?:year|quarter|month|half)\b", re.I)
_AFTER = re.compile(r"\bafter\b|\bnext\b|\bfollowing\b", re.I)


def change_of_last_line(asked: Asked) -> Program | None:
    """ "How much did they change over the year?" after total liabilities at 31 Dec 2023: that line from the period
    before to the last answer's ("how much was repaid during the year?": the fall's size)."""
    from .over_periods import earlier_key

    refs, grid = asked.last(1), asked.grid
    last = asked.history[refs[0].turn] if refs else None
    found = edit.cells(edit.inline(last, asked.history)) if last is not None else []
    if grid is not None and last is not None and last.op == "subtract" and len(found) == 2 == len({c.col for c in found}) \
            and found[0].row == found[1].row and asked.years:  # "and in FY2023?" after the line's fall: from its cells
        found = [max(found, key=lambda c: grid.col_years[c.col])]
        last = Program("lookup", (found[0],), last.scale)
    if last is None or grid is None or last.op != "lookup" or len(found) != 1 or len(asked.years) > 1 or \
            len(asked.rows) > 1 or asked.rows and not asked.years and asked.rows[0] != found[0].row or \
            not asked.rows and _names_a_line_elsewhere(asked) or \
            not (CHANGE_ASKED.search(asked.question) or re.search(r"\brepaid|pa(?:id|y) (?:down|off)\b", asked.question, re.I)):
        return None
    here: Program | Ref = refs[0] if last is asked.history[refs[0].turn] else last
    if asked.rows and asked.rows[0] != found[0].row:  # "and how much did cash change during 2023?"
        here = last = edit.other_row(last, grid, asked.rows[0])  # type: ignore[assignment]
    if last is not None and asked.years and asked.years[0] != grid.col_years[found[0].col]:  # "... paid off in FY2023?"
        here = last = edit.other_period(last, grid, asked.years)  # type: ignore[assignment]
    if last is None:
        return None
    after = bool(_AFTER.search(asked.question))
    before = earlier_key(asked, last, 1 if after else -1)
    moved = edit.other_period(last, grid, [before]) if before else None
    if moved is None or not after and isinstance(here, Ref) and _same_line_before(asked, found[0]):
        return None  # "how much was paid down over those two years?" after two answers of the line: between them
    fall = FALL_ASKED.search(asked.question) or re.search(r"\brepaid|pa(?:id|y) (?:down|off)|c[oa]mes? down\b", asked.question,
                                                          re.I)
    new, old = (moved, here) if after else (here, moved)
    return Program("subtract", (old, new) if fall else (new, old), last.scale)


def _names_a_line_elsewhere(asked: Asked) -> bool:
    """Whether the question names a line of another of the person's tables ("how much did net assets go up that
    year?" after the P&L's net income): not the last answer's line."""
    grid = asked.grid
    return grid is not None and any(edit.Grid.of(t, i, grid.siblings).rows_named(asked.question)
                                    for i, t in enumerate(grid.siblings) if i != grid.index and t.rows)


def _same_line_before(asked: Asked, cell) -> bool:  # type: ignore[no-untyped-def]
    """Whether the answer before the last is the last answer's line in another period (one cell)."""
    refs = asked.last(2)
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)) if len(refs) == 2 else []
    return len(found) == 1 and found[0].row == cell.row and found[0].table == cell.table and found[0].col != cell.col
