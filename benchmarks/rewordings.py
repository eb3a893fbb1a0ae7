"""How much EM the solver loses when TAT-QA dev questions are reworded without changing their meaning.

``benchmarks/data/rewordings.jsonl`` holds hand-written rewordings of open-part dev questions (never lockbox
ones): one row per question with uid, question (the original, for checking), rewording, half ("tune" or
"check", by a hash of the table uid) and style (what was changed). This script runs the solver on the
originals and on the rewordings and prints EM / F1 of each and the drop, overall, per half, per style and per
answer_type. Tune on the "tune" half only (``--show-tune N`` prints N of its failures); report the "check" half.

    PYTHONPATH=src python benchmarks/rewordings.py [--file DEV.json] [--show-tune N]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from lockbox import dev_file, is_lockbox

REWORDINGS = Path(__file__).resolve().parent / "data" / "rewordings.jsonl"


def load_rewordings(path: Path = REWORDINGS) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def paired_examples(examples: Sequence, rows: Sequence[dict[str, str]]) -> tuple[list, list]:
    """(originals, reworded): the dev Examples of the rows, and the same with the question text swapped."""
    by_uid = {ex.uid: ex for ex in examples}
    originals, reworded = [], []
    for row in rows:
        ex = by_uid[row["uid"]]
        if is_lockbox(str(ex.meta.get("table_uid", ex.uid))):
            raise SystemExit(f"{REWORDINGS}: uid {row['uid']} is in the lockbox; remove that row")
        originals.append(ex)
        reworded.append(dataclasses.replace(ex, question=row["rewording"]))
    return originals, reworded


def item_scores(examples: Sequence) -> dict[str, dict[str, object]]:
    """uid -> {em, f1, prediction} of the solver on these examples."""
    from tabtext.engines.solver import SolverEngine
    from tabtext.run import score_predictions

    preds = {p.uid: p for p in SolverEngine().answer(list(examples))}
    report = score_predictions("tatqa", examples, preds)
    return {str(it["uid"]): {"em": float(it["em"]), "f1": float(it["f1"]), "prediction": preds.get(str(it["uid"]))}
            for it in report.items}


def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return 100 * sum(values) / len(values) if values else 0.0


def print_table(title: str, rows: Sequence[dict[str, str]], key: Callable[[dict[str, str]], str],
                before: dict, after: dict) -> None:
    groups: dict[str, list[str]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row["uid"])
    print(f"\n{title:<14} {'n':>4}  {'EM orig':>7} {'EM rew':>7} {'drop':>6}  {'F1 orig':>7} {'F1 rew':>7} {'drop':>6}")
    for name, uids in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        em0, em1 = _mean(before[u]["em"] for u in uids), _mean(after[u]["em"] for u in uids)
        f0, f1 = _mean(before[u]["f1"] for u in uids), _mean(after[u]["f1"] for u in uids)
        print(f"{name:<14} {len(uids):>4}  {em0:7.2f} {em1:7.2f} {em0 - em1:6.2f}  {f0:7.2f} {f1:7.2f} {f0 - f1:6.2f}")


def _answer_text(pred: object) -> str:
    answer = getattr(pred, "answer", None)
    return "no answer" if answer is None else f"{answer.value!r} [{answer.scale}] {answer.derivation}"


def show_tune_failures(rows: Sequence[dict[str, str]], originals: Sequence, before: dict, after: dict,
                       limit: int) -> None:
    """Tune-half rewordings the solver gets wrong, those it got right in the original wording first."""
    gold = {ex.uid: ex.gold[0] for ex in originals}
    tune = [r for r in rows if r["half"] == "tune" and after[r["uid"]]["em"] < 1]
    tune.sort(key=lambda r: -before[r["uid"]]["em"])
    print(f"\n{len(tune)} tune-half rewordings wrong; showing {min(limit, len(tune))}")
    for row in tune[:limit]:
        g = gold[row["uid"]]
        print(f"\n[{row['style']}] original (EM {before[row['uid']]['em']:.0f}): {row['question']}\n"
              f"  reworded: {row['rewording']}\n  gold: {g.value!r} [{g.scale}] {g.derivation}\n"
              f"  pred on original: {_answer_text(before[row['uid']]['prediction'])}\n"
              f"  pred on rewording: {_answer_text(after[row['uid']]['prediction'])}")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=None, help="TAT-QA dev file (default: $TABTEXT_DATA/tatqa/...)")
    ap.add_argument("--show-tune", type=int, default=0, metavar="N", help="print N failures of the tune half")
    args = ap.parse_args(argv)
    from tabtext.benchmarks import tatqa

    rows = load_rewordings()
    originals, reworded = paired_examples(tatqa.load(args.file or dev_file()), rows)
    before, after = item_scores(originals), item_scores(reworded)
    answer_type = {ex.uid: str(ex.meta.get("answer_type", "")) for ex in originals}
    print(f"{len(rows)} rewordings of open-part TAT-QA dev questions ({REWORDINGS.name})")
    print_table("all", rows, lambda r: "all", before, after)
    print_table("half", rows, lambda r: r["half"], before, after)
    print_table("style", rows, lambda r: r["style"], before, after)
    print_table("answer_type", rows, lambda r: answer_type[r["uid"]], before, after)
    if args.show_tune:
        show_tune_failures(rows, originals, before, after, args.show_tune)


if __name__ == "__main__":
    sys.exit(main())
