"""More of what a person says next, on tables written here (none from a benchmark set), asked the way
``tabtext ask --chat`` asks it: "and per class?" when the last answer is the unit's own line, "and the lowest?"
after the figure of a choice, "how much was paid off over those three years?" after two balances, a whole named with
when it is read ("the year-end loan") on another sheet, "in that last month", "which month was busier?", "how many calls per staff member?" of a row sharing one word,
on a table of things as rows "and per race?", "what share of the team's points did Ines win?", "how many?" after a
choice and "how many more did Ines score?", a measure after totals over the year ("so what was the gross margin?"), a line
named with "the quarter before that", "the combined figure", "and for the half year?", a first question the text answers with a date ("31 December each year"), "how much of that was from the West?" (an
amount, not a share), "same question for Q2?", "what did net profit look like a year earlier?", a first question asking a line's change that the text answers with
a sentence about it, a count line ("(number)") in a table of thousands read by the core, "what share is that?" after a part of the year's
total, "what percentage of that was spent on staff?", "which half was more profitable?" after two halves, "and the one after?", "and in the second?" after the first
quarter, "why did it fall?" cut to the cause as a first question is, "what's the return on assets?" after a P&L line and a
balance-sheet line, "how many times larger is revenue?" across two sheets, "what share of revenue went on marketing?" after a year's
totals, "what about the complaints line?" (a line neither table nor text has), and turns answered "no answer found" that leave the conversation as it was."""

from __future__ import annotations

from test_dialogue_kinds import chat, chat_tables

CLASSES = """Item,H1 2023,H2 2023,H1 2024,H2 2024
Members,"3,100","3,350","3,420","3,610"
Classes held,410,455,470,505
Class attendance,"8,200","9,150","9,600","10,400"
"""
REGIONS = """Region,2023,2024
North,"4,100","4,450"
South,"3,600","3,380"
West,"2,250","2,700"
Total,"9,950","10,530"
"""
QUARTERS = """EUR 000,Q1 2024,Q2 2024,Q3 2024,Q4 2024
Revenue,"2,400","2,650","2,900","3,100"
Marketing,310,280,350,330
Salaries,900,920,950,990
"""


def test_per_the_unit_the_last_answer_counted_is_the_answer_before_over_it(tmp_path):
    assert chat(tmp_path, CLASSES, "What was class attendance in H1 2024?", "and how many classes were held?",
                "and per class?") == ["9,600", "470", "20.43"]
    assert chat(tmp_path, CLASSES, "What was class attendance in H1 2024?", "per class?") == ["9,600", "20.43"]


def test_the_other_extreme_after_the_figure_of_a_choice_is_a_figure(tmp_path):
    assert chat(tmp_path, REGIONS, "Which region sold the most in 2024?", "how much was that?", "and the lowest?") == \
        ["North", "4,450", "2,700"]
    assert chat(tmp_path, REGIONS, "Which region sold the most in 2024?", "and the least?") == ["North", "West"]


def test_a_turn_with_no_answer_leaves_the_conversation_as_it_was(tmp_path):
    assert chat(tmp_path, QUARTERS, "What was revenue in Q1 2024?", "and cash?", "and in Q2?") == \
        ["2,400 thousand", "no answer found", "2,650 thousand"]
    assert chat(tmp_path, QUARTERS, "What was marketing in Q2 2024?", "and in Q3?", "and in Q4 2025?",
                "how much did it change?") == ["280 thousand", "350 thousand", "no answer found", "70 thousand"]
    assert chat(tmp_path, QUARTERS, "What was marketing in Q2 2024?", "what about rent?", "and in Q3?",
                "what's the difference between the two?") == ["280 thousand", "no answer found", "350 thousand", "70 thousand"]
    # a period the table lacks is no answer, but the line asked stays the subject of "and in Q2 2024?"
    assert chat(tmp_path, QUARTERS, "What was revenue in 2019?", "and in Q2 2024?", "and in Q3?",
                "how much did it change?") == ["no answer found", "2,650 thousand", "2,900 thousand", "250 thousand"]


