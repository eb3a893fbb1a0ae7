"""Routing to the paragraph reader (``reader.read``) and how well the paragraphs cover a question."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....types import Answer, Evidence, Paragraph
from ..lexicon.text_cache import text_cache
from ..reader import read
from ..reader.sentences import split_sentences
from ..reading.question import Query, content_tokens


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
        for amounts, words in _sentence_words(p.text):
            if numeric and amounts < 2:
                continue
            best = max(best, len(qset & words))
    return best / len(qset)


@text_cache()  # a context's paragraphs are covered again for each of its questions
def _sentence_words(text: str) -> tuple[tuple[int, frozenset[str]], ...]:
    """Each sentence's number of amounts and its content words."""
    return tuple((len(re.findall(r"\d[\d,.]*", s.text)), frozenset(content_tokens(s.text)))
                 for s in split_sentences(text))


def text_answer(q: Query, paragraphs: Sequence[Paragraph]):
    found = read(q.text, paragraphs, k=1, multi=_multi(q))
    if not found:
        return None
    best = found[0]
    texts = best.value if isinstance(best.value, tuple) else (best.value,)
    offsets = best.items or ((best.start, best.end),)
    text = paragraphs[best.paragraph].text
    evidence = [Evidence("text", paragraph=best.paragraph, start=a, end=b, text=text[a:b]) for a, b in offsets]
    # TAT-QA keeps a text span's unit inside the span ("$3.0 million") and gives it no scale of its own
    return Answer(texts, ""), evidence, "multi_span" if len(texts) > 1 else "text_span"
