"""lm-evaluation-harness tasks on tabtext's own pieces: loaders for documents, ``engines/prompts.py`` for the
messages, ``prompts.extract`` + the official-parity metric per item, and the metric's own aggregation.

A document is the system and user message of ``prompts.messages_for`` plus the uid and the file it came
from; scoring looks the Example up again by (file, uid), so the metric sees exactly what ``tabtext run``
gives it. The task YAMLs beside this module name these functions through ``utils.py``. Like ``run.py``, this
is a place where prompts (engines) meet metrics; neither package imports the other.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError
from ..types import Example


@dataclass(frozen=True)
class TaskSpec:
    benchmark: str  # the tabtext benchmark whose loader reads the file
    split: str  # its named split (tabtext.data.SPLITS) when no file is given
    options: tuple[tuple[str, str], ...] = ()  # loader options, e.g. the ChatRAG dataset


TASKS = {
    "tatqa": TaskSpec("tatqa", "dev"),
    "convfinqa": TaskSpec("chatrag", "convfinqa_dev", (("dataset", "convfinqa"),)),
    "tanq": TaskSpec("tanq", "demo"),  # shipped with tabtext, with evidence; a full run: {"file": "test.jsonl"}
}


def task_file(task: str, data_dir: str | None = None, file: str | None = None) -> Path:
    """``file`` when given, else the task's split found under ``data_dir`` / ``$TABTEXT_DATA`` (never downloaded:
    lm-eval runs read local files only)."""
    from .. import data

    if file:
        path = Path(file).expanduser()
        if not path.is_file():
            raise DataError(path, None, "file not found; check --metadata '{\"file\": ...}'")
        return path.resolve()
    spec = TASKS[task]
    return data.resolve(spec.benchmark, spec.split, data_dir, download=False).resolve()


@functools.lru_cache(maxsize=8)
def examples_by_uid(task: str, path: str) -> dict[str, Example]:
    from ..benchmarks import BENCHMARKS

    spec = TASKS[task]
    examples = BENCHMARKS.get(spec.benchmark).load(Path(path), **dict(spec.options))
    return {ex.uid: ex for ex in examples}


def target_text(example: Example) -> str:
    """The gold answer as the prompt asks a model to write it (used for few-shot turns and the logs)."""
    from ..engines import prompts
    from ..types import Table

    if not example.gold:
        return ""
    gold = example.gold[0]
    if isinstance(gold.value, Table):
        return prompts.tanq_format(gold.value)
    if prompts.benchmark_of(example) == "chatrag":
        return gold.text()
    value: object = list(gold.value) if isinstance(gold.value, tuple) else gold.raw
    return json.dumps({"answer": value, "scale": gold.scale, "derivation": gold.derivation}, ensure_ascii=False)


def documents(task: str, data_dir: str | None = None, file: str | None = None) -> list[dict[str, str]]:
    from ..engines import prompts

    path = str(task_file(task, data_dir, file))
    docs = []
    for uid, example in examples_by_uid(task, path).items():
        messages = prompts.messages_for(example)
        if [m["role"] for m in messages] != ["system", "user"]:
            raise DataError(path, uid, "the prompt is not one system + one user message; lm-eval cannot send it")
        docs.append({"uid": uid, "file": path, "system": messages[0]["content"], "user": messages[1]["content"],
                     "target": target_text(example)})
    return docs


def dataset_loader(task: str) -> Callable[..., dict[str, object]]:
    """lm-eval's ``custom_dataset``: called with the task metadata (``--metadata '{"data_dir": ...}'``).

    ``fewshot_file`` (a file in the task's format) fills the ``train`` split that ``--num_fewshot N`` draws its
    first N answered questions from, as the openai engine's ``fewshot=PATH,shots=N`` does.
    """

    def load(data_dir: str | None = None, file: str | None = None, fewshot_file: str | None = None,
             **_metadata: object) -> dict[str, object]:
        import datasets

        docs = documents(task, data_dir, file)
        shots = [d for d in documents(task, file=fewshot_file) if d["target"]] if fewshot_file else []
        columns = {key: [d[key] for d in shots] for key in docs[0]} if docs else {}
        return {"validation": datasets.Dataset.from_list(docs), "train": datasets.Dataset.from_dict(columns)}

    load.__name__ = f"{task}_dataset"
    return load


def score_doc(task: str, doc: Mapping[str, str], results: Sequence[str]) -> dict[str, dict[str, object]]:
    """lm-eval's ``process_results``: one reply -> tabtext's per-item scores (one copy under each metric name)."""
    from ..benchmarks import BENCHMARKS
    from ..engines import prompts
    from ..metrics import METRICS
    from ..types import Prediction

    example = examples_by_uid(task, doc["file"])[doc["uid"]]
    text = results[0] if results else ""
    answer, extractor = prompts.extract(example, text)
    prediction = Prediction(uid=doc["uid"], answer=answer, raw=text, meta={"extractor": extractor},
                            error="" if answer is not None else "no answer in the model output")
    metric = METRICS.get(BENCHMARKS.get(TASKS[task].benchmark).metric)
    item: dict[str, object] = {"uid": doc["uid"]}
    item.update({k: example.meta.get(k, "") for k in metric.breakdown_keys})  # type: ignore[attr-defined]
    item.update(metric.score(example, prediction))
    if TASKS[task].benchmark == "tanq":  # counted and said at aggregation, as `tabtext score` says it
        from ..benchmarks.tanq import parse_pipe_table, table_problem
        from ..types import Table

        if answer is not None:  # a reply read as text ("No answer was found ...") is scored as a table too
            table = answer.value if isinstance(answer.value, Table) else parse_pipe_table(answer.text())
            item["empty_table"] = float(table_problem(table) == "empty")
    return {key: item for key in METRIC_KEYS[task]}


#: the lm-eval metric names of each task, each the key of tabtext's aggregated scores it reports
METRIC_KEYS = {
    "tatqa": ("em", "f1", "scale"),
    "convfinqa": ("official_em", "strict_em"),
    "tanq": ("f1", "precision", "recall"),
}


def aggregation(task: str, key: str) -> Callable[[Sequence[Mapping[str, object]]], float]:
    """lm-eval's ``aggregation``: tabtext's metric aggregates the per-item dicts; this picks one figure."""

    def aggregate(items: Sequence[Mapping[str, object]]) -> float:
        from ..benchmarks import BENCHMARKS
        from ..metrics import METRICS

        metric = METRICS.get(BENCHMARKS.get(TASKS[task].benchmark).metric)
        empty = sum(1 for it in items if it.get("empty_table"))
        if empty and key == "precision":  # the figure an empty table inflates
            import warnings

            from ..benchmarks.tanq import EMPTY_PREDICTION
            from ..errors import ScoringWarning

            warnings.warn(f"tabtext_{task}: {empty} of {len(items)} replies hold {EMPTY_PREDICTION}",
                          ScoringWarning, stacklevel=2)
        return float(metric.aggregate(list(items))[key])  # type: ignore[arg-type]

    aggregate.__name__ = aggregate.__qualname__ = f"{task}_{key}"
    return aggregate
