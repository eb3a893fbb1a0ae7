"""Prompts as plain Python functions, one per benchmark, and named answer extractors.

``messages_for(example)`` dispatches on ``meta["benchmark"]`` (and ``meta["dataset"]`` for ChatRAG) and
returns OpenAI chat messages. ``extract(example, text)`` turns raw model text back into an Answer, trying
named extractors in order and reporting which one succeeded. The layouts are also parsed back by
``tabtext serve`` (``parse_user_message``), so keep the two in step.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from ..types import Example, Table
from . import prompt_hints
from .prompt_hints import HINTS_START  # noqa: F401  (tabtext serve cuts the fair prompt's hints off there)
from .replies import (  # noqa: F401  (the extractors' historical home)
    EXTRACTORS,
    MAX_JSON_DEPTH,
    ORDER,
    extract,
    json_embedded,
    json_strict,
    parse_pipe_table,
    too_deep,
)

Message = dict[str, str]

#: the first tabtext TAT-QA prompt (TAT-QA publishes none for LLMs): kept as ``prompt=official`` so that figures
#: measured with it stay comparable
TATQA_SYSTEM = (
    "You answer questions about a financial report using its table and paragraphs. "
    'Reply with one JSON object only: {"answer": ..., "scale": ..., "derivation": ...}. '
    '"answer" is a number for calculations and counts, a list of strings for spans copied from the table or '
    'text; "scale" is one of "", "thousand", "million", "billion", "percent"; '
    '"derivation" is the arithmetic you used (e.g. "(62+28)/2"), or "" for spans.'
)
#: ``prompt=fair`` (the default): the fields explained in words a small model follows, no derivation to write
#: (it is not scored, and a small model fills it with copied paragraphs at a second a token), the scale as a
#: closed choice, and under the question what the report says its unit is and what shape of answer it asks for
#: (``prompt_hints``); no worked example whose numbers a model could copy into its reply
TATQA_FAIR_SYSTEM = (
    "You answer a question about a financial report using its table and paragraphs. "
    'Reply with one JSON object only: {"answer": ..., "scale": ...}.\n'
    '"answer": the exact words or number copied from the table or paragraphs (a list of them only when the '
    "question asks for several things); or, for a calculation, the formula written with the report's numbers (it "
    "is computed for you).\n"
    '"scale": one of "none", "percent", "thousand", "million", "billion": "percent" for a percentage; the '
    'report\'s unit for an amount of money; "none" for words, years, counts and amounts without a unit.'
)
TANQ_SYSTEM = (
    "You answer questions whose answer is a table. Reply with the answer table only, in pipe format: "
    "the first line is the header and its first column is 'entity'; one row per line; cells separated by '|' "
    "without spaces around it; several values in one cell joined by ', '."
)
CHATRAG_SYSTEM = (
    "This is a chat between a user and an artificial intelligence assistant. The assistant gives helpful, "
    "detailed, and polite answers to the user's questions based on the context. The assistant should also "
    "indicate when the answer cannot be found in the context."
)
_LONG = "Please give a full and complete answer for the question."
CHATRAG_INSTRUCTIONS: dict[str, tuple[str, str]] = {  # dataset -> (which user turn, instruction)
    **{d: ("first", _LONG) for d in ("doc2dial", "quac", "qrecc", "inscit", "doqa", "hybridial", "convfinqa")},
    "topiocqa": ("last", "Answer the following question with a short span, or a full and complete answer."),
    "sqa": ("last", "Answer the following question with one or a list of items."),
    "coqa": ("last", "Answer the following question with a short span. The answer needs to be just in a few words."),
}
CHATRAG_TURNS = 7
DEFAULT_MAX_TOKENS = {"tatqa": 256, "tanq": 512, "chatrag": 64}
#: ``prompt=`` styles: ``fair`` (default) and ``official`` (each benchmark's prompt as published, or for TAT-QA
#: and TANQ, which publish none, tabtext's first prompt)
PROMPT_STYLES = ("fair", "official")
#: the next turn of a transcript-style prompt: a model writing it has stopped answering and started inventing
TURN_STOP = ["\nUser:", "\n\nUser:"]


def benchmark_of(example: Example) -> str:
    return str(example.meta.get("benchmark") or "tatqa")


def chatrag_dataset(example: Example) -> str:
    name = str(example.meta.get("dataset") or "").lower()
    return "doqa" if name.startswith("doqa") else name


# ---------------------------------------------------------------- layouts shared with tabtext serve
def markdown_table(t: Table) -> str:
    """Every row of the table, the first as the markdown header (TAT-QA's further header rows stay rows).

    Unlike ``Table.to_markdown`` it keeps runs of spaces inside cells, so ``tabtext serve`` reads back the
    cells exactly (only line breaks become spaces and pipes are escaped).
    """
    width = t.n_cols
    if width == 0:
        return ""

    def esc(text: str) -> str:
        return text.replace("|", "\\|").replace("\r", " ").replace("\n", " ").strip()

    rows = [[esc(c) for c in r] + [""] * (width - len(r)) for r in t.rows]
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * width]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows[1:]])


def render_tables(tables: Sequence[Table]) -> str:
    blocks = []
    for t in tables:
        head = f"Table: {t.caption}" if t.caption else "Table:"
        blocks.append(head + "\n" + markdown_table(t))
    return "\n\n".join(blocks)


def render_paragraphs(texts: Sequence[str]) -> str:
    return "Paragraphs:\n" + "\n".join(f"[{i}] {t}" for i, t in enumerate(texts, 1))


def tatqa_user(example: Example) -> str:
    """Tables, numbered paragraphs, then the question (the TAT-QA layout; TANQ uses it too)."""
    parts = []
    if example.context.tables:
        parts.append(render_tables(example.context.tables))
    if example.context.paragraphs:
        parts.append(render_paragraphs([p.text for p in example.context.paragraphs]))
    parts.append(f"Question: {example.question}")
    return "\n\n".join(parts)


# ---------------------------------------------------------------- prompts per benchmark
def load_fewshot(path: str | Path, shots: int | None = None) -> list[tuple[Example, dict[str, object]]]:
    """TAT-QA-format file -> (example, ideal JSON reply) pairs for few-shot demonstrations."""
    from ..benchmarks import tatqa

    pairs = []
    for ex in tatqa.load(Path(path)):
        if not ex.gold:
            continue
        gold = ex.gold[0]
        value: object = list(gold.value) if isinstance(gold.value, tuple) else gold.raw
        pairs.append((ex, {"answer": value, "scale": gold.scale, "derivation": gold.derivation}))
    return pairs[:shots] if shots is not None else pairs


def tatqa_messages(example: Example, fewshot: Sequence[tuple[Example, dict[str, object]]] = (),
                   style: str = "fair") -> list[Message]:
    system = TATQA_FAIR_SYSTEM if style == "fair" else TATQA_SYSTEM

    def user(ex: Example) -> str:  # every question with its hints, a demonstration's too (as lm_eval's turns)
        return tatqa_user(ex) + (prompt_hints.tatqa_hints(ex) if style == "fair" else "")

    messages: list[Message] = [{"role": "system", "content": system}]
    for shot, reply in fewshot:
        messages.append({"role": "user", "content": user(shot)})
        messages.append({"role": "assistant", "content": json.dumps(reply, ensure_ascii=False)})
    messages.append({"role": "user", "content": user(example)})
    return messages


def tanq_messages(example: Example) -> list[Message]:
    return [{"role": "system", "content": TANQ_SYSTEM}, {"role": "user", "content": tatqa_user(example)}]


def chatrag_turns(example: Example) -> list[Message]:
    """The conversation as the official script formats it: last 7 turns, dataset instruction added."""
    turns = [{"role": t.role, "content": t.content} for t in example.history]
    if not turns or turns[-1]["role"] != "user" or turns[-1]["content"] != example.question:
        turns.append({"role": "user", "content": example.question})
    turns = turns[-CHATRAG_TURNS:]
    where, instruction = CHATRAG_INSTRUCTIONS.get(chatrag_dataset(example), ("first", _LONG))
    users = [i for i, t in enumerate(turns) if t["role"] == "user"]
    if users:
        i = users[0] if where == "first" else users[-1]
        turns[i] = {"role": "user", "content": f"{instruction} {turns[i]['content']}"}
    return turns


def chatrag_context(example: Example, max_chars: int = 12_000) -> str:
    """Chunks as the official script joins them; cut to fit a 4,096-token window (~4 characters a token)."""
    chunks = [markdown_table(t) for t in example.context.tables]
    chunks += [f"title: {p.title}, source: {p.text}" for p in example.context.paragraphs]
    return "\n\n".join(chunks)[:max_chars]


def chatrag_prompt(example: Example) -> str:
    """The exact single-string prompt of the official ChatQA evaluation."""
    convo = "".join(f"{'User' if t['role'] == 'user' else 'Assistant'}: {t['content']}\n\n"
                    for t in chatrag_turns(example))
    return f"System: {CHATRAG_SYSTEM}\n\n{chatrag_context(example)}\n\n{convo}Assistant:"


def chatrag_messages(example: Example) -> list[Message]:
    """The official string split for a chat endpoint: its system line as the system message, the rest as user."""
    full = chatrag_prompt(example)
    user = full[len(f"System: {CHATRAG_SYSTEM}\n\n"):]
    return [{"role": "system", "content": CHATRAG_SYSTEM}, {"role": "user", "content": user}]


def messages_for(example: Example, fewshot: Sequence[tuple[Example, dict[str, object]]] = (),
                 style: str = "fair") -> list[Message]:
    bench = benchmark_of(example)
    if bench == "tanq":
        return tanq_messages(example)
    if bench == "chatrag":
        return chatrag_messages(example)
    return tatqa_messages(example, fewshot, style)


def stop_for(example: Example, style: str = "fair") -> list[str] | None:
    """Stop sequences: at the next turn marker for ChatRAG's transcript prompt (``fair``); none otherwise."""
    return list(TURN_STOP) if style == "fair" and benchmark_of(example) == "chatrag" else None


def prompt_name(example: Example, style: str = "fair") -> str:
    """What a run's provenance names: the benchmark's prompt and the style ('tatqa:fair', 'chatrag:official')."""
    bench = benchmark_of(example)
    if bench == "tanq":
        return "tanq:official"  # one prompt in both styles
    if bench == "chatrag":
        return "chatrag:official" + ("+turn-stop" if style == "fair" else "")
    return f"tatqa:{style}"


build_messages = messages_for  # the name the CLI's ``inspect --prompt`` calls


def render_prompt(example: Example, fewshot: Sequence[tuple[Example, dict[str, object]]] = ()) -> str:
    """The exact messages as text, for ``tabtext inspect --prompt``."""
    return "\n\n".join(f"<{m['role']}>\n{m['content']}" for m in messages_for(example, fewshot))


def tanq_format(t: Table) -> str:
    """The official TANQ pipe format: header first, '|' without spaces, trailing newline."""
    return "".join("|".join(" ".join(c.split()) for c in r) + "\n" for r in t.rows)
