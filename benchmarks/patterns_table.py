"""The patterns table: for every pattern and text route, its example, on how many open dev questions it proposes
a candidate, how often that candidate is right (precision), and how often the ranker chooses it (and is right).
Open part only (benchmarks/lockbox.py); the canonical-wording rows of lexicon/intent.py are listed with how many open
questions they rewrite.

    PYTHONPATH=src python benchmarks/patterns_table.py
"""

from __future__ import annotations

from collections import Counter

from lockbox import dev_file, split
from train_ranker import _em

from tabtext.benchmarks import tatqa
from tabtext.engines.solver.lexicon import intent
from tabtext.engines.solver.patterns.table_patterns import PATTERNS
from tabtext.engines.solver.rank import ranker as rank
from tabtext.engines.solver.rank.candidates import candidates, read

TEXT_ROUTES = {"text_span": "Why did service revenue grow?", "text_span_next": "(the reader's 2nd and 3rd spans)",
               "text_arithmetic": "What was the change in net sales from 2018 to 2019? (amounts in a sentence)",
               "stated_amount": "What was the increase in revenue? (the text's own '$16.9 million')",
               "table_lookup": "(the best row's cell for the periods asked, when no table pattern proposes one)"}


def main() -> None:
    open_, _ = split(tatqa.load(dev_file()))
    fires, right, chosen, chosen_right = Counter(), Counter(), Counter(), Counter()
    for ex in open_:
        reading = read(ex)
        cands = candidates(reading)
        names = {}
        for c in cands:
            base = c.name.removesuffix("_swapped")
            names[base] = max(names.get(base, 0.0), _em(ex, c.program))
        for name, em in names.items():
            fires[name] += 1
            right[name] += em
        got = rank.choose(reading, cands)
        if got:
            chosen[got[0].name.removesuffix("_swapped")] += 1
            chosen_right[got[0].name.removesuffix("_swapped")] += _em(ex, got[0].program)
    examples = {p.name: p.example for p in PATTERNS} | TEXT_ROUTES | {"runner_up_row": "(the second-best row)"}
    print(f"{len(open_)} open dev questions\n")
    print("| pattern | example | fires | precision | chosen | chosen right |\n|---|---|---|---|---|---|")
    for name, example in examples.items():
        n = fires[name]
        print(f"| {name} | {example} | {n} | {100 * right[name] / n if n else 0:.1f} | {chosen[name]} | "
              f"{100 * chosen_right[name] / chosen[name] if chosen[name] else 0:.1f} |")
    print("\n| canonical wording row | example | rewrites (open) |\n|---|---|---|")
    for row in intent.REWORDINGS:
        n = sum(row.pattern.search(ex.question) is not None for ex in open_)
        print(f"| {row.name} | {row.example} | {n} |")


if __name__ == "__main__":
    main()
