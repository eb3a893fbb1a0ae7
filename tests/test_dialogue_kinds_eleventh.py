"""What a person says next, on tables written here in the newest authors' styles (none from a benchmark set): a
café's weeks as the rows of a pandas export, a league table, a food bank's "2023/24" years with costs in brackets,
a start-up's quarters as rows; asked the way ``tabtext ask --chat`` asks it."""

from __future__ import annotations

from tabtext.commands.ask import Conversation, found
from tabtext.display import shown
from tabtext.engines import make_engine
from tabtext.engines.solver.dialogue.aimed import asks_an_aim
from tabtext.engines.solver.dialogue.named_result import the_named_result
from tabtext.engines.solver.program.program import Cell, Program
from tabtext.tables import read_table
from tabtext.types import Context, Paragraph
from test_dialogue_kinds_sixth import chat_text

#: a café's weeks (week-commencing dates as an unnamed index)
CAFE = """,transactions,sales_gbp,refunds_gbp,coffees_sold
2025-03-03,412,3820.50,45.00,610
2025-03-10,398,3710.25,12.50,588
2025-03-17,455,4290.00,30.00,672
2025-03-24,470,4415.75,8.00,701
2025-03-31,430,4010.40,22.00,640
"""
CAFE_TEXT = ("Figures are for Tilly's Kitchen, a café on Mill Road. Sales rose in the week of 17 March because of the "
             "St Patrick's Day music night. The owner aims to sell 750 coffees a week by the summer.")

#: a food bank's financial years, costs in brackets
CHARITY = """GBP thousand,2021/22,2022/23,2023/24
Donations,412,455,498
Grants received,210,236,251
Total income,622,691,749
Staff costs,(280),(301),(322)
Premises,(64),(70),(77)
Total expenditure,(344),(371),(399)
"""
CHARITY_TEXT = ("Northgate Food Bank's donations rose in 2023/24 after a winter appeal with local churches. Premises costs "
                "went up because the lease was renewed at a higher rent. The trustees aim to raise 550 thousand pounds "
                "in donations in 2024/25.")

#: a start-up's quarters as rows (pandas export)
SAAS = """,mrr_usd_k,customers,new_customers,churned_customers
2023Q1,120,410,38,12
2023Q2,131,436,41,15
2023Q3,140,455,33,14
2023Q4,156,489,49,15
2024Q1,168,512,40,17
"""
SAAS_TEXT = ("MRR is in thousands of US dollars. Customers jumped in Q4 2023 after the launch of the self-serve plan. "
             "Churn rose in Q1 2024 when the price increase took effect. The company is aiming for 600 customers by "
             "the end of 2024.")


def test_how_many_they_are_aiming_for_is_the_texts_aim_not_the_tables_count(tmp_path):
    assert chat_text(tmp_path, SAAS, SAAS_TEXT, "What was MRR in 2023Q3?", "and the quarter after?",
                     "why did customers jump in Q4 2023?", "how many customers are they aiming for?") == \
        ["140 thousand", "156 thousand", "the launch of the self-serve plan", "600"]
    assert chat_text(tmp_path, CAFE, CAFE_TEXT, "How many coffees did we sell in the week of 10 March?",
                     "how many coffees are they aiming for?") == ["588", "750"]


def test_an_aim_on_a_table_with_a_target_line_is_the_tables():
    assert asks_an_aim("how many customers are they aiming for?", ["customers", "2023Q1"])
    assert not asks_an_aim("how many customers are they aiming for?", ["Customers", "Target customers"])
    assert not asks_an_aim("how many customers were there?", ["customers"])


def test_a_share_of_spending_and_what_the_trustees_hope_to_raise(tmp_path):
    assert chat_text(tmp_path, CHARITY, CHARITY_TEXT, "What was total expenditure in 2023/24?", "and staff costs?",
                     "what share of spending was that?", "how much are the trustees hoping to raise in donations?",
                     "and in 2020/21?") == ["399 thousand", "322 thousand", "80.7%", "550 thousand", "no answer found"]


#: a league table (Markdown, teams as rows)
LEAGUE = """| Pos | Team | P | W | D | L | GF | GA | GD | Pts |
|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|
| 1 | Ashford Rovers | 18 | 13 | 3 | 2 | 41 | 17 | 24 | 42 |
| 2 | Kingsmead Athletic | 18 | 12 | 2 | 4 | 38 | 22 | 16 | 38 |
| 3 | Railway Arms FC | 18 | 9 | 5 | 4 | 33 | 25 | 8 | 32 |
| 4 | St Jude's Old Boys | 18 | 7 | 3 | 8 | 29 | 31 | -2 | 24 |
| 5 | Dockside United | 18 | 4 | 2 | 12 | 20 | 40 | -20 | 14 |
"""
LEAGUE_TEXT = "Ashford Rovers won the title on the final day. Dockside United were relegated after losing their last five games."


