"""What people say next, reworded and re-targeted beyond the benchmark conversations, each on a table written here
(none from a benchmark set) and asked the way ``tabtext ask --chat`` asks it (``commands.ask.Conversation``):
halves, a line's growth said in other words, a share with no whole named, the peak period, a measure of the last
answer's thing, a row named after a total over the quarters."""

from __future__ import annotations

from tabtext.commands.ask import Conversation
from tabtext.display import shown
from tabtext.engines import make_engine
from tabtext.tables import read_table
from tabtext.types import Context

HALVES = """Category,H1 2023,H2 2023,H1 2024,H2 2024
Print books,"5,200","5,600","4,900","5,100"
Magazines,820,760,700,640
Digital,"2,100","2,450","2,800","3,150"
Total,"8,120","8,810","8,400","8,890"
"""
SERVICES = """Service,2020,2021,2022
Counselling,640,910,1180
Home visits,1500,1420,1390
Total,2140,2330,2570
"""
MODELS = """Model,Weight (kg),Units sold,Returns
Aero 1,9.5,1200,36
Aero 2,8.1,950,19
Tour X,12.4,400,22
"""
QUARTERS = """USD 000,Q1 FY25,Q2 FY25,Q3 FY25,Q4 FY25
Sales,"1,000","1,200","1,100","1,300"
Cost of sales,(600),(700),(650),(750)
Gross profit,400,500,450,550
"""


def chat(tmp_path, csv_text: str, *questions: str) -> list[str]:
    """What ``ask --chat`` shows for each question in turn ("no answer found" when it does not stand behind one)."""
    from tabtext.commands.ask import found

    (tmp_path / "t.csv").write_text(csv_text, encoding="utf-8")
    conv = Conversation(make_engine("solver"), Context(tables=(read_table(tmp_path / "t.csv"),)))
    out = []
    for q in questions:
        _, pred = conv.ask(q)
        out.append(shown(pred.answer, q) if found(pred) and pred.answer else "no answer found")
    return out


def test_a_half_without_its_year_the_years_total_and_its_growth(tmp_path):
    assert chat(tmp_path, HALVES, "How many digital loans were there in H2 2023?", "and in the first half?",
                "what is the total for the year?", "and for 2024?", "how much did it grow?",
                "in percentage terms?") == ["2,450", "2,100", "4,550", "5,950", "1,400", "30.77%"]


def test_two_halves_later(tmp_path):
    assert chat(tmp_path, HALVES, "How many magazine loans were there in H1 2023?", "and two halves later?") == \
        ["820", "700"]


def test_a_share_with_no_whole_named_is_of_the_last_answer(tmp_path):
    assert chat(tmp_path, HALVES, "What were total loans in H2 2024?", "what share was digital?",
                "and in H1 2023?") == ["8,890", "35.43%", "25.86%"]
    assert chat(tmp_path, SERVICES, "What was the total in 2022?", "how many of those were home visits?",
                "what percentage is that?", "and in 2020?") == ["2,570", "1,390", "54.09%", "70.09%"]


def test_growth_said_as_grow_then_by_what_percent(tmp_path):
    assert chat(tmp_path, SERVICES, "How many counselling sessions were there in 2022?", "How about 2020?",
                "How much did it grow?", "By what percent?") == ["1,180", "640", "540", "84.38%"]


def test_the_peak_year_is_a_period_and_the_lowest_too(tmp_path):
    assert chat(tmp_path, SERVICES, "How many home visits were there in 2021?", "what was the peak year for them?",
                "and the lowest?") == ["1,420", "2020", "2022"]


def test_a_measure_of_the_last_answers_thing_and_a_gap_named_by_its_comparative(tmp_path):
    assert chat(tmp_path, MODELS, "How many Aero 2s were sold?", "and how many returns did it have?",
                "what's the return rate?", "and for the Tour X?") == ["950", "19", "2%", "5.5%"]
    assert chat(tmp_path, MODELS, "What is the weight of the Aero 1?", "what about the Tour X?",
                "how much heavier is that?") == ["9.5", "12.4", "2.9"]


def test_a_row_named_after_a_total_over_the_quarters_is_that_rows_total(tmp_path):
    assert chat(tmp_path, QUARTERS, "What were total sales for FY25?", "and the total cost of sales?",
                "what is the gross profit then?", "what share of sales is that?") == \
        ["4,600 thousand", "2,700 thousand", "1,900 thousand", "41.3%"]


