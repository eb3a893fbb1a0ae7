"""``tabtext serve`` against clients that send headers slowly, lone surrogates and crafted Host headers, and the
solver against a paragraph with no sentence breaks."""

from __future__ import annotations

import json
import socket
import sys
import time
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_util import running  # noqa: E402
from tabtext.engines.solver.reader.sentences import MAX_SENTENCE_CHARS, split_sentences  # noqa: E402
from tabtext.serve_guard import LOOPBACK_HOSTS  # noqa: E402
from tabtext.serve_http import uvicorn_options  # noqa: E402
from tabtext.server import create_app  # noqa: E402

TABLE = [["", "2019"], ["Revenue", "1,200"]]


@pytest.fixture(scope="module")
def url():
    options = {k: v for k, v in uvicorn_options(body_seconds=2, header_seconds=1.0).items() if k != "backlog"}
    with running(create_app(allowed_hosts=LOOPBACK_HOSTS), backlog=2048, **options) as base:
        yield base


def test_slow_header_connections_do_not_deny_service_and_are_cut_off(url):
    port = int(url.rsplit(":", 1)[1])
    slow = []
    for _ in range(300):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")  # and never the rest of the head
        slow.append(s)
    try:
        assert httpx.get(url + "/healthz", timeout=5).status_code == 200  # not 503: others are still served
        time.sleep(1.6)
        closed = 0
        for s in slow:
            s.settimeout(2)
            try:
                closed += s.recv(100) == b""
            except (TimeoutError, ConnectionResetError):
                closed += 1
        assert closed == len(slow)
    finally:
        for s in slow:
            s.close()


def post(url: str, path: str, raw: bytes, **headers: str) -> httpx.Response:
    return httpx.post(url + path, content=raw, headers={"content-type": "application/json", **headers}, timeout=30)


@pytest.mark.parametrize("path", ["/v1/answer", "/v1/chat/completions", "/v1/dialogue"])
def test_lone_surrogates_are_escaped_never_a_500(url, path):
    ask = '"What is \\ud800 in 2019?"'
    table = '[["", "2019"], ["\\ud800", "1,200"]]'
    raw = (f'{{"messages": [{{"role": "user", "content": "| a | b |\\n| \\ud800 | 1 |\\n\\nQuestion: {ask[1:-1]}"}}]}}'
           if "chat" in path else f'{{"question": {ask}, "table": {table}, "paragraphs": ["\\udfff text"]}}')
    r = post(url, path, raw.encode())
    assert r.status_code < 500, r.text
    json.loads(r.text)


def test_a_streamed_reply_with_a_lone_surrogate_ends_with_done(url):
    raw = (b'{"stream": true, "messages": [{"role": "user", "content": "| Name | Value |\\n|---|---|\\n'
           b'| \\ud800x | 5 |\\n\\nQuestion: What is the name with value 5?"}]}')
    with httpx.stream("POST", url + "/v1/chat/completions", content=raw,
                      headers={"content-type": "application/json"}, timeout=30) as r:
        assert r.status_code == 200
        text = r.read().decode("utf-8")
    assert text.rstrip().endswith("data: [DONE]")


@pytest.mark.parametrize("host", ["localhost:80@evil", "[::1]x", "127.0.0.1:80 evil", "localhost:"])
def test_a_host_header_that_is_not_host_and_port_is_refused(url, host):
    r = post(url, "/v1/answer", json.dumps({"question": "q?", "table": TABLE}).encode(), host=host)
    assert r.status_code == 400 and "is not allowed" in r.json()["error"]["message"]


def test_a_paragraph_with_no_sentence_breaks_is_read_in_bounded_pieces():
    text = " ".join(["revenue grew by 5 percent"] * 6_000)  # 156 KB, no sentence break
    pieces = split_sentences(text)
    assert len(pieces) > 1 and max(len(p.text) for p in pieces) <= MAX_SENTENCE_CHARS
    assert all(text[p.start:p.end] == p.text for p in pieces)
    assert "".join(p.text for p in pieces).replace(" ", "") == text.replace(" ", "")