def test_their_goal_difference_is_the_goal_difference_column_not_a_subtraction(tmp_path):
    (tmp_path / "league").mkdir()
    assert chat_md(tmp_path / "league", LEAGUE, LEAGUE_TEXT, "How many points did Kingsmead Athletic get?",
                   "what was their goal difference?", "and Railway Arms FC?", "who was relegated?") == \
        ["38", "16", "8", "Dockside United"]
    assert chat_md(tmp_path, LEAGUE, LEAGUE_TEXT, "what was Dockside United's goal difference?") == ["-20"]


def test_a_subtraction_naming_no_difference_column_stays_a_subtraction():
    a, b = Cell(1, 1, "42", 42.0, "Ashford Rovers", "Points"), Cell(3, 1, "32", 32.0, "Railway Arms FC", "Points")
    program = Program("subtract", (a, b))
    assert the_named_result("what was the difference in points between them?", program) is program
    gd = Cell(1, 2, "24", 24.0, "Ashford Rovers", "Goal difference")
    assert the_named_result("their goal difference?", Program("subtract", (a, gd))) == Program("lookup", (gd,))


def chat_md(tmp_path, markdown: str, text: str, *questions: str) -> list[str]:
    """``chat_text`` of a Markdown table."""
    (tmp_path / "t.md").write_text(markdown, encoding="utf-8")
    conv = Conversation(make_engine("solver"), Context(tables=(read_table(tmp_path / "t.md"),),
                                                       paragraphs=(Paragraph("0", text),)))
    out = []
    for q in questions:
        _, pred = conv.ask(q)
        out.append(shown(pred.answer, q) if found(pred) and pred.answer else "no answer found")
    return out


def test_why_it_rose_in_a_quarter_named_reads_the_sentence_of_that_quarter_not_of_the_last_answers(tmp_path):
    assert chat_text(tmp_path, SAAS, SAAS_TEXT, "How many new customers did we add in Q2 2023?", "and in Q4?",
                     "which was higher?", "how many churned that quarter?", "why did churn rise in Q1 2024?") == \
        ["41", "49", "Q4 2023", "15", "when the price increase took effect"]


def test_the_food_bank_of_a_text_about_northgate_food_bank_is_all_of_its_name(tmp_path):
    from tabtext.text_subject import without_the_subject

    assert chat_text(tmp_path, CHARITY, CHARITY_TEXT, "How much did the food bank get in donations in 2022/23?",
                     "and the year after?", "why did premises costs go up?") == \
        ["455 thousand", "498 thousand", "the lease was renewed at a higher rent"]
    tables = [read_table_text(tmp_path, CHARITY)]
    assert "bank" not in without_the_subject("How much did the food bank get in donations?", tables, [CHARITY_TEXT])


def read_table_text(tmp_path, csv_text: str):
    (tmp_path / "r.csv").write_text(csv_text, encoding="utf-8")
    return read_table(tmp_path / "r.csv")


def test_a_year_the_table_lacks_but_the_text_names_as_a_target_has_no_answer_in_the_table(tmp_path):
    assert chat_text(tmp_path, CHARITY, CHARITY_TEXT, "What were donations in 2022/23?",
                     "what about donations in 2024/25?") == ["455 thousand", "no answer found"]


def test_a_week_named_by_its_start_day_and_the_week_before_and_after(tmp_path):
    assert chat_text(tmp_path, CAFE, CAFE_TEXT, "What were sales in the week starting 17 March 2025?",
                     "and the week before?", "and refunds in the week of 24 March?") == ["4,290.00", "3,710.25", "8.00"]
    assert chat_text(tmp_path, CAFE, CAFE_TEXT, "How many coffees did we sell in the week of 17 March?",
                     "and the week before?", "and the week after?") == ["672", "588", "672"]


def test_how_much_it_rose_from_the_week_before_is_the_last_answer_less_the_week_before(tmp_path):
    assert chat_text(tmp_path, CAFE, CAFE_TEXT, "What were sales in the week starting 17 March 2025?",
                     "how much did they rise from the week before?", "why did they rise?") == \
        ["4,290.00", "579.75", "the St Patrick's Day music night"]
    assert chat_text(tmp_path, SAAS, SAAS_TEXT, "How many customers were there in Q3 2023?",
                     "how much did they grow from the quarter before?") == ["455", "19"]


