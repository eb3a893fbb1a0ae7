"""A cache of per-text results bounded by the characters it holds, not by its number of entries: what the reader
builds from a text grows with its length, so 8,192 entries of 8,000-character texts (a server fed text with no
sentence breaks) would hold gigabytes where 8,192 TAT-QA sentences hold a few megabytes."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
MAX_CHARS = 1_000_000


def text_cache(max_chars: int = MAX_CHARS) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Like ``lru_cache`` for functions whose first argument is a text: least recently used entries are dropped
    once the cached texts hold more than ``max_chars`` characters. Thread-safe (serve answers in threads)."""

    def wrap(fn: Callable[..., T]) -> Callable[..., T]:
        entries: OrderedDict[tuple, T] = OrderedDict()
        held = [0]
        lock = threading.Lock()

        @functools.wraps(fn)
        def cached(text: str, *args: object) -> T:
            key = (text, *args)
            with lock:
                if key in entries:
                    entries.move_to_end(key)
                    return entries[key]
            value = fn(text, *args)
            if len(text) > max_chars // 8:
                return value  # one text may not take over the cache
            with lock:
                if key not in entries:
                    entries[key] = value
                    held[0] += len(text)
                while held[0] > max_chars and entries:
                    old, _ = entries.popitem(last=False)
                    held[0] -= len(old[0])
            return value

        return cached

    return wrap
