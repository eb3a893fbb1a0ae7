"""Value types shared by loaders, engines, metrics and reports.

This module imports nothing from the package: every other module may import it.

The types are what ``@dataclass(frozen=True, slots=True)`` generates, written out: importing dataclasses (with
inspect, ast, dis and tokenize) and generating ten classes was a tenth of ``tabtext score``'s whole process, and a
frozen dataclass's ``__init__`` is slower than these. Constructors, attributes, equality, hashing, ordering
(Period), immutability, repr and pickling are the dataclasses' own; ``dataclasses.replace``, ``fields``,
``asdict`` and ``is_dataclass`` work on them through ``__dataclass_fields__``, built when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter, ge, gt, le, lt
from typing import Literal, Protocol, Union, runtime_checkable

Scale = Literal["", "thousand", "million", "billion", "percent"]
SCALES: tuple[str, ...] = ("", "thousand", "million", "billion", "percent")

_set = object.__setattr__
_NEW_DICT: Mapping[str, object] = {}  # the default of ``meta``: each instance gets a new dict (default_factory)


class _DataclassFields:
    """``__dataclass_fields__`` on first use: the fields of a dataclass made with these names, types and defaults."""

    def __get__(self, obj: object, cls: type) -> dict[str, object]:
        import dataclasses

        names = cls.__slots__
        defaults = dict(zip(reversed(names), reversed(cls.__init__.__defaults__ or ())))
        specs = [(n, cls.__annotations__[n], dataclasses.field(default_factory=dict) if defaults.get(n, 0) is _NEW_DICT
                  else dataclasses.field(default=defaults[n]) if n in defaults else dataclasses.field())
                 for n in names]
        fields = dataclasses.make_dataclass(cls.__name__, specs, frozen=True).__dataclass_fields__
        type.__setattr__(cls, "__dataclass_fields__", fields)
        return fields


class _Value:
    """An immutable value whose fields are its ``__slots__``, compared, hashed and shown as a dataclass is."""

    __slots__ = ()
    __dataclass_fields__ = _DataclassFields()

    def __init_subclass__(cls) -> None:
        cls.__match_args__ = cls.__slots__
        cls._values = attrgetter(*cls.__slots__)  # the tuple of the fields' values, in C

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values(self) == other._values(other)  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values(self))  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[object]:
        return list(self._values(self))  # type: ignore[attr-defined]

    def __setstate__(self, state: Sequence[object]) -> None:
        for name, value in zip(self.__slots__, state):
            _set(self, name, value)


def _setters(cls: type) -> tuple[Callable[[object, object], None], ...]:
    """Each field's slot setter, for ``__init__``: twice as fast as ``object.__setattr__``, which looks the name up
    in the class first (a run of ``tabtext score`` builds some 9,000 of these values)."""
    return tuple(cls.__dict__[name].__set__ for name in cls.__slots__)


def _ordering(compare: Callable[[tuple, tuple], bool]) -> Callable[[_Value, object], bool]:
    """A dataclass's ``order=True`` comparison: the fields' tuples, between instances of one class only."""
    def method(self: _Value, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compare(self._values(self), other._values(other))  # type: ignore[attr-defined]
        return NotImplemented

    return method


class Table(_Value):
    """A table as raw cell text, row by row (header rows first, as in the source)."""

    id: str
    rows: tuple[tuple[str, ...], ...]
    caption: str
    __slots__ = ("id", "rows", "caption")

    def __init__(self, id: str, rows: tuple[tuple[str, ...], ...], caption: str = "") -> None:
        _tb_id(self, id)
        _tb_rows(self, rows)
        _tb_caption(self, caption)

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

_tb_id, _tb_rows, _tb_caption = _setters(Table)


class Paragraph(_Value):
    """A passage of a context's text, in its reading order."""

    id: str
    text: str
    order: int
    title: str
    __slots__ = ("id", "text", "order", "title")

    def __init__(self, id: str, text: str, order: int = 0, title: str = "") -> None:
        _pg_id(self, id)
        _pg_text(self, text)
        _pg_order(self, order)
        _pg_title(self, title)

_pg_id, _pg_text, _pg_order, _pg_title = _setters(Paragraph)


class Context(_Value):
    """What a question is asked over: its tables and paragraphs."""

    tables: tuple[Table, ...]
    paragraphs: tuple[Paragraph, ...]
    __slots__ = ("tables", "paragraphs")

    def __init__(self, tables: tuple[Table, ...] = (), paragraphs: tuple[Paragraph, ...] = ()) -> None:
        _cx_tables(self, tables)
        _cx_paragraphs(self, paragraphs)

    @property
    def table(self) -> Table | None:
        return self.tables[0] if self.tables else None

_cx_tables, _cx_paragraphs = _setters(Context)


class Turn(_Value):
    """One earlier message of a conversation."""

    role: Literal["user", "assistant"]
    content: str
    __slots__ = ("role", "content")

    def __init__(self, role: Literal["user", "assistant"], content: str) -> None:
        _tn_role(self, role)
        _tn_content(self, content)

