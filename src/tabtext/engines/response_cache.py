"""The openai engine's request cache: sqlite, payload sha256 -> response JSON (only well-formed replies)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path


class ResponseCache:
    """sqlite: payload sha256 -> response JSON. Each write commits, so a killed run keeps what it received."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, response TEXT, created REAL)")
        self._lock = threading.Lock()

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
