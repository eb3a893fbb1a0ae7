"""What a person says next, on tables written here (none from a benchmark set), asked the way
``tabtext ask --chat`` asks it: "which was higher?" of one line in two periods, the difference after such a choice,
a how-many question the core answered with a phrase of the text, the average after a growth rate, a line named by
part of its label ("what about advertising?", "compare that with advertising"), a share of the total after a change,
"how much did it fall?", a change in percent naming its own line, "the half-year ending on that date" and an
earlier answer named by what it was ("the rise in equity")."""

from __future__ import annotations

from tabtext.display import shown
from tabtext.engines import make_engine
from tabtext.engines.solver.dialogue.core import named_cell_not_span
from tabtext.engines.solver.dialogue.edit import Grid
from tabtext.engines.solver.program.program import Program, Span
from tabtext.table_choice import QuestionFirstTable
from tabtext.types import Context, Table
from test_dialogue_kinds import chat

WARDS = """Ward,2022,2023
Maternity,"1,240","1,310"
Orthopaedics,980,"1,150"
Cardiology,760,745
"""
QUARTERS = """Figures,Q1 2025,Q2 2025,Q3 2025
Sales,400,520,470
Net profit,40,61,55
"""


def test_the_difference_after_a_choice_is_between_the_two_figures(tmp_path):
    assert chat(tmp_path, WARDS, "How many admissions did Maternity have in 2023?", "and Orthopaedics?",
                "which was higher?", "what is the difference?", "and in 2022?") == \
        ["1,310", "1,150", "Maternity", "160", "260"]


def test_which_was_higher_of_one_line_in_two_periods_is_the_period(tmp_path):
    assert chat(tmp_path, QUARTERS, "What was net profit in Q2 2025?", "and in Q3 2025?", "which was higher?",
                "which was lower?") == ["61", "55", "Q2 2025", "Q3 2025"]


def test_a_how_many_question_naming_a_line_and_a_period_is_its_cell_not_a_phrase():
    grid = Grid.of(Table.from_rows([["Ward", "2022", "2023"], ["Maternity", "1,240", "1,310"],
                                    ["Orthopaedics", "980", "1,150"]]))
    phrase = Program("span", (Span(0, 0, 6, "no new"),))
    program = named_cell_not_span("How many admissions did Orthopaedics have in 2022?", phrase, grid)
    assert program.op == "lookup" and program.run().text() == "980"
    assert named_cell_not_span("Why did Orthopaedics grow in 2022?", phrase, grid) is phrase  # not an amount asked
    numbered = Program("span", (Span(0, 0, 9, "about 980"),))  # a phrase with a figure of its own stays
    assert named_cell_not_span("How many admissions did Orthopaedics have in 2022?", numbered, grid) is numbered


SHOP = """Line (GBP 000),Q1 2025,Q2 2025,Q3 2025
Sales,800,880,950
Advertising spend,60,66,75
Staff costs,210,220,236
"""
PARKS = """Park,2022,2023,2024
Riverside,"41,000","44,500","47,200"
Hilltop,"18,300","17,900","19,600"
All parks,"59,300","62,400","66,800"
"""


def test_the_average_after_a_growth_rate_is_of_its_two_figures(tmp_path):
    assert chat(tmp_path, SHOP, "What were sales in Q1 2025?", "and in Q3 2025?", "by what percent did they grow?",
                "and the average?", "what about staff costs?") == \
        ["800 thousand", "950 thousand", "18.75%", "875 thousand", "223 thousand"]


def test_a_line_named_by_part_of_its_label_and_compare_that_with(tmp_path):
    assert chat(tmp_path, SHOP, "What were sales in Q2 2025?", "and in Q3 2025?", "how much did they change?",
                "what about advertising?") == ["880 thousand", "950 thousand", "70 thousand", "9 thousand"]
    assert chat(tmp_path, SHOP, "What were staff costs in Q2 2025?", "and in Q3 2025?", "in percentage terms?",
                "compare that with advertising") == ["220 thousand", "236 thousand", "7.27%", "13.64%"]


