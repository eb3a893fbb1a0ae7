"""The question model: how likely each answer_type x answer_from is, from the question's words alone.

A multinomial logistic regression over the question's lower-cased word unigrams, bigrams and first two words,
fitted on TAT-QA train only (13,209 labelled questions, never dev) by ``training/question_model.py``, which
writes ``question_model.json`` byte for byte. Plain Python at run time; the model loads on first use.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from importlib import resources

_WORD = re.compile(r"[a-z]+|\d+|[%$]")
_YEAR = re.compile(r"(?:19|20)\d\d")


def features(question: str) -> dict[str, float]:
    words = ["<year>" if _YEAR.fullmatch(w) else ("<num>" if w.isdigit() else w)
             for w in _WORD.findall(question.lower())]
    out: dict[str, float] = {f"w:{w}": 1.0 for w in words}
    out.update({f"b:{a}_{b}": 1.0 for a, b in zip(words, words[1:])})
    out[f"start:{'_'.join(words[:2])}"] = 1.0
    return out


@lru_cache(maxsize=1)
def shipped_model() -> dict:
    return json.loads(resources.files(__package__).joinpath("question_model.json").read_text(encoding="utf-8"))


def probabilities(question: str, model: dict | None = None) -> dict[str, float]:
    """{"answer_type|answer_from": probability} for every class the model knows."""
    model = model or shipped_model()
    logits = list(model["bias"])
    for name in features(question):
        row = model["weights"].get(name)
        if row is not None:
            logits = [a + b for a, b in zip(logits, row)]
    top = max(logits)
    exp = [math.exp(v - top) for v in logits]
    z = sum(exp)
    return {c: e / z for c, e in zip(model["classes"], exp)}


@lru_cache(maxsize=4096)
def text_log_odds(question: str) -> float:
    """Log-odds that the answer comes from the text alone (answer_from "text")."""
    p = sum(v for k, v in probabilities(question).items() if k.endswith("|text"))
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))
