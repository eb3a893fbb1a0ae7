"""When the openai engine stops a whole run instead of erroring item after item, and the one line it says.

A refused key, a ``base_url`` that answers 404 (most often a missing ``/v1``), a prompt longer than the server's
context window, and an endpoint that stopped answering mid-run are not one item's problem: every later request
would fail the same way and the run would end in a report of zeros. Each is a :class:`StopRun` (exit 2); what was
answered before it is saved, and ``--resume`` asks the rest.
"""

from __future__ import annotations

import re

from ..errors import EngineError


class StopRun(EngineError):
    """Every later request would fail the same way: the run stops, answered items kept, nothing more asked."""


class AuthFailure(StopRun):
    """The endpoint refused the key or model on a chat request."""


_WINDOW = re.compile(r"(?:maximum context length is|context window of|context (?:size|length)[^\d]{0,20}|n_ctx"
                     r"[^\d]{0,10})\s*\(?(\d+)", re.I)
_ASKED = re.compile(r"(?:requested tokens \(|you requested |resulted in |prompt tokens? \(?)(\d+)", re.I)
_OVERFLOW = re.compile(r"context (?:length|window|size)|maximum context|n_ctx|too many tokens|prompt is too long",
                       re.I)


def context_overflow(status: int, message: str, base_url: str) -> StopRun | None:
    """A 400 saying the prompt does not fit the model's window -> the stop, with the counts and the fixes."""
    if status not in (400, 413, 422) or not _OVERFLOW.search(message):
        return None
    window, asked = _WINDOW.search(message), _ASKED.search(message)
    counts = (f"{asked.group(1) if asked else 'more'} tokens asked for, the window is "
              f"{window.group(1) if window else 'smaller'}")
    larger = str(2 * int(window.group(1))) if window else "4096"
    return StopRun(f"openai engine: a prompt does not fit the model's context window at {base_url} ({counts}); "
                   f"start the server with a larger window (llama.cpp: --n_ctx {larger}; vLLM: --max-model-len "
                   f"{larger}), lower max_tokens=, or shorten the prompts (ChatRAG: fewer retrieved chunks), "
                   "then --resume")


def wrong_route(base_url: str, what: str) -> StopRun:
    """A 404 before anything was answered: the base_url is wrong, most often for want of ``/v1``."""
    from urllib.parse import urlparse

    has_version = re.search(r"/v\d+\b", urlparse(base_url).path) is not None
    hint = (f"did you mean base_url={base_url.rstrip('/')}/v1?" if not has_version
            else "check base_url and that the server serves the OpenAI API at it")
    return StopRun(f"openai engine: {base_url} answered HTTP 404 to {what}; {hint}")


def endpoint_down(base_url: str, seconds: float, reason: str) -> StopRun:
    return StopRun(f"openai engine: {base_url} stopped answering ({reason}) for {seconds:.0f} s; the answers so far "
                   "are saved: start the server again and run with --resume to ask the rest")
