"""Kinds left by the U-W round, each checked on tables written here (none is from a benchmark set), asked as
`tabtext ask` asks."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown
from tabtext.engines.solver.lexicon.words import root


def answer(question: str, tables: list[str], text: str = "") -> str:
    pred = ask(question, tables=tables, text=text or None)
    return shown(pred.answer, question) if found(pred) else "no answer found"


ROWING_CLUB = """Members,2023,2024
Joined,120,140
Withdrawn,45,60
Active at year end,900,980
"""


def test_an_irregular_past_names_its_line() -> None:
    assert root("withdrew") == root("withdrawn") == root("withdraw")
    assert root("grew") == root("grown") == "grow"
    assert answer("How many members withdrew in 2024?", [ROWING_CLUB]) == "60"


FARM_SHOP = """USD thousands,2024,2025
Revenue,1200,1350
Cost of goods sold,-700,-760
Operating expenses,-300,-320
Operating profit,200,270
"""


def test_a_gross_margin_without_a_gross_profit_line_is_revenue_less_cost_of_sales() -> None:
    assert answer("What was the farm shop's gross margin in 2025?", [FARM_SHOP]) == "43.7%"
    assert answer("What was the gross margin in 2024?", [FARM_SHOP.replace("-", "")]) == "41.67%"
    no_cost = "\n".join(line for line in FARM_SHOP.splitlines() if "goods" not in line)
    assert answer("What was the gross margin in 2025?", [no_cost]) == "no answer found"


VINEYARDS = """Vineyard,Area (ha),Grapes picked (t)
Clos Nord,12,96
Les Pentes,8,72
Bas Coteau,20,140
Total,40,308
"""


def test_which_row_has_the_highest_figure_per_unit() -> None:
    """Each row's column before "per" over its column after it, the highest (lowest) named; the Total row is none."""
    assert answer("Which vineyard had the highest yield per hectare?", [VINEYARDS]) == "Les Pentes"
    assert answer("Which vineyard picked the fewest tonnes per hectare?", [VINEYARDS]) == "Bas Coteau"


CLINICS = """Clinic,Patients seen,Seen within 4 hours
Harbour,5200,4680
Market Street,3100,2635
Northgate,1700,1530
Total,10000,8845
"""


def test_the_whole_said_without_naming_the_total_row() -> None:
    """ "across the trust", "across all clinics", "of all patients seen": the Total row, not a missing line."""
    assert answer("How many patients were seen across the trust?", [CLINICS]) == "10,000"
    assert answer("How many were seen within 4 hours across all clinics?", [CLINICS]) == "8,845"
    assert answer("What percentage of all patients seen were seen within 4 hours?", [CLINICS]) == "88.45%"
    assert answer("How many patients were seen at Harbour?", [CLINICS]) == "5,200"


COMMUNITY_HALL = """GBP,Q1 2025,Q2 2025,Q3 2025
Room hire,2400,2650,2100
Cafe takings,900,1010,880
Total income,3300,3660,2980
Caretaker,700,700,720
Utilities,450,380,300
Repairs,120,310,90
Operating surplus,2030,2270,1870
"""
YOUTH_CLUB = """GBP,Spring,Summer,Autumn
Income,,,
Subs,800,650,820
Grants,1500,0,1500
Costs,,,
Leaders' pay,900,600,900
Trips,150,700,200
Equipment,80,60,110
"""


def test_total_costs_no_line_states_are_the_lines_laid_out_as_costs() -> None:
    """Positive cost lines told by where they stand: between the income total and the result line, or under a
    "Costs" heading; never the "Total income" line."""
    assert answer("What were total costs in Q2 2025?", [COMMUNITY_HALL]) == "1,390"
    assert answer("What were total costs in Summer?", [YOUTH_CLUB]) == "1,360"
    assert answer("What did we spend in total in Q3 2025?", [COMMUNITY_HALL]) == "1,110"
    signed = COMMUNITY_HALL.replace(",700,700,720", ",-700,-700,-720").replace(",450,380,300", ",-450,-380,-300")
    assert answer("How much did we spend altogether in Q1 2025?", [signed.replace(",120,310,90", ",-120,-310,-90")]) \
        == "1,270"


SWIM_SCHOOL = """Pool,Children taught,Reached 25m
Lido,240,180
Leisure Centre,320,272
Total,560,452
"""


def test_a_rows_part_across_two_columns_is_the_verbs_column_over_the_one_before() -> None:
    """ "percentage of the Lido's children taught reached 25m": Reached 25m over Children taught, not its inverse
    (125% read before); a Total row still answers "of all"."""
    assert answer("What percentage of the Lido's children taught reached 25m?", [SWIM_SCHOOL]) == "75%"
    assert answer("What percentage of children taught reached 25m at Leisure Centre?", [SWIM_SCHOOL]) == "85%"
