"""Structure the issue asked for: one arithmetic evaluator (tabtext.calc) outside the official scorers' own
rules, and tests that use the package, never private copies put on sys.path from benchmarks/."""

from __future__ import annotations

import re
from pathlib import Path

from tabtext.metrics import chatrag

TESTS = Path(__file__).resolve().parent


def test_the_strict_convfinqa_rule_reads_runs_with_calc(monkeypatch):
    seen = []

    def recording_evaluate(expression):
        seen.append(expression)
        return 42.0

    monkeypatch.setattr(chatrag, "evaluate", recording_evaluate)
    assert chatrag.strict_value("It is (60.94 - 25.14) / 25.14 so about") == (42.0, False)
    assert seen == ["(60.94 - 25.14) / 25.14"]
    assert not hasattr(chatrag, "_evaluate")


def test_strict_value_keeps_its_pinned_fallbacks():
    assert chatrag.strict_value("1.5 + 2 * 3") == (7.5, False)
    assert chatrag.strict_value("up 3 / 0 %") == (0.0, True)  # not arithmetic: the last number of the run
    assert chatrag.strict_value("no number") == (None, False)


def test_no_test_imports_a_private_copy_from_benchmarks():
    offenders = [p.name for p in TESTS.glob("*.py")
                 if re.search(r"sys\.path\.insert\(.*benchmarks", p.read_text(encoding="utf-8"))]
    assert not offenders