MONTHS = """Month,Riders,Fares ($000),Buses
January 2025,"41,200",98.5,30
February 2025,"39,800",95.1,30
March 2025,"44,600",106.2,32
April 2025,"46,100",110.4,33
May 2025,"48,900",117.0,34
June 2025,"50,300",120.6,34
"""
SHOP = """Product,Jan 2025,Feb 2025,Mar 2025,Total
Bread,820,790,860,2470
Cakes,310,280,450,1040
Total,1130,1070,1310,3510
"""


def test_three_months_earlier_and_a_month_asked_without_a_lead_word(tmp_path):
    assert chat(tmp_path, MONTHS, "How many riders were there in June 2025?", "and three months earlier?",
                "how many were there in April?") == ["50,300", "44,600", "46,100"]


def test_the_average_per_month_in_that_period_is_over_every_month_the_total_read(tmp_path):
    assert chat(tmp_path, MONTHS, "What were total fares from January to March?", "and from April to June?",
                "what's the average per month in that period?") == ["299.8 thousand", "348 thousand", "116 thousand"]


def test_it_the_year_before_and_the_prior_period_are_moves_not_new_questions(tmp_path):
    assert chat(tmp_path, SERVICES, "How many counselling sessions were there in 2022?", "And what was it the year before?",
                "And in the prior period?", "what was the figure for 2022?") == ["1,180", "910", "640", "1,180"]
    assert chat(tmp_path, SERVICES, "How many home visits were there in 2020?",
                "what was the change in it from 2020 to 2022?") == ["1,500", "-110"]


def test_a_share_naming_its_part_and_whole_after_a_change(tmp_path):
    assert chat(tmp_path, SHOP, "How many cakes did we sell in March?", "how much did that change from January?",
                "what share of total March sales was cakes?", "and in February?") == ["450", "140", "34.35%", "26.17%"]


def test_two_quarters_compared_in_other_words(tmp_path):
    assert chat(tmp_path, QUARTERS, "What were sales in Q4 FY25?", "How much higher was Q4 than Q1?") == \
        ["1,300 thousand", "300 thousand"]
    assert chat(tmp_path, QUARTERS, "What were sales in Q4 FY25?", "What was the percentage increase from Q1 to Q4?") \
        == ["1,300 thousand", "30%"]
    assert chat(tmp_path, QUARTERS, "What were sales in Q4 FY25?", "By how much did it exceed Q3?") == \
        ["1,300 thousand", "200 thousand"]
    assert chat(tmp_path, QUARTERS, "What were sales in Q4 FY25?", "What's the difference to Q2?") == \
        ["1,300 thousand", "100 thousand"]


def test_the_quarterly_average_the_year_to_date_and_a_share_of_the_annual_figure(tmp_path):
    assert chat(tmp_path, QUARTERS, "What were sales in Q3 FY25?", "and year to date?") == \
        ["1,100 thousand", "3,300 thousand"]
    assert chat(tmp_path, QUARTERS, "What were sales in Q3 FY25?", "What was the quarterly average?") == \
        ["1,100 thousand", "1,150 thousand"]
    assert chat(tmp_path, QUARTERS, "What were sales in Q4 FY25?", "What share of the annual sales came in Q4?") == \
        ["1,300 thousand", "28.26%"]
    assert chat(tmp_path, QUARTERS, "What were sales in Q4 FY25?", "How much of the year's sales was that?") == \
        ["1,300 thousand", "28.26%"]


def test_an_empty_heading_row_answers_nothing(tmp_path):
    sheet = "EUR m,2023,2024\nRevenue,410,450\nEquity,,\nShare capital,50,50\nRetained earnings,140,170\n"
    assert chat(tmp_path, sheet, "What was revenue in 2024?", "what is the equity?")[1] == "no answer found"


UNITS = """,Q1 2025,Q2 2025,Q3 2025
Revenue ($000),"2,400","2,700","3,100"
Units sold,120,130,150
Employees,40,42,45
"""


def test_per_unit_names_the_units_row_and_another_per_swaps_the_denominator(tmp_path):
    assert chat(tmp_path, UNITS, "What was revenue in Q2 2025?", "and per unit?", "and per employee?", "and in Q3?") == \
        ["2,700 thousand", "20,769.23", "64,285.71", "68,888.89"]


