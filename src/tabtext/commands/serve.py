"""``tabtext serve [--host 127.0.0.1] [--port 8000]``: the offline solver as an OpenAI-compatible server."""

from __future__ import annotations

import argparse
import socket
import sys

from ..errors import TabtextError
from . import one_line_errors


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabtext serve", description=__doc__.split(":", 1)[1].strip())
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument("--allowed-host", action="append", metavar="NAME",
                        help="a Host header to accept (repeatable; '*' for any). Default: the loopback names "
                        "when bound to loopback, any host otherwise")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="a web origin whose pages may call the API (CORS), e.g. https://app.example.com")
    parser.add_argument("--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"])
    return parser


def _cannot_bind(host: str, port: int) -> str:
    """Why (host, port) cannot be listened on, or "" (checked before announcing the URL; uvicorn binds later)."""
    try:
        with socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET):
            return ""
    except OSError as exc:
        return exc.strerror or str(exc)


@one_line_errors("tabtext serve")
def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not 0 <= args.port <= 65535:
        raise TabtextError(f"--port must be 0 to 65535 (0 picks a free one), got {args.port}")
    try:
        import uvicorn

        from ..serve_guard import default_allowed_hosts
        from ..serve_http import uvicorn_options
        from ..server import DEFAULT_LIMITS, create_app
    except ImportError as exc:
        raise TabtextError(f"needs the 'serve' extra: pip install 'tabtext[serve]' ({exc})") from None
    busy = _cannot_bind(args.host, args.port)
    if busy:
        raise TabtextError(f"cannot listen on {args.host}:{args.port} ({busy}); pick another --port "
                           "(0 picks a free one)")
    allowed = args.allowed_host if args.allowed_host else default_allowed_hosts(args.host)
    app = create_app(allowed_hosts=allowed, allow_origins=args.allow_origin)
    print(f"tabtext serve: http://{args.host}:{args.port}/ (POST /v1/chat/completions, /v1/answer)", file=sys.stderr)
    # the event loop shares the GIL with the solving threads: hand it over every 1 ms (not 5) so that reading and
    # answering requests does not wait behind a thread's long turn
    sys.setswitchinterval(0.001)
    # a request head must arrive within HEADER_SECONDS, its body within the app's body_seconds (slow clients)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                **uvicorn_options(DEFAULT_LIMITS.body_seconds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
