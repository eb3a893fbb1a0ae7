"""More kinds of tables people bring, asked as `tabtext ask` asks: a Markdown title that says what the cells
count, a pandas export's unnamed 0..n index, a code row the table lacks ("ST-09"), figures "per 100 km" over
measures as columns, the whole year of quarterly or half-year columns (totals, margins, shares of it), rows
compared between two years, a follow-up on another row that asks its own change, causes after "following", and
a quoted title. Each table is written here; none is from a benchmark set."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown
from tabtext.tables import parse_table_text, tables_from
from test_ask_follow_ups import chat as chat_over

LIBRARY = """## Riverside Library: book loans by section

| Section | 2021 | 2022 | 2023 |
|---|--:|--:|--:|
| Fiction | 12,400 | 13,150 | 14,020 |
| Children's | 9,800 | 10,450 | 10,120 |
| Reference | 3,100 | 1,250 | 2,900 |
| Local History | 1,640 | 1,710 | 1,805 |
"""
LIBRARY_TEXT = ("The Reference section of Riverside Library was closed in 2022 for a refurbishment. The spring show, "
                '"Light & Shadow: Dutch Prints 1600-1700", drew record crowds. The library manager is Tomasz Wren.')
SHOPS = """,store_code,town,sales_gbp,staff,floor_m2
0,ST-01,Leeds,412000,14,820
1,ST-02,York,288500,9,610
2,ST-03,Hull,301200,11,700
3,ST-04,Selby,198700,6,450
4,ST-05,Ripon,225400,7,480
"""
SHOPS_TEXT = "ST-04 closed for 10 days following a burst water main in March. Shop figures are for 2024."
HALVES = """NZD 000,H1 2025,H2 2025
Sales,"4,200","5,100"
Cost of sales,"-2,310","-2,750"
Gross profit,"1,890","2,350"
Rent,-300,-320
Operating profit,540,780
"""


def answer(question: str, table: str, text: str = "", fmt: str | None = None) -> str:
    tables = [parse_table_text(table, fmt, table_id="t")] if fmt else [table]
    pred = ask(question, tables=tables, text=[text] if text else None)
    return shown(pred.answer, question) if found(pred) else "no answer found"


def chat(table: str, *questions: str, fmt: str | None = None) -> list[str]:
    tables = [parse_table_text(table, fmt, table_id="t")] if fmt else tables_from(table, name="t")
    return chat_over(tables, *questions)


def test_a_markdown_title_is_the_tables_caption_and_names_what_its_cells_count():
    assert parse_table_text(LIBRARY, "markdown").caption == "Riverside Library: book loans by section"
    # the text names the section and the year too; the title's "loans" and "section" say the cell answers
    assert answer("How many loans did the Reference section have in 2022?", LIBRARY, LIBRARY_TEXT, "markdown") == "1,250"


def test_a_pandas_index_names_nothing_so_the_codes_name_the_rows():
    assert answer("Which store had the lowest sales?", SHOPS) == "ST-04"
    assert answer("How many staff did ST-03 have?", SHOPS) == "11"


def test_a_code_the_table_lacks_is_no_answer():
    assert answer("How many staff did ST-09 have?", SHOPS) == "no answer found"


def test_a_figure_per_hundred_of_a_measure_column_on_the_row_asked():
    assert answer("What were ST-02's sales per 100 m2 of floor space?", SHOPS) == "47,295.08"
    assert answer("What were ST-05's sales per member of staff?", SHOPS) == "32,200"


def test_the_whole_year_of_half_year_columns():
    assert answer("How much was spent on rent over the whole year?", HALVES) == "620 thousand"
    assert answer("What was the gross margin for the full year?", HALVES) == "45.59%"
    assert answer("What was the operating margin in 2025?", HALVES) == "14.19%"
    assert chat(HALVES, "What was the rent over the full year?", "What share of full-year sales is that?") == \
        ["620 thousand", "6.67%"]


def test_a_share_of_all_rows_after_two_rows_combined():
    assert chat(SHOPS, "How many staff did ST-01 have?", "What about ST-02?", "How much is that combined?",
                "What share of all the staff is that?") == ["14", "9", "23", "48.94%"]


def test_rows_compared_between_two_years_are_counted_whatever_they_are_called():
    assert answer("How many sections had more loans in 2023 than in 2022?", LIBRARY, fmt="markdown") == "3"


def test_another_row_with_its_own_change_asked():
    assert chat(LIBRARY, "How many loans did Fiction have in 2023?", "And the year before?",
                "By what percentage did it grow?", "What about Children's - how did its loans change over the same "
                "two years?", fmt="markdown") == ["14,020", "13,150", "6.62%", "-330"]


def test_a_cause_after_following_and_a_quoted_title_from_the_text():
    assert answer("Why did ST-04 close in March?", SHOPS, SHOPS_TEXT) == "a burst water main in March"
    assert answer("What was the name of the spring show?", LIBRARY, LIBRARY_TEXT, "markdown") == \
        "Light & Shadow: Dutch Prints 1600-1700"


def test_a_change_between_halves_runs_from_the_first_half_to_the_second():
    assert answer("How much did operating profit grow from H1 2025 to H2 2025?", HALVES) == "240 thousand"
    assert answer("By how much did sales increase between H1 2025 and H2 2025?", HALVES) == "900 thousand"


def test_how_many_fewer_is_that_is_the_gap_between_the_last_two_answers():
    assert chat(LIBRARY, "How many loans did Reference have in 2021?", "And in 2022?", "How many fewer is that?",
                fmt="markdown") == ["3,100", "1,250", "1,850"]
    assert chat(LIBRARY, "How many loans did Reference have in 2022?", "And in 2021?", "How many fewer is that?",
                fmt="markdown") == ["1,250", "3,100", "1,850"]


MONTHLY = """,month,orders,returns,revenue_usd
0,2024-01,1200,36,48000
1,2024-02,1100,41,44500
2,2024-03,1350,30,55100
3,2024-04,1420,52,57900
"""


def test_a_pandas_export_of_months_after_its_index_is_read_turned_and_covers_every_month():
    assert answer("How many orders were there in March 2024?", MONTHLY) == "1,350"
    assert answer("Which month had the most returns?", MONTHLY) == "April 2024"
    assert answer("How many orders were there in May 2024?", MONTHLY) == "no answer found"


def test_a_total_of_a_period_over_every_row_when_no_row_is_named_or_a_total():
    assert answer("What was the total number of loans in 2023?", LIBRARY, fmt="markdown") == "28,845"


def test_how_many_across_all_rows_is_the_columns_total():
    assert answer("How many staff work across all stores?", SHOPS) == "47"
