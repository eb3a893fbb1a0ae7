"""A conversation over a user's table and text: the history is a list of Programs, follow-ups edit them.

Each way of reading a follow-up is a named pattern row (``FOLLOW_UPS``: name, the cue it answers to, an
example); every pattern whose cue fits proposes a Program and the highest-weighted proposal wins, so the
order of the table is data, not control flow. A question no pattern reads goes to the TAT-QA core
(``core.ask_core``). ``tabtext ask --chat``, ``tabtext serve`` and the web page all use
``Dialogue``; what it shows as "read as" is rendered from the Program it runs, never from rewritten text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ....calc import CalcError
from ....table_choice import rank_tables
from ....types import Answer, Context, Evidence, Prediction
from ..lexicon.words import CONVERSATION_WORDS, content_tokens
from ..program.program import Program
from . import (
    columns,
    combined,
    earlier,
    edit,
    extremes,
    margins,
    named_periods,
    over_periods,
    parts,
    per_unit,
    period_on_period,
    referred,
    same_subject,
    stated,
    text_of_last,
    that_period,
    unanswered,
    which,
    wholes,
)
from .asked import REFERENCE_WORDS, Asked
from .core import as_counted, as_program, ask_core, fall_as_size, in_the_year_named, named_cell_not_span
from .edit import Grid

#: below this confidence ``ask`` and ``serve`` say "no answer found"; the trade-off on held-out folds of the open
#: part of TAT-QA dev is printed by ``benchmarks/train_ranker.py`` and ``benchmarks/ask_threshold.py``
MIN_CONFIDENCE = 0.5
#: a follow-up read by a pattern: not calibrated on dev (ConvFinQA's gold history is not the user's)
FOLLOW_UP_CONFIDENCE = 0.9

#: how a follow-up starts ("and ...", "what about ...", "repeat that for ...", "let's look at ..."); "in" / "for" only
#: for a short fragment ("for net income?"), not "In 2019, what was ...?"; a fragment of a few words ("Net income?")
_LEAD = re.compile(r"^\s*(?:compare (?:that|this|it) (?:with|to|against)\b|and|also|then|now|ok(?:ay)?|(?:(?:and\s+|now\s+)?(?:do|repeat)\s+)?(?:the\s+)?same"
                   r"(?: (?:question|thing|calculation|again))? for)\b|^\s*(?:what|how) about\b|"
                   r"^\s*(?:in|for)\b(?:\s+[^\s,?]+){1,4}\s*\??\s*$|"
                   r"^\s*(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:do|repeat|calculate|compute|work out)\s+"
                   r"(?:that|this|it|the same)\b|^\s*(?:let'?s\s+)?(?:look at|turn to|switch to|try)\b|"
                   r"^\s*(?!(?:what|how|which|who|whom|when|where|why|is|was|were|are|did|does|do|has|have|had)\b)"
                   r"[^\s?,]+(?:\s+[^\s?,]+){0,3}\s*\?\s*$", re.I)  # "Net income?", "Q1?": a fragment
#: a word acknowledging the last answer before a whole question of its own ("OK. How much did X rise ...?")
_ACKNOWLEDGED = re.compile(r"^\s*(?:ok(?:ay)?|right|thanks?(?: you)?|great|cool|got it|i see|alright|sure|perfect|fine)"
                           r"\s*[.!,;:]+\s*(?=\S)", re.I)
#: a lead word of a turn, not of the question ("and total equity at the end of 2024?" is no "X and Y" to add up)
_CONVERSATIONAL_LEAD = re.compile(r"^\s*(?:and|so|also|then|now|ok(?:ay)?|well)\b[\s,]*(?=\S)", re.I)
#: comparatives "which ...?" asks between the last two answers ("which drove further?", "which quarter was better?")
_COMPARED = (r"(?:faster|more|higher|larger|bigger|greater|less|lower|smaller|slower|better|worse|stronger|weaker|further|"
             r"farther|longer|shorter|heavier|lighter|cheaper|dearer|busier|quieter|costlier|warmer|colder|wetter|drier)")


@dataclass(frozen=True, slots=True)
class Pattern:
    name: str
    when: str  # the cue, as a regular expression over the question
    example: str
    weight: float
    build: Callable[[Asked], Program | None]

    def propose(self, asked: Asked) -> Program | None:
        if not re.search(self.when, asked.question, re.I):
            return None
        return self.build(asked)


#: words of a turn's lead that name no line ("compare that with marketing", "repeat that for ...")
_LEAD_WORDS = frozenset(content_tokens("compare compared with against versus vs repeat same question thing calculation "
                                       "again do let look turn switch try what how and now okay ok then"))


_AGGREGATE_ALONE = frozenset(content_tokens("total sum average mean overall"))


def _row_named_in_part(asked: Asked) -> list[int]:
    """ "What about marketing?" of a line "Marketing spend ($k)": the one row whose label holds every word the
    turn names besides its lead and the periods (rows named in full are ``asked.rows``)."""
    if asked.grid is None or any(m.search(asked.question) for m in (over_periods.PREVIOUS, over_periods.NEXT,
                                                                      named_periods.AWAY)):
        return []  # "and the year before?" moves the last answer ("Profit before tax" is not named)
    words = set(content_tokens(asked.question)) - _LEAD_WORDS - CONVERSATION_WORDS - REFERENCE_WORDS - \
        earlier.period_words(asked)
    if words <= _AGGREGATE_ALONE:  # "total for the year?" asks the last line's total, not the "Total revenue" line
        return []
    found = [r for r in asked.grid.body_rows() if words and words <= edit.label_words(asked.grid.row_labels[r])]
    return found if len(found) == 1 else []


def _other_row(asked: Asked) -> Program | None:
    refs, rows = asked.last(1), asked.rows or _row_named_in_part(asked)
    if not refs or not rows or asked.grid is None or asked.names_unknown_year or over_periods.moved(asked.question):
        return None
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    if len(asked.years) == 1 and last.op != "lookup" and (last.op in ("argmax", "argmin") or
                                                          len({c.col for c in edit.cells(last)}) > 1):
        col = asked.grid.col_of_year(asked.years[0])  # "what about operating income in Q3?" after a change
        return Program("lookup", (asked.grid.cell(rows[0], col),), asked.grid.row_scale(rows[0])) if col is not None else None
    moved = edit.other_row(last, asked.grid, rows[0])
    if moved is not None and asked.years:
        moved = edit.other_period(moved, asked.grid, asked.years) or moved
    if moved is not None:
        moved = edit.as_asked_change(moved, asked.question, asked.grid.row_scale(rows[0]))
    return over_periods.as_asked_aggregate(moved, asked.question) if moved is not None else None


#: words of "what was the figure for 2022?", "how many were there / what were they in 2022?": the last answer moved
_SAME_AGAIN = frozenset(content_tokens("figure figures number numbers value amount count there come came they"))


def _other_period(asked: Asked) -> Program | None:
    refs, years = asked.last(1), asked.years
    if not refs or not years or asked.rows or asked.grid is None or \
            over_periods.names_other_line(asked):
        return None  # "and vinyl records in 2023?" names a line the table lacks: not the last one moved
    if not _LEAD.search(asked.question) and not earlier.names_nothing(asked, _SAME_AGAIN | earlier.period_words(asked)):
        return None
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    found = edit.cells(last)
    col = asked.grid.col_of_year(years[0])
    if len(years) == 1 and last.op in ("subtract", "change_ratio", "add") and len({c.row for c in found}) == 1 and \
            len({c.col for c in found}) > 1 and col not in {c.col for c in found}:
        # "what about H1 2024?" after a line's change over two other halves: the line in that period (of a period
        # the change read, "and in 2019?" after 2020's change from 2019, the line's value was asked already: the
        # change moves back; "and in H1 2025?" after the line's total over 2024's halves: the line in that half)
        return Program("lookup", (asked.grid.cell(found[0].row, col),), asked.grid.row_scale(found[0].row)) \
            if col is not None else None
    if len(years) == 1 == len({c.row for c in found}) and last.op == "add" and len(years[0]) == 4 and \
            col is not None and all(len(asked.grid.col_years[c.col]) > 4 for c in found):
        # "and for the year?" after a total over two quarters: the line in the year's own column ("FY 2024")
        return Program("lookup", (asked.grid.cell(found[0].row, col),), asked.grid.row_scale(found[0].row))
    return edit.other_period(last, asked.grid, years)


FOLLOW_UPS: tuple[Pattern, ...] = (
    Pattern("combine_earlier", r"\b(?:sum|total|add|combined|together|average|mean|ratio|divided|quotient)\b|"
            r"\bhow many times\b",
            "what is the sum of the two?", 6, earlier.combine_earlier),
    Pattern("change_of_earlier", r"\b(?:change|difference|increase|decrease|grow\w*|grew|decline|drop\w*|gap|compare|"
            r"improve\w*|worsen\w*|repa(?:id|y|ys|ying)|pa(?:id|y) (?:down|off)|reduced|cut|saved|added)\b|"
            rf"\bhow (?:many|much) (?:more|{earlier.GAP_WORDS})\b|{earlier.BY_HOW_MUCH.pattern}|"
            r"\b(?:go(?:es)?|went|gone) (?:up|down)\b|\b(?:rise|rose|fall|fell)\b|\b(?:jump|climb|dip|slip|soar|surge|plunge|"
            r"slump)(?:s|ed|ped)?\b|\b(?:slid|slide)\b",
            "what was the change?", 5, earlier.change_of_earlier),
    Pattern("share_of_combined", wholes.SHARE_OF.pattern, "what are the two together as a share of the total?", 6.5,
            combined.share_of_combined),
    Pattern("share_of_named", wholes.SHARE_OF.pattern,
            "what is that as a percentage of total assets?", 5, wholes.share_of_named),
    Pattern("share_named_in_full", wholes.SHARE_OF.pattern, "what share of June's loans were e-books?", 5.5,
            wholes.share_named_in_full),
    Pattern("share_between_earlier", wholes.SHARE_OF.pattern, "what percentage of that profit does the rise in equity "
            "represent?", 6, referred.share_between_earlier),
    Pattern("change_of_named_line", referred.CHANGE_ASKED.pattern, "how much did the bank loan fall over the year? "
            "(after cash's increase)", 4.5, referred.change_of_named_line),
    Pattern("change_of_last_line", referred.OVER_TIME.pattern, "how much did they change over the year? (after one "
            "year-end balance)", 5.5, referred.change_of_last_line),
    Pattern("share_of_earlier", wholes.SHARE_ALONE.pattern, "what percentage is that? (after a part of the last answer)",
            4.5, wholes.share_of_earlier),
    Pattern("percent_change_of_last", r"\b(?:percent\w*|in %|growth|rate of growth|relative terms)", "and as a percentage?", 4,
            earlier.percent_change_of_last),
    Pattern("percent_change_of_earlier", r"\b(?:percent\w*|growth|rate of growth)", "what is the percentage "
            "increase?", 4, over_periods.percent_change_of_earlier),
    Pattern("aggregate_of_last", over_periods.AGGREGATE.pattern, "what was the total for 2023?", 3,
            over_periods.aggregate_of_last),
    Pattern("why_of_last", same_subject.WHY.pattern, "why the drop? (after a line's figure)", 3.5,
            same_subject.why_of_last),
    Pattern("text_of_last", text_of_last.ASKED.pattern, "who brought that in? (after a text answer)", 4,
            text_of_last.text_of_last),
    Pattern("subject_of_last", same_subject.IT.pattern, "what was the change in it from 2019 to 2020?", 3,
            same_subject.subject_of_last),
    Pattern("other_row", _LEAD.pattern, "what about net income?", 2, _other_row),
    Pattern("other_period", r".", "and in 2019?", 2, _other_period),
    Pattern("parts_of_other_period", r".", "and for the full year? (after a quarter's margin)", 2,
            parts.parts_of_other_period),
    Pattern("line_over_every_period", r"\b(?:average|mean|total)\b", "what was the average quarterly net income?", 3,
            parts.line_over_every_period),
    Pattern("parts_average_of_year", r"\b(?:average|mean)\b", "how much is that per quarter on average? (after the "
            "year's own column)", 4.5, parts.parts_average_of_year),
    Pattern("to_date_of_last", parts.TO_DATE.pattern, "what about year to date? (after a quarter's revenue)", 3,
            parts.to_date_of_last),
    Pattern("over_named_periods", r".", "and in July and August? (after a total over other months)", 2,
            parts.over_named_periods),
    Pattern("measure_in_same_period", r".", "and the operating margin?", 1,
            over_periods.measure_in_same_period),
    Pattern("measure_over_same_periods", r".", "so what was the gross margin? (after totals over the year's quarters)",
            1.5, parts.measure_over_same_periods),
    Pattern("measure_of_same_row", r".", "what's the claim rate? (after the Trail T5's claims)", 1,
            same_subject.measure_of_same_row),
    Pattern("previous_period", over_periods.PREVIOUS.pattern, "and the month before?", 2,
            over_periods.previous_period),
    Pattern("next_period", over_periods.NEXT.pattern, "and in the next quarter?", 2, over_periods.next_period),
    Pattern("one_period_of_aggregate", _LEAD.pattern, "how about in June? (after a total over the months)", 1.5,
            parts.one_period_of_aggregate),
    Pattern("over_all_periods_of_last", over_periods.AGGREGATE.pattern, "and what was the total for the six months?",
            3, over_periods.over_all_periods_of_last),
    Pattern("other_aggregate_of_last", over_periods.AGGREGATE.pattern + "|" + over_periods.PER_PERIOD.pattern,
            "and the average per month? (after a total)",
            4, over_periods.other_aggregate_of_last),
    Pattern("growth_over_previous", over_periods.PREVIOUS.pattern, "what was the year-over-year growth?", 6,
            over_periods.growth_over_previous),
    Pattern("change_on_period", period_on_period.CHANGE_ON_PERIOD.pattern, "what was the year-on-year change in H2?",
            6, period_on_period.change_on_period),
    Pattern("same_part_of_year", over_periods.SAME_PART.pattern, "and in the same quarter of 2023?", 3,
            over_periods.same_part_of_year),
    Pattern("margin_of_last", r"\bmargin\b", "what was the margin? (after a profit line)", 4, margins.margin_of_last),
    Pattern("compared_with_period", over_periods.COMPARE.pattern, "how did that compare with the same quarter of 2023?",
            5, over_periods.compared_with_period),
    Pattern("more_than_previous", over_periods.PREVIOUS.pattern, "how many more than the year before?",
            5, over_periods.more_than_previous),
    Pattern("which_of_two", rf"\bwhich of (?:the|these|those) two\b|\bwhich(?: \w+)? (?:one|line|grew|rose|fell|was|is|had|did)\b"
            rf".*\b{_COMPARED}\b|^\s*(?:and\s+)?which(?:\s+[\w-]+){{1,2}}\s+{_COMPARED}\s*\??\s*$",
            "which of the two grew faster?", 3, which.which_of_two),
    Pattern("two_periods_of_line", named_periods.TWO_PERIODS.pattern, "what is the ratio of March to January?", 6,
            named_periods.two_periods_of_line),
    Pattern("periods_away", named_periods.AWAY.pattern, "and two years earlier?", 2.5, named_periods.periods_away),
    Pattern("more_in_period", named_periods.MORE_IN.pattern, "how many more total loans were there in May?", 5,
            named_periods.more_in_period),
    Pattern("change_from_period", named_periods.CHANGE_FROM.pattern, "how much did it change from Q1?", 5,
            named_periods.change_from_period),
    Pattern("one_period_of_combined", _LEAD.pattern, "what about March? (after the sum of two months)", 2.5,
            named_periods.one_period_of_combined),
    Pattern("per_unit_of_last", per_unit.PER_UNIT.pattern + "|" + per_unit.PER_ROW.pattern, "how many rides per scooter was that? (after the fleet)",
            4, per_unit.per_unit_of_last),
    Pattern("extreme_period_of_line", extremes.EXTREME.pattern, "which month had the lowest pastry sales?", 3.5,
            extremes.extreme_period_of_line),
    Pattern("other_extreme", extremes.SUPERLATIVE.pattern, "and the lowest? (after the highest)", 3.5,
            extremes.other_extreme),
    Pattern("period_of_last", extremes.THAT_PERIOD.pattern, "which month was that?", 3.5, extremes.period_of_last),
    Pattern("value_of_last", extremes.THAT_VALUE.pattern, "how many was that? (after the department with the most)", 4,
            extremes.value_of_last),
    Pattern("other_column", _LEAD.pattern, "and Saturday? (after a figure in Friday's column)", 2.5,
            columns.other_column),
    Pattern("other_measure_column", _LEAD.pattern, "and how many got grade 4 or above? (after 2024's entries)", 2.5,
            columns.other_measure_column),
    Pattern("over_every_column", columns.OVER_COLUMNS.pattern, "what was the average per day over the three days?",
            3.5, columns.over_every_column),
    Pattern("two_columns_of_line", r"\bthan\b", "how much lower was Sunday than Saturday, in percent?", 6,
            columns.two_columns_of_line),
    Pattern("line_against_stated", stated.AGAINST.pattern, "how far above that target was January? (after a target "
            "the text states)", 6, stated.line_against_stated),
    Pattern("share_of_stated", wholes.SHARE_OF.pattern, "what's that as a share of 2024 operating profit? (after a "
            "dividend the text states)", 6, stated.share_of_stated),
    Pattern("per_stated_count", stated.PER_COUNTED.pattern, "how much per turbine was that? (the text counts the "
            "turbines)", 3.8, stated.per_stated_count),
    Pattern("last_besides_stated", stated.BESIDES.pattern, "how much were they without the bonus? (the text states "
            "the bonus)", 4.5, stated.last_besides_stated),
    Pattern("text_cell", r"\b(?:which|what|who|where)\b", "In which region is Bristol?", 1, same_subject.text_cell),
)


def _phrase_for_a_figure(question: str, program: Program, asked: Asked) -> bool:
    """ "What about the complaints line?" after figures, read by the core as a phrase of the text holding no figure:
    the turn asks the last computation of a line the table lacks, which no sentence answers."""
    from .core import holds_no_figure

    return bool(_LEAD.search(question)) and program.op in ("span", "spans") and bool(asked.last(1)) and \
        not re.match(r"\s*(?:and\s+)?(?:why|who|where|when|how come)\b", question, re.I) and holds_no_figure(program)


@dataclass(frozen=True, slots=True)
class Reply:
    question: str
    program: Program | None
    answer: Answer | None
    evidence: tuple[Evidence, ...] = ()
    read_as: str = ""
    confidence: float = 0.0
    error: str = ""
    table: int = 0  # which of the context's tables the answer reads
    reader_found: float | None = None  # an answer from the text: the reader's probability that it is usable
    of_the_kind_asked: bool = False  # a person's text answer of the kind asked (a name for "who"): given as found

    @property
    def found(self) -> bool:
        return self.answer is not None and (self.of_the_kind_asked or stands_behind(self.confidence, self.reader_found))


def stands_behind(confidence: float, reader_found: float | None = None) -> bool:
    """Whether ``ask`` and ``serve`` give the answer or say "no answer found": the core's confidence (an exact
    answer) reaches MIN_CONFIDENCE, or for an answer read from the text, the reader's probability that it is
    usable reaches its NO_ANSWER_THRESHOLD (a clause a few words too long still answers a person)."""
    from ..reader import NO_ANSWER_THRESHOLD

    return confidence >= MIN_CONFIDENCE or (reader_found is not None and reader_found >= NO_ANSWER_THRESHOLD)


@dataclass
class Dialogue:
    context: Context
    history: list[Program] = field(default_factory=list)
    off: frozenset[str] = frozenset()  # pattern names switched off (ablation)

    def ask(self, question: str) -> Reply:
        question, current = question.strip(), self._current_table()
        read = that_period.name_that_period(_ACKNOWLEDGED.sub("", question), self.history, self._grid(current))  # "that year"
        asked = Asked(read, self._grid(current), tuple(self.history), self._reading(current), self.context.tables)
        proposals = [(p.weight, p.name, prog) for p in FOLLOW_UPS if p.name not in self.off
                     if (prog := p.propose(asked)) is not None] if not stated.asks_what_the_table_lacks(asked) else []
        if proposals:
            _, name, program = max(proposals, key=lambda x: x[0])
            lacks = unanswered.still_guessed(program, asked)
            if lacks:  # it rests on what the last turn lacked: no answer either
                return Reply(question, self.keep_unanswered(program, lacks), None, error=unanswered.WHY[lacks], table=current)
            return self._reply(question, program, name, FOLLOW_UP_CONFIDENCE, (), current)
        if named_periods.beyond_table(asked):
            return Reply(question, None, None, error="no answer found: that period is not in the table", table=current)
        tables, read = self.context.tables, _CONVERSATIONAL_LEAD.sub("", read)  # "and total equity?": no sum
        first = rank_tables(tables, read)[0] if len(tables) > 1 else 0  # a new question: its own table
        context = self._reading(first)
        pred = ask_core(read, context)
        program = as_program(pred, self._grid(first))
        if program is not None:
            grid = self._grid(first)
            program = fall_as_size(read, in_the_year_named(read, program, grid), grid)
            cell = named_cell_not_span(read, program, grid)
            if cell is not program:  # the line and period named, read in the table: not the core's text or its confidence
                return self._reply(question, cell, "", FOLLOW_UP_CONFIDENCE, (), first)
        if program is None or _phrase_for_a_figure(question, program, asked):
            return Reply(question, None, None, error=pred.error or "no answer found", table=first)
        program = as_counted(read, program, pred.evidence, tables[first])
        confidence = pred.meta.get("confidence")  # the core's ranker, calibrated on held-out folds of dev
        confidence = float(confidence) if isinstance(confidence, (int, float)) else 1.0  # other engines: trusted
        reply = self._reply(question, program, "", confidence, pred.evidence, first)
        found = pred.meta.get("reader_found")
        return replace(reply, reader_found=float(found)) if isinstance(found, (int, float)) else reply

    def keep_unanswered(self, program: Program | None, lacks: str, question: str = "") -> Program | None:
        """The last turn (``program``) has no answer: what it asked is kept for the next (``unanswered``)."""
        record = unanswered.record_of(program, lacks, question, self._grid(self._current_table()))
        if record is not None:
            self.history[-1:] = [record] if self.history and self.history[-1] is program else [*self.history[-1:], record]
        return record

    def _current_table(self) -> int:
        """The table of the last answer's cells (a follow-up works on it)."""
        for program in reversed(self.history):
            found = edit.cells(edit.inline(program, self.history))
            if found:
                return found[0].table
        return 0

    def _grid(self, index: int) -> Grid | None:
        tables = self.context.tables
        return Grid.of(tables[index], index, tables) if index < len(tables) and tables[index].rows else None

    def _reading(self, index: int) -> Context:
        """The context with table ``index`` first: the core reads the first table."""
        tables = self.context.tables
        if not 0 < index < len(tables):
            return self.context
        return replace(self.context, tables=(tables[index],) + tables[:index] + tables[index + 1:])

    def _reply(self, question: str, program: Program, name: str, confidence: float,
               evidence: tuple[Evidence, ...], table: int) -> Reply:
        history = tuple(self.history)
        try:
            answer = program.run(history)
        except CalcError as exc:
            return Reply(question, program, None, error=f"cannot compute {edit.describe(program, history)}: {exc}",
                         table=table)
        if not answer.text().strip():  # an empty cell (a section's heading row) answers nothing
            return Reply(question, program, None, error="no answer found: the cell read is empty", table=table)
        if name:
            program = replace(program, pattern=name)
        self.history.append(program)
        evidence = evidence or edit.inline(program, history).evidence()
        read_as = edit.describe(program, history) if name else ""
        return Reply(question, program, answer, tuple(evidence), read_as, confidence, table=table)

    @classmethod
    def from_json(cls, context: Context, history: list[dict]) -> Dialogue:
        return cls(context, [Program.from_json(h) for h in history])


def as_prediction(reply: Reply, uid: str, several_tables: bool = False) -> Prediction:
    """The reply as a Prediction; with several tables ``meta["table_index"]`` names the one it read."""
    meta = {"confidence": reply.confidence, "read_as": reply.read_as, "reader_found": reply.reader_found,
            "program": reply.program.to_json() if reply.program else None,
            **({"of_the_kind_asked": True} if reply.of_the_kind_asked else {})}
    return Prediction(uid=uid, answer=reply.answer, raw=reply.answer.text() if reply.answer else "",
                      error=reply.error, evidence=reply.evidence,
                      meta={**meta, "table_index": reply.table} if several_tables else meta)
