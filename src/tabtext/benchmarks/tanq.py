"""TANQ: official JSONL -> Examples whose gold is a Table; prediction files keyed by ``init_qid``.

Accepts the full official schema (``answer_list`` with per-property proofs of three kinds) and the reduced
rows of ``test_data/test_input.jsonl`` (``init_qid``, ``ext_question_rephrased``, ``answer_table`` and a
prediction key). The raw gold string is kept in ``Answer.raw``: the official scorer reads the string.

The evidence (proofs) goes to ``Example.context`` (tables and paragraphs any engine can read) and to
``meta["proofs"]`` (structured, for the solver). Fields that *are* the answer (``extension_entity``,
``extension_wikidata_id`` / ``extension_wikipedia_id``, ``filter_pass``) are deliberately not carried over.
"""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote

from ..answer_tables import answer_text
from ..errors import DataError, FormatError, ScoringWarning
from ..types import Answer, Context, Example, Paragraph, Prediction, Table
from .files import parse_json, read_text

name = "tanq"
metric = "tanq"
DEFAULT_PREDICTION_KEY = "prediction_table"
EMPTY_PREDICTION = "an empty or header-only predicted table (the official scorer: precision 1, recall 0)"
_QUESTION_KEYS = ("ext_question_rephrased", "ext_question_cleaned", "ext_question", "init_question")


def question_type(init_qid: str) -> str:
    """simple | intersection | composition, from ids like ``384__wikidata_intersection__test``."""
    kind = init_qid.split("__")[1] if init_qid.count("__") >= 1 else init_qid
    kind = kind.lower()
    if "intersection" in kind:
        return "intersection"
    if "comp" in kind:
        return "composition"
    if "simple" in kind:
        return "simple"
    return "other"


def parse_pipe_table(text: str, id: str = "") -> Table:
    """The official answer-table text as a Table (lines, cells split on ``|`` and stripped)."""
    return Table(id=id, rows=tuple(tuple(c.strip() for c in line.split("|")) for line in text.splitlines()))


def table_problem(table: Table) -> str:
    """'' for a well-formed answer table, else 'empty' or 'ragged' (for counted warnings)."""
    if len(table.rows) < 2 or table.n_cols < 2:
        return "empty"
    width = len(table.rows[0])
    return "ragged" if any(len(r) != width for r in table.rows) else ""


def read_jsonl(path: Path) -> list[tuple[int, dict]]:
    """(line number, object) for every non-blank line; bad JSON or a non-object line is a FormatError."""
    text = read_text(path)
    records = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        record = parse_json(line, path, f"line {number}", "; TANQ files are JSONL, one JSON object per line")
        if not isinstance(record, dict):
            raise FormatError(path, f"line {number}", "each line must be a JSON object")
        records.append((number, record))
    return records


# ---------------------------------------------------------------- proofs


def page_title(url: object) -> str:
    """'https://en.wikipedia.org/wiki/Posse_(1975_film)' -> 'Posse (1975 film)'."""
    if not isinstance(url, str) or not url:
        return ""
    tail = url.split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    return unquote(tail).replace("_", " ").strip()


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _table_rows(raw: object) -> list[list[str]]:
    rows = []
    for row in raw if isinstance(raw, list) else ():
        cells = row.get("cells", []) if isinstance(row, dict) else row
        if isinstance(cells, list):
            rows.append([_text(c.get("cell_value")) if isinstance(c, dict) else _text(c) for c in cells])
    return rows


def normalize_proof(raw: object, row: int, entity: str, prop: str) -> dict[str, object] | None:
    """One proof of any kind as a flat dict (kind, key, value, rows, caption, text, section, url, page)."""
    if not isinstance(raw, dict):
        return None
    kind = str(raw.get("proof_type") or "").lower()
    if not kind:
        kind = "infobox" if "key" in raw else "table" if "rows" in raw else "text"
    proof: dict[str, object] = {"row": row, "entity": entity, "property": prop, "kind": kind,
                                "section": _text(raw.get("section")), "url": _text(raw.get("found_in_url")),
                                "page": page_title(raw.get("found_in_url"))}
    if kind == "infobox":
        proof.update(key=_text(raw.get("key")), value=_text(raw.get("value")))
    elif kind == "table":
        proof.update(rows=_table_rows(raw.get("rows")), caption=_text(raw.get("caption")))
    else:
        proof.update(kind="text", text=_text(raw.get("text") or raw.get("proof_text")))
    return proof


