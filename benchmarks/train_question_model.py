"""Fit the question model (src/tabtext/engines/solver/rank/question_model.json): TAT-QA's answer_type x
answer_from predicted from the question's words, and print how often it is right.

Fitted on the labelled TAT-QA train questions outside the train lockbox (training/train_set.py: 20% of train
contexts by a hash of the table uid); figures: 5-fold CV grouped by context on that part, the train lockbox
(aggregates only) and all of dev (held out). Multinomial logistic regression (scikit-learn, training only) over
``question_model.ngrams``; grams seen in fewer than ``--min-count`` questions are dropped; weights rounded to 3
decimals. Without ``--write`` the script checks that the shipped file is what it would write, byte for byte.
Takes about 30 s on this machine.

    PYTHONPATH=src python benchmarks/train_question_model.py [--write] [--C 1.0] [--min-count 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from lockbox import dev_file
from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # training/ lives beside src/, not in the installed package

from training.train_set import is_train_lockbox, read_jsonl, recovered_dir  # noqa: E402

from tabtext.engines.solver.rank.question_model import ngrams, predict  # noqa: E402

MODEL = ROOT / "src" / "tabtext" / "engines" / "solver" / "rank" / "question_model.json"


def label(answer_type: str, answer_from: str) -> str:
    return f"{answer_type}|{answer_from}"


def train_questions() -> list[dict]:
    return list(read_jsonl(recovered_dir() / "train_questions.jsonl"))


def dev_questions() -> list[tuple[str, str]]:
    """(question, label) of every dev question."""
    out = []
    for item in json.loads(dev_file().read_text(encoding="utf-8")):
        for q in item["questions"]:
            out.append((q["question"], label(q["answer_type"], q["answer_from"])))
    return out


def fit(questions: list[str], labels: list[str], c_value: float, min_count: int) -> dict:
    counts = Counter(g for q in questions for g in set(ngrams(q)))
    kept = {g for g, n in counts.items() if n >= min_count}
    vec = DictVectorizer(sort=True)
    x = vec.fit_transform([{g: 1.0 for g in ngrams(q) if g in kept} for q in questions])
    model = LogisticRegression(C=c_value, max_iter=3000).fit(x, labels)
    classes = [str(c) for c in model.classes_]
    weights = {}
    for j, gram in enumerate(vec.get_feature_names_out()):
        row = [round(float(w), 3) for w in model.coef_[:, j]]
        if any(row):
            weights[str(gram)] = row
    return {"classes": classes, "bias": [round(float(b), 3) for b in model.intercept_], "weights": weights}


def accuracy(model: dict, items: list[tuple[str, str]]) -> tuple[float, float, float]:
    """Share right of the joint class, of answer_type, of "from text or not"."""
    joint = kind = source = 0
    for question, gold in items:
        probs = predict(question, model)
        best = max(probs, key=probs.get)
        joint += best == gold
        kind += best.split("|")[0] == gold.split("|")[0]
        source += (best.split("|")[1] == "text") == (gold.split("|")[1] == "text")
    n = max(len(items), 1)
    return 100.0 * joint / n, 100.0 * kind / n, 100.0 * source / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--C", type=float, default=1.0)
    ap.add_argument("--min-count", type=int, default=2)
    args = ap.parse_args()
    started = time.perf_counter()
    records = train_questions()
    open_ = [r for r in records if not is_train_lockbox(r["table_uid"])]
    box = [(r["question"], label(r["answer_type"], r["answer_from"])) for r in records if is_train_lockbox(r["table_uid"])]
    questions = [r["question"] for r in open_]
    labels = [label(r["answer_type"], r["answer_from"]) for r in open_]
    groups = np.array([r["table_uid"] for r in open_])
    held = []
    for train, test in GroupKFold(n_splits=5).split(np.zeros(len(open_)), groups=groups):
        fold = fit([questions[i] for i in train], [labels[i] for i in train], args.C, args.min_count)
        held.append((accuracy(fold, [(questions[i], labels[i]) for i in test]), len(test)))
    model = fit(questions, labels, args.C, args.min_count)
    cv = [sum(a[k] * n for a, n in held) / len(open_) for k in range(3)]
    print(f"fitted on {len(open_)} train questions ({len(set(groups))} contexts), {len(model['weights'])} grams, "
          f"{time.perf_counter() - started:.1f} s")
    print(f"{'% right':22s} {'joint':>6s} {'type':>6s} {'text?':>6s}")
    for name, got in (("train CV (grouped)", cv), ("train lockbox", accuracy(model, box)),
                      ("dev (held out)", accuracy(model, dev_questions()))):
        print(f"{name:22s} " + " ".join(f"{v:6.2f}" for v in got))
    text = json.dumps(model, sort_keys=True, separators=(",", ":")) + "\n"
    if args.write:
        MODEL.write_text(text, encoding="utf-8")
        print(f"wrote {MODEL} ({len(text)} bytes)")
    else:
        same = MODEL.exists() and MODEL.read_text(encoding="utf-8") == text
        print(f"shipped model reproduced byte for byte: {same}")
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
