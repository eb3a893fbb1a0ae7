"""Resolve a follow-up question against the previous one, for engines that cannot read the conversation.

Two general moves, both driven by the table's own row and column phrases (never by fixed texts):

* substitution — "and in 2017?" after "What was the revenue in 2019?": the follow-up names a column
  (or row) phrase, so it replaces the phrase of the same kind in the previous question;
* reference — "what is that as a percentage?": the pronoun stands for the previous question's subject,
  so "that" becomes "the change in revenue from 2018 to 2019".

The web page (``web/index.html``) carries a JavaScript port of these rules; keep the two in step.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .numbers import parse_number
from .types import Table

_LEAD = re.compile(r"^\s*(?:and|also|then|ok(?:ay)?|now)?\s*(?:what|how)\s+about\s+|^\s*(?:and|also|same\s+for)\b\s*",
                   re.I)
_PRONOUN = re.compile(r"\b(that|it|this)\b", re.I)
_WH = re.compile(r"^\s*(?:what|which|how\s+much|how\s+many)\s+(?:is|was|are|were|will\s+be|would\s+be|did)\s+",
                 re.I)
_AS_UNIT = re.compile(r"\s*\b(?:as|in)\s+(?:an?\s+)?(percentage|percent|ratio|proportion)\b", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")


def table_phrases(table: Table | None) -> tuple[list[str], list[str]]:
    """(column phrases, row phrases): header cells and the first-column labels, longest first."""
    if table is None or not table.rows:
        return [], []
    header_rows = 1
    for row in table.rows[1:3]:  # further header rows: no number outside the first column, or a blank label
        if all(parse_number(c) is None or _YEAR.fullmatch(c.strip()) for c in row[1:]) and not row[0].strip():
            header_rows += 1
        else:
            break
    cols = {c.strip() for r in table.rows[:header_rows] for c in r[1:] if c.strip()}
    rows = {r[0].strip() for r in table.rows[header_rows:] if r and r[0].strip() and parse_number(r[0]) is None}
    return sorted(cols, key=len, reverse=True), sorted(rows, key=len, reverse=True)


def _find(text: str, phrases: Sequence[str]) -> list[tuple[int, int, str]]:
    """Non-overlapping occurrences (start, end, phrase), longest phrases first, then in text order."""
    taken: list[tuple[int, int, str]] = []
    for ph in phrases:
        for m in re.finditer(r"(?<!\w)" + re.escape(ph) + r"(?!\w)", text, re.I):
            if all(m.end() <= s or m.start() >= e for s, e, _ in taken):
                taken.append((m.start(), m.end(), ph))
    return sorted(taken)


def is_followup(question: str, rows: Sequence[str] = ()) -> bool:
    """Starts like a follow-up ("and ...", "what about ..."), or leans on a pronoun with no row subject of its own."""
    if _LEAD.search(question):
        return True
    return bool(_PRONOUN.search(question)) and not _find(question, rows)


def rewrite(question: str, previous: str, table: Table | None) -> str:
    """The follow-up as a standalone question (unchanged when it does not read as a follow-up)."""
    cols, rows = table_phrases(table)
    if not previous.strip() or not is_followup(question, rows):
        return question
    cols = sorted(set(cols) | set(_YEAR.findall(question + " " + previous)), key=len, reverse=True)
    new = previous.strip()
    changed = False
    for phrases in (cols, rows):
        said = _find(question, phrases)
        before = _find(new, phrases)
        if not said or not before:
            continue
        # the same number of phrases: replace in order; otherwise the last one(s) of the previous question
        targets = before if len(said) == len(before) else before[-len(said):]
        for (s, e, _), (qs, qe, _) in sorted(zip(targets, said), reverse=True):
            new = new[:s] + question[qs:qe] + new[e:]  # the user's own spelling of the phrase
        changed = True
    if changed:
        return new
    m = _PRONOUN.search(question)
    if m:
        subject = _WH.sub("", previous.strip()).rstrip(" ?.")
        if subject and subject != previous.strip().rstrip(" ?."):
            subject = re.sub(r"^(?:the|a|an)\s+", "", subject, flags=re.I)
            unit = _AS_UNIT.search(question)
            if unit:  # "that as a percentage" -> "the percentage change in ..."
                word = "percentage" if unit.group(1).lower().startswith("percent") else unit.group(1).lower()
                question = (question[:unit.start()] + question[unit.end():]).rstrip(" ?") + "?"
                subject = f"{word} {subject}"
            return question[:m.start()] + "the " + subject + question[m.end():]
    return question
