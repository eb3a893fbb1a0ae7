"""What ``tabtext serve`` accepts: limits on what is actually built, checked before anything is built.

A request may not make the server build more than ``Limits`` allow (cells after padding ragged rows, rows,
columns, characters per cell, JSON depth, body bytes), read its body for longer than ``body_seconds``, or
take longer than ``request_seconds`` to answer. Each refusal is a 4xx with one line. ``HostGuard`` refuses
Host headers outside an allow-list (DNS rebinding) before the app sees the request.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .types import Table

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


class BadInput(ValueError):
    """Any client mistake; becomes a 4xx response with this one-line message."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 2_000_000
    cells: int = 20_000  # rows x widest row: what padding builds
    rows: int = 5_000
    cols: int = 500
    cell_chars: int = 10_000
    json_depth: int = 32
    messages: int = 200
    body_seconds: float = 10.0
    request_seconds: float = 30.0
    solving: int = 2  # requests the solver works on at once (the rest wait their turn): bounds memory and CPU
    archive_bytes: int = 10_000_000  # an uploaded .xlsx: its members' total uncompressed size
    archive_members: int = 200
    archive_tags: int = 250_000  # XML tags in an .xlsx: openpyxl parses each one (a 20,000-cell sheet has ~160k)


def check_rows(rows: Sequence[Sequence[object]], limits: Limits, built: int = 0) -> None:
    """Refuse rows whose padded table (plus ``built`` cells already made for this request) exceeds the limits."""
    n_rows = len(rows)
    width = max((len(r) for r in rows), default=0)
    if built + n_rows * width > limits.cells:
        raise BadInput(f"tables larger than {limits.cells:,} cells (rows x widest row) are not accepted")
    if n_rows > limits.rows:
        raise BadInput(f"a table may have at most {limits.rows:,} rows; this one has {n_rows:,}")
    if width > limits.cols:
        raise BadInput(f"a table may have at most {limits.cols:,} columns; this one has {width:,}")
    for r in rows:
        for cell in r:
            if isinstance(cell, str) and len(cell) > limits.cell_chars:
                raise BadInput(f"a table cell may hold at most {limits.cell_chars:,} characters")


def check_shape(lines: Sequence[str], separator: str, limits: Limits) -> None:
    """Refuse table lines whose padded size (lines x most separators) is over the limit, before splitting them."""
    width = max((ln.count(separator) for ln in lines), default=0) + 1
    if len(lines) * width > limits.cells or width > limits.cols + 2:
        raise BadInput(f"tables larger than {limits.cells:,} cells (rows x widest row) are not accepted")


def build_table(rows: Sequence[Sequence[object]], limits: Limits, built: int = 0, id: str = "") -> Table:
    """Check, then pad ragged rows to the widest and build the Table."""
    check_rows(rows, limits, built)
    width = max((len(r) for r in rows), default=0)
    return Table.from_rows([list(r) + [""] * (width - len(r)) for r in rows], id=id)


def json_depth(value: object) -> int:
    """Nesting depth of a parsed JSON value, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def is_json_content_type(value: str | None) -> bool:
    media = (value or "").split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


async def read_json_body(request: object, limits: Limits) -> object:
    """The JSON body of a request: JSON content type only, size- and time-bounded, depth-checked."""
    headers = request.headers  # type: ignore[attr-defined]
    if not is_json_content_type(headers.get("content-type")):
        raise BadInput("send the body as JSON with 'Content-Type: application/json'", 415)
    body = await read_body(request, limits)
    try:
        value = json.loads(body)
    except RecursionError:
        raise BadInput(f"the JSON body is nested deeper than {limits.json_depth} levels") from None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError, or an integer of 4,300+ digits
        raise BadInput(f"the body is not valid JSON ({str(exc)[:120]})") from None
    if json_depth(value) > limits.json_depth:
        raise BadInput(f"the JSON body is nested deeper than {limits.json_depth} levels")
    return value


async def read_body(request: object, limits: Limits) -> bytes:
    """The raw body, refused (413) past ``limits.body_bytes`` declared or sent, and (408) past ``body_seconds``."""
    declared = request.headers.get("content-length")  # type: ignore[attr-defined]
    if declared and declared.isdigit() and int(declared) > limits.body_bytes:
        raise BadInput(f"request body larger than {limits.body_bytes:,} bytes", 413)
    try:
        return await asyncio.wait_for(_read_body(request, limits.body_bytes), limits.body_seconds)
    except asyncio.TimeoutError:
        raise BadInput(f"the request body took longer than {limits.body_seconds:g} s to arrive", 408) from None


async def _read_body(request: object, max_bytes: int) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():  # type: ignore[attr-defined]
        size += len(chunk)
        if size > max_bytes:
            raise BadInput(f"request body larger than {max_bytes:,} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)


_HOST = re.compile(r"(?:\[(?P<ip6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9_.-]+))(?::\d{1,5})?|(?P<bare6>[0-9a-f]*:[0-9a-f:.]+)")


def host_name(header: str) -> str:
    """'127.0.0.1:8000' -> '127.0.0.1', '[::1]:80' -> '::1', 'Example.com' -> 'example.com'; a header that is
    not host[:port] by RFC 9110 ('localhost:80@evil', '[::1]x', 'a b') -> '' (allowed nowhere)."""
    m = _HOST.fullmatch(header.strip().lower())
    return (m.group("ip6") or m.group("name") or m.group("bare6")) if m else ""


def default_allowed_hosts(bind: str) -> tuple[str, ...] | None:
    """Loopback names when bound to loopback; None (no check) when exposed and no --allowed-host was given."""
    return LOOPBACK_HOSTS if bind in LOOPBACK_HOSTS or bind.startswith("127.") else None


class HostGuard:
    """ASGI middleware: answer 400 to a Host header that is not allowed, before the app runs."""

    def __init__(self, app: object, allowed: Sequence[str]) -> None:
        self.app, self.allowed = app, {h.lower() for h in allowed}

    async def __call__(self, scope: dict, receive: object, send: object) -> None:
        if scope["type"] == "http":
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
            if "*" not in self.allowed and host_name(host) not in self.allowed:
                shown = json.dumps(host[:80])
                body = json.dumps({"error": {"message": f"Host {shown} is not allowed; start serve with "
                                             f"--allowed-host {host_name(host)[:80] or 'NAME'}",
                                             "type": "invalid_request_error"}}).encode()
                await send({"type": "http.response.start", "status": 400,  # type: ignore[operator]
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})  # type: ignore[operator]
                return
        await self.app(scope, receive, send)  # type: ignore[operator]
