"""Measures the tune halves of user sets Q-T showed (occupancy of hyphenated lines, a surplus across two tables,
a sum over every period asked as "how many ... over the three months"), each on tables written here (none is from a
benchmark set), worded differently from the case that showed it, asked as `tabtext ask` asks."""

from __future__ import annotations

from tabtext import ask
from tabtext.commands.ask import found
from tabtext.display import shown


def answer(question: str, table: str, text: str = "") -> str:
    pred = ask(question, tables=[table], text=text or None)
    return shown(pred.answer, question) if found(pred) else "no answer found"


HOSTEL = """Metric,Jul 2025,Aug 2025,Sep 2025
Bed-nights available,1860,1860,1800
Bed-nights sold,1488,1674,1170
Bed revenue (EUR),41664,50220,30420
Bar revenue (EUR),9300,11050,6200
"""


HOSTEL_TEXT = ("Kittiwake Bunkhouse is a 60-bed hostel on the Isle of Mull run by Ewan Baird. "
               "August was busy because of the regatta week.")


def test_occupancy_is_lets_sold_over_lets_available_when_the_label_is_hyphenated() -> None:
    assert answer("what was bed occupancy in august", HOSTEL, HOSTEL_TEXT) == "90%"
    assert answer("What was the occupancy rate in September 2025?", HOSTEL, HOSTEL_TEXT) == "65%"


INCOME = """GBP thousands,2023,2024
Membership fees,410,436
Grants,220,265
Total income,630,701
"""


SPENDING = """GBP thousands,2023,2024
Coaching,300,322
Pitch hire,190,214
Total expenditure,490,536
"""


def test_a_surplus_is_income_less_expenditure_across_two_tables() -> None:
    text = "Harrowgate Rowing Club is a community club on the River Nidd."
    pred = ask("How big a surplus did the club run in 2024?", tables=[INCOME, SPENDING], text=text)
    assert found(pred) and shown(pred.answer, "") == "165 thousand"


FERRY = """Route (passengers),Apr 2025,May 2025,Jun 2025,Total
Harbour crossing,4100,4650,5200,13950
Island loop,1800,2250,2900,6950
"""


FAIR = """Stand,Thursday,Friday,Saturday,Total
Pottery,140,210,380,730
Woodwork,95,120,260,475
"""


def test_how_many_over_every_period_is_their_total() -> None:
    assert answer("How many passengers took the island loop over the three months?", FERRY) == "6,950"
    assert answer("How many passengers did the harbour crossing carry across all three months?", FERRY) == "13,950"
    assert answer("How many visitors did the woodwork stand get across the three days?", FAIR) == "475"
    assert answer("How many visitors did the pottery stand get on Friday?", FAIR) == "210"
