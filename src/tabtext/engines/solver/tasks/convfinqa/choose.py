"""Which pattern's answer a ConvFinQA turn gives: every pattern row proposes, a learned ranker chooses.

Every pattern of ``answer.PATTERNS`` that applies proposes its Program; a pattern that applies but grounds
nothing is a stop. Without weights the table's order decides (the first proposal, none after a stop). With
weights (``convfinqa_rank.json``, fitted by ``benchmarks/convfinqa_rank.py`` on dev half A only, shipped only
when half B, never read, gains) each proposal is scored on general features: the pattern that proposed it, its
place in the table, whether a stop came before it, how many other proposals give the same answer, its
operator and whether it edits an earlier turn's Program.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ...program.program import Program, Ref
from .turns import Plan

_CUES = re.compile(r"\b(percent|change|ratio|total|sum|average|difference|portion|divided|increase|decrease|that|it)\b", re.I)


@dataclass(frozen=True, slots=True)
class Proposal:
    pattern: str
    position: int  # the pattern's place in the table
    after_stop: bool  # a pattern earlier in the table applied but grounded nothing
    plan: Plan
    text: str  # the answer it gives
    program: Program | None
    history: tuple[Program, ...]
    confidence: float = 0.0  # the TAT-QA core's calibrated confidence (its proposal only)


def features(proposals: list[Proposal], i: int, question: str = "") -> dict[str, float]:
    p = proposals[i]
    same = sum(1 for j, q in enumerate(proposals) if j != i and q.text == p.text)
    out = {f"pattern={p.pattern}": 1.0, "first": float(i == 0), "after_stop": float(p.after_stop),
           "place": p.position / 27, "agree": float(min(same, 3)), "alone": float(len(proposals) == 1),
           "turn0": float(not p.history)}
    if p.program is not None:
        out[f"op={p.program.op}"] = 1.0
        out["edits_earlier"] = float(_has_ref(p.program))
        for cue in _CUES.findall(question):
            out[f"{cue.lower()[:6]}*op={p.program.op}"] = 1.0
    out["agrees_first"] = float(i > 0 and p.text == proposals[0].text)
    core = next((q for q in proposals if q.pattern == "core"), None)
    if core is not None and core is not p:
        out["core_agrees"] = float(_same_number(p.text, core.text))
    elif core is p:
        out["core_conf"] = p.confidence
        out["core_conf*turn0"] = p.confidence * (not p.history and not proposals[0].history)
        out["core_alone"] = float(not any(_same_number(q.text, p.text) for q in proposals if q is not p))
    return out


def _same_number(a: str, b: str) -> bool:
    """Whether two answers are the same number (within 1%; a percentage also as its fraction)."""
    x, y = _number(a), _number(b)
    if x is None or y is None:
        return False
    return any(abs(u - v) <= 0.01 * abs(v) + 1e-9 for u in (x, x / 100, x * 100) for v in (y,))


def _number(text: str) -> float | None:
    try:
        return float(text.strip().rstrip("%").replace(",", ""))
    except ValueError:
        return None


def _has_ref(program: Program) -> bool:
    return any(isinstance(a, Ref) or isinstance(a, Program) and _has_ref(a) for a in program.args)


@lru_cache(maxsize=1)
def weights() -> dict | None:
    """The shipped ranker, or None (the table's order decides)."""
    path = resources.files(__package__).joinpath("convfinqa_rank.json")
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def score(f: dict[str, float], model: dict) -> float:
    w = model["weights"]
    return model.get("bias", 0.0) + sum(w.get(k, 0.0) * v for k, v in f.items())


def choose(proposals: list[Proposal], model: dict | None = None, question: str = "") -> Proposal | None:
    """The proposal the turn answers with; None when a stop comes first and no ranker overrules it."""
    if not proposals:
        return None
    if model is None:
        return None if proposals[0].after_stop else proposals[0]
    scores = [score(features(proposals, i, question), model) for i in range(len(proposals))]
    return proposals[max(range(len(proposals)), key=lambda i: (scores[i], -i))]
