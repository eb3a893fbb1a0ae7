"""A row's part of its whole asked across two columns of a table of things as rows: "What percentage of North's
enrolled students passed?" is North's Passed as a percentage of its Enrolled (the column the verb names over the
one named before it), not the other way round."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .engines.solver.lexicon.words import root
from .periods import as_period
from .types import Table

_SHARE_OF = re.compile(r"^\s*what\s+(?:percentage|percent|share|proportion|fraction)\s+of\s+(?P<rest>.+?)"
                       r"(?:\s+(?:at|in|for)\s+(?P<where>[A-Z][\w&' -]*?))?\s*[?.]?\s*$", re.I)
_OWNER = re.compile(r"^(?:the\s+)?(?P<row>[A-Z][\w&' -]*?)['’]s\b")


def _columns(tables: Sequence[Table]) -> dict[str, str]:
    """Each column label of a table of things as rows (no period columns), by the root of its first word."""
    out: dict[str, str] = {}
    for t in tables:
        head = t.rows[0][1:] if t.rows else ()
        if head and not any(as_period(h) for h in head):
            out.update({root(w[0].lower()): h for h in head if (w := re.findall(r"[A-Za-z]+", h))})
    return out


def part_over_whole_column(question: str, tables: Sequence[Table]) -> str:
    """The question as "what were <row>'s <part> as a percentage of <whole>" when it names a row (its possessive,
    or "at <row>") and two columns, the whole first; else unchanged."""
    m = _SHARE_OF.match(question)
    columns = _columns(tables) if m else {}
    if not m or not columns:
        return question
    owner = _OWNER.match(m.group("rest"))
    row = m.group("where") or (owner.group("row") if owner else "")
    named = list(dict.fromkeys(columns[r] for w in re.findall(r"[a-z]+", m.group("rest").lower())
                               if (r := root(w)) in columns))
    if not row or len(named) != 2:
        return question
    return f"What were {row}'s {named[1].lower()} as a percentage of {named[0].lower()}?"
