"""Single questions over tables a new user writes (tests/golden/solver/tatqa_user_tables.jsonl): share right.

    PYTHONPATH=src python benchmarks/user_tables.py [--show]

The tables were split by table into halves before the solver was run on them: "tune" failures may be read
and fixed (``--show`` prints them); "held" is reported only as an aggregate, never case by case.
A case is right when the answer value and its scale both equal the golden ones.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tabtext.engines.solver.tasks.tatqa import answer_example
from tabtext.types import Context, Example, Paragraph, Table

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "solver" / "tatqa_user_tables.jsonl"


def load(path: Path = GOLDEN) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def predict(case: dict):
    context = Context((Table.from_rows(case["context"]["table"]),),
                      tuple(Paragraph(str(i), t) for i, t in enumerate(case["context"]["paragraphs"])))
    return answer_example(Example("user", case["question"], context, meta={"benchmark": "tatqa"}))


def expected(case: dict) -> tuple:
    answer = tuple(case["answer"]) if isinstance(case["answer"], list) else case["answer"]
    return answer, case["scale"]


def got(pred) -> tuple | None:
    return None if pred.answer is None else (pred.answer.value, pred.answer.scale)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", action="store_true", help="print every wrong case of the tune half")
    args = ap.parse_args(argv)
    totals: dict[str, list[int]] = {"tune": [0, 0], "held": [0, 0]}
    for case in load():
        pred = predict(case)
        ok = got(pred) == expected(case)
        totals[case["half"]][0] += ok
        totals[case["half"]][1] += 1
        if args.show and not ok and case["half"] == "tune":
            print(f"- {case['table_name']}: {case['question']!r} want {expected(case)}, got {got(pred)} "
                  f"[{pred.meta.get('pattern')}]", file=sys.stderr)
    for half, (good, n) in totals.items():
        print(f"{half:5} half: {good}/{n} right ({100 * good / n:.1f}%)")
    good, n = (sum(x) for x in zip(*totals.values()))
    print(f"all:        {good}/{n} right ({100 * good / n:.1f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
