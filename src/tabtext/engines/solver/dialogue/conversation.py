"""A conversation over a user's table and text: the history is a list of Programs, follow-ups edit them.

Each way of reading a follow-up is a named pattern row (``follow_ups.FOLLOW_UPS``: name, the cue it answers to, an
example); every pattern whose cue fits proposes a Program and the highest-weighted proposal wins, so the
order of the table is data, not control flow. A question no pattern reads goes to the TAT-QA core
(``core.ask_core``). ``tabtext ask --chat``, ``tabtext serve`` and the web page all use
``Dialogue``; what it shows as "read as" is rendered from the Program it runs, never from rewritten text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ....calc import CalcError
from ....role_words import in_text_words
from ....table_choice import rank_tables
from ....types import Answer, Context, Evidence, Prediction, Table
from ..program.program import Program
from . import corrections, dated_cols, edit, named_periods, stated, that_period, unanswered
from .aimed import aimed_figure, asks_an_aim
from .asked import Asked
from .core import as_counted, as_program, ask_core, fall_as_size, in_the_year_named, named_cell_not_span
from .edit import Grid
from .follow_ups import FOLLOW_UPS, LEAD
from .named_result import the_named_result

#: below this confidence ``ask`` and ``serve`` say "no answer found"; the trade-off on held-out folds of the open
#: part of TAT-QA dev is printed by ``benchmarks/train_ranker.py`` and ``benchmarks/ask_threshold.py``
MIN_CONFIDENCE = 0.5
#: a follow-up read by a pattern: not calibrated on dev (ConvFinQA's gold history is not the user's)
FOLLOW_UP_CONFIDENCE = 0.9

#: a word acknowledging the last answer before a whole question of its own ("OK. How much did X rise ...?")
_ACKNOWLEDGED = re.compile(r"^\s*(?:ok(?:ay)?|right|thanks?(?: you)?|great|cool|got it|i see|alright|sure|perfect|fine)"
                           r"\s*[.!,;:]+\s*(?=\S)", re.I)
#: a lead word of a turn, not of the question ("and total equity at the end of 2024?" is no "X and Y" to add up)
_CONVERSATIONAL_LEAD = re.compile(r"^\s*(?:and|so|also|then|now|ok(?:ay)?|well)\b[\s,]*(?=\S)", re.I)


def _count_the_text_gives(question: str, pred: Prediction, program: Program, table: Table, context: Context
                          ) -> Program | None:
    """A period the table lacks whose count the text gives in the sentence naming it (``person_text_period``)."""
    from ....person_text_period import from_the_text_period

    _, read = from_the_text_period(question, pred.answer, pred.evidence, table, [p.text for p in context.paragraphs],
                                   program.to_json())
    return Program.from_json(read) if isinstance(read, dict) and read.get("pattern") == "text_period" else None


def _phrase_for_a_figure(question: str, program: Program, asked: Asked) -> bool:
    """ "What about the complaints line?" after figures, read by the core as a phrase of the text holding no figure:
    the turn asks the last computation of a line the table lacks, which no sentence answers."""
    from .core import holds_no_figure

    return bool(LEAD.search(question)) and program.op in ("span", "spans") and bool(asked.last(1)) and \
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
        read = that_period.name_that_period(corrections.as_follow_up(_ACKNOWLEDGED.sub("", question)), self.history,
                                             self._grid(current))  # "that year"; "sorry, I meant 2024": "and 2024?"
        asked = Asked(read, self._grid(current), tuple(self.history), self._reading(current), self.context.tables)
        proposals = [(p.weight, p.name, prog) for p in FOLLOW_UPS if p.name not in self.off
                     if (prog := p.propose(asked)) is not None] if not self._asks_what_the_table_lacks(asked) else []
        if dated_cols.day_not_in_table(asked.grid, read):  # "in the week of 9 December" of weeks up to 2 December
            return Reply(question, None, None, error="no answer found: that period is not in the table", table=current)
        if proposals:
            _, name, program = max(proposals, key=lambda x: x[0])
            lacks = unanswered.still_guessed(program, asked)
            if lacks:  # it rests on what the last turn lacked: no answer either
                return Reply(question, self.keep_unanswered(program, lacks), None, error=unanswered.WHY[lacks], table=current)
            return self._reply(question, program, name, FOLLOW_UP_CONFIDENCE, (), current)
        if named_periods.beyond_table(asked):
            return Reply(question, None, None, error="no answer found: that period is not in the table", table=current)
        tables, read = self.context.tables, _CONVERSATIONAL_LEAD.sub("", read)  # "and total equity?": no sum
        read = in_text_words(read, [p.text for p in self.context.paragraphs])  # "the CEO": "chief executive"
        first = rank_tables(tables, read)[0] if len(tables) > 1 else 0  # a new question: its own table
        context = self._reading(first)
        pred = ask_core(read, context)
        program = as_program(pred, self._grid(first))
        if (named := the_named_result(read, program)) is not program:  # "their goal difference": its column
            return self._reply(question, named, "", FOLLOW_UP_CONFIDENCE, (), first)
        if program is not None:
            grid = self._grid(first)
            program = fall_as_size(read, in_the_year_named(read, program, grid), grid)
            cell = named_cell_not_span(read, program, grid)
            cell = aimed_figure(read, cell, context) or cell  # "how many are they aiming for?": the text's aim
            if cell is not program:  # the line and period named, read in the table: not the core's text or its confidence
                return self._reply(question, cell, "", FOLLOW_UP_CONFIDENCE, (), first)
        if program is not None and named_periods.cells_of_another_period(read, program, self._grid(first)):
            told = _count_the_text_gives(read, pred, program, tables[first], self.context)
            if told is not None:  # "how many covers in Q4 2023?" of 2024's quarters: the text's count for that quarter
                return self._reply(question, told, "", FOLLOW_UP_CONFIDENCE, (), first)
            kept = self.keep_unanswered(program, unanswered.LACKS_PERIOD, read)  # the line asked, for the next turn
            return Reply(question, kept, None, error="no answer found: that period is not in the table", table=first)
        if program is None or _phrase_for_a_figure(question, program, asked):
            return Reply(question, None, None, error=pred.error or "no answer found", table=first)
        program = as_counted(read, program, pred.evidence, tables[first])
        confidence = pred.meta.get("confidence")  # the core's ranker, calibrated on held-out folds of dev
        confidence = float(confidence) if isinstance(confidence, (int, float)) else 1.0  # other engines: trusted
        reply = self._reply(question, program, "", confidence, pred.evidence, first)
        found = pred.meta.get("reader_found")
        return replace(reply, reader_found=float(found)) if isinstance(found, (int, float)) else reply

    def _asks_what_the_table_lacks(self, asked: Asked) -> bool:
        """A target asked ("what is the target for ...?", "how many are they aiming for?") of a table of actuals."""
        labels = asked.grid.row_labels + asked.grid.col_labels if asked.grid is not None else []
        return stated.asks_what_the_table_lacks(asked) or asks_an_aim(asked.question, labels)

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
