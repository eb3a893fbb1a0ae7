"""``tabtext serve``: the offline solver behind an OpenAI-compatible API, plus a plain JSON answer endpoint.

``POST /v1/chat/completions`` answers a benchmark prompt (``engines/prompts.py``) as ``tabtext run`` does, so
the openai engine pointed at this server gives the solver's answers; any other chat is a conversation
(``serve_conversation.py``) answered as the next turn of a ``Dialogue``, as are ``POST /v1/answer``'s JSON
``{table, paragraphs, question, history?}`` and ``POST /v1/dialogue``'s turns (``engines/solver/dialogue/``).
Bad input is a 4xx with a one-line message, never a 500.
"""


import json
import re
import time
import uuid
from collections.abc import Callable, Sequence
from importlib import resources

from .engines import prompts
from .engines.openai import NO_ANSWER  # the content for no answer; the engine reads it back as none
from .errors import TabtextError
from .numbers import parse_number
from .serve_conversation import conversation_example
from .serve_dataset import chatrag_dataset
from .serve_guard import BadInput, HostGuard, Limits, build_table, check_shape, read_json_body
from .types import Answer, Context, Evidence, Example, Paragraph, Prediction, Table, Turn

DEFAULT_LIMITS = Limits()
MAX_BODY_BYTES = DEFAULT_LIMITS.body_bytes
MAX_CELLS = DEFAULT_LIMITS.cells
MAX_MESSAGES = DEFAULT_LIMITS.messages
__all__ = ["BadInput", "NO_ANSWER", "create_app", "example_from_messages", "example_from_answer_request"]


# ---------------------------------------------------------------- messages -> Example
def _csv_rows(lines: Sequence[str]) -> list[list[str]] | None:
    """Lines that read as a mostly numeric CSV table (unquoted thousands like 1,234.5 stay one number)."""
    from .tables import parse_csv

    if len(lines) < 2 or not all("," in ln for ln in lines):
        return None
    try:
        rows = parse_csv("\n".join(lines))
    except TabtextError:
        return None
    values = [c.strip() for r in rows[1:] for c in r[1:]]
    if len(rows[0]) < 2 or not values:
        return None
    numeric = sum(1 for v in values if not v or parse_number(v) is not None)
    return rows if numeric * 2 >= len(values) else None


def _split_tables_and_text(block: str, limits: Limits = DEFAULT_LIMITS) -> tuple[list[Table], list[str]]:
    """Pipe tables and CSV tables become Tables (limits checked before padding); other lines are text."""
    tables: list[Table] = []
    text_buf: list[str] = []
    lines, i = block.splitlines(), 0

    def add(rows: list[list[str]]) -> None:
        built = sum(t.n_rows * t.n_cols for t in tables)
        tables.append(build_table(rows, limits, built, id=f"t{len(tables)}"))

    while i < len(lines):
        line, j = lines[i], i
        if line.strip().startswith("|"):
            while j < len(lines) and lines[j].strip().startswith("|"):
                j += 1
            check_shape(lines[i:j], "|", limits)
            rows = prompts.parse_pipe_table("\n".join(lines[i:j]))
            if rows:
                add(rows)
        elif "," in line:
            while j < len(lines) and "," in lines[j] and lines[j].strip():
                j += 1
            if j - i > 1:  # a lone line with commas is text
                check_shape(lines[i:j], ",", limits)
            rows = _csv_rows(lines[i:j])
            if rows:
                add(rows)
            else:
                text_buf.extend(lines[i:j])
        else:
            j = i + 1
            if not re.fullmatch(r"\s*Table(?::.*)?", line):
                text_buf.append(line)
        i = j
    text = "\n".join(text_buf).strip()
    texts = [t.strip() for t in re.split(r"\n\s*\n", text) if t.strip()] if text else []
    return tables, texts


def parse_user_message(content: str, benchmark: str = "tatqa", limits: Limits = DEFAULT_LIMITS) -> Example:
    """One user message in the tabtext layout (or free form) -> an Example for the solver."""
    question = ""
    found = list(re.finditer(r"(?:^|\n)Question:[ \t]*", content))
    m = re.compile(r"(?:^|\n)Question:[ \t]*(.*)\Z", re.S).match(content, found[-1].start()) if found else None
    body = content
    if m:
        question, body = m.group(1).split(prompts.HINTS_START, 1)[0].rstrip("\n"), content[:m.start()]
    paragraphs: list[str] = []
    pm = re.search(r"(?:^|\n)Paragraphs:\n", body)
    if pm:
        par_block = body[pm.end():]
        body = body[:pm.start()]
        paragraphs = [p.rstrip("\n") for p in re.split(r"(?:^|\n)\[\d+\] ", par_block) if p.strip()]
    tables, free_text = _split_tables_and_text(body, limits)
    if not question.strip():
        if not free_text:
            raise BadInput("no question found: end the last user message with a line 'Question: ...'")
        question = free_text.pop()
    paragraphs = free_text + paragraphs
    context = Context(tables=tuple(tables),
                      paragraphs=tuple(Paragraph(id=str(i), text=t, order=i) for i, t in enumerate(paragraphs, 1)))
    return Example(uid=uuid.uuid4().hex, question=question, context=context, meta={"benchmark": benchmark})


