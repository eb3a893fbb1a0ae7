"""Where a question's answer lives: a logistic model of "the answer comes from the text" over general features
of the question and its context (the wh-word, the operator asked, how well a sentence covers the question
against a table row and column, whether the periods asked are table columns).

The pairwise ranker (``ranker.py``) learns only from questions where one candidate is right and another wrong;
this model is fitted on every open question's annotated answer source (TAT-QA's ``answer_from``), so questions
that no candidate answers still teach it. Its logit is one of the ranker's features of a text candidate. The
weights live in ``rank_weights.json`` under ``"source"``, fitted by ``benchmarks/train_ranker.py``.
"""

from __future__ import annotations

import math
import re

from ..lexicon.words import content_tokens

_WH = re.compile(r"\b(what|why|how|when|which|who|where)\b(?:\s+(much|many|did|does|do|is|was|were|are))?")


def _wh(low: str) -> str:
    m = _WH.search(low)
    if m is None:
        return "wh_none"
    return f"wh_{m.group(1)}_{m.group(2)}" if m.group(1) == "how" and m.group(2) else f"wh_{m.group(1)}"


def _row_named(q_tokens: set[str], row_labels) -> float:
    """Whether the question names some row label in full (every content word of the label)."""
    for label in row_labels:
        words = set(content_tokens(label))
        if words and words <= q_tokens:
            return 1.0
    return 0.0


def source_features(reading, text_cover: float, table_cover: float) -> dict[str, float]:
    """General features of a question and its context that tell whether its answer sits in the text.
    ``text_cover``: share of the question's words in the best sentence; ``table_cover``: the same for the best
    table candidate's row and column labels."""
    q, low = reading.q, reading.q.text.lower()
    qset = set(q.tokens)
    f = {f"kind_{q.kind}": 1.0, _wh(low): 1.0, "text_cover": text_cover, "table_cover": table_cover,
         "cover_gap": text_cover - table_cover, "years_asked": float(bool(q.years)),
         "question_words": math.log1p(len(qset))}
    view = reading.view
    if view is not None:
        columns = {y for years in view.col_years for y in years}
        f["years_are_columns"] = float(bool(q.years) and set(q.years) <= columns)
        f["row_named"] = _row_named(qset, view.row_labels[view.header_rows:])
        top_row = reading.ctx.ranked_rows[0][1] if reading.ctx and reading.ctx.ranked_rows else 0.0
        f["row_match"] = min(top_row / 3.0, 1.0)
    else:
        f["no_table"] = 1.0
    text = " ".join(p.text for p in reading.paragraphs)
    f["years_in_text"] = float(bool(q.years) and all(y in text for y in q.years))
    return f


def text_logit(f: dict[str, float], model: dict | None) -> float:
    """The model's log-odds that the answer comes from the text (0 without a model)."""
    if not model:
        return 0.0
    w = model["weights"]
    return model["bias"] + sum(w.get(k, 0.0) * v for k, v in f.items())
