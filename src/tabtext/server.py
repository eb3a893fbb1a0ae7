"""``tabtext serve``: the offline solver behind an OpenAI-compatible API, plus a plain JSON answer endpoint.

``POST /v1/chat/completions`` reads a table and text from the messages (the layouts in
``engines/prompts.py``, or any markdown table + text with a "Question:" line) and answers with the solver,
so the openai engine pointed at this server gives the solver's answers. ``POST /v1/answer`` takes JSON
``{table, paragraphs, question, history?}``; ``POST /v1/dialogue`` is one turn of the page's conversation
(``engines/solver/dialogue_api.py``). Bad input is a 4xx with a one-line message, never a 500.
"""


import csv
import io
import json
import re
import time
import uuid
from collections.abc import Callable
from importlib import resources

from .engines import prompts
from .types import Answer, Context, Evidence, Example, Paragraph, Prediction, Table, Turn

MAX_BODY_BYTES = 2_000_000
MAX_CELLS = 20_000
MAX_MESSAGES = 200


class BadInput(ValueError):
    """Raised for any client mistake; becomes a 4xx response."""


# ---------------------------------------------------------------- messages -> Example
def _split_tables_and_text(block: str) -> tuple[list[Table], list[str]]:
    tables, texts, lines, i = [], [], block.splitlines(), 0
    text_buf: list[str] = []
    while i < len(lines):
        if lines[i].strip().startswith("|"):
            j = i
            while j < len(lines) and lines[j].strip().startswith("|"):
                j += 1
            rows = prompts.parse_pipe_table("\n".join(lines[i:j]))
            if rows:
                width = max(len(r) for r in rows)
                tables.append(Table.from_rows([r + [""] * (width - len(r)) for r in rows], id=f"t{len(tables)}"))
            i = j
            continue
        line = lines[i]
        if re.fullmatch(r"\s*Table(?::.*)?", line):
            i += 1
            continue
        text_buf.append(line)
        i += 1
    text = "\n".join(text_buf).strip()
    if text:
        texts.extend(t.strip() for t in re.split(r"\n\s*\n", text) if t.strip())
    return tables, texts


def parse_user_message(content: str, benchmark: str = "tatqa") -> Example:
    """One user message in the tabtext layout (or free form) -> an Example for the solver."""
    question = ""
    found = list(re.finditer(r"(?:^|\n)Question:[ \t]*", content))
    m = re.compile(r"(?:^|\n)Question:[ \t]*(.*)\Z", re.S).match(content, found[-1].start()) if found else None
    body = content
    if m:
        question, body = m.group(1).rstrip("\n"), content[:m.start()]
    paragraphs: list[str] = []
    pm = re.search(r"(?:^|\n)Paragraphs:\n", body)
    if pm:
        par_block = body[pm.end():]
        body = body[:pm.start()]
        paragraphs = [p.rstrip("\n") for p in re.split(r"(?:^|\n)\[\d+\] ", par_block) if p.strip()]
    tables, free_text = _split_tables_and_text(body)
    if not question.strip():
        if not free_text:
            raise BadInput("no question found: end the last user message with a line 'Question: ...'")
        question = free_text.pop()
    paragraphs = free_text + paragraphs
    if sum(t.n_rows * t.n_cols for t in tables) > MAX_CELLS:
        raise BadInput(f"tables larger than {MAX_CELLS} cells are not accepted")
    context = Context(tables=tuple(tables),
                      paragraphs=tuple(Paragraph(id=str(i), text=t, order=i) for i, t in enumerate(paragraphs, 1)))
    return Example(uid=uuid.uuid4().hex, question=question, context=context, meta={"benchmark": benchmark})


def parse_chatrag(user: str) -> Example:
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
    for instruction in {i for _, i in prompts.CHATRAG_INSTRUCTIONS.values()}:
        turns = [Turn(t.role, t.content[len(instruction) + 1:]) if t.content.startswith(instruction + " ")
                 else t for t in turns]
    tables, chunks = _split_tables_and_text(context)
    paragraphs = []
    for i, chunk in enumerate(chunks, 1):
        m = re.match(r"title: (.*?), source: (.*)", chunk, re.S)
        title, text = (m.group(1), m.group(2)) if m else ("", chunk)
        paragraphs.append(Paragraph(id=str(i), text=text, order=i, title=title))
    return Example(uid=uuid.uuid4().hex, question=turns[-1].content, history=tuple(turns[:-1]),
                   context=Context(tables=tuple(tables), paragraphs=tuple(paragraphs)), meta={"benchmark": "chatrag"})


def example_from_messages(messages: object) -> Example:
    if not isinstance(messages, list) or not messages:
        raise BadInput("'messages' must be a non-empty list of {role, content}")
    if len(messages) > MAX_MESSAGES:
        raise BadInput(f"at most {MAX_MESSAGES} messages")
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
        return parse_chatrag(text)
    benchmark = "tanq" if system.startswith(prompts.TANQ_SYSTEM[:40]) else "tatqa"
    return parse_user_message(users[-1], benchmark)


def example_from_answer_request(body: object) -> Example:
    if not isinstance(body, dict):
        raise BadInput("the body must be a JSON object {table, paragraphs, question, history?}")
    question = body.get("question")
    if not isinstance(question, str) or not question.strip():
        raise BadInput("'question' must be a non-empty string")
    tables = ()
    raw_table = body.get("table")
    if raw_table not in (None, "", []):
        tables = (parse_table_field(raw_table),)
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
                   history=tuple(Turn(h["role"], h["content"]) for h in history), meta={"benchmark": bench})


