"""``ask --chat`` follow-ups on a person's tables: a new question about a line of another sheet, a row's own unit
after a turned table, the period carried into a measure named alone, a quarter asked of monthly columns."""

from __future__ import annotations

from tabtext.commands.ask import Conversation, found
from tabtext.display import shown
from tabtext.engines import make_engine
from tabtext.table_choice import QuestionFirstTable
from tabtext.types import Context, Paragraph, Table


def _table(name: str, csv: str) -> Table:
    return Table(id=name, rows=tuple(tuple(c.strip() for c in line.split(";")) for line in csv.strip().splitlines()))


INCOME = _table("income", """
£ million;FY2022;FY2023
Revenue;84.2;91.5
Cost of sales;-50.1;-53.9
Gross profit;34.1;37.6
Operating profit;13.5;15.7
Profit for the year;9.3;10.8""")
BALANCE = _table("balance", """
£ million;Dec 31, 2022;Dec 31, 2023
Total current assets;33.9;38.5
Total assets;74.9;81.7
Total liabilities;26.2;25.5
Total equity;48.7;56.2""")
HOTEL = _table("hotel", """
;Occupancy (%);Rooms revenue ($000);Staff
2023Q3;84.1;1890;98
2023Q4;69.8;1320;90
2024Q1;64.2;1210;88""")
MONTHS = _table("shop", """
Metric;Jan 2024;Feb 2024;Mar 2024;Apr 2024;May 2024;Jun 2024
Orders;3210;2980;3450;3600;3820;4010
Returns;160;149;190;175;201;220""")


def chat(tables: list[Table], *questions: str) -> list[str]:
    engine = make_engine("solver")
    conv = Conversation(QuestionFirstTable(engine) if len(tables) > 1 else engine, Context(tables=tuple(tables)))
    out = []
    for q in questions:
        _, pred = conv.ask(q)
        out.append(shown(pred.answer, q) if found(pred) else "no answer found")
    return out


def test_a_new_question_about_a_line_of_the_other_sheet_is_not_a_total_of_the_last_line():
    answers = chat([INCOME, BALANCE], "What was profit for the year in FY2023?", "And in FY2022?",
                   "What was total equity at 31 December 2023?", "And a year earlier?")
    assert answers == ["10.8 million", "9.3 million", "56.2 million", "48.7 million"]


def test_a_row_of_a_turned_table_keeps_its_own_unit_in_a_follow_up():
    answers = chat([HOTEL], "What was occupancy in 2023Q4?", "And in 2024Q1?", "What was the change?",
                   "What about rooms revenue in 2024Q1?", "And the quarter before?")
    assert answers[3:] == ["1,210 thousand", "1,320 thousand"]


def test_a_measure_named_alone_is_asked_in_the_last_answers_period():
    answers = chat([INCOME], "What was revenue in FY2023?", "And the year before?",
                   "What about operating profit in FY2023?", "And the operating margin?")
    assert answers[3] == "17.16%"  # 15.7 / 91.5, FY2023's, not the first column's 13.5 / 84.2


def test_a_quarter_asked_after_a_total_over_months_is_the_total_over_that_quarters_months():
    answers = chat([MONTHS], "What was the total number of orders in Q1 2024?", "And in Q2?", "And in Q3?")
    assert answers == ["9,640", "11,430", "no answer found"]  # July to September are not in the table


CAFE = _table("cafe", """
($ thousands);1Q23;2Q23;3Q23;4Q23;1Q24
Net sales;1,200;1,320;1,410;1,650;1,280
Cost of sales;(540);(590);(630);(720);(560)
Gross profit;660;730;780;930;720
Wages;(310);(320);(335);(360);(330)""")


def test_period_on_period_follow_ups_compare_the_last_answer_with_an_earlier_period():
    answers = chat([CAFE], "What were net sales in the first quarter of 2024?",
                   "How did that compare with the same quarter of 2023?", "What was the year-over-year growth?",
                   "What was gross profit in 4Q23?", "What was the growth quarter on quarter?", "And in the next quarter?")
    assert answers[1:5] == ["80 thousand", "6.67%", "930 thousand", "19.23%"]
    assert answers[5] == "-22.58%"  # 1Q24's gross profit against 4Q23's


def test_a_total_then_another_line_then_the_combined_total_then_the_average():
    answers = chat([CAFE], "What were the total costs of sales in 2023?", "And wages?", "What was the combined total?")
    assert answers == ["2,480 thousand", "1,325 thousand", "3,805 thousand"]
    assert chat([MONTHS], "What was the total number of returns across the six months?", "And the average per month?") \
        == ["1,095", "182.5"]