def test_the_year_before_is_a_move_not_a_line_holding_before(tmp_path):
    table = "GBP m,2023,2024\nRevenue,50,56\nProfit before tax,6.1,7.3\nNet profit,4.0,5.2\n"
    assert chat(tmp_path, table, "What was net profit in 2024?", "and the year before?") == ["5.2 million", "4.0 million"]


def test_a_share_of_the_total_after_a_change_is_of_the_later_years_total(tmp_path):
    assert chat(tmp_path, PARKS, "How many visitors did Hilltop have in 2023?", "and in 2024?",
                "how much did it change?", "what share of the total is that?") == ["17,900", "19,600", "1,700", "2.54%"]


ORCHARD = """Orchard (tonnes),2022,2023,2024
Bramley apples,96,71,88
Conference pears,40,44,39
Total,136,115,127
"""


def test_how_much_did_it_fall_is_the_size_of_the_fall_and_its_percentage(tmp_path):
    assert chat(tmp_path, ORCHARD, "How many tonnes of Bramley apples were picked in 2022?", "And in 2023?",
                "How much did it fall?", "in percent?") == ["96", "71", "25", "26.04%"]
    assert chat(tmp_path, ORCHARD, "How many tonnes of Conference pears were picked in 2022?", "And in 2023?",
                "How much did it fall?") == ["40", "44", "-4"]  # it rose: a fall of -4, not a rise shown as a fall


def test_a_change_in_percent_naming_its_own_line(tmp_path):
    table = "Measure,Jan 2025,Feb 2025,Mar 2025\nBookings,310,286,334\nCancellations,21,18,25\n"
    assert chat(tmp_path, table, "How many bookings were there in February?", "And in March?", "What's the difference?",
                "By what percent did bookings go up?") == ["286", "334", "48", "16.78%"]


def test_months_away_on_columns_of_dates(tmp_path):
    table = 'GBP 000,31 Mar 2024,30 Sep 2024,31 Mar 2025\nCash,410,385,520\nNet assets,"1,900","2,050","2,240"\n'
    assert chat(tmp_path, table, "What were net assets at 30 September 2024?", "And six months later?",
                "How much did they rise?", "what about cash?") == \
        ["2,050 thousand", "2,240 thousand", "190 thousand", "135 thousand"]


GYM = """Metric,Q1 2024,Q2 2024,Q3 2024
Visits,"24,280","23,050","21,900"
New members,389,342,297
Churned members,186,204,231
"""


def test_a_first_question_naming_its_line_by_a_verb(tmp_path):
    assert chat(tmp_path, GYM, "How many people visited in Q2 2024?", "and in Q3 2024?") == ["23,050", "21,900"]
    assert chat(tmp_path, GYM, "How many members were lost in Q3 2024?", "and the quarter before?",
                "how much did they change?") == ["231", "204", "27"]
    assert chat(tmp_path, GYM, "How many members joined in Q1 2024?", "what about those who cancelled?") == \
        ["389", "186"]
    assert chat(tmp_path, TALKS, "How many people came to talks in February?") == ["465"]
    assert chat(tmp_path, "Item,2023,2024\nE-book loans,900,1100\nPrint loans,4000,3800\nTotal loans,4900,4900\n",
                "How many e-books were borrowed in 2024?") == ["1,100"]  # not widened to Total loans


TALKS = "Measure,Jan 2025,Feb 2025,Mar 2025\nTalks held,12,15,18\nTalk attendance,410,465,612\n"


def test_by_how_much_after_which_was_higher_and_per_one_of_two_rows_holding_the_word(tmp_path):
    assert chat(tmp_path, QUARTERS, "What was net profit in Q2 2025?", "and in Q3 2025?", "which was higher?",
                "by how much?") == ["61", "55", "Q2 2025", "6"]
    assert chat(tmp_path, TALKS, "How many talks were held in March?", "And how many people attended them?",
                "How many per talk is that?", "And in January?") == ["18", "612", "34", "34.17"]


RENTALS = """,rentals,revenue_k,avg_hire_hours
2024-01,910,41.2,2.4
2024-02,880,39.8,2.2
2024-03,"1,120",50.6,2.9
2024-04,"1,340",61.0,3.1
"""


