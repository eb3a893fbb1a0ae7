"""The HTTP layer of ``tabtext serve``: uvicorn's options in one place, a header timeout, JSON that always encodes.

uvicorn (0.54, h11) times out idle keep-alive connections but not a request whose headers arrive slowly: a
client that opens a connection and sends its head a byte at a time holds the connection, and enough of them
fill ``limit_concurrency`` so that every other client gets 503. ``HeaderTimeoutH11`` closes a connection whose
request head is not complete ``header_seconds`` after its first byte (or after the connection opened), and
``limit_concurrency`` is set far above what slow clients can hold open in that time. Lone surrogates (``"\\ud800"`` in a JSON body) cannot be encoded as UTF-8;
``json_text`` escapes them instead of failing the response. ``bounded_solver`` runs the solver for a request:
a few at a time, within the request's time, with memory handed back after large texts.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Awaitable, Callable

from .serve_guard import Limits
from .types import Example, Prediction

HEADER_SECONDS = 10.0
#: connections open at once (slow or not); past this new ones wait in the listen backlog, they are not refused
MAX_CONNECTIONS = 2048


@functools.cache
def _libc() -> object | None:
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    return libc if libc is not None and hasattr(libc, "malloc_trim") else None  # glibc only


def limit_malloc_arenas(arenas: int = 2) -> None:
    """glibc gives each thread its own malloc arena and keeps what a large request freed in it: under load the
    server's RSS grows with the thread pool. Fewer arenas (M_ARENA_MAX) keep it bounded. No-op elsewhere."""
    libc = _libc()
    if libc is not None:
        libc.mallopt(-8, arenas)  # M_ARENA_MAX


def release_memory() -> None:
    """Return freed heap pages to the system (glibc ``malloc_trim``) after a request that built much."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


def json_text(value: object) -> str:
    """JSON with non-ASCII text kept as is, unless it holds a lone surrogate: then every such character escaped."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value)
    return text


def safe_json_response_class() -> type:
    from fastapi.responses import JSONResponse

    class SafeJSONResponse(JSONResponse):
        def render(self, content: object) -> bytes:
            return json_text(content).encode("utf-8")

    return SafeJSONResponse


def header_timeout_protocol(seconds: float = HEADER_SECONDS) -> type:
    """An h11 protocol class for uvicorn that closes connections whose request head is late."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeoutH11(H11Protocol):
        header_timer = None

        def connection_made(self, transport) -> None:  # type: ignore[no-untyped-def]
            super().connection_made(transport)
            self._arm()

        def _waiting_for_head(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _arm(self) -> None:
            if self.header_timer is None:
                self.header_timer = self.loop.call_later(seconds, self._late_head)

        def _disarm(self) -> None:
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None

        def _late_head(self) -> None:
            self.header_timer = None
            if self._waiting_for_head() and not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._waiting_for_head():
                self._arm()  # a new request head starts: it has ``seconds`` to arrive whole
            super().data_received(data)
            if not self._waiting_for_head():
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return HeaderTimeoutH11


def uvicorn_options(body_seconds: float, header_seconds: float = HEADER_SECONDS) -> dict[str, object]:
    """What ``tabtext serve`` (and the abuse benchmark) pass to uvicorn besides the app, host and port."""
    return {"http": header_timeout_protocol(header_seconds), "timeout_keep_alive": 5,
            "h11_max_incomplete_event_size": 64 * 1024, "limit_concurrency": MAX_CONNECTIONS, "backlog": 2048,
            "timeout_graceful_shutdown": int(body_seconds)}


#: characters of paragraphs: after a request this large the freed heap is handed back to the system
LARGE_TEXT = 50_000


def bounded_solver(answer: Callable[[Example], Prediction], limits: Limits) -> Callable[[Example], Awaitable[Prediction]]:
    """``answer`` for one request's example: at most ``limits.solving`` at once, and one large text at a time
    beside them (the others wait their turn, so slow large texts do not hold up small questions; one whose time
    runs out while waiting never starts), refused (422) past ``request_seconds``, an engine failure reported in
    the reply; memory handed back after a large text."""
    from starlette.concurrency import run_in_threadpool

    from .serve_guard import BadInput

    limit_malloc_arenas()
    turns, large_turns = asyncio.Semaphore(limits.solving), asyncio.Semaphore(1)

    def is_large(example: Example) -> bool:
        return sum(len(p.text) for p in example.context.paragraphs) > LARGE_TEXT

    def solve(example: Example) -> Prediction:
        try:
            return answer(example)
        except Exception as exc:  # an engine failure is reported in the reply, never a crashed request
            return Prediction(uid=example.uid, answer=None, error=f"{type(exc).__name__}: {exc}")
        finally:
            if is_large(example):
                release_memory()

    async def solve_in_turn(example: Example) -> Prediction:
        async with large_turns if is_large(example) else turns:  # large texts take turns of their own
            return await run_in_threadpool(solve, example)

    async def solve_bounded(example: Example) -> Prediction:
        try:
            return await asyncio.wait_for(solve_in_turn(example), limits.request_seconds)
        except asyncio.TimeoutError:
            raise BadInput(f"answering took longer than {limits.request_seconds:g} s; ask about a smaller "
                           "table", 422) from None

    return solve_bounded
