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


def parse_json(text: str, path: Path | str, record: object = None, hint: str = "") -> object:
    """``json.loads`` whose every failure (bad syntax, 4,300+ digit integers, deep nesting) is one FormatError."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}" if record is None else f"column {exc.colno}"
        raise FormatError(path, record, f"malformed JSON at {where}: {exc.msg}{hint}") from None
    except RecursionError:
        raise FormatError(path, record, "JSON nested too deeply to read; flatten the structure") from None
    except ValueError:  # int parsing refuses numbers of more than 4,300 digits
        raise FormatError(path, record, "holds an integer too long to read (over 4,300 digits); "
                          "write it as a string or shorten it") from None


def read_json(path: Path | str) -> object:
    return parse_json(read_text(path), path)


def preview(value: object, limit: int = 60) -> str:
    """A short JSON rendering of a value for an error message; safe on deep or huge values."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (RecursionError, ValueError, TypeError):
        import reprlib

        text = reprlib.repr(value)
    return text[:limit]