def parse_table_field(raw: object) -> Table:
    """A list of rows, or a CSV / markdown string -> Table."""
    if isinstance(raw, list):
        if not all(isinstance(r, list) and all(isinstance(c, (str, int, float)) or c is None for c in r)
                   for r in raw):
            raise BadInput("'table' as a list must be a list of rows, each a list of strings")
        rows = raw
    elif isinstance(raw, str):
        rows = prompts.parse_pipe_table(raw) if raw.lstrip().startswith("|") else list(csv.reader(io.StringIO(raw)))
        if not rows:
            raise BadInput("'table' string is neither a markdown table nor CSV")
    else:
        raise BadInput("'table' must be a list of rows or a CSV/markdown string")
    if sum(len(r) for r in rows) > MAX_CELLS:
        raise BadInput(f"tables larger than {MAX_CELLS} cells are not accepted")
    width = max((len(r) for r in rows), default=0)
    return Table.from_rows([list(r) + [""] * (width - len(r)) for r in rows])


# ---------------------------------------------------------------- Prediction -> replies
def reply_text(example: Example, pred: Prediction) -> str:
    """The assistant message: what the matching prompt asks a model for."""
    a = pred.answer
    if a is None:
        return ""
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
    a: Answer | None = pred.answer
    value: object = None
    if a is not None:
        value = ([list(r) for r in a.value.rows] if isinstance(a.value, Table)
                 else list(a.value) if isinstance(a.value, tuple) else a.value)
    out: dict[str, object] = {"answer": value, "scale": a.scale if a else "", "derivation": a.derivation if a else "",
                              "evidence": [_evidence(e) for e in pred.evidence]}
    if pred.error:
        out["error"] = pred.error
    return out


# ---------------------------------------------------------------- the app
def mount_dialogue(app, read_json) -> None:  # type: ignore[no-untyped-def]
    """``POST /v1/dialogue``: one turn {table, paragraphs, question, history: [program of earlier answers]}."""
    from fastapi import Request
    from starlette.concurrency import run_in_threadpool

    from .engines.solver.dialogue_api import answer_turn

    @app.post("/v1/dialogue")
    async def dialogue(request: Request) -> dict[str, object]:
        body = await read_json(request)
        history = body.pop("history", None) if isinstance(body, dict) else None
        example = example_from_answer_request(body)
        try:
            return await run_in_threadpool(answer_turn, example.context, example.question, history)
        except ValueError as exc:
            raise BadInput(str(exc)) from None


def _default_solver() -> Callable[[Example], Prediction]:
    from .engines.solver import SolverEngine

    return SolverEngine().answer_one


def create_app(answer_one: Callable[[Example], Prediction] | None = None, max_body: int = MAX_BODY_BYTES):
    """The FastAPI app; ``answer_one`` defaults to the offline solver (tests may pass another engine)."""
    from fastapi import FastAPI, Request
    from fastapi.responses import HTMLResponse, JSONResponse
    from starlette.concurrency import run_in_threadpool

    engine_answer = answer_one or _default_solver()

    def solve(example: Example) -> Prediction:
        try:
            return engine_answer(example)
        except Exception as exc:  # an engine failure is reported in the reply, never a crashed request
            return Prediction(uid=example.uid, answer=None, error=f"{type(exc).__name__}: {exc}")
    app = FastAPI(title="tabtext", description="QA over tables + text (offline solver)")

    def error(status: int, message: str, kind: str = "invalid_request_error") -> JSONResponse:
        return JSONResponse({"error": {"message": message, "type": kind}}, status_code=status)

    async def read_json(request: Request) -> object:
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > max_body:
            raise BadInput(f"413:request body larger than {max_body} bytes")
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > max_body:
                raise BadInput(f"413:request body larger than {max_body} bytes")
        try:
            return json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise BadInput(f"the body is not valid JSON ({exc})") from None

    @app.exception_handler(BadInput)
    async def bad_input(request: Request, exc: BadInput) -> JSONResponse:
        status, _, message = str(exc).partition(":") if str(exc)[:4] == "413:" else ("400", "", str(exc))
        return error(int(status), message)

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

    @app.post("/v1/chat/completions")
    async def chat(request: Request) -> JSONResponse:
        body = await read_json(request)
        if not isinstance(body, dict):
            raise BadInput("the body must be a JSON object with 'messages'")
        example = example_from_messages(body.get("messages"))
        if body.get("stream"):
            from .server_stream import streaming_reply

            async def streamed_text() -> str:
                return reply_text(example, await run_in_threadpool(solve, example))

            return streaming_reply(body, streamed_text)
        pred = await run_in_threadpool(solve, example)
        text = reply_text(example, pred)
        n_prompt = sum(len(str(m.get("content", "")).split()) for m in body["messages"])
        n_out = len(text.split())
        return JSONResponse({
            "id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion", "created": int(time.time()),
            "model": str(body.get("model") or "tabtext-solver"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": n_prompt, "completion_tokens": n_out, "total_tokens": n_prompt + n_out},
            "tabtext": {"error": pred.error} if pred.error else {},
        })

    from .server_tables import add_table_upload

    add_table_upload(app, max_body)  # POST /v1/tables: .xlsx/.parquet/... uploads -> rows

    @app.post("/v1/answer")
    async def answer(request: Request) -> dict[str, object]:
        example = example_from_answer_request(await read_json(request))
        return answer_json(await run_in_threadpool(solve, example))
    mount_dialogue(app, read_json)
    return app
