"""Conversations over our own tables (tests/golden/solver/conversations.jsonl): the share of turns right.

    PYTHONPATH=src python benchmarks/own_conversations.py [--show]   (--show: wrong turns of the tune half only)

Half "tune" is the half rules were written from; half "held" was never looked at while tuning.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tabtext.engines.solver.dialogue.conversation import Dialogue
from tabtext.numbers import parse_number
from tabtext.types import Context, Paragraph, Table

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "solver" / "conversations.jsonl"


def load(path: Path = GOLDEN) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def context_of(case: dict) -> Context:
    return Context(tables=(Table.from_rows(case["table"]),),
                   paragraphs=tuple(Paragraph(id=str(i), text=t, order=i) for i, t in enumerate(case["paragraphs"], 1)))


def right(answer, turn: dict) -> bool:
    if answer is None or answer.scale != turn["scale"]:
        return False
    want, got = parse_number(turn["answer"]), parse_number(answer.text())
    if want is not None and got is not None:
        return round(want, 2) == round(got, 2)
    return answer.text().strip().casefold() == turn["answer"].strip().casefold()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", action="store_true", help="print every wrong turn of the TUNE half (never the held)")
    args = ap.parse_args(argv)
    totals: dict[str, list[int]] = {"tune": [0, 0], "held": [0, 0]}
    for case in load():
        dialogue = Dialogue(context_of(case))
        for turn in case["turns"]:
            reply = dialogue.ask(turn["question"])
            ok = right(reply.answer, turn)
            totals[case["half"]][0] += ok
            totals[case["half"]][1] += 1
            if args.show and not ok and case["half"] == "tune":
                got = f"{reply.answer.text()} {reply.answer.scale}" if reply.answer else reply.error
                print(f"- {case['id']}: {turn['question']!r} want {turn['answer']} {turn['scale']}, got {got}",
                      file=sys.stderr)
    for half, (good, n) in totals.items():
        print(f"{half:5} half: {good}/{n} turns right ({100 * good / n:.1f}%)")
    good, n = (sum(x) for x in zip(*totals.values()))
    print(f"all:        {good}/{n} turns right ({100 * good / n:.1f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
