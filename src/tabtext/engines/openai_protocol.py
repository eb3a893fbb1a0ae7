"""The openai engine's pure request/response functions (tested without a network)."""

from __future__ import annotations

import email.utils
import hashlib
import json
import math
import time
from collections.abc import Sequence

from ..errors import EngineError


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


class ReplyTooLarge(ValueError):
    """A reply body over the engine's ``max_reply`` bytes: that item's error, never read whole into memory."""


async def read_capped(response: object, cap: int) -> bytes:
    """An unread (streamed) HTTP response's body, refusing it once it passes ``cap`` bytes."""
    declared = response.headers.get("content-length")  # type: ignore[attr-defined]
    if declared and declared.isdigit() and int(declared) > cap:
        await response.aclose()  # type: ignore[attr-defined]
        raise ReplyTooLarge(f"reply of {int(declared):,} bytes is over max_reply={cap:,}")
    parts, size = [], 0
    try:
        async for chunk in response.aiter_bytes():  # type: ignore[attr-defined]
            size += len(chunk)
            if size > cap:
                raise ReplyTooLarge(f"reply is over max_reply={cap:,} bytes")
            parts.append(chunk)
    finally:
        await response.aclose()  # type: ignore[attr-defined]
    return b"".join(parts)


def numeric_options(concurrency: object, temperature: object, max_tokens: object, timeout: object, retries: object,
             backoff: object, max_backoff: object, shots: object, max_reply: object,
             outage: object) -> dict[str, object]:
    try:
        auto = str(concurrency).strip().lower() == "auto"
        return {"adaptive": auto, "concurrency": 32 if auto else max(1, int(concurrency)),  # type: ignore[call-overload]
                "temperature": float(temperature), "timeout": float(timeout),  # type: ignore[arg-type]
                "max_tokens": int(max_tokens) if max_tokens not in (None, "") else None,  # type: ignore[call-overload]
                "retries": max(0, int(retries)), "backoff": float(backoff),  # type: ignore[call-overload, arg-type]
                "max_backoff": float(max_backoff), "max_reply": max(1, int(max_reply)),  # type: ignore[call-overload, arg-type]
                "outage": float(outage), "n_shots": int(shots) if shots not in (None, "") else None}  # type: ignore
    except (TypeError, ValueError) as exc:
        raise EngineError(f"openai engine: bad numeric option ({exc}); concurrency is a number or auto") from None