#: a physio clinic's weeks as rows "Week 1" .. "Week 4"
CLINIC = """| Week | Appointments | Did not attend | Physio hours | Income (£) |
|---|---:|---:|---:|---:|
| Week 1 | 212 | 14 | 96 | 9,870 |
| Week 2 | 198 | 19 | 90 | 9,240 |
| Week 3 | 231 | 11 | 104 | 10,650 |
| Week 4 | 225 | 16 | 101 | 10,380 |
"""
CLINIC_TEXT = "Week 2 was quieter because of the bank holiday. The clinic wants no-shows below 10 a week."


def test_the_week_before_of_rows_week_1_to_week_4_is_the_row_above(tmp_path):
    assert chat_md(tmp_path, CLINIC, CLINIC_TEXT, "How many appointments were there in Week 3?", "and the week before?",
                   "which was higher?", "why was week 2 quieter?") == ["231", "198", "Week 3", "the bank holiday"]
    assert chat_md(tmp_path, CLINIC, CLINIC_TEXT, "What was income in Week 2?", "and the week after?",
                   "how much did it rise from the week before?") == ["9,240", "10,650", "1,410"]


#: an animal rescue's years, counts and money in plain pounds
RESCUE = """,2021/22,2022/23,2023/24
Donations (£),"41,200","45,500","49,800"
Shop sales (£),"18,300","21,050","22,400"
Volunteer hours,"6,150","6,480","7,020"
"""
RESCUE_TEXT = ("Hope Cottage Animal Rescue's shop moved to the high street in 2022/23, which lifted sales. The charity hopes "
               "to reach 8,000 volunteer hours next year.")


def test_an_aim_the_core_reads_from_the_text_is_given_as_the_text_writes_it(tmp_path):
    assert chat_text(tmp_path, RESCUE, RESCUE_TEXT, "How many volunteer hours were there in 2022/23?",
                     "and the year after?", "by how much did they go up?", "how many hours are they hoping to reach?") \
        == ["6,480", "7,020", "540", "8,000"]


def test_how_many_more_of_a_column_named_than_them_is_in_that_column(tmp_path):
    assert chat_md(tmp_path, LEAGUE, LEAGUE_TEXT, "How many points did Kingsmead Athletic get?",
                   "what was their goal difference?", "and Railway Arms FC?",
                   "how many more points did Ashford Rovers have than them?") == ["38", "16", "8", "10"]


def test_another_line_that_week_after_which_was_higher_is_in_the_week_chosen(tmp_path):
    assert chat_text(tmp_path, CAFE, CAFE_TEXT, "How many coffees did we sell in the week of 10 March?",
                     "and the week before?", "which was higher?", "what about sales that week?") == \
        ["588", "610", "March 3, 2025", "3,820.50"]


#: a football club's players as rows
SQUAD = """| Player | Apps | Goals | Assists | Yellow cards |
|---|---:|---:|---:|---:|
| Sam Okoye | 22 | 14 | 5 | 3 |
| Lewis Hart | 20 | 9 | 11 | 1 |
| Ravi Patel | 21 | 4 | 8 | 2 |
"""


def test_how_many_more_did_one_player_score_than_him_is_the_one_named_less_the_last(tmp_path):
    assert chat_md(tmp_path, SQUAD, "Sam Okoye was named player of the season.", "how many goals did Ravi Patel score?",
                   "how many more did Sam Okoye score than him?", "who was player of the season?") == \
        ["4", "10", "Sam Okoye"]


def test_a_week_start_day_no_column_is_dated_has_no_answer(tmp_path):
    from tabtext.engines.solver.dialogue.dated_cols import day_not_in_table

    assert chat_text(tmp_path, CAFE, CAFE_TEXT, "How many coffees did we sell in the week of 10 March?",
                     "and refunds in the week of 7 April?") == ["588", "no answer found"]
    assert chat_text(tmp_path, CAFE, CAFE_TEXT, "What were sales in the week of 14 April?") == ["no answer found"]
    assert not day_not_in_table(None, "in the week of 7 April")


#: an online shop's weeks of one autumn (week-commencing dates as an unnamed index)
SHOP = """,orders,revenue_gbp,returns
2024-11-04,182,5460,6
2024-11-11,175,5210,9
2024-11-18,204,6330,4
2024-11-25,268,8710,12
2024-12-02,231,7150,8
"""
SHOP_TEXT = "The week of 25 November included Black Friday, which drove the spike in orders."


def test_another_measure_that_week_is_in_the_last_answers_week_not_the_months_first(tmp_path):
    assert chat_text(tmp_path, SHOP, SHOP_TEXT, "How many orders were there in the week of 18 November?",
                     "and the following week?", "how much revenue did that week bring in?") == ["204", "268", "8,710"]


def test_which_week_had_the_most_is_the_week_of_the_lines_extreme(tmp_path):
    assert chat_text(tmp_path, SHOP, SHOP_TEXT, "which week had the most returns?", "how many was that?") == \
        ["November 25, 2024", "12"]