def parse_chatrag(user: str, limits: Limits = DEFAULT_LIMITS) -> Example:
    """The official ChatRAG layout: context chunks, then 'User: ...' / 'Assistant: ...' blocks, ending 'Assistant:'."""
    parts = re.split(r"(?:^|\n\n)(User|Assistant): ?", user)
    context, turns = parts[0], []
    for role, text in zip(parts[1::2], parts[2::2]):
        text = text.strip()
        if role == "Assistant" and not text:
            continue
        turns.append(Turn(role="user" if role == "User" else "assistant", content=text))
    if not turns or turns[-1].role != "user":
        raise BadInput("a ChatRAG prompt must end with a 'User: ...' turn followed by 'Assistant:'")
    dataset = chatrag_dataset(context, turns)
    for instruction in {i for _, i in prompts.CHATRAG_INSTRUCTIONS.values()}:
        turns = [Turn(t.role, t.content[len(instruction) + 1:]) if t.content.startswith(instruction + " ")
                 else t for t in turns]
    tables, chunks = _split_tables_and_text(context, limits)
    paragraphs = []
    for i, chunk in enumerate(chunks, 1):
        m = re.match(r"title: (.*?), source: (.*)", chunk, re.S)
        title, text = (m.group(1), m.group(2)) if m else ("", chunk)
        paragraphs.append(Paragraph(id=str(i), text=text, order=i, title=title))
    return Example(uid=uuid.uuid4().hex, question=turns[-1].content, history=tuple(turns[:-1]),
                   context=Context(tables=tuple(tables), paragraphs=tuple(paragraphs)),
                   meta={"benchmark": "chatrag", "dataset": dataset})


def example_from_messages(messages: object, limits: Limits = DEFAULT_LIMITS) -> Example:
    if not isinstance(messages, list) or not messages:
        raise BadInput("'messages' must be a non-empty list of {role, content}")
    if len(messages) > limits.messages:
        raise BadInput(f"at most {limits.messages} messages")
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or not isinstance(m.get("content"), str) or m.get("role") not in (
                "system", "user", "assistant", "developer", "tool"):
            raise BadInput(f"messages[{i}] must be an object with a role and a string content")
    system = " ".join(m["content"] for m in messages if m["role"] in ("system", "developer"))
    users = [m["content"] for m in messages if m["role"] == "user"]
    if not users:
        raise BadInput("no user message")
    if system.startswith(prompts.CHATRAG_SYSTEM) or users[-1].startswith("System: " + prompts.CHATRAG_SYSTEM):
        text = users[-1].removeprefix("System: " + prompts.CHATRAG_SYSTEM).lstrip("\n")
        return parse_chatrag(text, limits)
    if system.startswith((prompts.TANQ_SYSTEM[:40], prompts.TATQA_SYSTEM, prompts.TATQA_FAIR_SYSTEM)):
        return parse_user_message(users[-1], "tanq" if system.startswith(prompts.TANQ_SYSTEM[:40]) else "tatqa", limits)
    return conversation_example(messages, lambda text: parse_user_message(text, "tatqa", limits),
                                lambda block: _split_tables_and_text(block, limits), limits.cells)


def example_from_answer_request(body: object, limits: Limits = DEFAULT_LIMITS) -> Example:
    if not isinstance(body, dict):
        raise BadInput("the body must be a JSON object {table, paragraphs, question, history?}")
    question = body.get("question")
    if not isinstance(question, str) or not question.strip():
        raise BadInput("'question' must be a non-empty string")
    tables = ()
    raw_table = body.get("table")
    if raw_table not in (None, "", []):
        tables = (parse_table_field(raw_table, limits),)
    paragraphs = body.get("paragraphs") or []
    if not isinstance(paragraphs, list) or not all(isinstance(p, str) for p in paragraphs):
        raise BadInput("'paragraphs' must be a list of strings")
    history = body.get("history") or []
    if not isinstance(history, list) or not all(
            isinstance(h, dict) and h.get("role") in ("user", "assistant") and isinstance(h.get("content"), str)
            for h in history):
        raise BadInput("'history' must be a list of {role: 'user'|'assistant', content: str}")
    bench = "chatrag" if history and not tables else "tatqa"
    return Example(uid=uuid.uuid4().hex, question=question.strip(),
                   context=Context(tables=tables, paragraphs=tuple(
                       Paragraph(id=str(i), text=p, order=i) for i, p in enumerate(paragraphs, 1))),
                   history=tuple(Turn(h["role"], h["content"]) for h in history),
                   meta={"benchmark": bench, "conversation": True})