HALF_AND_FULL_YEARS = """GBP 000,H1 2025,H2 2025,FY 2025,FY 2024
Room revenue,"2,100","2,600","4,700","4,300"
Bar revenue,500,640,"1,140","1,020"
Total revenue,"2,600","3,240","5,840","5,320"
"""
LOANS = """Metric,Jan 2025,Feb 2025,Mar 2025,Apr 2025
Adult loans,"3,100","2,900","3,300","3,050"
Child loans,"1,200","1,150","1,400","1,320"
Total loans,"4,300","4,050","4,700","4,370"
"""


def test_a_year_named_alone_is_the_years_column_not_its_first_half(tmp_path):
    assert chat(tmp_path, HALF_AND_FULL_YEARS, "What was total revenue in FY 2025?", "And the year before?",
                "What share of the 2025 total came from bar revenue?") == ["5,840 thousand", "5,320 thousand", "19.52%"]


def test_the_combined_total_then_how_many_more_in_another_month(tmp_path):
    assert chat(tmp_path, LOANS, "How many adult loans were there in February 2025?", "And child loans that month?",
                "So what's the combined total?", "How many more total loans were there in April?",
                "What is that as a percentage increase?") == ["2,900", "1,150", "4,050", "320", "7.9%"]
    assert chat(tmp_path, LOANS, "How many adult loans were there in February 2025?",
                "How many more were there in April?") == ["2,900", "150"]


PROFIT = """EUR thousands,FY 2023,FY 2024
Revenue,"48,000","53,000"
Net profit,"4,000","5,300"
"""
BALANCE = """EUR thousands at 31 December,2023,2024
Cash,"3,000","4,500"
Total assets,"38,000","42,000"
Total equity,"16,600","21,200"
Total liabilities & equity,"38,000","42,000"
"""


def chat_tables(tmp_path, texts: list[str], *questions: str) -> list[str]:
    """``chat`` over several tables (a workbook's sheets), each chosen as ``ask`` chooses."""
    from tabtext.commands.ask import found
    from tabtext.table_choice import QuestionFirstTable

    tables = []
    for n, text in enumerate(texts):
        (tmp_path / f"t{n}.csv").write_text(text, encoding="utf-8")
        tables.append(read_table(tmp_path / f"t{n}.csv"))
    conv = Conversation(QuestionFirstTable(make_engine("solver")), Context(tables=tuple(tables)))
    out = []
    for q in questions:
        _, pred = conv.ask(q)
        out.append(shown(pred.answer, q) if found(pred) and pred.answer else "no answer found")
    return out


def test_a_share_of_a_row_of_the_other_sheet_and_the_same_share_a_year_earlier(tmp_path):
    assert chat_tables(tmp_path, [PROFIT, BALANCE], "What was net profit in FY 2024?",
                       "what's that as a percentage of total equity?", "and in 2023?") == \
        ["5,300 thousand", "25%", "24.1%"]


def test_a_turn_starting_with_and_is_not_a_sum_and_a_rise_runs_from_the_earlier_period(tmp_path):
    assert chat_tables(tmp_path, [PROFIT, BALANCE], "What was net profit in FY 2024?",
                       "and total equity at the end of 2024?", "what's the ratio of the two?") == \
        ["5,300 thousand", "21,200 thousand", "0.25"]
    assert chat_tables(tmp_path, [PROFIT, BALANCE], "What was cash at 31 December 2024?", "and a year earlier?",
                       "how much did cash rise?") == ["4,500 thousand", "3,000 thousand", "1,500 thousand"]


LIBRARY = """| Metric | Jan 2025 | Feb 2025 | Mar 2025 |
|---|---:|---:|---:|
| Visits | 5,100 | 4,800 | 5,600 |
| New members | 120 | 95 | 140 |
| Events held | 12 | 10 | 15 |
"""


def test_how_many_of_a_line_named_in_full_is_its_cell_not_a_count_of_the_lines(tmp_path):
    (tmp_path / "lib.md").write_text(LIBRARY, encoding="utf-8")
    conv = Conversation(make_engine("solver"), Context(tables=(read_table(tmp_path / "lib.md"),)))
    _, first = conv.ask("How many new members joined in January?")
    _, total = conv.ask("what was the total over the three months?")
    assert (first.answer.text(), total.answer.text()) == ("120", "355")


LOAN = """A$ thousands,30 Jun 2023,30 Jun 2024
Cash,412,536
Bank loan,600,520
Equity,"1,102","1,506"
"""


def test_a_date_named_in_full_is_a_move_and_how_much_was_repaid_is_the_gap(tmp_path):
    assert chat(tmp_path, LOAN, "What was the bank loan at 30 June 2023?", "and at 30 June 2024?", "how much was repaid?") \
        == ["600 thousand", "520 thousand", "80 thousand"]


