"""Why the ranker misses open train's arithmetic questions of one answer_from (issue 20): counts only.

Reads the rows ``benchmarks/train_ranker.py --rows-cache`` wrote, chooses each open-train question's candidate
with a ranker fitted on the other folds (grouped by context, as the script's train-CV column), and for each miss
says whether a right candidate was proposed. When one was: the chosen and the right candidates' kinds and the
features that tip the score. When none was: where the derivation's operands are (table cells, paragraph numbers
as written, paragraph numbers in another scale, percentages or words in the text, nowhere in what the recovered
set holds). The train lockbox is not read.

Measured from these counts and not kept (``benchmarks/train_ranker.py``, train-CV / train lockbox / dev / dev
lockbox, from 60.52 / 63.14 / 70.56 / 75.21): a candidate for "X excluding Y" (the line named less the amount the
clause writes, else the amount of the paragraph sentence sharing the clause's words, in the table's unit),
60.50 / 63.08 / 70.50 / 75.21 (arithmetic x table-text CV 76.53 -> 76.69, the train lockbox one question lower);
the clause's own amounts only, 60.50 / 63.14 / 70.56 / 75.21 (never chosen); ranker features for a sum or average
over bracketed cells' magnitudes when the question names a loss or expense, 60.47 / 63.02 / 70.56 / 75.21; for a
"total" asked and a total row read, 60.53 / 63.14 / 70.56 / 75.21 (one question).

    PYTHONPATH=src:. python -m training.arith_text_misses --rows-cache /tmp/rows.pkl [--from table-text]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))  # train_ranker, lockbox

from lockbox import dev_file  # type: ignore[import-not-found]  # noqa: E402
from train_ranker import Row, cross_validated, fit_all, rows_cached  # type: ignore[import-not-found]  # noqa: E402

from tabtext.benchmarks import tatqa
from tabtext.engines.solver.patterns.textnum import amounts, amounts_in_words
from tabtext.engines.solver.rank import ranker as rank
from training import train_set
from training.contexts import pooled
from training.derivations import CONSTANTS
from training.derivations import read as read_derivation
from training.grounding import cells_by_magnitude

_SCALES = (1e3, 1e6, 1e-3, 1e-6, 1e9, 1e-9)


def _key(v: float) -> float:
    return round(abs(v), 6)


def text_places(paragraphs) -> dict[str, set[float]]:
    """Magnitudes written in the paragraphs: as written, as percentages, in words, and rescaled."""
    found: dict[str, set[float]] = {"text": set(), "percent": set(), "words": set(), "scaled": set(), "question": set()}
    for p in paragraphs:
        for value, unit, _, _ in amounts(p.text):
            found["percent" if unit == "percent" else "text"].add(_key(value))
            for f in _SCALES:
                found["scaled"].add(_key(value * f))
        for value, _, _, _ in amounts_in_words(p.text):
            found["words"].add(_key(value))
    return found


def operand_place(value: float, cells: dict, places: dict[str, set[float]]) -> str:
    k = _key(value)
    if k in cells:
        return "table"
    for name in ("text", "percent", "words", "scaled", "question"):
        if k in places[name]:
            return name
    for v in cells:
        if any(abs(v * f - k) < 1e-6 for f in _SCALES):
            return "table rescaled"
    return "nowhere"


def where_operands(ex) -> str:
    d = read_derivation(str(ex.meta.get("derivation") or ""))
    if d is None:
        return "unreadable derivation"
    cells = cells_by_magnitude(ex.context.tables[0]) if ex.context.tables else {}
    places = text_places(ex.context.paragraphs)
    places["question"] = {_key(v) for v, _, _, _ in amounts(ex.question)}
    last = len(d.operands) - 1
    kinds = sorted({operand_place(o.value, cells, places) for o in d.operands
                    if not (_key(o.value) in CONSTANTS and _key(o.value) not in cells)
                    and not (d.shape == "average" and o.position == last)})
    return f"{d.shape}: " + (" + ".join(kinds) or "constants only")


def tipping(r: Row, chosen: int, right: int, weights: dict, top: int = 3) -> list[str]:
    """The features that most favour the chosen candidate over the right one."""
    w = weights["weights"]
    a, b = r.fs[chosen], r.fs[right]
    delta = {k: w.get(k, 0.0) * (a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b)}
    return [k for k, v in sorted(delta.items(), key=lambda kv: -kv[1])[:top] if v > 0]


def kind_of(c) -> str:
    return f"{c.source}:{c.program.op}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows-cache", type=Path, required=True)
    ap.add_argument("--from", dest="source", default="table-text")
    args = ap.parse_args()
    rows, _, _ = rows_cached(args.rows_cache, tatqa.load(dev_file()))
    held = cross_validated(rows, 0.03, 1.0)
    weights = fit_all(rows, 0.03, 1.0)
    examples = {e.uid: e for e in train_set.split(pooled(train_set.load()))[0]}
    counts: Counter = Counter()
    proposed: Counter = Counter()
    tips: Counter = Counter()
    missing: Counter = Counter()
    for r, (b, *_) in zip(rows, held):
        if r.cell != ("arithmetic", args.source) or r.ys is None:
            continue
        counts["questions"] += 1
        if b >= 0 and r.ys[b] > 0.5:
            counts["right"] += 1
            continue
        right = [i for i, y in enumerate(r.ys) if y > 0.5]
        if right:
            counts["proposed, loses"] += 1
            best = max(right, key=lambda i: rank.score(r.fs[i], weights))
            proposed[(kind_of(r.cands[b]) if b >= 0 else "none", kind_of(r.cands[best]))] += 1
            tips.update(tipping(r, b, best, weights))
        else:
            counts["not proposed"] += 1
            counts["not proposed, no paragraph recovered"] += not examples[r.uid].context.paragraphs
            missing[where_operands(examples[r.uid])] += 1
    print(dict(counts))
    print("proposed but loses (chosen kind -> right kind):")
    for k, n in proposed.most_common(15):
        print(f"  {n:4d} {k[0]:>24} -> {k[1]}")
    print("features tipping it (top 3 per miss):")
    for k, n in tips.most_common(20):
        print(f"  {n:4d} {k}")
    print("not proposed: where the derivation's operands are:")
    for k, n in missing.most_common(30):
        print(f"  {n:4d} {k}")


if __name__ == "__main__":
    main()
