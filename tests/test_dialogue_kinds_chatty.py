"""What a person types next in a chat, on tables written here (none from a benchmark set), asked the way
``tabtext ask --chat`` asks it: corrections of the turn before ("sorry, I meant ..."), and everyday words for a
statement's lines ("what we owe the bank", "the bottom line", "what it cost to run the place", "made from")."""

from __future__ import annotations

from tabtext.engines.solver.dialogue.corrections import as_follow_up
from test_dialogue_kinds import chat

#: a bakery's yearly accounts, costs as negatives
BAKERY = """GBP thousands,FY2021,FY2022,FY2023
Sales,640,702,755
Ingredients,-210,-236,-251
Wages,-190,-204,-222
Rent,-60,-62,-66
Net profit,180,200,216
Bank loan,300,260,210
"""

#: a campsite's months, money in plain euros
CAMPSITE = """Measure,Apr 2024,May 2024,Jun 2024,Jul 2024
Pitch fees (EUR),12400,18900,26300,38100
Shop takings (EUR),2100,3300,4800,7400
Running costs (EUR),15800,17200,19900,24600
"""

#: a trust's grants by half year
GRANTS = """EUR thousands,H1 2023,H2 2023,H1 2024,H2 2024
Grants paid,410,380,455,470
Staff costs,120,126,131,138
Operating costs,65,61,70,74
"""


def test_a_correction_is_read_as_the_follow_up_it_makes():
    assert as_follow_up("sorry, I meant 2024") == "and 2024?"
    assert as_follow_up("no, make that operating costs") == "and operating costs?"
    assert as_follow_up("oops - H2") == "and H2?"
    assert as_follow_up("Sorry, what were grants paid in H1 2024?") == "what were grants paid in H1 2024?"
    assert as_follow_up("No. of visits in May?") == "No. of visits in May?"  # no apology
    assert as_follow_up("What did I mean?") == "What did I mean?"


def test_sorry_i_meant_another_period_moves_the_last_answer(tmp_path):
    assert chat(tmp_path, BAKERY, "What were wages in FY2022?", "oops, I meant 2023",
                "and rent that year?") == ["204 thousand", "222 thousand", "66 thousand"]


def test_a_correction_naming_another_line_moves_the_last_answer_to_it(tmp_path):
    assert chat(tmp_path, GRANTS, "How much were staff costs in H2 2023?", "no, I meant to ask about operating costs",
                "and in H1 2024?") == ["126 thousand", "61 thousand", "70 thousand"]


def test_what_is_owed_to_the_bank_is_the_loan_and_the_bottom_line_is_net_profit(tmp_path):
    assert chat(tmp_path, BAKERY, "How much did the bakery owe its lenders in FY2021?", "and two years later?",
                "by how much did it come down?") == ["300 thousand", "210 thousand", "90 thousand"]
    assert chat(tmp_path, BAKERY, "what was the bottom line in FY2022?") == ["200 thousand"]


def test_what_it_cost_to_run_a_place_and_what_it_made_from_a_thing_name_lines(tmp_path):
    assert chat(tmp_path, CAMPSITE, "how much did the site make from pitches in June?",
                "what did it cost to run the site in June?") == ["26,300", "19,900"]


#: a farm shop's quarters, in plain pounds
FARM_SHOP = """Line,Q1 2024,Q2 2024,Q3 2024,Q4 2024
Veg box income (GBP),8200,9100,11800,9900
Butchery income (GBP),5400,5200,6100,7900
Shop overheads (GBP),10100,10400,11200,12300
Total income (GBP),13600,14300,17900,17800
"""


def test_whats_left_after_income_and_a_cost_is_the_first_less_the_second(tmp_path):
    assert chat(tmp_path, FARM_SHOP, "What was total income in Q3 2024?", "and shop overheads?",
                "how much remained?") == ["17,900", "11,200", "6,700"]


def test_a_line_with_a_period_after_a_sum_of_lines_is_that_lines_figure(tmp_path):
    assert chat(tmp_path, FARM_SHOP, "How much came in from veg boxes in Q2 2024?", "and butchery income?",
                "both together?", "and shop overheads in that quarter?") == ["9,100", "5,200", "14,300", "10,400"]