def parse_table_field(raw: object, limits: Limits = DEFAULT_LIMITS) -> Table:
    """A list of rows, or a CSV / markdown string -> Table (limits checked before padding)."""
    from .tables import parse_csv

    if isinstance(raw, list):
        if not all(isinstance(r, list) and all(isinstance(c, (str, int, float)) or c is None for c in r)
                   for r in raw):
            raise BadInput("'table' as a list must be a list of rows, each a list of strings")
        rows = raw
    elif isinstance(raw, str):
        try:
            rows = prompts.parse_pipe_table(raw) if raw.lstrip().startswith("|") else parse_csv(raw, "'table'")
        except TabtextError as exc:
            raise BadInput(str(exc)) from None
        if not rows:
            raise BadInput("'table' string is neither a markdown table nor CSV")
    else:
        raise BadInput("'table' must be a list of rows or a CSV/markdown string")
    return build_table(rows, limits)


# ---------------------------------------------------------------- Prediction -> replies
def reply_text(example: Example, pred: Prediction) -> str:
    """The assistant message: what the matching prompt asks a model for."""
    a = pred.answer
    if a is None:
        return NO_ANSWER
    bench = prompts.benchmark_of(example)
    if isinstance(a.value, Table):
        return prompts.tanq_format(a.value)
    if bench == "chatrag":
        return a.text()
    value: object = list(a.value) if isinstance(a.value, tuple) else a.value
    return json.dumps({"answer": value, "scale": a.scale, "derivation": a.derivation}, ensure_ascii=False)


def _evidence(e: Evidence) -> dict[str, object]:
    return {"kind": e.kind, "row": e.row, "col": e.col, "paragraph": e.paragraph, "start": e.start,
            "end": e.end, "text": e.text}


def answer_json(pred: Prediction) -> dict[str, object]:
    """One shape whatever the answer: ``answer`` is always a string ("" for none; spans joined by ", "), ``items``
    always the list of its spans or numbers, ``table`` the rows of a table-valued answer or null."""
    a: Answer | None = pred.answer
    table = [list(r) for r in a.value.rows] if a is not None and isinstance(a.value, Table) else None
    out: dict[str, object] = {"answer": a.text() if a else "", "items": list(a.items) if a else [], "table": table,
                              "scale": a.scale if a else "", "derivation": a.derivation if a else "",
                              "evidence": [_evidence(e) for e in pred.evidence]}
    if pred.error:
        out["error"] = pred.error
    return out


# ---------------------------------------------------------------- the app
def mount_dialogue(app, limits: Limits, run) -> None:  # type: ignore[no-untyped-def]
    """``POST /v1/dialogue``: one turn {table, paragraphs, question, history: [program of earlier answers]},
    under the same body, table and time limits as ``/v1/answer`` (``run``: the app's bounded runner)."""
    from fastapi import Request

    from .engines.solver.dialogue.api import answer_turn
    from .serve_http import is_large

    @app.post("/v1/dialogue")
    async def dialogue(request: Request) -> dict[str, object]:
        body = await read_json_body(request, limits)
        history = body.pop("history", None) if isinstance(body, dict) else None
        if isinstance(history, list) and len(history) > limits.messages:
            raise BadInput(f"'history' holds {len(history)} turns; at most {limits.messages}")
        example = example_from_answer_request(body, limits)
        try:
            return await run(answer_turn, (example.context, example.question, history), is_large(example))
        except BadInput:
            raise
        except ValueError as exc:
            raise BadInput(str(exc)) from None