def test_which_half_had_the_higher_line_is_a_period(tmp_path):
    assert chat(tmp_path, HALF_AND_FULL_YEARS, "Which half of 2025 had the higher bar revenue?") == ["H2 2025"]
    assert chat(tmp_path, HALF_AND_FULL_YEARS, "Which half of 2025 had lower room revenue?") == ["H1 2025"]


def test_a_share_naming_its_part_and_whole_opens_a_conversation(tmp_path):
    assert chat(tmp_path, LOANS, "What share of March's loans were child loans?", "and in January?") == \
        ["29.79%", "27.91%"]


HOTELS = """GBP thousands unless stated,FY 2023,FY 2024
Room revenue,"9,870","10,960"
Energy,"-1,380","-1,170"
Total operating costs,"-8,560","-9,000"
Room nights sold (number),"81,200","84,100"
"""


def test_a_counted_line_is_not_in_the_tables_thousands_and_they_is_the_last_answer(tmp_path):
    assert chat(tmp_path, HOTELS, "How many room nights were sold in FY 2024?", "what was room revenue per room night?",
                "and in 2023?") == ["84,100", "130.32", "121.55"]
    assert chat(tmp_path, HOTELS, "What were energy costs in FY 2024?", "and in FY 2023?", "by how much did they fall?",
                "in percent?", "what share of total operating costs were they in 2024?") == \
        ["1,170 thousand", "1,380 thousand", "210 thousand", "15.22%", "13%"]


def test_which_of_two_lines_grew_less_and_the_gap_between_two_growth_rates(tmp_path):
    first = ["How many counselling sessions were there in 2020?", "And in 2022?", "What is the percentage increase?",
             "What about home visits over the same period?"]
    assert chat(tmp_path, SERVICES, *first, "And which grew less?")[-1] == "Home visits"
    assert chat(tmp_path, SERVICES, *first, "Which service had the bigger rise?")[-1] == "Counselling"
    assert chat(tmp_path, SERVICES, *first, "Which grew more slowly?")[-1] == "Home visits"
    assert chat(tmp_path, SERVICES, *first, "What is the difference between the two growth rates?")[-1] == "91.71%"


def test_a_follow_up_naming_its_part_as_a_share_and_relative_to_a_line(tmp_path):
    assert chat(tmp_path, QUARTERS, "What was gross profit in Q2 FY25?", "What about cost of sales as a share of sales?") \
        == ["500 thousand", "58.33%"]
    assert chat(tmp_path, QUARTERS, "What was gross profit in Q2 FY25?", "and relative to sales?") == \
        ["500 thousand", "41.67%"]


def test_after_a_choice_of_month_its_figure_compares_and_another_line_reads_that_month(tmp_path):
    first = "Which month had the highest riders?"
    assert chat(tmp_path, MONTHS, first, "How much higher was it than January?") == ["June 2025", "9,100"]
    assert chat(tmp_path, MONTHS, first, "And fares that month?") == ["June 2025", "120.6 thousand"]
    assert chat(tmp_path, QUARTERS, "Which quarter of FY25 had the highest sales?", "what share of the year's sales was that?") \
        == ["Q4 2025", "28.26%"]


def test_which_line_grew_most_between_two_years_is_a_new_question_not_the_last_lines_change():
    from tabtext.engines.solver.dialogue.conversation import Dialogue
    from tabtext.types import Table

    rows = [list(r.split(",")) for r in SERVICES.strip().splitlines()]
    dialogue = Dialogue(Context(tables=(Table.from_rows(rows),)))
    dialogue.ask("How many home visits were there in 2020?")
    reply = dialogue.ask("which service grew the most between 2020 and 2022?")
    assert reply.program is None or reply.program.pattern != "two_periods_of_line"


FINANCE = """$ million,FY2023,FY2024
Total revenue,224.6,242.4
Operating surplus,15.5,20.4
"""
ACTIVITY = """Measure,FY2023,FY2024
Outpatient visits,150800,161200
Staffed beds,210,224
"""


def test_a_figure_per_unit_of_a_row_of_the_other_sheet(tmp_path):
    assert chat_tables(tmp_path, [FINANCE, ACTIVITY], "What was total revenue in FY2024?",
                       "what was that per outpatient visit?", "and in FY2023?") == \
        ["242.4 million", "1,503.72", "1,489.39"]