def test_an_earlier_answer_named_by_what_it_was(tmp_path):
    assert chat(tmp_path, FARM_SHOP, "What was veg box income in Q4 2024?", "and butchery income?", "add them up",
                "what share of total income is that?", "and the combined number for the quarter before?") == \
        ["9,900", "7,900", "17,800", "100%", "17,900"]
    assert chat(tmp_path, BAKERY, "What were wages in FY2023?", "and rent?", "and sales?",
                "how many times bigger is that than the wages number from before?") == \
        ["222 thousand", "66 thousand", "755 thousand", "3.4"]


def test_the_average_over_more_periods_than_the_two_answers_is_over_all_of_them(tmp_path):
    assert chat(tmp_path, BAKERY, "What was net profit in FY2021?", "and in FY2023?",
                "what was the average over the three years?") == ["180 thousand", "216 thousand", "198.67 thousand"]


def test_how_much_more_a_line_was_in_one_period_than_another(tmp_path):
    assert chat(tmp_path, FARM_SHOP, "What was butchery income in Q4 2024?", "as a share of total income?",
                "how much lower were shop overheads in Q1 than in Q4?") == ["7,900", "44.38%", "2,200"]


def test_a_roles_short_form_is_read_as_the_text_writes_it(tmp_path):
    from tabtext.role_words import in_text_words
    from test_dialogue_kinds_sixth import chat_text

    text = ("Fenwick Marine builds small ferries in Cowes. Finance director Harriet Osei joined in 2022, and chief "
            "executive Tomasz Nowak has led the yard since 2019.")
    assert in_text_words("Who's the CFO?", [text]) == "Who's the finance director?"
    assert in_text_words("What did the CEO say?", [text]) == "What did the CEO say?"  # not a "who" question
    assert in_text_words("Who is the CEO?", ["Our CEO Ann Lee ..."]) == "Who is the CEO?"  # the text's own form
    assert chat_text(tmp_path, BAKERY, text, "What were sales in FY2023?", "who's the CEO?", "who is the CFO?") == \
        ["755 thousand", "Tomasz Nowak", "Harriet Osei"]


#: a league table, things as rows, with a paragraph of the season
LEAGUE = """Team,P,W,D,L,Pts
Harrow Vale,16,11,3,2,36
Oldfield United,16,9,4,3,31
Brook Lane,16,2,3,11,9
"""


def test_which_one_after_a_rows_figure_asks_for_a_name_not_that_rows_measure(tmp_path):
    from test_dialogue_kinds_sixth import chat_text

    text = "Harrow Vale won the title in the last week of the season. Brook Lane were relegated in April."
    assert chat_text(tmp_path, LEAGUE, text, "How many points did Oldfield United get?", "which team was relegated?") \
        == ["31", "Brook Lane"]


#: a grant's spend by half year, with columns that are no periods beside them
GRANT_SPEND = """Budget line,H1 2024,H2 2024,Total spent,Budget
Mentor training,4600,4100,8700,9000
Venue hire,3300,3450,6750,6000
Travel,1280,1400,2680,3000
"""


def test_a_correction_naming_a_line_is_not_a_line_the_table_lacks(tmp_path):
    from test_dialogue_kinds_sixth import chat_text

    text = "I run the programme for the Ashgrove Trust. Venue hire ran over budget in 2024."
    assert chat_text(tmp_path, GRANT_SPEND, text, "What was the venue hire budget?", "sorry, I meant travel") == \
        ["6,000", "3,000"]


def test_what_number_asked_of_a_clause_holding_one_number_is_that_number(tmp_path):
    from tabtext.engines.solver.dialogue.asked_number import one_number
    from tabtext.engines.solver.program.program import Span
    from test_dialogue_kinds_sixth import chat_text

    text = "The harbour board wants to limit moorings to 240 boats by 2026. Last year it hosted three hundred yachts."
    clause = Span(0, 4, 62, text[4:62])
    assert one_number("What number does the board want to limit moorings to?", text, clause).run().text() == "240"
    assert one_number("Why does the board want a limit?", text, clause) is None
    assert chat_text(tmp_path, BAKERY, text, "What were sales in FY2023?",
                     "what figure does the harbour board want to limit moorings to?") == ["755 thousand", "240"]


def test_over_or_under_budget_is_the_lines_spend_against_its_budget_column(tmp_path):
    assert chat(tmp_path, GRANT_SPEND, "What did venue hire cost in H1 2024?", "how much over budget did it go?",
                "how far under budget was travel?") == ["3,300", "750", "320"]
