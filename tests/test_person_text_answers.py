"""``tabtext.ask`` on a person's own text: a "who" / "which organisation" question gets the name, "why" the cause
without its trailing "which explains ...", "when" a date — given, not withheld as a clause the reader doubts."""

from __future__ import annotations

import pytest

from tabtext import ask

TABLE = "Department,2022,2023\nGeneral practice,8910,9305\nMental health,1320,1705\n"
TEXT = ("Riverside Clinic serves the town of Millbrook. Its chief financial officer, Helen Marsh, prepared these "
        "results. The mental health department added two counsellors in March 2022, which explains most of its "
        "growth. Restricted funds include a £150,000 grant from the Alder Foundation for a refrigerated van, and "
        "the accounts are signed by the treasurer, Priya Nair. In May 2023 the clinic moved to a new courier, "
        "Swiftpost, which cut delivery times.")


@pytest.mark.parametrize(("question", "shown"), [
    ("Who prepared these results?", "Helen Marsh"),
    ("Which organisation gave the grant for the refrigerated van?", "Alder Foundation"),
    ("Which courier did the clinic move to?", "Swiftpost"),
    ("Why did mental health visits grow so much?", "added two counsellors in March 2022"),
])
def test_a_text_answer_of_the_kind_asked_is_given_as_a_person_reads_it(question, shown):
    pred = ask(question, tables=[TABLE], text=TEXT)
    assert pred.meta["found"], pred.meta
    assert shown in pred.meta["display"] and len(pred.meta["display"].split()) <= len(shown.split()) + 4


def test_a_number_the_table_lacks_is_still_no_answer_found():
    pred = ask("How many cardiology visits were there in 2021?", tables=[TABLE], text=TEXT)
    assert not pred.meta["found"]


@pytest.mark.parametrize(("question", "shown"), [
    ("Where is the clinic based?", "Portland, Oregon"),
    ("What is the name of the head of nursing?", "Maria Lopez"),
    ("What was the main reason for growth in 2023?", "a new walk-in service"),
])
def test_where_a_name_asked_for_and_a_reason_are_given_from_the_text(question, shown):
    text = ("The head of nursing is Maria Lopez. Growth in 2023 was mainly due to a new walk-in service that opened in "
            "April 2023. The clinic is based in Portland, Oregon.")
    pred = ask(question, tables=[TABLE], text=text)
    assert pred.meta["found"] and shown in pred.meta["display"], pred.meta