def collect_proofs(record: dict, path: Path, where: str) -> tuple[list[dict[str, object]], list[str]]:
    """All proofs of a record (row-entity proofs have property ''), and one entity name hint per row."""
    answers = record.get("answer_list") or []
    if not isinstance(answers, list):
        raise DataError(path, where, "'answer_list' must be a list of answer objects")
    proofs, entities = [], []
    for i, answer in enumerate(answers):
        if not isinstance(answer, dict):
            raise DataError(path, where, f"answer_list[{i}] must be an object")
        entity = _text(answer.get("init_answer_wikipedia_id"))
        entities.append("" if entity.isdigit() else entity)
        for raw in answer.get("init_answer_proof") or ():
            if isinstance(raw, dict):
                proofs.append({"row": i, "entity": entities[-1], "property": "", "kind": "text",
                               "text": _text(raw.get("proof_text")), "url": _text(raw.get("found_in_url")),
                               "page": page_title(raw.get("found_in_url")), "section": ""})
        for ext in answer.get("extension_answer") or ():
            if not isinstance(ext, dict):
                continue
            prop = _text(ext.get("extension_property_label")) or _text(ext.get("extension_property_id"))
            for raw in ext.get("proof") or ():
                proof = normalize_proof(raw, i, entities[-1], prop)
                if proof is not None:
                    proofs.append(proof)
    return proofs, entities


def proof_context(proofs: Sequence[dict[str, object]]) -> Context:
    """The evidence as plain tables and paragraphs, for engines that read a Context."""
    tables, paragraphs, seen = [], [], set()
    for proof in proofs:
        title = str(proof.get("page") or proof.get("entity") or "")
        if proof["kind"] == "table":
            rows = proof.get("rows") or []
            ident = json.dumps(rows)
            if rows and ident not in seen:
                seen.add(ident)
                tables.append(Table.from_rows(rows, id=f"t{len(tables)}", caption=str(proof.get("caption") or title)))
            continue
        text = f"{proof['key']}: {proof['value']}" if proof["kind"] == "infobox" else str(proof.get("text") or "")
        if text and (title, text) not in seen:
            seen.add((title, text))
            paragraphs.append(Paragraph(id=f"p{len(paragraphs)}", text=text, order=len(paragraphs), title=title))
    return Context(tables=tuple(tables), paragraphs=tuple(paragraphs))


# ---------------------------------------------------------------- load


def question_of(record: dict) -> str:
    for key in _QUESTION_KEYS:
        if isinstance(record.get(key), str) and record[key].strip():
            return record[key]
    return ""


def parse_record(record: dict, path: Path, line: int, counts: dict[str, int]) -> Example:
    qid = record.get("init_qid")
    if not isinstance(qid, (str, int)) or isinstance(qid, bool) or str(qid) == "":
        raise DataError(path, f"line {line}", "missing 'init_qid' (every TANQ row needs its question id)")
    qid, where = str(qid), f"line {line} (init_qid {qid})"
    question = question_of(record)
    if not question:
        raise DataError(path, where, f"no question text: needs one of {list(_QUESTION_KEYS)}")
    gold: tuple[Answer, ...] = ()
    if "answer_table" in record and record["answer_table"] is not None:
        raw = record["answer_table"]
        if not isinstance(raw, str):
            raise DataError(path, where, "'answer_table' must be the table as text (header line, then one "
                            "line per entity, cells separated by '|')")
        table = parse_pipe_table(raw, id=qid)
        problem = table_problem(table)
        if problem:
            counts[problem] += 1
        gold = (Answer(value=table, raw=raw),)
    else:
        counts["no_gold"] += 1
    proofs, entities = collect_proofs(record, path, where)
    props = record.get("question_properties") or []
    meta: dict[str, object] = {
        "benchmark": "tanq", "init_qid": qid, "question_type": question_type(qid),
        "question_properties": tuple(str(p) for p in props) if isinstance(props, list) else (str(props),),
        "extended_types": tuple(str(t) for t in record.get("extended_types") or ()),
        "proofs": tuple(proofs), "entities": tuple(entities),
    }
    return Example(uid=qid, question=question, context=proof_context(proofs), gold=gold, meta=meta)