def test_on_periods_as_rows_a_share_of_every_period_and_the_highest_of_the_line_in_other_words(tmp_path):
    assert chat(tmp_path, RENTALS, "How many rentals were there in March 2024?", "and in April?",
                "what is the sum of the two?", "What share of the total for the four months is that?") == \
        ["1,120", "1,340", "2,460", "57.88%"]
    assert chat(tmp_path, RENTALS, "What was the average hire time in January 2024?", "and in March?",
                "what was the highest average hire length?", "which month was that?")[2:] == ["3.1", "April 2024"]


def test_an_amount_asked_of_the_one_row_sharing_a_word_is_its_cell_not_a_phrase():
    grid = Grid.of(Table.from_rows([["GBP", "2023", "2024"], ["Food purchases", "162,900", "184,700"],
                                    ["Staff costs", "131,500", "140,800"]]))
    phrase = Program("span", (Span(0, 0, 24, "collects surplus food"),))
    program = named_cell_not_span("What did the charity spend on food in 2024?", phrase, grid)
    assert program.op == "lookup" and program.run().text() == "184,700"
    assert named_cell_not_span("What did the charity buy with its food grant in 2024?", phrase, grid) is phrase


def test_two_dates_of_one_year_are_two_periods(tmp_path):
    table = 'EUR 000,30 Jun 2024,31 Dec 2024,30 Jun 2025\nCash,800,950,"1,010"\nTotal assets,"2,400","2,610","2,890"\n'
    assert chat(tmp_path, table, "What was cash at 31 December 2024?", "What share of total assets is that?",
                "and six months earlier?") == ["950 thousand", "36.4%", "33.33%"]
    assert chat(tmp_path, table, "What was cash at 30 June 2024?", "and total assets at 31 December 2024?",
                "and the year before?") == ["800 thousand", "2,610 thousand", "no answer found"]
    grid = Grid.of(Table.from_rows([list(r.split(",")) for r in ["EUR 000,30 Jun 2024,31 Dec 2024,30 Jun 2025",
                                                                 "Cash,800,950,1010"]]))
    assert grid.col_years[1:] == ("2024-06-00", "2024-12-00", "2025") and grid.years_named("cash in 2024?") == ["2024-12-00"]


def test_a_statement_line_named_by_another_phrase(tmp_path):
    table = ("USD 000,Q1 2025,Q2 2025\nRevenue,900,980\nCost of goods sold,(400),(430)\nOperating income,120,150\n"
             "Net income,80,104\n")
    assert chat(tmp_path, table, "What was the bottom line in Q2 2025?", "and in Q1 2025?", "how much did it change?") == \
        ["104 thousand", "80 thousand", "24 thousand"]
    assert chat(tmp_path, table, "What was EBIT in Q1 2025?") == ["120 thousand"]
    assert chat(tmp_path, table, "What was the cost of sales in Q2 2025?") == ["430 thousand"]
    assert chat(tmp_path, table, "What was the top line in Q2 2025?") == ["980 thousand"]
    pbt = "GBP 000,FY24,FY25\nRevenue,900,980\nProfit before tax,120,150\n"
    assert chat(tmp_path, pbt, "What was the pre-tax profit in FY25?") == ["150 thousand"]


def test_the_half_year_ending_on_that_date_and_an_earlier_answer_named_by_what_it_was(tmp_path):
    from tabtext.commands.ask import Conversation, found

    pnl = Table.from_rows([["EUR 000", "H1 2024", "H2 2024", "H1 2025"], ["Fees", "2,000", "2,300", "2,450"],
                           ["Operating profit", "300", "380", "410"]])
    bal = Table.from_rows([["EUR 000", "30 Jun 2024", "31 Dec 2024", "30 Jun 2025"], ["Equity", "1,500", "1,720", "2,010"]])
    conv = Conversation(QuestionFirstTable(make_engine("solver")), Context(tables=(pnl, bal)))
    said = []
    for q in ("What was equity at 31 December 2024?", "And six months later?", "How much did it rise?",
              "What was operating profit in the half-year ending on that date?",
              "What percentage of that profit does the rise in equity represent?"):
        _, pred = conv.ask(q)
        said.append(shown(pred.answer, q) if found(pred) and pred.answer else "no answer found")
    assert said == ["1,720 thousand", "2,010 thousand", "290 thousand", "410 thousand", "70.73%"]


