"""ChatRAG-Bench release files: one JSON list per dataset, one item per turn to answer.

Item: ``messages`` [{role, content}] ending with the user turn, ``ctxs`` [{title, text}] (or a document id into
the ``documents.json`` beside the file), ``answers`` (or ``answer``), and ``exe_answer`` for ConvFinQA.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from ...errors import DataError, FormatError
from ...types import Answer, Context, Example, Paragraph, Turn
from ..files import read_json

CANNOT_ANSWER = "Sorry. I cannot find the answer based on the context."
DOCUMENT_KEYS = ("document", "document_id", "doc_id", "docid")


def gold_answers(item: Mapping[str, object], path: Path, index: int) -> list[object]:
    """``answers`` if present, else ``answer`` (a string -> [string]; a list as is; anything else -> [str(x)])."""
    if "answers" in item:
        answers = item["answers"]
    elif "answer" in item:
        answers = item["answer"]
    else:
        raise DataError(path, index, "the item has no 'answers' (nor 'answer'); add the gold answer list")
    if isinstance(answers, str):
        return [answers]
    if isinstance(answers, list):
        return list(answers)
    return [str(answers)]


def parse_messages(messages: object, path: Path, index: int) -> tuple[str, tuple[Turn, ...]]:
    if not isinstance(messages, list) or not messages:
        raise DataError(path, index, "'messages' must be a non-empty list of {\"role\", \"content\"}")
    turns = []
    for j, m in enumerate(messages):
        if not isinstance(m, dict) or m.get("role") not in ("user", "assistant") or not isinstance(m.get("content"), str):
            raise DataError(path, index, f"message {j} must be {{\"role\": \"user\"|\"assistant\", \"content\": str}}")
        turns.append(Turn(m["role"], m["content"]))
    if turns[-1].role != "user":
        raise DataError(path, index, "the conversation must end with the user turn to answer "
                        f"(the last message is an {turns[-1].role!r} turn)")
    return turns[-1].content, tuple(turns[:-1])


def load_documents(path: Path) -> dict[str, list[Paragraph]]:
    """documents.json: {doc_id: [chunk text | {title, text}, ...] | text}."""
    data = read_json(path)
    if not isinstance(data, dict):
        raise FormatError(path, None, "documents.json must be an object {document_id: [chunks]}")
    out: dict[str, list[Paragraph]] = {}
    for doc_id, chunks in data.items():
        if isinstance(chunks, (str, dict)):
            chunks = [chunks]
        if not isinstance(chunks, list):
            raise DataError(path, doc_id, "a document must be a list of chunks (strings or {title, text})")
        out[str(doc_id)] = [_paragraph(c, f"{doc_id}:{k}", k, path, doc_id) for k, c in enumerate(chunks)]
    return out


def _paragraph(chunk: object, pid: str, order: int, path: Path, record: object) -> Paragraph:
    if isinstance(chunk, str):
        return Paragraph(id=pid, text=chunk, order=order)
    if isinstance(chunk, dict) and isinstance(chunk.get("text"), str):
        return Paragraph(id=str(chunk.get("id", pid)), text=chunk["text"], order=order, title=str(chunk.get("title") or ""))
    raise DataError(path, record, f"context {order} must be a string or {{\"title\", \"text\"}}")


def parse_items(data: object, path: Path, dataset: str, documents: Mapping[str, list[Paragraph]] | None = None,
                ) -> list[Example]:
    if not isinstance(data, list):
        raise FormatError(path, None, "a ChatRAG-Bench file is a JSON list of items with 'messages' and 'answers'")
    examples = []
    seen: set[str] = set()
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise DataError(path, i, "an item must be an object with 'messages', 'ctxs' and 'answers'")
        question, history = parse_messages(item.get("messages"), path, i)
        answers = gold_answers(item, path, i)
        if not answers:
            raise DataError(path, i, "'answers' is empty; give at least one gold answer")
        meta: dict[str, object] = {"benchmark": "chatrag", "dataset": dataset, "index": i}
        ctxs = item.get("ctxs")
        paragraphs: list[Paragraph] = []
        if isinstance(ctxs, list):
            paragraphs = [_paragraph(c, f"ctx{k}", k, path, i) for k, c in enumerate(ctxs)]
        elif ctxs is not None:
            raise DataError(path, i, "'ctxs' must be a list of {\"title\", \"text\"}")
        doc_id = next((str(item[k]) for k in DOCUMENT_KEYS if item.get(k) is not None), None)
        if doc_id is not None:
            meta["document_id"] = doc_id
            if not paragraphs:
                if documents is None:
                    raise DataError(path, i, f"the item names document {doc_id!r} but there is no documents.json "
                                    "beside the file; put it there or give 'ctxs'")
                if doc_id not in documents:
                    raise DataError(path, i, f"document {doc_id!r} is not in documents.json")
                paragraphs = list(documents[doc_id])
        # no 'ctxs' key at all: a scoring-only ground-truth file; a present but empty context is an error
        if ("ctxs" in item or doc_id is not None) and not any(p.text.strip() for p in paragraphs):
            raise DataError(path, i, "the item has empty contexts: give 'ctxs' [{\"title\", \"text\"}] or a "
                            "document id with a documents.json")
        if dataset == "inscit" and all(a == CANNOT_ANSWER for a in answers):
            raise DataError(path, i, "INSCIT scoring removes the canonical unanswerable gold, and it is this "
                            "item's only answer (the official scorer crashes on it); add the label responses")
        if dataset == "convfinqa":
            if "exe_answer" not in item:
                raise DataError(path, i, "ConvFinQA items need 'exe_answer' (the gold number or yes/no)")
            meta["exe_answer"] = item["exe_answer"]
            gold = (Answer(value=str(answers[0]), raw=item["exe_answer"]),)
        else:
            gold = tuple(Answer(value=a if isinstance(a, str) else str(a), raw=a) for a in answers)
        uid = f"{dataset}:{i}"
        if item.get("dialogue_id") is not None and item.get("turn") is not None:
            meta.update(dialogue_id=str(item["dialogue_id"]), turn=item["turn"])
            candidate = f"{item['dialogue_id']}#{item['turn']}"
            uid = candidate if candidate not in seen else uid
        seen.add(uid)
        examples.append(Example(uid=uid, question=question, context=Context(paragraphs=tuple(paragraphs)),
                                gold=gold, history=history, meta=meta))
    return examples


def load_release(path: Path, dataset: str) -> list[Example]:
    path = Path(path)
    data = read_json(path)
    if dataset == "convfinqa":
        from .convfinqa import load_release as convfinqa_release  # the ConvFinQA module parses tables too

        if not isinstance(data, list):
            raise FormatError(path, None, "a ChatRAG-Bench file is a JSON list of items")
        return list(convfinqa_release(data, path))
    documents_path = path.parent / "documents.json"
    documents = load_documents(documents_path) if documents_path.exists() else None
    return parse_items(data, path, dataset, documents)


def is_release(data: object) -> bool:
    return isinstance(data, list) and bool(data) and isinstance(data[0], dict) and "messages" in data[0]


def release_items(examples: Sequence[Example]) -> list[dict[str, object]]:
    """Examples -> release items (for writing hand-made files and round trips)."""
    out = []
    for ex in examples:
        messages = [{"role": t.role, "content": t.content} for t in ex.history]
        messages.append({"role": "user", "content": ex.question})
        item: dict[str, object] = {"messages": messages,
                                   "ctxs": [{"title": p.title, "text": p.text} for p in ex.context.paragraphs],
                                   "answers": [g.value if isinstance(g.value, str) else g.text() for g in ex.gold]}
        if "exe_answer" in ex.meta:
            item["exe_answer"] = ex.meta["exe_answer"]
        out.append(item)
    return out