INCOME = """CAD 000,FY2022,FY2023,FY2024,FY2025
Sales,"5,100","5,480","5,900","6,320"
Interest paid,(96),(88),(75),(61)
Net profit,410,455,512,560
"""
POSITION = """CAD 000 at 31 March,FY2022,FY2023,FY2024,FY2025
Cash at bank,620,700,815,930
Term loan,"1,400","1,250","1,050",820
Members' equity,"2,100","2,380","2,690","3,050"
"""
SHOP = """Metric,Jan 2025,Feb 2025,Mar 2025,Apr 2025
Customers (end of month),610,634,652,671
Lapsed customers,19,22,17,25
"""


def test_paid_off_over_those_years_after_two_balances_is_between_the_two(tmp_path):
    assert chat_tables(tmp_path, [INCOME, POSITION], "What was the term loan at the end of FY2022?",
                       "and at the end of FY2025?", "how much was paid off over those three years?") == \
        ["1,400 thousand", "820 thousand", "580 thousand"]
    assert chat_tables(tmp_path, [INCOME, POSITION], "What was the term loan at the end of FY2025?",
                       "how much was paid off during the year?") == ["820 thousand", "230 thousand"]  # one balance


def test_a_share_of_a_balance_named_with_when_it_is_read_on_the_other_sheet(tmp_path):
    assert chat_tables(tmp_path, [INCOME, POSITION], "What was interest paid in FY2024?",
                       "what's that as a percentage of the year-end loan?", "and in FY2023?") == \
        ["75 thousand", "7.14%", "7.04%"]


def test_that_last_month_is_the_latest_period_the_last_answer_read(tmp_path):
    assert chat(tmp_path, SHOP, "How many customers were there at the end of January?", "and at the end of April?",
                "how much did that grow?", "how many customers lapsed in that last month?") == ["610", "671", "61", "25"]


CALLS = """Metric,Jan 2025,Feb 2025,Mar 2025,Apr 2025,May 2025,Jun 2025,H1 2025 total
Calls received,"3,420","3,180","3,610","3,290","3,050","2,980","19,530"
Calls answered,"3,150","2,990","3,240","3,080","2,900","2,870","18,230"
Staff on shift,42,41,44,43,40,39,-
"""


def test_which_month_was_busier_and_per_a_row_sharing_one_word(tmp_path):
    assert chat(tmp_path, CALLS, "How many calls were received in February?", "and in May?", "which month was busier?",
                "which was quieter?", "how many calls per staff member in May?") == \
        ["3,180", "3,050", "February 2025", "May 2025", "76.25"]


RIDERS = """Rider,Races,Points,Wins,Podiums
Ines Carvalho,12,184,4,7
Pia Lund,10,131,2,5
Noor Haddad,12,97,1,3
Total,,412,7,15
"""


def test_per_a_column_and_a_share_of_a_columns_total_on_a_table_of_things_as_rows(tmp_path):
    assert chat(tmp_path, RIDERS, "How many points did Pia Lund score?", "and per race?", "what about Noor Haddad?") == \
        ["131", "13.1", "8.08"]
    assert chat(tmp_path, RIDERS, "What share of the team's points did Ines win?", "How many points per race was that?") == \
        ["44.66%", "15.33"]


def test_how_many_after_a_choice_and_how_many_more_did_she_score(tmp_path):
    assert chat(tmp_path, RIDERS, "Who had the most podiums?", "how many?") == ["Ines Carvalho", "7"]
    assert chat(tmp_path, RIDERS, "How many points did Ines Carvalho score?", "And Pia Lund?",
                "How many more did Ines score?") == ["184", "131", "53"]


TILES = """GBP 000,Q1 FY25,Q2 FY25,Q3 FY25,Q4 FY25
Revenue,"1,820","1,960","2,105","2,240"
Cost of sales,"(1,050)","(1,120)","(1,190)","(1,260)"
Gross profit,770,840,915,980
Wages,(310),(325),(330),(345)
"""


def test_a_measure_after_totals_over_the_year_is_over_the_same_quarters(tmp_path):
    assert chat(tmp_path, TILES, "What was gross profit for the full year?", "And revenue?", "So what was the gross margin?") \
        == ["3,505 thousand", "8,125 thousand", "43.14%"]


def test_a_line_named_the_quarter_before_that_and_the_combined_figure(tmp_path):
    assert chat(tmp_path, TILES, "What was revenue in Q3 FY25?", "What was revenue in the quarter before that?",
                "what's the combined figure?", "and what share of the annual revenue is that?") == \
        ["2,105 thousand", "1,960 thousand", "4,065 thousand", "50.03%"]
    assert chat(tmp_path, TILES, "What was revenue in Q3 FY25?", "and wages in the quarter after?") == \
        ["2,105 thousand", "345 thousand"]


