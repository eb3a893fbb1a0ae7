"""``tabtext ask --table T.csv|T.md|T.html|T.xlsx [--table ...] [--sheet NAME] [--text notes.txt] [--chat]
[--engine SPEC] "question"``.

Prints the answer with its scale, derivation and evidence cells. ``--chat`` keeps a conversation: each
further question is read from stdin (one a line; an empty line or EOF ends). With the offline solver the
conversation is the solver's ``Dialogue`` (``quit`` or ``exit`` ends it too): follow-ups ("and in 2017?", "what is that as a percentage of
revenue?", "what about net income?") edit the Programs of earlier answers, and what was computed is shown as
"read as". Any other engine gets the conversation as ``Example.history`` and reads it itself.
When the solver does not stand behind its answer (``stands_behind`` in ``engines/solver/dialogue/conversation.py``) the
answer is "no answer found", with the best guess beside it; a question about a period no table covers (nor the
text) is "no answer found: the table covers Q1 2023–Q4 2023". With several tables the answer names the table
it read and why it was chosen (``table_choice``).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import sys
import uuid
import warnings
from collections.abc import Sequence

from ..engines.solver.program.program import cell_labels
from ..errors import TabtextError
from ..types import Context, Example, Paragraph, Prediction, Table, Turn
from . import error_line, one_line_errors


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabtext ask", description="Ask a question about your own table and text.",
                                epilog="With the offline solver an answer whose confidence is below 0.5 is shown as "
                                       "'no answer found' with the best guess beside it (on held-out TAT-QA dev: "
                                       "77% of questions answered, 80% of those right); see docs/dialogue.md.")
    p.add_argument("question", nargs="?", help="the question (with --chat: the first one; more are read from stdin)")
    p.add_argument("--table", action="append", default=[],
                   help="table file: .csv/.tsv, .md (pipe table), .html (largest <table>), .xlsx (every sheet), "
                        ".parquet/.feather; repeat for several tables")
    p.add_argument("--sheet", help="read only this sheet of the .xlsx workbook(s)")
    p.add_argument("--text", action="append", default=[], help="text file(s); paragraphs are split on blank lines")
    p.add_argument("--engine", default="solver", help="engine spec: solver (default) or openai:model=...,base_url=...")
    p.add_argument("--chat", action="store_true", help="keep a conversation; read follow-up questions from stdin")
    p.add_argument("--json", action="store_true", help="print each answer as one JSON line")
    return p


def load_context(table_paths: str | list[str] | None, text_paths: list[str], sheet: str | None = None) -> Context:
    from ..tables import read_paragraphs, read_tables

    paths = [table_paths] if isinstance(table_paths, str) else list(table_paths or [])
    per_path = {path: read_tables(path, sheet=sheet if path.lower().endswith((".xlsx", ".xlsm")) else None)
                for path in paths}
    tables = tuple(t for found in per_path.values() for t in found)
    if sheet is not None and not any(p.lower().endswith((".xlsx", ".xlsm")) for p in paths):
        raise TabtextError("--sheet names a sheet of an .xlsx workbook; give one with --table BOOK.xlsx")
    paragraphs = []
    for path in text_paths:
        paragraphs += read_paragraphs(path)
    if not tables and not paragraphs:
        raise TabtextError("give a table (--table T.csv|T.md|T.html|T.xlsx) and/or text (--text notes.txt) to ask about")
    headers_only = [path for path, found in per_path.items() if found and all(t.n_rows <= 1 for t in found)]
    if headers_only:  # a header alone would be read as the answer's cells
        what = (f"{', '.join(headers_only)}: the table has a header row but no rows under it, so there is nothing "
                "to answer from")
        tables = tuple(t for t in tables if t.n_rows > 1)
        if not tables and not paragraphs:
            raise TabtextError(f"{what}; add its rows (or give --text to ask about)")
        warnings.warn(f"{what}; it is left out", stacklevel=2)
    return Context(tables=tables, paragraphs=tuple(Paragraph(id=str(i), text=t, order=i)
                                                   for i, t in enumerate(paragraphs, 1)))


def found(pred: Prediction) -> bool:
    from ..engines.solver.dialogue.conversation import stands_behind

    confidence, usable = pred.meta.get("confidence"), pred.meta.get("reader_found")
    if pred.answer is not None and pred.meta.get("of_the_kind_asked"):
        return True
    return pred.answer is not None and (not isinstance(confidence, (int, float)) or stands_behind(
        confidence, usable if isinstance(usable, (int, float)) else None))


QUIT_WORDS = ("quit", "exit")


def describe(pred: Prediction, table: Table | None, question: str = "") -> list[str]:
    from ..display import shown
    from ..engines.solver.dialogue.api import NO_ANSWER

    a = pred.answer
    display = functools.partial(shown, question=question)
    if a is None:
        return [f"{NO_ANSWER}{': ' + pred.error if pred.error and pred.error != NO_ANSWER else ''}"]
    if not found(pred):
        return [f"{NO_ANSWER} (best guess, confidence {pred.meta['confidence']:.2f}: {display(a)})"]
    lines = [f"answer: {display(a)}"]
    if a.derivation:
        lines.append(f"derivation: {a.derivation}")
    if "table_index" in pred.meta and table is not None:  # several tables: say which one answered
        reason = pred.meta.get("table_reason")
        lines.append(f"table: {table.caption or table.id}" + (f" ({reason})" if reason else ""))
    labels = cell_labels(pred.meta.get("program"))  # the solver's labels: every header row, so a year shows
    for e in pred.evidence:
        if e.kind == "cell" and table is not None and 0 <= e.row < table.n_rows:
            row_label, col_label = labels.get((e.row, e.col), (table.cell(e.row, 0),
                                                               table.cell(0, e.col) if e.col >= 0 else ""))
            lines.append(f"evidence: cell row {e.row} col {e.col} = {e.text or table.cell(e.row, e.col)!r}"
                         f"  [{row_label} / {col_label}]")
        elif e.kind == "cell":
            lines.append(f"evidence: cell row {e.row} col {e.col} = {e.text!r}")
        else:
            lines.append(f"evidence: paragraph {e.paragraph} [{e.start}:{e.end}] {e.text!r}")
    for note in (pred.error, pred.meta.get("note")):
        if note:
            lines.append(f"note: {note}")
    return lines


def table_used(pred: Prediction, context: Context) -> Table | None:
    """The table an answer's evidence cells refer to (the one put first for the question)."""
    index = pred.meta.get("table_index", 0)
    return context.tables[index] if isinstance(index, int) and 0 <= index < len(context.tables) else context.table


