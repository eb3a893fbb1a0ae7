"""ConvFinQA dev's missed turns counted by cause, per half (counts only: half B is held out).

    PYTHONPATH=src TABTEXT_DATA=/work/shared/data python benchmarks/convfinqa_misses.py [--show CAUSE] [--n 20]

Each turn the solver misses (strict EM) gets one cause, the first that holds:
unanswered; sign (the negated gold); scale (x or / 100 or 1000); rounding (within 5%); shape (the gold formula's
operators differ from the answer's); reference (same shape, a wrong number that an earlier turn's formula holds);
then, for a wrong new number of a formula of the right shape: where the gold number is in the document (table only,
text only, both, nowhere) and whether the hand score's best few for the turn's subject and year hold it
(``shortlist``) or not. ``--show CAUSE`` prints half A's turns of that cause (half B: never).
"""

from __future__ import annotations

import argparse
import collections
import re

from convfinqa_eval import DEFAULT, evaluate, half_of

from tabtext.benchmarks.chatrag.convfinqa import load_native
from tabtext.engines.solver.tasks.convfinqa.read import read
from tabtext.engines.solver.tasks.convfinqa.turns import steps_of

_NUMBER = re.compile(r"(?<![\w.])-?(?:\d+(?:\.\d+)?|\.\d+)%?")
_OPS = re.compile(r"[-+*/]")
SHORT = 3


def _numbers(formula: str) -> list[float]:
    out = []
    for x in _NUMBER.findall(formula.replace(",", "")):
        value = abs(float(x.rstrip("%")))
        out.append(value / 100 if x.endswith("%") else value)
    return out


def _ops(formula: str) -> list[str]:
    """The operators of a formula, numbers read first so a minus sign stays the number's."""
    return sorted(_OPS.findall(_NUMBER.sub("n", formula.replace(",", "").replace(" ", ""))))


def _close(x: float, y: float, tol: float) -> bool:
    return abs(x - y) <= tol * max(abs(y), 1e-9)


def _value(text: str) -> float | None:
    m = _NUMBER.search(text.replace(",", ""))
    if not m:
        return None
    raw = m.group()
    return float(raw.rstrip("%")) / (100 if raw.endswith("%") else 1)


def cause(r: dict, ex) -> str:
    if not r["pred"]:
        return "unanswered"
    try:
        gold = float(r["gold"])
    except ValueError:
        return "yes/no"
    pred = _value(r["pred"])
    if pred is None:
        return "unreadable"
    if gold and _close(-pred, gold, 0.01):
        return "sign"
    if gold and any(_close(pred * f, gold, 0.01) for f in (100, 0.01, 1000, 0.001)):
        return "scale"
    if gold and _close(pred, gold, 0.05):
        return "rounding"
    gold_formula, pred_formula = str(r["formula"]), r["derivation"]
    if _ops(gold_formula) != _ops(pred_formula):
        kind = "lookup" if not _ops(gold_formula) else "computed"
        return f"shape (gold {kind})"
    earlier = {n for s in steps_of(ex) for n in _numbers(s.formula)}
    mine = _numbers(pred_formula)
    missing = [g for g in _numbers(gold_formula) if not any(_close(g, m, 1e-9) for m in mine)]
    if not missing:
        return "order"
    if any(any(_close(g, e, 1e-9) for e in earlier) for g in missing):
        return "reference"
    return _where(missing[0], ex)


def _where(number: float, ex) -> str:
    t = read(ex)
    doc = t.doc
    holders = [c for c in doc.candidates if _close(abs(c.value), number, 1e-9)]
    places = {c.source for c in holders}
    place = "nowhere" if not places else "both" if len(places) == 2 else f"{places.pop()} only"
    if not holders:
        return f"number {place}"
    queries = [[y] for y in dict.fromkeys(t.qyears)] or [[]]
    short = False
    for years in queries:
        ranked = sorted(((doc.score(c, t.subject, years, t.question), -i, c) for i, c in enumerate(doc.candidates)),
                        key=lambda s: (s[0], s[1]), reverse=True)[:SHORT]
        short |= any(_close(abs(c.value), number, 1e-9) for _, _, c in ranked)
    return f"number {place}, {'in' if short else 'not in'} shortlist"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(DEFAULT))
    ap.add_argument("--show", default="", help="print half A's missed turns of this cause")
    ap.add_argument("--n", type=int, default=20)
    args = ap.parse_args(argv)
    examples = load_native(args.file)
    rows = evaluate(examples)
    counts: dict[str, collections.Counter] = {"A": collections.Counter(), "B": collections.Counter()}
    shown = 0
    for ex, r in zip(examples, rows):
        if r["strict"]:
            continue
        half = half_of(r["uid"])
        why = cause(r, ex)
        counts[half][why] += 1
        if half == "A" and args.show and why.startswith(args.show) and shown < args.n:
            shown += 1
            print(f"- {r['uid']} [{r['pattern']}] {r['question']} | gold {r['formula']} = {r['gold']} | "
                  f"pred {r['derivation']} = {r['pred']}")
    print("| cause | A misses | B misses |\n|---|---|---|")
    for why in sorted(set(counts["A"]) | set(counts["B"]), key=lambda w: -(counts["A"][w] + counts["B"][w])):
        print(f"| {why} | {counts['A'][why]} | {counts['B'][why]} |")
    print(f"| all | {sum(counts['A'].values())} | {sum(counts['B'].values())} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
