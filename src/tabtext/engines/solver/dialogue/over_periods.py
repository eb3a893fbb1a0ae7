"""Follow-ups about periods and about two earlier answers: the period before, the same quarter a year earlier,
how much more than the period before, the percentage change between two answers, which of two lines is larger.
Rows of ``conversation.FOLLOW_UPS``; each reads the ``Asked`` of the turn (``asked.py``)."""

from __future__ import annotations

import re
from dataclasses import replace

from ....periods import find_periods, months_named
from ..lexicon.words import CONVERSATION_WORDS, MONTH_NAME, MONTHS, content_tokens
from ..patterns.period_cols import WHOLE_YEAR, col_period
from ..program.program import Program, Ref
from . import edit
from .asked import REFERENCE_WORDS, Asked
from .edit import Grid, without_periods
from .named_result import THAN_LAST, in_column_named
from .that_period import name_that_period


def percent_change_of_earlier(asked: Asked) -> Program | None:
    """ "What is the percentage increase?" / "what growth rate is that?" after two answers of one line in two
    periods: the change from the earlier to the later, as a percentage."""
    refs = asked.last(2)
    if not refs or asked.years or asked.grid is None or not asked.same_scale(refs) or \
            any(asked.history[r.turn].scale == "percent" for r in refs):
        return None
    found = [edit.cells(edit.inline(asked.history[r.turn], asked.history)) for r in refs]
    if any(not cells or len({c.row for c in cells}) != 1 for cells in found) or found[0][0].row != found[1][0].row \
            or any(r != found[0][0].row for r in asked.rows):
        return None  # one line in two periods (a cell, or a total of its halves or quarters), and no other named
    line_words = set(content_tokens(asked.grid.row_labels[found[0][0].row]))  # "how much did the fleet grow?"
    if set(content_tokens(asked.question)) - REFERENCE_WORDS - CONVERSATION_WORDS - _GROWTH_WORDS - line_words:
        return None
    ya, yb = (edit.period_of(asked.history[r.turn], asked.history, asked.grid) for r in refs)
    if not ya or not yb or ya == yb:
        return None
    later, earlier = (refs[1], refs[0]) if yb > ya else (refs[0], refs[1])
    return Program("change_ratio", (later, earlier), "percent")


#: words of a growth question that name no line ("by how much did it grow, in percent?", "the growth rate between
#: the two years")
_GROWTH_WORDS = frozenset(content_tokens("growth rate grow grew percent percentage increase change rise rose much "
                                         "between years quarters months halves periods terms relative expressed fall fell drop dropped "
                                         "decline declined decrease"))


PREVIOUS = re.compile(r"\b(?:the\s+)?(?:same\s+\w+\s+(?:a|one|the)\s+)?(month|quarter|year|half|week)\s+(?:before|earlier)\b|"
                       r"\b(?:previous|prior|preceding|last)\s+(month|quarter|year|half|period|week)\b|"
                       r"\b(year|quarter|month)[- ](?:over|on)[- ](?:year|quarter|month)\b|\b(?:yoy|qoq|mom)\b|"
                       r"^\s*(?:and\s+)?(?:what about\s+)?the\s+one\s+before\b", re.I)  # "and the one before?"
MORE_THAN = re.compile(r"\bhow (?:many|much) (?:more|less|fewer)\b|\b(?:change|increase|decrease|difference|compare\w*)\b",
                       re.I)
AGGREGATE = re.compile(r"\b(?:total|sum|average|mean)\b", re.I)


NEXT = re.compile(r"\b(?:the\s+)?(?:next|following|subsequent)\s+(month|quarter|year|half|week)\b|"
                  r"\b(?:the\s+)?(month|quarter|year|half|week)\s+after\b|\b(?:a|one|the)\s+(month|quarter|year|half|week)\s+later\b|"
                  r"^\s*(?:and\s+)?(?:what about\s+)?the\s+one\s+after\b", re.I)


def earlier_key(asked: Asked, program: Program, step: int = -1) -> str:
    """The period before the program's (``step`` -1; +1 the one after): the column before it in time, or the same
    quarter or month of the year before when a year is asked back ("the same quarter a year earlier")."""
    grid = asked.grid
    current = edit.period_of(program, asked.history, grid) if grid else ""
    order = grid.periods_like(current) if grid else []
    m = (PREVIOUS if step < 0 else NEXT).search(asked.question)
    unit = next((g for g in m.groups() if g), "").lower() if m else ""
    unit = {"yoy": "year", "qoq": "quarter", "mom": "month"}.get(m.group(0).lower(), unit) if m else unit
    if unit == "year" and len(current) > 4:  # the same quarter or month a year away, or none
        shifted = f"{int(current[:4]) + step:04d}{current[4:]}"
        return shifted if shifted in order else ""
    at = order.index(current) + step if current in order else -1
    return order[at] if 0 <= at < len(order) else ""


