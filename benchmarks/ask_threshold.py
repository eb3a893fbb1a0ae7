"""The confidence below which `tabtext ask` / `serve` say "no answer found": precision and coverage by threshold.

    PYTHONPATH=src python benchmarks/ask_threshold.py [--fit]

Each TAT-QA dev question is asked as the first turn of a Dialogue (what a user's first question gets). Only
the open part of dev is looked at: the table shows, per threshold, the share answered and the precision (EM of
the answers given) with confidences from 5-fold cross-validation grouped by table (each fold's model never saw
that table). For the lockbox only the aggregate at ``MIN_CONFIDENCE`` with the shipped weights is printed.
--fit prints the weights fitted on the whole open part, for ``engines/solver/dialogue_confidence.py``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import dev_file, split  # noqa: E402

from tabtext.benchmarks import tatqa  # noqa: E402
from tabtext.engines.solver import dialogue_confidence  # noqa: E402
from tabtext.engines.solver.dialogue import MIN_CONFIDENCE, Dialogue, as_prediction  # noqa: E402
from tabtext.engines.solver.dialogue_core import coverage  # noqa: E402
from tabtext.run import score_predictions  # noqa: E402

THRESHOLDS = (0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def _asked(examples) -> list[dict]:
    """Per question: the features of its answer, the shipped confidence, its EM, its table."""
    preds, rows = {}, {}
    for ex in examples:
        reply = Dialogue(ex.context).ask(ex.question)
        preds[ex.uid] = as_prediction(reply, ex.uid)
        feats = dialogue_confidence.features(reply.program, coverage(ex.question, reply.program, ex.context,
                                                                      reply.evidence)) if reply.answer else {}
        rows[ex.uid] = {"features": feats, "confidence": reply.confidence if reply.answer else -1.0,
                        "group": str(ex.meta.get("table_uid", ex.uid))}
    for item in score_predictions("tatqa", examples, preds).items:
        rows[item["uid"]]["em"] = float(item["em"])
    return list(rows.values())


def _row(pairs, threshold: float) -> str:
    kept = [em for c, em in pairs if c >= threshold]
    precision = 100 * sum(kept) / len(kept) if kept else 0.0
    return f"{threshold:9.2f}  answered {100 * len(kept) / len(pairs):5.1f}%  precision (EM) {precision:5.1f}"


def _fit(rows):
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vec = DictVectorizer(sparse=False)
    x = vec.fit_transform([r["features"] for r in rows])
    model = LogisticRegression(C=1.0, fit_intercept=False, max_iter=1000).fit(x, [int(r["em"]) for r in rows])
    return vec, model


def _cross_validated(rows) -> list[tuple[float, float]]:
    from sklearn.model_selection import GroupKFold

    answered = [r for r in rows if r["features"]]
    out = [(-1.0, r["em"]) for r in rows if not r["features"]]
    for train, test in GroupKFold(n_splits=5).split(answered, groups=[r["group"] for r in answered]):
        vec, model = _fit([answered[i] for i in train])
        probs = model.predict_proba(vec.transform([answered[i]["features"] for i in test]))[:, 1]
        out += [(float(p), answered[i]["em"]) for p, i in zip(probs, test)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit", action="store_true", help="print the weights fitted on the open part")
    args = ap.parse_args(argv)
    open_, box = split(tatqa.load(dev_file()))
    rows = _asked(open_)
    print(f"open part of dev: {len(rows)} questions, first turn of a dialogue; confidences cross-validated")
    held_out = _cross_validated(rows)
    for t in THRESHOLDS:
        print(_row(held_out, t) + ("   <- MIN_CONFIDENCE" if t == MIN_CONFIDENCE else ""))
    if args.fit:
        vec, model = _fit([r for r in rows if r["features"]])
        weights = {name: round(float(w), 3) for name, w in zip(vec.get_feature_names_out(), model.coef_[0])}
        print(f"WEIGHTS = {weights}")
    shipped = [(r["confidence"], r["em"]) for r in _asked(box)]
    print(f"lockbox at MIN_CONFIDENCE, shipped weights: {_row(shipped, MIN_CONFIDENCE).strip()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
