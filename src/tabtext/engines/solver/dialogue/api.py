"""The dialogue as JSON for ``tabtext serve`` and its web page, and answers written as a person reads them.

The page keeps no rules of its own: it sends the table, the paragraphs, the question and the Programs the
server returned for earlier turns (``history``), and shows what comes back. As in ``ask``, the table is read
with its periods across the columns (``period_layout``; the evidence cells come back in the page's layout), a
year is shown as a year, an expense in brackets is an amount (``person_answer``, with a ``note``), and a
question about a period the table does not cover is "no answer found: the table covers ...".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ....display import shown
from ....period_layout import in_source, index_cols, orient, title_rows
from ....person_answer import as_a_person_answers
from ....row_names import as_the_solver_reads
from ....table_choice import period_gap
from ....types import Answer, Context, Evidence
from ..program.program import Program
from .conversation import Dialogue, Reply
from .unanswered import LACKS_PERIOD, LACKS_ROW, line_lacked

NO_ANSWER = "no answer found"


def display(answer: Answer | None, question: str = "") -> str:
    """ "78.5%" for a percentage, "1,300 thousand" / "12.4 million" with the scale word, lists joined, a year
    as a year (``tabtext.display.shown``)."""
    return shown(answer, question)


def _evidence(e: Evidence) -> dict[str, object]:
    return {"kind": e.kind, "row": e.row, "col": e.col, "paragraph": e.paragraph, "start": e.start,
            "end": e.end, "text": e.text}


def reply_json(reply: Reply) -> dict[str, object]:
    a = reply.answer
    return {"question": reply.question, "found": reply.found,
            "answer": None if a is None else list(a.value) if isinstance(a.value, tuple) else a.text(),
            "display": display(a, reply.question) if reply.found else NO_ANSWER,
            "best_guess": display(a, reply.question),
            "scale": a.scale if a else "", "derivation": a.derivation if a else "", "read_as": reply.read_as,
            "confidence": round(reply.confidence, 3), "evidence": [_evidence(e) for e in reply.evidence],
            "program": reply.program.to_json() if reply.program else None,
            **({"error": reply.error} if reply.error else {})}


def answer_turn(context: Context, question: str, history: object) -> dict[str, object]:
    """One turn: ``history`` is the list of ``program`` objects of earlier answers. ValueError on bad history."""
    if history is None:
        history = []
    if not isinstance(history, list) or not all(isinstance(h, dict) for h in history):
        raise ValueError("'history' must be the list of 'program' objects of earlier answers")
    try:
        programs = [Program.from_json(h) for h in history]
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"'history' holds a program that cannot be read ({exc}); send back the 'program' "
                         "objects this server returned") from None
    reply, note = person_turn(context, question, lambda read: Dialogue(read, programs))
    out = reply_json(reply)
    return {**out, "note": note} if note else out


def person_turn(context: Context, question: str, dialogue_of: Callable[[Context], Dialogue]) -> tuple[Reply, str]:
    """The next turn as every person-facing route answers it (``/v1/dialogue``, ``/v1/answer``, a chat): a period
    no table covers is "no answer found" with the reason; the tables read with their periods across the columns;
    the question's words for a line read as the table writes them; the answer as a person reads it
    (``person_answer.as_a_person_answers``, as ``ask``). ``dialogue_of`` gives the Dialogue over the read context.
    (the reply, a note for the reading)."""
    texts = [p.text for p in context.paragraphs]
    oriented = [orient(t) for t in context.tables]
    read = dataclasses.replace(context, tables=tuple(t for t, _ in oriented))
    dialogue, solver_reads = dialogue_of(read), as_the_solver_reads(question, read.tables, texts)
    reply = dialogue.ask(solver_reads)
    gaps = [period_gap(question, t, texts) for t in context.tables]
    if gaps and all(gaps):  # what it asked stays, as in ask's history: "and in Q2 2024?" moves the line asked
        return Reply(question, keep_asked(dialogue, reply.program, LACKS_PERIOD), None, error=gaps[0]), ""
    index = min(reply.table, len(oriented) - 1) if oriented else 0
    given = context.tables[index] if oriented else None
    evidence = in_source(reply.evidence, bool(oriented) and oriented[index][1], title_rows(given) if given else 0,
                         index_cols(given) if given else 0)
    lacks = line_lacked(question, solver_reads, evidence, given, context.tables, texts) if reply.answer else ""
    if lacks:  # a line the table lacks, as ask judges it
        return Reply(question, keep_asked(dialogue, reply.program, LACKS_ROW), None, error=lacks), ""
    program = reply.program.to_json() if reply.program else None
    answer, note, shown_program, of_kind = as_a_person_answers(question, reply.answer, evidence, given, texts, program)
    if shown_program is not program and isinstance(shown_program, dict):
        reply = dataclasses.replace(reply, program=Program.from_json(shown_program))
    shown_reply = dataclasses.replace(reply, question=question, evidence=evidence, answer=answer,
                                      of_the_kind_asked=of_kind and answer is not None)
    if shown_reply.found or reply.program is not None and reply.program.op not in ("span", "spans"):
        return shown_reply, note
    record = dialogue.keep_unanswered(reply.program, LACKS_ROW, solver_reads)  # the period it named, if any
    return (dataclasses.replace(shown_reply, program=record) if record else shown_reply), note


def keep_asked(dialogue: Dialogue, program: Program | None, lacks: str) -> Program | None:
    """A turn with no answer (a period or a line the table lacks): its Program kept as a record of what it asked
    (``unanswered``), which the next turn edits."""
    return dialogue.keep_unanswered(program, lacks) or program
