"""The datasets' own formats: INSCIT dev, Doc2Dial reading-comprehension CSV (zipped), CoQA, QuAC/DoQA
(SQuAD-style), SQA (TSV + table CSVs). Each conversation becomes one Example per turn, with the earlier turns
(gold answers as the assistant's side, as in the ChatRAG release) in ``history``.
"""

from __future__ import annotations

import ast
import csv
import io
import sys
import zipfile
from collections.abc import Mapping
from pathlib import Path

from ...errors import DataError, FormatError
from ...types import Answer, Context, Example, Paragraph, Table, Turn
from ...user_files import check_regular
from ..files import preview

CANNOT_ANSWER = "Sorry. I cannot find the answer based on the context."


def _example(uid: str, dataset: str, question: str, history: list[Turn], context: Context, golds: list[str],
             **meta: object) -> Example:
    return Example(uid=uid, question=question, context=context, gold=tuple(Answer(value=g, raw=g) for g in golds),
                   history=tuple(history), meta={"benchmark": "chatrag", "dataset": dataset, **meta})


# ---------------------------------------------------------------- INSCIT
def _list_of(value: object, kinds: type | tuple[type, ...]) -> bool:
    return value is None or isinstance(value, list) and all(isinstance(v, kinds) for v in value)


def _check_inscit_turn(turn: object, path: Path, where: str) -> None:
    """Every field the loader reads has its type: a turn is {context: [str], labels: [{response, evidence}],
    prevEvidence: [[passage]]}, passages are objects."""
    def bad(field: str, want: str, got: object) -> DataError:
        return DataError(path, where, f"'{field}' must be {want}, got {preview(got)}; fix that turn")

    if not isinstance(turn, dict):
        raise bad("turns", "a list of objects", turn)
    if not _list_of(turn.get("context"), str):
        raise bad("context", "a list of utterance strings", turn.get("context"))
    if not _list_of(turn.get("labels"), dict):
        raise bad("labels", "a list of objects", turn.get("labels"))
    for label in turn.get("labels") or []:
        if not isinstance(label.get("response", ""), str) or not isinstance(label.get("responseType", ""), str):
            raise bad("response", "a string (and 'responseType' a string)", label.get("response"))
        if not _list_of(label.get("evidence"), dict):
            raise bad("evidence", "a list of passage objects", label.get("evidence"))
    groups = turn.get("prevEvidence")
    if not _list_of(groups, (list, dict)) or not all(
            isinstance(g, dict) or all(isinstance(e, dict) for e in g) for g in groups or []):
        raise bad("prevEvidence", "a list of lists of passage objects", groups)


def load_inscit(path: Path, data: object) -> list[Example]:
    """Golds: every label response, plus the canonical string when a label is a noAnswer* type. The context is
    the pool of every passage the file cites (the Wikipedia corpus itself is not distributed with it)."""
    if not isinstance(data, dict):
        raise FormatError(path, None, "INSCIT is a JSON object {conversation_id: {seedArticle, turns}}")
    pool: dict[str, Paragraph] = {}

    def add(passage: Mapping[str, object]) -> None:
        pid = str(passage.get("passage_id", ""))
        if pid and pid not in pool:
            titles = passage.get("passage_titles") or []
            pool[pid] = Paragraph(id=pid, text=str(passage.get("passage_text", "")), order=len(pool),
                                  title=" / ".join(str(t) for t in titles) if isinstance(titles, list) else str(titles))

    for conv_id, conv in data.items():
        if not isinstance(conv, dict) or not isinstance(conv.get("turns"), list):
            raise DataError(path, conv_id, "a conversation needs a 'turns' list")
        for t, turn in enumerate(conv["turns"]):
            _check_inscit_turn(turn, path, f"{conv_id} turn {t}")
            for label in turn.get("labels") or []:
                for ev in label.get("evidence") or []:
                    add(ev)
            for group in turn.get("prevEvidence") or []:
                for ev in group if isinstance(group, list) else [group]:
                    add(ev)
    context = Context(paragraphs=tuple(pool.values()))
    examples = []
    for conv_id, conv in data.items():
        for t, turn in enumerate(conv["turns"]):
            utterances = turn.get("context")
            if not isinstance(utterances, list) or not utterances or len(utterances) % 2 == 0:
                raise DataError(path, f"{conv_id} turn {t}", "'context' must alternate user/agent utterances "
                                "and end with the user turn to answer")
            labels = turn.get("labels") or []
            golds = [str(lab.get("response", "")) for lab in labels]
            if not golds:
                raise DataError(path, f"{conv_id} turn {t}", "the turn has no 'labels' (gold responses)")
            if any(str(lab.get("responseType", "")).startswith("noAnswer") for lab in labels):
                golds.append(CANNOT_ANSWER)
            history = [Turn("user" if k % 2 == 0 else "assistant", str(u)) for k, u in enumerate(utterances[:-1])]
            evidence = sorted({str(ev.get("passage_id")) for lab in labels for ev in lab.get("evidence") or []})
            examples.append(_example(f"{conv_id}#{t}", "inscit", str(utterances[-1]), history, context, golds,
                                     dialogue_id=conv_id, turn=t, evidence_ids=tuple(evidence),
                                     response_types=tuple(str(lab.get("responseType")) for lab in labels),
                                     document_id="inscit-pool"))
    return examples


