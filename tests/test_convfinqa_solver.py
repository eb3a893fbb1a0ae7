"""The ConvFinQA solver on hand-written dialogues: references to earlier turns, grounding and operators."""

from __future__ import annotations

import pytest

from tabtext.engines.solver.tasks.convfinqa.answer import answer_convfinqa
from tabtext.engines.solver.tasks.convfinqa.ground import cell_number, content_words, split_pair, years_in
from tabtext.engines.solver.tasks.convfinqa.ops import detect_ops
from tabtext.types import Context, Example, Paragraph, Table, Turn

TABLE = Table.from_rows([
    ["( in millions )", "2007", "2006", "2005"],
    ["net revenue", "$ 1,250", "$ 1,100", "$ 1,000"],
    ["operating expenses", "400", "380", "350"],
    ["total debt", "( 90 )", "80", "70"],
])
TEXT = ("the company had unamortized costs associated with its credit facilities of $ 11 million and $ 8 million "
        "as of december 31 , 2007 and 2006 , respectively . headcount grew to 5400 employees .")
CONTEXT = Context(tables=(TABLE,), paragraphs=(Paragraph("p", TEXT),))


def ask(question: str, *earlier: tuple[str, str]) -> str:
    history = tuple(t for q, a in earlier for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#0", question=question, context=CONTEXT, history=history,
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    prediction = answer_convfinqa(example)
    assert prediction.answer is not None, prediction.error
    assert prediction.answer.derivation  # every answer says how it was computed
    return prediction.raw


def test_lookup_in_table_by_row_words_and_year_column():
    assert ask("what was the net revenue in 2006?") == "1100.0"
    assert ask("what were operating expenses in 2005?") == "350.0"


def test_lookup_in_text_with_respectively():
    assert ask("what were the unamortized costs of the credit facilities in 2006?") == "8.0"
    assert ask("what were the unamortized costs of the credit facilities in 2007?") == "11.0"


def test_and_in_another_year_reuses_the_subject():
    q1 = ("what was the net revenue in 2007?", "1250")
    assert ask("and in 2005?", q1) == "1000.0"
    assert ask("and what was it in 2006?", q1) == "1100.0"


def test_change_then_percentage_change_over_earlier_answers():
    q1, q2 = ("what was the net revenue in 2007?", "1250"), ("and in 2005?", "1000")
    assert ask("what was the change then?", q1, q2) == "250.0"
    q3 = ("what was the change then?", "1250 - 1000")
    assert ask("what percentage change does this represent?", q1, q2, q3) == "0.25"  # a fraction, as the gold programs write it
    assert ask("and how much does that change represent in relation to the 2005 value?", q1, q2, q3) == "0.25"


def test_previous_answer_as_a_percentage_and_literal_arithmetic():
    q1 = ("what is the ratio of operating expenses to net revenue in 2007?", "400 / 1250")
    assert ask("what is that times 100?", q1) == "32.0"
    assert ask("what is that less 1?", ("what was the net revenue in 2007?", "1250")) == "1249.0"
    assert ask("what is 100000 divided by 100?") == "1000.0"


def test_fresh_two_year_operators():
    assert ask("what was the change in net revenue from 2006 to 2007?") == "150.0"  # later minus earlier
    assert ask("what was the percentage change in net revenue from 2005 to 2007?") == "0.25"
    assert ask("what was the average net revenue in 2006 and 2007?") == "1175.0"
    assert ask("what was the ratio of net revenue in 2007 to 2005?") == "1.25"


def test_sum_and_average_of_earlier_lookups():
    q1, q2 = ("what was the net revenue in 2007?", "1250"), ("and in 2006?", "1100")
    assert ask("what is the sum?", q1, q2) == "2350.0"
    assert ask("what is the average per year?", q1, q2, ("what is the sum?", "1250 + 1100")) == "1175.0"


def test_part_of_total_ratio_and_negative_cells():
    assert ask("what portion of the net revenue in 2007 was operating expenses?") == "0.32"
    assert ask("what was the total debt in 2007?") == "-90.0"


def test_no_grounding_gives_an_error_not_an_answer():
    example = Example(uid="x", question="what?", context=Context(), meta={"benchmark": "chatrag"})
    prediction = answer_convfinqa(example)
    assert prediction.answer is None and prediction.error


@pytest.mark.parametrize("question, op", [
    ("what was the change over the years?", "change"),
    ("what percentage change does this represent?", "pct_change"),
    ("what is the sum?", "sum"),
    ("what is the average per year?", "average"),
    ("what is that times 100?", "x100"),
    ("what is the ratio of a to b?", "ratio"),
])
def test_operator_cues(question, op):
    assert detect_ops(question)[0] == op


def test_helpers():
    assert years_in("as of 12/31/06 and fiscal 2008") == ["2006", "2008"]
    assert cell_number("$ 1,452.4") == (1452.4, "1452.4")
    assert cell_number("( 19 )") == (-19.0, "-19")
    assert cell_number("-26 ( 26 )") == (-26.0, "-26")
    assert cell_number("n/a") is None
    assert split_pair("what is the ratio of fair value to carrying value?") == ("fair value", "carrying value")


def test_year_operands_of_an_earlier_change():
    change = ("what was the change in net revenue from 2005 to 2007?", "1250 - 1000")
    assert ask("what was the 2005 value?", change) == "1000.0"  # the operand, not a moved formula
    assert ask("what is the net change over the 2005 value?", change, ("what was the 2005 value?", "1000")) == "0.25"
    # a percentage change is taken over the earlier year's operand
    assert ask("and what is this change as a percentage of the base?", change) == "0.25"


def test_relative_years_and_that_year():
    q1 = ("what was the net revenue in 2006?", "1100")
    assert ask("and in the previous year?", q1) == "1000.0"
    assert ask("and what were operating expenses in that year?", q1) == "380.0"


def test_unit_only_follow_ups_rescale_the_earlier_answer():
    q1 = ("what were the total shares in 2007?", "4446967 * 86.98")
    assert ask("what about in millions?", q1) == "386.79719"
    assert ask("and what is that in percentage?", ("what is the ratio?", "400 / 1250")) == "32.0"


def test_part_or_whole_follows_the_pronoun():
    q1 = ("what was the net revenue in 2007?", "1250")
    assert ask("what portion of that was operating expenses in 2007?", q1) == "0.32"  # pronoun is the whole
    q2 = ("what were operating expenses in 2007?", "400")
    assert ask("what is this as a portion of the net revenue in 2007?", q2) == "0.32"  # pronoun is the part


def test_ratio_of_two_named_earlier_turns():
    turns = (("what were operating expenses in 2007?", "400"), ("and the net revenue in 2006?", "1100"),
             ("what was the total debt in 2006?", "80"))
    assert ask("what were the operating expenses as a portion of the net revenue?", *turns) == \
        str(round(400 / 1100, 5))


MARGINS = Table.from_rows([
    ["in millions", "americas", "emea", "total"],
    ["operating margin", "11.4% ( 11.4 % )", "7.8% ( 7.8 % )", "9.9% ( 9.9 % )"],
    ["long-term assets", "$ 300", "$ 100", "$ 400"],
    ["s&p 500 index", "211.67", "180.52", "-"],
])
YEARS = Table.from_rows([
    ["-", "( in thousands )"],
    ["2010", "$ 6951"],
    ["2011", "5942"],
    ["2012", "3659"],
    ["total", "$ 16552"],
])
SHARES = Table.from_rows([
    ["in millions", "december 312013", "december 312012"],
    ["residential mortgages", "1356", "2220"],
])
NOTE = ("the 201cplan 201d was approved by holders of 2019s shares ; the fee was 25 dollars .")


def ask_in(context: Context, question: str, *earlier: tuple[str, str]) -> str:
    history = tuple(t for q, a in earlier for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#0", question=question, context=context, history=history,
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    prediction = answer_convfinqa(example)
    assert prediction.answer is not None, prediction.error
    return prediction.raw


def test_percent_cells_are_answered_as_written_and_ampersand_words_match():
    margins = Context(tables=(MARGINS,))
    assert ask_in(margins, "what was the operating margin for emea?") == "7.8%"  # as the cell writes it: right for gold 7.8 and for 0.078
    assert ask_in(margins, "what was the value of the s&p 500 index for emea?") == "180.52"


def test_new_subject_moves_the_earlier_ratio_and_sums_are_wholes():
    margins = Context(tables=(MARGINS,))
    q1 = ("what were long-term assets in americas as a portion of the total?", "300 / 400")
    assert ask_in(margins, "and for emea?", q1) == "0.25"
    a, b = ("what were long-term assets in americas?", "300"), ("and in emea?", "100")
    total = ("what is the sum of those?", "300 + 100")
    assert ask_in(margins, "what proportion does this represent?", a, b, total) == "0.25"  # 100 / (300 + 100)


def test_year_ranges_year_rows_and_glued_dates():
    years = Context(tables=(YEARS,))
    assert ask_in(years, "what was the total of purchase commitments in 2010 and 2011, combined?") == "12893.0"
    assert ask_in(years, "what were the total purchase commitments from 2010 to 2012?") == "16552.0"
    shares = Context(tables=(SHARES,))
    assert ask_in(shares, "what was the change in residential mortgages between 2012 and 2013?") == "-864.0"


def test_spelled_out_quote_marks_are_not_numbers():
    note = Context(tables=(), paragraphs=(Paragraph("p", NOTE),))
    assert ask_in(note, "what was the fee in dollars?") == "25.0"


def test_average_between_those_years_and_ratio_over_a_change_noun():
    years = Context(tables=(YEARS,))
    a = ("what were commitments in 2010 and 2011, combined?", "6951 + 5942")
    b = ("including 2012, what becomes this total?", "6951 + 5942 + 3659")
    assert ask_in(years, "and what was the average commitment between those three years?", a, b) == "5517.33333"
    assert detect_ops("what percentage did this increase represent in relation to the net revenue?")[0] == "ratio"


def test_a_table_opening_with_a_data_row_keeps_that_row():
    headless = Context(tables=(Table.from_rows([["2003", "$ 1150786"], ["2004", "$ 925005"]]),))
    assert ask_in(headless, "what were the maturities in 2003?") == "1150786.0"


GRAPH = Table.from_rows([
    ["date", "citi", "s&p 500", "s&p financials"],
    ["31-dec-2012", "100.0", "100.0", "100.0"],
    ["31-dec-2013", "131.8", "132.4", "135.6"],
    ["31-dec-2014", "137.0", "150.5", "156.2"],
    ["31-dec-2015", "131.4", "152.6", "153.9"],
])


def test_performance_graph_changes_and_the_same_change_for_another_subject():
    graph = Context(tables=(GRAPH,))
    q = "what was the fluctuation in the total return of citi for the three year period ended 2015?"
    assert ask_in(graph, q) == "31.4"
    q1 = (q, "131.4 - 100.0")
    assert ask_in(graph, "in that same period, what was that fluctuation for the s&p 500?", q1) == "52.6"
    q2 = ("in that same period, what was that fluctuation for the s&p 500?", "152.6 - 100.0")
    assert ask_in(graph, "how much did this s&p 500 fluctuation represent in relation to that citi one?", q1, q2) == \
        "1.67516"


def test_the_change_in_that_line_keeps_the_earlier_turns_subject():
    graph = Context(tables=(GRAPH,))
    q1 = ("what was the value of the s&p 500 in 2013?", "132.4")
    assert ask_in(graph, "and what was the change in that return from 2012 to 2014?", q1) == "50.5"


def test_a_change_over_the_next_year_is_a_time_not_a_division():
    q1, q2 = ("what was the net revenue in 2005?", "1000"), ("and in 2006?", "1100")
    q3 = ("what was the change then?", "1100 - 1000")
    assert ask("and what was this change over the next year, from 2006 to 2007?", q1, q2, q3) == "150.0"
    assert ask("and what was this change over the 2005 value?", q1, q2, q3) == "0.1"


def test_an_amount_question_is_not_answered_with_a_rate():
    bonds = Context(tables=(Table.from_rows([["bonds", "maturity amount", "carrying value"],
                                             ["4.5% ( 4.5 % ) bonds due 2031", "400", "396"],
                                             ["2.25% ( 2.25 % ) bonds due 2026", "300", "300"]]),),
                    paragraphs=(Paragraph("p", "in 2021 we sold $ 400 million of 4.5% ( 4.5 % ) bonds maturing in "
                                               "october 2031 ."),))
    assert ask_in(bonds, "what was the amount of bonds maturing in october 2031?") == "400.0"
    assert ask_in(bonds, "what was the interest rate of the bonds maturing in october 2031?") == "4.5%"


def test_a_follow_up_combines_answers_no_later_one_computed_with():
    q1 = ("what was the net revenue in 2007 in thousands?", "1250 * 1000")
    q2, q3 = ("what were operating expenses in 2007?", "400"), ("and in thousands?", "400 * 1000")
    assert ask("combined, what was the sum of both amounts?", q1, q2, q3) == "1650000.0"  # not 400 + 400 * 1000


def test_a_follow_up_naming_its_own_line_and_year_is_the_change_from_the_year_before():
    q1 = ("what was the change in operating expenses in 2007?", "400 - 380")
    q2 = ("and the growth rate during this time?", "(400 - 380) / 380")
    assert ask("what was the change in operating expenses in 2007?", q1, q2) == "20.0"


def test_a_percentage_the_table_states_is_read_not_computed():
    shares = Context(tables=(Table.from_rows([["year ended december 31,", "2019", "2018"],
                                              ["north", "40.5% ( 40.5 % )", "38.0% ( 38.0 % )"],
                                              ["south", "22.1", "20.4"]]),),
                     paragraphs=(Paragraph("p", "net sales were $ 900 million in 2019 and $ 850 million in 2018 ."),))
    assert ask_in(shares, "what was the operating profit for the north as a percentage of net sales in 2019?") == "40.5%"


def test_sums_of_two_years_and_sums_including_a_new_value():
    q = "what were the total net revenue in 2006 and 2007?"
    assert ask(q) == "2350.0"
    q1 = ("what was the net revenue in 2007?", "1250")
    assert ask("what is the sum including operating expenses in 2007?", q1) == "1650.0"


def test_earlier_operands_by_year_and_changes_of_earlier_lookups():
    q1, q2 = ("what was the net revenue in 2007?", "1250"), ("and in 2006?", "1100")
    q3 = ("what is the net change?", "1250 - 1100")
    assert ask("what is that divided by the 2006 value?", q1, q2, q3) == "0.13636"
    assert ask("what was, then, the change in that net revenue over the two years?", q1, q2) == "150.0"
    assert ask("what would 2007 net revenue be without operating expenses?") == "850.0"


CARDS = Table.from_rows([
    ["company", "payments volume ( billions )", "total transactions ( billions )", "average price per share"],
    ["american express", "$ 637", "5.0", "$ 5.99"],
    ["jcb", "55", "0.6", "$ 3.24"],
])
NOTES = ("entergy issued notes to nypa with seven annual installments of approximately $ 108 million commencing one "
         "year from the date of the closing .")


def test_per_unit_ratios_count_times_price_and_moves_to_another_row():
    cards = Context(tables=(CARDS,))
    q1 = ("what was the total payment volume for american express, in billions?", "637")
    assert ask_in(cards, "and what was the average volume per transaction?", q1) == "127.4"
    q2 = ("and what was the average volume per transaction?", "637 / 5")
    assert ask_in(cards, "and what was it for jcb?", q1, q2) == "91.66667"
    assert ask_in(cards, "what was the total value of the payments volume for jcb?") == "178.2"


def test_including_a_term_takes_it_from_the_line_of_the_others():
    years = Context(tables=(YEARS,))
    q1 = ("what were purchase commitments in 2010 and 2011, combined?", "6951 + 5942")
    assert ask_in(years, "including 2012, what then becomes that total?", q1) == "16552.0"
    q2 = ("what were the purchase commitments in 2012?", "3659")
    assert ask_in(years, "what percentage did this 2012 value represent in relation to the total purchase "
                         "commitments?", q2) == "0.22106"


def test_annual_amounts_over_years_and_unit_only_follow_ups():
    notes = Context(tables=(), paragraphs=(Paragraph("p", NOTES),))
    assert ask_in(notes, "what were the total payments for the notes entergy issued to nypa that lasted 7 years?") \
        == "756.0"
    assert ask("and converted to the single digits?", ("what were the payments made?", "5583334")) == "5.58333"


def test_new_part_of_an_earlier_whole_and_changes_of_earlier_lookups_with_new_words():
    q1 = ("what was the net revenue in 2007?", "1250")
    assert ask("what fraction comes from operating expenses?", q1) == "0.32"
    q2 = ("and in 2006?", "1100")
    assert ask("what was, then, the change in that net revenue throughout the reported quarters?", q1, q2) == "150.0"


def test_latest_answer_first_and_those_two_years_for_a_new_row():
    q1 = ("what was the net revenue in 2007?", "1250")
    q2 = ("what were operating expenses in 2007?", "400")
    assert ask("what is that value over the prior one?", q1, q2) == "0.32"
    q3 = ("and in 2006?", "1100")
    q4 = ("what is the ratio of these two values?", "1250 / 1100")
    assert ask("between those same two years, what was the change in the operating expenses, in millions?", q1, q3,
               q4) == "20.0"


WALK = Table.from_rows([
    ["-", "amount ( in millions )"],
    ["2010 net revenue", "$ 540.2"],
    ["retail electric price", "36.0"],
    ["volume/weather", "21.3"],
    ["2011 net revenue", "$ 577.8"],
])


def test_walk_rows_are_changes_and_better_cells_beat_earlier_operands():
    walk = Context(tables=(WALK,), paragraphs=(Paragraph("p", "the volume/weather variance was 59 in 2010 ."),))
    q1 = ("what was the total variance in net revenue from 2010 to 2011?", "577.8 - 540.2")
    assert ask_in(walk, "and what was the variance in volume/weather in that same period?", q1) == "21.3"
    q1 = ("what were operating expenses and total debt in 2007, combined?", "400 + -90")
    assert ask("what was the total debt in 2007?", q1) == "-90.0"


PRICES = Table.from_rows([
    ["2010", "high", "low"],
    ["quarter ended march 31", "$ 44.61", "$ 40.10"],
    ["quarter ended september 30", "52.11", "43.70"],
    ["2009", "high", "low"],
    ["quarter ended march 31", "$ 32.53", "$ 25.45"],
])


def test_low_to_high_ranges_and_year_sections_inside_a_table():
    prices = Context(tables=(PRICES,))
    assert ask_in(prices, "what was the change in the share price from lowest to highest during the quarter ended "
                          "september 30 of 2010?") == "8.41"
    assert ask_in(prices, "what was the high share price in the quarter ended march 31 of 2009?") == "32.53"


def test_the_words_right_after_a_number_name_it():
    text = ("entergy estimates that approximately 141000 electric customers and 93000 gas customers had returned by "
            "december 2008 .")
    note = Context(tables=(), paragraphs=(Paragraph("p", text),))
    assert ask_in(note, "what was the number of gas customers in 2008?") == "93000.0"


def test_by_what_amount_is_a_plain_change():
    assert detect_ops("by what amount, then, did that percentage increase over the year?")[0] == "change"


def test_month_names_pick_the_row():
    notes = Context(tables=(Table.from_rows([["euro notes", "amount"], ["march 2021", "1029"],
                                             ["june 2021", "1372"]]),))
    assert ask_in(notes, "what is the amount of euro notes with june 2021 maturities?") == "1372.0"
    assert ask_in(notes, "what is the amount of euro notes with march 2021 maturities?") == "1029.0"


def test_a_quarter_picks_the_row_of_the_month_it_ends():
    dividends = Context(tables=(Table.from_rows([["quarter ended", "2002 dividend"], ["december 31", ".455"],
                                                 ["september 30", ".455"], ["june 30", ".450"],
                                                 ["march 31", ".440"]]),))
    assert ask_in(dividends, "what was the cash dividend per share in the first quarter of 2002?") == "0.44"
    assert ask_in(dividends, "what was the cash dividend per share in the third quarter of 2002?") == "0.455"


def test_parenthesised_words_are_no_operator_cues():
    assert detect_ops("what was the net income ( loss ) attributable to common shareholders in 2008?") == []


def test_the_sum_over_a_new_value_divides_the_earlier_sum():
    q1 = ("what was the net revenue in 2007?", "1250")
    q2 = ("what were operating expenses in 2007?", "400")
    q3 = ("what is the sum?", "1250 + 400")
    assert ask("what is the sum over the value of net revenue in 2006?", q1, q2, q3) == "1.5"


def test_patterns_name_the_reading_and_switch_off_by_name():
    from tabtext.engines.solver.tasks.convfinqa.answer import PATTERNS, SWITCHES

    q1, q2 = ("what was the net revenue in 2007?", "1250"), ("and in 2005?", "1000")
    history = tuple(t for q, a in (q1, q2) for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#2", question="what was the change then?", context=CONTEXT, history=history,
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    assert answer_convfinqa(example).meta["pattern"] == "earlier_run"
    without = answer_convfinqa(example, off=frozenset({"earlier_run"}))
    assert without.meta.get("pattern") != "earlier_run" and without.raw != "250.0"
    names = [p.name for p in PATTERNS]
    assert len(names) == len(set(names)) and set(names) <= SWITCHES and all(p.example for p in PATTERNS)


def test_answers_carry_a_program_over_cells_and_earlier_turns():
    from tabtext.engines.solver.program.program import Cell, Program, Ref

    q1, q2 = ("what was the net revenue in 2007?", "1250"), ("and in 2005?", "1000")
    history = tuple(t for q, a in (q1, q2) for t in (Turn("user", q), Turn("assistant", a)))
    example = Example(uid="d#2", question="what was the change then?", context=CONTEXT, history=history,
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    data = answer_convfinqa(example).meta["program"]
    program, earlier = Program.from_json(data), [Program.from_json(h) for h in data["history"]]
    assert program.op == "subtract" and program.args == (Ref(0), Ref(1))
    assert program.value(earlier) == 250.0
    lookup = Example(uid="d#0", question="what was the net revenue in 2006?", context=CONTEXT,
                     meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    cell = Program.from_json(answer_convfinqa(lookup).meta["program"]).args[0]
    assert isinstance(cell, Cell) and (cell.row, cell.col, cell.value) == (1, 2, 1100.0)


def test_another_period_asks_for_another_value():
    # the earlier answer was read from 2006's column though 2007 was asked: "and in 2006?" is the other cell
    q1 = ("what was the net revenue in 2007?", "1100")
    assert ask("and in 2006?", q1) == "1250.0"
    example = Example(uid="d#0", question="and in 2006?", context=CONTEXT,
                      history=(Turn("user", q1[0]), Turn("assistant", q1[1])),
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    assert answer_convfinqa(example, frozenset({"another_value"})).raw == "1100.0"



def test_a_misspelt_word_still_names_its_label(monkeypatch):
    from tabtext.engines.solver.tasks.convfinqa import ground
    assert ground.overlap(["entergy", "lousiana"], ["entergy", "louisiana"]) == 1.0
    assert ground.overlap(["entergy", "texas"], ["entergy", "louisiana"]) < 1.0  # short or unlike words differ
    monkeypatch.setattr(ground, "FUZZY", 0)
    assert ground.overlap(["entergy", "lousiana"], ["entergy", "louisiana"]) < 1.0


def test_a_percentage_written_beside_the_earlier_answer_is_read():
    text = "in 2016 , net interest decreased $ 13 million ( 23% ) and other costs fell $ 4 million to $ 60 million ."
    notes = Context(tables=(TABLE,), paragraphs=(Paragraph("p", text),))
    q1 = ("what was the decrease in net interest in 2016?", "13")
    assert ask_in(notes, "and what was that as a percentage of the 2015 net interest?", q1) == "23%"
    q1 = ("what was the decrease in other costs in 2016?", "4")  # no percentage beside it: computed, not read
    assert ask_in(notes, "and what was that as a percentage of the 2016 other costs?", q1) != "23%"


def test_a_change_the_text_states_is_read():
    text = "net earnings of $ 6.0 billion decreased by $ 932 million ( 13.4% ) . headcount grew to 5400 employees ."
    notes = Context(tables=(TABLE,), paragraphs=(Paragraph("p", text),))
    assert ask_in(notes, "by what amount did the net earnings decrease over the year?") == "932.0"
    assert ask_in(notes, "what were the net earnings?") == "6.0"  # not asked as a change: the amount itself


def test_a_turn_no_pattern_grounds_is_read_by_the_tatqa_core():
    example = Example(uid="d#0", question="how many years are shown?", context=CONTEXT,
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    prediction = answer_convfinqa(example)
    assert (prediction.raw, prediction.meta["pattern"]) == ("3", "core")
    assert prediction.meta["program"]["op"] == "count"
    off = answer_convfinqa(example, off=frozenset({"core"}))
    assert off.answer is None and off.meta["pattern"] == "nothing_grounded"


def test_short_forms_read_as_the_long_name_on_both_sides():
    assert content_words("the cap ex for pp&e") == content_words("capital expenditures for property , plant and equipment")
    assert content_words("sg&a") == content_words("selling , general and administrative")
    assert content_words("s&p 500") == ["s&p"]  # a name that is no short form stays as written


def test_a_change_over_years_reads_the_other_year_from_the_same_sentence():
    table = Table.from_rows([["( in millions )", "2008"], ["fuel expense", "10"], ["receivables", "2"]])
    text = ("sold receivables were $ 500 million in 2007 and , after the company had expanded the facility with new "
            "banks , $ 600 million in 2008 .")
    example = Example(uid="d#0", question="what was the change in sold receivables from 2007 to 2008?",
                      context=Context(tables=(table,), paragraphs=(Paragraph("p", text),)),
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    assert answer_convfinqa(example).meta["formula"] == "600 - 500"
    assert answer_convfinqa(example, off=frozenset({"same_sentence"})).meta["formula"] == "2 - 500"


def test_a_change_over_years_starts_from_the_year_whose_number_fits_best():
    paragraphs = ("sold receivables were $ 500 million in 2007 and fuel costs were $ 70 million in 2008 .",
                  "the sold receivables of the company were $ 600 million in 2008 .")
    example = Example(uid="d#0", question="what was the change in sold receivables from 2007 to 2008?",
                      context=Context(tables=(Table.from_rows([["( in millions )", "2006"], ["fuel", "9"]]),),
                                      paragraphs=tuple(Paragraph(str(i), p) for i, p in enumerate(paragraphs))),
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    assert answer_convfinqa(example).meta["formula"] == "600 - 500"
    # from 2007's number, 2008's would be read in its sentence: the fuel costs
    assert answer_convfinqa(example, off=frozenset({"anchor"})).meta["formula"] == "70 - 500"


def test_a_non_x_line_is_not_the_x_asked():
    table = Table.from_rows([["( in millions )", "2015", "2014"],
                             ["proportional non-recoverable environmental capital expenditures", "( 51 )", "( 56 )"]])
    text = "this excludes the proportional recoverable environmental capital expenditures of $ 205 million in 2015 ."
    example = Example(uid="d#0", question="what were the proportional recoverable environmental capital expenditures "
                      "in 2015?", context=Context(tables=(table,), paragraphs=(Paragraph("p", text),)),
                      meta={"benchmark": "chatrag", "dataset": "convfinqa"})
    assert answer_convfinqa(example).raw == "205.0"
