"""``tabtext ask --table T.csv|T.md|T.html [--text notes.txt] [--chat] [--engine SPEC] "question"``.

Prints the answer with its scale, derivation and evidence cells. ``--chat`` keeps a conversation: each
further question is read from stdin (one a line; an empty line or EOF ends) and follow-ups ("and in 2017?",
"what is that as a percentage?") resolve against earlier turns. The conversation is passed to the engine as
``Example.history``; unless the engine says it reads history for table questions (an ``uses_history = True``
attribute; neither the solver nor the openai engine's TAT-QA prompt does today) the follow-up is also rewritten
with the previous question's row/column phrases, and the rewritten question is shown.
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid

from ..engines.solver.program import cell_labels
from ..errors import TabtextError
from ..types import Context, Example, Paragraph, Prediction, Table, Turn
from . import one_line_errors


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabtext ask", description="Ask a question about your own table and text.")
    p.add_argument("question", nargs="?", help="the question (with --chat: the first one; more are read from stdin)")
    p.add_argument("--table", help="table file: .csv/.tsv, .md (pipe table) or .html (first <table>)")
    p.add_argument("--text", action="append", default=[], help="text file(s); paragraphs are split on blank lines")
    p.add_argument("--engine", default="solver", help="engine spec: solver (default) or openai:model=...,base_url=...")
    p.add_argument("--chat", action="store_true", help="keep a conversation; read follow-up questions from stdin")
    p.add_argument("--json", action="store_true", help="print each answer as one JSON line")
    return p


def load_context(table_path: str | None, text_paths: list[str]) -> Context:
    from ..tables import read_paragraphs, read_table

    tables = (read_table(table_path),) if table_path else ()
    paragraphs = []
    for path in text_paths:
        paragraphs += read_paragraphs(path)
    if not tables and not paragraphs:
        raise TabtextError("give a table (--table T.csv|T.md|T.html) and/or text (--text notes.txt) to ask about")
    return Context(tables=tables, paragraphs=tuple(Paragraph(id=str(i), text=t, order=i)
                                                   for i, t in enumerate(paragraphs, 1)))


def describe(pred: Prediction, table: Table | None) -> list[str]:
    a = pred.answer
    if a is None:
        return [f"no answer{': ' + pred.error if pred.error else ''}"]
    lines = [f"answer: {a.text()}" + (f"  (scale: {a.scale})" if a.scale else "")]
    if a.derivation:
        lines.append(f"derivation: {a.derivation}")
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
    if pred.error:
        lines.append(f"note: {pred.error}")
    return lines


def as_json(question: str, asked: str, pred: Prediction) -> str:
    a = pred.answer
    value: object = None if a is None else list(a.value) if isinstance(a.value, tuple) else a.text()
    return json.dumps({"question": question, "asked": asked, "answer": value, "scale": a.scale if a else "",
                       "derivation": a.derivation if a else "", "error": pred.error,
                       "evidence": [{"kind": e.kind, "row": e.row, "col": e.col, "paragraph": e.paragraph,
                                     "start": e.start, "end": e.end, "text": e.text} for e in pred.evidence]},
                      ensure_ascii=False)


class Conversation:
    """Turns so far plus the last standalone question, so each follow-up resolves against the one before."""

    def __init__(self, engine, context: Context) -> None:  # type: ignore[no-untyped-def]
        self.engine, self.context = engine, context
        self.history: list[Turn] = []
        self.previous = ""
        self.rewrites = not getattr(engine, "uses_history", False)

    def ask(self, question: str) -> tuple[str, Prediction]:
        question = question.strip()
        if not question:
            raise TabtextError("the question is empty; type a question about the table or text")
        asked = question
        if self.rewrites and self.previous:
            from ..followup import rewrite

            asked = rewrite(question, self.previous, self.context.table)
        example = Example(uid=uuid.uuid4().hex, question=asked, context=self.context, history=tuple(self.history),
                          meta={"benchmark": "tatqa", "original_question": question})
        pred = self.engine.answer([example])[0]
        self.history += [Turn("user", question), Turn("assistant", pred.answer.text() if pred.answer else "")]
        self.previous = asked
        return asked, pred


@one_line_errors("tabtext ask")
def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not args.chat and (args.question is None or not args.question.strip()):
        raise TabtextError("the question is empty; pass it in quotes, e.g. \"What was revenue in 2019?\"")
    from ..engines import make_engine

    context = load_context(args.table, args.text)
    conv = Conversation(make_engine(args.engine), context)
    questions = [args.question] if args.question else []
    interactive = args.chat and sys.stdin.isatty()
    while True:
        if not questions:
            if not args.chat:
                break
            if interactive:
                print("> ", end="", file=sys.stderr, flush=True)
            line = sys.stdin.readline()
            if not line.strip():
                break
            questions.append(line)
        question = questions.pop(0)
        try:
            asked, pred = conv.ask(question)
        except TabtextError as exc:
            if not args.chat:
                raise
            print(f"error: {exc}", file=sys.stderr)
            continue
        if args.json:
            print(as_json(question.strip(), asked, pred), flush=True)
            continue
        if asked != question.strip():
            print(f"(read as: {asked})")
        print("\n".join(describe(pred, context.table)), flush=True)
        if args.chat:
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