def as_json(question: str, asked: str, pred: Prediction) -> str:
    from ..display import shown

    a = pred.answer
    # one value is a string, several a list (the solver writes a cell's text as a one-item tuple, TAT-QA's form)
    value: object = None if a is None else list(a.value) if isinstance(a.value, tuple) and len(a.value) > 1 else a.text()
    return json.dumps({"question": question, "asked": asked, "answer": value, "scale": a.scale if a else "",
                       "display": shown(a, question), "found": found(pred), "confidence": pred.meta.get("confidence"),
                       "derivation": a.derivation if a else "", "error": pred.error,
                       "evidence": [{"kind": e.kind, "row": e.row, "col": e.col, "paragraph": e.paragraph,
                                     "start": e.start, "end": e.end, "text": e.text} for e in pred.evidence]},
                      ensure_ascii=False)


class Conversation:
    """The turns so far. With the offline solver, a ``Dialogue`` over Programs answers each turn, on the tables
    laid out with their periods across the columns (``period_layout``; evidence cells are given back in the
    table's own layout); any other engine gets the earlier turns as ``Example.history``."""

    def __init__(self, engine, context: Context) -> None:  # type: ignore[no-untyped-def]
        from ..engines.solver.dialogue.conversation import Dialogue
        from ..period_layout import index_cols, orient, title_rows
        from ..table_join import with_joins

        self.history: list[Turn] = []
        oriented = [orient(t) for t in context.tables]
        solver = getattr(engine, "name", "") == "solver"
        joins = with_joins([t for t, _ in oriented], context.tables)[len(oriented):] if solver else ()  # two read as one (table_join)
        self.engine, self.context = engine, dataclasses.replace(context, tables=context.tables + joins)
        self.turned = [turned for _, turned in oriented] + [False] * len(joins)
        self.titles = [title_rows(t) for t in context.tables] + [0] * len(joins)
        self.index = [index_cols(t) for t in context.tables] + [0] * len(joins)
        read = dataclasses.replace(context, tables=tuple(t for t, _ in oriented) + joins)
        self.dialogue = Dialogue(read) if solver else None

    def ask(self, question: str) -> tuple[str, Prediction]:
        """(what was computed, in the table's words — the question itself when it was read standalone; the answer)."""
        from ..engines.solver.dialogue.conversation import as_prediction
        from ..row_names import as_the_solver_reads

        question = question.strip()
        if not question:
            raise TabtextError("the question is empty; type a question about the table or text")
        asked = question
        uid = uuid.uuid4().hex
        if self.dialogue is not None:
            read = as_the_solver_reads(question, self.dialogue.context.tables,
                                        [p.text for p in self.context.paragraphs])  # the tables as laid out
            reply = self.dialogue.ask(read)
            pred = self.in_source_layout(as_prediction(reply, uid, len(self.context.tables) > 1))
            asked = str(pred.meta.get("read_as") or question)
        else:
            example = Example(uid=uid, question=question, context=self.context, history=tuple(self.history),
                              meta={"benchmark": "tatqa"})
            pred = self.engine.answer([example])[0]
        given = pred
        pred = self.without_missing_period(question, pred, read if self.dialogue is not None else question)
        withheld = given.answer is not None and pred.answer is None
        pred = for_a_person(question, pred, table_used(pred, self.context), [p.text for p in self.context.paragraphs])
        if self.dialogue is not None and not found(pred):
            self.keep_what_was_asked(reply.program, withheld, pred, read)
        self.history += [Turn("user", question), Turn("assistant", pred.answer.text() if pred.answer else "")]
        return asked, pred


    def keep_what_was_asked(self, program, withheld: bool, pred: Prediction, read: str) -> None:  # type: ignore[no-untyped-def]
        """A turn with no answer stays in the Dialogue's history as what it asked (``dialogue/unanswered.py``): one
        whose answer was withheld (a period or a line the table lacks), or one that read no cell of the table."""
        from ..engines.solver.dialogue.unanswered import LACKS_PERIOD, LACKS_ROW

        if withheld or program is None or program.op in ("span", "spans"):
            lacks = LACKS_PERIOD if withheld and not pred.meta.get("lacks_line") else LACKS_ROW
            self.dialogue.keep_unanswered(program, lacks, read)

    def in_source_layout(self, pred: Prediction) -> Prediction:
        from ..period_layout import in_source

        index = min(table_index(pred), len(self.turned) - 1)
        turned = bool(self.turned) and self.turned[index]
        titles, cols = (self.titles[index], self.index[index]) if self.titles else (0, 0)
        return dataclasses.replace(pred, evidence=in_source(pred.evidence, turned, titles, cols))

    def without_missing_period(self, question: str, pred: Prediction, read: str = "") -> Prediction:
        """No answer when the question names a period that no table (nor the text) covers, with the reason;
        with several tables, the reason the answering table was chosen."""
        from ..engines.solver.dialogue.unanswered import line_lacked
        from ..table_choice import fits, period_gap

        texts = [p.text for p in self.context.paragraphs]
        gaps = [period_gap(question, t, texts) for t in self.context.tables]
        if gaps and all(gaps):
            return dataclasses.replace(pred, answer=None, evidence=(), error=gaps[table_index(pred)],
                                       meta={**pred.meta, "confidence": 0.0})
        lacks = line_lacked(question, read, pred.evidence, table_used(pred, self.context), self.context.tables, texts)
        if lacks:
            return dataclasses.replace(pred, answer=None, evidence=(), error=lacks,
                                       meta={**pred.meta, "confidence": 0.0, "lacks_line": True})
        if len(self.context.tables) > 1:
            reason = fits(self.context.tables, question)[table_index(pred)].reason
            return dataclasses.replace(pred, meta={**pred.meta, "table_reason": reason})
        return pred


