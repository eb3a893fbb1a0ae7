"""The HTTP layer of ``tabtext serve``: uvicorn's options in one place, a header timeout, JSON that always encodes.

uvicorn (0.54, h11) times out idle keep-alive connections but not a request whose headers arrive slowly: a
client that opens a connection and sends its head a byte at a time holds the connection, and enough of them
fill ``limit_concurrency`` so that every other client gets 503. ``HeaderTimeoutH11`` closes a connection whose
request head is not complete ``header_seconds`` after its first byte (or after the connection opened), and
``limit_concurrency`` is set far above what slow clients can hold open in that time. Lone surrogates (``"\\ud800"`` in a JSON body) cannot be encoded as UTF-8;
``json_text`` escapes them instead of failing the response. ``bounded_runner`` runs the solver for a request:
a few at a time, within the request's time, large requests in a worker process that is killed when the time is
up (``serve_worker.py``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable

from .serve_guard import Limits
from .serve_worker import WorkerProcess, WorkerTimeout, limit_malloc_arenas, release_memory
from .types import Example, Prediction

HEADER_SECONDS = 10.0
#: connections open at once (slow or not); past this new ones wait in the listen backlog, they are not refused
MAX_CONNECTIONS = 2048


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


#: a request is large (answered in the worker process, one at a time) past this many characters of text (its
#: question, history, paragraphs and cells) or table cells: about half a second of solving each
LARGE_TEXT = 50_000
LARGE_CELLS = 5_000
#: a large request whose turn comes with less time left than this is refused, not started and killed
MIN_LARGE_SECONDS = 1.0


def request_chars(example: Example) -> int:
    context = example.context
    return (len(example.question) + sum(len(t.content) for t in example.history)
            + sum(len(p.text) for p in context.paragraphs)
            + sum(len(str(c)) for t in context.tables for r in t.rows for c in r))


def is_large(example: Example) -> bool:
    """The cost estimate that admits a request to a lane: a 60 KB question or 180 KB of cell text costs as much
    as a long paragraph, and would hold a small request's lane for as long."""
    return (sum(t.n_rows * t.n_cols for t in example.context.tables) > LARGE_CELLS
            or request_chars(example) > LARGE_TEXT)


Run = Callable[[Callable[..., object], tuple, bool], Awaitable[object]]


def bounded_runner(limits: Limits, worker: WorkerProcess | None) -> Run:
    """``run(fn, args, large)``: ``fn(*args)`` for one request, within ``limits.request_seconds`` from its
    arrival or a 422. Small calls run in threads, at most ``limits.solving`` at once; large ones one at a time
    beside them, in ``worker`` when given (killed when the time is up, so the work stops), else in a thread.
    A lane stays taken until its call has really ended: a thread that outlives its 422 still counts."""
    from starlette.concurrency import run_in_threadpool

    from .serve_guard import BadInput

    limit_malloc_arenas()
    turns, large_turns = asyncio.Semaphore(limits.solving), asyncio.Semaphore(1)

    def too_long() -> BadInput:
        return BadInput(f"answering took longer than {limits.request_seconds:g} s; ask about a smaller table "
                        "or text", 422)

    async def run(fn: Callable[..., object], args: tuple, large: bool) -> object:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limits.request_seconds
        lane = large_turns if large else turns
        try:  # one whose time runs out while waiting never starts
            await asyncio.wait_for(lane.acquire(), limits.request_seconds)
        except asyncio.TimeoutError:
            raise too_long() from None
        remaining = max(deadline - loop.time(), 0.0)
        in_worker = large and worker is not None
        if remaining < (MIN_LARGE_SECONDS if in_worker else 0.01):  # it would be killed before it could end,
            lane.release()                                           # and the worker started again for nothing
            raise too_long()
        job = asyncio.ensure_future(run_in_threadpool(worker.call, fn, args, remaining) if in_worker
                                    else run_in_threadpool(fn, *args))
        job.add_done_callback(lambda done: (lane.release(), done.cancelled() or done.exception()))
        try:
            return await asyncio.wait_for(asyncio.shield(job), remaining + (1.0 if in_worker else 0.0))
        except (asyncio.TimeoutError, WorkerTimeout):
            raise too_long() from None

    return run


def bounded_solver(answer: Callable[[Example], Prediction], run: Run,
                   in_worker: Callable[[Example], Prediction] | None = None
                   ) -> Callable[[Example], Awaitable[Prediction]]:
    """``answer`` for one request's example through ``run`` (``in_worker``, a module-level function, in the
    worker process for large requests); an engine failure reported in the reply, never a crashed request."""
    from .serve_guard import BadInput

    def solve(example: Example) -> Prediction:
        try:
            return answer(example)
        finally:
            if is_large(example):
                release_memory()

    async def solve_bounded(example: Example) -> Prediction:
        large = is_large(example)
        try:
            if large and in_worker is not None:
                return await run(in_worker, (example,), True)  # type: ignore[return-value]
            return await run(solve, (example,), large)  # type: ignore[return-value]
        except BadInput:
            raise
        except Exception as exc:
            return Prediction(uid=example.uid, answer=None, error=f"{type(exc).__name__}: {exc}")

    return solve_bounded