def next_period(asked: Asked) -> Program | None:
    """ "And in the next quarter?": the last answer one period later."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.years or MORE_THAN.search(asked.question):
        return None
    program = _on_line_named(asked, edit.inline(asked.history[refs[0].turn], asked.history))
    if (week := _a_week_away(asked, program, 1)) is not None:
        return week
    later = earlier_key(asked, program, step=1) if program is not None else None
    return edit.other_period(program, grid, [later]) if later else None


def previous_period(asked: Asked) -> Program | None:
    """ "And the month before?": the last answer one period earlier."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.years or MORE_THAN.search(asked.question):
        return None
    program = _on_line_named(asked, edit.inline(asked.history[refs[0].turn], asked.history))
    if (week := _a_week_away(asked, program, -1)) is not None:
        return week
    earlier = earlier_key(asked, program) if program is not None else None
    return edit.other_period(program, grid, [earlier]) if earlier else None  # type: ignore[arg-type]


def _a_week_away(asked: Asked, program: Program | None, step: int) -> Program | None:
    """ "And the week before?" of columns of weeks' start dates (``dated_cols``) or of rows "Week 1", "Week 2", ..."""
    from .dated_cols import moved_a_week
    from .row_sequence import a_step_away

    if program is None or asked.grid is None or not re.search(r"\bweek\b", asked.question, re.I):
        return None
    return moved_a_week(program, asked.grid, step) or a_step_away(program, asked.grid, step)


def _on_line_named(asked: Asked, program: Program) -> Program | None:
    """The last answer to move, on the one line the question names ("what was revenue in the quarter before
    that?" after a quarter's revenue or another line's cell); None when it names something else."""
    if not asked.rows:
        return None if names_other_line(asked) else program
    row, grid = asked.rows[0], asked.grid
    besides = _MOVE_WORDS | edit.label_words(grid.row_labels[row])  # type: ignore[union-attr]
    if len(asked.rows) != 1 or program.op != "lookup" or len(edit.cells(program)) != 1 or \
            names_a_subject(MONTH.sub(" ", without_periods(asked.question)), besides):
        return None
    return program if edit.cells(program)[0].row == row else edit.other_row(program, grid, row)  # type: ignore[arg-type]


GROWTH = re.compile(r"\b(?:growth|grew|percent\w*|%|rate)\b", re.I)
PERIOD_ON_PERIOD = re.compile(r"\b(?:year|quarter|month)[- ](?:over|on)[- ](?:year|quarter|month)\b|\b(?:yoy|qoq|mom)\b", re.I)


def moved(question: str) -> bool:
    """ "And wages in the quarter after?": a move of the last answer (``previous_period`` / ``next_period``), not
    "year-over-year", which another row's computation may repeat."""
    return bool(NEXT.search(question) or PREVIOUS.search(question) and not PERIOD_ON_PERIOD.search(question))


def growth_over_previous(asked: Asked) -> Program | None:
    """ "What was the year-over-year growth?" / "the growth on the quarter before?": the percentage change from the
    same line one period (or a year) earlier to the last answer."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or asked.years or not GROWTH.search(asked.question) or \
            asked.history[refs[0].turn].scale == "percent":
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    earlier = earlier_key(asked, program)
    moved = edit.other_period(program, grid, [earlier]) if earlier else None
    return Program("change_ratio", (refs[0], moved), "percent") if moved is not None else None


#: "how did that compare with 2023?", "how much more than 2021?"
COMPARE = re.compile(r"\bcompar\w*\b|\bversus\b|\bvs\b|\bhow (?:many|much) (?:more|less|fewer|higher|lower)\b[^?]*\bthan\b",
                     re.I)
SAME_PART = re.compile(r"\bsame (?:quarter|month|half)\b", re.I)


def _same_part_of_year(asked: Asked, current: str) -> list[str]:
    """ "the same quarter of 2023": the key of the last answer's quarter (or month) in the year named."""
    named = [str(p.year) for _, _, p in find_periods(asked.question) if p.kind == "year" and p.year]
    if len(current) > 4 and len(named) == 1 and SAME_PART.search(asked.question):
        return [named[0] + current[4:]]
    return []


