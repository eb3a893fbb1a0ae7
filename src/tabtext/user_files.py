"""The one way tabtext opens a file a user hands it: predictions, gold files, report.json, tables, questions.

Only regular files are read. The path is checked with ``os.stat`` before it is opened (a symlink loop, a
folder, a device such as a link to /dev/zero, a FIFO or a socket is refused in one line), then opened with
``O_NONBLOCK`` so that a FIFO swapped in after the check cannot hang the open, and checked again on the open
descriptor. Sizes are checked against a cap before anything is read; large line files are streamed.
Every refusal is a DataError naming the file and what to do (exit 2).
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from .errors import DataError, FormatError

#: a file read whole (JSON, a table, a report): beyond this the parsed objects would not fit in memory
MAX_WHOLE_BYTES = 512_000_000
#: one line of a streamed file (JSONL, one answer a line)
MAX_LINE_BYTES = 64_000_000

_KINDS = ((stat.S_ISDIR, "is a folder; give the file inside it"),
          (stat.S_ISFIFO, "is a FIFO (named pipe), not a saved file; save the data to a regular file first"),
          (stat.S_ISCHR, "is a device, not a saved file; give a regular file"),
          (stat.S_ISBLK, "is a device, not a saved file; give a regular file"),
          (stat.S_ISSOCK, "is a socket, not a saved file; give a regular file"))


def _refuse_kind(path: Path, mode: int) -> None:
    for test, reason in _KINDS:
        if test(mode):
            raise DataError(path, None, reason)
    if not stat.S_ISREG(mode):
        raise DataError(path, None, "is not a regular file; give a saved file")


def _os_error(path: Path, exc: OSError) -> DataError:
    if exc.errno == errno.ENOENT:
        return DataError(path, None, "file not found; check the path")
    if exc.errno == errno.ELOOP:
        return DataError(path, None, "is a symbolic link loop; point it at a real file")
    if exc.errno == errno.EISDIR:
        return DataError(path, None, "is a folder; give the file inside it")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return DataError(path, None, "cannot be read (permission denied); check its permissions")
    if exc.errno == errno.ENOTDIR:
        return DataError(path, None, "a part of this path is not a folder; check the path")
    if exc.errno == errno.ENAMETOOLONG:
        return DataError(str(path)[:200], None, "the path is too long")
    return DataError(path, None, f"cannot be read ({exc.strerror or type(exc).__name__})")


def too_big(path: Path | str, size: int, max_bytes: int, kind: str) -> DataError:
    return DataError(path, None, f"the file is {size:,} bytes; {kind} up to {max_bytes:,} bytes are read "
                     "(split it, or give a smaller file)")


def check_regular(path: str | Path, max_bytes: int | None = MAX_WHOLE_BYTES, kind: str = "files") -> os.stat_result:
    """The stat of ``path`` when it is a regular file of at most ``max_bytes``; else a one-line DataError."""
    path = Path(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise _os_error(path, exc) from None
    except ValueError:  # an embedded NUL byte
        raise DataError(repr(str(path))[:200], None, "the path holds a NUL character") from None
    _refuse_kind(path, info.st_mode)
    if max_bytes is not None and info.st_size > max_bytes:
        raise too_big(path, info.st_size, max_bytes, kind)
    return info


def open_regular(path: str | Path, max_bytes: int | None = MAX_WHOLE_BYTES, kind: str = "files") -> BinaryIO:
    """A binary handle on a regular file, checked before and after the open (no FIFO can block it)."""
    path = Path(path)
    check_regular(path, max_bytes, kind)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise _os_error(path, exc) from None
    try:
        info = os.fstat(fd)
        _refuse_kind(path, info.st_mode)  # the path may have been swapped between stat and open
        if max_bytes is not None and info.st_size > max_bytes:
            raise too_big(path, info.st_size, max_bytes, kind)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str | Path, max_bytes: int = MAX_WHOLE_BYTES, kind: str = "files") -> bytes:
    """The whole file, at most ``max_bytes`` (a file that grows past the cap while read is refused too)."""
    with open_regular(path, max_bytes, kind) as fh:
        try:
            data = fh.read(max_bytes + 1)
        except OSError as exc:
            raise _os_error(Path(path), exc) from None
    if len(data) > max_bytes:
        raise too_big(path, len(data), max_bytes, kind)
    return data


def decode(data: bytes, path: str | Path, hint: str = "re-save the file as UTF-8") -> str:
    """UTF-8 text with a byte-order mark dropped; bad bytes are a FormatError naming the offset."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(path, None, f"not UTF-8 text (byte {exc.start}); {hint}") from None


def read_text(path: str | Path, max_bytes: int = MAX_WHOLE_BYTES) -> str:
    return decode(read_bytes(path, max_bytes), path)


def iter_lines(path: str | Path, max_line: int = MAX_LINE_BYTES, newline: str | None = "") -> Iterator[str]:
    """The file's lines, streamed (no size cap on the file, ``max_line`` bytes per line), BOM dropped.

    ``newline=""`` keeps line ends as written (split on ``\\n``, ``\\r`` and ``\\r\\n`` but returned with
    them); ``None`` translates them to ``\\n`` as Python's text mode does."""
    path = Path(path)
    fh = open_regular(path, None)
    text = io.TextIOWrapper(fh, encoding="utf-8-sig", newline=newline)
    try:
        number = 0
        while True:
            try:
                line = text.readline(max_line + 1)
            except UnicodeDecodeError as exc:
                raise FormatError(path, f"line {number + 1}", f"not UTF-8 text (byte {exc.start} of a read "
                                  "block); re-save the file as UTF-8") from None
            except OSError as exc:
                raise _os_error(path, exc) from None
            if not line:
                return
            number += 1
            if len(line) > max_line:
                raise DataError(path, f"line {number}", f"is longer than {max_line:,} characters; is this "
                                "really a line-per-record file?")
            yield line
    finally:
        text.close()


def utf8_probe(path: str | Path, size: int = 4096) -> str:
    """The first ``size`` bytes as text (bad bytes replaced): to sniff a file's kind without reading it."""
    with open_regular(path, None) as fh:
        head = fh.read(size)
    return codecs.decode(head, "utf-8-sig", errors="replace")
