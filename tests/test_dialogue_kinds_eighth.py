"""What a person says next, on tables written here (none from a benchmark set) in the newest authors' styles: halves
as "6M to 30 Jun 2023", months as rows "2024-07", fiscal years "FY2022" under a title row, quarters "2023Q1" as a
pandas index, Total rows and columns, costs as negatives."""

from __future__ import annotations

from test_dialogue_kinds import chat

#: halves as a pandas export writes them, costs as negatives
FESTIVAL = """GBP '000,6M to 30 Jun 2023,6M to 31 Dec 2023,6M to 30 Jun 2024,6M to 31 Dec 2024
Ticket sales,412,530,445,561
Merchandise,88,120,95,131
Total income,500,650,540,692
Venue hire,-140,-150,-145,-160
Artist fees,-210,-260,-230,-275
Operating result,150,240,165,257
"""


def test_a_half_named_in_words_the_following_half_its_rise_and_the_rise_in_percent(tmp_path):
    assert chat(tmp_path, FESTIVAL, "What were ticket sales in the six months to 30 June 2023?",
                "and the following half?", "how much did they go up by?", "what was that as a percentage?") == \
        ["412 thousand", "530 thousand", "118 thousand", "28.64%"]


def test_they_combined_is_the_sum_of_the_last_two_answers_not_of_every_line(tmp_path):
    assert chat(tmp_path, FESTIVAL, "What did artist fees cost in the second half of 2024?",
                "and in the first half of 2024?", "what were they combined?", "and the operating result in H2 2022?") \
        == ["275 thousand", "230 thousand", "505 thousand", "no answer found"]


#: months as rows, a Total row under them
SHOP = """Month,Orders,Returns,Revenue ($)
2024-07,1210,64,48300
2024-08,1345,71,52100
2024-09,1190,58,46900
2024-10,1420,80,55600
Total,5165,273,202900
"""


def test_months_as_rows_a_change_a_share_of_the_total_row_and_a_month_not_shown(tmp_path):
    assert chat(tmp_path, SHOP, "How many orders were there in July 2024?", "and in September?",
                "what was the change?", "what share of all orders came in July?", "what about November 2024?") == \
        ["1,210", "1,190", "-20", "23.43%", "no answer found"]


def test_the_month_after_its_percentage_change_and_the_average_month(tmp_path):
    assert chat(tmp_path, SHOP, "What was revenue in August 2024?", "and the month after?",
                "what was the percentage change?", "what was the average monthly revenue?",
                "how many returns were there in October?") == ["52,100", "46,900", "-9.98%", "50,725", "80"]


#: fiscal years under a title row, costs as negatives
TRUST = """"Oakfield Water Trust - summary accounts",,,
NZD 000,FY2022,FY2023,FY2024
Water charges,8120,8540,9010
Grants,640,410,550
Total income,8760,8950,9560
Treatment costs,-3100,-3320,-3480
Network repairs,-1890,-2010,-2230
Surplus,3770,3620,3850
"""


def test_two_costs_together_and_their_share_of_total_income(tmp_path):
    assert chat(tmp_path, TRUST, "How much did network repairs cost in FY2022?", "and treatment costs?",
                "together?", "what share of total income was that?", "what was the surplus in FY2024?") == \
        ["1,890 thousand", "3,100 thousand", "4,990 thousand", "56.96%", "3,850 thousand"]


def test_a_fiscal_years_growth_in_percent_another_line_that_year_and_a_year_not_shown(tmp_path):
    assert chat(tmp_path, TRUST, "What were water charges in FY2023?", "and in FY2024?",
                "by how much did they grow in percent?", "what about grants that year?", "and in FY2021?") == \
        ["8,540 thousand", "9,010 thousand", "5.5%", "550 thousand", "no answer found"]


#: quarters as a pandas index (no header over them)
HOTEL = """,bookings,cancellations,revenue_eur,occupancy_pct
2023Q1,4120,310,512000,61.2
2023Q2,5230,280,688000,74.5
2023Q3,6010,350,801000,83.1
2023Q4,4480,330,566000,65.8
2024Q1,4390,295,549000,63.0
"""


def test_quarters_as_an_index_the_quarter_before_the_gap_and_a_quarter_not_shown(tmp_path):
    assert chat(tmp_path, HOTEL, "How many bookings were there in 2023Q3?", "and the quarter before?",
                "what was the difference?", "and cancellations in Q3 2023?", "what about 2022Q4?") == \
        ["6,010", "5,230", "780", "350", "no answer found"]


#: a Total row and a Total column
STORES = """Store,Q1 2024,Q2 2024,Q3 2024,Total 2024
North,120,135,150,405
South,90,98,110,298
Online,210,240,265,715
Total,420,473,525,1418
"""


def test_a_share_of_the_total_row_then_the_same_share_over_the_year_and_for_another_store(tmp_path):
    assert chat(tmp_path, STORES, "What were sales at the North store in Q2 2024?", "and online?",
                "what share of the total was that?", "what about for the whole year?", "and the South store?") == \
        ["135", "240", "50.74%", "50.42%", "21.02%"]


