"""``tabtext.ask`` on a person's own paragraph (reader.person_facts): what the text states outright about the
question is given, cut as a person reads it, instead of "no answer found"; what it does not state is not."""

from __future__ import annotations

import pytest

from tabtext import ask
from tabtext.engines.solver.reader.person_facts import LEADS, counted_noun

TABLE = "Item,2023,2024\nDonations,41200,45900\nGrants,12000,18500\n"
TEXT = ("Northgate Food Share is a registered charity. It runs 27 food banks across the county and employs 140 "
        "people, having closed 3 smaller depots in 2024. We define net funds as cash and short-term deposits less "
        "the overdraft. Other income of £3,200, which mainly comprises bank interest and merchandise sales, rose. "
        "Support costs consist of rent, insurance and the cost of the payroll service. Our reserves policy is to "
        "hold three months of running costs. The new grant will be paid on 3 March 2025 to charities registered "
        "by 1 January 2025.")


@pytest.mark.parametrize(("question", "shown"), [
    ("How many food banks does the charity run?", "27"),
    ("How many people does it employ?", "140"),
    ("How does the charity define net funds?", "cash and short-term deposits less the overdraft"),
    ("What do support costs consist of?", "rent, insurance and the cost of the payroll service"),
    ("What is the reserves policy?", "to hold three months of running costs"),
    ("When will the new grant be paid?", "3 March 2025"),
])
def test_what_the_text_states_outright_is_given(question, shown):
    pred = ask(question, tables=[TABLE], text=TEXT)
    assert pred.meta["found"], pred.meta
    assert pred.meta["display"] == shown


@pytest.mark.parametrize("question", [
    "How many volunteers does it have?",  # no number is written before "volunteers"
    "What does the board consist of?",  # no sentence names the board before a verb of composition
])
def test_what_the_text_does_not_state_stays_no_answer(question):
    assert not ask(question, tables=[TABLE], text=TEXT).meta["found"]


def test_the_counted_noun_runs_to_the_first_plural_and_money_is_not_counted():
    assert counted_noun("How many production sites does the group have?") == ["production", "sites"]
    assert counted_noun("how many customers lost service?") == ["customers"]
    assert counted_noun("How many dollars did it raise?") == []
    assert counted_noun("How many staff were there?") == ["staff"]


def test_each_lead_rule_has_an_example_its_question_pattern_reads():
    for asked, _, example in LEADS:
        assert asked.match(example.split(" - ")[0]), example


CLUB_TEXT = ("Chair Rosalind Achebe and Treasurer Tom Ferreira signed the accounts on 2 May 2024. The club closed its "
             "courts in Leeds and Harrogate for resurfacing. Our main sponsors are Brightwell Motors and Ostler & Sons. "
             "The club lost its biggest sponsor, Kettle Print, in March.")


@pytest.mark.parametrize(("question", "shown"), [
    ("who's the chair", "Rosalind Achebe"),  # the role named right before the name, asked with "who's"
    ("In which cities did the club close courts?", "Leeds and Harrogate"),  # a plural place asked for
    ("Which big sponsor did the club lose?", "Kettle Print"),  # "which" with an adjective before the kind asked
])
def test_a_name_asked_for_in_a_persons_words_is_given(question, shown):
    pred = ask(question, tables=[TABLE], text=CLUB_TEXT)
    assert pred.meta["found"], pred.meta
    assert pred.meta["display"] == shown


SHOP_TEXT = ("Footfall declined as the council closed the High Street car park for resurfacing. Repair costs rose "
             "mainly as a result of flood damage after the March storm, which forced the shop to close for nine days "
             "while the floor was replaced. R&D spend rose 12%, owing to the launch of two new recipes. Marketing costs "
             "include leaflets and the website.")


@pytest.mark.parametrize(("question", "shown"), [
    # "as" right after a verb of change is the cause's cue, as "due to" is
    ("Why did footfall fall?", "the council closed the High Street car park for resurfacing"),
    # the cause keeps what came before its "after" and drops the ", which ..." clause running to its end
    ("Why did repair costs go up?", "flood damage after the March storm"),
    # "R&D" is named in the text (the question's name was read as "R&", which nothing names, and refused)
    ("Why did R&D spend rise?", "the launch of two new recipes"),
])
def test_a_cause_is_cut_as_a_person_names_it(question, shown):
    assert ask(question, tables=[TABLE], text=SHOP_TEXT).meta["display"] == shown


