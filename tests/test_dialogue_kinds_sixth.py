"""What a person says next, on tables written here (none from a benchmark set), asked the way
``tabtext ask --chat`` asks it: a sheet with a title row above its header, whose label column's header names
months ("January to June"), is no period a follow-up moves to."""

from __future__ import annotations

from tabtext.commands.ask import Conversation, found
from tabtext.display import shown
from tabtext.engines import make_engine
from tabtext.tables import read_table
from tabtext.types import Context, Paragraph
from test_dialogue_kinds import chat, chat_tables

#: a title row above the header, naming the months the sheet covers
GYM = """"Riverside Gym - membership figures, March to May 2025",,,
Measure,Mar 2025,Apr 2025,May 2025
New members,84,61,97
Cancellations,22,30,18
Members at month end,1410,1441,1520
"""


def chat_text(tmp_path, csv_text: str, text: str, *questions: str) -> list[str]:
    """``chat`` with a paragraph of the person's own text beside the table."""
    (tmp_path / "t.csv").write_text(csv_text, encoding="utf-8")
    context = Context(tables=(read_table(tmp_path / "t.csv"),), paragraphs=(Paragraph("0", text),))
    conv = Conversation(make_engine("solver"), context)
    out = []
    for q in questions:
        _, pred = conv.ask(q)
        out.append(shown(pred.answer, q) if found(pred) and pred.answer else "no answer found")
    return out


def test_a_month_named_is_its_column_not_the_label_column_whose_title_names_it(tmp_path):
    assert chat(tmp_path, GYM, "How many new members joined in March 2025?", "what about May?",
                "by what percent did that rise?") == ["84", "97", "15.48%"]


#: years as columns
NURSERY = """GBP '000,2021,2022,2023
Plant sales,410,455,520
Cafe takings,96,120,131
Total income,506,575,651
"""


def test_the_change_over_that_period_after_two_years_is_between_them_not_in_the_last_one(tmp_path):
    assert chat(tmp_path, NURSERY, "What were plant sales in 2021?", "and in 2023?",
                "by what percentage did they rise across that period?") == ["410 thousand", "520 thousand", "26.83%"]


#: an accountancy practice's fee lines, one of them two words a person runs together
PRACTICE = """GBP,2023,2024
Book keeping fees,88,97
Payroll services,41,46
Tax returns,120,131
Total fees,249,274
"""


def test_a_word_run_together_from_two_words_of_a_label_names_that_line(tmp_path):
    assert chat(tmp_path, PRACTICE, "How much did bookkeeping bring in during 2023?", "and in 2024?",
                "what share of total fees was bookkeeping in 2024?") == ["88", "97", "35.4%"]


#: a small firm's two sheets: the year's results and the balance sheets at its two ends
RESULTS = """GBP '000,Year to 30 Sep 2024,Year to 30 Sep 2023
Sales,2140,1980
Costs,(1890),(1770)
Profit for the year,250,210
"""
POSITION = """GBP '000,30 Sep 2024,30 Sep 2023
Cash,410,350
Stock,220,240
Total equity,1160,910
"""


def test_a_line_of_the_earlier_changes_sheet_changes_over_its_periods_past_an_answer_from_the_other_sheet(tmp_path):
    assert chat_tables(tmp_path, [RESULTS, POSITION], "What was cash at 30 September 2024?",
                       "how much did it rise over the year?", "what was the profit for that year?",
                       "how much did total equity go up over that same year?") == \
        ["410 thousand", "60 thousand", "250 thousand", "250 thousand"]


#: a call centre's months, and a target its text states in words
CALLS = """Helpline,Jan 2025,Feb 2025,Mar 2025,Apr 2025
Calls received,5120,4870,5630,4410
Service level (%),83.5,81.2,76.0,84.9
"""
CALLS_TEXT = ("The helpline is run by a team of twenty-two advisers in Leeds. Its target for the service level is "
              "eighty per cent. March was busy because of a billing error.")


def test_a_percentage_the_text_states_in_words_is_a_figure_and_a_month_is_compared_with_it(tmp_path):
    assert chat_text(tmp_path, CALLS, CALLS_TEXT, "What was the service level in January?",
                     "What is the target for the service level?", "How far below that target was March?",
                     "and how far above it was April?") == ["83.5%", "80%", "4%", "4.9%"]


#: halves in GBP m, and a dividend its text states in words
BREWERY = """GBP m,H1 2023,H2 2023,H1 2024,H2 2024
Revenue,41.0,44.6,43.2,47.9
Profit after tax,3.1,3.9,3.6,4.4
"""
BREWERY_TEXT = ("Hopworth Ales brews in Kent. The directors recommend a final dividend of two million pounds for 2024, "
                "payable in June.")


def test_an_amount_the_text_states_in_words_is_a_figure_and_a_share_of_a_year_of_halves(tmp_path):
    assert chat_text(tmp_path, BREWERY, BREWERY_TEXT, "What final dividend do the directors recommend?",
                     "What percentage of 2024 profit after tax does that represent?") == ["2 million", "25%"]


