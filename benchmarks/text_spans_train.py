"""Train the paragraph reader (src/tabtext/engines/solver/reader/weights.json.gz) and print held-out figures.

    PYTHONPATH=src python benchmarks/text_spans_train.py [--dev PATH] [--write] [--folds 5] [--repeats 3] [--l2 3]

The ranker: listwise (softmax) logistic regression over the candidates' sparse features; for each training
question the target is the best-matching candidates (highest official F1 against the gold span, F1 >= 0.5).
Training questions: the open part of TAT-QA dev (never the lockbox of benchmarks/lockbox.py) — text spans, and
table-text spans that occur only in a paragraph — plus Doc2Dial's annotated answer spans at a small weight.
The calibration: a logistic regression from each returned candidate's softmax share, question coverage and kind
to whether it is an exact match, fitted on held-out folds of every open span question (text or table), so a text
answer's score can be weighed against a table answer's. NO_ANSWER_THRESHOLD is the lowest score at which the
held-out top answers reach NO_ANSWER_PRECISION. Folds are grouped by table; ``--write`` refits on the whole open
part and rewrites reader/weights.json.gz (byte for byte the same on every run).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import minimize
from sklearn.feature_extraction import DictVectorizer
from sklearn.model_selection import GroupKFold

from tabtext.benchmarks.tatqa import load
from tabtext.engines.solver.reader.score import candidates
from tabtext.metrics.tatqa import em_f1, score_item

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import data_dir, dev_file, is_lockbox  # noqa: E402

DEV = dev_file()
DOC2DIAL = data_dir() / "doc2dial" / "doc2dial_rc_val.csv.zip"
L2 = 3.0  # chosen by held-out EM over 3 fold draws (with Doc2Dial at 0.1 — L2 3: 36.8, 5: 36.4)
# Doc2Dial questions as extra, down-weighted boundary supervision (held-out TAT-QA EM by weight:
# 0: 35.2, 0.05: 36.0, 0.1: 36.4, 0.15: 36.2, 0.3: 35.2, 1: 31.2 — at L2 5)
DOC2DIAL_WEIGHT = 0.1
DOC2DIAL_N = 1500
WEIGHTS = Path(__file__).resolve().parents[1] / "src/tabtext/engines/solver/reader/weights.json.gz"


def text_span_examples(path: Path, types: tuple[str, ...] = ("span",)) -> list:
    """Open-part (never lockbox) questions whose gold is a span of the text: answer_from "text", and
    "table-text" spans that occur in a paragraph and in no table cell."""
    out = []
    for e in load(path):
        if is_lockbox(str(e.meta.get("table_uid"))) or e.meta.get("answer_type") not in types:
            continue
        if e.meta.get("answer_from") == "text" or (e.meta.get("answer_from") == "table-text" and _in_text_only(e)):
            out.append(e)
    return out


def _in_text_only(example) -> bool:
    golds = [str(g).strip() for g in example.gold[0].value]
    cells = {c.strip() for t in example.context.tables for r in t.rows for c in r}
    return all(any(g in p.text for p in example.context.paragraphs) and g not in cells for g in golds)


def doc2dial_questions(path: Path, n: int = DOC2DIAL_N) -> list[tuple[str, list, str]]:
    """``n`` Doc2Dial reading-comprehension questions (a fixed shuffle; the last user turn is the question, the
    document's blank-line blocks the paragraphs): (question, its span candidates, the first annotated answer)."""
    import ast
    import csv
    import io
    import zipfile

    from tabtext.types import Paragraph

    with zipfile.ZipFile(path) as z, z.open(z.namelist()[0]) as f:
        records = list(csv.DictReader(io.TextIOWrapper(f, "utf-8")))
    random.Random(0).shuffle(records)
    out = []
    for rec in records[:n]:
        question = rec["question"].split("\t")[-1].split(":", 1)[-1].strip()
        answers = ast.literal_eval(rec["answers"])["text"]
        blocks = [b for b in rec["context"].split("\n\n") if b.strip()]
        cands = candidates(question, [Paragraph(id=str(i), text=b, order=i + 1) for i, b in enumerate(blocks)])
        if answers and cands:
            out.append((question, cands, answers[0]))
    return out


def doc2dial_rows(path: Path, n: int = DOC2DIAL_N, weight: float = DOC2DIAL_WEIGHT) -> list[dict]:
    """doc2dial_questions as training rows: each candidate's EM/F1 against the gold, weighted ``weight``."""
    rows = []
    for _, cands, answer in doc2dial_questions(path, n):
        scores = [em_f1(c.text, answer.strip()) for c in cands]
        rows.append({"ex": None, "cands": cands, "f1": [b for _, b in scores], "em": [a for a, _ in scores],
                     "weight": weight})
    return rows


def build(examples: list) -> list[dict]:
    """Per question: candidates (features, text) and per-candidate best F1 against any gold item."""
    rows = []
    for e in examples:
        cands = candidates(e.question, e.context.paragraphs)
        golds = [str(g) for g in e.gold[0].value]
        f1s = [max(em_f1(c.text, g)[1] for g in golds) for c in cands]
        ems = [max(em_f1(c.text, g)[0] for g in golds) for c in cands]
        rows.append({"ex": e, "cands": cands, "f1": f1s, "em": ems, "eval": e.meta.get("answer_from") == "text"})
    return rows


def fit(rows: list[dict], l2: float = L2) -> dict[str, float]:
    """Listwise fit: per question, a softmax over its candidates whose target is spread evenly over the
    best-F1 candidates (questions whose best candidate has F1 < 0.5 are left out), each question weighted by
    its ``weight`` (1 when absent); L2-regularised, L-BFGS."""
    rows = [r for r in rows if r["f1"] and max(r["f1"]) >= 0.5]
    feats = [c.features for r in rows for c in r["cands"]]
    vec = DictVectorizer()
    x = vec.fit_transform(feats).tocsr()
    bounds = np.cumsum([0] + [len(r["cands"]) for r in rows])
    seg = np.repeat(np.arange(len(rows)), np.diff(bounds))
    qweight = np.asarray([r.get("weight", 1.0) for r in rows])[seg]
    target = np.zeros(x.shape[0])
    for q, r in enumerate(rows):
        f1 = np.asarray(r["f1"])
        best = (f1 == f1.max()).astype(float)
        target[bounds[q]:bounds[q + 1]] = best / best.sum()

    def objective(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = x @ w
        top = np.maximum.reduceat(s, bounds[:-1])[seg]
        e = np.exp(s - top)
        z = np.add.reduceat(e, bounds[:-1])[seg]
        loss = -(qweight * target * (s - top - np.log(z))).sum() + 0.5 * l2 * (w @ w)
        return loss, x.T @ (qweight * (e / z - target)) + l2 * w

    res = minimize(objective, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    return {name: float(w) for name, w in zip(vec.get_feature_names_out(), res.x) if abs(w) > 1e-5}


def evaluate(rows: list[dict], weights: dict[str, float]) -> tuple[float, float]:
    """EM/F1 of the top candidate on the text-span rows (answer_from "text") among ``rows``."""
    rows = [r for r in rows if r.get("eval", True)]
    em = f1 = 0.0
    for r in rows:
        e = r["ex"]
        if r["cands"]:
            best = max(r["cands"], key=lambda c: sum(weights.get(k, 0.0) * v for k, v in c.features.items()))
            pred = [best.text]
        else:
            pred = []
        a, b, _ = score_item(e.meta["answer_type"], e.gold[0].raw, e.gold[0].scale, pred, e.gold[0].scale)
        em += a
        f1 += b
    return 100 * em / len(rows), 100 * f1 / len(rows)


def fold_splits(rows: list[dict], folds: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """Folds grouped by table; seed 0 is sklearn's GroupKFold, other seeds shuffle the tables first."""
    groups = [r["ex"].meta["table_uid"] for r in rows]
    if seed == 0:
        return [(list(a), list(b)) for a, b in GroupKFold(n_splits=folds).split(rows, groups=groups)]
    tables = sorted(set(groups))
    random.Random(seed).shuffle(tables)
    fold_of = {t: i % folds for i, t in enumerate(tables)}
    return [([i for i, g in enumerate(groups) if fold_of[g] != k], [i for i, g in enumerate(groups) if fold_of[g] == k])
            for k in range(folds)]


def cross_validate(rows: list[dict], l2: float, folds: int, seed: int = 0,
                   extra: list[dict] = ()) -> tuple[float, float]:
    ems, f1s, n = 0.0, 0.0, 0
    for train_idx, test_idx in fold_splits(rows, folds, seed):
        w = fit([rows[i] for i in train_idx] + list(extra), l2)
        test = [rows[i] for i in test_idx if rows[i].get("eval", True)]
        em, f1 = evaluate(test, w)
        ems += em * len(test)
        f1s += f1 * len(test)
        n += len(test)
    return ems / n, f1s / n


def span_questions(path: Path) -> list:
    """Every open-part span / multi-span question, whatever its source: what the calibration is fitted on."""
    return [e for e in load(path) if not is_lockbox(str(e.meta.get("table_uid")))
            and e.meta.get("answer_type") in ("span", "multi-span")]


def held_out_reads(rows: list[dict], questions: list, folds: int, l2: float, extra: list[dict],
                   k: int = 5, multi=lambda e: False) -> list[tuple[object, list]]:
    """(question, its top-``k`` read() candidates with a held-out ranker) for every question in ``questions``:
    the ranker of the fold whose test part holds the question's table; ``multi(question)`` is read()'s
    ``multi``."""
    from tabtext.engines.solver.reader import read

    out = []
    for fold, (train_idx, test_idx) in enumerate(fold_splits(rows, folds, 0)):
        w = fit([rows[i] for i in train_idx] + list(extra), l2)
        train_tables = {rows[i]["ex"].meta["table_uid"] for i in train_idx}
        test_tables = {rows[i]["ex"].meta["table_uid"] for i in test_idx}
        for e in questions:
            uid = e.meta["table_uid"]
            if uid in test_tables or (uid not in train_tables and hash_fold(uid, folds) == fold):
                out.append((e, read(e.question, e.context.paragraphs, k=k, multi=multi(e), weights=w,
                                    calibration=IDENTITY)))
    return out


IDENTITY = {"logit": 1.0}
# "found": the reader's top answer is usable — official F1 >= USABLE_F1 against the gold (the right clause, give or
# take a few words); NO_ANSWER_THRESHOLD is where held-out found answers are usable NO_ANSWER_PRECISION of the time
USABLE_F1 = 0.5
NO_ANSWER_PRECISION = 0.8


def hash_fold(uid: str, folds: int) -> int:
    import hashlib

    return int(hashlib.sha256(uid.encode()).hexdigest(), 16) % folds


def candidate_em(example, value: str) -> float:
    return max(em_f1(value, str(g))[0] for g in example.gold[0].value)


def candidate_usable(example, value: str) -> float:
    return float(max(em_f1(value, str(g))[1] for g in example.gold[0].value) >= USABLE_F1)


def fit_calibration(reads: list[tuple[object, list]], label=candidate_em) -> dict[str, float]:
    """Logistic regression from a candidate's confidence features to ``label`` (default: an exact match)."""
    from sklearn.linear_model import LogisticRegression

    names = ("logit", "coverage", "number")
    x = [[c.features[n] for n in names] for _, cands in reads for c in cands]
    y = [label(e, c.value) for e, cands in reads for c in cands]
    model = LogisticRegression(C=10.0, max_iter=1000).fit(np.asarray(x), np.asarray(y))
    cal = {"bias": float(model.intercept_[0])}
    cal.update({n: float(v) for n, v in zip(names, model.coef_[0])})
    return cal


def no_answer_threshold(reads: list[tuple[object, list]], cal: dict[str, float],
                        precision: float = NO_ANSWER_PRECISION, usable=None) -> float:
    """The lowest calibrated "found" probability at which the held-out top answers scoring at least that are
    usable ``precision`` of the time (``usable(example, value)``, by default ``candidate_usable``)."""
    from tabtext.engines.solver.reader.read import calibrate

    usable = usable or candidate_usable
    top = sorted(((calibrate(c[0].features, cal), usable(e, c[0].value)) for e, c in reads if c), reverse=True)
    best, right = 1.0, 0.0
    for n, (score, ok) in enumerate(top, 1):
        right += ok
        if right / n >= precision:
            best = score
    return round(best, 3)


def write_weights(weights: dict[str, float], path: Path, cal: dict[str, float], found: dict[str, float],
                  threshold: float) -> None:
    """reader/weights.json.gz: every table sorted by name, values rounded to 5 places, gzipped with no name or
    time in its header (the JSON byte for byte per fit; gzipped, 1.2 MB of weights keep to 0.3 MB in the repo)."""
    import gzip
    import json

    tables = {"weights": weights, "calibration": cal, "found_calibration": found}
    data = {name: {k: round(v, 5) for k, v in sorted(t.items())} for name, t in tables.items()}
    data["no_answer_threshold"] = threshold
    path.write_bytes(gzip.compress((json.dumps(data, indent=0) + "\n").encode("utf-8"), compresslevel=9, mtime=0))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, default=DEV)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--l2", type=float, nargs="+", default=[L2])
    ap.add_argument("--repeats", type=int, default=1, help="fold draws to average (1 = GroupKFold only)")
    ap.add_argument("--doc2dial", type=Path, default=DOC2DIAL)
    ap.add_argument("--doc2dial-weight", type=float, default=DOC2DIAL_WEIGHT, help="0 = TAT-QA only")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    rows = build(text_span_examples(args.dev))
    extra = doc2dial_rows(args.doc2dial, weight=args.doc2dial_weight) if args.doc2dial_weight else []
    if extra:
        print(f"+ {len(extra)} Doc2Dial questions at weight {args.doc2dial_weight}")
    scored = [r for r in rows if r["eval"]]
    print(f"{len(rows)} training questions ({len(scored)} text spans, the rest table-text spans found only in "
          f"text); oracle EM over the text spans' candidates "
          f"{100 * sum(max(r['em'], default=0) for r in scored) / len(scored):.1f}")
    for l2 in args.l2:
        runs = [cross_validate(rows, l2, args.folds, seed, extra) for seed in range(args.repeats)]
        em = sum(r[0] for r in runs) / len(runs)
        f1 = sum(r[1] for r in runs) / len(runs)
        print(f"L2={l2}: held-out ({args.folds} folds grouped by table, mean of {len(runs)} fold draws) "
              f"EM {em:.1f} F1 {f1:.1f}  [" + ", ".join(f"{a:.1f}/{b:.1f}" for a, b in runs) + "]")
    if args.write:
        w = fit(rows + extra, args.l2[0])
        em, f1 = evaluate(rows, w)
        reads = held_out_reads(rows, span_questions(args.dev), args.folds, args.l2[0], extra)
        cal = fit_calibration(reads)
        found = fit_calibration(reads, candidate_usable)
        threshold = no_answer_threshold(reads, found)
        print(f"fitted on the open part: EM {em:.1f} F1 {f1:.1f}; {len(w)} weights, calibration {cal}, "
              f"found calibration {found}, no-answer threshold {threshold} -> {WEIGHTS}")
        write_weights(w, WEIGHTS, cal, found, threshold)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
