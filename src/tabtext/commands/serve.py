"""``tabtext serve [--host 127.0.0.1] [--port 8000]``: the offline solver as an OpenAI-compatible server."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabtext serve", description=__doc__.split(":", 1)[1].strip())
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument("--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"])
    args = parser.parse_args(argv)
    try:
        import uvicorn

        from ..server import create_app
    except ImportError as exc:
        print(f"tabtext serve needs the 'serve' extra: pip install 'tabtext[serve]' ({exc})", file=sys.stderr)
        return 2
    print(f"tabtext serve: http://{args.host}:{args.port}/ (POST /v1/chat/completions, /v1/answer)", file=sys.stderr)
    uvicorn.run(create_app(), host=args.host, port=args.port, log_level=args.log_level)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
