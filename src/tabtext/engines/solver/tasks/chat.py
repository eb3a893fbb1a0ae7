"""Offline answers for ChatRAG-Bench turns (no model): dispatch on ``meta["dataset"]``.

- ``convfinqa``: multi-turn numerical reasoning, in ``tasks/convfinqa/`` (its own package).
- table datasets (SQA, a table in the context): a lookup that returns the matching column's cells, as a list.
- text datasets: retrieve the best chunks (BM25 over ~300-word chunks, or the given passages), then the best
  sentence by IDF-weighted overlap with the question and the previous user turn; CoQA gets a short clause
  (and yes/no for yes/no questions). When the question's content is barely found in the context the answer is
  the benchmark's abstention string.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from ....retrieval import TOP_K, Chunk, Retriever, conversation_query, example_chunks
from ....types import Answer, Evidence, Example, Prediction, Table
from ..lexicon.words import CONVERSATION_WORDS, STOP, stem

CANNOT_ANSWER = "Sorry. I cannot find the answer based on the context."
SHORT_ANSWER = ("coqa",)
#: datasets whose official prompt asks for "a full and complete answer": two sentences rather than one
LONG_ANSWER = ("doc2dial", "quac", "qrecc", "inscit", "doqa_cooking", "doqa_travel", "doqa_movies", "hybridial")
TABLE_DATASETS = ("sqa",)
#: datasets whose contexts are long documents: retrieve first
RETRIEVE = {"doc2dial": 5, "quac": 5, "qrecc": 5, **TOP_K}
#: below this share of the question's (IDF-weighted) content found in the best sentence, abstain; higher where
#: the dataset has unanswerable turns, never for CoQA (short pronoun-heavy follow-ups, almost all answerable)
ABSTAIN_BELOW = {"quac": 0.25, "doqa_cooking": 0.25, "doqa_travel": 0.25, "doqa_movies": 0.25,
                 "coqa": 0.0}
DEFAULT_ABSTAIN_BELOW = 0.15

_STOP = STOP | CONVERSATION_WORDS
_AUX = re.compile(r"^(is|are|was|were|do|does|did|can|could|has|have|had|will|would|should)\b", re.I)
# Its own splitter (line ends split too): the reader's split_sentences here cost INSCIT dev F1 30.23 -> 29.89.
_SENT = re.compile(r"[^.!?\n]+(?:[.!?]+[\"')\]]*|\n|$)")


def words(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text.lower()) if w not in _STOP]


def terms(text: str) -> set[str]:
    """Matching terms: content words cut to 5 characters, a cheap stemmer (renew / renewal, cats / cat)."""
    return {w[:5] for w in words(text)}


def answer_example(example: Example) -> Prediction:
    dataset = str(example.meta.get("dataset", ""))
    if dataset == "convfinqa":
        from .convfinqa.answer import answer_convfinqa

        return answer_convfinqa(example)
    table = example.context.table or (context_table(example) if dataset in TABLE_DATASETS else None)
    if table is not None and (dataset in TABLE_DATASETS or not example.context.paragraphs):
        items = table_lookup(example, table)
        if items:
            return Prediction(uid=example.uid, answer=Answer(value=tuple(items), raw=", ".join(items)),
                              raw=", ".join(items), meta={"method": "table-lookup"})
    return extractive(example, dataset)


# ---------------------------------------------------------------- text
_INDEX: dict[tuple[int, int], tuple[object, Retriever]] = {}


def _retriever(example: Example, chunks: Sequence[Chunk]) -> Retriever:
    """One index per context: the turns of a dialogue (and INSCIT's shared pool) reuse it."""
    paragraphs = example.context.paragraphs
    key = (id(paragraphs), len(chunks))
    hit = _INDEX.get(key)
    if hit is None or hit[0] is not paragraphs:  # the id of a freed tuple can be reused: check identity
        if len(_INDEX) > 32:
            _INDEX.clear()
        hit = _INDEX[key] = (paragraphs, Retriever(chunks))
    return hit[1]


def sentences(chunk: Chunk) -> list[tuple[int, int]]:
    return [m.span() for m in _SENT.finditer(chunk.text) if m.group(0).strip()]


def extractive(example: Example, dataset: str) -> Prediction:
    chunks = example_chunks(example)
    if not chunks:
        return Prediction(uid=example.uid, answer=Answer(value=CANNOT_ANSWER), raw=CANNOT_ANSWER,
                          meta={"method": "abstain", "reason": "empty context"})
    k = RETRIEVE.get(dataset)
    ranked = chunks
    if k is not None and len(chunks) > k:
        try:
            ranked = [chunks[i] for i, _ in _retriever(example, chunks).search(conversation_query(example), k)]
        except ImportError:  # bm25s (the retrieval extra) is absent: read every chunk, slower but the same idea
            ranked = chunks
    candidates = [(rank, c, s, e) for rank, c in enumerate(ranked) for s, e in sentences(c)]
    if not candidates:
        return Prediction(uid=example.uid, answer=Answer(value=CANNOT_ANSWER), raw=CANNOT_ANSWER,
                          meta={"method": "abstain", "reason": "no sentence"})
    docs = [terms(c.text[s:e]) for _, c, s, e in candidates]
    df = Counter(w for d in docs for w in d)
    n = len(docs)

    def idf(w: str) -> float:
        return math.log(1 + n / (1 + df.get(w, 0)))

    q = terms(example.question)
    prev = [t.content for t in example.history if t.role == "user"][-1:]
    p = terms(" ".join(prev)) - q
    q_weight = math.fsum(idf(w) for w in q) or 1.0
    best, best_score, best_cov = 0, -1.0, 0.0
    for j, ((rank, _c, _s, _e), d) in enumerate(zip(candidates, docs)):
        matched = math.fsum(idf(w) for w in q & d)
        score = matched + 0.3 * math.fsum(idf(w) for w in p & d) - 0.05 * rank
        if score > best_score:
            best, best_score, best_cov = j, score, matched / q_weight
    _, chunk, s, e = candidates[best]
    if dataset in LONG_ANSWER and best + 1 < len(candidates) and candidates[best + 1][1] is chunk:
        e = candidates[best + 1][3]  # a full answer: the best sentence and the one after it
    sentence = " ".join(chunk.text[s:e].split())
    if q and best_cov < ABSTAIN_BELOW.get(dataset, DEFAULT_ABSTAIN_BELOW):
        return Prediction(uid=example.uid, answer=Answer(value=CANNOT_ANSWER), raw=CANNOT_ANSWER,
                          meta={"method": "abstain", "coverage": round(best_cov, 3)})
    text = short_answer(example.question, sentence) if dataset in SHORT_ANSWER else sentence
    return Prediction(uid=example.uid, answer=Answer(value=text), raw=text,
                      evidence=(Evidence(kind="text", start=chunk.start + s, end=chunk.start + e, text=sentence),),
                      meta={"method": "extractive", "coverage": round(best_cov, 3), "chunk": chunk.id})


def short_answer(question: str, sentence: str) -> str:
    """A few words: yes/no for yes/no questions, else the clause of the sentence that best answers it,
    without the words the question already says."""
    if _AUX.match(question.strip()):
        return "no" if re.search(r"\b(not|never|no|n't)\b", sentence.lower()) else "yes"
    q = set(words(question))
    clauses = [c.strip() for c in re.split(r"[,;:]|\band\b|\bbut\b", sentence) if c.strip()]
    best = max(clauses, key=lambda c: (len(q & set(words(c))), -len(c)))
    kept = [w for w in best.split() if re.sub(r"\W", "", w.lower()) not in q]
    return " ".join(kept[:8]) if kept else best


# ---------------------------------------------------------------- tables
def context_table(example: Example) -> Table | None:
    """A pipe-linearised table inside a release context chunk (first row = header)."""
    rows = []
    for p in example.context.paragraphs:
        for line in p.text.splitlines():
            line = line.strip()
            if line.count("|") < 1 or re.fullmatch(r"[\s|:-]+", line):
                continue
            rows.append(tuple(c.strip() for c in line.strip("|").split("|")))
    return Table.from_rows(rows, id="ctx-table") if len(rows) > 1 else None


def _cell_matches(cell: str, text: str) -> bool:
    cell = " ".join(cell.lower().split())
    return bool(cell) and len(cell) > 2 and cell in text


def table_lookup(example: Example, table: Table) -> list[str]:
    """Cells of the column the question (or, for a follow-up, the previous question) names, in the rows
    whose cells the question mentions (all rows when it mentions none)."""
    header = [h.lower() for h in table.rows[0]]
    body = [r for r in table.rows[1:] if any(c.strip() for c in r)]
    if not body:
        return []
    question = " ".join(example.question.lower().split())
    earlier = [t.content.lower() for t in example.history if t.role == "user"]

    def column_for(text: str) -> int | None:
        qw = {stem(w) for w in words(text)}
        scores = [(len(qw & {stem(w) for w in words(h)}), -j) for j, h in enumerate(header)]
        best = max(scores)
        return -best[1] if best[0] > 0 else None

    col = column_for(question)
    for text in reversed(earlier):
        if col is not None:
            break
        col = column_for(text)
    rows = [r for r in body if any(_cell_matches(c, question) for j, c in enumerate(r) if j != col)]
    if col is None:
        if not rows:
            return []
        # the question names a row but no column: the row's first cell not mentioned in the question
        return [next((c for c in r if c and not _cell_matches(c, question)), r[0]) for r in rows]
    return [r[col] for r in (rows or body) if col < len(r) and r[col].strip()]


def answer_all(examples: Sequence[Example]) -> list[Prediction]:
    return [answer_example(ex) for ex in examples]
