"""The offline solver: tabtext's default engine. No GPU, no network, no model download.

It dispatches each Example on ``meta["benchmark"]`` to the module of ``tasks/`` that knows that task:
``tasks/tatqa.py`` (table + text numerical QA, also the fallback for user tables), ``tasks/tanq.py`` (answer
tables built from evidence) and ``tasks/chat.py`` (ChatRAG-Bench, conversational QA). Each task module exposes
``answer_example(example) -> Prediction``; a task is imported on its first question (plain imports, so a
reader of the code can follow a question into it).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...types import Example, Prediction


class SolverEngine:
    name = "solver"

    def __init__(self, **options: object) -> None:
        self.options = options

    def answer_one(self, example: Example) -> Prediction:
        task = str(example.meta.get("benchmark", "tatqa"))
        if task == "tanq":
            from .tasks.tanq import answer_example
        elif task == "chatrag":
            from .tasks.chat import answer_example
        else:  # TAT-QA, also the fallback for user tables
            from .tasks.tatqa import answer_example
        try:
            return answer_example(example)
        except Exception as exc:  # one bad item must never stop a run
            return Prediction(uid=example.uid, answer=None, error=f"{type(exc).__name__}: {exc}")

    def answer(self, examples: Sequence[Example]) -> list[Prediction]:
        return [self.answer_one(ex) for ex in examples]