def test_a_first_question_asking_how_much_a_line_fell_is_the_size_of_the_fall(tmp_path):
    assert chat(tmp_path, ORCHARD, "How much did the Bramley apples crop fall from 2022 to 2023?") == ["25"]


def test_that_year_after_a_years_total_and_a_share_of_a_year_on_halves(tmp_path):
    kpi = "USD m,Q1 2023,Q2 2023,Q3 2023,Q4 2023,Q1 2024\nRevenue,12.4,13.1,13.9,15.2,15.8\nMarketing spend,2.8,3.0,3.4,4.1,3.6\n"
    assert chat(tmp_path, kpi, "What was revenue in Q4 2023?", "What was the total for 2023?",
                "And how much was spent on marketing that year?", "What share of revenue is that?") == \
        ["15.2 million", "54.6 million", "13.3 million", "24.36%"]
    halves = "Category,H1 2023,H2 2023,H1 2024,H2 2024\nE-books,6750,7420,8190,8860\nTotal,59410,61060,59780,62990\n"
    assert chat(tmp_path, halves, "What share of total loans were e-books in 2024?", "And in 2023?") == ["13.89%", "11.76%"]


def test_another_lines_change_over_the_same_year_and_a_proportion_of_an_earlier_figure(tmp_path):
    table = ("GBP 000,31 Mar 2024,31 Mar 2023\nCash,412,355\nTotal assets,\"2,023\",\"1,957\"\nBank loan,420,480\n"
             "Restricted funds,320,300\nTotal funds,\"1,539\",\"1,406\"\n")
    assert chat(tmp_path, table, "How much cash was there at 31 March 2024?", "And a year earlier?", "What was the increase?",
                "How much did the bank loan fall over the year?", "by what percent did total funds grow?") == \
        ["412 thousand", "355 thousand", "57 thousand", "60 thousand", "9.46%"]
    assert chat(tmp_path, table, "What were total funds at 31 March 2024?", "And in 2023?", "By what percentage did they rise?",
                "How much were restricted funds in 2024?", "What proportion is that?")[3:] == ["320 thousand", "20.79%"]


def test_a_lines_change_over_the_year_by_a_year_and_what_was_the_line_of_a_company(tmp_path):
    table = "EUR m,31 Dec 2022,31 Dec 2023\nCash,29.8,34.6\nBorrowings,105.0,98.0\nTotal liabilities,192.6,196.3\n"
    assert chat(tmp_path, table, "What were total liabilities at 31 Dec 2023?", "How much did they change over the year?",
                "What were borrowings at 31 Dec 2023?", "How much was repaid during the year?") == \
        ["196.3 million", "3.7 million", "98.0 million", "7 million"]
    assert chat(tmp_path, table, "What was cash at 31 Dec 2022?", "How much did it grow by 2023?")[1] == "4.8 million"
    grid = Grid.of(Table.from_rows([["EUR m", "FY2022", "FY2023"], ["Revenue", "412.5", "448.2"]]))
    phrase = Program("span", (Span(0, 0, 9, "makes soups"),))
    assert named_cell_not_span("What was Alder Foods' revenue in FY2023?", phrase, grid).run().text() == "448.2"
    assert named_cell_not_span("What was the main driver of revenue in FY2023?", phrase, grid) is phrase


