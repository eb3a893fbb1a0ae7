"""Operator choice on ConvFinQA dev: the solver's wording rules against a small learned model, held out by dialogue.

    PYTHONPATH=src python benchmarks/convfinqa_ops_cv.py   (needs scikit-learn, in the dev extra)

Each turn's gold program gives its operator class (lookup, add, subtract, divide, multiply, percent change,
average, greater, other). The rules' class is the first cue of detect_ops(). The model is TF-IDF over the question
(1-2 word grams) plus "is this a follow-up", logistic regression, 5-fold cross-validation grouped by dialogue, so
no dialogue is both trained on and scored. Also printed: the class of the formula the solver finally computes. The
model is not used by the solver.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from tabtext.benchmarks.chatrag.convfinqa import load_native
from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.engines.solver.tasks.convfinqa.ops import detect_ops

DATA = Path(os.environ.get("TABTEXT_DATA", Path(__file__).resolve().parents[1].parent / "shared" / "data"))
NUM = r"-?(?:\d+(?:\.\d+)?|\.\d+)%?"
RULE_CLASS = {"sum": "add", "change": "subtract", "ratio": "divide", "pct_change": "pct_change", "average": "average",
              "x100": "multiply", "greater": "greater", "minus1": "other"}


def gold_class(formula: str, answer: object) -> str:
    f = formula.strip()
    if isinstance(answer, str):
        return "greater"
    if re.fullmatch(NUM, f):
        return "lookup"
    if re.fullmatch(rf"\(\s*{NUM} - {NUM}\s*\) / {NUM}", f):
        return "pct_change"
    if re.fullmatch(rf"\((?:{NUM} \+ )+{NUM}\) / \d", f):
        return "average"
    ops = set(re.findall(r"(?<=\s)[-+*/](?=\s)", f"{f} "))
    return {frozenset("+"): "add", frozenset("-"): "subtract", frozenset("/"): "divide",
            frozenset("*"): "multiply"}.get(frozenset(ops), "other")


def main() -> int:
    try:
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import GroupKFold
    except ImportError:
        print("scikit-learn is needed: pip install scikit-learn", file=sys.stderr)
        return 2
    import numpy as np
    from scipy.sparse import hstack

    examples = load_native(DATA / "convfinqa" / "pot_convfinqa_dev.json")
    questions = [ex.question.lower() for ex in examples]
    gold = np.array([gold_class(str(ex.gold[0].value), ex.meta["exe_answer"]) for ex in examples])
    groups = [ex.uid.rsplit("#", 1)[0] for ex in examples]
    followup = np.array([[1.0 if ex.history else 0.0] for ex in examples])
    rules = np.array([RULE_CLASS.get((detect_ops(q) or ["lookup"])[0], "lookup") for q in questions])
    solved = []
    for ex in examples:  # the class of the formula the solver finally computes (context decides, not only wording)
        pred = answer_convfinqa(ex)
        answer = pred.raw if pred.raw in ("yes", "no") else 0.0
        solved.append(gold_class(pred.meta.get("formula", ""), answer) if pred.answer is not None else "none")
    solver = np.array(solved)
    learned = np.empty(len(examples), dtype=object)
    for train, test in GroupKFold(n_splits=5).split(questions, gold, groups):
        vec = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True)
        x_train = hstack([vec.fit_transform([questions[i] for i in train]), followup[train]]).tocsr()
        x_test = hstack([vec.transform([questions[i] for i in test]), followup[test]]).tocsr()
        model = LogisticRegression(max_iter=2000, C=5.0).fit(x_train, gold[train])
        learned[test] = model.predict(x_test)
    print(f"turns: {len(examples)}")
    print(f"operator class accuracy, rules (detect_ops):         {100 * np.mean(rules == gold):.2f}")
    print(f"operator class accuracy, solver's final formula:      {100 * np.mean(solver == gold):.2f}")
    print(f"operator class accuracy, learned (5-fold by dialogue): {100 * np.mean(learned == gold):.2f}")
    for name in sorted(set(gold)):
        mask = gold == name
        print(f"  {name:10} n={mask.sum():4}  rules {100 * np.mean(rules[mask] == name):6.2f}"
              f"  solver {100 * np.mean(solver[mask] == name):6.2f}  learned {100 * np.mean(learned[mask] == name):6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
