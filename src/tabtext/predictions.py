"""tabtext's own predictions JSONL: one Prediction per line, with derivation and evidence.

This is the cut point of a run: ``tabtext score`` re-scores it without an engine, and ``--resume``
continues a run from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
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


_SCALAR = (str, int, float)
_EVIDENCE_INTS = ("row", "col", "paragraph", "start", "end")


def _is_scalar(value: object) -> bool:
    return isinstance(value, _SCALAR) and not isinstance(value, bool)


def _text_field(record: dict, key: str, bad: Callable[[str], DataError]) -> str:
    value = record.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise bad(f"'{key}' must be a string, got {type(value).__name__}")
    return value


def _answer_value(raw: object, bad: Callable[[str], DataError]) -> str | tuple[str, ...] | Table | None:
    if raw is None or raw == "" or raw == []:
        return None
    if isinstance(raw, dict):
        rows = raw.get("table")
        if not isinstance(rows, list) or not all(
                isinstance(r, list) and all(c is None or _is_scalar(c) for c in r) for r in rows):
            raise bad("an answer object must be {\"table\": [[cell, ...], ...]} with text or number cells")
        return Table.from_rows(rows)
    if isinstance(raw, list):
        if not all(_is_scalar(x) for x in raw):
            raise bad("an answer list must hold strings or numbers only")
        return tuple(str(x) for x in raw)
    if _is_scalar(raw):
        return str(raw)
    raise bad(f"the answer must be a string, a list of strings or {{\"table\": rows}}; got {type(raw).__name__}")


def _evidence(raw: object, bad: Callable[[str], DataError]) -> tuple[Evidence, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise bad("'evidence' must be a list of objects")
    out = []
    for e in raw:
        ints = {k: e.get(k, -1) for k in _EVIDENCE_INTS}
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in ints.values()):
            raise bad(f"evidence {', '.join(_EVIDENCE_INTS)} must be integers")
        kind, text = e.get("kind", "text"), e.get("text", "")
        if kind not in ("cell", "text") or not isinstance(text, str):
            raise bad("evidence needs kind 'cell' or 'text' and a string 'text'")
        out.append(Evidence(kind=kind, text=text, **ints))
    return tuple(out)


def from_record(record: object, path: Path | str = "<predictions>", line: int = 0) -> Prediction:
    """One JSONL object -> Prediction; any field of the wrong type is a DataError naming the line and the uid."""
    if not isinstance(record, dict) or "uid" not in record:
        raise DataError(path, f"line {line}", "each line must be a JSON object with a 'uid'")
    uid = record["uid"]
    if not _is_scalar(uid) or isinstance(uid, float):
        raise DataError(path, f"line {line}", f"'uid' must be a string, got {type(uid).__name__}")

    def bad(reason: str) -> DataError:
        return DataError(path, f"line {line} (uid {uid})", f"{reason}; fix or delete that line")

    value = _answer_value(record.get("answer"), bad)
    answer = None
    if value is not None:
        raw = record["answer"] if not isinstance(value, Table) else None
        answer = Answer(value=value, scale=_text_field(record, "scale", bad),
                        derivation=_text_field(record, "derivation", bad), raw=raw)
    meta = record.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise bad(f"'meta' must be an object, got {type(meta).__name__}")
    return Prediction(uid=str(uid), answer=answer, raw=_text_field(record, "raw", bad),
                      error=_text_field(record, "error", bad), evidence=_evidence(record.get("evidence"), bad),
                      meta=dict(meta or {}))


def looks_like_jsonl(text: str) -> bool:
    """True when the first non-blank line is a JSON object with a 'uid': tabtext's own predictions file."""
    first = next((ln for ln in text.split("\n") if ln.strip()), "")
    if not first.lstrip().startswith("{"):
        return False
    try:
        record = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(record, dict) and "uid" in record


def iter_jsonl(path: Path | str) -> Iterator[Prediction]:
    """Read predictions; a truncated last line (a run killed mid-write) is skipped, not fatal."""
    from .benchmarks.files import parse_json

    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except UnicodeDecodeError:
        raise FormatError(path, None, "not UTF-8 text") from None
    last = len(lines) - (1 if lines and not lines[-1] else 0)
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if i == last:
                continue  # torn final line from an interrupted run
            record = parse_json(line, path, f"line {i}", "; tabtext's JSONL has one JSON object per line")
        except (ValueError, RecursionError):
            record = parse_json(line, path, f"line {i}")
        yield from_record(record, path, i)


def read_jsonl(path: Path | str) -> dict[str, Prediction]:
    return {p.uid: p for p in iter_jsonl(path)}


def append_jsonl(path: Path | str, predictions: Iterable[Prediction]) -> None:
    """Append and flush, so that nothing answered is lost if the process dies."""
    with open(path, "a", encoding="utf-8") as fh:
        for p in predictions:
            fh.write(json.dumps(to_record(p), ensure_ascii=False) + "\n")
        fh.flush()


def resumable(done: dict[str, Prediction]) -> tuple[dict[str, Prediction], list[str]]:
    """Split saved predictions into those to keep and the uids to ask again: errors that got no reply, except a
    request the server refused as malformed (a 4xx), which would only be refused again."""
    keep = {uid: p for uid, p in done.items()
            if not (p.error and not p.raw and not 400 <= _int(p.meta.get("http_status")) < 500)}
    return keep, [uid for uid in done if uid not in keep]


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
