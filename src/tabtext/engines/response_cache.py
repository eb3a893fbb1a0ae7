"""The openai engine's request cache: sqlite, payload sha256 -> response JSON (only well-formed replies)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

from ..errors import EngineError

_SQLITE_MAGIC = b"SQLite format 3\x00"


class ResponseCache:
    """sqlite: payload sha256 -> response JSON. Each write commits, so a killed run keeps what it received."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        _refuse_what_is_not_a_cache(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, response TEXT, "
                             "created REAL)")
            columns = [row[1] for row in self._db.execute("PRAGMA table_info(responses)")]
        except (OSError, sqlite3.Error) as exc:
            raise EngineError(f"cache={self.path}: cannot use it as the response cache ({exc}); give a new "
                              "file name, e.g. cache=runs/llm-cache.sqlite") from None
        if columns[:2] != ["key", "response"]:
            raise EngineError(f"cache={self.path}: an sqlite database of something else (its 'responses' table has "
                              f"columns {columns}); give a new file name for the response cache")
        self._lock = threading.Lock()

    def has(self, key: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM responses WHERE key = ?", (key,)).fetchone() is not None

    def get(self, key: str) -> dict[str, object] | None:
        with self._lock:
            row = self._db.execute("SELECT response FROM responses WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, response: dict[str, object]) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO responses VALUES (?, ?, ?)",
                             (key, json.dumps(response, ensure_ascii=False), time.time()))

    def close(self) -> None:
        self._db.close()


def _refuse_what_is_not_a_cache(path: Path) -> None:
    """A folder, a special file or a file that is not sqlite is refused in one line, never overwritten."""
    if path.is_dir():
        raise EngineError(f"cache={path}: is a folder; give a file name, e.g. cache={path / 'llm-cache.sqlite'}")
    if not path.exists():
        return
    if not path.is_file():
        raise EngineError(f"cache={path}: not a regular file; give a file name for the response cache")
    with open(path, "rb") as fh:
        head = fh.read(len(_SQLITE_MAGIC))
    if head and head != _SQLITE_MAGIC:
        raise EngineError(f"cache={path}: not an sqlite database (it would be overwritten); give a new file "
                          "name for the response cache")
