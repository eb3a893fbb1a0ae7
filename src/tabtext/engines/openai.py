"""An engine for any OpenAI-compatible chat endpoint (vLLM, llama.cpp's server, Ollama, hosted APIs, tabtext serve).

``build_payload`` and ``parse_response`` are pure (tested without a network). The engine sends requests
with the official SDK (``AsyncOpenAI``) under a semaphore, retries 429 / 5xx / connection errors with
exponential backoff and full jitter (honouring Retry-After), caches responses in sqlite keyed by the
sha256 of the payload (not for sampled calls), and reports each Prediction through ``on_result`` as it
arrives so a caller can append it to the predictions JSONL at once.
"""

from __future__ import annotations

import asyncio
import email.utils
import hashlib
import json
import math
import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence

from ..errors import EngineError
from ..types import Example, Prediction
from . import prompts
from .replicas import ReplicaRouter, ReplicaStats, parse_base_urls
from .response_cache import ResponseCache

DEFAULT_BASE_URL = "https://api.openai.com/v1"
NO_ANSWER = "No answer was found in the given table and text."  # what `tabtext serve` says for no answer


# ---------------------------------------------------------------- pure request/response functions
def build_payload(messages: Sequence[dict[str, str]], model: str, temperature: float = 0.0,
                  max_tokens: int | None = None, **extra: object) -> dict[str, object]:
    payload: dict[str, object] = {"model": model, "messages": [dict(m) for m in messages],
                                  "temperature": float(temperature)}
    if max_tokens is not None:
        payload["max_tokens"] = int(max_tokens)
    payload.update({k: v for k, v in extra.items() if v is not None})
    return payload


