"""Routing to text-span extraction (``text.answer_text``, a teammate's module) with a simple fallback.

The fallback ranks sentences by overlap with the question's content words; it only runs while ``text.py``
is absent from this branch.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...types import Answer, Evidence, Paragraph
from .question import Query, content_tokens
from .textnum import SENTENCE

try:  # the lead removes this guard when the text-span branch is merged
    from .text import answer_text
except ImportError:  # pragma: no cover - depends on the merge state
    answer_text = None

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


def _fallback(q: Query, paragraphs: Sequence[Paragraph]):
    qset = set(q.tokens)
    best = (0.0, -1, 0, 0, "")
    for i, p in enumerate(paragraphs):
        for m in SENTENCE.finditer(p.text):
            sent = m.group(0).strip()
            toks = set(content_tokens(sent))
            score = len(qset & toks) / (1 + 0.02 * len(toks))
            if score > best[0]:
                best = (score, i, m.start(), m.end(), sent)
    if best[1] < 0:
        return None
    _, i, start, end, sent = best
    return Answer((sent,), ""), [Evidence("text", paragraph=i, start=start, end=end, text=sent)], "text_span"


def text_answer(q: Query, paragraphs: Sequence[Paragraph]):
    if not paragraphs:
        return None
    if answer_text is None:
        return _fallback(q, paragraphs)
    multi = _multi(q)
    spans = answer_text(q.text, paragraphs, multi=multi)
    if not spans:
        return None
    chosen = spans if multi else spans[:1]
    texts = tuple(s.text for s in chosen)
    evidence = [Evidence("text", paragraph=s.paragraph, start=s.start, end=s.end, text=s.text) for s in chosen]
    # TAT-QA keeps a text span's unit inside the span ("$3.0 million") and gives it no scale of its own
    return Answer(texts, ""), evidence, "multi_span" if len(texts) > 1 else "text_span"
