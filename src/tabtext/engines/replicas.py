"""Many replicas of one model behind one engine: ``base_url=URL1|URL2|...`` or ``base_url=@urls.txt``.

:class:`ReplicaRouter` stands in for the engine's single client (it has the same ``complete``, ``stream`` and
``close``).
Each request goes to the healthy replica with the fewest outstanding requests, never more than
``per_replica`` at once on one replica. A replica that fails a request (connection error, 429, 5xx) is taken
out for a cool-down that doubles with each consecutive failure, and the request is sent at once to another
replica; only when every replica has failed it does the error reach the engine's own retry with backoff.
Counts and latencies per replica live in :class:`ReplicaStats`, which outlives the routers of single batches
and goes into the run report's provenance.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import EngineError

COOLDOWN_SECONDS = 1.0
MAX_COOLDOWN_SECONDS = 30.0


def parse_base_urls(value: str) -> list[str]:
    """``URL``, ``URL1|URL2`` or ``@file`` (one URL a line, ``#`` comments) -> the replica URLs, in order."""
    value = value.strip()
    if value.startswith("@"):
        path = Path(value[1:])
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise EngineError(f"{path}: cannot read the replica URL file ({exc.strerror}); "
                              "give one base URL a line") from None
        urls = [line.split("#", 1)[0].strip() for line in lines]
        source = str(path)
    else:
        urls, source = value.split("|"), "base_url"
    urls = [u.rstrip("/") for u in urls if u.strip()]
    if not urls:
        raise EngineError(f"{source}: no replica URLs; give base_url=URL1|URL2 or a file with one URL a line")
    bad = [u for u in urls if not u.startswith(("http://", "https://"))]
    if bad:
        raise EngineError(f"{source}: {bad[0]!r} is not an http(s) URL; replicas are given as "
                          "base_url=http://host1:8000/v1|http://host2:8000/v1")
    return urls


@dataclass
class ReplicaCounts:
    url: str
    requests: int = 0
    ok: int = 0
    failed: int = 0
    taken_out: int = 0
    latencies: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        lat = sorted(self.latencies)
        out: dict[str, object] = {"url": self.url, "requests": self.requests, "ok": self.ok,
                                  "failed": self.failed, "taken_out": self.taken_out}
        if lat:
            out["latency_ms"] = {"mean": round(1000 * statistics.fmean(lat), 1),
                                 "p50": round(1000 * lat[len(lat) // 2], 1),
                                 "p95": round(1000 * lat[min(len(lat) - 1, int(0.95 * len(lat)))], 1)}
        return out


class ReplicaStats:
    """Per-replica counts and latencies plus the health state (kept across batches)."""

    def __init__(self, urls: Sequence[str]) -> None:
        self.replicas = [ReplicaCounts(u) for u in urls]
        self.down_until = [0.0] * len(urls)
        self.streak = [0] * len(urls)

    def healthy(self, i: int, now: float) -> bool:
        return self.down_until[i] <= now

    def record_ok(self, i: int, seconds: float) -> None:
        r = self.replicas[i]
        r.requests, r.ok = r.requests + 1, r.ok + 1
        r.latencies.append(seconds)
        self.streak[i] = 0

    def record_failure(self, i: int, now: float) -> None:
        r = self.replicas[i]
        r.requests, r.failed, r.taken_out = r.requests + 1, r.failed + 1, r.taken_out + 1
        self.streak[i] += 1
        self.down_until[i] = now + min(MAX_COOLDOWN_SECONDS, COOLDOWN_SECONDS * 2 ** (self.streak[i] - 1))

    def summary(self) -> list[dict[str, object]]:
        return [r.summary() for r in self.replicas]


def _is_replica_failure(exc: BaseException) -> bool:
    from .openai_http import Disconnected, StatusError

    if isinstance(exc, (Disconnected, TimeoutError)):  # refused, dropped, or no connection in time
        return True
    return isinstance(exc, StatusError) and (exc.status_code == 429 or exc.status_code >= 500)


class ReplicaRouter:
    """Least-outstanding-requests routing over one client per replica (used inside one event loop)."""

    def __init__(self, urls: Sequence[str], stats: ReplicaStats, make_client: Callable[[str], object],
                 per_replica: int) -> None:
        self.clients = [make_client(u) for u in urls]
        self.stats, self.per_replica = stats, max(1, per_replica)
        self.outstanding = [0] * len(urls)
        self._freed = asyncio.Condition()

    def _candidates(self, tried: set[int]) -> list[int]:
        now = time.monotonic()
        untried = [i for i in range(len(self.clients)) if i not in tried]
        healthy = [i for i in untried if self.stats.healthy(i, now)]
        if healthy or tried:
            return healthy
        return untried  # everything is out: probe anyway rather than stall the run

    async def _acquire(self, tried: set[int]) -> int | None:
        async with self._freed:
            while True:
                pool = self._candidates(tried)
                if not pool:
                    return None
                best = min(pool, key=lambda i: self.outstanding[i])
                if self.outstanding[best] < self.per_replica:
                    self.outstanding[best] += 1
                    return best
                await self._freed.wait()

    async def _release(self, i: int) -> None:
        async with self._freed:
            self.outstanding[i] -= 1
            self._freed.notify_all()

    async def complete(self, payload: dict[str, object], cap: int) -> object:
        return await self._route(lambda client: client.complete(payload, cap))  # type: ignore[attr-defined]

    async def stream(self, payload: dict[str, object], cap: int) -> object:
        """``stream=true``: routed like ``complete`` (the replica is busy until the stream ends); a stream cut
        off while read goes to the engine's retry."""
        return await self._route(lambda client: client.stream(payload, cap))  # type: ignore[attr-defined]

    async def _route(self, call: Callable[[object], Awaitable[object]]) -> object:
        tried: set[int] = set()
        last: BaseException | None = None
        while (i := await self._acquire(tried)) is not None:
            started = time.perf_counter()
            try:
                response = await call(self.clients[i])
            except Exception as exc:
                if not _is_replica_failure(exc):
                    raise
                self.stats.record_failure(i, time.monotonic())
                tried.add(i)
                last = exc
                continue
            finally:
                await self._release(i)
            self.stats.record_ok(i, time.perf_counter() - started)
            return response
        assert last is not None
        raise last

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.clients))  # type: ignore[attr-defined]
