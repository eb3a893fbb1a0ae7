"""``POST /v1/tables?filename=NAME[&sheet=S]``: a table file as the raw request body -> its tables as rows.

The server side of uploads for a page or any client: .xlsx (every sheet, or ``sheet``), .parquet, .feather,
.csv, .tsv, .md and .html are read by ``tabtext.tables.read_tables``; the reply is
``{"tables": [{"name", "rows"}]}``, and each ``rows`` can go straight into ``/v1/answer``'s ``table``.
A bad file is a 400 naming the upload, never a 500. (No ``from __future__ import annotations`` here: FastAPI
reads the route's parameter annotations at run time.)
"""

import os
import tempfile
from pathlib import PurePath

SUFFIXES = (".xlsx", ".xlsm", ".parquet", ".feather", ".csv", ".tsv", ".md", ".html", ".htm", ".txt")


def tables_from_upload(data: bytes, filename: str, sheet: str | None = None) -> list[dict[str, object]]:
    """Read uploaded bytes as the named file would be read; errors name ``filename``, not the temporary file."""
    from .errors import TabtextError
    from .tables import read_tables

    name = PurePath(filename or "").name
    suffix = PurePath(name).suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"{name or 'the upload'}: give a file named .xlsx, .parquet, .feather, .csv, .tsv, .md or "
                         ".html (?filename=NAME)")
    fd, tmp = tempfile.mkstemp(suffix=suffix)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        tables = read_tables(tmp, sheet=sheet or None)
    except TabtextError as exc:
        raise ValueError(str(exc).replace(tmp, name)) from None
    finally:
        os.unlink(tmp)
    return [{"name": t.caption or PurePath(name).stem, "rows": [list(r) for r in t.rows]} for t in tables]


def add_table_upload(app, max_body: int) -> None:  # type: ignore[no-untyped-def]
    from fastapi import Request
    from fastapi.responses import JSONResponse
    from starlette.concurrency import run_in_threadpool

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": {"message": message, "type": "invalid_request_error"}}, status_code=status)

    @app.post("/v1/tables")
    async def upload(request: Request, filename: str = "", sheet: str = "") -> JSONResponse:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > max_body:
                return error(413, f"the upload is larger than {max_body} bytes")
        try:
            tables = await run_in_threadpool(tables_from_upload, body, filename, sheet)
        except ValueError as exc:
            return error(400, str(exc))
        return JSONResponse({"tables": tables})
