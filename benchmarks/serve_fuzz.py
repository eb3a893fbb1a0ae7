"""serve fuzzed on 127.0.0.1 (a uvicorn server in a thread of this process, with ``tabtext serve``'s options):
slow request heads (a random prefix of a request head, dripped or not) and CPU-heavy bodies (text with no
sentence breaks, long unbroken tokens, many numbers). Used by ``fuzz_long.py`` and tests/test_fuzz_surfaces.py.

A slow head is clean when the server closes it within its header timeout + 3 s while a probe request on
another connection gets 200 (a head still open after that is a hang; a failed probe is a denial). A heavy body is
clean when it gets a reply below 500 within 30 s (the request limit) + 5 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import threading
import time
from collections import Counter

import httpx

HEAD = (b"POST /v1/answer HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        b"content-length: 20\r\nx-padding: " + b"a" * 200 + b"\r\n\r\n")
WORDS = ["revenue", "2019", "12.5%", "$1,234.5", "(19)", "million", "the", "of", "increase", "net", "income",
         "Apple", "Chennai", "and", "-", "|", "1e999", "9" * 60]
QUESTIONS = ["What was the cost of sales?", "Who is the CEO?", "What was the change in revenue from 2018 to 2019?",
             "How much did revenue increase?", "What was the percentage change?", "Where is it based?"]


@contextlib.contextmanager
def serving(app, header_seconds: float):  # noqa: ANN001 - a FastAPI app
    import uvicorn

    from tabtext.serve_http import uvicorn_options

    options = uvicorn_options(body_seconds=2.0, header_seconds=header_seconds)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="critical", **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield server.servers[0].sockets[0].getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(15)


async def slow_head(port: int, rng: random.Random, limit: float) -> str:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = HEAD[:rng.randint(0, len(HEAD) - 5)]
    started = time.monotonic()
    try:
        if rng.random() < 0.5:
            writer.write(head)
        else:  # dripped: a few bytes at a time
            for i in range(0, len(head), 3):
                writer.write(head[i:i + 3])
                await writer.drain()
                if time.monotonic() - started > limit:
                    break
                await asyncio.sleep(rng.uniform(0.01, 0.2))
        await writer.drain()
        left = max(limit - (time.monotonic() - started), 0.1)
        reply = await asyncio.wait_for(reader.read(100), left)
        return "clean" if reply == b"" or reply.startswith(b"HTTP/1.1 4") else "unclean"
    except (ConnectionError, OSError):
        return "clean"
    except asyncio.TimeoutError:
        return "hang"
    finally:
        writer.close()


async def _heads(port: int, n: int, rng: random.Random, limit: float) -> Counter:
    row: Counter = Counter()
    async with httpx.AsyncClient(timeout=10) as client:
        for start in range(0, n, 256):
            batch = [asyncio.ensure_future(slow_head(port, random.Random(rng.random()), limit))
                     for _ in range(min(256, n - start))]
            await asyncio.sleep(0.3)
            try:
                probe = (await client.get(f"http://127.0.0.1:{port}/healthz")).status_code
            except httpx.HTTPError:
                probe = 0
            row["probe ok" if probe == 200 else "denied"] += 1
            for outcome in await asyncio.gather(*batch):
                row[outcome] += 1
                row["tried"] += 1
    return row


def fuzz_slow_heads(n: int, seed: int, header_seconds: float = 1.0) -> dict[str, int]:
    from tabtext.server import create_app

    with serving(create_app(answer_one=lambda ex: None), header_seconds) as port:
        return dict(asyncio.run(_heads(port, n, random.Random(f"{seed}-heads"), header_seconds + 3.0)))


def heavy_body(rng: random.Random) -> bytes:
    size = int(10 ** rng.uniform(3, 5.4))  # 1 KB .. 250 KB
    roll, parts, total = rng.random(), [], 0
    while total < size:
        word = "x" * rng.randint(200, 5000) if roll < 0.1 else rng.choice(WORDS)
        parts.append(word)
        total += len(word) + 1
    paragraphs = [" ".join(parts)] if rng.random() < 0.7 else [" ".join(parts[i::4]) for i in range(4)]
    table = [["", "2019", "2018"], ["Revenue", "1,452.4", "1,146.2"]] if rng.random() < 0.8 else \
        [[rng.choice(WORDS) for _ in range(20)] for _ in range(50)]
    return json.dumps({"question": rng.choice(QUESTIONS), "paragraphs": paragraphs, "table": table}).encode()


def fuzz_heavy(n: int, seed: int, slow_seconds: float = 35.0, concurrency: int = 1) -> dict[str, int]:
    """``n`` heavy bodies, ``concurrency`` at a time (bodies drawn in order from the seed whatever the
    concurrency; more than one at a time, some wait for the large-request lane and may get a 422, still clean)."""
    from concurrent.futures import ThreadPoolExecutor

    from tabtext.server import create_app

    rng, row = random.Random(f"{seed}-heavy"), Counter()
    with serving(create_app(), 10.0) as port, httpx.Client(timeout=60, limits=httpx.Limits(
            max_connections=concurrency)) as client:
        def one(body: bytes) -> tuple[int, float]:
            started = time.monotonic()
            try:
                status = client.post(f"http://127.0.0.1:{port}/v1/answer", content=body,
                                     headers={"content-type": "application/json"}).status_code
            except httpx.HTTPError:
                status = 0
            return status, time.monotonic() - started

        with ThreadPoolExecutor(concurrency) as pool:
            for start in range(0, n, 4 * concurrency):  # a few bodies at a time in memory, not all n
                bodies = [heavy_body(rng) for _ in range(min(4 * concurrency, n - start))]
                batch = _outcomes(pool.map(one, bodies), slow_seconds)
                most = max(row.pop("most seconds", 0), batch.pop("most seconds", 0))
                row.update(batch)
                row["most seconds"] = most
                if row["tried"] % 100 < 4 * concurrency:  # progress: the long run's table comes at the end
                    print(f"serve CPU-heavy bodies so far: {dict(row)}", file=sys.stderr, flush=True)
    return dict(row)


def _outcomes(replies, slow_seconds: float) -> Counter:  # noqa: ANN001 - (status, seconds) pairs
    row: Counter = Counter()
    for status, seconds in replies:
        row["tried"] += 1
        row["hang" if seconds > slow_seconds else "5xx" if status >= 500 or not status else "clean"] += 1
        row[f"status {status}"] += 1
        row["most seconds"] = max(row["most seconds"], round(seconds))
    return row
