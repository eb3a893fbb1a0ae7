"""tabtext's own predictions JSONL: one Prediction per line, with derivation and evidence.

This is the cut point of a run: ``tabtext score`` re-scores it without an engine, and ``--resume``
continues a run from it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from .errors import DataError, FormatError
from .types import Answer, Evidence, Prediction, Table


def to_record(p: Prediction) -> dict[str, object]:
    record: dict[str, object] = {"uid": p.uid}
    a = p.answer
    if a is None:
        record["answer"] = None
    elif isinstance(a.value, Table):
        record["answer"] = {"table": [list(r) for r in a.value.rows]}
    elif isinstance(a.value, tuple):
        record["answer"] = list(a.value)
    else:
        record["answer"] = a.value
    if a is not None:
        record["scale"] = a.scale
        record["derivation"] = a.derivation
    if p.raw:
        record["raw"] = p.raw
    if p.error:
        record["error"] = p.error
    if p.evidence:
        record["evidence"] = [{k: v for k, v in _evidence_dict(e).items()} for e in p.evidence]
    if p.meta:
        record["meta"] = dict(p.meta)
    return record


def _evidence_dict(e: Evidence) -> dict[str, object]:
    out: dict[str, object] = {"kind": e.kind, "text": e.text}
    if e.kind == "cell":
        out.update(row=e.row, col=e.col)
    else:
        out.update(paragraph=e.paragraph, start=e.start, end=e.end)
    return out


def from_record(record: dict[str, object], path: Path | str = "<predictions>", line: int = 0) -> Prediction:
    if not isinstance(record, dict) or "uid" not in record:
        raise DataError(path, f"line {line}", "each line must be a JSON object with a 'uid'")
    raw_answer = record.get("answer")
    answer: Answer | None
    if raw_answer is None or raw_answer == "" or raw_answer == []:
        answer = None
    elif isinstance(raw_answer, dict) and "table" in raw_answer:
        answer = Answer(value=Table.from_rows(raw_answer["table"]), scale=str(record.get("scale") or ""),
                        derivation=str(record.get("derivation") or ""))
    elif isinstance(raw_answer, list):
        answer = Answer(value=tuple(str(x) for x in raw_answer), scale=str(record.get("scale") or ""),
                        derivation=str(record.get("derivation") or ""), raw=raw_answer)
    elif isinstance(raw_answer, (str, int, float)) and not isinstance(raw_answer, bool):
        answer = Answer(value=str(raw_answer), scale=str(record.get("scale") or ""),
                        derivation=str(record.get("derivation") or ""), raw=raw_answer)
    else:
        raise DataError(path, f"line {line} (uid {record['uid']})", f"unsupported answer {raw_answer!r}")
    evidence = tuple(
        Evidence(kind=e.get("kind", "text"), row=e.get("row", -1), col=e.get("col", -1),
                 paragraph=e.get("paragraph", -1), start=e.get("start", -1), end=e.get("end", -1),
                 text=e.get("text", ""))
        for e in record.get("evidence") or () if isinstance(e, dict)
    )
    return Prediction(uid=str(record["uid"]), answer=answer, raw=str(record.get("raw") or ""),
                      error=str(record.get("error") or ""), evidence=evidence, meta=dict(record.get("meta") or {}))


def iter_jsonl(path: Path | str) -> Iterator[Prediction]:
    """Read predictions; a truncated last line (a run killed mid-write) is skipped, not fatal."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except UnicodeDecodeError:
        raise FormatError(path, None, "not UTF-8 text") from None
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if i == len(lines) or (i == len(lines) - 1 and not lines[-1]):
                continue  # torn final line from an interrupted run
            raise FormatError(path, f"line {i}", "malformed JSON") from None
        yield from_record(record, path, i)


def read_jsonl(path: Path | str) -> dict[str, Prediction]:
    return {p.uid: p for p in iter_jsonl(path)}


def append_jsonl(path: Path | str, predictions: Iterable[Prediction]) -> None:
    """Append and flush, so that nothing answered is lost if the process dies."""
    with open(path, "a", encoding="utf-8") as fh:
        for p in predictions:
            fh.write(json.dumps(to_record(p), ensure_ascii=False) + "\n")
        fh.flush()
