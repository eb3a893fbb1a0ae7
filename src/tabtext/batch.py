"""``tabtext batch``: the same questions asked of every table in a folder, results as CSV and JSONL.

Questions come from a text file (one a line) or a JSONL file (``{"question": ..., "table": "file.csv",
"text": "..."}``; without ``table`` a row is asked of every table in the folder). A row's ``table`` and a
``text`` that names an existing file are paths relative to ``--tables`` (else to the questions file); a text
read from a file is said so on stderr. A table that cannot be read, or that a row names and neither folder
holds, becomes one result row per question with the reason under ``error``: a batch never aborts on a bad
table. A table that lacks the period or the rows a question names gets "no answer found" with the reason
(``table_choice.lacking``), not a confident number. Results are appended as answers arrive, so a killed batch
keeps what it answered.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import DataError, FormatError, TabtextError
from .table_choice import lacking
from .tables import read_paragraphs, read_tables, split_paragraphs
from .types import BatchQuestion, Context, Engine, Example, Paragraph, Prediction
from .user_files import read_text

MAX_QUESTIONS_BYTES = 50_000_000

NO_ANSWER = "no answer found"
COLUMNS = ("table_file", "question", "answer", "scale", "derivation", "evidence", "confidence", "error")


def read_questions(path: Path) -> list[BatchQuestion]:
    """A ``.jsonl`` file of objects with ``question`` (+ ``table``, ``text``), else plain text one a line."""
    lines = read_text(path, MAX_QUESTIONS_BYTES).splitlines()
    if path.suffix.lower() != ".jsonl":
        questions = [BatchQuestion(line.strip()) for line in lines if line.strip()]
    else:
        questions = [_jsonl_question(path, i, line) for i, line in enumerate(lines, 1) if line.strip()]
    if not questions:
        raise DataError(path, None, "no questions in this file; write one question a line")
    return questions


def _jsonl_question(path: Path, line_no: int, line: str) -> BatchQuestion:
    try:
        record = json.loads(line)
    except json.JSONDecodeError:
        raise FormatError(path, f"line {line_no}", "malformed JSON; each line is one JSON object") from None
    question = record.get("question") if isinstance(record, dict) else None
    if not isinstance(question, str) or not question.strip():
        raise FormatError(path, f"line {line_no}", 'each line needs a "question" string, e.g. '
                          '{"question": "What was revenue in 2019?", "table": "q4.csv"}')
    table, text = record.get("table") or "", record.get("text") or ""
    if not isinstance(table, str) or not isinstance(text, str):
        raise FormatError(path, f"line {line_no}", '"table" must be a file name and "text" a string')
    return BatchQuestion(question.strip(), table, text)


def table_files(folder: Path, pattern: str = "*", exclude: Iterable[Path] = ()) -> list[Path]:
    """Every visible file in ``folder`` matching ``pattern``, sorted (the reader decides what it can read)."""
    if not folder.is_dir():
        raise DataError(folder, None, "tables folder not found; give --tables DIR holding your table files")
    skip = {p.resolve() for p in exclude}
    return sorted(p for p in folder.glob(pattern)
                  if p.is_file() and not p.name.startswith(".") and p.resolve() not in skip)


def find_file(name: str, folders: Sequence[Path]) -> Path | None:
    """``name`` as an existing file: absolute, or in the first of ``folders`` holding it."""
    own = Path(name)
    places = [own] if own.is_absolute() else [folder / own for folder in folders]
    return next((p for p in places if p.is_file()), None)


def texts_from_files(questions: Sequence[BatchQuestion], folders: Sequence[Path]
                     ) -> tuple[list[BatchQuestion], dict[Path, str]]:
    """Each row whose ``text`` names an existing file gets that file's text; the notes say which files were read
    (they are text, so not tables of the folder)."""
    out: list[BatchQuestion] = []
    notes: dict[Path, str] = {}
    for q in questions:
        name = q.text.strip()
        path = find_file(name, folders) if name and "\n" not in name and len(name) < 256 else None
        if path is None:
            out.append(q)
            continue
        out.append(BatchQuestion(q.question, q.table, "\n\n".join(read_paragraphs(path))))
        notes.setdefault(path, f'"text": "{name}" read as the file {path}')
    return out, notes


def plan(questions: Sequence[BatchQuestion], tables: Sequence[Path], questions_dir: Path,
         tables_dir: Path | None = None) -> list[tuple[Path, list[BatchQuestion]]]:
    """(table file, the questions asked of it), in the order of the tables and then of the questions file.
    A row's own ``table`` is looked for in ``tables_dir`` first, then beside the questions file; one neither
    holds stays as named under ``tables_dir`` and becomes that row's error."""
    jobs: dict[Path, list[BatchQuestion]] = {t: [] for t in tables}
    folders = [tables_dir, questions_dir] if tables_dir is not None else [questions_dir]
    for q in questions:
        if not q.table:
            for t in tables:
                jobs[t].append(q)
            continue
        own = find_file(q.table, folders) or (Path(q.table) if Path(q.table).is_absolute() else folders[0] / q.table)
        jobs.setdefault(own, []).append(q)
    return [(t, qs) for t, qs in jobs.items() if qs]


@dataclass(frozen=True, slots=True)
class BatchItem:
    table_file: str
    question: str


