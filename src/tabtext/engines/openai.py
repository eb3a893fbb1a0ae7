"""An engine for any OpenAI-compatible chat endpoint (vLLM, llama.cpp's server, Ollama, hosted APIs, tabtext serve).

``build_payload`` and ``parse_response`` are pure (tested without a network). The engine sends requests
with httpx (``openai_http``; not the official SDK, whose import alone costs ~0.5 s of CPU a run) under an
adaptive limit, retries 429 / 5xx / connection errors with
exponential backoff and full jitter (honouring Retry-After), caches responses in sqlite keyed by the
sha256 of the payload (not for sampled calls), and reports each Prediction through ``on_result`` as it
arrives so a caller can append it to the predictions JSONL at once.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence

from ..errors import EngineError
from ..types import Example, Prediction
from . import prompts, replies
from .openai_adaptive import ConcurrencyLimit
from .openai_http import ChatClient, Disconnected, StatusError
from .openai_preflight import check_endpoint, needs_tls
from .openai_protocol import (  # noqa: F401  (the engine's public names)
    ReplyTooLarge,
    build_payload,
    numeric_options,
    parse_response,
    payload_key,
    read_capped,
    retry_after_seconds,
)
from .openai_stops import AuthFailure, StopRun, context_overflow, endpoint_down, wrong_route
from .openai_stream import StreamCut
from .replicas import ReplicaRouter, ReplicaStats, parse_base_urls
from .response_cache import ResponseCache

DEFAULT_BASE_URL = "https://api.openai.com/v1"
NO_ANSWER = "No answer was found in the given table and text."  # what `tabtext serve` says for no answer


def read_reply(example: Example, text: str) -> tuple[object, str, str, dict[str, object]]:
    """Model text -> (Answer or None, extractor name, error, notes); a degenerate reply is an error, never a crash."""
    if text.strip() == NO_ANSWER:
        return None, "", "the server found no answer", {}
    try:
        answer, extractor, notes = replies.read(example, text)
    except Exception as exc:  # a 400-digit number, '= 1 + 0 ** -1', JSON nested 10,000 deep: data, not a crash
        return None, "", f"unreadable reply ({type(exc).__name__}: {str(exc)[:200]})", {}
    return answer, extractor, "" if answer is not None else "no answer in the model output", notes


class _Retryable(Exception):
    def __init__(self, reason: str, wait: float | None, down: bool = False) -> None:
        super().__init__(reason)
        self.wait, self.down = wait, down  # down: nothing answered at all (refused, reset), not a busy server


_OPTIONS = ("model", "base_url", "concurrency", "temperature", "max_tokens", "timeout", "retries", "cache",
            "fewshot", "shots", "backoff", "max_backoff", "api_key_env", "check", "stream", "prompt", "max_reply",
            "outage")


class OpenAIEngine:
    name = "openai"

    def __init__(self, model: str = "", base_url: str | None = None, concurrency: int | str = "auto",
                 temperature: float | str = 0.0, max_tokens: int | str | None = None,
                 timeout: float | str = 120.0, retries: int | str = 5, cache: str | None = None,
                 fewshot: str | None = None, shots: int | str | None = None, backoff: float | str = 0.5,
                 max_backoff: float | str = 60.0, api_key_env: str = "OPENAI_API_KEY",
                 check: bool | str = True, on_result: Callable[[Prediction], None] | None = None,
                 stream: bool | str = False, prompt: str = "fair", max_reply: int | str = 2_000_000,
                 outage: float | str = 30.0, **unknown: object) -> None:
        if unknown:
            raise EngineError(f"openai engine: unknown option(s) {', '.join(sorted(unknown))}; "
                              f"known: {', '.join(_OPTIONS)}")
        n = numeric_options(concurrency, temperature, max_tokens, timeout, retries, backoff, max_backoff, shots, max_reply,
                     outage)
        self.adaptive, self.concurrency = bool(n["adaptive"]), int(n["concurrency"])  # type: ignore[call-overload]
        self.temperature, self.max_tokens, self.timeout = n["temperature"], n["max_tokens"], n["timeout"]
        self.retries, self.backoff, self.max_backoff = n["retries"], n["backoff"], n["max_backoff"]
        self.max_reply, self.outage = n["max_reply"], n["outage"]
        if prompt not in prompts.PROMPT_STYLES:
            raise EngineError(f"openai engine: prompt={prompt!r}; known: {', '.join(prompts.PROMPT_STYLES)}")
        self.prompt = prompt
        self.replica_urls = parse_base_urls(base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL)
        self.base_url = self.replica_urls[0]
        self.replica_stats = ReplicaStats(self.replica_urls) if len(self.replica_urls) > 1 else None
        self.model = model or os.environ.get("OPENAI_MODEL", "")
        if not self.model:
            raise EngineError("openai engine: no model; add model=NAME to the spec (e.g. openai:model=gpt-4o-mini)")
        self.api_key_env = api_key_env
        self.check = str(check).lower() not in ("0", "false", "no")
        self.stream = str(stream).lower() in ("1", "true", "yes")  # for servers that only stream
        self.cache = ResponseCache(cache) if cache and self.temperature <= 0 else None  # type: ignore[operator]
        self.fewshot = prompts.load_fewshot(fewshot, n["n_shots"]) if fewshot else []  # type: ignore[arg-type]
        self.on_result = on_result
        self._checked = False
        self._answered = False  # a 403 or 404 after a success is that item's error, before any a stop
        self._refused: StopRun | None = None
        self._down_since: float | None = None
        self._prompts_used: set[str] = set()
        self._scale_from_text = self._scale_from_unit_line = 0
        self._limits: list[ConcurrencyLimit] = []

    def identity(self) -> dict[str, str]:
        """What a saved answer records about who gave it (``--resume`` refuses to mix two)."""
        return {"engine": "openai", "model": self.model}

    def provenance(self) -> dict[str, object]:
        info: dict[str, object] = {"prompt": sorted(self._prompts_used) or [self.prompt]}
        if self._scale_from_text:
            info["scale read from the answer text"] = self._scale_from_text
        if self._scale_from_unit_line:
            info["scale read from the report's unit line"] = self._scale_from_unit_line
        if self._limits:
            info["concurrency"] = self._limits[-1].summary()
        if self.replica_stats is not None:
            info["replicas"] = self.replica_stats.summary()
        return info

    # ------------------------------------------------------------ setup
    def _api_key(self) -> str:
        """The key from the environment; none is fine until a server answers 401 (vLLM hosts rarely want one)."""
        return os.environ.get(self.api_key_env, "") or "not-needed"

    def _refused_key(self, url: str, status: int) -> str:
        if status == 401 and not os.environ.get(self.api_key_env):
            return (f"{url} asks for an API key (HTTP 401): set {self.api_key_env} in the environment "
                    "(keys are never read from the spec or files)")
        return f"{url} refused the key in {self.api_key_env} (HTTP {status})"

    def _all_cached(self, examples: Sequence[Example] | None) -> bool:
        if self.cache is None or not examples:
            return False
        try:
            return all(self.cache.has(payload_key(self.payload_for(ex))) for ex in examples)
        except Exception:  # a malformed example is answered (as an error) by the run, not here
            return False

    def preflight(self, examples: Sequence[Example] | None = None) -> None:
        """Fail in one line before the first question if the endpoint is unreachable, its route is wrong or the
        key is missing/refused; a server too busy to answer ``GET /models`` at once is running, and with every
        answer of ``examples`` cached nothing is sent at all."""
        import importlib.util

        if importlib.util.find_spec("httpx") is None:
            raise EngineError("openai engine needs the 'llm' extra: pip install 'tabtext[llm]' (no module named "
                              "'httpx')")
        key = self._api_key()
        if self._checked or not self.check:
            self._checked = True
            return
        if self._all_cached(examples):
            return
        check_endpoint(self.replica_urls, key, min(self.timeout, 10.0), self._refused_key)
        self._checked = True

    def payload_for(self, example: Example) -> dict[str, object]:
        max_tokens = self.max_tokens or prompts.DEFAULT_MAX_TOKENS.get(prompts.benchmark_of(example))
        messages = prompts.messages_for(example, self.fewshot, self.prompt)
        return build_payload(messages, self.model, self.temperature, max_tokens,
                             stop=prompts.stop_for(example, self.prompt))

    # ------------------------------------------------------------ requests
    async def _request(self, client: object, payload: dict[str, object], deadline: float) -> dict[str, object]:
        import httpx

        try:
            async with asyncio.timeout(deadline):  # the whole request, not each read: a dripping server ends
                if self.stream:
                    try:
                        return await client.stream(payload, self.max_reply)  # type: ignore[attr-defined]
                    except StreamCut as exc:
                        raise _Retryable(str(exc), None) from None
                content = await client.complete(payload, self.max_reply)  # type: ignore[attr-defined]
        except TimeoutError:
            raise  # the server may still be computing it: waiting, not failing, and never sent twice
        except Disconnected as exc:  # refused, reset, dropped
            raise _Retryable(str(exc), None, down=True) from None
        except StatusError as exc:
            if exc.status_code == 429 or exc.status_code >= 500:
                raise _Retryable(f"HTTP {exc.status_code}", retry_after_seconds(exc.headers)) from None
            raise
        except httpx.TransportError as exc:  # the body cut off while read
            raise _Retryable(f"{type(exc).__name__}: {exc}", None) from None
        try:
            return json.loads(content)
        except (ValueError, RecursionError):
            raise _Retryable("response body is not JSON", None) from None

    def _delay(self, attempt: int, hint: float | None) -> float:
        if hint is not None:
            return min(hint, self.max_backoff)
        return random.uniform(0, min(self.max_backoff, self.backoff * 2 ** attempt))

    def _stop(self, stop: StopRun) -> StopRun:
        self._refused = stop
        return stop

    def _status_stop(self, status: int, message: str) -> StopRun | None:
        """A status that every later request would get too: a refused key, a wrong route, a prompt too long."""
        if status == 401 or (status == 403 and not self._answered):
            return AuthFailure(f"openai engine: a chat request: {self._refused_key(self.base_url, status)}; "
                               "check the model name too; nothing more was asked")
        if status == 404 and not self._answered:
            return wrong_route(self.base_url, "POST /chat/completions")
        return context_overflow(status, message, self.base_url)

    def _outage(self, exc: _Retryable) -> None:
        now = time.monotonic()
        if not exc.down:
            return
        self._down_since = self._down_since or now
        if now - self._down_since >= self.outage:
            raise self._stop(endpoint_down(self.base_url, now - self._down_since, str(exc)[:200]))

    async def _fetch(self, client: object, limit: ConcurrencyLimit,
                     payload: dict[str, object]) -> tuple[dict[str, object] | None, int, str, float, int]:
        """Send one payload with retries -> (response or None, attempts, error, seconds spent, final HTTP status)."""
        await limit.acquire()
        started, attempts, seconds, timed_out = time.perf_counter(), 0, None, False
        deadline = self.timeout * limit.active  # one-at-a-time servers compute the requests ahead of it first
        try:
            while True:
                if self._refused is not None:  # the run is stopping: send nothing more
                    raise self._refused
                attempts += 1
                sent = time.perf_counter()
                try:
                    response = await self._request(client, payload, deadline)
                    self._answered, self._down_since, seconds = True, None, time.perf_counter() - sent
                    return response, attempts, "", time.perf_counter() - started, 0
                except _Retryable as exc:
                    self._outage(exc)
                    if attempts > self.retries:
                        return None, attempts, f"gave up after {attempts} attempts: {exc}", \
                            time.perf_counter() - started, 0
                    await asyncio.sleep(self._delay(attempts - 1, exc.wait))
                except TimeoutError:
                    timed_out = True
                    return None, attempts, (f"no complete reply within {deadline:g} s (timeout={self.timeout:g} s "
                                            "a request at the server; not sent again: the server may still be "
                                            "computing it; raise timeout=)"), time.perf_counter() - started, 0
                except StatusError as exc:
                    message = str(exc.message)[:300]
                    stop = self._status_stop(exc.status_code, message)
                    if stop is not None:
                        raise self._stop(stop) from None
                    return None, attempts, f"HTTP {exc.status_code}: {message}", time.perf_counter() - started, \
                        exc.status_code
                except StopRun:
                    raise
                except Exception as exc:  # never raise per item: record it and go on
                    return None, attempts, f"{type(exc).__name__}: {str(exc)[:300]}", \
                        time.perf_counter() - started, 0
        finally:
            await limit.release(seconds, timed_out)

    async def _one(self, client: object, limit: ConcurrencyLimit, example: Example,
                   inflight: dict[str, asyncio.Task]) -> Prediction:
        started = time.perf_counter()
        try:
            payload = self.payload_for(example)
        except Exception as exc:  # a malformed example must not stop the run
            return Prediction(uid=example.uid, answer=None, error=f"prompt: {type(exc).__name__}: {exc}")
        self._prompts_used.add(prompts.prompt_name(example, self.prompt))
        key = payload_key(payload)
        meta: dict[str, object] = {"engine": "openai", "model": self.model, "request_sha256": key}
        response = self.cache.get(key) if self.cache else None
        meta["cached"] = response is not None
        attempts, error, spent, status = 0, "", time.perf_counter() - started, 0
        if response is None:
            task = inflight.get(key) if self.temperature <= 0 else None
            if task is None:  # identical greedy requests in one batch are sent once
                task = inflight[key] = asyncio.ensure_future(self._fetch(client, limit, payload))
            response, attempts, error, spent, status = await task
        meta["attempts"] = attempts
        meta["latency_ms"] = round(spent * 1000, 1)  # from the first send to the reply, retries included
        if status:
            meta["http_status"] = status  # a 4xx is the request's own fault: --resume does not ask it again
        if response is None:
            return Prediction(uid=example.uid, answer=None, error=error, meta=meta)
        try:
            text, usage, finish = parse_response(response)
        except (ValueError, TypeError, AttributeError) as exc:
            return Prediction(uid=example.uid, answer=None, error=f"bad response: {exc}", meta=meta)
        if self.cache and not meta["cached"]:
            self.cache.put(key, response)  # only well-formed replies are kept
        meta.update(usage=usage, finish_reason=finish)
        answer, meta["extractor"], error, notes = read_reply(example, text)
        meta.update(notes)
        self._scale_from_text += bool(notes.get("scale_from_text"))
        self._scale_from_unit_line += bool(notes.get("scale_from_unit_line"))
        return Prediction(uid=example.uid, answer=answer, raw=text, meta=meta, error=error)

    def _client(self) -> object:
        if self.replica_stats is not None:  # concurrency is per replica
            return ReplicaRouter(self.replica_urls, self.replica_stats, self._client_for, self.concurrency)
        return self._client_for(self.base_url)

    def _client_for(self, base_url: str) -> object:
        return ChatClient(base_url, self._api_key(), self.concurrency, min(self.timeout, 30.0), needs_tls(base_url))

    async def aanswer(self, examples: Sequence[Example],
                      on_result: Callable[[Prediction], None] | None = None) -> list[Prediction]:
        """Answer all examples concurrently; results in input order; ``on_result`` sees each as it arrives."""
        callback = on_result or self.on_result
        limit = ConcurrencyLimit(self.concurrency * len(self.replica_urls), self.adaptive,
                                 start=len(self.replica_urls))
        self._limits.append(limit)
        inflight: dict[str, asyncio.Task] = {}
        client = self._client()

        async def run(ex: Example) -> Prediction:
            try:
                pred = await self._one(client, limit, ex, inflight)
            except StopRun:
                raise
            except Exception as exc:  # never lose the run to one item
                pred = Prediction(uid=ex.uid, answer=None, error=f"{type(exc).__name__}: {str(exc)[:300]}")
            if callback is not None:
                callback(pred)
            return pred

        tasks = [asyncio.ensure_future(run(ex)) for ex in examples]
        try:
            return list(await asyncio.gather(*tasks))
        finally:
            # stop what is still in flight *before* closing the client, so that no item is recorded as
            # "client has been closed" (a stopped item is simply not answered, and --resume asks it)
            pending = [t for t in (*tasks, *inflight.values()) if not t.done()]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            await client.close()  # type: ignore[attr-defined]

    def answer(self, examples: Sequence[Example],
               on_result: Callable[[Prediction], None] | None = None) -> list[Prediction]:
        if not examples:
            return []
        self.preflight(examples)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.aanswer(examples, on_result))
        box: list[list[Prediction]] = []  # called from inside an event loop (a notebook): use a thread
        worker = threading.Thread(target=lambda: box.append(asyncio.run(self.aanswer(examples, on_result))))
        worker.start()
        worker.join()
        return box[0]

    def iter_answers(self, examples: Sequence[Example]) -> Iterator[Prediction]:
        """Yield predictions in arrival order while the batch runs (for writing them out incrementally)."""
        import queue

        self.preflight(examples)
        q: queue.Queue[object] = queue.Queue()
        done = object()

        def work() -> None:
            try:
                asyncio.run(self.aanswer(examples, q.put))
            except BaseException as exc:  # surfaced in the consumer
                q.put(exc)
            q.put(done)

        threading.Thread(target=work, daemon=True).start()
        while (item := q.get()) is not done:
            if isinstance(item, BaseException):
                raise item
            yield item  # type: ignore[misc]
