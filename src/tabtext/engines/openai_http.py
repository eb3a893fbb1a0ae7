"""The openai engine's HTTP client: ``POST {base_url}/chat/completions`` with httpx alone, plain or streamed.

The engine needs one route, a bearer key, a capped body and three kinds of failure, so it does not load the
official SDK (~0.5 s of CPU at start-up over httpx, several seconds of wall time on a loaded machine, which every
run and every stop pays). What failed is told apart as the engine's retry rules need it: :class:`StatusError`
(the server answered 4xx / 5xx: the status, its message and headers), :class:`Disconnected` (refused, reset or
dropped before a reply: the endpoint may be down), ``TimeoutError`` (no connection within the connect timeout),
and ``httpx.TransportError`` while the body is read (the reply was cut off).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .openai_protocol import ReplyTooLarge, read_capped
from .openai_stream import StreamCut, assemble_chunks

#: how much of an error reply is read for its message
ERROR_BODY_CAP = 65_536


class StatusError(Exception):
    """An HTTP error status from the server (the message is the SDK's: 'Error code: 400 - {body}')."""

    def __init__(self, status_code: int, message: str, headers: Mapping[str, str]) -> None:
        super().__init__(message)
        self.status_code, self.message, self.headers = status_code, message, headers


class Disconnected(Exception):
    """No reply at all: the connection was refused, reset or dropped before the response's status line."""


def error_message(status: int, body: bytes) -> str:
    text = body.decode("utf-8", "replace").strip()
    try:
        return f"Error code: {status} - {json.loads(text)}"
    except ValueError:
        return text or f"Error code: {status}"


class ChatClient:
    """One endpoint's connection pool: ``complete`` returns the reply's body bytes, ``stream`` the assembled
    completion of a ``stream=true`` request."""

    def __init__(self, base_url: str, api_key: str, connections: int, connect_timeout: float,
                 verify: bool) -> None:
        import httpx

        self.url = base_url.rstrip("/") + "/chat/completions"
        limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
        # no per-read timeout: the engine's whole-request deadline rules (a queued request reads nothing)
        self._http = httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(None, connect=connect_timeout),
                                       verify=verify, headers={"Authorization": f"Bearer {api_key}"})

    async def _send(self, payload: Mapping[str, object]) -> object:
        import httpx

        request = self._http.build_request("POST", self.url, json=dict(payload))
        try:
            response = await self._http.send(request, stream=True)
        except httpx.TimeoutException as exc:
            raise TimeoutError(f"no connection to {self.url}: {type(exc).__name__}") from None
        except httpx.TransportError as exc:
            raise Disconnected(f"{type(exc).__name__}: {exc}") from None
        if response.status_code >= 400:
            try:
                body = await read_capped(response, ERROR_BODY_CAP)
            except (ReplyTooLarge, httpx.TransportError):
                body = b""
            raise StatusError(response.status_code, error_message(response.status_code, body), response.headers)
        return response

    async def complete(self, payload: Mapping[str, object], cap: int) -> bytes:
        return await read_capped(await self._send(payload), cap)

    async def stream(self, payload: Mapping[str, object], cap: int) -> dict[str, object]:
        """``stream=true`` (usage asked for): the SSE chunks read and assembled into one chat.completion; a stream
        whose content passes ``cap`` characters is :class:`ReplyTooLarge`, one that ends without a finish_reason
        :class:`StreamCut` (the finish is the proof of an end)."""
        request = {**payload, "stream": True, "stream_options": {"include_usage": True}}
        response = await self._send(request)
        chunks, size = [], 0
        try:
            async for line in response.aiter_lines():  # type: ignore[attr-defined]
                data = line[len("data:"):].strip() if line.startswith("data:") else ""
                if data == "[DONE]":
                    break
                if not data:
                    continue
                chunk = json.loads(data)
                if not isinstance(chunk, dict):
                    continue
                size += sum(len(str((c.get("delta") or {}).get("content") or "")) for c in chunk.get("choices") or []
                            if isinstance(c, dict))
                if size > cap:
                    raise ReplyTooLarge(f"streamed reply is over max_reply={cap:,} characters")
                chunks.append(chunk)
        finally:
            await response.aclose()  # type: ignore[attr-defined]
        assembled = assemble_chunks(chunks)
        if not assembled["choices"][0]["finish_reason"]:  # type: ignore[index]
            raise StreamCut("the stream ended without a finish_reason")
        return assembled

    async def close(self) -> None:
        await self._http.aclose()