_tn_role, _tn_content = _setters(Turn)


AnswerValue = Union[str, tuple[str, ...], Table]


class Answer(_Value):
    """A gold or predicted answer: one string, several spans, or a table.

    ``raw`` keeps the value exactly as the source file had it (a float, a list ...): official scorers
    stringify it their own way, so it must survive loading untouched.
    """

    value: AnswerValue
    scale: str
    derivation: str
    raw: object
    __slots__ = ("value", "scale", "derivation", "raw")

    def __init__(self, value: AnswerValue, scale: str = "", derivation: str = "", raw: object = None) -> None:
        _an_value(self, value)
        _an_scale(self, scale)
        _an_derivation(self, derivation)
        _an_raw(self, raw)

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

_an_value, _an_scale, _an_derivation, _an_raw = _setters(Answer)


class Example(_Value):
    """One question with its context, gold answers, conversation so far and benchmark metadata."""

    uid: str
    question: str
    context: Context
    gold: tuple[Answer, ...]
    history: tuple[Turn, ...]
    meta: Mapping[str, object]
    __slots__ = ("uid", "question", "context", "gold", "history", "meta")

    def __init__(self, uid: str, question: str, context: Context, gold: tuple[Answer, ...] = (),
                 history: tuple[Turn, ...] = (), meta: Mapping[str, object] = _NEW_DICT) -> None:
        _ex_uid(self, uid)
        _ex_question(self, question)
        _ex_context(self, context)
        _ex_gold(self, gold)
        _ex_history(self, history)
        _ex_meta(self, {} if meta is _NEW_DICT else meta)

_ex_uid, _ex_question, _ex_context, _ex_gold, _ex_history, _ex_meta = _setters(Example)


class Evidence(_Value):
    """Where an answer came from: a table cell or a paragraph character span."""

    kind: Literal["cell", "text"]
    row: int
    col: int
    paragraph: int
    start: int
    end: int
    text: str
    __slots__ = ("kind", "row", "col", "paragraph", "start", "end", "text")

    def __init__(self, kind: Literal["cell", "text"], row: int = -1, col: int = -1, paragraph: int = -1,
                 start: int = -1, end: int = -1, text: str = "") -> None:
        _ev_kind(self, kind)
        _ev_row(self, row)
        _ev_col(self, col)
        _ev_paragraph(self, paragraph)
        _ev_start(self, start)
        _ev_end(self, end)
        _ev_text(self, text)

_ev_kind, _ev_row, _ev_col, _ev_paragraph, _ev_start, _ev_end, _ev_text = _setters(Evidence)


class Prediction(_Value):
    """One engine output. Engines never raise per item: a failure sets ``error`` and leaves ``answer`` None."""

    uid: str
    answer: Answer | None
    raw: str
    error: str
    evidence: tuple[Evidence, ...]
    meta: Mapping[str, object]
    __slots__ = ("uid", "answer", "raw", "error", "evidence", "meta")

    def __init__(self, uid: str, answer: Answer | None, raw: str = "", error: str = "",
                 evidence: tuple[Evidence, ...] = (), meta: Mapping[str, object] = _NEW_DICT) -> None:
        _pr_uid(self, uid)
        _pr_answer(self, answer)
        _pr_raw(self, raw)
        _pr_error(self, error)
        _pr_evidence(self, evidence)
        _pr_meta(self, {} if meta is _NEW_DICT else meta)

_pr_uid, _pr_answer, _pr_raw, _pr_error, _pr_evidence, _pr_meta = _setters(Prediction)


class BatchQuestion(_Value):
    """One line of a ``tabtext batch`` questions file: a question, optionally its own table file and text."""

    question: str
    table: str
    text: str
    __slots__ = ("question", "table", "text")

    def __init__(self, question: str, table: str = "", text: str = "") -> None:
        _bq_question(self, question)
        _bq_table(self, table)
        _bq_text(self, text)

_bq_question, _bq_table, _bq_text = _setters(BatchQuestion)


_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December")


class Period(_Value):
    """A span of time a table or a question names: ``kind`` is year, half, quarter, months (n months up to
    ``end_month``, e.g. nine months to date), month or date; ``year`` is None when the text gives none ("Q3")."""

    year: int | None
    end_month: int
    months: int
    kind: str
    day: int
    __slots__ = ("year", "end_month", "months", "kind", "day")

    def __init__(self, year: int | None, end_month: int, months: int, kind: str = "year", day: int = 0) -> None:
        _pe_year(self, year)
        _pe_end_month(self, end_month)
        _pe_months(self, months)
        _pe_kind(self, kind)
        _pe_day(self, day)

    __lt__, __le__, __gt__, __ge__ = map(_ordering, (lt, le, gt, ge))

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

_pe_year, _pe_end_month, _pe_months, _pe_kind, _pe_day = _setters(Period)


@runtime_checkable
class Engine(Protocol):
    name: str

    def answer(self, examples: Sequence[Example]) -> list[Prediction]:
        """Answer a batch; the result has one Prediction per example, in order."""
        ...