#: periods written as "6M to <date>" / "3M to <date>" (six or three months to that date)
def test_months_to_a_date_written_with_m_are_halves_and_quarters():
    from tabtext.periods import as_period

    assert as_period("6M to 30 Jun 2023") == as_period("H1 2023")
    assert as_period("3M to 30 Sep 2024") == as_period("Q3 2024")


SHELTER = """GBP k,6M to 30 Jun 2024,6M to 31 Dec 2024,6M to 30 Jun 2025
Donations,212,298,240
Grants,150,90,160
"""


def test_halves_written_as_six_months_to_a_date_are_read_as_halves(tmp_path):
    assert chat(tmp_path, SHELTER, "How much came in from donations in the second half of 2024?",
                "and over the whole of 2024?", "and in H1 2025?") == ["298 thousand", "510 thousand", "240 thousand"]


#: a pandas export of months, a line a verb names ("generate" of Generation), and a count only the text gives
SOLAR = """,Generation (MWh),Export revenue (GBP k)
2025-04,410,36
2025-05,520,45
2025-06,575,49
"""
SOLAR_TEXT = "Long Acre solar park has eighteen inverters. June was the sunniest month on record."


def test_a_verb_names_its_line_and_a_figure_per_thing_the_text_counts_is_over_that_count(tmp_path):
    assert chat_text(tmp_path, SOLAR, SOLAR_TEXT, "How much power was generated in May 2025?",
                     "what is that for each inverter?", "and in June?") == ["520", "28.89", "31.94"]


#: quarters in GBP '000, and a one-off amount inside one quarter's line that only the text states
THEATRE = """GBP '000,Q1 2025,Q2 2025,Q3 2025
Ticket sales,410,388,455
Grants and donations,95,240,102
"""
THEATRE_TEXT = ("The Lantern Theatre seats 320. Q2 income includes a one-off capital grant of one hundred and fifty "
                "thousand pounds from the city council for the new roof.")


def test_a_figure_without_a_one_off_the_text_states_is_the_figure_less_it(tmp_path):
    assert chat_text(tmp_path, THEATRE, THEATRE_TEXT, "How much came in from grants and donations in Q2 2025?",
                     "and excluding the one-off capital grant?") == ["240 thousand", "90 thousand"]


#: things as rows, measures as columns (one a part of another, "of which laptops"), two years of one measure
LIBRARIES = """Branch,Staff,Computers,of which laptops,Loans 2023,Loans 2024
Eastfield,6,24,8,41200,44800
Northgate,4,16,10,30500,29900
Millbrook,3,12,2,18700,21400
Total,13,52,20,90400,96100
"""


def test_a_row_and_a_column_named_after_an_answer_in_a_years_column_is_that_cell(tmp_path):
    assert chat(tmp_path, LIBRARIES, "How many loans did Eastfield make in 2024?",
                "How many laptops does Northgate have?", "and Millbrook?",
                "How many computers are there at Eastfield?") == ["44,800", "10", "2", "24"]


#: months, a count line and money lines named in part
MUSEUM = """Gallery,Jan 2025,Feb 2025,Mar 2025
Visitors,3200,2950,4100
Admission income (GBP),9600,8260,13530
Staff on duty,11,10,14
"""


def test_a_line_named_in_part_before_per_is_the_numerator_not_the_last_answers_line(tmp_path):
    assert chat(tmp_path, MUSEUM, "What were staff on duty as a percentage of visitors in February 2025?",
                "What was the average admission per visitor in March 2025?") == ["0.34%", "3.3"]


#: quarters and a "Total" column of the year
FERRY = """EUR k,Q1 2025,Q2 2025,Q3 2025,Q4 2025,Total 2025
Foot passengers,120,210,330,140,800
Vehicle fares,260,390,520,230,1400
"""


def test_they_in_a_period_after_a_figure_is_the_last_answer_moved_there(tmp_path):
    assert chat(tmp_path, FERRY, "How much did vehicle fares bring in during Q2 2025?",
                "what were they over the full year?") == ["390 thousand", "1,400 thousand"]


#: a courier depot's months: the vans are the line "Fleet size"
DEPOT_VANS = """Depot,Mar 2025,Apr 2025,May 2025
Parcels delivered,18400,19950,21300
Fleet size,22,24,24
Fuel cost (GBP),9100,9800,10150
"""


def test_vehicles_a_person_names_are_the_fleet_line(tmp_path):
    assert chat(tmp_path, DEPOT_VANS, "How many vans did the depot run in March 2025?", "and in April?",
                "how many parcels per van was that?") == ["22", "24", "831.25"]


#: a home-care team's months: a four-letter verb names its line ("fail" of "Failed visits"), and "care workers"
#: are the Caregivers line
CARE = """Metric,Jan 2025,Feb 2025,Mar 2025
Visits made,1220,1180,1305
Failed visits,41,57,33
Caregivers employed,38,39,41
Clients supported,96,99,104
"""


def test_a_four_letter_verb_and_care_workers_name_their_lines(tmp_path):
    assert chat(tmp_path, CARE, "How many visits did we fail in February 2025?", "and in March?",
                "How many care workers did we have in March 2025?", "how many clients per care worker is that?") == \
        ["57", "33", "41", "2.54"]
