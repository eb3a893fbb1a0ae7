"""TAT-QA train, recovered (../shared/data/tatqa/train_recovered): questions as tabtext Examples.

What the recovered set does not hold is marked, never filled in:
- ``meta["scale"]`` is None and ``meta["scale_known"]`` False for every question (the source has no scale);
- ``gold`` is empty and ``meta["answer_known"]`` False for table/table-text spans and for counts;
- an arithmetic gold is the derivation evaluated as written (``meta["answer_is_derivation_value"]``): for a
  ratio the official answer may be 100x it, in percent — ``meta["percent_unknown"]`` says so;
- a text question's context holds only its relevant paragraph (``meta["paragraphs_partial"]``); other questions
  have no paragraph at all;
- table cells whose ``$`` cannot be known are listed in ``meta["dollar_unknown"]``.

The train lockbox: 20% of train contexts by a hash of the table uid (``is_train_lockbox``); read only its
aggregates.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

from tabtext.types import Answer, Context, Example, Paragraph
from training.linearized import RecoveredTable, parse

TRAIN_LOCKBOX_SHARE = 0.20
_RATIO_HINT = "/"


def data_dir() -> Path:
    """The benchmark data folder: $TABTEXT_DATA, else ../shared/data beside the checkout."""
    return Path(os.environ.get("TABTEXT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


def recovered_dir(base: Path | None = None) -> Path:
    return (base or data_dir()) / "tatqa" / "train_recovered"


def is_train_lockbox(table_uid: str) -> bool:
    digest = hashlib.sha256(f"tabtext-train-lockbox:{table_uid}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32 < TRAIN_LOCKBOX_SHARE


def read_jsonl(path: Path) -> Iterator[dict]:
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}: line {number} is not JSON ({exc.msg}); restore the file from "
                                 "../shared/data/tatqa/train_recovered") from None


def read_tables(path: Path) -> dict[str, RecoveredTable]:
    """table_uid -> parsed table."""
    return {r["table_uid"]: parse(r["linearized"], r["table_uid"]) for r in read_jsonl(path)}


def _gold(record: dict) -> tuple[tuple[Answer, ...], dict[str, object]]:
    kind = record["answer_type"]
    derivation = record.get("derivation") or ""
    if kind == "arithmetic" and record.get("answer_value") is not None:
        value = record["answer_value"]
        answer = Answer(value=str(value), scale="", derivation=derivation, raw=value)
        return (answer,), {"answer_known": True, "answer_is_derivation_value": True,
                           "percent_unknown": _RATIO_HINT in derivation}
    text = record.get("text_answer")
    if text and text.get("answer") and kind in ("span", "multi-span"):
        items = tuple(str(a) for a in text["answer"])
        return (Answer(value=items, scale="", raw=list(items)),), {"answer_known": True}
    return (), {"answer_known": False}


def to_example(record: dict, table: RecoveredTable | None) -> Example:
    text = record.get("text_answer") or {}
    paragraphs: tuple[Paragraph, ...] = ()
    if text.get("paragraph"):
        uid = text.get("paragraph_uid")
        paragraphs = (Paragraph(id=str(uid[0] if isinstance(uid, list) else uid or ""),
                                text=text["paragraph"], order=1),)
    gold, known = _gold(record)
    meta: dict[str, object] = {
        "benchmark": "tatqa-train", "table_uid": record["table_uid"], "context_index": record["context_index"],
        "answer_type": record["answer_type"], "answer_from": record["answer_from"],
        "derivation": record.get("derivation") or "", "scale": None, "scale_known": False,
        "paragraphs_partial": True, "table_known": table is not None,
        "dollar_unknown": tuple(sorted(table.dollar_unknown)) if table else (),
        "text_spans": tuple((s["text"], s["start"]) for s in text.get("spans") or ()),
        "text_kind": text.get("kind", ""), **known,
    }
    context = Context(tables=(table.to_table(),) if table else (), paragraphs=paragraphs)
    return Example(uid=record["id"], question=record["question"], context=context, gold=gold, meta=meta)


def load(base: Path | None = None) -> list[Example]:
    folder = recovered_dir(base)
    tables = read_tables(folder / "train_tables_linearized.jsonl")
    return [to_example(r, tables.get(r["table_uid"])) for r in read_jsonl(folder / "train_questions.jsonl")]


def split(examples: list[Example]) -> tuple[list[Example], list[Example]]:
    """(open, lockbox) train examples; a context is wholly on one side."""
    open_: list[Example] = []
    box: list[Example] = []
    for ex in examples:
        (box if is_train_lockbox(str(ex.meta["table_uid"])) else open_).append(ex)
    return open_, box
