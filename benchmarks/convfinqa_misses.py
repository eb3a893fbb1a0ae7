"""ConvFinQA dev's missed turns counted by cause, per half (counts only: half B is held out).

    PYTHONPATH=src TABTEXT_DATA=/work/shared/data python benchmarks/convfinqa_misses.py [--show CAUSE] [--n 20]

Each turn the solver misses (strict EM) gets one cause, the first that holds:
unanswered; sign (the negated gold); scale (x or / 100 or 1000); rounding (within 5%); shape (the gold formula's
operators differ from the answer's); reference (same shape, a wrong number that an earlier turn's formula holds);
then, for a wrong new number of a formula of the right shape: where the gold number is in the document (table only,
text only, both, nowhere) and whether the hand score's best few for the turn's subject and year hold it
(``shortlist``) or not. ``--show CAUSE`` prints half A's turns of that cause (half B: never).

``--groups`` also prints strict EM per half by dialogue kind (Single / Double: two FinQA questions in one
dialogue) and turn kind (the first turn; a later turn whose gold uses no earlier answer's number; one that does),
and each half's 95% interval by resampling its dialogues. ``--ties`` prints, for turns whose gold is one number,
how the hand score's top candidate meets the gold among near ties (within ``TIE``): the gold on top (won), the
gold tied lower (lost), and whether the winner's label carries more words the question does not ask.
``--threads`` counts later turns per half and dialogue kind by whether the gold and the answer use an earlier
turn's number (and, when both do, whether the answer's earlier turns cover the gold's), and the catch-all lookup's
turns by the operator the wording names (``Turn.op``), the gold's shape and the outcome. ``--shapes`` counts later
turns by the gold program's shape (the earlier turns it uses, counted back from the turn: "-2,-1", or "fresh"; its
operators) and whether the answer uses the same earlier turns, the groups with at least ``--min`` misses.
"""

from __future__ import annotations

import argparse
import collections
import random
import re

from convfinqa_eval import DEFAULT, evaluate, half_of

from tabtext.benchmarks.chatrag.convfinqa import load_native
from tabtext.engines.solver.tasks.convfinqa.ground import content_words
from tabtext.engines.solver.tasks.convfinqa.read import read
from tabtext.engines.solver.tasks.convfinqa.turns import steps_of

_NUMBER = re.compile(r"(?<![\w.])-?(?:\d+(?:\.\d+)?|\.\d+)%?")
_OPS = re.compile(r"[-+*/]")
SHORT = 3
TIE = 0.2


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


def turn_kind(r: dict, ex) -> str:
    steps = steps_of(ex)
    if not steps:
        return "first turn"
    earlier = {n for s in steps for n in _numbers(s.formula)}
    uses = any(_close(g, e, 1e-9) for g in _numbers(str(r["formula"])) for e in earlier)
    return "uses an earlier answer" if uses else "new, later turn"


def print_groups(examples, rows) -> None:
    """Strict EM per half by dialogue kind and turn kind, and each half's dialogue-bootstrap 95% interval."""
    cells: dict[tuple, list[int]] = collections.defaultdict(list)
    dialogues: dict[str, dict[str, list[int]]] = {"A": collections.defaultdict(list), "B": collections.defaultdict(list)}
    for ex, r in zip(examples, rows):
        half, kind = half_of(r["uid"]), r["uid"].split("_", 1)[0]
        cells[(kind, turn_kind(r, ex), half)].append(r["strict"])
        dialogues[half][r["uid"].rsplit("#", 1)[0]].append(r["strict"])
    print("| dialogue | turn | A turns | A strict | B turns | B strict |\n|---|---|---|---|---|---|")
    for kind, turn in sorted({k[:2] for k in cells}):
        a, b = cells[(kind, turn, "A")], cells[(kind, turn, "B")]
        print(f"| {kind} | {turn} | {len(a)} | {100 * sum(a) / max(len(a), 1):.1f} | {len(b)} | "
              f"{100 * sum(b) / max(len(b), 1):.1f} |")
    for half, by in dialogues.items():
        rnd, keys, ems = random.Random(0), list(by), []
        for _ in range(2000):
            drawn = [by[rnd.choice(keys)] for _ in keys]
            ems.append(100 * sum(map(sum, drawn)) / sum(map(len, drawn)))
        ems.sort()
        print(f"half {half}: {len(keys)} dialogues, strict EM 95% interval by resampling them "
              f"{ems[50]:.2f} - {ems[1950]:.2f}")


def tie_outcome(ex) -> str | None:
    """How the hand score's top candidate meets a one-number gold among the near ties; None when none applies."""
    if _ops(str(ex.gold[0].value)):
        return None
    try:
        gold = abs(float(ex.meta["exe_answer"]))
    except ValueError:
        return None
    t = read(ex)
    if not t.subject or not t.doc.candidates:
        return None
    scored = sorted(((t.doc.score(c, t.subject, t.qyears[:1], t.question), -i, c)
                     for i, c in enumerate(t.doc.candidates)), key=lambda s: (s[0], s[1]), reverse=True)
    tied = [c for s, _, c in scored if scored[0][0] - s < TIE]
    at = next((k for k, c in enumerate(tied) if _close(abs(c.value), gold, 1e-9)), None)
    if len(tied) < 2 or at is None:
        return None
    right, other = (tied[0], tied[1]) if at == 0 else (tied[at], tied[0])
    subject = set(t.subject)
    extra = [len(set(content_words(c.label)) - subject) for c in (right, other)]
    longer = "more" if extra[0] > extra[1] else "fewer" if extra[0] < extra[1] else "the same"
    where = f"gold {right.source}, other {other.source}" + (", same row" if right.source == other.source == "table"
                                                             and right.key[:2] == other.key[:2] else "")
    return f"{'won' if at == 0 else 'lost'}: unasked words in the gold's label against the other's: {longer}; {where}"


