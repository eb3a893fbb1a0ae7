"""The openai engine's check before the first question: reachable, the right route, the key accepted.

A server that accepted the connection but did not answer ``GET /models`` in time is busy (llama.cpp answers it
only between completions), not down: the run goes on and its requests wait in the server's queue. Busy is told
after ``BUSY_AFTER`` seconds, not the connect timeout: a run whose first request will stop it (a context overflow)
should not first wait out a 10 s check of a server computing someone else's completion.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence

from ..errors import EngineError
from .openai_stops import wrong_route

#: seconds without an answer to ``GET /models`` on an accepted connection after which the server is busy
BUSY_AFTER = 2.0


def needs_tls(url: str) -> bool:
    """Whether a client for ``url`` needs a certificate store: loading one costs ~0.15 s of CPU (~1 s wall on a
    loaded machine) that a plain-http local server never uses."""
    return not url.lower().startswith("http://")


def check_endpoint(urls: Sequence[str], key: str, timeout: float, refused_key: Callable[[str, int], str]) -> None:
    import httpx

    last: Exception | None = None
    limits = httpx.Timeout(timeout, read=min(timeout, BUSY_AFTER))
    for url in urls:  # with replicas, one that answers is enough: the router skips the rest
        try:
            r = httpx.get(f"{url}/models", headers={"Authorization": f"Bearer {key}"}, timeout=limits,
                          verify=needs_tls(url))
        except httpx.TimeoutException as exc:
            if isinstance(exc, httpx.ConnectTimeout):
                last = exc
                continue
            warnings.warn(f"openai engine: {url} is busy (GET /models gave no answer in {limits.read:g} s); going on, "
                          "the requests wait in its queue", stacklevel=3)
            return
        except httpx.HTTPError as exc:
            last = exc
            continue
        if r.status_code in (401, 403):
            raise EngineError(f"openai engine: {refused_key(url, r.status_code)}")
        if r.status_code == 404:
            raise wrong_route(url, "GET /models")
        return
    raise EngineError(f"openai engine: cannot reach {urls[-1]} ({type(last).__name__}: {last}); "
                      "is the server running and base_url right?")
