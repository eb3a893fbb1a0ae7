"""The ConvFinQA cell ranker: fitted on dev half A's gold programs, checked end to end on half B (aggregate only).

    PYTHONPATH=src TABTEXT_DATA=/work/shared/data python benchmarks/convfinqa_cells.py [--c 0.1] [--write] [--oracle]
        [--tatqa [--blend 0.5]]

For every turn the lookup queries of the turn (its subject words, each year asked) shortlist the document's best
few numbers by the hand score (``tasks/convfinqa/cell_rank.py``); a shortlisted number is right when the turn's
gold program uses it (and it is of the year asked, or has none). A pairwise logistic ranker (``train_ranker.fit``)
is fitted on half A only. Prints strict EM end to end per half: the hand score alone, the ranker on half A from 5
folds grouped by dialogue (each fold answered by a ranker fitted on the other four), on half B from the ranker
fitted on all of half A. ``--write`` ships ``cell_rank.json`` only when half B gains and half A's held-out folds
do not drop; otherwise it removes it. ``--tatqa`` fits on TAT-QA train instead (both halves held out);
``--tatqa --blend L`` scores by the half-A ranker plus L times the TAT-QA one (TAT-QA's row grounding as a
tie-breaker, not a replacement) and ships that sum under the same rule against the half-A ranker alone.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from convfinqa_eval import DEFAULT, half_of
from convfinqa_rank import compare_and_ship
from sklearn.model_selection import GroupKFold
from train_ranker import fit

from tabtext.benchmarks.chatrag.convfinqa import load_native
from tabtext.engines.solver.tasks.convfinqa import cell_rank
from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.engines.solver.tasks.convfinqa.ground import content_words
from tabtext.engines.solver.tasks.convfinqa.read import read
from tabtext.metrics.chatrag import strict_convfinqa

WEIGHTS = Path(cell_rank.__file__).with_name("cell_rank.json")
_NUMBER = re.compile(r"(?<![\w.#])-?(?:\d+(?:\.\d+)?|\.\d+)")


@dataclass
class Group:
    dialogue: str
    fs: list[dict[str, float]]
    ys: list[float]


def _gold_numbers(formula: str) -> set[float]:
    return {abs(float(x)) for x in _NUMBER.findall(formula)}


def groups(examples, formula=lambda ex: str(ex.gold[0].value)) -> list[Group]:
    """One group per lookup query of a turn whose shortlist holds a right and a wrong number (right: a number
    the turn's gold program, ``formula(ex)``, uses)."""
    out = []
    for ex in examples:
        t = read(ex, frozenset({"cell_rank"}))
        gold = _gold_numbers(formula(ex))
        if not t.subject or not gold:
            continue
        for years in [[y] for y in dict.fromkeys(t.qyears)] or [[]]:
            scored = [(t.doc.score(c, t.subject, years, t.question), -i, c) for i, c in enumerate(t.doc.candidates)]
            short = cell_rank.shortlist(scored)
            ys = [float(any(abs(abs(c.value) - g) < 1e-9 for g in gold) and
                        (not years or not c.years or years[0] in c.years)) for _, _, c in short]
            if 0 < sum(ys) < len(ys):
                words = [content_words(c.label) for _, _, c in short]
                out.append(Group(ex.uid.rsplit("#", 1)[0],
                                 [cell_rank.features(t.doc, short, i, words[i], t.subject, years, t.question)
                                  for i in range(len(short))], ys))
    return out


def strict_em(examples, model: dict | None) -> float:
    """Strict EM end to end with ``model`` as the cell ranker (None: the hand score alone)."""
    shipped = cell_rank.weights
    cell_rank.weights = lambda: model  # the ranker under test, for this run only
    try:
        right = sum(strict_convfinqa(p.raw if p.answer is not None else "", ex.meta["exe_answer"], ex.question)[0]
                    for ex in examples for p in [answer_convfinqa(ex)])
    finally:
        cell_rank.weights = shipped
    return 100 * right / len(examples)


def oracle_em(examples, tables_only: bool) -> float:
    """The ceiling of a cell ranker: strict EM end to end when each shortlist picks a number the turn's gold
    program uses, if it holds one (``tables_only``: only on shortlists of table cells). An aggregate per half."""
    gold: set[float] = set()

    def pick(doc, short, label_words, subject, years, question, model):
        if not (tables_only and any(c.source != "table" for _, _, c in short)):
            for s in short:
                if any(abs(abs(s[2].value) - g) < 1e-9 for g in gold) and \
                        (not years or not s[2].years or years[0] in s[2].years):
                    return s
        return short[0]

    shipped, cell_rank.pick = cell_rank.pick, pick
    right = 0
    try:
        for ex in examples:
            gold.clear()
            gold.update(_gold_numbers(str(ex.gold[0].value)))
            p = answer_convfinqa(ex)
            right += strict_convfinqa(p.raw if p.answer is not None else "", ex.meta["exe_answer"], ex.question)[0]
    finally:
        cell_rank.pick = shipped
    return 100 * right / len(examples)


def blended(half_a: dict, tatqa_model: dict, lam: float) -> dict:
    """The half-A ranker plus ``lam`` times the TAT-QA-train ranker: one linear model over the same features."""
    keys = set(half_a["weights"]) | set(tatqa_model["weights"])
    return {"bias": 0.0, "weights": {k: round(half_a["weights"].get(k, 0.0) + lam * tatqa_model["weights"].get(k, 0.0), 4)
                                     for k in sorted(keys)}}


def held_out_a(a, c_value: float) -> float:
    dialogues = np.array([ex.uid.rsplit("#", 1)[0] for ex in a])
    right = 0.0
    for train, test in GroupKFold(n_splits=5).split(np.zeros(len(a)), groups=dialogues):
        model = fit(groups([a[i] for i in train]), c_value)
        right += strict_em([a[i] for i in test], model) * len(test) / 100
    return 100 * right / len(a)


def tatqa_groups() -> list[Group]:
    """Groups from TAT-QA train's open part (the train lockbox left out; ``training/convfinqa_cells.py``): each
    arithmetic question whose derivation is grounded in its table's cells, read as a first ConvFinQA turn, the
    grounded cells right; no ConvFinQA item is used."""
    from training.convfinqa_cells import groups as tatqa
    from training.train_set import load, split

    open_, _ = split(load())
    return tatqa(open_, Group)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(DEFAULT))
    ap.add_argument("--c", type=float, default=0.1, help="inverse L2 strength of the logistic regression")
    ap.add_argument("--shortlist", type=int, default=cell_rank.SHORTLIST, help="how many cells the ranker re-orders")
    ap.add_argument("--a-only", action="store_true", help="half A's folds only (to choose --c and --shortlist "
                                                          "without reading half B)")
    ap.add_argument("--write", action="store_true", help="ship the ranker fitted on half A when half B gains")
    ap.add_argument("--tatqa", action="store_true", help="fit on TAT-QA train's grounded derivations instead of "
                                                           "half A: both halves are then held out")
    ap.add_argument("--blend", type=float, default=0.0, help="with --tatqa: score by the shipped ranker plus this "
                                                              "times the TAT-QA ranker instead of replacing it")
    ap.add_argument("--oracle", action="store_true", help="print the ceiling a cell ranker could reach per half "
                                                          "(all shortlists, then table-only ones) and stop")
    args = ap.parse_args(argv)
    cell_rank.SHORTLIST = args.shortlist
    every = load_native(args.file)
    a = [ex for ex in every if half_of(ex.uid) == "A"]
    b = [ex for ex in every if half_of(ex.uid) == "B"]
    if args.oracle:
        print(f"shortlist {args.shortlist}: right number picked when shortlisted: A {oracle_em(a, False):.2f} "
              f"B {oracle_em(b, False):.2f}; on table-only shortlists: A {oracle_em(a, True):.2f} "
              f"B {oracle_em(b, True):.2f}")
        return 0
    if args.a_only:
        print(f"shortlist {args.shortlist}, C = {args.c}: hand score A {strict_em(a, None):.2f}, "
              f"cell ranker A {held_out_a(a, args.c):.2f} (5 grouped folds)")
        return 0
    if args.tatqa:
        model = fit(tatqa_groups(), args.c)
        print(f"turns: A {len(a)}, B {len(b)}; C = {args.c}; fitted on TAT-QA train (open part)")
        if args.blend:
            half_a = fit(groups(a), args.c)
            model = blended(half_a, model, args.blend)
            base = ("half-A ranker", strict_em(a, half_a), strict_em(b, half_a))
            name, note = f"+ {args.blend} TAT-QA", " (B held out; A: the half-A part is fitted on A)"
        else:
            base = ("shipped", strict_em(a, cell_rank.weights()), strict_em(b, cell_rank.weights()))
            name, note = "TAT-QA ranker", " (both halves held out)"
        compare_and_ship(base, (name, strict_em(a, model), strict_em(b, model)), (len(a), len(b)), model,
                         WEIGHTS if args.write else None, note)
        return 0
    model = fit(groups(a), args.c)
    hand_a, hand_b = strict_em(a, None), strict_em(b, None)
    ranked_a, ranked_b = held_out_a(a, args.c), strict_em(b, model)
    print(f"turns: A {len(a)}, B {len(b)}; C = {args.c}; shipped cell_rank.json "
          f"{'is' if cell_rank.weights() == model else 'is NOT'} this fit on all of half A")
    compare_and_ship(("hand score", hand_a, hand_b), ("cell ranker", ranked_a, ranked_b), (len(a), len(b)), model,
                     WEIGHTS if args.write else None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
