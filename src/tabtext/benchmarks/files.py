"""Reading benchmark files with one-line errors that name the file and the fix."""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import DataError, FormatError


def read_text(path: Path | str) -> str:
    """UTF-8 text (a byte-order mark is dropped); a missing or non-UTF-8 file is a DataError/FormatError."""
    path = Path(path)
    try:
        return path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise DataError(path, None, "file not found; check the path (or use --split with --data-dir)") from None
    except IsADirectoryError:
        raise DataError(path, None, "is a folder; give the data file inside it") from None
    except UnicodeDecodeError as exc:
        raise FormatError(path, None, f"not UTF-8 text (byte {exc.start}); re-save the file as UTF-8") from None


def read_json(path: Path | str) -> object:
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(path, None, f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
