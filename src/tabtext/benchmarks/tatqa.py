"""TAT-QA: official JSON files -> Examples, and the official prediction file ``{uid: [answer, scale]}``."""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path

from ..errors import DataError, FormatError, ScoringWarning
from ..types import SCALES, Answer, Context, Example, Paragraph, Prediction, Table
from .files import parse_json, preview, read_json, read_text

name = "tatqa"
metric = "tatqa"

_QUESTION_KEYS = ("uid", "question")
_ANSWER_TYPES = (str, int, float)
_GOLD_KEYS = ("answer", "answer_type", "answer_from", "scale")
_GOLD_KEY_SET = frozenset(_GOLD_KEYS)


def _table(raw: object, path: Path, index: int) -> Table:
    if not isinstance(raw, dict) or not isinstance(raw.get("table"), list):
        raise DataError(path, f"context {index}", "'table' must be an object with a 'table' list of rows")
    rows = raw["table"]
    if not all(isinstance(r, list) for r in rows):
        raise DataError(path, f"context {index}", "every table row must be a list of cells")
    return Table.from_rows(rows, id=str(raw.get("uid", "")))


def _bad(path: Path, where: str, field: str, want: str, got: object) -> DataError:
    return DataError(path, where, f"'{field}' must be {want}, got {preview(got)}; fix that field of the gold file")


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _all_answer_items(items: list) -> bool:
    """Every item a string or a number (not a bool)."""
    return all(isinstance(a, _ANSWER_TYPES) and not isinstance(a, bool) for a in items)


def _paragraphs(raw: object, path: Path, index: int) -> tuple[Paragraph, ...]:
    where = f"context {index}"
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw):
        raise _bad(path, where, "paragraphs", "a list of {uid, order, text} objects", raw)
    out = []
    for j, p in enumerate(raw):
        order, text = p.get("order", j + 1), p.get("text", "")
        if not _int(order):
            raise _bad(path, f"{where} paragraph {j}", "order", "an integer", order)
        if not isinstance(text, str) or not isinstance(p.get("uid", ""), (str, int)):
            raise _bad(path, f"{where} paragraph {j}", "text", "a string (and 'uid' a string)", text)
        out.append(Paragraph(id=str(p.get("uid", "")), text=text, order=order))
    return tuple(out)


_TEXT_FIELDS = {"uid": (str, int), "question": (str,), "answer_type": (str,), "answer_from": (str,),
                "scale": (str, type(None)), "derivation": (str, type(None))}


def _check_question(q: object, path: Path, index: int) -> dict:
    if not isinstance(q, dict):
        raise _bad(path, f"context {index}", "questions", "a list of objects", q)
    if "uid" not in q or "question" not in q:
        missing = [k for k in _QUESTION_KEYS if k not in q]
        raise DataError(path, f"context {index} question {preview(q.get('uid', '?'))}", f"missing key(s) {missing}")
    def where() -> str:  # built only for an error: a JSON preview per question would cost more than the checks
        return f"context {index} question {preview(q['uid'])}"

    for key, types in _TEXT_FIELDS.items():
        if key in q and (not isinstance(q[key], types) or isinstance(q[key], bool)):
            raise _bad(path, where(), key, "a string", q[key])
    if "order" in q and not _int(q["order"]):
        raise _bad(path, where(), "order", "an integer", q["order"])
    rel = q.get("rel_paragraphs") or []
    if not isinstance(rel, list) or not all(isinstance(r, (str, int)) for r in rel):
        raise _bad(path, where(), "rel_paragraphs", "a list of paragraph orders", rel)
    if "answer" in q:
        if not q.keys() >= _GOLD_KEY_SET:
            missing = [k for k in _GOLD_KEYS if k not in q]
            raise DataError(path, q["uid"], f"has an answer but misses {missing}")
        ans = q["answer"]
        if q["answer_type"] in ("span", "multi-span") and not isinstance(ans, list):
            raise DataError(path, q["uid"], f"a {q['answer_type']} answer must be a list of strings")
        if not _all_answer_items(ans if isinstance(ans, list) else [ans]):
            raise _bad(path, where(), "answer", "a string, a number or a list of them", ans)
    return q


