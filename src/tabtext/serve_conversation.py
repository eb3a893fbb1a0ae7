"""A person's chat (not a benchmark prompt) read into one Example: the context, the earlier turns, the question.

``POST /v1/chat/completions`` without one of ``engines/prompts.py``'s benchmark system prompts is a conversation
about the tables and text it carries. The conversation starts at the last user message that holds a table (an
earlier one is another conversation, e.g. a demonstration); tables and text come from the system message when
it holds a table (its instructions to the assistant left out: ``serve_instructions``), and from every user message
from the start on; the questions of the earlier user messages,
with the assistant's replies between them, become ``Example.history``, which the solver reads into Programs
(``engines/solver/dialogue/transcript.py``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace

from .serve_guard import BadInput
from .serve_instructions import data_text
from .types import Context, Example, Paragraph, Table, Turn

#: one message -> an Example (its tables, its text, its question): ``server.parse_user_message``
ReadMessage = Callable[[str], Example]
#: a block -> its tables and its paragraphs: ``server._split_tables_and_text``
SplitBlock = Callable[[str], tuple[list[Table], list[str]]]


def conversation_example(messages: Sequence[dict], read_message: ReadMessage, split: SplitBlock,
                         max_cells: int) -> Example:
    """``messages`` already checked (roles, string contents, at least one user message); the tables of all
    messages together hold at most ``max_cells`` cells (each message's are checked as they are read)."""
    said = [(m["role"], _read(m["content"], read_message, split) if m["role"] == "user" else m["content"])
            for m in messages if m["role"] in ("user", "assistant")]
    with_table = [i for i, (role, ex) in enumerate(said) if role == "user" and ex.context.tables]
    last_user = max(i for i, (role, _) in enumerate(said) if role == "user")
    said = said[with_table[-1] if with_table else 0:last_user + 1]
    tables: list[Table] = []
    texts: list[str] = []
    for m in messages:
        if m["role"] in ("system", "developer"):
            found, text = split(m["content"])
            if found:
                tables += found
                texts += [kept for kept in map(data_text, text) if kept]
    history: list[Turn] = []
    for role, content in said:
        if role == "user":
            tables += content.context.tables
            texts += [p.text for p in content.context.paragraphs]
            if content.question:
                history.append(Turn("user", content.question))
        elif history:
            history.append(Turn("assistant", content))
    if sum(t.n_rows * t.n_cols for t in tables) > max_cells:
        raise BadInput(f"tables larger than {max_cells:,} cells (rows x widest row) are not accepted")
    if not said[-1][1].question:
        raise BadInput("no question found: end the last user message with a line 'Question: ...'")
    question = history.pop().content
    paragraphs = tuple(Paragraph(id=str(i), text=t, order=i) for i, t in enumerate(texts, 1))
    tables = [replace(t, id=f"t{i}") for i, t in enumerate(tables)]  # one numbering over all messages
    return Example(uid=uuid.uuid4().hex, question=question, context=Context(tuple(tables), paragraphs),
                   history=tuple(history), meta={"benchmark": "tatqa", "conversation": True})


def _read(content: str, read_message: ReadMessage, split: SplitBlock) -> Example:
    """A user message; one that holds only a table or text (the question comes later) has no question."""
    try:
        return read_message(content)
    except BadInput:
        tables, texts = split(content)
        if not tables and not texts:
            raise
        return Example(uid="", question="", context=Context(tuple(tables), tuple(
            Paragraph(id=str(i), text=t, order=i) for i, t in enumerate(texts, 1))))
