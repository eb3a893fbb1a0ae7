"""A one-span answer read from a person's text, cut as ``ask`` shows it, for the routes that answer through the
benchmark path (``tabtext batch``): "Helen Marsh" rather than the sentence naming her, "a new payroll giving
scheme" rather than "Donations rose mainly as a result of a new payroll giving scheme, which ...", "27" for "how
many food banks". Benchmark runs keep the reader's clause, which is what their scorers were written for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .types import Evidence, Prediction


def text_span_for_a_person(question: str, pred: Prediction, paragraphs: Sequence[str]) -> Prediction:
    """``pred`` with its one text span cut as a person reads it (``reader.person.for_a_person``, then
    ``person_answer.text_answer``) and its evidence moved to the words shown; ``pred`` itself when its answer is
    not one span of these paragraphs. ``meta["of_the_kind_asked"]`` says the cut is the kind of thing asked for."""
    from .engines.solver.reader.person import for_a_person
    from .person_answer import text_answer

    spans = [e for e in pred.evidence if e.kind == "text"]
    a = pred.answer
    if a is None or len(spans) != 1 or len(pred.evidence) != 1 or \
            (isinstance(a.value, tuple) and len(a.value) != 1) or not isinstance(a.value, (str, tuple)):
        return pred
    e = spans[0]
    if not 0 <= e.paragraph < len(paragraphs) or paragraphs[e.paragraph][e.start:e.end] != e.text or e.start >= e.end:
        return pred
    text = paragraphs[e.paragraph]
    start, end = for_a_person(question, text, e.start, e.end)
    cut = Evidence("text", paragraph=e.paragraph, start=start, end=end, text=text[start:end])
    answer, of_kind = text_answer(question, dataclasses.replace(a, value=cut.text), (cut,), paragraphs)
    if answer is None:
        return pred
    shown = answer.text()
    if isinstance(a.value, tuple):
        answer = dataclasses.replace(answer, value=(shown,))
    at = [i for i in range(len(text)) if text.startswith(shown, i)]  # the words shown, nearest where they were read
    held = min(at, key=lambda i: abs(i - start)) if at else -1
    evidence = Evidence("text", paragraph=e.paragraph, start=held, end=held + len(shown), text=shown) if at else cut
    return dataclasses.replace(pred, answer=answer, evidence=(evidence,),
                               meta={**pred.meta, "of_the_kind_asked": of_kind})