def parse_contexts(data: object, path: Path) -> list[Example]:
    if not isinstance(data, list):
        raise FormatError(path, None, "a TAT-QA file is a JSON list of contexts {table, paragraphs, questions}")
    examples = []
    for i, ctx in enumerate(data):
        if not isinstance(ctx, dict) or not {"table", "paragraphs", "questions"} <= set(ctx):
            raise DataError(path, f"context {i}", "needs the keys 'table', 'paragraphs' and 'questions'")
        table = _table(ctx["table"], path, i)
        context = Context(tables=(table,), paragraphs=_paragraphs(ctx["paragraphs"], path, i))
        if not isinstance(ctx["questions"], list):
            raise _bad(path, f"context {i}", "questions", "a list of objects", ctx["questions"])
        for q in ctx["questions"]:
            examples.append(_example(_check_question(q, path, i), context, table))
    return examples


def _example(q: dict, context: Context, table: Table) -> Example:
    gold: tuple[Answer, ...] = ()
    if "answer" in q:
        ans, scale = q["answer"], q["scale"] or ""
        value = tuple(map(str, ans)) if isinstance(ans, list) else str(ans)
        gold = (Answer(value, scale, str(q.get("derivation") or ""), ans),)
        meta: dict[str, object] = {
            "benchmark": "tatqa", "table_uid": table.id, "order": q.get("order", 0),
            "answer_type": q["answer_type"], "answer_from": q["answer_from"], "scale": scale,
            "rel_paragraphs": tuple(map(str, q.get("rel_paragraphs") or ())),
            "req_comparison": bool(q.get("req_comparison", False))}
    else:
        meta = {"benchmark": "tatqa", "table_uid": table.id, "order": q.get("order", 0)}
    for extra in ("facts", "consts", "mappings"):
        if extra in q:
            meta[extra] = q[extra]
    return Example(str(q["uid"]), str(q["question"]), context, gold, (), meta)


def load(path: Path, **options: object) -> list[Example]:
    return parse_contexts(read_json(Path(path)), Path(path))


def parse_prediction_value(uid: str, value: object, path: Path, counts: dict[str, int]) -> Prediction:
    if not isinstance(value, list) or len(value) != 2:
        raise DataError(path, uid, f"a prediction must be [answer, scale], got {preview(value)}; "
                        "write e.g. [\"12.5\", \"percent\"] or [[\"a\", \"b\"], \"\"]")
    answer, scale = value
    null_scale = scale is None
    scale = "" if null_scale else scale
    if not isinstance(scale, str):
        raise DataError(path, uid, f"the scale must be a string, one of {list(SCALES)}; got {scale!r}")
    if scale not in SCALES:
        counts["unknown_scale"] += 1
    if isinstance(answer, bool) or not (answer is None or isinstance(answer, _ANSWER_TYPES) or (
            isinstance(answer, list) and _all_answer_items(answer))):
        raise DataError(path, uid, f"the answer must be a string, a number or a list of strings; got "
                        f"{type(answer).__name__} {preview(answer)}")
    if not answer:
        counts["empty_answer"] += 1
        return Prediction(uid=uid, answer=None, meta={"scale": scale})
    if isinstance(answer, list):
        if len({isinstance(a, str) for a in answer}) > 1:
            counts["mixed"] += 1
        shown: str | tuple[str, ...] = tuple(map(str, answer))
    else:
        shown = str(answer)
    meta: dict[str, object] = {}
    if null_scale:  # the metric scores it as the official script does (scale "" where that one crashes)
        counts["scale_none"] += 1
        meta["scale_null"] = True
    return Prediction(uid=uid, answer=Answer(value=shown, scale=scale, raw=answer), meta=meta)


_REPORT_KEYS = {"benchmark", "scores", "items"}
_LONGEST_NUMBER = 290  # digits; the official '%.4f' overflows past 308 (after a billion scale) and int() past 4,300


def _check_numbers(prediction: Prediction, path: Path) -> Prediction:
    """An answer with a number the official scorer cannot format is refused in one line, not a traceback."""
    answer = prediction.answer
    for item in (*answer.items, answer.scale) if answer is not None else ():
        if len(item) > _LONGEST_NUMBER and _digit_run(item) > _LONGEST_NUMBER:  # no more digits than characters
            raise DataError(path, prediction.uid, f"the answer or scale holds a number of more than "
                            f"{_LONGEST_NUMBER} digits, which the official scorer cannot format; shorten it")
    return prediction


def _digit_run(text: str) -> int:
    """The most digits the official scorer can join into one number: it drops punctuation inside a token."""
    return max((sum(ch.isdigit() for ch in token) for token in text.split(" ")), default=0)


