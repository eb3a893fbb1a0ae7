"""A text answer as a person sees it (ask, serve's dialogue): the cause without its "driven by", no final stop."""

from __future__ import annotations

import subprocess
import sys

from tabtext.engines.solver.reader.person import for_a_person

SENTENCE = "Revenue rose 20% in 2023, driven by higher volumes in Europe and new pricing."


def shown(question: str, fragment: str, text: str = SENTENCE) -> str:
    start = text.index(fragment)
    a, b = for_a_person(question, text, start, start + len(fragment))
    return text[a:b]


def test_a_cause_question_gets_the_cause_without_its_lead_phrase():
    fragment = "driven by higher volumes in Europe and new pricing."
    assert shown("What drove the revenue increase in 2023?", fragment) == "higher volumes in Europe and new pricing"
    assert shown("Why did revenue rise?", fragment) == "higher volumes in Europe and new pricing"


def test_other_questions_keep_their_words_but_lose_the_final_stop():
    fragment = "driven by higher volumes in Europe and new pricing."
    assert shown("How did revenue develop?", fragment) == "driven by higher volumes in Europe and new pricing"
    assert shown("Where is it?", "Leeds.", "Our headquarters are in Leeds.") == "Leeds"


def test_an_abbreviation_keeps_its_stop_and_a_lone_cue_is_not_emptied():
    assert shown("Where is the company based?", "the U.S.", "It is based in the U.S.") == "the U.S."
    assert shown("Why?", "due to", "It fell due to") == "due to"


