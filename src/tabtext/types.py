"""Value types shared by loaders, engines, metrics and reports.

This module imports nothing from the package: every other module may import it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, Union, runtime_checkable

Scale = Literal["", "thousand", "million", "billion", "percent"]
SCALES: tuple[str, ...] = ("", "thousand", "million", "billion", "percent")


@dataclass(frozen=True, slots=True)
class Table:
    """A table as raw cell text, row by row (header rows first, as in the source)."""

    id: str
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""

    @property
    def n_rows(self) -> int:
        return len(self.rows)

    @property
    def n_cols(self) -> int:
        return max((len(r) for r in self.rows), default=0)

    def cell(self, row: int, col: int) -> str:
        r = self.rows[row]
        return r[col] if col < len(r) else ""

    def to_markdown(self, header_rows: int = 1) -> str:
        """Pipe table; the first ``header_rows`` rows are merged into the markdown header."""
        width = self.n_cols
        if width == 0:
            return ""

        def esc(text: str) -> str:
            return " ".join(text.replace("|", "\\|").split())

        padded = [tuple(esc(c) for c in r) + ("",) * (width - len(r)) for r in self.rows]
        n_head = max(1, min(header_rows, len(padded)))
        head = [" ".join(p for p in col if p).strip() for col in zip(*padded[:n_head])]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * width]
        lines += ["| " + " | ".join(r) + " |" for r in padded[n_head:]]
        return "\n".join(lines)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[object]], id: str = "", caption: str = "") -> Table:
        return cls(id=id, rows=tuple(tuple("" if c is None else str(c) for c in r) for r in rows), caption=caption)


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A passage of a context's text, in its reading order."""

    id: str
    text: str
    order: int = 0
    title: str = ""


@dataclass(frozen=True, slots=True)
class Context:
    """What a question is asked over: its tables and paragraphs."""

    tables: tuple[Table, ...] = ()
    paragraphs: tuple[Paragraph, ...] = ()

    @property
    def table(self) -> Table | None:
        return self.tables[0] if self.tables else None


@dataclass(frozen=True, slots=True)
class Turn:
    """One earlier message of a conversation."""

    role: Literal["user", "assistant"]
    content: str


AnswerValue = Union[str, tuple[str, ...], Table]


@dataclass(frozen=True, slots=True)
class Answer:
    """A gold or predicted answer: one string, several spans, or a table.

    ``raw`` keeps the value exactly as the source file had it (a float, a list ...): official scorers
    stringify it their own way, so it must survive loading untouched.
    """

    value: AnswerValue
    scale: str = ""
    derivation: str = ""
    raw: object = None

    @property
    def items(self) -> tuple[str, ...]:
        if isinstance(self.value, tuple):
            return self.value
        if isinstance(self.value, Table):
            return ()
        return (self.value,)

    def text(self) -> str:
        if isinstance(self.value, tuple):
            return ", ".join(self.value)
        if isinstance(self.value, Table):
            return "\n".join("|".join(r) for r in self.value.rows)
        return self.value


@dataclass(frozen=True, slots=True)
class Example:
    """One question with its context, gold answers, conversation so far and benchmark metadata."""

    uid: str
    question: str
    context: Context
    gold: tuple[Answer, ...] = ()
    history: tuple[Turn, ...] = ()
    meta: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Evidence:
    """Where an answer came from: a table cell or a paragraph character span."""

    kind: Literal["cell", "text"]
    row: int = -1
    col: int = -1
    paragraph: int = -1
    start: int = -1
    end: int = -1
    text: str = ""


@dataclass(frozen=True, slots=True)
class Prediction:
    """One engine output. Engines never raise per item: a failure sets ``error`` and leaves ``answer`` None."""

    uid: str
    answer: Answer | None
    raw: str = ""
    error: str = ""
    evidence: tuple[Evidence, ...] = ()
    meta: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BatchQuestion:
    """One line of a ``tabtext batch`` questions file: a question, optionally its own table file and text."""

    question: str
    table: str = ""
    text: str = ""


_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December")


@dataclass(frozen=True, slots=True, order=True)
class Period:
    """A span of time a table or a question names: ``kind`` is year, half, quarter, months (n months up to
    ``end_month``, e.g. nine months to date), month or date; ``year`` is None when the text gives none ("Q3")."""

    year: int | None
    end_month: int
    months: int
    kind: str = "year"
    day: int = 0

    @property
    def start_month(self) -> int:
        return self.end_month - self.months + 1

    def span(self) -> tuple[int, int]:
        """(first, last) month as year * 12 + month; only for a period with a year."""
        base = (self.year or 0) * 12
        return base + self.start_month, base + self.end_month

    def label(self) -> str:
        year = "" if self.year is None else str(self.year)
        if self.kind == "quarter":
            return f"Q{self.end_month // 3} {year}".strip()
        if self.kind == "half":
            return f"H{self.end_month // 6} {year}".strip()
        if self.kind == "month":
            return f"{_MONTH_NAMES[self.end_month - 1]} {year}".strip()
        if self.kind == "date":
            return f"{_MONTH_NAMES[self.end_month - 1]} {self.day}, {year}".strip(" ,")
        if self.kind == "months":
            return f"{self.months} months to {_MONTH_NAMES[self.end_month - 1]} {year}".strip()
        return year


@runtime_checkable
class Engine(Protocol):
    name: str

    def answer(self, examples: Sequence[Example]) -> list[Prediction]:
        """Answer a batch; the result has one Prediction per example, in order."""
        ...
