"""``stream=true`` on ``/v1/chat/completions``: the reply as server-sent events in OpenAI's chunk format.

The role chunk goes out before the engine runs, so a client sees the first byte at once; then the reply text
in a few content chunks, a last chunk with ``finish_reason``, a ``usage`` chunk when the request asks for it
(``stream_options.include_usage``), and ``data: [DONE]``.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

from .serve_http import json_text

#: words per content chunk: small enough to look like a model streaming, few enough to stay cheap
WORDS_PER_CHUNK = 4


def chunk_event(completion_id: str, model: str, created: int, delta: dict[str, object],
                finish_reason: str | None = None) -> str:
    """One ``chat.completion.chunk`` as an SSE ``data:`` line."""
    chunk: dict[str, object] = {
        "id": completion_id, "object": "chat.completion.chunk", "created": created, "model": model,
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}],
    }
    return f"data: {json_text(chunk)}\n\n"


def text_pieces(text: str, words: int = WORDS_PER_CHUNK) -> list[str]:
    """Split text into pieces of a few words each, keeping every character (joined they give ``text``)."""
    tokens = re.findall(r"\s*\S+|\s+$", text)
    return ["".join(tokens[i:i + words]) for i in range(0, len(tokens), words)]


def usage_of(messages: list[dict[str, object]], text: str) -> dict[str, int]:
    n_prompt = sum(len(str(m.get("content", "")).split()) for m in messages)
    n_out = len(text.split())
    return {"prompt_tokens": n_prompt, "completion_tokens": n_out, "total_tokens": n_prompt + n_out}


def reply_events(completion_id: str, model: str, created: int, text: str,
                 usage: dict[str, int] | None = None) -> Iterator[str]:
    """The events after the role chunk: content pieces, the finish chunk, [DONE]."""
    for piece in text_pieces(text):
        yield chunk_event(completion_id, model, created, {"content": piece})
    yield chunk_event(completion_id, model, created, {}, "stop")
    if usage is not None:  # OpenAI sends usage in one more chunk, with no choices
        chunk = {"id": completion_id, "object": "chat.completion.chunk", "created": created, "model": model,
                 "choices": [], "usage": usage}
        yield f"data: {json.dumps(chunk)}\n\n"
    yield "data: [DONE]\n\n"


def wants_usage(body: dict[str, object]) -> bool:
    options = body.get("stream_options")
    return isinstance(options, dict) and bool(options.get("include_usage"))


def streaming_reply(body: dict[str, object], reply: Callable[[], Awaitable[str]]):
    """A StreamingResponse whose first event (the role chunk) is sent before ``reply()`` is awaited."""
    from fastapi.responses import StreamingResponse

    completion_id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
    model = str(body.get("model") or "tabtext-solver")
    created = int(time.time())
    messages = body.get("messages") if isinstance(body.get("messages"), list) else []

    async def events() -> AsyncIterator[str]:
        yield chunk_event(completion_id, model, created, {"role": "assistant", "content": ""})
        text = await reply()
        usage = usage_of(messages, text) if wants_usage(body) else None  # type: ignore[arg-type]
        for event in reply_events(completion_id, model, created, text, usage):
            yield event

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
