"""Each hand rule switched off in turn, measured where it was not written: TAT-QA train's open part first.

The rules: the canonical-wording rows of ``lexicon/intent.py: REWORDINGS``, the operator cue rows of
``lexicon/cues.py: CUES`` and the named special cases of the question reading, the candidates and the TAT-QA
adapter (``SPECIAL``). Most were written from dev failures, so dev flatters them; train was never read to write
one. For each rule the script prints how often it fires (questions whose reading changes without it, or for the
special cases whose answer changes) on open train and open dev, and EM with it switched off: open train (the
questions the recovered set knows an answer for, scored as ``training/solver_lockbox.py`` scores them, with
every paragraph of their context as ``benchmarks/train_ranker.py`` gives them), open dev and the dev lockbox
(aggregates only, official scorer). The shipped ranker chooses throughout: a refit per rule would take hours.
``--people`` adds what serves people's questions: the user sets (tune and held, aggregates), the user tables and
the hand-written rewordings of dev questions (EM on the reworded side).

    PYTHONPATH=src:. python benchmarks/rule_ablation.py [--only NAME ...] [--people]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from unittest import mock

from lockbox import dev_file, split

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # training/ lives beside src/, not in the installed package

from training import train_set  # noqa: E402
from training.contexts import pooled  # noqa: E402
from training.solver_lockbox import em as train_em  # noqa: E402
from training.solver_lockbox import scored  # noqa: E402

from tabtext.benchmarks import tatqa  # noqa: E402
from tabtext.engines.solver import SolverEngine  # noqa: E402
from tabtext.engines.solver.lexicon import cues, intent  # noqa: E402
from tabtext.engines.solver.rank import candidates as cand_mod  # noqa: E402
from tabtext.engines.solver.reading import question  # noqa: E402
from tabtext.engines.solver.tasks import tatqa as task  # noqa: E402
from tabtext.run import score_predictions  # noqa: E402

NEVER = re.compile(r"(?!)")


class _ReWithout:
    """``re`` for a module whose inline test ``re.search(pattern, ...)`` should never match: an unnamed special
    case switched off without editing its module."""

    def __init__(self, pattern: str) -> None:
        self.pattern, self.asked = pattern, False

    def search(self, pattern, string, flags=0):  # type: ignore[no-untyped-def]
        self.asked = self.asked or pattern == self.pattern
        return None if pattern == self.pattern else re.search(pattern, string, flags)

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        if not self.asked and exc[0] is None:
            raise SystemExit(f"no test of question.py searches {self.pattern!r}: update rule_ablation.py")

    def __getattr__(self, name: str) -> object:
        return getattr(re, name)


def _inline(pattern: str) -> Callable[[], AbstractContextManager]:
    """Switch off the ``classify`` override guarded by ``re.search(pattern, ...)``."""
    @contextmanager
    def off() -> Iterator[None]:
        shim = _ReWithout(pattern)
        with mock.patch.object(question, "re", shim), shim:
            yield
    return off


@dataclass(frozen=True)
class Rule:
    """A hand rule that can be switched off: ``off`` patches it out; ``reading_only`` rules act only through
    ``question.classify``, so only the questions whose reading changes need answering again."""

    name: str
    kind: str
    off: Callable[[], AbstractContextManager]
    reading_only: bool = True


def _without(module: object, attr: str, name: str) -> Callable[[], AbstractContextManager]:
    rows = getattr(module, attr)
    return lambda: mock.patch.object(module, attr, tuple(r for r in rows if r.name != name))


SPECIAL: tuple[Rule, ...] = (
    Rule("text_question", "question", lambda: mock.patch.object(question, "_TEXT_Q", NEVER)),
    Rule("definition_question", "question", lambda: mock.patch.object(question, "_DEFINITION_Q", NEVER)),
    Rule("cause_question", "question", lambda: mock.patch.object(question, "_CAUSE_Q", NEVER)),
    Rule("absolute_change_is_diff", "question", _inline(r"\b(?:absolute|nominal) (?:percentage )?(?:change|difference)|"
                                                        r"percentage points?|\bchange in (?:the )?percentage of\b")),
    Rule("ratio_of_change_is_diff", "question", _inline(r"\b(?:change|increase|decrease|difference)\b")),
    Rule("respective_is_value", "question", _inline(r"\brespective")),
    Rule("expand_years", "question", lambda: mock.patch.object(question, "expand_years", lambda text, years: years)),
    Rule("spans_of_the_kind_asked", "tatqa", lambda: mock.patch.object(task, "spans_of_the_kind_asked",
                                                                    lambda reading, found: found), False),
    Rule("more_than", "tatqa", lambda: mock.patch.object(task, "more_than", lambda q, program: None), False),
    Rule("named_first", "tatqa", lambda: mock.patch.object(task, "named_first", lambda q, name, program, named:
                                                           (name, program)), False),
    Rule("stated_wording", "candidates", lambda: mock.patch.object(cand_mod, "stated_wording", lambda p, paras: None),
         False),
    Rule("table_lookup", "candidates", lambda: mock.patch.object(cand_mod, "table_lookup", lambda reading: None),
         False),
)


def all_rules() -> list[Rule]:
    return [*(Rule(r.name, "rewording", _without(intent, "REWORDINGS", r.name)) for r in intent.REWORDINGS),
            *(Rule(c.name, "cue", _without(cues, "CUES", c.name)) for c in cues.CUES), *SPECIAL]


@dataclass
class Part:
    """One set of questions with the shipped answers (``answers``) and a scorer of a whole answer dict."""

    name: str
    examples: list
    score: Callable[[list, dict], float]
    answers: dict = field(default_factory=dict)
    readings: dict = field(default_factory=dict)

    def solve(self) -> None:
        self.answers = answer_all(self.examples)
        self.readings = {ex.uid: question.classify(ex.question) for ex in self.examples}

    def without(self, rule: Rule) -> tuple[int, float]:
        """(how often the rule fires here, EM with it off); the rule must be switched off by the caller."""
        if rule.reading_only:
            changed = [ex for ex in self.examples if question.classify(ex.question) != self.readings[ex.uid]]
            fires = len(changed)
        else:
            changed = self.examples
        answers = {**self.answers, **answer_all(changed)}
        if not rule.reading_only:
            fires = sum(_shown(answers[uid]) != _shown(self.answers[uid]) for uid in answers)
        return fires, self.score(self.examples, answers)


def _shown(prediction) -> tuple:  # type: ignore[no-untyped-def]
    answer = prediction.answer
    return (None,) if answer is None else (str(answer.value), answer.scale)


def answer_all(examples: list) -> dict:
    engine = SolverEngine()
    return {ex.uid: engine.answer_one(ex) for ex in examples}


def train_score(examples: list, answers: dict) -> float:
    return 100 * sum(train_em(ex, answers[ex.uid]) for ex in examples) / len(examples)


def dev_score(examples: list, answers: dict) -> float:
    return 100 * score_predictions("tatqa", examples, {ex.uid: answers[ex.uid] for ex in examples}).scores["em"]


def parts() -> list[Part]:
    train_open, _ = train_set.split(pooled(train_set.load()))  # the train lockbox is never read here
    dev_open, dev_box = split(tatqa.load(dev_file()))
    return [Part("train open", scored(train_open), train_score), Part("dev open", dev_open, dev_score),
            Part("DEV LOCKBOX", dev_box, dev_score)]


def people() -> dict[str, float]:
    """Aggregates of the sets that serve people's questions: user sets (singles + turns right, per half), user
    tables right, and EM on the hand-written rewordings of open dev questions."""
    import rewordings
    import user_sets
    import user_tables

    out: dict[str, float] = {"sets tune": 0, "sets held": 0}
    for folder in sorted(p for p in user_sets.SETS_DIR.iterdir() if (p / "questions.jsonl").is_file()):
        for half, totals in user_sets.run_set(folder, False).items():
            out[f"sets {half}"] += totals["singles"][0] + totals["turns"][0]
    out["user tables"] = sum(user_tables.got(user_tables.predict(c)) == user_tables.expected(c)
                             for c in user_tables.load())
    _, reworded = rewordings.paired_examples(tatqa.load(dev_file()), rewordings.load_rewordings())
    scores = rewordings.item_scores(reworded)
    out["rewordings"] = 100 * sum(float(s["em"]) for s in scores.values()) / len(scores)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", default=None, help="rule names to measure (default: every rule)")
    ap.add_argument("--people", action="store_true", help="also the user sets, user tables and rewordings")
    args = ap.parse_args(argv)
    rules = [r for r in all_rules() if args.only is None or r.name in args.only]
    data = parts()
    for part in data:
        part.solve()
    base = [part.score(part.examples, part.answers) for part in data]
    base_people = people() if args.people else {}
    head = f"{'rule off':28s} {'kind':10s} {'fires tr/dev':>12s}" + "".join(f"{p.name:>13s}" for p in data)
    print(head + "".join(f"{k:>12s}" for k in base_people))
    print(f"{'(none: shipped)':28s} {'':10s} {'':>12s}" + "".join(f"{b:13.2f}" for b in base) +
          "".join(f"{v:12.2f}" for v in base_people.values()))
    for rule in rules:
        with rule.off():
            got = [part.without(rule) for part in data]
            moved = people() if args.people else {}
        deltas = "".join(f"{em - b:+13.2f}" for (_, em), b in zip(got, base))
        fires = f"{got[0][0]}/{got[1][0]}"
        print(f"{rule.name:28s} {rule.kind:10s} {fires:>12s}{deltas}" +
              "".join(f"{v - base_people[k]:+12.2f}" for k, v in moved.items()), flush=True)
    print("figures after the first row: EM change with the rule off (negative: the rule pays there); "
          "fires: open train / open dev questions it changes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