def test_ask_shows_the_cause_itself(tmp_path):
    table = tmp_path / "t.csv"
    table.write_text("Item,2023,2022\nRevenue,1200,1000\nOperating costs,800,700\n", encoding="utf-8")
    text = tmp_path / "t.txt"
    text.write_text("Operating costs increased mainly due to higher energy prices.\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tabtext.cli", "ask", "--table", str(table), "--text", str(text),
                          "Why did operating costs increase?"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "higher energy prices" in out.stdout
    assert "due to" not in out.stdout


def test_a_count_asked_in_words_comes_back_without_its_noun():
    text = "At year end the company had 1,250 employees across 14 countries."
    assert shown("How many employees did the company have?", "1,250 employees", text) == "1,250"
    assert shown("How many full-time employees are there?", "1,250 employees", text) == "1,250"
    assert shown("How many people work there?", "1,250 employees", text) == "1,250 employees"
    assert shown("What was the headcount?", "1,250 employees", text) == "1,250 employees"


def test_a_cause_after_a_clause_restating_the_effect_is_shown_alone():
    text = "Capital expenditure was lower because the second packaging line was completed in February."
    whole = text[:-1]
    assert shown("Why was capex lower in 2024?", whole, text) == "the second packaging line was completed in February"
    assert shown("How did capital expenditure develop?", whole, text) == whole


def test_who_gets_the_name_the_span_starts_with():
    text = "Helen Marsh, Chief Executive of Ashcombe & Lane plc, said the year had gone well."
    assert shown("Who is the chief executive?", text[:-1], text) == "Helen Marsh"
    assert shown("Who chairs the board?", "Dr. Katrin Vogel, who", "Dr. Katrin Vogel, who joined in 2019.") == \
        "Dr. Katrin Vogel"
    assert shown("Who are the main customers?", "large retailers in Europe", "We sell to large retailers in Europe.") \
        == "large retailers in Europe"


def test_where_gets_the_place_with_its_country_but_not_what_follows():
    text = "The plant is in Pune, India, with an investment of €65 million."
    assert shown("Where is the new plant?", "in Pune, India, with an investment of €65 million", text) == "Pune, India"
    assert shown("Where did it open a centre?", "Rotterdam in March 2023", "It opened Rotterdam in March 2023.") == \
        "Rotterdam"
    assert shown("Where does the service go?", "Colombo and Chennai from May", "It links Colombo and Chennai from May.") \
        == "Colombo and Chennai"
    assert shown("What was invested?", "€65 million", text) == "€65 million"


def test_what_is_x_drops_the_lead_restating_x_and_its_verb():
    assert shown("What does goodwill consist of?", "Goodwill consists of the excess paid",
                 "Goodwill consists of the excess paid.") == "the excess paid"
    assert shown("What is the dividend policy?", "Our dividend policy is to pay 30% of profit",
                 "Our dividend policy is to pay 30% of profit.") == "to pay 30% of profit"
    assert shown("What is net interest margin?", "Net interest margin is net interest income over assets",
                 "Net interest margin is net interest income over assets.") == "net interest income over assets"
    assert shown("What do the adjusting items consist of?", "Adjusting items principally comprise impairments",
                 "Adjusting items principally comprise impairments.") == "impairments"


def test_a_lead_that_is_not_the_question_s_subject_stays():
    text = "Revenue is recognised when control passes."
    assert shown("What is the company's policy?", text[:-1], text) == text[:-1]
    assert shown("What is liquidity risk?", "Liquidity risk is", "Liquidity risk is") == "Liquidity risk is"


def test_the_kind_asked_for_is_a_date_for_when_and_a_plain_number_for_how_many():
    from tabtext.engines.solver.reader.person import kind_fits

    assert kind_fits("When was the plan approved?", "August 14, 2024") is True
    assert kind_fits("When was the plan approved?", "$10 million") is False
    assert kind_fits("When does the expense reverse?", "if the service period is not met") is None
    assert kind_fits("How many shares were bought back?", "215,000") is True
    assert kind_fits("How many shares were bought back?", "$10 million") is False
    assert kind_fits("How many shares were bought back?", "2024") is False
    assert kind_fits("How many million of receivables were sold?", "$75 million") is None
    assert kind_fits("What was revenue?", "$10 million") is None


def test_ask_shows_the_date_a_when_question_asks_for_not_an_amount_beside_it():
    from tabtext.engines.solver.dialogue.core import ask_core
    from tabtext.types import Context, Paragraph

    text = ("On August 14, 2024, the Board approved a share repurchase program of up to $10 million over two years; "
            "under the program we bought back 215,000 shares at an average price of $13.95 per share.")
    context = Context(tables=(), paragraphs=(Paragraph("1", text, 1),))
    assert ask_core("When was the buyback program approved?", context).answer.value == ("August 14, 2024",)
    assert ask_core("How many shares did the company buy back?", context).answer.value == ("215,000",)


def test_a_name_stops_before_a_second_person_and_a_preposition_is_no_name():
    text = "The budget was presented by Mayor Denise Hughes and City Manager Paul Whit on Monday."
    fragment = "Mayor Denise Hughes and City Manager Paul Whit"
    assert shown("who's the mayor", fragment, text) == "Mayor Denise Hughes"
    text = "In March the auction was run by the Office of Electronic Communications."
    assert shown("who ran the auction", text[:-1], text) == text[:-1]


def test_a_cause_is_a_clause_and_a_count_may_carry_its_scale():
    from tabtext.engines.solver.reader.person import kind_fits

    assert kind_fits("why was public works over budget?", "$15.7 million") is False
    assert kind_fits("why was public works over budget?", "emergency repairs after the storm") is True
    assert kind_fits("why did R&D costs go up?", "R&D spend rose 17%, owing to the start of two trials") is True
    # a clause that only shares the question's words names no cause: the reader's best one that does is shown
    assert kind_fits("why did R&D costs go up?", "Clinical trial costs include investigator fees") is False
    assert kind_fits("How much of the overspend was attributable to repairs?", "$15.7 million") is True
    assert kind_fits("how big was the upfront?", "We received an upfront payment of $85 million") is False
    assert kind_fits("how big was the upfront?", "a payment on signing") is None
    assert kind_fits("how many customers lost service?", "around 3 million") is True
    assert kind_fits("how many customers lost service?", "PLN 3 million") is False
