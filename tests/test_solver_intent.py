"""Operator cues as data: every canonical-wording row rewrites its own example, can be switched off by name,
and the classifier reads the reworded question as the plain one."""

import pytest

from tabtext.engines.solver.lexicon import cues, intent
from tabtext.engines.solver.lexicon.words import years_in
from tabtext.engines.solver.reading.question import classify


@pytest.mark.parametrize("row", intent.REWORDINGS, ids=lambda r: r.name)
def test_each_row_rewrites_its_example(row):
    assert intent.canonical(row.example) == row.canonical
    assert row.name in intent.applied(row.example)
    assert intent.canonical(row.example, off={row.name}) != row.canonical


@pytest.mark.parametrize("row", intent.REWORDINGS, ids=lambda r: r.name)
def test_reworded_and_plain_questions_get_the_same_operator(row):
    assert classify(row.example).kind == classify(row.canonical).kind


@pytest.mark.parametrize("question,kind", [
    ("By what percentage did revenue change from 2018 to 2019?", "change_ratio"),
    ("By how much does revenue differ between 2018 and 2019?", "diff"),
    ("What do the operating costs in 2019 add up to?", "sum"),
    ("What share of total revenue came from services in 2019?", "divide"),
    ("What makes up goodwill?", "text"),
    ("How much did net income grow from 2018 to 2019?", "diff"),
])
def test_synonyms_select_the_operator(question, kind):
    assert classify(question).kind == kind


def test_unknown_row_name_is_refused():
    with pytest.raises(ValueError, match="unknown rewording"):
        intent.canonical("What is X?", off={"no_such_row"})


def test_threshold_words_leave_years_alone():
    assert intent.canonical("What was the change over 2019?") == "What was the change over 2019?"


def test_reader_gets_a_leading_period_moved_to_the_end():
    assert intent.reader_wording("In 2019, what was the depreciation amount?") == \
        "What was the depreciation amount in 2019?"
    assert intent.reader_wording("What was the depreciation amount in 2019?") == \
        "What was the depreciation amount in 2019?"


@pytest.mark.parametrize("cue", cues.CUES, ids=lambda c: c.name)
def test_each_operator_cue_row_names_its_example(cue):
    low = cue.example.lower()
    assert cues.cue_of(low, years_in(low)) is cue
    assert classify(cue.example).kind in (cue.kind, "value")  # "respectively" and text-question rules may follow
