"""When the TAT-QA core should ask the paragraph reader: reader gates simulated over one collection of rows.

    PYTHONPATH=src:. python benchmarks/text_spans_gate.py --cache /tmp/gate_rows.pkl [--count] [GATE[+FEATURE] ...]

The first run collects ``train_ranker.py``'s rows (open train read by out-of-fold readers, the train lockbox, dev)
with the reader asked for every question that has paragraphs, and records what the hand-set gate
(``rank/candidates.spans_worth_reading``) decides (about 12 minutes; delete the
cache when candidates change). A gate that does not read a question drops its reader candidates and recomputes the
others' agreement: the rows that collecting with that gate gives. Each GATE (``hand``, ``always``, ``hand_or_pts0.8``
reads also when the question model's P(span or multi-span from the text) exceeds 0.8, ``hand_and_pts0.1`` only
then, ``pts0.5`` on that alone) refits the ranker as ``train_ranker.py`` does and prints train-CV (grouped by
context) / train lockbox / dev / dev lockbox EM, span x text EM and the text-span path's precision
(``source_choice.py``); ``+logit`` / ``+logitxr`` / ``+bins`` add a text-span feature of the question model to the
text candidates. Lockboxes: aggregates only. ``--count`` (open train only): the gate's misses (gold a text span,
reader not asked) and false opens (the text path chosen, gold not a text span) by P(text span) and the reader's
top probability. Open train's question-model probabilities are out of fold, as the ranker's are.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import pickle
import re
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import source_choice as sc
import train_ranker as tr
from lockbox import dev_file
from lockbox import split as dev_split
from training import train_set
from training.contexts import pooled

from tabtext.benchmarks import tatqa
from tabtext.engines.solver.rank import candidates as cm
from tabtext.engines.solver.rank import question_model
from tabtext.engines.solver.rank.ranker import answers_from_text
from tabtext.engines.solver.reading.question import classify

READER = {"text_span", "text_span_next"}


def _key(question: str, paragraphs) -> tuple[str, str]:
    return question, hashlib.md5("\n".join(p.text for p in paragraphs).encode("utf-8")).hexdigest()


def collect(cache: Path) -> None:
    """The rows with the reader always asked, and the hand-set gate's decision per (question, paragraphs)."""
    shipped, decided = cm.spans_worth_reading, {}

    def always(reading, table):  # type: ignore[no-untyped-def]
        decided[_key(reading.q.text, reading.paragraphs)] = shipped(reading, table) > 0
        return 3 if reading.paragraphs else 0

    cm.spans_worth_reading = always
    try:
        tr.rows_cached(cache, tatqa.load(dev_file()))
    finally:
        cm.spans_worth_reading = shipped
    Path(f"{cache}.gate").write_bytes(pickle.dumps(decided))


def p_text_span(probs: dict[str, float]) -> float:
    return probs.get("span|text", 0.0) + probs.get("multi-span|text", 0.0)


def _logit(x: float) -> float:
    x = min(max(x, 1e-4), 1 - 1e-4)
    return math.log(x / (1 - x))


def feature(name: str, cand, probs: dict[str, float]) -> dict[str, float]:
    """A text-span feature of the question model for a text candidate (``+logit``, ``+logitxr``, ``+bins``)."""
    if not name or not answers_from_text(cand.program):
        return {}
    x = p_text_span(probs)
    if name == "bins":
        return {f"qm_ts<{next(e for e in (0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 0.95, 1.01) if x < e)}": 1.0}
    out = {"qm_text_span_logit": _logit(x)}
    if name == "logitxr" and (rp := cand.features.get("reader_prob")) is not None:
        out["qm_ts_x_reader"] = _logit(x) * _logit(rp)
    return out


def gate(name: str):  # type: ignore[no-untyped-def]
    """(hand-set decision, P(text span)) -> read or not, by the gate's name."""
    if name in ("hand", "always"):
        return lambda hand, p: hand or name == "always"
    m = re.fullmatch(r"(hand_or_|hand_and_)?pts([\d.]+)", name)
    if m is None:
        raise SystemExit(f"unknown gate {name!r}")
    t, how = float(m.group(2)), m.group(1)
    if how == "hand_or_":
        return lambda hand, p: hand or p_text_span(p) > t
    if how == "hand_and_":
        return lambda hand, p: hand and p_text_span(p) > t
    return lambda hand, p: p_text_span(p) > t


class Parts:
    """The stored rows with the hand-set decision and the question-model probabilities of each question."""

    def __init__(self, cache: Path) -> None:
        rows, box, dev = tr.rows_cached(cache, None)
        decided = pickle.loads(Path(f"{cache}.gate").read_bytes())
        self.dev_examples = tatqa.load(dev_file())
        open_ex, box_ex = train_set.split(pooled(train_set.load()))
        model = question_model.shipped_model()
        self.parts = {"open": rows, "box": box, "dev": dev}
        self.hand = {name: self._decisions(rs, exs, decided) for name, rs, exs in
                     (("open", rows, open_ex), ("box", box, box_ex), ("dev", dev, self.dev_examples))}
        self.probs = {"open": tr.out_of_fold_probs(rows),
                      "box": [question_model.probabilities(r.question, model, r.stated) for r in box],
                      "dev": [question_model.probabilities(r.question, model, r.stated) for r in dev]}

    @staticmethod
    def _decisions(rows, examples, decided) -> list[bool | None]:
        """None: no paragraphs, the reader is never asked."""
        by_uid = {ex.uid: ex for ex in examples}
        return [decided.get(_key(classify(by_uid[r.uid].question).text, by_uid[r.uid].context.paragraphs))
                for r in rows]

    def gated(self, part: str, read, feat: str) -> tuple[list, int]:
        out, asked = [], 0
        for r, hand, p in zip(self.parts[part], self.hand[part], self.probs[part]):
            ask = hand is not None and read(hand, p)
            asked += ask
            r = r if ask else without_reader(r)
            out.append(replace(r, fs=[{**f, **feature(feat, c, p)} for f, c in zip(r.fs, r.cands)]) if feat else r)
        return out, asked