# ---------------------------------------------------------------- Doc2Dial (rc CSV)
def _read_csv_rows(path: Path) -> list[dict[str, str]]:
    csv.field_size_limit(sys.maxsize)
    check_regular(path)
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                names = [n for n in z.namelist() if not n.endswith("/")]
                if not names:
                    raise FormatError(path, None, "the zip is empty; expected the Doc2Dial rc CSV inside")
                with z.open(names[0]) as fh:
                    return list(csv.DictReader(io.TextIOWrapper(fh, encoding="utf-8", newline="")))
        with open(path, encoding="utf-8", newline="") as fh:
            return list(csv.DictReader(fh))
    except FileNotFoundError:
        raise DataError(path, None, "file not found; check the path") from None
    except (UnicodeDecodeError, csv.Error, zipfile.BadZipFile) as exc:
        raise FormatError(path, None, f"not a readable CSV ({exc})") from None


def _split_history(text: str) -> list[Turn]:
    turns = []
    for part in text.split("\t"):
        part = part.strip()
        role = "assistant" if part.startswith("agent:") else "user"
        if part.startswith(("agent:", "user:")):
            part = part.split(":", 1)[1].strip()
        if part:
            turns.append(Turn(role, part))
    return turns


def load_doc2dial(path: Path) -> list[Example]:
    rows = _read_csv_rows(path)
    need = {"id", "question", "context", "answers", "title"}
    if not rows or not need <= set(rows[0]):
        raise FormatError(path, None, f"expected the Doc2Dial rc CSV with columns {sorted(need)}")
    examples = []
    for r, row in enumerate(rows, 2):
        turns = _split_history(row["question"])
        if not turns or turns[-1].role != "user":
            raise DataError(path, f"row {r} ({row['id']})", "the dialogue must end with the user turn to answer")
        try:
            answers = ast.literal_eval(row["answers"])
        except (ValueError, SyntaxError):
            raise DataError(path, f"row {r} ({row['id']})", "'answers' is not a {'text': [...]} literal") from None
        texts = [str(t) for t in answers.get("text", [])] if isinstance(answers, dict) else []
        if not texts:
            raise DataError(path, f"row {r} ({row['id']})", "the row has no answer text")
        starts = [int(s) for s in answers.get("answer_start", [])]
        spans = tuple((s, s + len(t)) for s, t in zip(starts, texts))
        title = row["title"]
        doc = Paragraph(id=title, text=row["context"], order=0, title=title.split("#")[0])
        dial_id, _, turn = row["id"].rpartition("_")
        examples.append(_example(row["id"], "doc2dial", turns[-1].content, turns[:-1], Context(paragraphs=(doc,)),
                                 texts, dialogue_id=dial_id, turn=turn, document_id=title, answer_spans=spans,
                                 domain=row.get("domain", "")))
    return examples


