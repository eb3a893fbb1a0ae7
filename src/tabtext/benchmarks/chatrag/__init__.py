"""ChatRAG-Bench: 10 conversational QA datasets, in the release format and in the datasets' own formats.

``load(path, dataset=None)``: a release file (``doc2dial/test.json`` ...), a folder holding DoQA's three files,
or a native file (INSCIT dev, the Doc2Dial rc CSV zip, CoQA / QuAC / DoQA / SQA, the ConvFinQA PoT file). The
dataset is named by the option or inferred from the path. Predictions: one per line, in gold order, as the
official scripts read them, or tabtext's JSONL.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence
from pathlib import Path

from ...errors import DataError, FormatError, UnknownNameError
from ...predictions import looks_like_jsonl, read_jsonl
from ...types import Answer, Example, Prediction
from . import native
from .release import is_release, load_release, read_json

name = "chatrag"
metric = "chatrag"

DATASETS = ("doc2dial", "quac", "qrecc", "topiocqa", "inscit", "coqa", "doqa_cooking", "doqa_travel",
            "doqa_movies", "convfinqa", "sqa", "hybridial")
#: an option value that names several datasets
GROUPS = {"doqa": ("doqa_cooking", "doqa_travel", "doqa_movies")}
#: the release's file for each dataset (official splits)
RELEASE_FILES = {
    "doc2dial": "doc2dial/test.json", "quac": "quac/test.json", "qrecc": "qrecc/test.json",
    "topiocqa": "topiocqa/dev.json", "inscit": "inscit/dev.json", "coqa": "coqa/dev.json",
    "doqa_cooking": "doqa/test_cooking.json", "doqa_travel": "doqa/test_travel.json",
    "doqa_movies": "doqa/test_movies.json", "convfinqa": "convfinqa/dev.json", "sqa": "sqa/test.json",
    "hybridial": "hybridial/test.json",
}
#: datasets whose documents are long: retrieval picks the chunks (top-k)
LONG_DOCUMENTS = {"doc2dial": 5, "quac": 5, "qrecc": 5, "topiocqa": 20, "inscit": 20}


def check_dataset(dataset: str) -> str:
    key = dataset.strip().lower().replace("-", "_")
    if key in DATASETS or key in GROUPS:
        return key
    known = list(DATASETS) + list(GROUPS)
    raise UnknownNameError("ChatRAG dataset", dataset, known, difflib.get_close_matches(key, known, n=3, cutoff=0.5))


def infer_dataset(path: Path) -> str | None:
    """The dataset a path names: its file name, then its folder (``doqa/test_travel.json``, ``quac/test.json``).

    Folders further up are not read: ``~/convfinqa-runs/inscit/dev.json`` is INSCIT.
    """
    parts = [p.lower().replace("-", "_") for p in reversed(Path(path).parts)][:2]
    for k, part in enumerate(parts):
        for ds in sorted(DATASETS, key=len, reverse=True):
            if ds in part:
                return ds
        if "doqa" in part:
            domain = next((d for d in ("cooking", "travel", "movies") if d in (parts[0] if k else part)), None)
            return f"doqa_{domain}" if domain else "doqa"
    return None


def _native(path: Path, dataset: str) -> list[Example] | None:
    """A native-format file, or None when the file is in the release format."""
    suffix = path.name.lower()
    if suffix.endswith((".zip", ".csv")):
        return native.load_doc2dial(path)
    if suffix.endswith(".tsv"):
        return native.load_sqa(path)
    data = read_json(path)
    if is_release(data):
        return None
    if dataset == "convfinqa" or (isinstance(data, list) and data and isinstance(data[0], dict)
                                  and "programs" in data[0]):
        from .convfinqa import load_native

        return list(load_native(path))
    if isinstance(data, dict) and data and all(isinstance(v, dict) and "turns" in v for v in data.values()):
        return native.load_inscit(path, data)
    if isinstance(data, dict) and isinstance(data.get("data"), list) and data["data"]:
        first = data["data"][0]
        if isinstance(first, dict) and "story" in first:
            return native.load_coqa(path, data)
        if isinstance(first, dict) and "paragraphs" in first:
            ds = dataset if dataset.startswith(("quac", "doqa")) else "quac"
            return native.load_squad_dialogues(path, data, "doqa_cooking" if ds == "doqa" else ds)
    if isinstance(data, list):
        return None  # a release list: its items are checked there
    raise FormatError(path, None, "not a ChatRAG-Bench release list nor a known native format (INSCIT, "
                      "Doc2Dial rc CSV, CoQA, QuAC, DoQA, SQA, ConvFinQA)")


def load(path: Path, dataset: str | None = None, **options: object) -> list[Example]:
    path = Path(path)
    if dataset is not None:
        dataset = check_dataset(str(dataset))
    if path.is_dir():
        wanted = GROUPS.get(dataset or "", (dataset,) if dataset else DATASETS)
        found = [(ds, path / RELEASE_FILES[ds]) for ds in wanted if (path / RELEASE_FILES[ds]).exists()]
        found += [(ds, path / Path(RELEASE_FILES[ds]).name) for ds in wanted
                  if ds.startswith("doqa") and (path / Path(RELEASE_FILES[ds]).name).exists()]
        if not found:
            raise DataError(path, None, f"no release file for {', '.join(wanted)} in this folder (expected e.g. "
                            f"{RELEASE_FILES[wanted[0]]})")
        return [ex for ds, f in found for ex in load(f, dataset=ds)]
    if not path.exists():
        raise DataError(path, None, "file not found; check the path")
    ds = dataset or infer_dataset(path)
    if ds is None:
        raise DataError(path, None, "cannot tell which ChatRAG dataset this is from its path; pass --dataset "
                        f"(one of {', '.join(DATASETS)})")
    if ds in GROUPS:
        raise DataError(path, None, f"{ds!r} names several files; pass one of {', '.join(GROUPS[ds])} or a folder")
    examples = _native(path, ds)
    if examples is None:
        examples = load_release(path, ds)
    if not examples:
        raise DataError(path, None, "the file holds no turns to answer")
    return examples


# ---------------------------------------------------------------- predictions


def read_lines(path: Path) -> list[str]:
    """The official way: text mode, universal newlines (\\r, \\n, \\r\\n), one prediction per line; a BOM is dropped."""
    from ...user_files import iter_lines

    return [ln[:-1] if ln.endswith("\n") else ln for ln in iter_lines(path, newline=None)]


def read_predictions(path: Path, examples: Sequence[Example] = (), dataset: str | None = None,
                     **options: object) -> dict[str, Prediction]:
    path = Path(path)
    lines = read_lines(path)
    if looks_like_jsonl(next((ln for ln in lines if ln.strip()), "")):
        return read_jsonl(path)
    if dataset is not None:
        ds = check_dataset(str(dataset))
        wanted = GROUPS.get(ds, (ds,))
        examples = [ex for ex in examples if ex.meta.get("dataset") in wanted]
    datasets = sorted({str(ex.meta.get("dataset")) for ex in examples})
    if len(datasets) > 1:
        raise DataError(path, None, f"a one-per-line prediction file answers one dataset, but the gold has "
                        f"{', '.join(datasets)}; pass --dataset or use tabtext's JSONL")
    if len(lines) != len(examples):
        raise DataError(path, None, f"{len(lines)} predictions for {len(examples)} gold turns: the file needs one "
                        "line per gold turn, in gold order (the official script would silently score only the "
                        "first lines)")
    return {ex.uid: Prediction(uid=ex.uid, answer=Answer(value=line, raw=line)) for ex, line in zip(examples, lines)}


def prediction_line(prediction: Prediction) -> str:
    answer = prediction.answer
    text = "" if answer is None else answer.text()
    return text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")


def write_predictions(predictions: Sequence[Prediction], path: Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        for p in predictions:
            fh.write(prediction_line(p) + "\n")
    tmp.replace(path)


def render_example(example: Example) -> str:
    lines = [f"[{example.meta.get('dataset')}] {example.uid}"]
    lines += [f"{t.role.capitalize()}: {t.content}" for t in example.history[-6:]]
    lines.append(f"User: {example.question}")
    lines.append("Gold: " + " | ".join(g.text() for g in example.gold[:3]))
    lines.append(f"Context: {len(example.context.paragraphs)} chunks, {len(example.context.tables)} tables")
    return "\n".join(lines)


# The module itself satisfies the Benchmark protocol (name, metric, load, read/write_predictions).
BENCHMARK = sys.modules[__name__]