def load(path: Path, **options: object) -> list[Example]:
    path = Path(path)
    counts = {"empty": 0, "ragged": 0, "no_gold": 0}
    examples, first_line = [], {}
    for line, record in read_jsonl(path):
        example = parse_record(record, path, line, counts)
        if example.uid in first_line:
            raise DataError(path, f"line {line}", f"duplicate init_qid {example.uid!r} (first at line "
                            f"{first_line[example.uid]}); each question must appear once")
        first_line[example.uid] = line
        examples.append(example)
    if counts["empty"]:
        warnings.warn(f"{path}: {counts['empty']} gold answer tables are empty or header-only (the official "
                      "scorer gives any prediction F1 0 on them)", ScoringWarning, stacklevel=2)
    if counts["ragged"]:
        warnings.warn(f"{path}: {counts['ragged']} gold answer tables are ragged (rows with another number of "
                      "cells than the header); scored as the official scorer reads them", ScoringWarning,
                      stacklevel=2)
    if counts["no_gold"] and counts["no_gold"] < len(examples):
        warnings.warn(f"{path}: {counts['no_gold']} of {len(examples)} rows have no 'answer_table' (they can be "
                      "answered but score 0)", ScoringWarning, stacklevel=2)
    return examples


# ---------------------------------------------------------------- predictions


def _is_tabtext_file(records: Sequence[tuple[int, dict]]) -> bool:
    return bool(records) and all("uid" in r and "init_qid" not in r for _, r in records)


def read_predictions(path: Path, examples: Sequence[Example] = (), prediction_key: str | None = None,
                     **options: object) -> dict[str, Prediction]:
    """Official JSONL ({init_qid, <key>: table text}) or tabtext's own predictions JSONL."""
    from ..predictions import read_jsonl as read_tabtext

    path = Path(path)
    records = read_jsonl(path)
    if _is_tabtext_file(records):
        return read_tabtext(path)
    key = prediction_key or DEFAULT_PREDICTION_KEY
    if records and not any(key in r for _, r in records):
        seen = sorted({k for _, r in records for k, v in r.items() if isinstance(v, str) and k != "init_qid"})
        raise DataError(path, None, f"no row has the prediction key {key!r}; name the key that holds the "
                        f"predicted table with --prediction-key (string keys seen: {', '.join(seen) or 'none'})")
    out: dict[str, Prediction] = {}
    counts = {"missing": 0, "duplicate": 0, "empty": 0, "ragged": 0}
    for line, record in records:
        qid = record.get("init_qid")
        if not isinstance(qid, (str, int)) or isinstance(qid, bool) or str(qid) == "":
            raise DataError(path, f"line {line}", "missing 'init_qid'; a prediction row needs the question id")
        qid = str(qid)
        value = record.get(key)
        if value is None:
            counts["missing"] += 1
            continue
        if not isinstance(value, str):
            raise DataError(path, f"line {line} (init_qid {qid})", f"{key!r} must be the table as text "
                            f"(cells separated by '|'), got {type(value).__name__}")
        if qid in out:
            counts["duplicate"] += 1
            continue
        table = parse_pipe_table(value, id=qid)
        problem = table_problem(table)
        if problem:
            counts[problem] += 1
        out[qid] = Prediction(uid=qid, answer=Answer(value=table, raw=value), raw=value)
    notes = {
        "missing": f"have no {key!r} (scored 0 as missing predictions)",
        "duplicate": "repeat an init_qid already seen (the first row of each id is kept)",
        "empty": f"have {EMPTY_PREDICTION}",
        "ragged": "have a ragged predicted table (scored as the official scorer reads it)",
    }
    for what, n in counts.items():
        if n:
            warnings.warn(f"{path}: {n} rows {notes[what]}", ScoringWarning, stacklevel=2)
    return out


def prediction_table_text(prediction: Prediction) -> str:
    return answer_text(prediction.answer, prediction.raw) or ""


def write_predictions(predictions: Sequence[Prediction], path: Path) -> None:
    """Official JSONL: one {"init_qid", "prediction_table"} object per line."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        for p in predictions:
            fh.write(json.dumps({"init_qid": p.uid, DEFAULT_PREDICTION_KEY: prediction_table_text(p)},
                                ensure_ascii=False) + "\n")
    tmp.replace(path)


def render_example(example: Example) -> str:
    lines = [f"{example.uid} [{example.meta.get('question_type', '')}]", f"Q: {example.question}"]
    props = example.meta.get("question_properties") or ()
    if props:
        lines.append("properties: " + ", ".join(map(str, props)))
    proofs = example.meta.get("proofs") or ()
    if proofs:
        kinds = {k: sum(1 for p in proofs if p["kind"] == k) for k in ("infobox", "table", "text")}
        lines.append("evidence: " + ", ".join(f"{n} {k}" for k, n in kinds.items()))
    if example.gold:
        lines.append("gold:")
        lines += ["  " + "|".join(r) for r in example.gold[0].value.rows]
    return "\n".join(lines)




# The module itself satisfies the Benchmark protocol (name, metric, load, read/write_predictions).
BENCHMARK = sys.modules[__name__]
