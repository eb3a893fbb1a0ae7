"""Reading benchmark files with one-line errors that name the file and the fix."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import FormatError


def read_text(path: Path | str) -> str:
    """UTF-8 text (a byte-order mark is dropped) of a regular file under the size cap; else a one-line DataError."""
    from ..user_files import read_text as read_user_text

    return read_user_text(path)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def parse_json(text: str, path: Path | str, record: object = None, hint: str = "") -> object:
    """``json.loads`` whose every failure (bad syntax, 4,300+ digit integers, deep nesting, a lone surrogate such
    as ``"\\ud800"``, which no UTF-8 file or terminal can hold) is one FormatError."""
    try:
        value = json.loads(text)
        if _SURROGATE_ESCAPE.search(text):
            _refuse_lone_surrogates(value, path, record)
        return value
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}" if record is None else f"column {exc.colno}"
        raise FormatError(path, record, f"malformed JSON at {where}: {exc.msg}{hint}") from None
    except RecursionError:
        raise FormatError(path, record, "JSON nested too deeply to read; flatten the structure") from None
    except ValueError:  # int parsing refuses numbers of more than 4,300 digits
        raise FormatError(path, record, "holds an integer too long to read (over 4,300 digits); "
                          "write it as a string or shorten it") from None


def _refuse_lone_surrogates(value: object, path: Path | str, record: object) -> None:
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise FormatError(path, record, f"holds a lone surrogate ({ascii(node[exc.start])[1:-1]}) in "
                                  f"{ascii(node[:40])}: not text any UTF-8 file can hold; fix or remove it") from None


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