def test_the_half_year_after_a_months_share_is_the_half_it_lies_in(tmp_path):
    assert chat(tmp_path, CALLS, "How many calls were answered in June?", "what percentage of calls received is that?",
                "and for the half year?") == ["2,870", "96.31%", "93.34%"]


def test_a_phrase_whose_only_figure_is_a_dates_day_is_no_answer_to_how_much(tmp_path):
    from tabtext.commands.ask import Conversation, found
    from tabtext.engines import make_engine
    from tabtext.tables import read_table
    from tabtext.types import Context, Paragraph

    (tmp_path / "b.csv").write_text(POSITION, encoding="utf-8")
    text = (Paragraph("0", "Corella's balance sheet is drawn up at 31 March each year."),)
    conv = Conversation(make_engine("solver"), Context(tables=(read_table(tmp_path / "b.csv"),), paragraphs=text))
    _, pred = conv.ask("How much cash did Corella have at 31 March 2024?")
    assert found(pred) and pred.answer.text() == "815"


def test_how_much_of_that_is_the_parts_amount_and_moves_said_in_other_words(tmp_path):
    assert chat(tmp_path, REGIONS, "What were total sales in 2024?", "How much of that was from the West?", "And the South?") \
        == ["10,530", "2,700", "3,380"]
    assert chat(tmp_path, REGIONS, "What were total sales in 2024?", "what share of that was the North?") == \
        ["10,530", "42.26%"]
    assert chat(tmp_path, TILES, "What was gross profit in Q4 FY25?", "Same question for Q2?",
                "What did gross profit look like a quarter earlier?") == \
        ["980 thousand", "840 thousand", "770 thousand"]


def test_a_change_asked_of_a_line_and_answered_with_a_sentence_about_it_is_the_lines_change(tmp_path):
    from tabtext.commands.ask import Conversation, found
    from tabtext.display import shown
    from tabtext.engines import make_engine
    from tabtext.tables import read_table
    from tabtext.types import Context, Paragraph

    (tmp_path / "i.csv").write_text(INCOME, encoding="utf-8")
    text = (Paragraph("0", "Most of the sales growth in 2024 came from a new range of frozen meals sold through Coles."),
            Paragraph("1", "Most of the fall in interest paid in 2025 came from repaying the term loan early."))
    shown_for = []
    for q in ("By what percentage did sales grow in 2024?", "How much did interest paid fall in 2025?"):
        conv = Conversation(make_engine("solver"), Context(tables=(read_table(tmp_path / "i.csv"),), paragraphs=text))
        _, pred = conv.ask(q)
        shown_for.append(shown(pred.answer, q) if found(pred) else "no answer found")
    assert shown_for == ["7.66%", "14 thousand"]


ROOFS = """NZD thousands unless stated,H1 2024,H2 2024,H1 2025
Revenue,"4,320","5,108","4,965"
Roofs fitted (number),216,249,236
Staff costs,(740),(780),(828)
"""


def test_a_count_line_the_core_reads_is_not_in_the_tables_thousands(tmp_path):
    assert chat(tmp_path, ROOFS, "How many roofs were fitted in H1 2025?", "And in H2 2024?", "How many fewer is that?") \
        == ["236", "249", "13"]


PRINT = """GBP thousands,H1 2023,H2 2023,H1 2024,H2 2024
Revenue,"3,200","3,650","3,480","3,990"
Materials,"(1,150)","(1,310)","(1,240)","(1,420)"
Staff costs,(980),"(1,020)","(1,050)","(1,090)"
Operating profit,610,790,700,930
"""


def test_a_share_of_the_years_total_and_of_the_last_answer_spent_on_a_line(tmp_path):
    assert chat(tmp_path, PRINT, "What was the total revenue in 2023?", "How much of that came in the first half?",
                "What share is that?") == ["6,850 thousand", "3,200 thousand", "46.72%"]
    assert chat(tmp_path, PRINT, "What was revenue in H1 2023?", "What percentage of that was spent on materials?") == \
        ["3,200 thousand", "35.94%"]