# ---------------------------------------------------------------- CoQA
def load_coqa(path: Path, data: object) -> list[Example]:
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        raise FormatError(path, None, "CoQA is {\"data\": [{story, questions, answers}]}")
    examples = []
    for story in data["data"]:
        sid = str(story.get("id", ""))
        context = Context(paragraphs=(Paragraph(id=sid, text=str(story.get("story", "")), title=str(story.get("filename", ""))),))
        extra = story.get("additional_answers") or {}
        history: list[Turn] = []
        for k, (q, a) in enumerate(zip(story.get("questions", []), story.get("answers", []))):
            golds = [str(a.get("input_text", ""))]
            for answers in extra.values():
                if k < len(answers):
                    golds.append(str(answers[k].get("input_text", "")))
            question = str(q.get("input_text", ""))
            examples.append(_example(f"{sid}#{k}", "coqa", question, history, context, golds, dialogue_id=sid, turn=k))
            history = history + [Turn("user", question), Turn("assistant", golds[0])]
    return examples


# ---------------------------------------------------------------- QuAC / DoQA
def load_squad_dialogues(path: Path, data: object, dataset: str) -> list[Example]:
    """QuAC and DoQA: ``CANNOTANSWER`` becomes the canonical string; the first gold is ``orig_answer``."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        raise FormatError(path, None, "QuAC/DoQA is {\"data\": [{title, paragraphs: [{context, qas}]}]}")

    def text_of(answer: object) -> str:
        t = str(answer.get("text", "")) if isinstance(answer, dict) else str(answer)
        return CANNOT_ANSWER if t.strip() == "CANNOTANSWER" else t

    examples = []
    for article in data["data"]:
        for para in article.get("paragraphs", []):
            pid = str(para.get("id", ""))
            text = str(para.get("context", ""))
            if text.rstrip().endswith("CANNOTANSWER"):
                text = text.rstrip()[: -len("CANNOTANSWER")].rstrip()
            context = Context(paragraphs=(Paragraph(id=pid, text=text, title=str(article.get("title", ""))),))
            history: list[Turn] = []
            for k, qa in enumerate(para.get("qas", [])):
                golds = ([text_of(qa["orig_answer"])] if qa.get("orig_answer") else []) + \
                    [text_of(a) for a in qa.get("answers", [])]
                if not golds:
                    raise DataError(path, qa.get("id", f"{pid} q{k}"), "the question has no answers")
                question = str(qa.get("question", ""))
                examples.append(_example(str(qa.get("id", f"{pid}#{k}")), dataset, question, history, context,
                                         golds, dialogue_id=pid, turn=k))
                history = history + [Turn("user", question), Turn("assistant", golds[0])]
    return examples


# ---------------------------------------------------------------- SQA
def load_sqa(path: Path) -> list[Example]:
    """SQA TSV; tables from ``table_file`` relative to the TSV's folder; the gold is the items joined by ', '."""
    check_regular(path)
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh, delimiter="\t"))
    except FileNotFoundError:
        raise DataError(path, None, "file not found; check the path") from None
    need = {"id", "annotator", "position", "question", "table_file", "answer_text"}
    if not rows or not need <= set(rows[0]):
        raise FormatError(path, None, f"expected an SQA TSV with columns {sorted(need)}")
    tables: dict[str, Table] = {}
    examples = []
    history: dict[tuple[str, str], list[Turn]] = {}
    for r, row in enumerate(sorted(rows, key=lambda x: (x["id"], x["annotator"], int(x["position"]))), 2):
        tfile = row["table_file"]
        if tfile not in tables:
            try:
                check_regular(Path(path).parent / tfile)
                with open(Path(path).parent / tfile, encoding="utf-8", newline="") as fh:
                    tables[tfile] = Table.from_rows(list(csv.reader(fh)), id=tfile)
            except FileNotFoundError:
                raise DataError(path, f"row {r} ({row['id']})", f"table {tfile} not found beside the TSV") from None
        try:
            items = ast.literal_eval(row["answer_text"])
        except (ValueError, SyntaxError):
            raise DataError(path, f"row {r} ({row['id']})", "'answer_text' is not a list literal") from None
        items = [str(x) for x in items] if isinstance(items, (list, tuple)) else [str(items)]
        gold = ", ".join(items)
        key = (row["id"], row["annotator"])
        past = history.setdefault(key, [])
        uid = f"{row['id']}#{row['annotator']}#{row['position']}"
        ex = _example(uid, "sqa", row["question"], past, Context(tables=(tables[tfile],)), [gold],
                      dialogue_id=row["id"], turn=int(row["position"]), items=tuple(items))
        examples.append(ex)
        past += [Turn("user", row["question"]), Turn("assistant", gold)]
    return examples