def read_predictions(path: Path, examples: Sequence[Example] = (), **options: object) -> dict[str, Prediction]:
    """The official ``{uid: [answer, scale]}`` JSON, or tabtext's own predictions JSONL (a run's cut point)."""
    from ..predictions import iter_jsonl, looks_like_jsonl

    path = Path(path)
    text = read_text(path)
    if looks_like_jsonl(text):
        return {p.uid: _check_numbers(p, path) for p in iter_jsonl(path)}
    data = parse_json(text, path)
    if isinstance(data, dict) and _REPORT_KEYS <= set(data):
        raise FormatError(path, None, "this is a report, not predictions; score the run's predictions.json "
                          "or predictions.jsonl beside it")
    if not isinstance(data, dict):
        raise FormatError(path, None, "a TAT-QA prediction file is a JSON object {question_uid: [answer, scale]}")
    counts = {"scale_none": 0, "unknown_scale": 0, "empty_answer": 0, "mixed": 0}
    out = {uid: _check_numbers(parse_prediction_value(uid, value, path, counts), path) for uid, value in data.items()}
    _warn_official_differences(path, counts)
    if counts["unknown_scale"]:
        warnings.warn(f"{path}: {counts['unknown_scale']} predictions have a scale outside {list(SCALES)}; "
                      "their scale never matches", ScoringWarning, stacklevel=2)
    if counts["empty_answer"]:
        warnings.warn(f"{path}: {counts['empty_answer']} predictions are empty (scored 0)", ScoringWarning,
                      stacklevel=2)
    return out


def _warn_official_differences(path: Path, counts: dict[str, int]) -> None:
    """Predictions the official script crashes on (tabtext scores them, saying how) or scores in a way worth
    knowing: a null scale with no number in the answer is a wrong scale there, and here."""
    if counts["scale_none"]:
        warnings.warn(f"{path}: {counts['scale_none']} predictions have scale null: where the answer holds a number "
                      "the official script crashes (scored here with scale \"\"); where it holds none, the official "
                      "scale never matches, and neither does it here", ScoringWarning, stacklevel=3)
    if counts["mixed"]:
        warnings.warn(f"{path}: {counts['mixed']} multi-span answers mix numbers and strings (the official script "
                      "crashes on these); scored with the items sorted as text", ScoringWarning, stacklevel=3)


def prediction_entry(prediction: Prediction) -> list[object]:
    answer = prediction.answer
    if answer is None:
        return ["", ""]
    value = list(answer.value) if isinstance(answer.value, tuple) else answer.value
    return [value, answer.scale]


def write_predictions(predictions: Sequence[Prediction], path: Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps({p.uid: prediction_entry(p) for p in predictions}, indent=1, ensure_ascii=False),
                   encoding="utf-8")
    tmp.replace(path)


# The module itself satisfies the Benchmark protocol (name, metric, load, read/write_predictions).
BENCHMARK = sys.modules[__name__]


def _question_key(example: Example) -> tuple[object, str]:
    table = example.context.tables[0].rows if example.context.tables else ()
    return table, " ".join(example.question.split()).lower()


def remap_predictions(predictions: dict[str, Prediction], blind: Sequence[Example],
                      gold: Sequence[Example]) -> tuple[dict[str, Prediction], dict[str, int]]:
    """Re-key predictions made on the blind test file onto the test-with-answers file's uids.

    The two files share no uid; a question is the same when its table content and its question text are.
    A (table, question) pair that occurs twice in either file is ambiguous and is left unmapped.
    """
    from collections import Counter

    gold_keys = Counter(_question_key(ex) for ex in gold)
    blind_keys = Counter(_question_key(ex) for ex in blind)
    gold_uid = {_question_key(ex): ex.uid for ex in gold}
    out: dict[str, Prediction] = {}
    unmapped = 0
    for ex in blind:
        pred = predictions.get(ex.uid)
        if pred is None:
            continue
        key = _question_key(ex)
        if gold_keys.get(key) == 1 and blind_keys[key] == 1:
            uid = gold_uid[key]
            out[uid] = Prediction(uid=uid, answer=pred.answer, raw=pred.raw, error=pred.error,
                                  evidence=pred.evidence, meta=pred.meta)
        else:
            unmapped += 1
    blind_uids = {ex.uid for ex in blind}
    unmapped += sum(1 for uid in predictions if uid not in blind_uids)
    return out, {"mapped": len(out), "unmapped": unmapped}
