"""What `tabtext ask` gives a person for questions on their own table and text (tests/golden/solver/user_text*.jsonl).

    PYTHONPATH=src python benchmarks/user_text.py [--show]

The cases were written by someone who had not seen the solver's answers: per context a table, a few paragraphs
and seven questions (five answered by the text, one by the table, one by neither), each with every answer a
person would accept. Within each set the contexts are split into two halves by a hash of their id: "tune" failures
may be read and fixed (``--show`` prints them); "held" is only ever reported as an aggregate. Each set is
reported on its own and all together.

Each question goes through `ask`'s own path (a Dialogue over the offline solver, the person-facing cut of a text
answer, the "no answer found" decision). An answer counts as right when it is given (not "no answer found") and
equals an accepted answer after lower-casing and dropping marks and articles (or both are one number), or lies
between the short answer and a longer accepted variant (all of the first, nothing outside the second); for the
questions nothing answers, saying "no answer found" is right.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden" / "solver"
GOLDEN = GOLDEN_DIR / "user_text.jsonl"
# each set written at once by someone who had not seen the solver; halves are drawn within a set, so adding one
# never moves a context of an earlier set between halves
SETS = (GOLDEN, GOLDEN_DIR / "user_text_2.jsonl")
_MARKS = re.compile(r"[^\w%$£€.\s-]|(?<!\d)\.|\.(?!\d)")
_ARTICLES = re.compile(r"\b(?:the|a|an)\b")


def load(path: Path = GOLDEN) -> list[dict]:
    cases = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                cases.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"error: {path}:{n}: not JSON ({exc.msg}); each line holds one case") from exc
    return cases


def half_of(cases: list[dict]) -> dict[str, str]:
    """context_id -> "tune" / "held": the contexts sorted by a hash of their id, the first half tuned on."""
    ids = sorted({c["context_id"] for c in cases},
                 key=lambda i: hashlib.sha256(f"tabtext-user-text:{i}".encode()).hexdigest())
    return {cid: "tune" if k < (len(ids) + 1) // 2 else "held" for k, cid in enumerate(ids)}


def normalise(text: str) -> str:
    text = _MARKS.sub(" ", text.lower())
    return " ".join(_ARTICLES.sub(" ", text).split())


def _number(text: str) -> float | None:
    from tabtext.numbers import parse_number

    return parse_number(text.strip())


def matches(given: str, accepted: list[str]) -> bool:
    """Equal to an accepted answer (or the same one number), or between the short answer (listed first) and a
    longer accepted variant: holding all of the first and nothing that variant does not hold."""
    g = normalise(given)
    for a in accepted:
        if g == normalise(a):
            return True
        ng, na = _number(given), _number(a)
        if ng is not None and na is not None and abs(ng - na) < 1e-9:
            return True
    short = f" {normalise(accepted[0])} " if accepted else ""
    return bool(short.strip()) and short in f" {g} " and any(f" {g} " in f" {normalise(a)} " for a in accepted[1:])


def ask(case: dict) -> tuple[bool, str]:
    """(whether ask gives an answer rather than "no answer found", the answer or best guess as shown)."""
    from tabtext.commands.ask import Conversation, found
    from tabtext.engines.solver import SolverEngine
    from tabtext.types import Context, Paragraph, Table

    ctx = case["context"]
    tables = (Table.from_rows(ctx["table"]),) if ctx.get("table") else ()
    context = Context(tables=tables, paragraphs=tuple(Paragraph(str(i), t, i) for i, t in
                                                      enumerate(ctx.get("paragraphs", []), 1)))
    _, pred = Conversation(SolverEngine(), context).ask(case["question"])
    if pred.answer is None:
        return False, ""
    return found(pred), pred.answer.text()


def outcome(case: dict, found: bool, shown: str) -> str:
    if not case["answers"]:
        return "right (no answer found)" if not found else "wrong (answered the unanswerable)"
    if not found:
        return "no answer found (guess right)" if matches(shown, case["answers"]) else "no answer found"
    return "right" if matches(shown, case["answers"]) else "wrong"


def report(label: str, tally: dict[tuple[str, str], Counter]) -> None:
    """Per half: right overall, and for the text questions what `ask` answered and what it showed."""
    for half in ("tune", "held"):
        counts = [tally.get((half, source), Counter()) for source in ("text", "table", "none")]
        n = sum(sum(t.values()) for t in counts)
        if not n:
            continue
        right = sum(v for t in counts for k, v in t.items() if k.startswith("right"))
        text = counts[0]
        print(f"{label}{half} half: {right}/{n} right ({100 * right / n:.1f}%); answered from the text "
              f"{text['right']}/{sum(text.values())}, answer or best guess right "
              f"{text['right'] + text['no answer found (guess right)']}/{sum(text.values())}")
        for source, t in zip(("text", "table", "none"), counts):
            print(f"  answer in {source:5s}: " + ", ".join(f"{k} {v}" for k, v in sorted(t.items())))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, nargs="+", default=[p for p in SETS if p.exists()])
    ap.add_argument("--show", action="store_true", help="print the tune half's failures")
    args = ap.parse_args(argv)
    sets = {path.name: load(path) for path in args.file}
    ids = [c["context_id"] for cases in sets.values() for c in cases]
    if len(set(ids)) != len({(name, c["context_id"]) for name, cases in sets.items() for c in cases}):
        print("error: two sets share a context_id; give each context its own id", file=sys.stderr)
        return 2
    overall: dict[tuple[str, str], Counter] = {}
    for name, cases in sets.items():
        halves = half_of(cases)
        tally: dict[tuple[str, str], Counter] = {}
        for case in cases:
            half = halves[case["context_id"]]
            found, shown = ask(case)
            result = outcome(case, found, shown)
            for t in (tally, overall):
                t.setdefault((half, case["source"]), Counter())[result] += 1
            if half == "tune" and args.show and not result.startswith("right"):
                print(f"- [{case['context_id']} {case['kind']}] {case['question']!r}: {result}; shown {shown!r}, "
                      f"accepted {case['answers'][:2]!r}")
        report(f"{name} ", tally)
    if len(sets) > 1:
        report("all sets, ", overall)
    return 0


if __name__ == "__main__":
    sys.exit(main())
