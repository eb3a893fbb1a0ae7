"""A small generic registry with lazy "module:attr" entries and did-you-mean errors."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from .errors import UnknownNameError

T = TypeVar("T")


class Registry(Generic[T]):
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, T | str] = {}
        self._help: dict[str, str] = {}

    def register(self, name: str, target: T | str, help: str = "") -> None:
        """Register an object, or a lazy ``"package.module:attr"`` string imported on first use."""
        self._entries[name] = target
        self._help[name] = help

    def decorator(self, name: str, help: str = "") -> Callable[[T], T]:
        def wrap(obj: T) -> T:
            self.register(name, obj, help)
            return obj

        return wrap

    def get(self, name: str) -> T:
        if name not in self._entries:
            known = sorted(self._entries)
            import difflib

            raise UnknownNameError(self.kind, name, known, difflib.get_close_matches(name, known, n=3, cutoff=0.5))
        target = self._entries[name]
        if isinstance(target, str):
            module, _, attr = target.partition(":")
            target = getattr(importlib.import_module(module), attr)
            self._entries[name] = target
        return target  # type: ignore[return-value]

    def help(self, name: str) -> str:
        return self._help.get(name, "")

    def names(self) -> list[str]:
        return sorted(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())