def print_ties(examples) -> None:
    counts = {"A": collections.Counter(), "B": collections.Counter()}
    for ex in examples:
        outcome = tie_outcome(ex)
        if outcome:
            counts[half_of(ex.uid)][outcome] += 1
    print(f"| near tie (within {TIE}) | A | B |\n|---|---|---|")
    for outcome in sorted(set(counts["A"]) | set(counts["B"])):
        print(f"| {outcome} | {counts['A'][outcome]} | {counts['B'][outcome]} |")


def _turns_used(formula: str, steps) -> set[int]:
    mine = _numbers(formula)
    return {k for k, s in enumerate(steps) if any(_close(g, e, 1e-9) for g in mine for e in _numbers(s.formula))}


def thread_key(r: dict, ex) -> tuple[str, ...] | None:
    """(dialogue kind, the gold refers back or starts fresh, the answer likewise, same or other earlier turns)."""
    steps = steps_of(ex)
    if not steps:
        return None
    gold, pred = _turns_used(str(r["formula"]), steps), _turns_used(r["derivation"], steps)
    both = ("same turns" if gold <= pred else "other turns") if gold and pred else ""
    return (r["uid"].split("_", 1)[0], f"gold {'refers' if gold else 'fresh'}", f"answer {'refers' if pred else 'fresh'}",
            both)


def lookup_key(r: dict, ex) -> tuple[str, ...] | None:
    """For the catch-all lookup: the operator the wording names, first or later turn, the gold's shape, outcome."""
    if r["pattern"] != "lookup":
        return None
    t = read(ex)
    return (f"lookup, wording {t.op}", "first turn" if not t.steps else "later turn",
            f"gold {'computes' if _ops(str(r['formula'])) else 'looks up'}", "right" if r["strict"] else "missed")


def shape_key(r: dict, ex) -> tuple[str, ...] | None:
    """(the earlier turns the gold uses, counted back from the turn; its operators; the answer's turns alike)."""
    steps = steps_of(ex)
    if not steps:
        return None

    def back(formula: str) -> str:
        return ",".join(str(k - len(steps)) for k in sorted(_turns_used(formula, steps))) or "fresh"

    gold = back(str(r["formula"]))
    return (gold, "".join(_ops(str(r["formula"]))) or "lookup",
            "answer: same turns" if back(r["derivation"]) == gold else "answer: other turns")


def print_shapes(examples, rows, least: int) -> None:
    cells: dict[tuple, list[int]] = collections.defaultdict(list)
    for ex, r in zip(examples, rows):
        k = shape_key(r, ex)
        if k is not None:
            cells[(k, half_of(r["uid"]))].append(r["strict"])
    misses = {k: sum(len(v) - sum(v) for (kk, _), v in cells.items() if kk == k) for k, _ in cells}
    print("| gold's earlier turns | gold's operators | answer | A turns | A right | B turns | B right |\n"
          "|---|---|---|---|---|---|---|")
    for k in sorted((k for k in misses if misses[k] >= least), key=lambda k: -misses[k]):
        a, b = cells[(k, "A")], cells[(k, "B")]
        print(f"| {' | '.join(k)} | {len(a)} | {sum(a)} | {len(b)} | {sum(b)} |")


def print_threads(examples, rows) -> None:
    for name, key in (("thread", thread_key), ("catch-all", lookup_key)):
        cells: dict[tuple, list[int]] = collections.defaultdict(list)
        for ex, r in zip(examples, rows):
            k = key(r, ex)
            if k is not None:
                cells[(k, half_of(r["uid"]))].append(r["strict"])
        print(f"| {name} | A turns | A right | B turns | B right |\n|---|---|---|---|---|")
        for k in sorted({k for k, _ in cells}):
            a, b = cells[(k, "A")], cells[(k, "B")]
            print(f"| {', '.join(filter(None, k))} | {len(a)} | {sum(a)} | {len(b)} | {sum(b)} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(DEFAULT))
    ap.add_argument("--show", default="", help="print half A's missed turns of this cause")
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--groups", action="store_true", help="strict EM by dialogue kind and turn kind, per half")
    ap.add_argument("--ties", action="store_true", help="the hand score's near ties won and lost, per half")
    ap.add_argument("--threads", action="store_true", help="later turns by reference to earlier turns, and the "
                                                           "catch-all lookup by the operator its wording names")
    ap.add_argument("--shapes", action="store_true", help="later turns by the gold program's shape against the answer")
    ap.add_argument("--min", type=int, default=3, help="with --shapes: the fewest misses (both halves) a group shows")
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
    if args.groups:
        print_groups(examples, rows)
    if args.ties:
        print_ties(examples)
    if args.threads:
        print_threads(examples, rows)
    if args.shapes:
        print_shapes(examples, rows, args.min)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
