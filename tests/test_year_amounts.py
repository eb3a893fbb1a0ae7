"""The year_amounts text candidate: one amount per asked year from the sentence that pairs each year with its
amount, in the question's order (golden cases in tests/golden/solver/text_patterns.jsonl); an arithmetic
question, a year the sentence gives no amount for, or a date's day gets none."""

import json
import sys
from pathlib import Path

import pytest

from tabtext.engines.solver.rank.candidates import candidates, read
from tabtext.types import Example

sys.path.insert(0, str(Path(__file__).parent))
from test_golden_programs import GOLDEN, _context  # noqa: E402

TABLE = [["", "2019", "2018"], ["Revenue", "900", "850"]]
CASES = [json.loads(line) for line in (GOLDEN / "text_patterns.jsonl").read_text().splitlines() if line]


def _proposed(question: str, paragraphs: list[str], table: list = TABLE) -> dict:
    ex = Example("t", question, _context({"context": {"table": table, "paragraphs": paragraphs}}),
                 meta={"benchmark": "tatqa"})
    return {c.name: c.program for c in candidates(read(ex))}


@pytest.mark.parametrize("case", CASES, ids=[c["question"] for c in CASES])
def test_golden_text_pattern_builds_its_program(case):
    found = _proposed(case["question"], case["context"]["paragraphs"], case["context"]["table"])
    assert found[case["pattern"]].to_json() == case["program"], case["why"]


def test_amounts_follow_the_years_asked_order():
    text = ["Rent was $3.0 million in 2019, $2.5 million in 2018 and $2.0 million in 2017."]
    program = _proposed("What was the rent in 2017 and 2019?", text)["year_amounts"]
    assert program.answer_value == ("$2.0 million", "$3.0 million")


def test_an_arithmetic_question_gets_none():
    text = ["Rent was $3.0 million in 2019 and $2.5 million in 2018."]
    assert "year_amounts" not in _proposed("What was the change in rent from 2018 to 2019?", text)


def test_a_year_without_its_amount_gets_none():
    text = ["Rent was $3.0 million in 2019. The lease was signed in 2018."]
    assert "year_amounts" not in _proposed("What was the rent in 2019 and 2018 respectively?", text)


def test_a_dates_day_is_not_an_amount():
    text = ["The plan was amended on December 31, 2019 and again on March 15, 2018."]
    assert "year_amounts" not in _proposed("What were the plan amendments in 2019 and 2018?", text)