def test_the_average_over_every_half_after_a_percentage_change_keeps_the_lines_scale(tmp_path):
    assert chat(tmp_path, FESTIVAL, "How much merchandise income was there in H1 2024?", "what about a year earlier?",
                "percentage change?", "what was the average across all four halves?") == \
        ["95 thousand", "88 thousand", "7.95%", "108.5 thousand"]


def test_the_year_on_year_change_in_another_half_is_from_that_half_a_year_earlier(tmp_path):
    assert chat(tmp_path, FESTIVAL, "How much did the festival take in ticket sales in the first half of 2024?",
                "how does that compare with the same half a year before?", "and in percent?",
                "what was the year-on-year change in the second half?") == \
        ["445 thousand", "33 thousand", "8.01%", "31 thousand"]


def test_the_quarter_on_quarter_change_of_a_line_named_after_a_rate_is_from_the_quarter_before(tmp_path):
    assert chat(tmp_path, HOTEL, "What was revenue in Q4 2023?", "how many cancellations were there that quarter?",
                "what was the quarter-on-quarter change in revenue?", "what was total revenue in 2023?") == \
        ["566,000", "330", "-235,000", "2,567,000"]


#: a port's fiscal years under a title row, in millions
PORT = """"Kestrel Harbour Authority - five-year summary (GBP m)",,,,,
Line,FY2020,FY2021,FY2022,FY2023,FY2024
Harbour dues,41.2,38.5,44.9,47.3,49.8
Pilotage,12.1,11.4,13.0,13.8,14.6
Total revenue,53.3,49.9,57.9,61.1,64.4
Staff costs,-18.4,-18.9,-19.6,-20.8,-21.5
Dredging,-6.2,-7.8,-5.9,-6.4,-8.1
Operating surplus,28.7,23.2,32.4,33.9,34.8
"""


def test_a_cost_the_year_after_its_fall_its_share_of_revenue_and_a_year_not_shown(tmp_path):
    assert chat(tmp_path, PORT, "What did dredging cost in FY2021?", "and the year after?", "by how much did it fall?",
                "what was dredging as a share of total revenue in FY2024?", "and in FY2019?") == \
        ["7.8 million", "5.9 million", "1.9 million", "12.58%", "no answer found"]


def test_two_lines_combined_then_the_margin_that_year_and_in_another(tmp_path):
    assert chat(tmp_path, PORT, "What were harbour dues in FY2024?", "how about pilotage?",
                "what were the two combined?", "what's the operating margin that year?", "and in FY2020?") == \
        ["49.8 million", "14.6 million", "64.4 million", "54.04%", "53.85%"]


def test_a_share_of_the_year_or_of_its_years_total_is_of_the_lines_own_total_column(tmp_path):
    assert chat(tmp_path, STORES, "How much did South sell in Q1 2024?", "as a percentage of the year?",
                "and what share of its 2024 total was Q2?") == ["90", "30.2%", "32.89%"]


def test_a_share_of_the_year_after_a_half_with_no_year_column_is_of_the_halves_summed(tmp_path):
    assert chat(tmp_path, FESTIVAL, "What were ticket sales in H1 2024?", "as a percentage of the year?") == \
        ["445 thousand", "44.23%"]


#: months of a half as columns beside the half's total, a loss line as negatives
WIND = """MWh,Jul 2024,Aug 2024,Sep 2024,Oct 2024,Nov 2024,Dec 2024,Total H2 2024
Turbine A,410,385,455,520,610,655,3035
Turbine B,398,371,440,508,590,641,2948
Curtailment,-12,-8,-15,-22,-30,-41,-128
Net export,796,748,880,1006,1170,1255,5855
"""


def test_what_share_came_in_a_month_after_the_halfs_total_is_that_month_over_it(tmp_path):
    assert chat(tmp_path, WIND, "What was net export in the second half of 2024?", "what share came in December?") \
        == ["5,855", "21.43%"]


def test_another_turbine_then_the_gap_and_a_month_not_shown(tmp_path):
    assert chat(tmp_path, WIND, "How much did turbine A generate in October 2024?", "and B?", "what's the difference?",
                "how much was curtailed that month?", "and in January 2025?") == \
        ["520", "508", "12", "22", "no answer found"]


def test_a_line_the_table_lacks_is_none_and_the_next_line_still_moves_to_the_half_before(tmp_path):
    assert chat(tmp_path, FESTIVAL, "What were ticket sales in H2 2024?", "and sponsorship?", "what about merchandise?",
                "and the half before?", "what's that as a share of total income?") == \
        ["561 thousand", "no answer found", "131 thousand", "95 thousand", "17.59%"]


def test_a_percentage_change_carried_to_another_line_then_a_line_the_table_lacks(tmp_path):
    assert chat(tmp_path, HOTEL, "How many cancellations were there in 2024Q1?", "and a year before?",
                "what was the percentage change?", "what about revenue?", "and staff costs?") == \
        ["295", "310", "-4.84%", "7.23%", "no answer found"]
