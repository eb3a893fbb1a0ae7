"""Plain-text views of contexts and examples for ``tabtext inspect`` and error listings, and an answer as a
person reads it (``shown``: "1,452.4 million", "26.71%", a year as a year)."""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Sequence

from .types import Answer, Example, Table


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def header_row_count(table: Table) -> int:
    """Leading rows whose non-label cells hold no plain amounts (years and periods count as headers)."""
    from .numbers import parse_number

    count = 0
    for row in table.rows:
        values = [c for c in row[1:] if c.strip()]
        amounts = [c for c in values if parse_number(c) is not None and not _looks_like_period(c)]
        if values and not amounts or (not values and count == 0 and not row[0].strip()):
            count += 1
        else:
            break
    return min(count, max(len(table.rows) - 1, 0))


def _looks_like_period(cell: str) -> bool:
    text = cell.strip()
    return len(text) == 4 and text.isdigit() and text[:2] in ("19", "20")


_PLAIN = re.compile(r"-?\d+(?:\.\d+)?")
_ASKS_WHEN = re.compile(r"\b(?:when|(?:which|what)\s+(?:year|quarter|month|half|period|date|fiscal\s+year))\b", re.I)


def names_a_period(answer: Answer, question: str = "") -> bool:
    """An answer that is a period, not an amount: a year-like whole number read as it stands (no computation),
    or any year-like number a "when / which year" question asks for."""
    text = answer.text()
    return (not answer.scale and len(text) == 4 and _looks_like_period(text)
            and (not answer.derivation or bool(_ASKS_WHEN.search(question))))


def shown(answer: Answer | None, question: str = "") -> str:
    """ "78.5%" for a percentage, "1,300 thousand" / "12.4 million" with the scale word, lists joined; years and
    periods as written ("2020", never "2,020")."""
    if answer is None:
        return ""
    text = answer.text()
    if _PLAIN.fullmatch(text) and abs(float(text)) >= 1000 and not names_a_period(answer, question):
        whole, _, decimals = text.partition(".")
        text = f"{int(whole):,}" + (f".{decimals}" if decimals else "")
    if answer.scale == "percent":
        return text if text.endswith("%") else f"{text}%"
    return f"{text} {answer.scale}" if answer.scale else text


def render_table(table: Table, max_cell: int = 40, highlight: set[tuple[int, int]] = frozenset()) -> str:
    """An aligned grid; header rows are separated by a rule; highlighted cells are wrapped in [ ]."""
    if not table.rows:
        return "(empty table)"
    n_cols = table.n_cols
    cells = []
    for r, row in enumerate(table.rows):
        line = []
        for c in range(n_cols):
            text = " ".join((row[c] if c < len(row) else "").split())
            if len(text) > max_cell:
                text = text[: max_cell - 1] + "…"
            line.append(f"[{text}]" if (r, c) in highlight else text)
        cells.append(line)
    widths = [max(_width(line[c]) for line in cells) for c in range(n_cols)]
    n_head = header_row_count(table)
    out = []
    for r, line in enumerate(cells):
        parts = []
        for c, text in enumerate(line):
            pad = widths[c] - _width(text)
            parts.append(text + " " * pad if c == 0 else " " * pad + text)
        out.append(" | ".join(parts).rstrip())
        if r == n_head - 1:
            out.append("-+-".join("-" * w for w in widths))
    return "\n".join(out)


def answer_text(answer: Answer | None) -> str:
    if answer is None:
        return "(none)"
    value = answer.value
    if isinstance(value, Table):
        return "\n" + render_table(value)
    text = " | ".join(value) if isinstance(value, tuple) else value
    return f"{text}" + (f"  [{answer.scale}]" if answer.scale else "")


def render_context_examples(examples: Sequence[Example], width: int = 100) -> str:
    """One context (table + paragraphs) followed by each of its questions with gold and annotations."""
    first = examples[0]
    out = []
    for table in first.context.tables:
        out.append(f"Table {table.id}".rstrip())
        out.append(render_table(table))
        out.append("")
    for i, p in enumerate(first.context.paragraphs, 1):
        title = f" ({p.title})" if p.title else ""
        out.append(textwrap.fill(f"[P{p.order or i}]{title} {p.text}", width=width, subsequent_indent="     "))
    for turn in first.history:
        out.append(f"  {turn.role}: {turn.content}")
    for ex in examples:
        out.append("")
        out.append(f"Q {ex.uid}: {ex.question}")
        for gold in ex.gold:
            out.append(f"  gold: {answer_text(gold)}")
            if gold.derivation:
                out.append(f"  derivation: {gold.derivation}")
        notes = {k: ex.meta[k] for k in ("answer_type", "answer_from", "dataset", "question_type") if k in ex.meta}
        if notes:
            out.append("  " + "  ".join(f"{k}: {v}" for k, v in notes.items()))
    return "\n".join(out)


def group_by_context(examples: Sequence[Example]) -> list[list[Example]]:
    groups: list[list[Example]] = []
    for ex in examples:
        if groups and groups[-1][0].context is ex.context:
            groups[-1].append(ex)
        else:
            groups.append([ex])
    return groups
