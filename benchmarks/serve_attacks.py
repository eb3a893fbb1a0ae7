"""Attacks ``serve_abuse.py`` adds on top of its mixed load: slow-header clients, CPU-heavy bodies, lone surrogates
and crafted Host headers (loopback only, bounded in number and time)."""

from __future__ import annotations

import asyncio
import json
import random

WORDS = ["revenue", "increased", "by", "12.5", "million", "in", "2019", "and", "the", "cost", "of", "sales", "was",
         "1,234", "percent", "compared", "to", "2018"]


async def slow_header_client(port: int, stop: asyncio.Event, seen: dict[str, int]) -> None:
    """Open a connection, send part of a request head, then nothing; when the server closes it, open another,
    until ``stop``. Counts the connections the server cut off."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            seen["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        writer.write(b"POST /v1/answer HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ")
        try:
            await writer.drain()
            stopped = asyncio.ensure_future(stop.wait())
            closed = asyncio.ensure_future(reader.read(100))
            done, _ = await asyncio.wait({stopped, closed}, return_when=asyncio.FIRST_COMPLETED)
            if closed in done:
                seen["cut off"] += 1
            for task in (stopped, closed):
                task.cancel()
        except (ConnectionError, OSError):
            seen["cut off"] += 1
        finally:
            writer.close()


def heavy_body(rng: random.Random) -> tuple[str, bytes, dict[str, str]]:
    """A 150 KB paragraph with no sentence breaks (the audit's 27 s request before the reader was bounded)."""
    text, size = [], 0
    while size < 150_000:
        word = rng.choice(WORDS)
        text.append(word)
        size += len(word) + 1
    body = {"question": "What was the cost of sales?", "paragraphs": [" ".join(text)],
            "table": [["", "2019"], ["Revenue", "1,452.4"]]}
    return "/v1/answer", json.dumps(body).encode(), {}


def surrogate_body(rng: random.Random) -> tuple[str, bytes, dict[str, str]]:
    if rng.random() < 0.5:
        return "/v1/answer", b'{"question": "What is \\ud800 in 2019?", "table": [["", "2019"], ["\\ud800", "1"]]}', {}
    content = '| Name | Value |\\n|---|---|\\n| \\ud800x | 5 |\\n\\nQuestion: What is the name with value 5?'
    stream = "true" if rng.random() < 0.5 else "false"
    return "/v1/chat/completions", f'{{"stream": {stream}, "messages": [{{"role": "user", "content": "{content}"}}]}}'.encode(), {}


def bad_host(rng: random.Random) -> tuple[str, bytes, dict[str, str]]:
    host = rng.choice(["localhost:80@evil", "[::1]x", "127.0.0.1:80 evil", "evil.example"])
    return "/v1/answer", json.dumps({"question": "q?", "table": [["a", "1"]]}).encode(), {"host": host}
