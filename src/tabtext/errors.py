"""One root exception; every error a user can cause is a TabtextError shown as one line (exit code 2)."""

from __future__ import annotations

MAX_MESSAGE = 1000


def one_line(text: object, limit: int = MAX_MESSAGE) -> str:
    """Text fit for a one-line message: newlines, ANSI escapes and other control characters shown escaped."""
    text = str(text)
    if len(text) > limit:
        text = text[: limit // 2] + " … " + text[-limit // 2:]
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


class TabtextError(Exception):
    """Root of all errors tabtext raises on purpose."""


class DataError(TabtextError):
    """A data or prediction file is unusable: names the file, the record and what to do."""

    def __init__(self, path: object, record: object = None, reason: str = "") -> None:
        self.path, self.record, self.reason = str(path), record, reason
        where = self.path if record in (None, "") else f"{self.path}: record {record}"
        super().__init__(f"{where}: {reason}")


class FormatError(DataError):
    """A file is not in the expected format (bad JSON, wrong shape)."""


class IntegrityError(DataError):
    """A downloaded or cached file does not have the expected checksum."""


class UnknownNameError(TabtextError, KeyError):
    """An unknown registry name; the message offers the closest known names."""

    def __init__(self, kind: str, name: str, known: list[str], suggestions: list[str]) -> None:
        self.kind, self.name, self.known, self.suggestions = kind, name, known, suggestions
        hint = f" Did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown {kind} {name!r}.{hint} Known: {', '.join(known)}")

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return self.args[0]


class EngineError(TabtextError):
    """An engine cannot run at all (unreachable endpoint, missing key, bad spec)."""


class ScoringWarning(UserWarning):
    """A prediction file has items the official semantics score as 0 (counted, not fatal)."""
