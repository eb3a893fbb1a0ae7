"""Golden cases as data for every pattern row (tests/golden/solver/{tatqa_patterns,follow_ups,convfinqa_patterns}
.jsonl): a tiny table, the question (and the earlier turns of a follow-up) and the whole Program the row must
build, in its typed JSON form. A case whose current Program is wrong carries ``"xfail"``: the reason, with the
right Program where it is written (strict: a fix that makes it pass must drop the mark). A new row without a
case fails ``test_every_pattern_row_has_a_golden_case``."""

import json
from pathlib import Path

import pytest

from tabtext.engines.solver.dialogue.conversation import FOLLOW_UPS, Dialogue
from tabtext.engines.solver.patterns.table_patterns import PATTERNS, table_candidates
from tabtext.engines.solver.rank.candidates import read
from tabtext.engines.solver.tasks.convfinqa.answer import PATTERNS as CONVFINQA_PATTERNS
from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.types import Context, Example, Paragraph, Table, Turn

GOLDEN = Path(__file__).parent / "golden" / "solver"
TABLES = {"tatqa_patterns": PATTERNS, "follow_ups": FOLLOW_UPS, "convfinqa_patterns": CONVFINQA_PATTERNS}


def _cases(family: str) -> list[dict]:
    return [json.loads(line) for line in (GOLDEN / f"{family}.jsonl").read_text().splitlines() if line]


def _params(family: str) -> list:
    return [pytest.param(c, id=f"{c['pattern']}: {c['question']}",
                         marks=[pytest.mark.xfail(reason=c["xfail"], strict=True)] if "xfail" in c else [])
            for c in _cases(family)]


def _context(case: dict) -> Context:
    return Context((Table.from_rows(case["context"]["table"]),),
                   tuple(Paragraph(str(i), t) for i, t in enumerate(case["context"]["paragraphs"])))


@pytest.mark.parametrize("family", sorted(TABLES))
def test_every_pattern_row_has_a_golden_case(family):
    missing = {p.name for p in TABLES[family]} - {c["pattern"] for c in _cases(family)}
    assert not missing, f"pattern rows of {family} without a golden case in {family}.jsonl: {sorted(missing)}"


@pytest.mark.parametrize("case", _params("tatqa_patterns"))
def test_table_pattern_builds_its_program(case):
    example = Example("golden", case["question"], _context(case), meta={"benchmark": "tatqa"})
    built = {name: program.to_json() for name, (program, _) in table_candidates(read(example).ctx)}
    assert built.get(case["pattern"]) == case["program"], case["why"]


@pytest.mark.parametrize("case", _params("follow_ups"))
def test_follow_up_builds_its_program(case):
    dialogue = Dialogue(_context(case))
    for question in case["earlier"]:
        dialogue.ask(question)
    reply = dialogue.ask(case["question"])
    assert reply.program is not None, reply.error
    assert reply.program.to_json() == case["program"], case["why"]


@pytest.mark.parametrize("case", _params("convfinqa_patterns"))
def test_convfinqa_pattern_builds_its_program(case):
    history = tuple(t for q, a in case["earlier"] for t in (Turn("user", q), Turn("assistant", a)))
    example = Example("golden#0", case["question"], _context(case), history=history,
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    pred = answer_convfinqa(example)
    if case["program"] is None and "xfail" in case:  # the right Program is not written yet: the row, and a Program
        assert pred.meta.get("pattern") == case["pattern"] and pred.meta.get("program") is not None, case["why"]
    assert (pred.meta.get("pattern"), pred.meta.get("program")) == (case["pattern"], case["program"]), case["why"]
