"""The engine against servers that queue, drip, stream without an end or send too much: concurrency that adapts,
a whole-request deadline, a reply size cap, a stream counted complete only when it ends properly."""

import socket
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai import FakeOpenAI, FakeOpenAIProcess, expected_answer, make_examples  # noqa: E402
from tabtext.engines.openai import OpenAIEngine  # noqa: E402
from tabtext.engines.openai_adaptive import ConcurrencyLimit  # noqa: E402

pytest.importorskip("httpx")
COMPLETION = (b'{"id":"x","object":"chat.completion","created":0,"model":"m","choices":[{"index":0,'
              b'"message":{"role":"assistant","content":"{\\"answer\\": 7}"},"finish_reason":"stop"}]}')


class Scripted:
    """A loopback HTTP server that answers every request with ``script(conn)`` and counts the requests."""

    def __init__(self, script):
        self.script, self.requests = script, 0
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn):
        with conn:
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(65536)
            head, _, body = data.partition(b"\r\n\r\n")
            length = int(next((h.split(b":")[1] for h in head.split(b"\r\n") if h.lower().startswith(b"content-length")), 0))
            while len(body) < length:
                body += conn.recv(65536)
            self.requests += 1
            try:
                self.script(conn)
            except OSError:
                pass

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}/v1"

    def close(self):
        self.sock.close()


def drip(conn):
    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(COMPLETION))
    for byte in COMPLETION:
        conn.sendall(bytes([byte]))
        time.sleep(0.2)


def huge(conn):
    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n")
    chunk = b"x" * 65536
    for _ in range(100):  # 6.5 MB, no length announced
        conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))


def cut_stream(conn):
    chunk = (b'data: {"id":"x","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,'
             b'"delta":{"role":"assistant","content":"{\\"answer\\": 7"},"finish_reason":null}]}\n\n')
    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n" + chunk)


def engine_for(server, **options):
    return OpenAIEngine(model="m", base_url=server.base_url, check=False, **options)


def test_a_server_dripping_bytes_is_stopped_by_the_whole_request_deadline_and_not_asked_again():
    server = Scripted(drip)
    try:
        started = time.monotonic()
        [pred] = engine_for(server, timeout=1.5).answer(make_examples(1))
        seconds = time.monotonic() - started
    finally:
        server.close()
    assert pred.answer is None and "no complete reply within 1.5 s" in pred.error
    assert server.requests == 1 and seconds < 10  # each byte came within 0.2 s: a per-read timeout never fires


def test_a_reply_over_the_size_cap_is_that_items_error():
    server = Scripted(huge)
    try:
        [pred] = engine_for(server, max_reply=1_000_000, retries=0).answer(make_examples(1))
    finally:
        server.close()
    assert pred.answer is None and "max_reply=1,000,000" in pred.error


def test_a_stream_that_ends_without_finish_reason_is_not_an_answer():
    server = Scripted(cut_stream)
    try:
        [pred] = engine_for(server, stream="true", retries=1, backoff=0).answer(make_examples(1))
    finally:
        server.close()
    assert pred.answer is None and "without a finish_reason" in pred.error and server.requests == 2


def test_against_a_one_at_a_time_server_few_requests_wait_and_none_is_sent_twice():
    examples = make_examples(24)
    with FakeOpenAI(latency=0.05, capacity=1) as server:
        engine = engine_for(server)
        preds = engine.answer(examples)
    assert [p.answer.value for p in preds] == [expected_answer(ex) for ex in examples]
    assert max(server.received.values()) == 1 and len(server.received) == 24
    assert server.max_outstanding <= 4  # not 24 requests in the server's queue at once
    assert engine.provenance()["concurrency"]["mode"] == "auto"


def test_against_a_wide_server_concurrency_grows_to_the_ceiling():
    examples = make_examples(300)
    # its own process, and a sleep long enough that the client's own overhead stays far under the 4x queueing cut
    with FakeOpenAIProcess(latency=0.4) as server:
        engine = engine_for(server)
        engine.answer(examples)
    assert engine.provenance()["concurrency"]["peak"] == 32


def test_the_limit_halves_when_latency_shows_queueing_and_grows_while_it_holds():
    limit = ConcurrencyLimit(32)
    for cost in (1.0, 1.1, 0.9, 9.0):  # one slow prompt in the window does not count against it
        limit.observe(cost)
    assert limit.limit == 2  # slow start: doubled after a window that held
    for _ in range(4):
        limit.observe(1.2)
    assert limit.limit == 4
    for _ in range(4):
        limit.observe(4.0)  # 4x the best: requests waited in the queue
    assert limit.limit == 2
    fixed = ConcurrencyLimit(8, adaptive=False)
    assert fixed.limit == 8
