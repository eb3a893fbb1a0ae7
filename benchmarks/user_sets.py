"""People's own tables nobody tuned on (tests/data/user_sets/set_*): what `tabtext ask` gives, per set and half.

    PYTHONPATH=src python benchmarks/user_sets.py [--show]

Each set was written at once by an author who never saw the solver or its code (its README.md says the format):
tables (CSV, Markdown, .xlsx, a pandas export with periods as rows) with a text file each, single questions
(questions.jsonl) and 5-turn conversations (conversations.jsonl), each item in half "tune" or "held", halves by
table. Tune failures may be read and fixed (``--show`` prints them); the held half is only ever reported as an
aggregate: the script has no way to show a held item.

Every item goes the way of `tabtext ask`: the files read as ``ask --table/--sheet/--text`` reads them, several
tables ranked for the question, a single question through ``tabtext.ask`` and a conversation through
``ask --chat``'s Conversation (the solver's Dialogue), "no answer found" as ask decides it. Right means:
- number: given (not "no answer found"), and the value times its scale equals the expected one within rounding
  to 2 decimals (a percentage only as a percentage);
- text: given, and the expected phrase, lower-cased without marks, lies within the answer shown, which is at most
  twice as long plus three words;
- period: given, and the same period (``periods.as_period``) or the same words;
- none: "no answer found" (counted apart too: the missing-period/row questions that got it).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

SETS_DIR = Path(__file__).resolve().parents[1] / "tests" / "data" / "user_sets"
HALVES = ("tune", "held")
_MARKS = re.compile(r"[^\w%.\s-]|(?<!\d)\.|\.(?!\d)")


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def context_of(folder: Path, item: dict):  # type: ignore[no-untyped-def]
    from tabtext.commands.ask import load_context

    tables = [t for spec in item["tables"] for t in _tables(folder / spec["file"], spec.get("sheet"))]
    text = load_context([], [str(folder / item["text"])]) if item.get("text") else None
    from tabtext.types import Context

    return Context(tables=tuple(tables), paragraphs=text.paragraphs if text else ())


def _tables(path: Path, sheet: str | None) -> list:
    from tabtext.tables import read_tables

    return read_tables(path, sheet=sheet if path.suffix.lower() in (".xlsx", ".xlsm") else None)


def conversation(context):  # type: ignore[no-untyped-def]
    from tabtext.commands.ask import Conversation
    from tabtext.engines import make_engine
    from tabtext.table_choice import QuestionFirstTable

    engine = make_engine("solver")
    return Conversation(QuestionFirstTable(engine) if len(context.tables) > 1 else engine, context)


def _norm(text: str) -> str:
    return " ".join(_MARKS.sub(" ", text.lower().replace(",", "")).split())


def _number(text: str) -> float | None:
    from tabtext.numbers import parse_number

    return parse_number(text.replace(",", "")) if text else None


def right(expected: dict, pred, question: str) -> bool:  # type: ignore[no-untyped-def]
    from tabtext.commands.ask import found
    from tabtext.display import shown
    from tabtext.numbers import SCALE_FACTORS
    from tabtext.periods import as_period

    given = found(pred)
    kind = expected["kind"]
    if kind == "none":
        return not given
    if not given or pred.answer is None:
        return False
    if kind == "number":
        value = _number(pred.answer.text())
        scale, want = pred.answer.scale, expected["scale"]
        if value is None or (scale == "percent") != (want == "percent"):
            return False
        got, wanted = value * SCALE_FACTORS[scale], expected["value"] * SCALE_FACTORS[want]
        return abs(got - wanted) <= max(0.005 * SCALE_FACTORS[want], 1e-9 * abs(wanted)) + 1e-9
    text = shown(pred.answer, question)
    if kind == "period":
        period = as_period(text)
        return _norm(text) == _norm(expected["value"]) or (period is not None and period == as_period(expected["value"]))
    want, got = _norm(expected["value"]), _norm(text)
    return bool(want) and want in got and len(got.split()) <= 2 * len(want.split()) + 3


def run_set(folder: Path, show: bool) -> dict[str, dict[str, list[int]]]:
    """{half: {"singles": [right, n], "turns": [right, n], "none": [no answer found, n]}}"""
    from tabtext import ask

    totals = {h: {"singles": [0, 0], "turns": [0, 0], "none": [0, 0]} for h in HALVES}
    for item in load(folder / "questions.jsonl"):
        context = context_of(folder, item)
        pred = ask(item["question"], tables=list(context.tables), text=[p.text for p in context.paragraphs])
        ok = right(item["expected"], pred, item["question"])
        _count(totals[item["half"]], "singles", ok, item["expected"])
        if show and not ok and item["half"] == "tune":
            _show(item["id"], item["question"], item["expected"], pred)
    for item in load(folder / "conversations.jsonl"):
        conv = conversation(context_of(folder, item))
        for n, turn in enumerate(item["turns"], 1):
            _, pred = conv.ask(turn["question"])
            ok = right(turn["expected"], pred, turn["question"])
            _count(totals[item["half"]], "turns", ok, turn["expected"])
            if show and not ok and item["half"] == "tune":
                _show(f"{item['id']} turn {n}", turn["question"], turn["expected"], pred)
    return totals


def _count(half: dict[str, list[int]], what: str, ok: bool, expected: dict) -> None:
    half[what][0] += ok
    half[what][1] += 1
    if expected["kind"] == "none":
        half["none"][0] += ok
        half["none"][1] += 1


def _show(name: str, question: str, expected: dict, pred) -> None:  # type: ignore[no-untyped-def]
    from tabtext.display import shown

    guess = shown(pred.answer, question) if pred.answer else pred.error
    print(f"- {name}: {question!r} want {expected}, got {guess!r} (scale {pred.answer.scale if pred.answer else ''!r},"
          f" found {pred.meta.get('found')}, read as {pred.meta.get('read_as')!r}) [{pred.meta.get('pattern')}]",
          file=sys.stderr)


def _share(good: int, n: int) -> str:
    return f"{good}/{n} ({100 * good / n:.1f}%)" if n else "0/0"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", action="store_true", help="print every wrong item of the TUNE half (never the held)")
    ap.add_argument("--half", choices=HALVES, help="report one half only")
    args = ap.parse_args(argv)
    if args.show and args.half == "held":
        ap.error("--show prints tune items only; the held half is reported as an aggregate, never item by item")
    for folder in sorted(p for p in SETS_DIR.iterdir() if (p / "questions.jsonl").is_file()):
        totals = run_set(folder, args.show)
        for half in (args.half,) if args.half else HALVES:
            t = totals[half]
            print(f"{folder.name} {half:4}: singles {_share(*t['singles'])}, turns {_share(*t['turns'])}, "
                  f"missing period/row -> no answer found {_share(*t['none'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
