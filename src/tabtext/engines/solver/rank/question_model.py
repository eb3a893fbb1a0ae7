"""The question model: what kind of answer a question wants (TAT-QA's answer_type x answer_from), read from the
question's words alone.

A multinomial logistic regression over word uni- and bigrams (numbers and years folded to one token each),
fitted on the 13,209 labelled TAT-QA train questions outside the train lockbox by
``benchmarks/train_question_model.py``, which reproduces ``question_model.json`` byte for byte. The predictor
here is plain Python (no scikit-learn at run time). The ranker reads two of its log-probabilities per candidate:
of the candidate's answer type and of its answer source (``ranker.shape``).
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from importlib import resources

from ..program.program import Span, TextNumber

_TOKEN = re.compile(r"[a-z]+|\d[\d,.]*|%|\$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
COMPUTED = frozenset({"sum", "average", "subtract", "change_ratio", "divide", "percent_of", "multiply"})


def tokens(question: str) -> list[str]:
    """The question's words, lower-cased; a year becomes ``<year>``, any other number ``<num>``."""
    out = []
    for t in _TOKEN.findall(question.lower()):
        if t[0].isdigit():
            t = "<year>" if _YEAR.match(t.strip(".,")) else "<num>"
        out.append(t)
    return out


def ngrams(question: str) -> list[str]:
    """Uni- and bigrams of ``tokens`` (with a start mark, so the leading wh-word is its own bigram)."""
    words = tokens(question)
    padded = ["<s>"] + words
    return words + [f"{a} {b}" for a, b in zip(padded, padded[1:])]


@lru_cache(maxsize=1)
def shipped() -> dict:
    return json.loads(resources.files(__package__).joinpath("question_model.json").read_text(encoding="utf-8"))


def predict(question: str, model: dict | None = None) -> dict[str, float]:
    """Probability of each ``"answer_type|answer_from"`` class."""
    model = model or shipped()
    classes, weights = model["classes"], model["weights"]
    logits = list(model["bias"])
    for gram in set(ngrams(question)):
        row = weights.get(gram)
        if row is not None:
            logits = [a + b for a, b in zip(logits, row)]
    top = max(logits)
    exps = [math.exp(v - top) for v in logits]
    total = sum(exps)
    return {c: e / total for c, e in zip(classes, exps)}


def marginals(probs: dict[str, float]) -> tuple[dict[str, float], dict[str, float]]:
    """(P(answer_type), P(answer_from)) from the joint classes."""
    kinds: dict[str, float] = {}
    sources: dict[str, float] = {}
    for name, p in probs.items():
        kind, source = name.split("|")
        kinds[kind] = kinds.get(kind, 0.0) + p
        sources[source] = sources.get(source, 0.0) + p
    return kinds, sources


def answer_shape(program) -> tuple[str, str]:
    """(answer_type, answer_from) the candidate would have: computed -> arithmetic, a count, several values ->
    multi-span, else span; from text when it reads only paragraph spans or numbers, else from the table."""
    if program.op in COMPUTED:
        kind = "arithmetic"
    elif program.op == "count":
        kind = "count"
    else:
        value = program.answer_value if program.answer_value is not None else tuple(program.args)
        kind = "multi-span" if isinstance(value, tuple) and len(value) > 1 else "span"
    in_text = any(isinstance(a, (Span, TextNumber)) for a in program.args)
    return kind, "text" if in_text and not program.cells() else "table"


def features(program, probs: dict[str, float]) -> dict[str, float]:
    """log P(the candidate's answer type) and log P(its answer source) under the question model; "table" stands
    for table and table-text (a table candidate may answer either)."""
    kinds, sources = marginals(probs)
    kind, source = answer_shape(program)
    p_source = sources.get("text", 0.0) if source == "text" else 1.0 - sources.get("text", 0.0)
    return {"qm_type": math.log(max(kinds.get(kind, 0.0), 1e-6)), "qm_source": math.log(max(p_source, 1e-6))}
