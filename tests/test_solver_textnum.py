"""Arithmetic over amounts written in paragraphs."""

from tabtext.engines.solver.patterns.textnum import amounts, text_arithmetic
from tabtext.engines.solver.reading.question import classify
from tabtext.types import Paragraph


def test_amounts_skip_years_and_durations():
    found = amounts("In February 2016, we granted 547,000 PSUs over 3 years, $1.2 million and (3.5)% of sales.")
    assert [(v, unit) for v, unit, _, _ in found] == [(547000.0, ""), (1.2, "million"), (-3.5, "percent")]


def test_amounts_per_year_with_respectively():
    paragraphs = [Paragraph("p", "The Company recognized stock-based compensation related to RSUs of $0.3 million, "
                                 "$0.9 million and $0.6 million in 2019, 2018 and 2017, respectively.")]
    program, op = text_arithmetic(
        classify("What is the total stock-based compensation related to RSUs in 2018 and 2019?"), paragraphs)
    answer = program.run()
    assert (answer.value, answer.scale, answer.derivation, op) == ("1.2", "million", "0.9 + 0.3", "sum")
    assert [ev.text for ev in program.evidence()] == ["0.9 million", "0.3 million"]


def test_change_from_a_to_b():
    paragraphs = [Paragraph("p", "Net sales increased from $12.0 million in 2018 to $15.0 million in 2019.")]
    program, op = text_arithmetic(classify("What was the change in net sales from 2018 to 2019?"), paragraphs)
    answer = program.run()
    assert (answer.value, answer.derivation, op) == ("3", "15 - 12", "diff")


def test_text_numbers_carry_their_subject_words():
    from tabtext.engines.solver.patterns.textnum import text_numbers

    found = text_numbers([Paragraph("p", "Net sales increased from $12.0 million in 2018 to $15.0 million in 2019.")])
    assert [(n.value, n.text) for n in found] == [(12.0, "12.0 million"), (15.0, "15.0 million")]
    assert "sale" in found[0].subject.split() and "increased" in found[0].subject.split()
