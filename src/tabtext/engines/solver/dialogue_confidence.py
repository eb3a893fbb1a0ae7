"""How sure a first-turn answer is, until the core sets ``Prediction.meta["confidence"]`` itself.

A logistic model over the answer's shape (which operator, whether its operands are grounded cells, a text
span or an opaque value) and the share of the question's words found around its evidence. The weights are
fitted on the open part of TAT-QA dev (never the lockbox) and printed by
``PYTHONPATH=src python benchmarks/ask_threshold.py --fit``; paste them here to change them.
"""

from __future__ import annotations

import math

from .program import Program

KINDS = ("lookup:Cell", "lookup:Const", "span:Span", "spans:Span", "subtract", "add", "average", "change_ratio",
         "divide", "percent_of")

WEIGHTS = {"add": -0.349, "average": 1.162, "bias": 0.3, "change_ratio": 1.338, "coverage": 0.836, "divide": -1.284,
           "lookup:Cell": 0.213, "lookup:Const": -0.47, "percent_of": -0.044, "span:Span": -1.51, "spans:Span": 0.449,
           "subtract": 0.796}


def kind(program: Program) -> str:
    if program.op in ("lookup", "span", "spans"):
        name = f"{program.op}:{type(program.args[0]).__name__}" if program.args else program.op
    else:
        name = program.op
    return name if name in KINDS else "other"


def features(program: Program, coverage: float) -> dict[str, float]:
    return {"bias": 1.0, "coverage": coverage, kind(program): 1.0}


def confidence(program: Program, coverage: float) -> float:
    z = sum(WEIGHTS.get(name, 0.0) * value for name, value in features(program, coverage).items())
    return 1.0 / (1.0 + math.exp(-z))
