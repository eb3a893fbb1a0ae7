"""A worker process for ``tabtext serve``'s large requests: killed when its request's time is up.

A thread cannot be stopped: a request whose 30 s ran out kept its thread solving (and, through the GIL, slowing
every small request) long after its 422, and what it built stayed in the server's heap. Large requests (long
paragraphs, big tables) therefore go to one process of their own, started with ``spawn`` (no locks inherited
from the server's threads) and run at a lower CPU priority than the server. A call that outlives its time
kills the process (the next call starts a new one); after a call that left it larger than ``max_rss_mb`` it is
replaced too, so its memory is bounded. Also here: the solver serve answers with, and glibc heap controls.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import threading
from collections.abc import Callable
from pathlib import Path

from .types import Example, Prediction

MAX_RSS_MB = 150.0  # warm it holds ~45 MB; the solver's text caches fill to ~115 MB, past this it is replaced
WORKER_NICE = 5


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (Linux /proc), 0.0 where it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


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


def default_solver() -> Callable[[Example], Prediction]:
    """The offline solver; a person's conversation (not a benchmark prompt) is the next turn of a ``Dialogue``,
    as in ``tabtext ask --chat`` and ``/v1/dialogue``."""
    from .engines.solver import SolverEngine
    from .engines.solver.dialogue.transcript import answer_in_dialogue

    engine = SolverEngine()
    return lambda example: (answer_in_dialogue if example.meta.get("conversation") else engine.answer_one)(example)


_SOLVER: list[Callable[[Example], Prediction]] = []


def answer_default(example: Example) -> Prediction:
    """The offline solver (``default_solver``), built once per worker process."""
    if not _SOLVER:
        _SOLVER.append(default_solver())
    return _SOLVER[0](example)


def _worker_main(conn, max_rss_mb: float) -> None:  # type: ignore[no-untyped-def] - a multiprocessing Connection
    limit_malloc_arenas()
    try:
        os.nice(WORKER_NICE)  # a large request yields the CPU to the server's small ones, not the reverse
    except OSError:
        pass
    while True:
        try:
            call = conn.recv()
        except (EOFError, OSError):  # the server is gone
            return
        if call is None:
            return
        fn, args = call
        try:
            reply: tuple[str, object] = ("ok", fn(*args))
        except Exception as exc:  # raised again in the server, never a dead worker
            reply = ("raised", exc)
        release_memory()
        retiring = rss_mb(os.getpid()) > max_rss_mb
        try:
            conn.send((*reply, retiring))
        except OSError:  # the server is gone
            return
        except Exception as exc:  # an answer or exception that does not pickle
            conn.send(("raised", RuntimeError(f"{type(exc).__name__}: {exc}"), retiring))
        if retiring:
            return


class WorkerTimeout(Exception):
    """The call did not end within its seconds; the worker was killed."""


class WorkerProcess:
    """One process answering calls of module-level functions, one call at a time (the caller serialises)."""

    def __init__(self, max_rss_mb: float = MAX_RSS_MB) -> None:
        self.max_rss_mb = max_rss_mb
        self._context = multiprocessing.get_context("spawn")
        self._process = None
        self._conn = None
        self._lock, self._calling = threading.Lock(), threading.Lock()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None and self._process.is_alive() else None

    def start(self) -> None:
        """Start the process if none is running (it warms itself up on its first call)."""
        with self._lock:
            if self._process is not None and self._process.is_alive():
                return
            self._stop_locked()
            ours, theirs = self._context.Pipe()
            process = self._context.Process(target=_worker_main, args=(theirs, self.max_rss_mb), daemon=True,
                                            name="tabtext-serve-worker")
            process.start()
            theirs.close()
            self._process, self._conn = process, ours

    def call(self, fn: Callable[..., object], args: tuple, seconds: float) -> object:
        """``fn(*args)`` in the worker; WorkerTimeout past ``seconds`` (the process is killed), what ``fn``
        raised raised again, RuntimeError if the process died."""
        with self._calling:
            self.start()
            conn = self._conn
            try:
                conn.send((fn, args))
                if not conn.poll(max(seconds, 0.0)):
                    self.stop()
                    raise WorkerTimeout()
                status, value, retiring = conn.recv()
            except (EOFError, OSError):
                self.stop()
                raise RuntimeError("the worker process ended while answering (out of memory?)") from None
            if retiring:  # it grew past max_rss_mb and exits: the next call starts a fresh one
                self.stop()
        if status != "ok":
            raise value  # type: ignore[misc]
        return value

    def stop(self) -> None:
        with self._lock:
            self._stop_locked()

    def _stop_locked(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None