def same_part_of_year(asked: Asked) -> Program | None:
    """ "And in the same quarter of 2023?": the last answer in that quarter (or month) of the year named."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or COMPARE.search(asked.question) or MORE_THAN.search(asked.question) or \
            names_other_line(asked):
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    keys = _same_part_of_year(asked, edit.period_of(program, asked.history, grid))
    return edit.other_period(program, grid, keys) if keys and keys[0] in grid.col_years else None


def compared_with_period(asked: Asked) -> Program | None:
    """ "How did that compare with the same quarter of 2023?": the last answer minus the same line in the period
    named (the same quarter or month of the year named); "... compare to 3Q23 staff costs?": minus that line."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None:
        return None
    inlined = edit.inline(asked.history[refs[0].turn], asked.history)
    program = edit.as_figure(inlined, grid)
    last = refs[0] if program is inlined else program  # a choice ("the highest month"): its figure, not its name
    current, keys = edit.period_of(program, asked.history, grid), list(asked.years)
    if asked.rows and (other := in_column_named(asked, program)) is not None:
        return other
    if asked.rows:
        moved = edit.other_row(program, grid, asked.rows[0])
        if moved is not None and keys:
            moved = edit.other_period(moved, grid, keys[:1]) or moved
        if moved is not None and THAN_LAST.search(asked.question):  # "how many more did Sam score than him?"
            return Program("subtract", (moved, last), program.scale)
        return Program("subtract", (last, moved), program.scale) if moved is not None else None
    keys = keys or _same_part_of_year(asked, current)
    moved = edit.other_period(program, grid, keys[:1]) if len(keys) == 1 and keys[0] != current else None
    return Program("subtract", (last, moved), program.scale) if moved is not None else None


