"""A tiny OpenAI-compatible HTTP server for tests and benchmarks, with injected faults.

Raw asyncio HTTP/1.1 (keep-alive), so it can misbehave in ways a framework would not let it: latency,
429 with Retry-After, 500, dropped connections, and "stall" (hold requests unanswered). It counts what it
received and what it answered, per request (keyed by the sha256 of the messages), and the peak concurrency.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import hashlib
import json
import threading
import time

HINTS_START = "\nHow to answer:"  # tabtext.engines.prompts.HINTS_START (this file also runs as a bare script)


def question_of(messages: list[dict]) -> str:
    last = [m["content"] for m in messages if m.get("role") == "user"][-1]
    return last.rsplit("Question:", 1)[-1].split(HINTS_START, 1)[0].strip()  # the fair prompt's hints follow it


def default_reply(messages: list[dict]) -> str:
    """Deterministic: the answer is the question's length, as the TAT-QA prompt's JSON."""
    return json.dumps({"answer": len(question_of(messages)), "scale": "", "derivation": ""})


class FakeOpenAI:
    def __init__(self, latency: float = 0.0, fault: str | None = None, fail_first: int = 0,
                 retry_after: str | None = None, stall_after: int | None = None, reply=default_reply,
                 fail_every: int = 0, capacity: int = 0, fail=None, body=None, status=None,
                 api_key: str | None = None, models_latency: float = 0.0) -> None:
        self.latency, self.fault, self.fail_first, self.retry_after = latency, fault, fail_first, retry_after
        self.fail_every, self.capacity = fail_every, capacity  # every Nth request a 500; requests served at once
        self.requests = 0
        self.stall_after, self.reply = stall_after, reply
        self.fail = fail  # messages -> True: answer that request with a 500 (every attempt)
        self.body = body  # messages -> bytes: send this 200 body instead of a well-formed completion
        self.status = status  # messages -> (code, message) or None: answer that request with this error
        self.api_key = api_key  # set: every request without "Bearer <api_key>" gets a 401, as a hosted API
        self.models_latency = models_latency  # GET /models answered this late (llama.cpp: between completions)
        self.received: collections.Counter[str] = collections.Counter()
        self.answered: collections.Counter[str] = collections.Counter()
        self.times: dict[str, list[float]] = collections.defaultdict(list)
        self.inflight = self.max_inflight = 0
        self.outstanding = self.max_outstanding = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self.port = 0

    # -------------------------------------------------------- lifecycle
    def __enter__(self) -> FakeOpenAI:
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
        if self._loop is not None:
            # cancel the open connections' handlers before the loop stops: a handler left pending would be
            # garbage-collected later, in whatever test is running then, as an "exception ignored" warning
            try:
                asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(10)
            except (RuntimeError, TimeoutError, concurrent.futures.TimeoutError):
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)

    async def _shutdown(self) -> None:
        self._server.close()
        handlers = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in handlers:
            t.cancel()
        await asyncio.gather(*handlers, return_exceptions=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def release(self) -> None:
        """Stop stalling: held requests are dropped (their client is gone) and new ones answered."""
        self.stall_after = None
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._released.set)

    def _run(self) -> None:
        self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self._loop)
        self._released = asyncio.Event()
        self._slots = asyncio.Semaphore(self.capacity) if self.capacity else None
        self._server = self._loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", 0, backlog=512))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()
        self._loop.close()

    # -------------------------------------------------------- HTTP
    @staticmethod
    def _response(status: int, body: bytes, extra: dict[str, str] | None = None) -> bytes:
        reason = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 429: "Too Many Requests",
                  500: "Internal Server Error", 404: "Not Found"}[status]
        headers = {"content-type": "application/json", "content-length": str(len(body)), **(extra or {})}
        head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        return head.encode() + b"\r\n" + body

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                method, path, _ = line.decode().split(" ", 2)
                headers = {}
                while (h := await reader.readline()) not in (b"\r\n", b"\n", b""):
                    k, _, v = h.decode().partition(":")
                    headers[k.strip().lower()] = v.strip()
                body = await reader.readexactly(int(headers.get("content-length", 0)))
                if self.api_key is not None and headers.get("authorization") != f"Bearer {self.api_key}":
                    writer.write(self._response(401, b'{"error": {"message": "invalid api key"}}'))
                elif path not in ("/v1/chat/completions", "/v1/models"):  # the API lives under /v1 only
                    writer.write(self._response(404, b'{"error": {"message": "no such route"}}'))
                elif method == "GET":
                    await asyncio.sleep(self.models_latency)
                    writer.write(self._response(200, b'{"object": "list", "data": [{"id": "fake"}]}'))
                elif not await self._chat(json.loads(body), writer):
                    return
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()

    async def _chat(self, data: dict, writer: asyncio.StreamWriter) -> bool:
        key = hashlib.sha256(json.dumps(data["messages"], sort_keys=True).encode()).hexdigest()
        self.received[key] += 1
        attempt = self.received[key]
        self.outstanding += 1  # received and not yet answered, queued or computing
        self.max_outstanding = max(self.max_outstanding, self.outstanding)
        try:
            return await self._chat_counted(data, key, attempt, writer)
        finally:
            self.outstanding -= 1

    async def _chat_counted(self, data: dict, key: str, attempt: int, writer: asyncio.StreamWriter) -> bool:
        self.times[key].append(time.monotonic())
        self.requests += 1
        if self.fail_every and self.requests % self.fail_every == 0:
            writer.write(self._response(500, b'{"error": {"message": "injected"}}'))
            return True
        if self._slots is not None:  # a server with a fixed batch size: the rest wait their turn
            async with self._slots:
                return await self._serve(data, key, attempt, writer)
        return await self._serve(data, key, attempt, writer)

    async def _serve(self, data: dict, key: str, attempt: int, writer: asyncio.StreamWriter) -> bool:
        self.inflight += 1
        self.max_inflight = max(self.max_inflight, self.inflight)
        try:
            if self.latency:
                await asyncio.sleep(self.latency)
            if self.stall_after is not None and sum(self.answered.values()) >= self.stall_after:
                await self._released.wait()
                writer.transport.abort()
                return False
            refusal = self.status(data["messages"]) if self.status is not None else None
            if refusal is not None:
                error = json.dumps({"error": {"message": refusal[1], "type": "invalid_request_error"}}).encode()
                writer.write(self._response(refusal[0], error))
                return True
            if self.fail is not None and self.fail(data["messages"]):
                writer.write(self._response(500, b'{"error": {"message": "injected"}}'))
                return True
            if self.body is not None:
                writer.write(self._response(200, self.body(data["messages"])))
                self.answered[key] += 1
                return True
            if self.fault and attempt <= self.fail_first:
                if self.fault == "drop":
                    writer.transport.abort()
                    return False
                status = {"429": 429, "401": 401, "403": 403}.get(self.fault, 500)
                extra = {"retry-after": self.retry_after} if self.retry_after is not None else {}
                writer.write(self._response(status, b'{"error": {"message": "injected"}}', extra))
                return True
            content = self.reply(data["messages"])
            body = json.dumps({
                "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": data.get("model", ""),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13},
            }).encode()
            writer.write(self._response(200, body))
            self.answered[key] += 1
            return True
        finally:
            self.inflight -= 1


def make_examples(n: int, prefix: str = "q"):
    """Synthetic TAT-QA-style examples whose fake answers (question length) are all different."""
    from tabtext.types import Context, Example, Paragraph, Table

    table = Table.from_rows([["", "2019", "2018"], ["Revenue", "1,200", "1,000"], ["Cost", "(300)", "250"]])
    return [Example(uid=f"{prefix}{i}", question=f"What is the value number {i}?" + " please" * (i % 7),
                    context=Context(tables=(table,), paragraphs=(Paragraph("p1", f"Paragraph for item {i}.", 1),)),
                    meta={"benchmark": "tatqa"}) for i in range(n)]


def expected_answer(example) -> str:
    return str(len(example.question))


class FakeOpenAIProcess:
    """The same server in its own process (benchmarks: keeps it off the client's GIL)."""

    def __init__(self, latency: float = 0.0, fail_every: int = 0, capacity: int = 0) -> None:
        self.latency, self.fail_every, self.capacity = latency, fail_every, capacity

    def __enter__(self) -> FakeOpenAIProcess:
        import subprocess
        import sys

        self.proc = subprocess.Popen([sys.executable, __file__, str(self.latency), str(self.fail_every),
                                      str(self.capacity)], stdout=subprocess.PIPE, text=True)
        self.port = int(self.proc.stdout.readline())
        return self

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        self.proc.wait(10)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"


if __name__ == "__main__":
    import sys

    counts = [int(a) for a in sys.argv[2:4]] + [0, 0]
    with FakeOpenAI(latency=float(sys.argv[1]), fail_every=counts[0], capacity=counts[1]) as _server:
        print(_server.port, flush=True)
        threading.Event().wait()
