"""Golden cases on tables a user writes (tests/golden/solver/tatqa_own_tables.jsonl): an income statement with
years oldest-first, a balance sheet, a staff table with text-valued cells. Each case names the answer, its
scale, the operator of the Program and the pattern that must propose it."""

import json
from pathlib import Path

import pytest

from tabtext.engines.solver.program.program import Program
from tabtext.engines.solver.tasks.tatqa import answer_example
from tabtext.types import Context, Example, Paragraph, Table

CASES = [json.loads(line) for line in
         (Path(__file__).parent / "golden" / "solver" / "tatqa_own_tables.jsonl").read_text().splitlines() if line]


@pytest.mark.parametrize("case", CASES, ids=[c["question"] for c in CASES])
def test_own_table_case(case):
    context = Context((Table.from_rows(case["context"]["table"]),),
                      tuple(Paragraph(str(i), t) for i, t in enumerate(case["context"]["paragraphs"])))
    pred = answer_example(Example("own", case["question"], context, meta={"benchmark": "tatqa"}))
    assert pred.answer is not None, pred.error
    expected = tuple(case["answer"]) if isinstance(case["answer"], list) else case["answer"]
    assert (pred.answer.value, pred.answer.scale) == (expected, case["scale"]), case["why"]
    program = Program.from_json(pred.meta["program"])
    assert (program.op, pred.meta["pattern"]) == (case["program_op"], case["pattern"]), case["why"]
