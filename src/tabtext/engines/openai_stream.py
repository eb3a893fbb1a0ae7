"""``stream=true`` for the openai engine: consume a server's SSE chunks and rebuild one chat.completion.

For servers that only stream. ``assemble_chunks`` is pure (tested without a network); the rebuilt dict has
the non-streamed shape, so ``parse_response``, the cache and the extractors work unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def assemble_chunks(chunks: Iterable[Mapping[str, object]]) -> dict[str, object]:
    """``chat.completion.chunk`` dicts -> a ``chat.completion`` dict (content joined, last finish_reason, usage)."""
    parts: list[str] = []
    role, finish, usage, head = "assistant", None, None, {}
    for chunk in chunks:
        head = head or {k: chunk.get(k) for k in ("id", "created", "model")}
        if chunk.get("usage"):
            usage = chunk["usage"]
        for choice in chunk.get("choices") or []:  # type: ignore[union-attr]
            if not isinstance(choice, Mapping) or choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            if isinstance(delta, Mapping):
                role = str(delta.get("role") or role)
                if isinstance(delta.get("content"), str):
                    parts.append(delta["content"])  # type: ignore[arg-type]
            finish = choice.get("finish_reason") or finish
    if not head:
        raise ValueError("the stream ended before any chunk")
    response: dict[str, object] = {**head, "object": "chat.completion", "choices": [
        {"index": 0, "message": {"role": role, "content": "".join(parts)}, "finish_reason": finish}]}
    if usage:
        response["usage"] = usage
    return response


async def fetch_streamed(client: object, payload: Mapping[str, object]) -> dict[str, object]:
    """Send ``payload`` with ``stream=true`` through the SDK and return the assembled completion.

    Raises the SDK's own errors (connection, status), so the engine's retry rules apply unchanged.
    """
    request = {k: v for k, v in payload.items() if k not in ("stream", "stream_options")}
    stream = await client.chat.completions.create(  # type: ignore[attr-defined]
        **request, stream=True, stream_options={"include_usage": True})
    chunks = [chunk.model_dump() async for chunk in stream]
    return assemble_chunks(chunks)
