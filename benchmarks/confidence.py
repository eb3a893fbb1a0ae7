"""How far a person can trust the confidence: reliability (share right by confidence bin) and how many answers sit
within 0.05 of the threshold below which `ask` / `serve` / `batch` say "no answer found" (MIN_CONFIDENCE).

    PYTHONPATH=src python benchmarks/confidence.py [--threshold 0.5] [--sweep]

Where people's answers come from, each read as its own script reads it: the TUNE halves of the user sets
(``user_sets.py``: singles and conversation turns through `ask`), own conversations' tune half
(``own_conversations.py``), user tables' tune half (``user_tables.py``), and TAT-QA dev's OPEN part (``lockbox.py``:
EM by the official scorer). An answer counts as right when it would be right if given ("none" items: right only
when nothing is answered). "near" counts the answers whose giving hinges on the confidence (not a fixed
follow-up / named-measure confidence, not rescued by the reader's own "found" or the kind asked) within 0.05 of
the threshold. The held halves print one aggregate line each (the near count and the answers given), never an
item. ``--sweep`` prints, per threshold, right answers given and wrong ones given on the tune sets and open dev:
the threshold is a fitted parameter chosen there, never on the held halves.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import own_conversations  # noqa: E402
import user_sets  # noqa: E402
import user_tables  # noqa: E402
from lockbox import dev_file, split  # noqa: E402

from tabtext.engines.solver.dialogue import conversation  # noqa: E402

BINS = (0.0, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.8, 0.9, 1.01)
#: confidences set by hand, not by the ranker (a follow-up pattern, a named measure): no threshold hinges on them
FIXED = (conversation.FOLLOW_UP_CONFIDENCE, 0.9)


@dataclasses.dataclass(frozen=True)
class Scored:
    """One answer: its confidence, whether it is right if given, and whether its giving hinges on the confidence."""

    confidence: float
    right: bool
    hinges: bool


def _hinges(pred) -> bool:  # type: ignore[no-untyped-def]
    from tabtext.engines.solver.reader import NO_ANSWER_THRESHOLD

    found = pred.meta.get("reader_found")
    rescued = isinstance(found, (int, float)) and found >= NO_ANSWER_THRESHOLD
    return not rescued and not pred.meta.get("of_the_kind_asked") and pred.meta.get("confidence") not in FIXED


def _user_item(expected: dict, pred, question: str) -> Scored | None:  # type: ignore[no-untyped-def]
    confidence = pred.meta.get("confidence")
    if pred.answer is None or not isinstance(confidence, (int, float)):
        return None
    given = dataclasses.replace(pred, meta={**pred.meta, "of_the_kind_asked": True})  # as if given
    return Scored(float(confidence), user_sets.right(expected, given, question), _hinges(pred))


def user_set_items(half: str) -> list[Scored]:
    from tabtext import ask

    out: list[Scored] = []
    for folder in sorted(p for p in user_sets.SETS_DIR.iterdir() if (p / "questions.jsonl").is_file()):
        for item in user_sets.load(folder / "questions.jsonl"):
            if item["half"] == half:
                context = user_sets.context_of(folder, item)
                pred = ask(item["question"], tables=list(context.tables), text=[p.text for p in context.paragraphs])
                out.append(_user_item(item["expected"], pred, item["question"]))
        for item in user_sets.load(folder / "conversations.jsonl"):
            if item["half"] == half:
                conv = user_sets.conversation(user_sets.context_of(folder, item))
                for turn in item["turns"]:
                    out.append(_user_item(turn["expected"], conv.ask(turn["question"])[1], turn["question"]))
    return [s for s in out if s is not None]


def own_conversation_items(half: str) -> list[Scored]:
    out = []
    for case in own_conversations.load():
        if case["half"] == half:
            dialogue = conversation.Dialogue(own_conversations.context_of(case))
            for turn in case["turns"]:
                reply = dialogue.ask(turn["question"])
                if reply.answer is not None:
                    rescued = conversation.stands_behind(-1.0, reply.reader_found)  # the reader's own "found"
                    out.append(Scored(reply.confidence, own_conversations.right(reply.answer, turn),
                                      not rescued and reply.confidence not in FIXED))
    return out


def user_table_items(half: str) -> list[Scored]:
    out = []
    for case in user_tables.load():
        if case["half"] == half:
            pred = user_tables.predict(case)
            if pred.answer is not None:
                out.append(Scored(float(pred.meta["confidence"]), user_tables.got(pred) == user_tables.expected(case),
                                  _hinges(pred)))
    return out


def tatqa_open_items() -> list[Scored]:
    from tabtext.benchmarks import tatqa
    from tabtext.engines.solver.tasks.tatqa import answer_example
    from tabtext.run import score_predictions

    examples = split(tatqa.load(dev_file()))[0]
    preds = {ex.uid: answer_example(ex) for ex in examples}
    items = score_predictions("tatqa", examples, preds).items
    return [Scored(float(preds[i["uid"]].meta["confidence"]), bool(i["em"]), _hinges(preds[i["uid"]]))
            for i in items if preds[i["uid"]].answer is not None]


def near(items: list[Scored], threshold: float, width: float = 0.05) -> int:
    return sum(s.hinges and abs(s.confidence - threshold) < width for s in items)


def reliability(name: str, items: list[Scored], threshold: float) -> None:
    print(f"{name}: {len(items)} answers, {sum(s.right for s in items)} right if given; "
          f"{near(items, threshold)} within 0.05 of {threshold} ({near(items, threshold, 0.01)} within 0.01)")
    for lo, hi in zip(BINS, BINS[1:]):
        inside = [s for s in items if lo <= s.confidence < hi]
        if inside:
            share = 100 * sum(s.right for s in inside) / len(inside)
            print(f"  [{lo:.2f}, {min(hi, 1.0):.2f}) {len(inside):5d} answers {share:6.1f}% right")


def sweep(sets: dict[str, list[Scored]]) -> None:
    print("threshold   " + "".join(f"{name[:22]:>24s}" for name in sets) + "   (right given / wrong given)")
    for t in (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6):
        cells = [f"{sum(s.right for s in v if s.confidence >= t or not s.hinges)} / "
                 f"{sum(not s.right for s in v if s.confidence >= t or not s.hinges)}" for v in sets.values()]
        print(f"{t:9.2f}   " + "".join(f"{c:>24s}" for c in cells))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threshold", type=float, default=conversation.MIN_CONFIDENCE)
    ap.add_argument("--sweep", action="store_true", help="right / wrong answers given per threshold (tune, open dev)")
    ap.add_argument("--no-tatqa", action="store_true", help="skip TAT-QA dev's open part (the slowest)")
    args = ap.parse_args(argv)
    sets = {"user sets tune": user_set_items("tune"), "own conversations tune": own_conversation_items("tune"),
            "user tables tune": user_table_items("tune")}
    if not args.no_tatqa:
        sets["tatqa dev open"] = tatqa_open_items()
    for name, items in sets.items():
        reliability(name, items, args.threshold)
    people = [s for name, v in sets.items() if not name.startswith("tatqa") for s in v]
    print(f"people's tune answers within 0.05 of {args.threshold}: {near(people, args.threshold)}")
    held = user_set_items("held") + own_conversation_items("held") + user_table_items("held")
    print(f"HELD halves (aggregate only): {len(held)} answers, {near(held, args.threshold)} within 0.05 of "
          f"{args.threshold}, {near(held, args.threshold, 0.01)} within 0.01")
    if args.sweep:
        sweep(sets)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
