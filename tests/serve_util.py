"""Run a tabtext serve app with uvicorn in a background thread on a free loopback port."""

from __future__ import annotations

import contextlib
import threading
import time


@contextlib.contextmanager
def running(app, **options):
    import uvicorn

    options = {"backlog": 1024, **options}
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error", **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started, "uvicorn did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def slow_post(base: str, head: bytes, first_bytes: bytes, wait: float = 8.0) -> tuple[bytes, float]:
    """Send a request's head and the first bytes of a longer body, then nothing: (the server's reply, seconds
    until it came). A server with a body read timeout answers 408 well before ``wait``."""
    import socket

    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(head + first_bytes)
        started, reply = time.monotonic(), b""
        while b"took longer" not in reply and time.monotonic() - started < wait:
            chunk = s.recv(4096)
            if not chunk:
                break
            reply += chunk
    return reply, time.monotonic() - started
