"""Extra reader features tried over stored candidates, and where the reader's misses fall on open train.

    PYTHONPATH=src:. python benchmarks/text_spans_ablation.py --cache /tmp/rows.pkl [--count] [--l2 6] [VARIANT ...]

The first run builds the candidates of the open train text spans, the train lockbox's, dev's and Doc2Dial's with
the shipped candidate generator and stores them in ``--cache`` (about 3 minutes; delete it when the candidates
change). Each VARIANT adds its features to the stored candidates' (``VARIANTS``), refits the reader on the open
train part (``training/reader_train``'s L2 and Doc2Dial spans) and prints text-span EM of the top candidate on the
train lockbox, all of dev and the dev lockbox (aggregates); ``base`` adds nothing and reproduces
``python -m training.reader_train --no-cv``. ``--count`` reads the open train part out of fold (2 folds by a hash
of the table uid) and counts right / near (F1 >= 0.5) / far misses, misses with no exact candidate, and right
answers by the question's class. The features are added after candidate generation: a variant that pays here is
then written into ``reader/`` and measured again in the shipped path.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from training import reader_train as rt  # noqa: E402
from training import train_set  # noqa: E402

from tabtext.engines.solver.reader.lexical import question_words, word  # noqa: E402
from tabtext.engines.solver.reader.parse import parse  # noqa: E402
from tabtext.metrics.tatqa import em_f1  # noqa: E402

tst = rt.tst
CAUSE = frozenset("due because driven primarily mainly attributable result owing largely partially partly resulting "
                  "reflecting offset".split())


def build(cache: Path) -> dict:
    if cache.exists():
        with cache.open("rb") as f:
            return pickle.load(f)
    open_, box = train_set.split(rt.with_context_paragraphs(train_set.load()))
    dev_open, dev_box = rt.dev_span_rows()
    extra = [{"ex": None, "q": q, "cands": cands, "f1": [em_f1(c.text, a.strip())[1] for c in cands],
              "weight": tst.DOC2DIAL_WEIGHT} for q, cands, a in tst.doc2dial_questions(tst.DOC2DIAL)]
    data = {"rows": rt.train_span_rows(open_), "box": rt.train_span_rows(box), "extra": extra,
            "dev": dev_open + dev_box, "dev_box": dev_box}
    with cache.open("wb") as f:
        pickle.dump(data, f, protocol=5)
    return data


def _edges(c):
    """The candidate's sentence parsed, and its first and end token."""
    p = parse(c.sentence.text)
    a, b = c.start - c.sentence.start, c.end - c.sentence.start
    st = next((i for i, t in enumerate(p.toks) if t[0] >= a), len(p.toks))
    return p, st, next((i for i, t in enumerate(p.toks) if t[0] >= b), len(p.toks))


def _bigrams(q: str, c) -> list[str]:
    p, st, e = _edges(c)
    return [f"pw2={word(p, st - 2)}_{word(p, st - 1)}", f"nw2={word(p, e)}_{word(p, e + 1)}"]


def _cause(p, a: int, b: int) -> int:
    return int(any(p.low[i] in CAUSE for i in range(max(0, a), min(len(p.low), b))))


def _class_cause(q: str, c) -> list[str]:
    k, (p, st, e) = question_words(q).kind, _edges(c)
    return [f"qk={k}|tail{_cause(p, e, e + 3)}", f"qk={k}|lead{_cause(p, st - 3, st)}",
            f"qk={k}|cin{_cause(p, st + 1, e)}"]


def _crossed(tags):
    def features(q: str, c) -> list[str]:
        k = question_words(q).kind
        return [f"qk={k}|{t}" for t in tags(q, c)]
    return features


def _sentence_flags(q: str, c) -> list[str]:
    return [k for k in c.features if k.startswith("sent:")]


def _sentence_rank(q: str, c) -> list[str]:
    return [k for k in c.features if k in ("r0", "r1", "r2", "r3")]


VARIANTS = {
    "base": lambda q, c: [],
    "bigrams": _bigrams,  # the two words before the span and the two after it
    "bigrams_x_class": lambda q, c: _bigrams(q, c) + _crossed(_bigrams)(q, c),
    "class_x_cause": _class_cause,  # a cause clause right after / right before / inside the span, by class
    "class_x_sentence_flags": _crossed(_sentence_flags),
    "class_x_sentence_rank": _crossed(_sentence_rank),
    "class_x_sentence": _crossed(lambda q, c: _sentence_flags(q, c) + _sentence_rank(q, c)),
}


def with_features(fn, rows: list[dict]) -> list[dict]:
    out = []
    for r in rows:
        q = r["q"] if r.get("ex") is None else r["ex"].question
        cands = []
        for c in r["cands"]:
            f = dict(c.features)
            for k in fn(q, c):
                f[k] = f.get(k, 0.0) + 1.0
            cands.append(type(c)(c.sentence, c.start, c.end, c.text, f, c.score))
        out.append({**r, "cands": cands})
    return out


def run(name: str, data: dict, l2: float = rt.L2) -> None:
    fn = VARIANTS[name]
    rows, box, dev, dev_box, extra = (with_features(fn, data[k]) for k in ("rows", "box", "dev", "dev_box", "extra"))
    w = tst.fit(rows + extra, l2)
    print(f"{name:28s} train lockbox {tst.evaluate(box, w)[0]:.1f}  dev {tst.evaluate(dev, w)[0]:.1f}  "
          f"dev lockbox {tst.evaluate(dev_box, w)[0]:.1f}  ({len(w)} weights)", flush=True)


def _fold(uid: object) -> int:
    return int(hashlib.md5(str(uid).encode()).hexdigest(), 16) % 2


def _top(r: dict, w: dict[str, float]) -> int:
    return max(range(len(r["cands"])), key=lambda i: sum(w.get(a, 0.0) * v for a, v in r["cands"][i].features.items()))


def count(data: dict) -> None:
    rows = data["rows"]
    kinds: Counter = Counter()
    right: Counter = Counter()
    asked: Counter = Counter()
    for k in range(2):
        w = tst.fit([r for r in rows if _fold(r["ex"].meta["table_uid"]) != k] + data["extra"], rt.L2)
        for r in (r for r in rows if _fold(r["ex"].meta["table_uid"]) == k):
            cls = question_words(r["ex"].question).kind
            asked[cls] += 1
            b = _top(r, w) if r["cands"] else -1
            kind = ("no candidate" if b < 0 else "right" if r["em"][b] >= 1 else "no exact candidate"
                    if max(r["em"]) < 1 else "near (F1 >= 0.5)" if r["f1"][b] >= 0.5 else "far")
            kinds[kind] += 1
            right[cls] += kind == "right"
    print(f"open train, out of fold ({len(rows)}): " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print("right by the question's class: " + ", ".join(f"{k} {right[k]}/{n}" for k, n in asked.most_common(12)))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", type=Path, required=True)
    ap.add_argument("--count", action="store_true")
    ap.add_argument("--l2", type=float, default=rt.L2)
    ap.add_argument("variants", nargs="*", help=" ".join(VARIANTS))
    args = ap.parse_args(argv)
    if unknown := set(args.variants) - set(VARIANTS):
        ap.error(f"unknown variants {sorted(unknown)}; known: {' '.join(VARIANTS)}")
    data = build(args.cache)
    if args.count:
        count(data)
    for name in args.variants:
        run(name, data, args.l2)
    return 0


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # the fit sums floats in dict order (see training/reader_train)
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    raise SystemExit(main(sys.argv[1:]))