def build_examples(jobs: Sequence[tuple[Path, list[BatchQuestion]]]
                   ) -> tuple[list[Example], dict[str, BatchItem], list[dict[str, object]]]:
    """Read each file once -> the examples to answer, their (table, question) by uid, and error rows.

    Each sheet of a workbook is a table of its own, named ``book.xlsx#Sheet``."""
    examples: list[Example] = []
    items: dict[str, BatchItem] = {}
    failed: list[dict[str, object]] = []
    for t, (path, questions) in enumerate(jobs):
        if not path.exists():
            failed += [error_row(str(path), q.question, f"{q.table}: no such table in {path.parent}; name a file "
                                 "in --tables (or beside the questions file)") for q in questions]
            continue
        try:
            tables = read_tables(path)
        except Exception as exc:  # a reader library's own failure on a damaged file is still one bad table
            reason = str(exc) if isinstance(exc, TabtextError) else f"{path}: unreadable table ({type(exc).__name__})"
            failed += [error_row(str(path), q.question, reason) for q in questions]
            continue
        for s, table in enumerate(tables):
            name = f"{path}#{table.caption}" if len(tables) > 1 else str(path)
            for k, q in enumerate(questions):
                texts = split_paragraphs(q.text)
                reason = lacking(q.question, table, texts)
                if reason:
                    failed.append({**error_row(name, q.question, f"{NO_ANSWER}: {reason}"), "confidence": 0.0})
                    continue
                paragraphs = tuple(Paragraph(id=str(i), text=p, order=i) for i, p in enumerate(texts, 1))
                uid = f"{t}:{s}:{k}"
                examples.append(Example(uid=uid, question=q.question, meta={"benchmark": "tatqa"},
                                        context=Context(tables=(table,), paragraphs=paragraphs)))
                items[uid] = BatchItem(name, q.question)
    return examples, items, failed


def error_row(table_file: str, question: str, error: str) -> dict[str, object]:
    return {**dict.fromkeys(COLUMNS, ""), "table_file": table_file, "question": question, "evidence": [],
            "error": error}


def result_row(item: BatchItem, pred: Prediction) -> dict[str, object]:
    a = pred.answer
    answer: object = "" if a is None else list(a.value) if isinstance(a.value, tuple) else a.text()
    evidence = [{"kind": e.kind, "row": e.row, "col": e.col, "text": e.text} if e.kind == "cell" else
                {"kind": e.kind, "paragraph": e.paragraph, "start": e.start, "end": e.end, "text": e.text}
                for e in pred.evidence]
    return {"table_file": item.table_file, "question": item.question, "answer": answer,
            "scale": a.scale if a else "", "derivation": a.derivation if a else "", "evidence": evidence,
            "confidence": pred.meta.get("confidence", ""), "error": pred.error}


def _csv_cell(key: str, value: object) -> object:
    if key == "answer" and isinstance(value, list):
        return " | ".join(map(str, value))
    if key == "evidence" and isinstance(value, list):
        return "; ".join(f"cell r{e['row']}c{e['col']}={e['text']}" if e["kind"] == "cell" else
                         f"text p{e['paragraph']}[{e['start']}:{e['end']}]" for e in value)
    return value


class ResultWriter:
    """Appends rows to ``PREFIX.csv`` and ``PREFIX.jsonl`` (flushed per row group)."""

    def __init__(self, prefix: Path) -> None:
        prefix.parent.mkdir(parents=True, exist_ok=True)
        self.csv_path, self.jsonl_path = prefix.with_name(prefix.name + ".csv"), prefix.with_name(prefix.name + ".jsonl")
        self._csv_fh = open(self.csv_path, "w", encoding="utf-8", newline="")
        self._jsonl_fh = open(self.jsonl_path, "w", encoding="utf-8")
        self._csv = csv.DictWriter(self._csv_fh, fieldnames=COLUMNS)
        self._csv.writeheader()
        self.rows = self.answered = self.failed = 0

    def write(self, rows: Iterable[dict[str, object]]) -> None:
        for row in rows:
            self._csv.writerow({k: _csv_cell(k, row[k]) for k in COLUMNS})
            self._jsonl_fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            self.rows, self.answered = self.rows + 1, self.answered + (row["answer"] not in ("", None, []))
            self.failed += bool(row["error"]) and not str(row["error"]).startswith(NO_ANSWER)
        self._csv_fh.flush()
        self._jsonl_fh.flush()

    def close(self) -> None:
        self._csv_fh.close()
        self._jsonl_fh.close()


def answer_stream(engine: Engine, examples: Sequence[Example], block_size: int) -> Iterator[list[Prediction]]:
    """Predictions in groups as they are ready: streamed by engines that can, else block by block."""
    if hasattr(engine, "iter_answers"):
        for pred in engine.iter_answers(examples):  # type: ignore[attr-defined]
            yield [pred]
        return
    for start in range(0, len(examples), block_size):
        yield list(engine.answer(examples[start:start + block_size]))


def for_a_person(example: Example | None, pred: Prediction) -> Prediction:
    """A one-span answer read from the text as ``ask`` shows it (``person_text``): the name, the cause, the count."""
    from .person_text import text_span_for_a_person

    if example is None:
        return pred
    return text_span_for_a_person(example.question, pred, [p.text for p in example.context.paragraphs])


def run_batch(engine: Engine, jobs: Sequence[tuple[Path, list[BatchQuestion]]], writer: ResultWriter,
              block_size: int = 64, advance: Callable[[int], None] = lambda n: None) -> None:
    examples, items, failed = build_examples(jobs)
    writer.write(failed)
    advance(len(failed))
    asked = {e.uid: e for e in examples}
    for preds in answer_stream(engine, examples, block_size):
        writer.write(result_row(items[p.uid], for_a_person(asked.get(p.uid), p)) for p in preds)
        advance(len(preds))