def payload_key(payload: dict[str, object]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


def parse_response(response: dict[str, object]) -> tuple[str, dict[str, int], str]:
    """A chat.completion object (as a dict) -> (text, token usage, finish reason). Raises ValueError if unusable."""
    choices = response.get("choices") if isinstance(response, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise ValueError("response has no choices")
    message = choices[0].get("message") or {}
    text = message.get("content") if isinstance(message, dict) else None
    if text is None:
        text = choices[0].get("text")  # some servers answer in the completions shape
    if not isinstance(text, str):
        raise ValueError("response choice has no text content")
    usage_raw = response.get("usage") or {}
    usage = {k: int(usage_raw[k]) for k in ("prompt_tokens", "completion_tokens", "total_tokens")
             if isinstance(usage_raw, dict) and _is_count(usage_raw.get(k))}
    return text, usage, str(choices[0].get("finish_reason") or "")[:100]


def _is_count(value: object) -> bool:
    """A token count a server may send: a finite, non-negative number (not 1e999, NaN or a bool)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and 0 <= value < 1e15)


def read_reply(example: Example, text: str) -> tuple[object, str, str]:
    """Model text -> (Answer or None, extractor name, error); a degenerate reply is an error, never a crash."""
    if text.strip() == NO_ANSWER:
        return None, "", "the server found no answer"
    try:
        answer, extractor = prompts.extract(example, text)
    except Exception as exc:  # a 400-digit number, '= 1 + 0 ** -1', JSON nested 10,000 deep: data, not a crash
        return None, "", f"unreadable reply ({type(exc).__name__}: {str(exc)[:200]})"
    return answer, extractor, "" if answer is not None else "no answer in the model output"


def retry_after_seconds(headers: object) -> float | None:
    """Retry-After / retry-after-ms header -> seconds (also accepts an HTTP date)."""
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        try:
            return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
        except (TypeError, ValueError):
            return None


class AuthFailure(EngineError):
    """The endpoint refused the key or model on a chat request: the run stops instead of erroring every item."""


class _Retryable(Exception):
    def __init__(self, reason: str, wait: float | None) -> None:
        super().__init__(reason)
        self.wait = wait


_OPTIONS = ("model", "base_url", "concurrency", "temperature", "max_tokens", "timeout", "retries", "cache",
            "fewshot", "shots", "backoff", "max_backoff", "api_key_env", "check", "stream")


class OpenAIEngine:
    name = "openai"

    def __init__(self, model: str = "", base_url: str | None = None, concurrency: int | str = 32,
                 temperature: float | str = 0.0, max_tokens: int | str | None = None,
                 timeout: float | str = 120.0, retries: int | str = 5, cache: str | None = None,
                 fewshot: str | None = None, shots: int | str | None = None, backoff: float | str = 0.5,
                 max_backoff: float | str = 60.0, api_key_env: str = "OPENAI_API_KEY",
                 check: bool | str = True, on_result: Callable[[Prediction], None] | None = None,
                 stream: bool | str = False, **unknown: object) -> None:
        if unknown:
            raise EngineError(f"openai engine: unknown option(s) {', '.join(sorted(unknown))}; "
                              f"known: {', '.join(_OPTIONS)}")
        try:
            self.concurrency = max(1, int(concurrency))
            self.temperature = float(temperature)
            self.max_tokens = int(max_tokens) if max_tokens not in (None, "") else None
            self.timeout = float(timeout)
            self.retries = max(0, int(retries))
            self.backoff, self.max_backoff = float(backoff), float(max_backoff)
            n_shots = int(shots) if shots not in (None, "") else None
        except (TypeError, ValueError) as exc:
            raise EngineError(f"openai engine: bad numeric option ({exc})") from None
        self.replica_urls = parse_base_urls(base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL)
        self.base_url = self.replica_urls[0]
        self.replica_stats = ReplicaStats(self.replica_urls) if len(self.replica_urls) > 1 else None
        self.model = model or os.environ.get("OPENAI_MODEL", "")
        if not self.model:
            raise EngineError("openai engine: no model; add model=NAME to the spec (e.g. openai:model=gpt-4o-mini)")
        self.api_key_env = api_key_env
        self.check = str(check).lower() not in ("0", "false", "no")
        self.stream = str(stream).lower() in ("1", "true", "yes")  # for servers that only stream
        self.cache = ResponseCache(cache) if cache and self.temperature <= 0 else None
        self.fewshot = prompts.load_fewshot(fewshot, n_shots) if fewshot else []
        self.on_result = on_result
        self._checked = False
        self._answered = False  # a 403 after a success is that item's error, before any a stop
        self._refused: AuthFailure | None = None

    def provenance(self) -> dict[str, object]:
        return {"replicas": self.replica_stats.summary()} if self.replica_stats is not None else {}

    # ------------------------------------------------------------ setup
    def _api_key(self) -> str:
        """The key from the environment; none is fine until a server answers 401 (vLLM hosts rarely want one)."""
        return os.environ.get(self.api_key_env, "") or "not-needed"

    def _refused_key(self, url: str, status: int) -> str:
        if status == 401 and not os.environ.get(self.api_key_env):
            return (f"{url} asks for an API key (HTTP 401): set {self.api_key_env} in the environment "
                    "(keys are never read from the spec or files)")
        return f"{url} refused the key in {self.api_key_env} (HTTP {status})"

    def preflight(self) -> None:
        """Fail in one line before the first batch if the endpoint is unreachable or the key is missing/refused."""
        try:
            import httpx  # noqa: F401
            import openai  # noqa: F401
        except ImportError as exc:
            raise EngineError(f"openai engine needs the 'llm' extra: pip install 'tabtext[llm]' ({exc})") from None
        key = self._api_key()
        if self._checked or not self.check:
            self._checked = True
            return
        for url in self.replica_urls:  # with replicas, one that answers is enough: the router skips the rest
            try:
                r = httpx.get(f"{url}/models", headers={"Authorization": f"Bearer {key}"},
                              timeout=min(self.timeout, 10.0))
                break
            except httpx.HTTPError as exc:
                if url == self.replica_urls[-1]:
                    raise EngineError(f"openai engine: cannot reach {url} ({type(exc).__name__}: {exc}); "
                                      "is the server running and base_url right?") from None
        if r.status_code in (401, 403):
            raise EngineError(f"openai engine: {self._refused_key(url, r.status_code)}")
        self._checked = True

    def payload_for(self, example: Example) -> dict[str, object]:
        max_tokens = self.max_tokens or prompts.DEFAULT_MAX_TOKENS.get(prompts.benchmark_of(example))
        return build_payload(prompts.messages_for(example, self.fewshot), self.model, self.temperature, max_tokens)

    # ------------------------------------------------------------ requests
    async def _request(self, client: object, payload: dict[str, object]) -> dict[str, object]:
        import httpx
        import openai

        try:
            if self.stream:
                from .openai_stream import fetch_streamed

                return await fetch_streamed(client, payload)
            # The SDK's documented generic call: same auth, headers, errors and timeouts as
            # chat.completions.create, without its per-request TypedDict transform and pydantic parsing,
            # which cost more than 1 ms a request here (the harness-overhead budget is 2 ms).
            raw = await client.post("/chat/completions", cast_to=httpx.Response, body=payload)  # type: ignore[attr-defined]
        except openai.APIConnectionError as exc:  # includes timeouts and dropped connections
            raise _Retryable(f"{type(exc).__name__}: {exc}", None) from None
        except openai.APIStatusError as exc:
            if exc.status_code == 429 or exc.status_code >= 500:
                raise _Retryable(f"HTTP {exc.status_code}", retry_after_seconds(exc.response.headers)) from None
            raise
        try:
            return json.loads(raw.content)
        except (ValueError, RecursionError):
            raise _Retryable("response body is not JSON", None) from None

    def _delay(self, attempt: int, hint: float | None) -> float:
        if hint is not None:
            return min(hint, self.max_backoff)
        return random.uniform(0, min(self.max_backoff, self.backoff * 2 ** attempt))

    async def _fetch(self, client: object, sem: asyncio.Semaphore,
                     payload: dict[str, object]) -> tuple[dict[str, object] | None, int, str, float]:
        """Send one payload with retries -> (response or None, attempts, error, seconds spent)."""
        import openai

        async with sem:
            started, attempts = time.perf_counter(), 0
            while True:
                if self._refused is not None:  # another request was refused: send nothing more
                    raise self._refused
                attempts += 1
                try:
                    response = await self._request(client, payload)
                    self._answered = True
                    return response, attempts, "", time.perf_counter() - started
                except _Retryable as exc:
                    if attempts > self.retries:
                        error = f"gave up after {attempts} attempts: {exc}"
                        break
                    await asyncio.sleep(self._delay(attempts - 1, exc.wait))
                except openai.APIStatusError as exc:
                    error = f"HTTP {exc.status_code}: {str(exc.message)[:300]}"
                    if exc.status_code == 401 or (exc.status_code == 403 and not self._answered):
                        self._refused = AuthFailure(
                            f"openai engine: a chat request: {self._refused_key(self.base_url, exc.status_code)}; "
                            "check the model name too; nothing more was asked")
                        raise self._refused from None
                    break
                except Exception as exc:  # never raise per item: record it and go on
                    error = f"{type(exc).__name__}: {exc}"
                    break
            return None, attempts, error, time.perf_counter() - started

    async def _one(self, client: object, sem: asyncio.Semaphore, example: Example,
                   inflight: dict[str, asyncio.Task]) -> Prediction:
        started = time.perf_counter()
        try:
            payload = self.payload_for(example)
        except Exception as exc:  # a malformed example must not stop the run
            return Prediction(uid=example.uid, answer=None, error=f"prompt: {type(exc).__name__}: {exc}")
        key = payload_key(payload)
        meta: dict[str, object] = {"engine": "openai", "model": self.model, "request_sha256": key}
        response = self.cache.get(key) if self.cache else None
        meta["cached"] = response is not None
        attempts, error, spent = 0, "", time.perf_counter() - started
        if response is None:
            task = inflight.get(key) if self.temperature <= 0 else None
            if task is None:  # identical greedy requests in one batch are sent once
                task = inflight[key] = asyncio.ensure_future(self._fetch(client, sem, payload))
            response, attempts, error, spent = await task
        meta["attempts"] = attempts
        meta["latency_ms"] = round(spent * 1000, 1)  # the request(s) with retries, not the queueing
        if response is None:
            return Prediction(uid=example.uid, answer=None, error=error, meta=meta)
        try:
            text, usage, finish = parse_response(response)
        except (ValueError, TypeError, AttributeError) as exc:
            return Prediction(uid=example.uid, answer=None, error=f"bad response: {exc}", meta=meta)
        if self.cache and not meta["cached"]:
            self.cache.put(key, response)  # only well-formed replies are kept
        meta.update(usage=usage, finish_reason=finish)
        answer, meta["extractor"], error = read_reply(example, text)
        return Prediction(uid=example.uid, answer=answer, raw=text, meta=meta, error=error)

    def _client(self) -> object:
        if self.replica_stats is not None:  # concurrency is per replica
            return ReplicaRouter(self.replica_urls, self.replica_stats, self._client_for, self.concurrency)
        return self._client_for(self.base_url)

    def _client_for(self, base_url: str) -> object:
        import httpx
        import openai

        limits = httpx.Limits(max_connections=self.concurrency, max_keepalive_connections=self.concurrency)
        http_client = openai.DefaultAsyncHttpxClient(limits=limits, timeout=self.timeout)
        return openai.AsyncOpenAI(base_url=base_url, api_key=self._api_key(), max_retries=0,
                                  timeout=self.timeout, http_client=http_client)

    async def aanswer(self, examples: Sequence[Example],
                      on_result: Callable[[Prediction], None] | None = None) -> list[Prediction]:
        """Answer all examples concurrently; results in input order; ``on_result`` sees each as it arrives."""
        callback = on_result or self.on_result
        sem = asyncio.Semaphore(self.concurrency * len(self.replica_urls))
        inflight: dict[str, asyncio.Task] = {}
        client = self._client()

        async def run(ex: Example) -> Prediction:
            try:
                pred = await self._one(client, sem, ex, inflight)
            except AuthFailure:
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
        self.preflight()
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

        self.preflight()
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
