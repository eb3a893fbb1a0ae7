"""``stream=true`` for the openai engine: consume a server's SSE chunks and rebuild one chat.completion.

For servers that only stream (read by ``openai_http.ChatClient.stream``). ``assemble_chunks`` is pure (tested without a network); the rebuilt dict has
the non-streamed shape, so ``parse_response``, the cache and the extractors work unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class StreamCut(ValueError):
    """The stream ended without a finish_reason (and so without a proper end): not a complete answer."""


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