def test_expenses_written_as_negatives_count_as_amounts_in_a_share_of_revenue():
    answers = chat([INCOME], "What was the cost of sales in FY2023?", "As a percentage of revenue?")
    assert answers == ["53.9 million", "58.91%"]


FIELDS = _table("farm", """
Field;Crop;2021;2022;2023
North field;Wheat;7.8;8.1;7.2
River field;Barley;6.4;6.9;7.0
Hill field;Oats;5.1;5.0;5.6""")


def test_a_row_the_table_lacks_is_no_answer_found_and_a_row_it_has_is_answered():
    assert chat([FIELDS], "What was the yield of the West field in 2022?") == ["no answer found"]
    assert chat([FIELDS], "What was the yield of the Hill field in 2022?") == ["5.0"]


def test_a_row_named_by_its_text_column_is_read_and_which_crop_is_answered_from_that_column():
    assert chat([FIELDS], "What was the yield of barley in 2023?", "And oats?") == ["7.0", "5.6"]
    assert chat([FIELDS], "Which crop had the highest yield in 2022?") == ["Wheat"]


PANDAS = _table("hotel", """
;occupancy_pct;rooms_sold;room_revenue_usd_000
2023Q2;72.3;7886;1226
2023Q3;84.1;9284;1588
2024Q1;64.2;6934;1018
2024Q2;75.0;8190;1311""")


def test_pandas_column_names_are_read_with_their_units_and_the_same_quarter_of_a_year_is_found():
    answers = chat([PANDAS], "What was the occupancy in 2023Q3?", "What was room revenue in 2024Q1?",
                   "How many rooms were sold in Q2 2024?", "And in the same quarter of 2023?")
    assert answers == ["84.1%", "1,018 thousand", "8,190", "7,886"]


BAKERY = _table("bakery", """
$ thousands;1Q23;2Q23;3Q23;4Q23;1Q24
Retail sales;820;870;905;1040;860
Wholesale sales;310;330;345;390;325
Total sales;1,130;1,200;1,250;1,430;1,185
Ingredients;(395);(415);(430);(495);(405)""")


def test_revenue_asked_of_a_table_of_sales_lines_is_their_total_and_a_year_the_table_lacks_is_no_answer():
    context = Context(tables=(BAKERY,), paragraphs=(Paragraph("1", "The fourth quarter includes Christmas."),))
    conv = Conversation(make_engine("solver"), context)
    revenue = conv.ask("What was revenue in 2Q23?")[1]
    missing = conv.ask("What was the total revenue in 2022?")[1]  # "the fourth quarter" of the text has no year
    assert shown(revenue.answer) == "1,200 thousand" and not found(missing)


def test_a_measure_the_question_names_outranks_a_cell_of_one_of_its_lines():
    income = _table("income", """
£ million;FY2022;FY2023
Profit before tax;12.4;14.4
Tax;-3.1;-3.6
Profit for the year;9.3;10.8""")
    assert chat([income], "What was the effective tax rate in FY2023?") == ["25%"]
    assert chat([income], "What was the net profit margin in FY2023?") == ["no answer found"]  # no revenue line
    assert chat([CAFE], "What was the current ratio in 1Q24?") == ["no answer found"]  # no assets or liabilities


SHOPS = _table("shops", """
Bakery - quarterly ($ thousands);1Q23;2Q23;3Q23;4Q23;1Q24
Bakery sales;1,130;1,200;1,250;1,430;1,185
Staff costs;(360);(372);(380);(410);(378)
Operating profit;375;413;440;525;402
Number of shops;9;9;10;10;10""")


def test_a_share_of_that_quarters_revenue_reads_the_sales_line_and_growth_alone_is_a_percentage():
    answers = chat([SHOPS], "What were staff costs in 2Q23?", "As a share of that quarter's revenue?",
                   "What was the operating margin in 4Q23?", "What was operating profit in 1Q24?",
                   "What was it in the same quarter last year?", "What is the growth?")
    assert answers == ["372 thousand", "31%", "36.71%", "402 thousand", "375 thousand", "7.2%"]


def test_a_count_at_the_end_of_a_year_of_quarters_is_the_last_quarters():
    assert chat([SHOPS], "How many shops did we have at the end of 2023?") == ["10"]


def test_the_margin_after_a_profit_line_the_average_of_the_two_after_their_total_and_a_year_from_its_quarters():
    assert chat([SHOPS], "What was operating profit in 4Q23?", "What was the margin?") == ["525 thousand", "36.71%"]
    assert chat([SHOPS], "How much did we spend on staff in 1Q24?", "And the quarter before?",
                "What's the total of the two?", "And the average of the two?")[2:] == ["788 thousand", "394 thousand"]
    assert chat([SHOPS], "What were bakery sales in 2023?", "And operating profit?", "What was the margin?") == \
        ["5,010 thousand", "1,753 thousand", "34.99%"]
    assert chat([SHOPS], "What was the cost of staff in 3Q23?", "How does that compare to 3Q23 operating profit?") \
        == ["380 thousand", "-60 thousand"]