def more_than_previous(asked: Asked) -> Program | None:
    """ "How many more than the year before?": the last answer minus the same in the period before."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or asked.years or not (MORE_THAN.search(asked.question) or
                                                                     _ROSE.search(asked.question)):
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    earlier = earlier_key(asked, program)
    moved = _a_week_away(asked, program, -1) or (edit.other_period(program, grid, [earlier]) if earlier else None)
    return Program("subtract", (refs[0], moved), program.scale) if moved is not None else None


#: a rise of the last answer asked from the period before ("how much did they rise from the week before?"): the
#: later less the earlier; "how much did income rise ...?" names a line of its own
_ROSE = re.compile(r"\bhow (?:much|many)\s+(?:did|have|has)\s+(?:it|they|that|this|those|these)\s+(?:rise|rose|risen|grow|grew|grown|increase[ds]?|(?:go|went|gone) up|"
                   r"jump(?:ed)?|climb(?:ed)?)\b.*\b(?:from|since|on|over)\b", re.I)


_AGGREGATE_WORDS = frozenset(content_tokens("total sum average mean across over all the four quarters months years "
                                            "periods halves monthly quarterly annual yearly weekly"))


def names_a_subject(question: str, besides: frozenset[str] = frozenset()) -> bool:
    """Words beyond the aggregate, the periods, references and ``besides``: "total equity at 31 December 2023"
    names a line (of another table, when this one has none), "the total for 2023" names none."""
    words = set(content_tokens(without_periods(question)))
    return bool(words - REFERENCE_WORDS - _AGGREGATE_WORDS - CONVERSATION_WORDS - besides)  # "So what was the total for 2024?"


MONTH = re.compile(rf"\b(?:{MONTH_NAME}|{'|'.join(MONTHS)}|sept)\b\.?", re.I)  # "August", "Aug" (not "marketing")
#: words of a move to another period that name no line ("and the same quarter a year earlier?")
_MOVE_WORDS = frozenset(content_tokens("same period quarter month week year half figure number value before earlier prior "
                                       "preceding previous last next following subsequent after later ago question "
                                       "look like one"))  # "same question for Q2?", "what did it look like a year earlier?"


def names_other_line(asked: Asked) -> bool:
    """A period move that names something besides periods ("and vinyl records in 2023?", "and magazines the year
    before?"): a line the table lacks, not the last answer's line moved."""
    return names_a_subject(MONTH.sub(" ", without_periods(asked.question)), _MOVE_WORDS)


def aggregate_of_last(asked: Asked) -> Program | None:
    """ "What was the total for 2023?" after an answer about one line: the same question of that line."""
    from .core import as_program, ask_core

    refs = asked.last(1)
    if not refs or asked.grid is None or not (find_periods(asked.question) or asked.years) or \
            names_a_subject(asked.question):
        return None
    grid = asked.grid
    if any(edit.label_words(grid.row_labels[r]) - _AGGREGATE_WORDS for r in asked.rows):
        return None  # a line named; "the total" alone names the Total row by its aggregate word only
    found = edit.cells(edit.inline(asked.history[refs[0].turn], asked.history))
    if not found or len({c.row for c in found}) != 1:
        return None
    question = AGGREGATE.sub(lambda m: f"{m.group(0)} {found[0].row_label}", asked.question, count=1)
    program = as_program(ask_core(question, asked.context), asked.grid)
    return program if program is not None and edit.cells(program) else None


#: a question about every period, or which period: no period of the last answer to carry over
_OVER_ALL = re.compile(r"\b(?:across|over|all|each|every|which|when|highest|lowest|most|least|largest|smallest|"
                       r"peak|best|worst|table|average|mean)\b|\bin the (?:\w+ )?(?:quarters|months|years|periods)\b|"
                       r"\bper (?:month|quarter|year|period|season)\b", re.I)


def asks_a_measure(asked: Asked) -> bool:
    """The question asks something of its own (a measure, a line) naming no period, after an answer read in some
    period of a table of several."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.years or find_periods(asked.question) or \
            months_named(asked.question) or not names_a_subject(asked.question) or _OVER_ALL.search(asked.question) \
            or WHOLE_YEAR.search(asked.question) \
            or PREVIOUS.search(asked.question) or NEXT.search(asked.question) or MORE_THAN.search(asked.question) \
            or any(not grid.col_years[c] for c in grid.cols_named(asked.question)):
        return False  # "how many stations does Harbourside have?" names a column of no period: a question of its own
    # a table of one period ("Units sold 2024" among measures) has no other period to stay out of
    return bool(edit.period_of(asked.history[refs[0].turn], asked.history, grid)) and len(set(grid.col_years) - {""}) > 1


def measure_in_same_period(asked: Asked) -> Program | None:
    """ "And the operating margin?" / "what was the gross margin?" after an answer about one period: a measure no
    row is named by, asked in the last answer's period (the core would take the table's best column)."""
    from .core import as_program, ask_core
    from .dated_cols import on_the_same_day

    refs, grid = asked.last(1), asked.grid
    if not asks_a_measure(asked):
        return None
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    if len(asked.lines) == 1 and last.op in ("lookup", "add", "average") and len({c.row for c in edit.cells(last)}) == 1 \
            and not names_a_subject(asked.question, frozenset(edit.label_words(grid.row_labels[asked.lines[0]]))):
        moved = edit.other_row(last, grid, asked.lines[0])  # "what was the gross profit then?" after a year's revenue
        if moved is not None:
            return moved
    question = name_that_period(asked.question.rstrip(" ?") + " that period?", asked.history, grid)
    program = as_program(ask_core(question, asked.context), grid)
    if (program is None or len(edit.cells(program)) < 2) and len(asked.tables) > 1:
        program = _measure_of_table_chosen(asked, question) or program  # "what's the return on assets?": two sheets
    program = on_the_same_day(program, last, grid)  # "how much revenue did that week bring in?": that week's
    return program if program is not None and edit.cells(program) else None


def _measure_of_table_chosen(asked: Asked, question: str) -> Program | None:
    """The measure read in the table a new question would choose (the join of a P&L and a balance sheet for "the
    return on assets"), when it is not the last answer's and reads a measure there (two cells or more)."""
    from ....table_choice import rank_tables
    from .core import as_program, ask_core

    tables, first = asked.tables, rank_tables(asked.tables, question)[0]
    if asked.grid is None or first == asked.grid.index:
        return None
    context = replace(asked.context, tables=(tables[first],) + tuple(t for i, t in enumerate(tables) if i != first))
    program = as_program(ask_core(question, context), Grid.of(tables[first], first, tables))
    return program if program is not None and len(edit.cells(program)) > 1 else None


PER_PERIOD = re.compile(r"\b(?:per|a|each|every)\s+(?:month|quarter|year|half|period|season)\b", re.I)


_PER_ROW = re.compile(r"\b(?:per|a|each|every)\s+[a-z]+\b", re.I)


def other_aggregate_of_last(asked: Asked) -> Program | None:
    """ "And the average per month?" after a total over months (or "and the total?" after an average): the same
    cells, the other aggregate."""
    refs = asked.last(1)
    if not refs or asked.grid is None or asked.rows or asked.years or find_periods(asked.question):
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(program)
    down = len({c.col for c in found}) == 1 < len({c.row for c in found})  # a column's total over its rows
    if names_a_subject((_PER_ROW if down else PER_PERIOD).sub(" ", asked.question)):
        return None  # "and the average per team?" after the goals of every team: their average
    op = "average" if re.search(r"\b(?:average|mean)\b", asked.question, re.I) or PER_PERIOD.search(asked.question) \
        else "add"  # "what is that per month?" after a total over months: their average
    if program.op not in ("add", "sum", "average") or program.op == op or len(found) < 2 or \
            len({c.row for c in found}) != 1 and not down:
        return None
    return Program(op, tuple(found), program.scale)


def as_asked_aggregate(program: Program, question: str) -> Program:
    """A total moved to another line as the average the question asks for ("and the average occupancy in 2023?"
    after the total rooms revenue for 2023), or the other way round."""
    if program.op not in ("add", "average") or len(program.args) < 2:
        return program
    asks_average = bool(re.search(r"\b(?:average|mean)\b", question, re.I))
    asks_total = bool(re.search(r"\b(?:total|sum)\b", question, re.I))
    if asks_average and program.op == "add" or asks_total and program.op == "average":
        return replace(program, op="average" if asks_average else "add", answer_value=None)
    return program


def rows_partly_named(grid: Grid, words: str) -> list[int]:
    """The one row whose label holds every word named ("sales" of "Bakery sales"; a total line first when several
    do: "Total sales" of retail, wholesale and total sales)."""
    plain = re.sub(r"\b(?:that|this|the same|each|every)\s+(?:year|quarter|month|half|period)(?:'s)?\b", " ", words, flags=re.I)
    for start, end, _ in reversed(find_periods(plain)):
        plain = plain[:start] + " " + plain[end:]
    named = set(content_tokens(plain.replace("'s", " "))) - REFERENCE_WORDS
    found = [r for r in grid.body_rows() if named and named <= edit.label_words(grid.row_labels[r])]
    totals = [r for r in found if grid.row_labels[r].strip().lower().startswith("total")]
    return totals[:1] if totals else found if len(found) == 1 else []


def the_two(asked: Asked) -> list:
    """The two earlier answers "the two" means: the last two, or the two the last answer combined ("and the
    average of the two?" after "what's the total of the two?")."""
    refs = asked.figures(2)
    if refs:
        last = asked.history[refs[1].turn]
        args = [a for a in last.args if isinstance(a, Ref)]
        if last.op in ("add", "average", "subtract", "change_ratio") and len(args) == 2 == len(last.args):
            return args
    return refs


_ALL_PERIODS = re.compile(r"\b(?:for|across|over|in|during)\s+(?:all\s+)?(?:the\s+|these\s+)?(?:\w+\s+)?"
                          r"(?:quarters|months|periods|years|seasons|weeks|halves|half[- ]years)\b|\bin the table\b|\bin total\b",
                          re.I)


def over_all_periods_of_last(asked: Asked) -> Program | None:
    """ "And what was the total for the six months?" after an answer about one line: that line summed (or
    averaged) over every period column."""
    refs, grid = asked.last(1), asked.grid
    if not refs or grid is None or asked.rows or asked.years or find_periods(asked.question) or \
            not _ALL_PERIODS.search(asked.question) or \
            names_a_subject(PER_PERIOD.sub(" ", _ALL_PERIODS.sub(" ", asked.question))):  # "the average per half"
        return None
    program = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(program)
    if not found or len({c.row for c in found}) != 1:
        return None
    row, kinds = found[0].row, {p.kind for c in found if (p := col_period(grid.col_labels[c.col]))}
    cols = [c for c in range(1, grid.table.n_cols) if (p := col_period(grid.col_labels[c])) and
            (len(kinds) != 1 or p.kind in kinds) and grid.cell(row, c).value is not None]  # not the year's total column
    op = "average" if re.search(r"\b(?:average|mean)\b", asked.question, re.I) else "add"
    # the line's own scale: the last answer may be the line's change in percent
    return Program(op, tuple(grid.cell(row, c) for c in cols), grid.row_scale(row)) if len(cols) > 1 else None