def test_the_full_year_of_a_half_and_a_jump_and_a_share_over_halves(tmp_path):
    hf = "GBP 000,H1 2024,H2 2024,FY 2024,FY 2023\nTotal revenue,6170,7850,14020,12760\nEBITDA,1960,3060,5020,4200\n"
    assert chat(tmp_path, hf, "What was EBITDA in H2 2024?", "And in H1?", "What was the EBITDA margin for the full year?",
                "And in FY 2023?")[2:] == ["35.81%", "32.92%"]
    mo = "Metric,Jan 2024,Feb 2024,Mar 2024\nVisits,8412,7958,8730\nEvent attendance,486,431,562\n"
    assert chat(tmp_path, mo, "How many visits were there in February 2024?", "And in March?",
                "By how much did visits jump?", "What about event attendance over the same two months?")[2:] == ["772", "131"]
    hy = "CAD 000,H1 2023,H2 2023,H1 2024,H2 2024\nGrant,250,250,300,300\nTotal income,1796,1857,1956,2035\n"
    assert chat(tmp_path, hy, "What was total income in 2024?", "How much of the 2024 income came from the grant?",
                "What share is that?")[2:] == ["15.03%"]


def test_acronyms_of_cost_lines_and_a_halfs_share_of_the_full_year(tmp_path):
    pnl = ("USD 000,1Q25,2Q25,3Q25,4Q25\nNet sales,4820,5135,5410,6275\nResearch and development,(210),(220),(235),(240)\n"
           "General and administrative,(540),(552),(561),(598)\n")
    assert chat(tmp_path, pnl, "What was R&D spending in 2Q25?", "And G&A?") == ["220 thousand", "552 thousand"]
    assert chat(tmp_path, pnl, "What were net sales in 3Q25?", "What was the total for the second half?",
                "What share of the full year came in the second half?")[1:] == ["11,685 thousand", "54%"]


def test_the_combined_total_of_two_rows_and_which_drove_further(tmp_path):
    galleries = 'Gallery,2023,2024\nMaritime,"26,150","24,890"\nTextiles,"23,450","31,600"\nTotal,"49,600","56,490"\n'
    assert chat(tmp_path, galleries, "How many visitors did Textiles get in 2023?", "And Maritime?",
                "What is the combined total?") == ["23,450", "26,150", "49,600"]
    vans = 'Vehicle,Km driven,Fuel litres\nVAN-103,"39,900","4,020"\nVAN-104,"44,300","4,390"\nVAN-105,"28,700","2,950"\n'
    assert chat(tmp_path, vans, "How far did VAN-103 drive?", "And VAN-104?", "Which drove further?", "By how much?",
                "Which one is lighter on fuel?")[2:4] == ["VAN-104", "4,400"]


def test_how_many_times_bigger(tmp_path):
    table = 'Product line,Sep 2024,Oct 2024\nBread,"8,730","9,010"\nCakes,"3,320","3,610"\n'
    assert chat(tmp_path, table, "What were bread sales in September 2024?", "What about cakes?",
                "How many times bigger is bread?") == ["8,730", "3,320", "2.63"]
    assert chat(tmp_path, table, "What were cake sales in October 2024?", "And bread?", "How many times more is that?")[2] == \
        "2.5"


def test_a_period_the_text_names_only_in_a_sentence_about_something_else_is_still_missing():
    from tabtext.table_choice import period_gap

    table = Table.from_rows([["Measure", "Jan 2025", "Feb 2025"], ["Visits", "18,420", "17,905"]],
                            caption="Ashby Library - monthly activity")
    other = ["The head librarian will launch a reading challenge on 1 July 2025."]
    assert period_gap("How many visits did the library get in July 2025?", table, other)
    assert not period_gap("How many visits did the library get in July 2025?", table,
                          ["Visits in July 2025 reached 19,000."])


def test_on_average_how_many_came_to_each_event_is_per_event(tmp_path):
    assert chat(tmp_path, TALKS, "On average how many people came to each talk in March?") == ["34"]


def test_a_dialogue_on_a_table_of_periods_as_rows_not_turned_does_not_fail():
    from tabtext.engines.solver.dialogue.conversation import Dialogue

    table = Table.from_rows([["", "Revenue ($m)", "Marketing ($m)"], ["2023Q1", "12.4", "2.8"], ["2023Q2", "13.1", "3.0"],
                             ["2023Q3", "13.9", "3.4"], ["2023Q4", "15.2", "4.1"]])
    dialogue = Dialogue(Context(tables=(table,)))
    dialogue.ask("What was revenue in Q4 2023?")
    assert dialogue.ask("What was the total for 2023?").answer.text() == "54.6"  # an IndexError before