def test_the_latest_quarter_the_first_one_shown_and_the_last_quarter_of_a_year_are_the_tables_own():
    assert chat([SHOPS], "What were bakery sales in the latest quarter?", "And the quarter before that?") == \
        ["1,185 thousand", "1,430 thousand"]
    assert chat([SHOPS], "What were bakery sales in the first quarter shown?") == ["1,130 thousand"]
    assert chat([SHOPS], "What were staff costs in the last quarter of 2023?") == ["410 thousand"]


STAFF = _table("staff", """
Department;As at 31 Mar 2023;As at 31 Mar 2024
Engineering;145;160
Sales;72;70
Total;277;300""")


def test_people_asked_of_a_table_of_their_departments_and_a_year_later():
    assert chat([STAFF], "How many engineers were there at 31 March 2024?", "As a share of the total?") == \
        ["160", "53.33%"]
    assert chat([STAFF], "How many people were in Sales at 31 March 2023?", "And a year later?") == ["72", "70"]


def test_a_rate_named_by_a_counted_line_and_a_measure_asked_without_a_period_after_an_answer():
    assert chat([MONTHS], "What was the return rate in May 2024?") == ["5.26%"]
    assert chat([MONTHS], "How many orders were there in March?", "What about returns?", "What is the return rate?",
                "What was the average number of orders per month?") == ["3,450", "190", "5.51%", "3,511.67"]


KEST_INCOME = _table("Income", """
£m;FY2022;FY2023
Revenue;84.2;91.5
Profit before tax;12.4;14.4
Income tax;-3.1;-3.6
Profit for the year;9.3;10.8
Dividends paid;-4.0;-4.5""")
KEST_BALANCE = _table("Balance sheet", """
£m;31 Dec 2022;31 Dec 2023
Cash and cash equivalents;6.3;7.9
Total current assets;33.9;38.5
Total current liabilities;14.7;15.3
Borrowings;15.0;13.5
Total equity;48.7;56.2""")


def test_common_ratios_on_a_workbook_of_two_sheets_each_from_the_sheet_that_holds_its_lines_and_date():
    answers = [chat([KEST_INCOME, KEST_BALANCE], q)[0] for q in (
        "What was the current ratio at 31 December 2023?", "What was net debt at the end of 2023?",
        "What was working capital at 31 December 2022?", "What was the payout ratio in FY2023?",
        "What was the effective tax rate in FY2023?")]
    assert answers == ["2.52", "5.6 million", "19.2 million", "41.67%", "25%"]


def test_what_about_the_margin_after_revenue_is_the_gross_margin_and_after_a_profit_line_its_own():
    assert chat([CAFE], "What were net sales in 4Q23?", "What about the margin?", "And the quarter before?") == \
        ["1,650 thousand", "56.36%", "55.32%"]
    assert chat([CAFE], "What was gross profit in 1Q24?", "What about the margin?") == ["720 thousand", "56.25%"]


def test_an_acronym_in_the_table_and_its_words_in_the_question_name_the_same_line():
    hotel = _table("hotel", """
;ADR ($);Occupancy (%)
2023Q4;150.2;69.8
2024Q1;146.8;64.2""")
    assert chat([hotel], "What was the average daily rate in 2024Q1?") == ["146.8"]


def test_a_share_of_what_the_total_line_counts_is_a_share_of_the_total():
    assert chat([STAFF], "What share of the 2024 headcount was in Sales?") == ["23.33%"]


def test_the_total_for_all_the_months_then_the_monthly_average_then_the_same_for_another_line_then_one_month():
    assert chat([MONTHS], "How many orders were there in May 2024?", "And what was the total for the six months?",
                "And the monthly average?", "Same question for returns.", "How about in June?") == \
        ["3,820", "21,070", "3,511.67", "182.5", "220"]


def test_how_many_more_in_one_period_than_another_is_their_difference():
    assert chat([STAFF], "How many more people were in Engineering in 2024 than in 2023?") == ["15"]
    assert chat([SHOPS], "How many fewer shops were there in 1Q23 than in 1Q24?") == ["1"]


def test_an_effective_tax_rate_asked_of_a_table_without_its_lines_is_no_answer_found():
    assert chat([SHOPS], "What was the effective tax rate in 1Q24?") == ["no answer found"]


def test_the_change_in_margin_after_two_margins_is_their_difference():
    assert chat([SHOPS], "What was the operating margin in 4Q23?", "And in 1Q24?", "What was the change in margin?") \
        == ["36.71%", "33.92%", "-2.79%"]
