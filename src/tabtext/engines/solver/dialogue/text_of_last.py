"""A text follow-up about the last turn's text answer ("What changed in April?" -> "Who brought that in?"): the
sentence that answered it is the first place the follow-up looks, read as ``ask`` cuts a text answer (the name for
"who", the date for "when", the cause for "why")."""

from __future__ import annotations

import re

from ....types import Answer, Evidence
from ..program.program import Program, Span
from ..reader.sentences import split_sentences
from .asked import Asked

#: "who brought that in?", "when did that start?", "why was that?": a who / when / where / why asked of "that"
ASKED = re.compile(r"^\s*(?:and\s+|so\s+|but\s+)?(?:who|whom|when|where|why)\b(?=.*\b(?:that|it|this|they|them)\b)",
                   re.I)


def text_of_last(asked: Asked) -> Program | None:
    """The answer the last turn's sentence gives, when the last turn was one span of the text and the cut is of the
    kind asked; None otherwise (the core reads the question)."""
    from ....person_text import text_answer

    last = asked.history[-1] if asked.history else None
    if last is None or last.op != "span" or len(last.args) != 1 or not isinstance(span := last.args[0], Span) or \
            not 0 <= span.paragraph < len(asked.context.paragraphs):
        return None
    texts = [p.text for p in asked.context.paragraphs]
    text = texts[span.paragraph]
    around = [s for s in split_sentences(text) if s.start <= span.start < s.end]
    if not around:
        return None
    lo, hi = around[0].start, around[0].end
    sentence = text[lo:hi].rstrip(" .")
    evidence = Evidence("text", paragraph=span.paragraph, start=lo, end=lo + len(sentence), text=sentence)
    answer, of_kind = text_answer(asked.question, Answer((sentence,), ""), (evidence,), texts, about=span.text)
    cut = answer.text() if answer is not None and of_kind and answer.text() != sentence else ""
    at = text.find(cut, lo) if cut else -1
    if at < 0 or at + len(cut) > hi:
        return None
    return Program("span", (Span(span.paragraph, at, at + len(cut), cut),), "", "text_of_last", (cut,))
