"""Routing to text-span extraction (``text.answer_text``) and how well the paragraphs cover a question."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...types import Answer, Evidence, Paragraph
from .question import Query, content_tokens
from .text import answer_text
from .textnum import SENTENCE


def _multi(q: Query) -> bool:
    return q.kind == "list_items" or bool(re.search(r"\bwhat (?:are|were) (?:the )?\w+s\b|\brespective", q.text.lower()))


def text_coverage(q: Query, paragraphs: Sequence[Paragraph], numeric: bool = False) -> float:
    """Share of the question's content words found in its best paragraph sentence (with ``numeric``: the
    best sentence holding at least two amounts)."""
    qset = set(q.tokens)
    if not qset:
        return 0.0
    best = 0
    for p in paragraphs:
        for m in SENTENCE.finditer(p.text):
            if numeric and len(re.findall(r"\d[\d,.]*", m.group(0))) < 2:
                continue
            best = max(best, len(qset & set(content_tokens(m.group(0)))))
    return best / len(qset)


def text_answer(q: Query, paragraphs: Sequence[Paragraph]):
    if not paragraphs:
        return None
    multi = _multi(q)
    spans = answer_text(q.text, paragraphs, multi=multi)
    if not spans:
        return None
    chosen = spans if multi else spans[:1]
    texts = tuple(s.text for s in chosen)
    evidence = [Evidence("text", paragraph=s.paragraph, start=s.start, end=s.end, text=s.text) for s in chosen]
    # TAT-QA keeps a text span's unit inside the span ("$3.0 million") and gives it no scale of its own
    return Answer(texts, ""), evidence, "multi_span" if len(texts) > 1 else "text_span"
