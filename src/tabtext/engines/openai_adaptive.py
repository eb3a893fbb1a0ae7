"""How many requests the openai engine keeps at the server at once: a fixed number, or one that adapts.

``concurrency=auto`` (the default) starts at 1 and doubles while the median latency of a request over a
window of completions holds within 1.5x of the best window seen; once it has passed 3x — requests are waiting in
the server's queue rather than being computed — the limit halves and from then on grows by one. A server that
computes one request at a time (llama.cpp on a CPU) so stays near 2: it is never idle and no request waits behind
more than one other, so none runs out its deadline in the queue. A server with many slots (vLLM, a hosted API)
reaches the ceiling (32) within ~40 requests. A request that ran out its deadline halves the limit at once.
"""

from __future__ import annotations

import asyncio
import statistics

START = 1
HOLDS, SLOW = 1.5, 3.0


class ConcurrencyLimit:
    def __init__(self, ceiling: int, adaptive: bool = True, start: int = START) -> None:
        self.ceiling, self.adaptive = max(1, ceiling), adaptive
        self.limit = min(start, self.ceiling) if adaptive else self.ceiling
        self.active = 0
        self.best: float | None = None
        self.peak = self.limit
        self._window: list[float] = []
        self._growing_fast = True
        self._changed: asyncio.Condition | None = None

    def _cond(self) -> asyncio.Condition:
        if self._changed is None:  # made in the loop that uses it
            self._changed = asyncio.Condition()
        return self._changed

    async def acquire(self) -> None:
        cond = self._cond()
        async with cond:
            await cond.wait_for(lambda: self.active < self.limit)
            self.active += 1

    async def release(self, seconds: float | None = None, timed_out: bool = False) -> None:
        """Give back a slot; ``seconds`` (send to full reply) of a completed request feeds the adaptation, and a
        request that ran out its deadline halves the limit at once."""
        cond = self._cond()
        async with cond:
            self.active -= 1
            if self.adaptive and timed_out and self.limit > 1:
                self._growing_fast = False
                self._set(max(1, self.limit // 2))
            elif seconds is not None and self.adaptive:
                self.observe(seconds)
            cond.notify_all()

    def observe(self, cost: float) -> None:
        """One completed request's latency in seconds (not per token: a server reusing a cached prompt prefix
        answers a long prompt in a few tokens' time). Decisions are made per window of
        ``max(4, limit)`` completions on their median, so one slow prompt or a busy client does not move the limit."""
        self._window.append(cost)
        if len(self._window) < max(4, self.limit):
            return
        median = statistics.median(self._window)
        self._window = []
        if self.best is None or median < self.best:
            self.best = median
        ratio = median / self.best if self.best > 0 else 1.0
        if ratio <= HOLDS and self.limit < self.ceiling:
            self._set(self.limit * 2 if self._growing_fast else self.limit + 1)
        elif ratio > SLOW and self.limit > 1:
            self._growing_fast = False
            self._set(max(1, self.limit // 2))

    def _set(self, limit: int) -> None:
        self.limit = min(self.ceiling, limit)
        self.peak = max(self.peak, self.limit)

    def summary(self) -> dict[str, object]:
        return {"mode": "auto" if self.adaptive else "fixed", "final": self.limit, "peak": self.peak,
                "ceiling": self.ceiling}
