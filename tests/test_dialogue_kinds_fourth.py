"""What a person says next, on tables written here (none from a benchmark set), asked the way
``tabtext ask --chat`` asks it: a period named after a change, an average over every half or quarter beside a
total column, "the whole year 2024", the year before a year's own column, "that half", and "that month" after an
answer read from the text."""

from __future__ import annotations

from tabtext.commands.ask import Conversation, found
from tabtext.display import shown
from tabtext.engines import make_engine
from tabtext.tables import read_table
from tabtext.types import Context, Paragraph
from test_dialogue_kinds import chat

#: quarters and the year's own total column after them
CAFE = """GBP,Q1 2025,Q2 2025,Q3 2025,Q4 2025,FY 2025
Catering sales,120,150,135,180,585
Coffee sales,210,230,260,240,940
Total sales,330,380,395,420,1525
Staff wages,(140),(145),(150),(160),(595)
"""
#: halves and one year's own column (the year before has only its halves)
CLINIC = """EUR thousand,H1 2023,H2 2023,H1 2024,H2 2024,Year 2024
Consultation fees,400,420,450,470,920
Grants,60,40,70,50,120
Total income,460,460,520,520,1040
Rent,(90),(90),(95),(95),(190)
"""
DEPOT = """Product (pallets),Jan 2025,Feb 2025,Mar 2025,Apr 2025
Timber,40,35,62,44
Bricks,28,30,51,33
Total,68,65,113,77
"""


def test_a_period_named_after_a_change_of_two_others_is_the_line_there(tmp_path):
    assert chat(tmp_path, CAFE, "What were catering sales in Q1 2025?", "and in Q2 2025?", "what was the difference?",
                "what about Q4 2025?") == ["120", "150", "30", "180"]


def test_a_period_the_change_read_moves_the_change(tmp_path):
    assert chat(tmp_path, CAFE, "What were coffee sales in Q3 2025?", "and in Q2 2025?", "what was the change?",
                "and in Q2 2025?") == ["260", "230", "30", "20"]


def test_an_average_over_every_quarter_leaves_the_years_total_column_out(tmp_path):
    assert chat(tmp_path, CAFE, "What were coffee sales in Q2 2025?", "what was the mean per quarter over the four "
                "quarters?", "and the sum over all the quarters?") == ["230", "235", "940"]


def test_an_average_over_every_half_leaves_the_year_column_out(tmp_path):
    assert chat(tmp_path, CLINIC, "How much did grants bring in in H2 2023?", "what is the average across the four "
                "half-years?") == ["40 thousand", "55 thousand"]


def test_the_whole_year_named_and_the_year_before_from_its_halves(tmp_path):
    assert chat(tmp_path, CLINIC, "What were consultation fees in H1 2023?", "what about the whole year 2024?",
                "and the previous year?") == ["400 thousand", "920 thousand", "820 thousand"]


def test_that_half_after_a_change_is_the_half_of_the_later_figure(tmp_path):
    assert chat(tmp_path, CLINIC, "How much was rent in H2 2024?", "how much more than in H2 2023?",
                "what percentage of that half's total income did rent take?") == \
        ["95 thousand", "5 thousand", "18.27%"]


def test_that_month_after_an_answer_from_the_text_is_the_last_figures_month(tmp_path):
    (tmp_path / "depot.csv").write_text(DEPOT, encoding="utf-8")
    text = "March was busy because a housing estate started building nearby. The depot manager is Ines Carvalho."
    context = Context(tables=(read_table(tmp_path / "depot.csv"),), paragraphs=(Paragraph("0", text),))
    conv = Conversation(make_engine("solver"), context)
    shown_ = []
    for q in ("How many pallets of timber went out in March?", "Who manages the depot?",
              "How many pallets in total left the depot that month?"):
        _, pred = conv.ask(q)
        shown_.append(shown(pred.answer, q) if found(pred) and pred.answer else "no answer found")
    assert shown_ == ["62", "Ines Carvalho", "113"]


#: a club's half-years: a result line (no "profit" in its name) and its total income
CLUB = """GBP,H1 2024,H2 2024,H1 2025
Membership income,300,320,345
Catering income,80,95,90
Total income,380,415,435
Trading result,57,70,74
"""


def test_another_lines_change_over_the_same_periods_after_a_growth_rate(tmp_path):
    assert chat(tmp_path, CLUB, "What was membership income in H1 2024?", "and in H1 2025?",
                "by what percent did it grow?", "how much did the catering income rise over the same period?") == \
        ["300", "345", "15%", "10"]


def test_margin_alone_after_a_result_line_and_total_income_is_the_one_over_the_other(tmp_path):
    assert chat(tmp_path, CLUB, "What was the trading result in H2 2024?", "and total income in that half?",
                "Margin?") == ["70", "415", "16.87%"]