def for_a_person(question: str, pred: Prediction, table: Table | None, paragraphs: Sequence[str] = ()) -> Prediction:
    """The answer as a person reads it; an answer from the text of the kind the question asks for (a name for
    "who", a date for "when", a cause for "why") is given even when the reader would not stand behind the clause."""
    from ..person_answer import as_a_person_answers

    answer, note, program, of_kind = as_a_person_answers(question, pred.answer, pred.evidence, table, paragraphs,
                                                         pred.meta.get("program"))
    meta = {**pred.meta, "note": note, "program": program} if note else {**pred.meta, "program": program}
    return dataclasses.replace(pred, answer=answer, meta={**meta, "of_the_kind_asked": True} if of_kind else meta)


def table_index(pred: Prediction) -> int:
    index = pred.meta.get("table_index", 0)
    return index if isinstance(index, int) else 0


@one_line_errors("tabtext ask")
def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not args.chat and (args.question is None or not args.question.strip()):
        raise TabtextError("the question is empty; pass it in quotes, e.g. \"What was revenue in 2019?\"")
    from ..engines import make_engine

    context = load_context(args.table, args.text, args.sheet)
    engine = make_engine(args.engine)
    if len(context.tables) > 1:
        from ..table_choice import QuestionFirstTable

        engine = QuestionFirstTable(engine)
    conv = Conversation(engine, context)
    questions = [args.question] if args.question else []
    interactive = args.chat and sys.stdin.isatty()
    while True:
        if not questions:
            if not args.chat:
                break
            if interactive:
                print("> ", end="", file=sys.stderr, flush=True)
            line = sys.stdin.readline()
            if not line.strip() or line.strip().lower() in QUIT_WORDS:
                break
            questions.append(line)
        question = questions.pop(0)
        try:
            asked, pred = conv.ask(question)
        except TabtextError as exc:
            if not args.chat:
                raise
            print(error_line("tabtext ask", exc), file=sys.stderr)
            continue
        if args.json:
            print(as_json(question.strip(), asked, pred), flush=True)
            continue
        if asked != question.strip():
            print(f"(read as: {asked})")
        print("\n".join(describe(pred, table_used(pred, context), question)), flush=True)
        if args.chat:
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
