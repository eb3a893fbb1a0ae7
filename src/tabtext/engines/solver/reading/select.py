"""Selecting sets of cells: rows of a section ("components under X"), and values passing a threshold
("exceed $200,000 thousand", "less than 100 thousands") for count and list questions."""

from __future__ import annotations

import re

from ....numbers import SCALE_FACTORS
from ..lexicon.words import content_tokens
from .question import Query
from .table import TableView

_THRESHOLD = re.compile(
    r"\b(exceed(?:s|ed)?|above|over|more than|greater than|higher than|larger than|at least|below|under|less than|"
    r"lower than|fewer than|smaller than)\s+(?:(?:us)?\$|€|£)?\s*(-?\d[\d,]*(?:\.\d+)?)\s*(%|percent|thousands?|"
    r"millions?|billions?|m\b|k\b)?", re.I)
_TOTAL = re.compile(r"^\s*(?:total|net total|group total|sum)\b|\btotal$", re.I)


def threshold(q: Query, view: TableView) -> tuple[str, float] | None:
    """(">" or "<", value in the table's own unit) when the question filters by an amount."""
    m = _THRESHOLD.search(q.text)
    if not m:
        sign = re.search(r"\b(negative|positive)\b", q.text.lower())
        return ("<" if sign.group(1) == "negative" else ">", 0.0) if sign else None
    word, number, unit = m.group(1).lower(), float(m.group(2).replace(",", "")), (m.group(3) or "").lower()
    sign = "<" if re.match(r"below|under|less|lower|fewer|smaller", word) else ">"
    unit_scale = {"k": "thousand", "m": "million", "%": "percent"}.get(unit, unit.rstrip("s"))
    if unit_scale in ("thousand", "million", "billion") and view.scale in ("thousand", "million", "billion"):
        number = number * SCALE_FACTORS[unit_scale] / SCALE_FACTORS[view.scale]
    return sign, number


def passes(value: float, test: tuple[str, float]) -> bool:
    sign, bound = test
    return value > bound if sign == ">" else value < bound


def section_rows(view: TableView, q: Query) -> list[int]:
    """Rows of the section the question names; with no section named, every non-total data row."""
    qset = set(q.tokens)
    candidates: dict[str, list[int]] = {}
    for r in view.data_rows():
        if any((r, c) in view.values for c in range(1, view.table.n_cols)):
            candidates.setdefault(view.row_sections[r], []).append(r)
    best, best_score = "", 0.0
    for sec in candidates:
        toks = content_tokens(sec)
        if not toks:
            continue
        score = len(qset & set(toks)) / len(toks)
        if score > best_score:
            best, best_score = sec, score
    if best_score >= 0.5:
        rows = candidates[best]
    else:
        # a total row named by the question closes the block of rows above it ("items of X" = rows summed in X)
        rows = [r for rows_ in candidates.values() for r in rows_]
        named_total = _named_total(view, q)
        if named_total is not None:
            block = []
            own = set(content_tokens(view.row_labels[named_total]))
            for r in range(named_total - 1, view.header_rows - 1, -1):
                # the block ends at the previous (sub)total: a total row, or one naming the same measure
                if r not in rows or _TOTAL.search(view.row_labels[r]) or not view.row_labels[r] or \
                        len(own & set(content_tokens(view.row_labels[r]))) >= 2:
                    break
                block.append(r)
            if block:
                rows = sorted(block)
    return [r for r in rows if view.row_labels[r] and not _TOTAL.search(view.row_labels[r])]


def _named_total(view: TableView, q: Query) -> int | None:
    qset = set(q.tokens)
    best, best_score = None, 0.0
    for r in view.data_rows():
        toks = content_tokens(view.row_labels[r])
        if len(toks) < 2 or not _TOTAL.search(view.row_labels[r]) and "consist" not in q.text.lower():
            continue
        score = len(qset & set(toks)) / len(toks)
        if score > best_score:
            best, best_score = r, score
    return best if best_score >= 0.75 else None
