"""The offline solver: tabtext's default engine. No GPU, no network, no model download.

It dispatches each Example on ``meta["benchmark"]`` to the module that knows that task:
``tatqa`` (table + text numerical QA, also the fallback for user tables), ``tanq`` (answer tables built
from evidence) and ``chatrag`` (conversational QA). Each task module exposes
``answer_example(example) -> Prediction``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from ...types import Example, Prediction

_TASK_MODULES = {
    "tatqa": "tabtext.engines.solver.tatqa",
    "tanq": "tabtext.engines.solver.tanq",
    "chatrag": "tabtext.engines.solver.chat",
}


class SolverEngine:
    name = "solver"

    def __init__(self, **options: object) -> None:
        self.options = options

    def answer_one(self, example: Example) -> Prediction:
        task = str(example.meta.get("benchmark", "tatqa"))
        module = importlib.import_module(_TASK_MODULES.get(task, _TASK_MODULES["tatqa"]))
        try:
            return module.answer_example(example)
        except Exception as exc:  # one bad item must never stop a run
            return Prediction(uid=example.uid, answer=None, error=f"{type(exc).__name__}: {exc}")

    def answer(self, examples: Sequence[Example]) -> list[Prediction]:
        return [self.answer_one(ex) for ex in examples]
