"""The follow-up patterns of a ``Dialogue``: each row names a cue (a regular expression over the turn), an example,
a weight among the rows that fire, and the function that edits earlier Programs into the turn's Program."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..lexicon.words import CONVERSATION_WORDS, content_tokens
from ..program.program import Program
from . import (
    budget,
    columns,
    combined,
    dated_cols,
    earlier,
    edit,
    extremes,
    line_named,
    margins,
    named_earlier,
    named_periods,
    over_periods,
    parts,
    per_unit,
    period_on_period,
    referred,
    row_sequence,
    same_subject,
    stated,
    text_of_last,
    which,
    whole_span,
    wholes,
)
from .asked import REFERENCE_WORDS, Asked

#: how a follow-up starts ("and ...", "what about ...", "repeat that for ...", "let's look at ..."); "in" / "for" only
#: for a short fragment ("for net income?"), not "In 2019, what was ...?"; a fragment of a few words ("Net income?")
LEAD = re.compile(r"^\s*(?:compare (?:that|this|it) (?:with|to|against)\b|and|also|then|now|ok(?:ay)?|(?:(?:and\s+|now\s+)?(?:do|repeat)\s+)?(?:the\s+)?same"
                   r"(?: (?:question|thing|calculation|again))? for)\b|^\s*(?:what|how) about\b|"
                   r"^\s*(?:in|for)\b(?:\s+[^\s,?]+){1,4}\s*\??\s*$|"
                   r"^\s*(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:do|repeat|calculate|compute|work out)\s+"
                   r"(?:that|this|it|the same)\b|^\s*(?:let'?s\s+)?(?:look at|turn to|switch to|try)\b|"
                   r"^\s*(?!(?:what|how|which|who|whom|when|where|why|is|was|were|are|did|does|do|has|have|had)\b)"
                   r"[^\s?,]+(?:\s+[^\s?,]+){0,3}\s*\?\s*$", re.I)  # "Net income?", "Q1?": a fragment

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
    if (day := dated_cols.col_of_day(asked.grid, asked.question)) is not None:  # "and refunds in the week of 24 March?"
        return Program("lookup", (asked.grid.cell(rows[0], day),), asked.grid.row_scale(rows[0]))
    last = edit.inline(asked.history[refs[0].turn], asked.history)
    if (chosen := _period_chosen(last, asked.question)) is not None:  # "what about sales that week?" after "which
        return Program("lookup", (asked.grid.cell(rows[0], chosen),), asked.grid.row_scale(rows[0]))  # was higher?"
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


_THAT_PERIOD = re.compile(r"\b(?:that|the same)\s+(?:week|month|quarter|year|half|day|period)\b", re.I)


def _period_chosen(last: Program, question: str) -> int | None:
    """The column of the period a choice between periods of one line kept ("which was higher?"), when the turn
    asks of "that week"."""
    found = edit.cells(last)
    if last.op not in ("argmax", "argmin") or not _THAT_PERIOD.search(question) or len({c.row for c in found}) != 1 or \
            any(c.value is None for c in found):
        return None
    return (max if last.op == "argmax" else min)(found, key=lambda c: c.value).col  # type: ignore[arg-type,return-value]


#: words of "what was the figure for 2022?", "how many were there / what were they in 2022?": the last answer moved
_SAME_AGAIN = frozenset(content_tokens("figure figures number numbers value amount count there come came they"))


def _other_period(asked: Asked) -> Program | None:
    refs, years = asked.last(1), asked.years
    if not refs or not years or asked.rows or asked.grid is None or \
            over_periods.names_other_line(asked):
        return None  # "and vinyl records in 2023?" names a line the table lacks: not the last one moved
    if not LEAD.search(asked.question) and not earlier.names_nothing(asked, _SAME_AGAIN | earlier.period_words(asked)):
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
            r"\b(?:go(?:es)?|went|gone|c[oa]mes?) (?:up|down)\b|\b(?:rise|rose|fall|fell)\b|\b(?:jump|climb|dip|slip|soar|surge|plunge|"
            r"slump)(?:s|ed|ped)?\b|\b(?:slid|slide)\b|\bleft\s*over\b|\bremain(?:ed|ing|s|der)?\b|\bwhat(?:'s|\s+is|\s+was)\s+left\b",
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
    Pattern("other_row", LEAD.pattern, "what about net income?", 2, _other_row),
    Pattern("named_in_other_period", named_earlier.NAMED.pattern, "what was the combined figure the year before?", 4,
            named_earlier.named_in_other_period),
    Pattern("named_against_last", named_earlier.NAMED.pattern, "how many times bigger is the staff figure you gave "
            "than that?", 6.5, named_earlier.named_against_last),
    Pattern("line_after_combination", LEAD.pattern, "and operating costs that month? (after two lines combined)", 3,
            line_named.line_after_combination),
    Pattern("line_between_two_periods", line_named.MORE_THAN.pattern, "how much more was the total bill in November "
            "than in October?", 5.5, line_named.line_between_two_periods),
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
    Pattern("one_period_of_aggregate", LEAD.pattern, "how about in June? (after a total over the months)", 1.5,
            parts.one_period_of_aggregate),
    Pattern("over_all_periods_of_last", over_periods.AGGREGATE.pattern, "and what was the total for the six months?",
            3, over_periods.over_all_periods_of_last),
    Pattern("over_whole_span_of_last", whole_span.WHOLE_SPAN.pattern, "and over the whole six months? (after a month's "
            "figure)", 3.5, whole_span.over_whole_span_of_last),
    Pattern("named_line_over_whole_period", LEAD.pattern, "and what did rent come to over the year? (a table of "
            "quarters)", 2.5, whole_span.named_line_over_whole_period),
    Pattern("percent_change_down_steps", r"\b(?:percent\w*|growth|rate of growth)", "what's that as a percentage "
            "increase? (after Week 1's and Week 4's figures, weeks as rows)", 3.9, row_sequence.percent_change_down_steps),
    Pattern("over_every_step", row_sequence.OVER_STEPS.pattern, "and over all four weeks? (after a week's figure, weeks "
            "as rows)", 3.6, row_sequence.over_every_step),
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
    Pattern("one_period_of_combined", LEAD.pattern, "what about March? (after the sum of two months)", 2.5,
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
    Pattern("other_column", LEAD.pattern, "and Saturday? (after a figure in Friday's column)", 2.5,
            columns.other_column),
    Pattern("other_measure_column", LEAD.pattern, "and how many got grade 4 or above? (after 2024's entries)", 2.5,
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
    Pattern("against_budget", budget.AGAINST_BUDGET.pattern, "how much over budget did venue hire go? (a Budget column "
            "beside Total spent)", 6, budget.against_budget),
    Pattern("text_cell", r"\b(?:which|what|who|where)\b", "In which region is Bristol?", 1, same_subject.text_cell),
)