def test_an_amount_after_the_word_asked_about_is_given_with_its_currency_code():
    text = ("The new kiln cost PLN 48,500 and was installed in May. Outside the kiln, we invested around €12,000 "
            "in shelving for the shop.")
    pred = ask("How much did the new kiln cost?", tables=[TABLE], text=text)
    assert pred.meta["found"] and pred.meta["display"] == "PLN 48,500", pred.meta
    pred = ask("How much was invested in shelving?", tables=[TABLE], text=text)
    assert pred.meta["found"] and pred.meta["display"] == "€12,000", pred.meta


def test_a_cause_in_a_sentence_naming_r_and_d_is_given():
    text = "Sales were flat. R&D spend rose 9%, owing to two new clinical trials, which started in May."
    pred = ask("why did R&D costs go up?", tables=[TABLE], text=text)  # "R&D" is the word the two share
    assert pred.meta["found"] and pred.meta["display"] == "two new clinical trials", pred.meta


def test_batch_gives_a_text_answer_as_ask_shows_it(tmp_path):
    import json

    from tabtext.cli import main

    (tmp_path / "t.csv").write_text(TABLE, encoding="utf-8")
    text = ("Helen Marsh, Chief Executive of Northgate, said the year went well. It runs 27 food banks across the "
            "county. Donations rose mainly as a result of a new payroll giving scheme, which 40 employers joined.")
    rows = [{"question": q, "table": "t.csv", "text": text} for q in
            ("Who is the chief executive?", "How many food banks does it run?", "Why did donations rise?")]
    (tmp_path / "q.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert main(["batch", str(tmp_path / "q.jsonl"), "--tables", str(tmp_path), "--out", str(tmp_path / "res"),
                 "--quiet"]) == 0
    records = [json.loads(line) for line in (tmp_path / "res.jsonl").read_text().splitlines()]
    assert [r["answer"] for r in records] == [["Helen Marsh"], ["27"], ["a new payroll giving scheme"]]
    for r in records:  # the evidence is the words shown, where the text has them
        (e,) = r["evidence"]
        assert text[e["start"]:e["end"]] == e["text"] == r["answer"][0]


def test_a_plan_lead_needs_a_verb_after_its_to():
    from tabtext.engines.solver.reader.person_facts import after_restated_lead

    text = "The main risk is to our margins. Our plan is to open two pantries in 2025."
    assert after_restated_lead("What is the main risk?", text, 0, 32) is None  # "to our margins" is no plan
    assert text[slice(*after_restated_lead("What is the plan?", text, 33, len(text)))] == "to open two pantries in 2025"


def test_a_change_is_not_the_amount_asked_for():
    from tabtext.engines.solver.reader.person_facts import amount_in_sentence

    text = "Rent increased $4,000 to $52,000 after the landlord's review."
    at = text.index("$4,000")
    assert amount_in_sentence("How much was the rent?", text, 0, len(text), at, at + 6) is None
    assert amount_in_sentence("How much did rent increase?", text, 0, len(text), at, at + 6) == (at, at + 6)


def test_a_possessive_is_no_name_and_a_cause_phrase_before_an_amount_is_no_cause():
    from tabtext.engines.solver.reader.person import kind_fits

    pred = ask("Which countries are shown in the annual report?", tables=[TABLE],
               text="Sales are shown by region in the Company’s annual report.")
    assert pred.meta["display"] not in ("Company’s", "Company"), pred.meta
    assert kind_fits("What was the reason for the increase?", "primarily due to $618.4 million of payments") is False


def test_a_count_keeps_the_word_that_says_it_is_approximate():
    pred = ask("How many schools does the charity supply?", tables=[TABLE],
               text="The charity supplies over 40 schools in the county. Donations rose in 2024.")
    assert pred.meta["found"] and pred.meta["display"] == "over 40", pred.meta