def without_reader(r):  # type: ignore[no-untyped-def]
    """The row as collected without asking the reader: its spans dropped, the others' agreement recounted."""
    idx = [i for i, c in enumerate(r.cands) if c.name not in READER]
    if len(idx) == len(r.cands):
        return r
    keys = [cm.answer_key(r.cands[i].program) for i in idx]
    fs = [{**r.fs[i], "agree": sum(k == keys[j] for k in keys) - 1.0 if keys[j] else 0.0} for j, i in enumerate(idx)]

    def pick(xs):  # type: ignore[no-untyped-def]
        return [xs[i] for i in idx] if xs is not None else None
    return replace(r, fs=fs, ys=pick(r.ys), f1s=pick(r.f1s), cands=pick(r.cands), grounded=pick(r.grounded))


def evaluate(parts: Parts, name: str) -> None:
    started = time.perf_counter()
    gate_name, _, feat = name.partition("+")
    read = gate(gate_name)
    (rows, asked_open), (box, _), (dev, asked_dev) = (parts.gated(p, read, feat) for p in ("open", "box", "dev"))
    held = tr.cross_validated(rows, 0.03, 1.0)
    weights = tr.fit_all(rows, 0.03, 1.0)
    box, dev = tr.with_source(box, weights["source"]), tr.with_source(dev, weights["source"])
    in_box = {ex.uid for ex in dev_split(parts.dev_examples)[1]}
    columns = [("train CV", rows, held)] + [(n, rs, [tr.choose(r, weights) for r in rs]) for n, rs in (
        ("TRAIN LOCKBOX", box), ("dev", dev), ("DEV LOCKBOX", [r for r in dev if r.uid in in_box]))]
    line = f"{name:28s} reader asked: open train {100 * asked_open / len(rows):.1f}%, dev {100 * asked_dev / len(dev):.1f}%"
    for label, rs, picks in columns:
        cells = tr.by_cell(rs, picks)
        n, known, right = sc.text_path(rs, picks)
        line += (f"\n  {label:14s} EM {cells['all'][0]:.2f} (F1 {cells['all'][1]:.2f}), span x text "
                 f"{cells.get(('span', 'text'), (0.0,))[0]:.2f}, text path right {100 * right / max(known, 1):.1f}% of {n}")
    print(f"{line}\n  ({time.perf_counter() - started:.0f} s)", flush=True)


def _bin(x: float, edges: tuple[float, ...]) -> str:
    return next((f"<{e}" for e in edges if x < e), f">={edges[-1]}")


def count(parts: Parts) -> None:
    """Open train: the hand-set gate's misses and false opens by P(text span) and the reader's top probability."""
    rows, _ = parts.gated("open", gate("hand"), "")
    held = tr.cross_validated(rows, 0.03, 1.0)
    misses, misses_right, chosen, false_opens = Counter(), Counter(), Counter(), Counter()
    for r, gated, (b, *_), hand, p in zip(parts.parts["open"], rows, held, parts.hand["open"], parts.probs["open"]):
        if hand is None:
            continue
        text_span = r.cell[1] == "text" and r.cell[0] in ("span", "multi-span")
        top = next((i for i, c in enumerate(r.cands) if c.name == "text_span"), None)
        prob = r.cands[top].features.get("reader_prob", -1.0) if top is not None else -1.0
        where = (_bin(p_text_span(p), (0.1, 0.3, 0.5, 0.7, 0.9)), _bin(prob, (0.0, 0.1, 0.2, 0.4)))
        if text_span and not hand:
            misses[where] += 1
            misses_right[where] += bool(top is not None and r.ys is not None and r.ys[top] > 0.5)
        if hand and b >= 0 and sc.chosen_source(gated, b) == "text span":
            chosen[where] += 1
            false_opens[where] += not text_span
    print("P(text span), reader's top probability (<0: none / a list): gate misses (reader's first right) | "
          "text path chosen (gold not a text span)")
    for where in sorted(set(misses) | set(chosen)):
        print(f"  {where[0]:>6s} {where[1]:>6s}: {misses[where]:4d} ({misses_right[where]:3d}) | "
              f"{chosen[where]:5d} ({false_opens[where]:4d})")
    print(f"  all: {sum(misses.values())} ({sum(misses_right.values())}) | {sum(chosen.values())} "
          f"({sum(false_opens.values())})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", type=Path, required=True, help="pickle of the rows (collected when missing)")
    ap.add_argument("--count", action="store_true", help="count misses and false opens on open train")
    ap.add_argument("gates", nargs="*", help="gates to evaluate, e.g. hand always hand_or_pts0.8 hand+logit")
    args = ap.parse_args()
    if not args.cache.exists():
        collect(args.cache)
    parts = Parts(args.cache)
    if args.count:
        count(parts)
    for name in args.gates:
        evaluate(parts, name)


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # the same fit as train_ranker.py's
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    main()