def _add_guards(app: object, allowed_hosts: Sequence[str] | None, allow_origins: Sequence[str]) -> None:
    from .serve_http import safe_json_response_class

    JSONResponse = safe_json_response_class()  # noqa: N806 - the response class, as FastAPI names it
    if allow_origins:
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(allow_origins), allow_methods=["GET", "POST"],
                           allow_headers=["content-type", "authorization"])
    if allowed_hosts is not None:
        app.add_middleware(HostGuard, allowed=list(allowed_hosts))

    @app.exception_handler(BadInput)
    async def bad_input(request: object, exc: BadInput) -> JSONResponse:
        return JSONResponse({"error": {"message": str(exc), "type": "invalid_request_error"}}, status_code=exc.status)


def _add_info_routes(app: object) -> None:
    from fastapi.responses import HTMLResponse

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/", response_class=HTMLResponse)
    def index() -> str:
        page = resources.files("tabtext").joinpath("web/index.html")
        if page.is_file():
            return page.read_text(encoding="utf-8")
        return ("<!doctype html><title>tabtext</title><p>tabtext serve is running. POST /v1/answer with "
                "{table, paragraphs, question} or use /v1/chat/completions with any OpenAI client; see /docs.</p>")

    @app.get("/v1/models")
    def models() -> dict[str, object]:
        return {"object": "list", "data": [{"id": "tabtext-solver", "object": "model", "owned_by": "tabtext"}]}


def built_headers(example: Example) -> dict[str, str]:
    """What this request made the server build: cells, and their bytes (8 per cell slot plus its text)."""
    tables = example.context.tables
    cells = sum(t.n_rows * t.n_cols for t in tables)
    size = sum(8 * len(r) + sum(len(c) for c in r) for t in tables for r in t.rows)
    return {"x-tabtext-cells": str(cells), "x-tabtext-cell-bytes": str(size)}


def create_app(answer_one: Callable[[Example], Prediction] | None = None, max_body: int | None = None,
               limits: Limits | None = None, allowed_hosts: Sequence[str] | None = None,
               allow_origins: Sequence[str] = ()):
    """The FastAPI app; ``answer_one`` defaults to the offline solver (tests may pass another engine).

    ``allowed_hosts`` None accepts any Host header; ``allow_origins`` lists origins whose pages may call the
    API (CORS); none by default, and a cross-site form POST is refused anyway (JSON content type only).
    """
    from fastapi import FastAPI, Request

    from .serve_http import bounded_runner, bounded_solver, safe_json_response_class
    from .serve_worker import WorkerProcess, answer_default, default_solver

    JSONResponse = safe_json_response_class()  # noqa: N806 - the response class, as FastAPI names it

    limits = limits or (Limits(body_bytes=max_body) if max_body else DEFAULT_LIMITS)
    engine_answer = answer_one or default_solver()

    worker = WorkerProcess() if answer_one is None else None  # large requests: a process killed at their time
    run = bounded_runner(limits, worker)
    solve_bounded = bounded_solver(engine_answer, run, answer_default if worker else None)

    app = FastAPI(title="tabtext", description="QA over tables + text (offline solver)",
                  default_response_class=JSONResponse)
    _add_guards(app, allowed_hosts, allow_origins)
    _add_info_routes(app)

    @app.post("/v1/chat/completions")
    async def chat(request: Request) -> JSONResponse:
        body = await read_json_body(request, limits)
        if not isinstance(body, dict):
            raise BadInput("the body must be a JSON object with 'messages'")
        example = example_from_messages(body.get("messages"), limits)
        if not isinstance(body.get("stream", False), bool | None):
            raise BadInput("'stream' must be true or false")
        if body.get("stream"):
            from .server_stream import streaming_reply

            async def streamed_text() -> str:
                return reply_text(example, await solve_bounded(example))

            return streaming_reply(body, streamed_text)
        n_prompt = sum(len(str(m.get("content", "")).split()) for m in body["messages"])
        model = str(body.get("model") or "tabtext-solver")[:200]
        del body  # do not hold the parsed request while the solver works
        pred = await solve_bounded(example)
        text = reply_text(example, pred)
        n_out = len(text.split())
        return JSONResponse({
            "id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion", "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": n_prompt, "completion_tokens": n_out, "total_tokens": n_prompt + n_out},
            "tabtext": {"error": pred.error or ("no answer found" if pred.answer is None else "")}
            if pred.error or pred.answer is None else {},
        }, headers=built_headers(example))

    from .server_tables import add_table_upload

    add_table_upload(app, limits)  # POST /v1/tables: .xlsx/.parquet/... uploads -> rows

    @app.post("/v1/answer")
    async def answer(request: Request) -> JSONResponse:
        example = example_from_answer_request(await read_json_body(request, limits), limits)
        return JSONResponse(answer_json(await solve_bounded(example)),
                            headers=built_headers(example))

    mount_dialogue(app, limits, run)
    return app