def test_a_comparative_after_two_answers_of_a_line_is_between_them(tmp_path):
    assert chat(tmp_path, PRINT, "What was operating profit in H2 2023?", "And in H1 2024?",
                "Which half was less profitable?", "Which half of 2024 had the higher operating profit?") == \
        ["790 thousand", "700 thousand", "H1 2024", "H2 2024"]


VISITS = """Metric,Jan 2025,Feb 2025,Mar 2025,Apr 2025,May 2025,Jun 2025
Visitors,"18,400","16,900","21,300","22,800","24,100","19,700"
"""


def test_the_one_after_and_an_ordinal_alone_are_periods_of_the_last_answers_kind(tmp_path):
    assert chat(tmp_path, PRINT, "What was operating profit in H1 2023?", "And in the half after that?", "and the one after?",
                "and the one before?") == ["610 thousand", "790 thousand", "700 thousand", "790 thousand"]
    assert chat(tmp_path, VISITS, "How many visitors came in the first quarter?", "and in the second?") == \
        ["56,600", "66,600"]


CROPS = """Crop (tonnes),2022,2023,2024
Winter wheat,"1,240","1,105","1,310"
Oilseed rape,380,142,0
"""


def test_why_did_it_fall_is_cut_to_the_cause_as_a_first_question_is(tmp_path):
    from tabtext.commands.ask import Conversation, found
    from tabtext.engines import make_engine
    from tabtext.tables import read_table
    from tabtext.types import Context, Paragraph

    (tmp_path / "c.csv").write_text(CROPS, encoding="utf-8")
    text = (Paragraph("0", "Oilseed rape yields collapsed in 2023 after an attack of cabbage stem flea beetle."),)
    conv = Conversation(make_engine("solver"), Context(tables=(read_table(tmp_path / "c.csv"),), paragraphs=text))
    shown = []
    for q in ("How much oilseed rape was harvested in 2022?", "And in 2023?", "Why did it fall?"):
        _, pred = conv.ask(q)
        shown.append(pred.answer.text() if found(pred) else "no answer found")
    assert shown == ["380", "142", "an attack of cabbage stem flea beetle"]


RESULTS = """AUD 000,2022,2023,2024
Revenue,"12,400","13,900","15,250"
Net profit,"1,650","2,010","2,480"
"""
BALANCES = """AUD 000,2022,2023,2024
Cash,"2,100","2,650","3,400"
Total assets,"18,200","19,700","21,900"
"""


def test_a_measure_of_two_sheets_and_how_many_times_larger_across_them(tmp_path):
    assert chat_tables(tmp_path, [RESULTS, BALANCES], "What was net profit in 2023?",
                       "What were total assets at the end of that year?", "What's the return on assets?") == \
        ["2,010 thousand", "19,700 thousand", "10.2%"]
    assert chat_tables(tmp_path, [RESULTS, BALANCES], "What was cash at the end of 2024?", "And revenue that year?",
                       "How many times larger is revenue?") == ["3,400 thousand", "15,250 thousand", "4.49"]


KPIS = """,orders,revenue_usd_k,marketing_spend_usd_k
2023Q1,4120,512.4,88.0
2023Q2,4480,561.0,92.5
2023Q3,4305,538.2,90.1
2023Q4,5890,742.6,131.4
"""


def test_a_share_named_in_full_without_a_period_is_over_the_last_answers_periods(tmp_path):
    assert chat(tmp_path, KPIS, "How much was spent on marketing in 2023?", "And revenue that year?",
                "What share of revenue went on marketing?") == ["402 thousand", "2,354.2 thousand", "17.08%"]


def test_what_about_a_line_the_table_lacks_is_no_answer_not_a_sentence_of_the_text(tmp_path):
    from tabtext.commands.ask import Conversation, found
    from tabtext.engines import make_engine
    from tabtext.tables import read_table
    from tabtext.types import Context, Paragraph

    (tmp_path / "c.csv").write_text(CALLS, encoding="utf-8")
    text = (Paragraph("0", "The Westbridge council helpline answers calls from residents."),)
    conv = Conversation(make_engine("solver"), Context(tables=(read_table(tmp_path / "c.csv"),), paragraphs=text))
    shown = []
    for q in ("How many calls were received in January?", "What about the complaints line?", "And in February?"):
        _, pred = conv.ask(q)
        shown.append(pred.answer.text() if found(pred) else "no answer found")
    assert shown == ["3,420", "no answer found", "3,180"]
