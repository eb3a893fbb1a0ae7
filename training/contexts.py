"""Train contexts with every paragraph the recovered set holds for them.

The recovered set gives a text question only its relevant paragraph and every other question none, so a ranker
fitted on it as loaded would learn that a paragraph, when there is one, answers. Each question here gets the
paragraphs of all the text questions of its context (the same report), in first-seen order: table questions see
real paragraphs of their report that do not answer them, text questions see their paragraph among others. Still
a part of each report (``meta["paragraphs_partial"]`` stays True).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tabtext.types import Example, Paragraph


def pooled(examples: Sequence[Example]) -> list[Example]:
    by_context: dict[str, dict[str, str]] = {}
    for ex in examples:
        known = by_context.setdefault(str(ex.meta["table_uid"]), {})
        for p in ex.context.paragraphs:
            known.setdefault(p.text, p.id)
    out = []
    for ex in examples:
        texts = by_context[str(ex.meta["table_uid"])]
        paragraphs = tuple(Paragraph(id=pid, text=text, order=i + 1) for i, (text, pid) in enumerate(texts.items()))
        out.append(replace(ex, context=replace(ex.context, paragraphs=paragraphs)))
    return out
