"""Prompts as plain Python functions, one per benchmark, and named answer extractors.

``messages_for(example)`` dispatches on ``meta["benchmark"]`` (and ``meta["dataset"]`` for ChatRAG) and
returns OpenAI chat messages. ``extract(example, text)`` turns raw model text back into an Answer, trying
named extractors in order and reporting which one succeeded. The layouts are also parsed back by
``tabtext serve`` (``parse_user_message``), so keep the two in step.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from ..calc import CalcError, evaluate
from ..numbers import detect_scale, find_numbers, format_number
from ..types import SCALES, Answer, Example, Table

Message = dict[str, str]

TATQA_SYSTEM = (
    "You answer questions about a financial report using its table and paragraphs. "
    'Reply with one JSON object only: {"answer": ..., "scale": ..., "derivation": ...}. '
    '"answer" is a number for calculations and counts, a list of strings for spans copied from the table or '
    'text; "scale" is one of "", "thousand", "million", "billion", "percent"; '
    '"derivation" is the arithmetic you used (e.g. "(62+28)/2"), or "" for spans.'
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


def tatqa_messages(example: Example, fewshot: Sequence[tuple[Example, dict[str, object]]] = ()) -> list[Message]:
    messages: list[Message] = [{"role": "system", "content": TATQA_SYSTEM}]
    for shot, reply in fewshot:
        messages.append({"role": "user", "content": tatqa_user(shot)})
        messages.append({"role": "assistant", "content": json.dumps(reply, ensure_ascii=False)})
    messages.append({"role": "user", "content": tatqa_user(example)})
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


def messages_for(example: Example, fewshot: Sequence[tuple[Example, dict[str, object]]] = ()) -> list[Message]:
    bench = benchmark_of(example)
    if bench == "tanq":
        return tanq_messages(example)
    if bench == "chatrag":
        return chatrag_messages(example)
    return tatqa_messages(example, fewshot)


build_messages = messages_for  # the name the CLI's ``inspect --prompt`` calls


def render_prompt(example: Example, fewshot: Sequence[tuple[Example, dict[str, object]]] = ()) -> str:
    """The exact messages as text, for ``tabtext inspect --prompt``."""
    return "\n\n".join(f"<{m['role']}>\n{m['content']}" for m in messages_for(example, fewshot))


# ---------------------------------------------------------------- answer extraction
Extractor = Callable[[str], "Answer | None"]
_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)


def _scale(value: object, fallback_text: str = "") -> str:
    s = str(value or "").strip().lower()
    if s in SCALES:
        return s
    return detect_scale(s) or detect_scale(fallback_text) if s else ""


def _value(x: object) -> str:
    if isinstance(x, bool):
        return str(x).lower()
    if isinstance(x, (int, float)):
        return format_number(float(x), decimals=4)
    return str(x).strip()


def _from_json_obj(obj: object) -> Answer | None:
    if isinstance(obj, dict):
        lowered = {str(k).lower(): v for k, v in obj.items()}
        if "answer" not in lowered:
            return None
        ans = lowered["answer"]
        scale, deriv = _scale(lowered.get("scale")), str(lowered.get("derivation") or "")
    else:
        ans, scale, deriv = obj, "", ""
    if isinstance(ans, list):
        if ans and all(isinstance(r, list) for r in ans):
            return Answer(value=Table.from_rows(ans), raw=ans)
        return Answer(value=tuple(_value(a) for a in ans), scale=scale, derivation=deriv, raw=ans)
    if ans is None or isinstance(ans, dict):
        return None
    return Answer(value=_value(ans), scale=scale, derivation=deriv, raw=ans)


#: deeper JSON than this is no answer: parsing it would run near the interpreter's recursion limit (where a
#: garbage-collected object's warning can no longer even be reported) and costs quadratic time when embedded
MAX_JSON_DEPTH = 64


def too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether brackets outside JSON strings nest deeper than ``limit`` (one linear scan, no recursion)."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth = max(0, depth - 1)
    return False


def json_strict(text: str) -> Answer | None:
    if too_deep(text):
        return None
    try:
        return _from_json_obj(json.loads(text.strip()))
    except (json.JSONDecodeError, ValueError, RecursionError):
        return None


def json_embedded(text: str) -> Answer | None:
    if too_deep(text):
        return None
    candidates = [m.group(1) for m in _FENCE.finditer(text)]
    decoder = json.JSONDecoder()
    for i, ch in enumerate(text):
        if ch == "{":
            try:
                obj, _ = decoder.raw_decode(text, i)
            except json.JSONDecodeError:
                continue
            candidates.append(json.dumps(obj))
    for c in candidates:
        found = json_strict(c)
        if found is not None:
            return found
    return None


def parse_pipe_table(text: str) -> list[list[str]] | None:
    """Markdown or bare pipe table lines -> rows (separator lines dropped, cells stripped)."""
    rows: list[list[str]] = []
    for line in text.strip().splitlines():
        line = line.strip()
        if "|" not in line:
            if rows:
                break
            continue
        cells = re.split(r"(?<!\\)\|", line)
        if line.startswith("|"):
            cells = cells[1:]
        if line.endswith("|") and not line.endswith("\\|"):
            cells = cells[:-1]
        cells = [c.strip().replace("\\|", "|") for c in cells]
        if cells and all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
            continue
        rows.append(cells)
    return rows if len(rows) >= 1 and any(len(r) > 1 for r in rows) else None


def table(text: str) -> Answer | None:
    rows = parse_pipe_table(text)
    if rows is None:
        return None
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    return Answer(value=Table.from_rows(rows), raw="\n".join("|".join(r) for r in rows) + "\n")


def tanq_format(t: Table) -> str:
    """The official TANQ pipe format: header first, '|' without spaces, trailing newline."""
    return "".join("|".join(" ".join(c.split()) for c in r) + "\n" for r in t.rows)


_FORMULA = re.compile(r"(?:=|answer\s*(?:is|:))\s*([-+*/()., %\d$]+[\d)%])", re.I)


def formula(text: str) -> Answer | None:
    for m in reversed(list(_FORMULA.finditer(text))):
        expr = m.group(1).strip()
        if not re.search(r"\d\s*[-+*/]\s*[($\d]", expr):
            continue
        try:
            value = evaluate(expr.replace("$", "").replace(",", ""))
        except CalcError:
            continue
        if isinstance(value, (int, float)):
            tail = text[m.end():m.end() + 20]
            return Answer(value=format_number(float(value), decimals=4), scale=detect_scale(tail), derivation=expr)
    return None


def last_number(text: str) -> Answer | None:
    numbers = find_numbers(text)
    if not numbers:
        return None
    value, start, end = numbers[-1]
    tail = text[end:end + 20]
    scale = "percent" if text[start:end].endswith("%") else detect_scale(tail.split(".")[0])
    return Answer(value=format_number(value, decimals=4), scale=scale)


def raw_text(text: str) -> Answer | None:
    cleaned = " ".join(text.split())
    cleaned = re.sub(r"^(?:assistant|answer)\s*:\s*", "", cleaned, flags=re.I)
    return Answer(value=cleaned) if cleaned else None


EXTRACTORS: dict[str, Extractor] = {
    "json_strict": json_strict, "json_embedded": json_embedded, "table": table, "formula": formula,
    "last_number": last_number, "raw_text": raw_text,
}
ORDER = {
    "tatqa": ("json_strict", "json_embedded", "formula", "last_number", "raw_text"),
    "tanq": ("json_strict", "json_embedded", "table", "raw_text"),
    "chatrag": ("raw_text",),
}


def extract(example: Example, text: str) -> tuple[Answer | None, str]:
    """Raw model text -> (Answer, name of the extractor that produced it); (None, "") if nothing fits."""
    bench = benchmark_of(example)
    for name in ORDER.get(bench, ORDER["tatqa"]):
        answer = EXTRACTORS[name](text)
        if answer is None:
            continue
        if bench == "tanq" and not isinstance(answer.value, Table) and name != "raw_text":
            continue
        if bench == "tatqa" and isinstance(answer.value, Table):
            continue
        return answer, name
    return None, ""
