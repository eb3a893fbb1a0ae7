"""How ConvFinQA's per-turn programs order the operands of a change, and what a change over its base divides by.

    PYTHONPATH=src:benchmarks TABTEXT_DATA=/work/shared/data python benchmarks/convfinqa_order.py

Counts only, per half (half B is held out: never an item). For every turn whose gold program is one subtraction
``a - b`` of two numbers the document writes under one year each: the change word the question uses and whether
the gold puts the later year first; the same for the solver's answer, and whether it was right. For every program
``(a - b) / c`` (gold and answer): whether ``c`` is the subtrahend (the base, the usual percent change) or the
minuend. This is the data behind the solver's order of a change's operands (later less earlier) and of a percent
change's base: a rule there should follow these counts, not an item.
"""

from __future__ import annotations

import argparse
import collections
import re

from convfinqa_eval import DEFAULT, evaluate, half_of

from tabtext.benchmarks.chatrag.convfinqa import load_native
from tabtext.engines.solver.tasks.convfinqa.read import read

_CUE = re.compile(r"\b(net change|change|difference|decrease|decline|increase|growth|variation|fluctuation|"
                  r"variance|less)\b")
_NUM = r"(-?\d+(?:\.\d+)?|-?\.\d+)"
_SUBTRACT = re.compile(rf"^{_NUM}-{_NUM}$")
_OVER_BASE = re.compile(rf"^\(?\(?{_NUM}-{_NUM}\)?/{_NUM}\)?$")


def operand_order(formula: str, doc) -> str | None:
    """'later first' / 'earlier first' for ``a - b`` whose numbers each sit under one year; None otherwise."""
    m = _SUBTRACT.match(formula.replace(" ", "").replace(",", ""))
    if not m:
        return None
    years = []
    for text in m.groups():
        held = {y for c in doc.candidates if abs(c.value - float(text)) < 1e-9 for y in c.years}
        if len(held) != 1:
            return None
        years.append(held.pop())
    return None if years[0] == years[1] else "later first" if years[0] > years[1] else "earlier first"


def base_kind(formula: str) -> str | None:
    m = _OVER_BASE.match(formula.replace(" ", "").replace(",", ""))
    if not m:
        return None
    a, b, c = m.groups()
    return "over the subtrahend" if c == b else "over the minuend" if c == a else "over another number"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(DEFAULT))
    args = ap.parse_args(argv)
    examples = load_native(args.file)
    rows = evaluate(examples)
    order: collections.Counter = collections.Counter()
    base: collections.Counter = collections.Counter()
    for ex, r in zip(examples, rows):
        half, outcome = half_of(r["uid"]), "right" if r["strict"] else "missed"
        cue = "+".join(sorted(set(_CUE.findall(ex.question.lower())))) or "(no change word)"
        doc = read(ex).doc
        for who, formula in (("gold", str(ex.gold[0].value)), ("answer", r["derivation"])):
            found = operand_order(formula, doc)
            if found:
                order[(cue, who, found, outcome, half)] += 1
            kind = base_kind(formula)
            if kind:
                base[(who, kind, outcome, half)] += 1
    for title, counts in (("change word | program | operands | turn", order), ("program | divides | turn", base)):
        print(f"| {title} | A | B |\n|---|---|---|")
        for key in sorted({k[:-1] for k in counts}):
            print(f"| {' | '.join(key)} | {counts[key + ('A',)]} | {counts[key + ('B',)]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
