"""``POST /v1/tables?filename=NAME[&sheet=S]``: a table file as the raw request body -> its tables as rows.

The server side of uploads for a page or any client: .xlsx (every sheet, or ``sheet``), .parquet, .feather,
.csv, .tsv, .md and .html are read by ``tabtext.tables.read_tables``; the reply is
``{"tables": [{"name", "rows"}]}``, and each ``rows`` can go straight into ``/v1/answer``'s ``table``.
The route is under the JSON routes' ``Limits``: body size and read time, answer time, and what reading the
file would build (``upload_checks``, before any reader runs; the tables read are checked again as built).
The body must come as ``application/octet-stream`` or the file's own media type: the types a cross-site page
may POST without asking first (``text/plain``, form encodings) are refused. A bad file is a 4xx with one line
naming the upload, never a 500. (No ``from __future__ import annotations`` here: FastAPI reads the route's
parameter annotations at run time.)
"""

import asyncio
import os
import tempfile
from pathlib import PurePath

from .serve_guard import BadInput, Limits, check_rows, read_body

SUFFIXES = (".xlsx", ".xlsm", ".parquet", ".feather", ".csv", ".tsv", ".md", ".html", ".htm", ".txt")
UPLOAD_TYPES = frozenset({
    "application/octet-stream",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.ms-excel.sheet.macroenabled.12",
    "application/vnd.apache.parquet", "application/x-parquet",
    "application/vnd.apache.arrow.file", "application/x-feather",
    "text/csv", "text/tab-separated-values", "text/markdown", "text/x-markdown", "text/html",
})


def check_upload_type(content_type: str | None) -> None:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media not in UPLOAD_TYPES:
        shown = media[:60] or "none"
        raise BadInput(f"send the file as the body with 'Content-Type: application/octet-stream' (or its own type, "
                       f"e.g. text/csv); {shown} is not accepted", 415)


def upload_name(filename: str) -> str:
    name = PurePath(filename or "").name
    if len(name) > 255 or any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise BadInput("?filename= must be a plain file name of at most 255 characters")
    if PurePath(name).suffix.lower() not in SUFFIXES:
        raise BadInput(f"{name or 'the upload'}: give a file named .xlsx, .parquet, .feather, .csv, .tsv, .md or "
                       ".html (?filename=NAME)")
    return name


def tables_from_upload(data: bytes, filename: str, sheet: str | None = None,
                       limits: Limits | None = None) -> list[dict[str, object]]:
    """Read uploaded bytes as the named file would be read; errors name ``filename``, not the temporary file."""
    from .errors import TabtextError
    from .tables import read_tables
    from .upload_checks import check_upload

    limits = limits or Limits()
    name = upload_name(filename)
    suffix = PurePath(name).suffix.lower()
    if sheet is not None and len(sheet) > 255:
        raise BadInput("?sheet= names a sheet of at most 255 characters")
    try:
        check_upload(data, suffix, sheet or None, limits)
    except BadInput as exc:
        raise BadInput(f"{name}: {exc}", exc.status) from None
    except Exception as exc:  # a file the checks cannot even measure is not read either
        raise BadInput(f"{name}: not a readable {suffix} file ({type(exc).__name__})") from None
    fd, tmp = tempfile.mkstemp(suffix=suffix)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        tables = read_tables(tmp, sheet=sheet or None)
    except TabtextError as exc:
        raise BadInput(" ".join(str(exc).replace(tmp, name).split())) from None
    except Exception as exc:  # a reader library's own failure on a hostile file is still the file's fault
        raise BadInput(f"{name}: not a readable {suffix} file ({type(exc).__name__})") from None
    finally:
        os.unlink(tmp)
    built = 0
    for t in tables:
        try:
            check_rows(t.rows, limits, built)
        except BadInput as exc:
            raise BadInput(f"{name}: {exc}", exc.status) from None
        built += t.n_rows * t.n_cols
    return [{"name": t.caption or PurePath(name).stem, "rows": [list(r) for r in t.rows]} for t in tables]


def add_table_upload(app, limits: Limits) -> None:  # type: ignore[no-untyped-def]
    from fastapi import Request
    from starlette.concurrency import run_in_threadpool

    from .serve_http import safe_json_response_class

    JSONResponse = safe_json_response_class()  # noqa: N806 - the response class, as FastAPI names it

    @app.post("/v1/tables")
    async def upload(request: Request, filename: str = "", sheet: str = "") -> JSONResponse:
        check_upload_type(request.headers.get("content-type"))
        upload_name(filename)  # a wrong name is refused before the body is read
        body = await read_body(request, limits)
        try:
            tables = await asyncio.wait_for(run_in_threadpool(tables_from_upload, body, filename, sheet, limits),
                                            limits.request_seconds)
        except asyncio.TimeoutError:
            raise BadInput(f"reading the upload took longer than {limits.request_seconds:g} s", 422) from None
        cells = sum(len(r) for t in tables for r in t["rows"])
        size = sum(8 * len(r) + sum(len(c) for c in r) for t in tables for r in t["rows"])
        return JSONResponse({"tables": tables}, headers={"x-tabtext-cells": str(cells),
                                                         "x-tabtext-cell-bytes": str(size)})