def test_a_count_the_text_writes_with_a_scale_word_is_the_count():
    from tabtext.engines.solver.patterns.textnum import number_asked

    text = "Some twelve thousand visitors came to the open day, and 40 stalls were booked."
    value, unit, start, end = number_asked("Roughly how many visitors came?", text, 0, 30)
    assert (value, unit, text[start:end]) == (12000.0, "", "twelve thousand")
    assert number_asked("How many visitors came?", "It cost £3 million visitors aside.", 0, 20) is None


YARD = """Product (pallets),Jan 2025,Feb 2025,Mar 2025
Timber,40,35,62
Bricks,28,30,51
Sand,12,35,20
Total,80,100,133
"""
#: regions as columns (no periods), a Total row and column
REGIONS = """Product,North,South,East,West,Total
Kettles,120,95,80,105,400
Toasters,60,75,40,25,200
Total,180,170,120,130,600
"""


def test_another_plain_column_named_moves_the_last_computation(tmp_path):
    assert chat(tmp_path, REGIONS, "How many kettles were sold in the North?", "what about the East?",
                "and the West?") == ["120", "80", "105"]
    assert chat(tmp_path, REGIONS, "How many units were sold across all products in the South?", "and the West?") == \
        ["170", "130"]


def test_every_plain_column_counted_averages_the_last_computation(tmp_path):
    assert chat(tmp_path, REGIONS, "How many toasters were sold in the South?", "what was the mean per region "
                "across the four regions?", "and the sum across the four regions?") == ["75", "50", "200"]


def test_one_plain_column_than_another_in_percent(tmp_path):
    assert chat(tmp_path, REGIONS, "How many toasters did the West sell?", "how much more did the South sell "
                "than the West, in percent?", "how many fewer did the East sell than the North?") == ["25", "200%", "20"]


def test_the_two_together_as_a_share_of_a_whole_named(tmp_path):
    assert chat(tmp_path, YARD, "How many pallets of timber went out in February?", "and bricks?",
                "together, what share of the month's total were they?") == ["35", "30", "65%"]


def test_a_change_the_period_after_the_last_figure_and_an_acknowledgement_before_a_question(tmp_path):
    assert chat(tmp_path, CAFE, "What were coffee sales in Q2 2025?", "Why?", "how much did coffee sales rise the "
                "following quarter?", "Right, what were catering sales in Q4 2025?") == \
        ["230", "no answer found", "30", "180"]


def test_the_second_half_of_quarters_beside_the_years_column_and_then_the_year(tmp_path):
    assert chat(tmp_path, CAFE, "What were catering sales in the first half of 2025?", "and the second half?",
                "what was the change?", "by what percent did it grow?", "and for the year?") == \
        ["270", "315", "45", "16.67%", "585"]


def test_which_quarter_after_a_years_average_is_among_that_years_quarters(tmp_path):
    quarters = """Line,Q1 2024,Q2 2024,Q3 2024,Q4 2024,Q1 2025
Orders,410,395,470,430,520
"""
    assert chat(tmp_path, quarters, "What was the average number of orders per quarter in 2024?",
                "which quarter was the strongest?", "and the weakest?") == ["426.25", "Q3 2024", "Q2 2024"]


LOANS = """GBP thousand,30 June 2023,30 June 2024,30 June 2025
Cash,300,420,510
Term loan,900,750,640
Net assets,"2,100","2,260","2,480"
"""


def test_repaid_that_year_then_in_another_year_then_another_lines_change_in_a_year(tmp_path):
    assert chat(tmp_path, LOANS, "What was the term loan at 30 June 2025?", "How much was paid off that year?",
                "and how much of it was repaid in 2024?", "how much did cash go up during 2024?") == \
        ["640 thousand", "110 thousand", "150 thousand", "120 thousand"]


#: measures by year as columns ("Members 2024", "Renewed 2024"), clubs as rows
RENEWALS = """Club,Members 2023,Renewed 2023,Members 2024,Renewed 2024
Rowing,120,96,130,117
Tennis,200,150,210,147
Chess,40,36,44,33
"""


def test_another_measure_of_the_same_year_then_the_share_of_the_one_before(tmp_path):
    assert chat(tmp_path, RENEWALS, "How many members did the tennis club have in 2024?", "and how many renewed?",
                "what proportion is that?", "and for rowing?", "what about 2023?") == \
        ["210", "147", "70%", "90%", "80%"]


#: a half-year statement under one money scale, with a line of things counted (tonnes) under it
PLANT = """USD thousand,H1 2023,H2 2023,H1 2024,H2 2024
Gate fees,"2,400","2,550","2,610","2,780"
Total revenue,"3,500","3,530","3,860","4,100"
Operating profit,"1,550","1,520","1,750","2,050"
Tonnes processed,"41,000","42,500","44,000","46,200"
Vans on the road,12,12,14,15
"""


