"""The question model: how likely each answer_type x answer_from is, from the question's words.

A multinomial logistic regression over the question's lower-cased word unigrams, bigrams and first two words
and one fact of its table (whether a label states the arithmetic result asked, ``features``), fitted on TAT-QA
train only (the open part of its 13,209 labelled questions, never dev) by ``training/question_model.py``, which
writes ``question_model.json`` byte for byte. The ranker reads the log-probability of the answer_type and the answer
source each candidate would give (``qm_type``, ``qm_source``). Plain Python at run time; the model loads on first use.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from importlib import resources

from ..lexicon.words import YEAR

_WORD = re.compile(r"[a-z]+|\d+|[%$]")
_YEAR = re.compile(YEAR)


def features(question: str, stated: bool = False) -> dict[str, float]:
    """The question's words, bigrams and first two words; ``stated``: the table states the result an arithmetic
    question asks for (``patterns/stated_result.py``), which annotators then answer with the cell, a span."""
    words = ["<year>" if _YEAR.fullmatch(w) else ("<num>" if w.isdigit() else w)
             for w in _WORD.findall(question.lower())]
    out: dict[str, float] = {f"w:{w}": 1.0 for w in words}
    out.update({f"b:{a}_{b}": 1.0 for a, b in zip(words, words[1:])})
    out[f"start:{'_'.join(words[:2])}"] = 1.0
    if stated:
        out["table:states_result"] = 1.0
    return out


@lru_cache(maxsize=1)
def shipped_model() -> dict:
    return json.loads(resources.files(__package__).joinpath("question_model.json").read_text(encoding="utf-8"))


def probabilities(question: str, model: dict | None = None, stated: bool = False) -> dict[str, float]:
    """{"answer_type|answer_from": probability} for every class the model knows (``stated``: see ``features``)."""
    model = model or shipped_model()
    logits = list(model["bias"])
    for name in features(question, stated):
        row = model["weights"].get(name)
        if row is not None:
            logits = [a + b for a, b in zip(logits, row)]
    top = max(logits)
    exp = [math.exp(v - top) for v in logits]
    z = sum(exp)
    return {c: e / z for c, e in zip(model["classes"], exp)}


def type_log_probs(question: str, stated: bool = False) -> dict[str, float]:
    """Log-probability of each answer_type (summed over the answer sources)."""
    kinds, _ = marginals(probabilities(question, stated=stated))
    return {k: math.log(max(p, 1e-6)) for k, p in kinds.items()}


# The ranker's features keep this reading by operator: kinds.answer_type (what the program gives when run) in its
# place, refitted, moved dev EM 70.14 -> 69.96 and the dev lockbox 73.50 -> 73.29 (train_ranker.py).
def answer_type_of(op: str, n_args: int) -> str:
    """The TAT-QA answer_type a program of this operator gives."""
    from ..program.operators import BY_NAME

    if op in BY_NAME and BY_NAME[op].numeric:
        return "arithmetic"
    if op == "count":
        return "count"
    return "multi-span" if op == "spans" or n_args > 1 else "span"


def marginals(probs: dict[str, float]) -> tuple[dict[str, float], dict[str, float]]:
    """(P(answer_type), P(answer_from)) from the joint classes."""
    kinds: dict[str, float] = {}
    sources: dict[str, float] = {}
    for name, p in probs.items():
        kind, source = name.split("|")
        kinds[kind] = kinds.get(kind, 0.0) + p
        sources[source] = sources.get(source, 0.0) + p
    return kinds, sources


def answer_source_of(program) -> str:
    """ "text" when a program reads only paragraph spans or numbers, else "table" (a cell answer may be either
    table or table-text to TAT-QA's annotators)."""
    from .kinds import reads_text

    return "text" if reads_text(program) else "table"


def candidate_features(program, probs: dict[str, float]) -> dict[str, float]:
    """The ranker's view of a candidate under the question model: log P(the answer_type it gives) and
    log P(its answer source), "table" standing for table and table-text."""
    kinds, sources = marginals(probs)
    args = program.answer_value if program.answer_value is not None and not program.args else program.args
    kind = answer_type_of(program.op, len(args))
    text = sources.get("text", 0.0)
    p_source = text if answer_source_of(program) == "text" else 1.0 - text
    return {"qm_type": math.log(max(kinds.get(kind, 0.0), 1e-6)), "qm_source": math.log(max(p_source, 1e-6))}
