"""``tabtext.ask(question, tables=[...], text=...)``: the path of ``tabtext ask`` for a Python user."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from .errors import TabtextError
from .tables import read_paragraphs, split_paragraphs, tables_from
from .types import Context, Engine, Paragraph, Prediction


def paragraphs_from(text: str | Path | Sequence[str] | None) -> list[str]:
    if text is None:
        return []
    if isinstance(text, Path) or isinstance(text, str) and "\n" not in text and _is_file(text):
        return read_paragraphs(text)
    if isinstance(text, str):
        return split_paragraphs(text)
    return [p for block in text for p in split_paragraphs(block)]


def _is_file(text: str) -> bool:
    """Whether ``text`` names a file (a sentence longer than a file name can be is none)."""
    try:
        return len(text) < 1024 and Path(text).is_file()
    except OSError:
        return False


def context_from(tables: Sequence[object] | object, text: str | Path | Sequence[str] | None) -> Context:
    items = list(tables) if isinstance(tables, (list, tuple)) and not _is_rows(tables) else [tables]
    found = tuple(t for i, obj in enumerate(items) if obj is not None and not (isinstance(obj, (list, tuple)) and not obj)
                  for t in tables_from(obj, name=f"table{i + 1}"))
    paragraphs = paragraphs_from(text)
    if not found and not paragraphs:
        raise TabtextError("give tables=[...] (paths, CSV/Markdown text or DataFrames) and/or text= to ask about")
    return Context(tables=found, paragraphs=tuple(Paragraph(id=str(i), text=p, order=i)
                                                  for i, p in enumerate(paragraphs, 1)))


def _is_rows(obj: object) -> bool:
    """A list of rows (lists of cells) rather than a list of tables."""
    return bool(obj) and all(isinstance(r, (list, tuple)) and all(not isinstance(c, (list, tuple)) for c in r)
                             for r in obj)  # type: ignore[union-attr]


def ask_one(question: str, tables: Sequence[object] | object, text: str | Path | Sequence[str] | None,
            engine: str | Engine) -> Prediction:
    from .commands.ask import Conversation, found
    from .display import shown
    from .engines import make_engine
    from .table_choice import QuestionFirstTable

    context = context_from(tables, text)
    runner = make_engine(engine) if isinstance(engine, str) else engine
    if len(context.tables) > 1:
        runner = QuestionFirstTable(runner)
    asked, pred = Conversation(runner, context).ask(question)
    return dataclasses.replace(pred, meta={**pred.meta, "found": found(pred), "display": shown(pred.answer, question),
                                           "read_as": asked})