def test_total_alone_and_now_and_added(tmp_path):
    assert chat(tmp_path, PLANT, "What were gate fees in H1 2024?", "Total for the year?", "and for 2023?") == \
        ["2,610 thousand", "5,390 thousand", "4,950 thousand"]
    assert chat(tmp_path, PLANT, "How many vans were on the road in H2 2023?", "And at present?",
                "how many were added?") == ["12", "15", "3"]


def test_a_line_per_a_counted_line_under_the_tables_money_scale(tmp_path):
    assert chat(tmp_path, PLANT, "What was operating profit in 2024?", "How many tonnes were processed in 2024?",
                "what was the operating profit per tonne?", "which half had the highest revenue per tonne?") == \
        ["3,800 thousand", "90,200", "42.13", "H2 2024"]


BAKERY = """GBP,2022,2023,2024
Bread,"41,000","43,500","47,200"
Cakes,"22,800","23,400","19,900"
"""
BAKERY_TEXT = ("The Larch Street Bakery sells bread and cakes from one shop. Cake sales fell in 2024 because a supermarket "
               "opened next door. Bread sales rose in 2024 because of a new sourdough range. The owner is Marta "
               "Kowalski.")


def test_a_cause_asked_without_naming_the_line_is_read_with_the_last_answers_line_and_period(tmp_path):
    (tmp_path / "b.csv").write_text(BAKERY, encoding="utf-8")
    context = Context(tables=(read_table(tmp_path / "b.csv"),), paragraphs=(Paragraph("0", BAKERY_TEXT),))
    conv = Conversation(make_engine("solver"), context)
    got = []
    for q in ("How much did cake sales bring in in 2023?", "And in 2024?", "Why the fall?",
              "What did bread make in 2024?", "what was behind that?"):
        _, pred = conv.ask(q)
        got.append(shown(pred.answer, q) if found(pred) and pred.answer else "no answer found")
    assert got[:2] == ["23,400", "19,900"] and got[3] == "47,200"
    assert "supermarket" in got[2] and "sourdough" in got[4]


def test_which_of_the_two_after_their_sum_and_share_then_by_how_much(tmp_path):
    assert chat(tmp_path, YARD, "How many pallets of bricks went out in March?", "and sand?", "the two together?",
                "what share of the month's total is that?", "which of the two was bigger?", "by how much?") == \
        ["51", "20", "71", "53.38%", "Bricks", "31"]


def test_a_quarterly_average_after_the_years_own_column_and_percentage_points_asked_again(tmp_path):
    assert chat(tmp_path, CAFE, "What were staff wages in Q1 2025?", "and for the whole year?",
                "what's that a quarter on average?", "and coffee sales?") == \
        ["140", "595", "148.75", "235"]
    assert chat(tmp_path, CAFE, "What share of total sales was coffee in Q2 2025?", "and in Q3 2025?",
                "what was the change?", "so by how many percentage points?") == \
        ["60.53%", "65.82%", "5.3%", "5.3%"]


BOWLS = """Pos,Club,Played,Won,Lost,Shots for,Shots against,Points
1,Elm Park,14,11,3,310,220,33
2,Kingsmead,14,9,5,290,250,27
3,Ashby Green,14,6,8,260,275,18
4,Riverside,14,2,12,200,315,6
"""


def test_the_average_per_row_after_a_columns_total_over_its_rows(tmp_path):
    assert chat(tmp_path, BOWLS, "What was the total number of shots scored in the league?",
                "what was the average per club?", "and the total?") == ["1,060", "265", "1,060"]


GARDEN = """Visitors,Mar 2025,Apr 2025,May 2025,Jun 2025,Jul 2025,Aug 2025
Adults,800,950,1200,1500,1900,1700
Children,300,420,500,650,900,880
"""


def test_may_named_alone_and_a_share_of_a_range_of_months(tmp_path):
    assert chat(tmp_path, GARDEN, "How many adults visited in June?", "What about May?", "June and May combined?",
                "what proportion of the March through August total is that?") == ["1,500", "1,200", "2,700", "33.54%"]


def test_how_much_did_it_come_down_from_the_previous_year(tmp_path):
    assert chat(tmp_path, LOANS, "What was the term loan at 30 June 2024?", "how much has it come down since the "
                "previous year?", "and cash, how much did it go up on the prior year?") == \
        ["750 thousand", "150 thousand", "120 thousand"]


def test_money_taken_per_thing_counted_names_no_line(tmp_path):
    stalls = """Line,Jun 2025,Jul 2025
Punnets sold,400,520
Revenue (GBP),"1,200","1,820"
"""
    assert chat(tmp_path, stalls, "How many punnets went in July?", "and what did we make per punnet?") == \
        ["520", "3.5"]
