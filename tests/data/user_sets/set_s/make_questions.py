"""Reads the six tables back, recomputes every expected number, checks text answers and the
tables' internal arithmetic, and writes questions.jsonl and conversations.jsonl (set S)."""
import json
import os
import re

import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
P = lambda n: os.path.join(HERE, n)


def num(x):
    """'1,140' -> 1140.0 ; '(390)' -> -390.0 ; '**76**' -> 76.0 ; numbers pass through."""
    if isinstance(x, (int, float)):
        return float(x)
    s = str(x).strip().replace("*", "").replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def clean(s):
    return str(s).replace("*", "").strip()


def read_md(path):
    rows = [l.strip() for l in open(path, encoding="utf-8") if l.strip().startswith("|")]
    cells = [[clean(c) for c in r.strip("|").split("|")] for r in rows]
    header, body = cells[0], [r for r in cells[1:] if not set("".join(r)) <= set("-: ")]
    return {r[0]: {h: num(v) for h, v in zip(header[1:], r[1:])} for r in body}


def read_csv_rows_first(path):
    df = pd.read_csv(path, dtype=str)
    lab = df.columns[0]
    return {r[lab]: {c: num(r[c]) for c in df.columns[1:]} for _, r in df.iterrows()}


def read_pandas_export(path):
    df = pd.read_csv(path, index_col=0)
    return {idx: {c: float(df.loc[idx, c]) for c in df.columns} for idx in df.index}


def read_xlsx(path, sheet):
    ws = load_workbook(path, data_only=True)[sheet]
    rows = list(ws.iter_rows(values_only=True))
    header = rows[0]
    return {r[0]: {h: num(v) for h, v in zip(header[1:], r[1:])} for r in rows[1:] if r[0] is not None}


T = {
    "wine": read_csv_rows_first(P("valdemora_estate_2024.csv")),
    "care": read_md(P("brightpath_homecare_h1_2024.md")),
    "bake": read_pandas_export(P("northgate_bakery_quarterly.csv")),
    "ferryIS": read_xlsx(P("harbour_link_ferries.xlsx"), "Income statement"),
    "ferryBS": read_xlsx(P("harbour_link_ferries.xlsx"), "Balance sheet"),
    "orch": read_md(P("riverside_youth_orchestra.md")),
    "loft": read_xlsx(P("loft_collective_halfyears.xlsx"), "Summary"),
}


def g(t, row, col):
    return T[t][row][col]


def close(a, b, tol=0.051):
    return abs(a - b) < tol


# ------------------------------------------------------------------ internal arithmetic
def check_sum(t, total_row, parts, sign=1):
    for col in T[t][total_row]:
        s = sum(g(t, p, col) for p in parts)
        assert close(s, g(t, total_row, col)), (t, total_row, col, s)


Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
for r, vals in T["wine"].items():  # FY column = sum of quarters
    assert close(sum(vals[q] for q in Q), vals["FY 2024"]), r
check_sum("wine", "Total revenue", ["Wine sales", "Tasting room & tours"])
check_sum("wine", "Operating profit", ["Total revenue", "Cost of goods sold", "Vineyard labour", "Marketing"])

for idx, r in T["bake"].items():
    assert close(r["revenue_k"] - r["flour_cost_k"] - r["energy_cost_k"] - r["wages_k"], r["contribution_k"]), idx

check_sum("ferryIS", "Total revenue", ["Fare revenue", "Freight & vehicle revenue"])
check_sum("ferryIS", "Operating profit", ["Total revenue", "Fuel", "Crew wages", "Vessel maintenance", "Depreciation"])
check_sum("ferryBS", "Total assets", ["Cash", "Vessels & terminals", "Other assets"])
check_sum("ferryBS", "Total assets", ["Borrowings", "Other liabilities", "Equity"])

check_sum("orch", "Total", ["Violins", "Violas", "Cellos & basses", "Woodwinds", "Brass", "Percussion"])

H = ["Six months ended 30 June 2023", "Six months ended 31 December 2023",
     "Six months ended 30 June 2024", "Six months ended 31 December 2024"]
for r, vals in T["loft"].items():
    assert close(vals[H[2]] + vals[H[3]], vals["Total 2024"]), r
check_sum("loft", "Total revenue", ["Desk memberships", "Private offices", "Meeting rooms & events"])
check_sum("loft", "Operating result", ["Total revenue", "Rent", "Staff", "Utilities & cleaning"])

# ------------------------------------------------------------------ files
FILES = {
    "wine": ("held", [{"file": "valdemora_estate_2024.csv", "sheet": None}], "valdemora_estate_2024.txt"),
    "care": ("tune", [{"file": "brightpath_homecare_h1_2024.md", "sheet": None}], "brightpath_homecare_h1_2024.txt"),
    "bake": ("held", [{"file": "northgate_bakery_quarterly.csv", "sheet": None}], "northgate_bakery_quarterly.txt"),
    "ferryIS": ("tune", [{"file": "harbour_link_ferries.xlsx", "sheet": "Income statement"}], "harbour_link_ferries.txt"),
    "ferryBS": ("tune", [{"file": "harbour_link_ferries.xlsx", "sheet": "Balance sheet"}], "harbour_link_ferries.txt"),
    "ferry2": ("tune", [{"file": "harbour_link_ferries.xlsx", "sheet": "Income statement"},
                        {"file": "harbour_link_ferries.xlsx", "sheet": "Balance sheet"}], "harbour_link_ferries.txt"),
    "orch": ("held", [{"file": "riverside_youth_orchestra.md", "sheet": None}], "riverside_youth_orchestra.txt"),
    "loft": ("tune", [{"file": "loft_collective_halfyears.xlsx", "sheet": "Summary"}], "loft_collective_halfyears.txt"),
}
TEXT = {k: open(P(v[2]), encoding="utf-8").read() for k, v in FILES.items()}


# expected-value builders; each number carries a recomputation that is asserted against the hand value
def N(hand, calc, scale, why):
    got = round(calc, 2)
    assert abs(got - hand) < 1e-9, (hand, got, why)
    return {"kind": "number", "value": float(hand), "scale": scale}, why


def NT(key, hand, words, scale, why):  # a number stated only in words in the text
    assert words in TEXT[key], (words, key)
    return {"kind": "number", "value": float(hand), "scale": scale}, why


def X(key, phrase, why):
    assert phrase.lower() in TEXT[key].lower(), (phrase, key)
    return {"kind": "text", "value": phrase}, why


def PER(label, calc_label, why):
    assert label == calc_label, (label, calc_label)
    return {"kind": "period", "value": label}, why


def NONE(why):
    return {"kind": "none"}, why


def argmax(d):
    return max(d, key=d.get)


def argmin(d):
    return min(d, key=d.get)


pct = lambda a, b: a / b * 100
QUARTER = {"Q1 2024": "Q1 2024", "Q2 2024": "Q2 2024", "Q3 2024": "Q3 2024", "Q4 2024": "Q4 2024",
           "1Q23": "Q1 2023", "2Q23": "Q2 2023", "3Q23": "Q3 2023", "4Q23": "Q4 2023", "1Q24": "Q1 2024", "2Q24": "Q2 2024"}
MONTH = {"Jan-24": "January 2024", "Feb-24": "February 2024", "Mar-24": "March 2024", "Apr-24": "April 2024",
         "May-24": "May 2024", "Jun-24": "June 2024"}
HALF = dict(zip(H, ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]))

K = "thousand"
w = lambda r, c: g("wine", r, c)
c_ = lambda r, c: g("care", r, c)
b = lambda q, c: g("bake", q, c)
fi = lambda r, c: g("ferryIS", r, c)
fb = lambda r, c: g("ferryBS", r, c)
o = lambda r, c: g("orch", r, c)
lf = lambda r, c: g("loft", r, c)
MONTHS = list(MONTH)
BQ = list(T["bake"])

# ------------------------------------------------------------------ single questions
questions = [
    # --- wine (held)
    ("wine", "What were Valdemora's wine sales in the third quarter of 2024?",
     N(1140, w("Wine sales", "Q3 2024"), K, "Wine sales, Q3 2024 column (USD thousands)")),
    ("wine", "how much did we spend on marketing over the whole of 2024?",
     N(340, -w("Marketing", "FY 2024"), K, "Marketing FY 2024 shown in brackets (340); given as positive amount spent")),
    ("wine", "Which quarter brought in the most from the tasting room and tours?",
     PER("Q3 2024", argmax({q: w("Tasting room & tours", q) for q in Q}), "max of Tasting room & tours across quarters: 320 in Q3 2024")),
    ("wine", "What was tasting room revenue in Q1 2023?",
     NONE("table only covers the four quarters of 2024; text gives no 2023 figure")),
    # --- care (tune)
    ("care", "How many care hours did Brightpath deliver in April 2024?",
     N(5110, c_("Care hours delivered", "Apr-24"), "", "Care hours delivered, Apr-24 column")),
    ("care", "Which month had the most missed visits?",
     PER("February 2024", MONTH[argmax({m: c_("Missed visits", m) for m in MONTHS})], "Missed visits max = 22 in Feb-24")),
    ("care", "On average, how many caregivers were on staff each month from January to June?",
     N(61.33, sum(c_("Caregivers on staff", m) for m in MONTHS) / 6, "", "(58+57+60+63+64+66)/6 = 368/6 = 61.33")),
    ("care", "How many new referrals did the agency get in July 2024?",
     NONE("table ends at Jun-24; text has no July referral figure")),
    # --- bakery (held)
    ("bake", "What were Northgate's energy costs in 1Q24?",
     N(310, b("1Q24", "energy_cost_k"), K, "energy_cost_k for row 1Q24 (USD thousands)")),
    ("bake", "Total revenue for the first half of 2023?",
     N(4970, b("1Q23", "revenue_k") + b("2Q23", "revenue_k"), K, "revenue_k 1Q23 + 2Q23 = 2450 + 2520")),
    ("bake", "In which quarter was the bakery's contribution the highest?",
     PER("Q4 2023", QUARTER[argmax({q: b(q, "contribution_k") for q in BQ})], "contribution_k max = 1040 in 4Q23")),
    ("bake", "What was revenue in the third quarter of 2024?",
     NONE("rows run 1Q23 to 2Q24 only; no 3Q24 row")),
    # --- ferry (tune)
    ("ferryIS", "What was Harbour Link's fare revenue in FY2023?",
     N(91.2, fi("Fare revenue", "FY2023"), "million", "Income statement, Fare revenue, FY2023 (NZ$ million)")),
    ("ferryIS", "How much did the ferry company spend on fuel in FY2024?",
     N(33.9, -fi("Fuel", "FY2024"), "million", "Fuel FY2024 shown as -33.9; given as positive amount spent")),
    ("ferry2", "What was FY2024 operating profit as a percentage of total assets at year end?",
     N(12.04, pct(fi("Operating profit", "FY2024"), fb("Total assets", "31 Mar 2024")), "percent",
       "33.7 / 280.0 * 100 = 12.04 (Income statement + Balance sheet at 31 Mar 2024)")),
    ("ferryBS", "What were total assets at 31 March 2021?",
     NONE("balance sheet starts at 31 Mar 2022")),
    # --- orchestra (held)
    ("orch", "How many violinists did the orchestra have in 2023?",
     N(34, o("Violins", "2023"), "", "Violins row, 2023 column")),
    ("orch", "what was total membership in 2024",
     N(97, o("Total", "2024"), "", "Total row, 2024 column")),
    ("orch", "By what percentage did the orchestra grow between 2021 and 2024?",
     N(27.63, pct(o("Total", "2024") - o("Total", "2021"), o("Total", "2021")), "percent", "(97-76)/76*100 = 27.63")),
    ("orch", "How many harpists were there in 2024?",
     NONE("no harp row; sections are violins, violas, cellos & basses, woodwinds, brass, percussion")),
    # --- loft (tune)
    ("loft", "What was income from private offices in the second half of 2024?",
     N(471, lf("Private offices", H[3]), K, "Private offices, six months ended 31 December 2024 (EUR thousand)")),
    ("loft", "How much did The Loft Collective pay in rent in 2024?",
     N(790, -lf("Rent", "Total 2024"), K, "Rent Total 2024 shown as -790; positive amount paid")),
    ("loft", "Which half-year had the highest meeting room and events income?",
     PER("H2 2024", HALF[argmax({h: lf("Meeting rooms & events", h) for h in H})], "Meeting rooms & events max = 128 in H2 2024")),
    ("loft", "What was the operating result in the first half of 2022?",
     NONE("earliest column is six months ended 30 June 2023")),
]

# ------------------------------------------------------------------ conversations
tr = lambda rev: w("Tasting room & tours", rev)
convs = [
    ("wine", [
        ("How much did we make from the tasting room and tours in Q2?",
         N(210, tr("Q2 2024"), K, "Tasting room & tours Q2 2024")),
        ("And in Q3?", N(320, tr("Q3 2024"), K, "Tasting room & tours Q3 2024")),
        ("How much did it grow?", N(110, tr("Q3 2024") - tr("Q2 2024"), K, "320 - 210")),
        ("In percentage terms?", N(52.38, pct(tr("Q3 2024") - tr("Q2 2024"), tr("Q2 2024")), "percent", "110/210*100")),
        ("Why was it so strong over the summer?", X("wine", "reopened its terrace", "text: the estate reopened its terrace in June")),
    ]),
    ("wine", [
        ("What did the vineyard crew cost us in the third quarter?",
         N(310, -w("Vineyard labour", "Q3 2024"), K, "Vineyard labour Q3 2024 shown as (310); positive cost")),
        ("Why was that so high?", X("wine", "the harvest", "text: jump reflects the harvest, which began 2 September 2024")),
        ("And what was it in Q4?", N(150, -w("Vineyard labour", "Q4 2024"), K, "Vineyard labour Q4 2024 (150)")),
        ("What share of the year's vineyard labour fell in Q3?",
         N(35.23, pct(w("Vineyard labour", "Q3 2024"), w("Vineyard labour", "FY 2024")), "percent", "310/880*100")),
        ("What about Q3 of the year before?", NONE("no 2023 columns")),
    ]),
    ("wine", [
        ("What was total revenue for 2024?", N(5060, w("Total revenue", "FY 2024"), K, "Total revenue FY 2024")),
        ("And operating profit?", N(1850, w("Operating profit", "FY 2024"), K, "Operating profit FY 2024")),
        ("What margin is that?", N(36.56, pct(w("Operating profit", "FY 2024"), w("Total revenue", "FY 2024")), "percent", "1850/5060*100")),
        ("Which quarter had the weakest operating profit?",
         PER("Q2 2024", argmin({q: w("Operating profit", q) for q in Q}), "min Operating profit = 295 in Q2 2024")),
        ("How far below the Q4 figure was it?",
         N(400, w("Operating profit", "Q4 2024") - w("Operating profit", "Q2 2024"), K, "695 - 295, asked as a gap (positive)")),
    ]),
    ("care", [
        ("How many clients were we looking after in January?", N(142, c_("Active clients", "Jan-24"), "", "Active clients Jan-24")),
        ("And by June?", N(166, c_("Active clients", "Jun-24"), "", "Active clients Jun-24")),
        ("How many more is that?", N(24, c_("Active clients", "Jun-24") - c_("Active clients", "Jan-24"), "", "166 - 142")),
        ("How many carers did we have in June?", N(66, c_("Caregivers on staff", "Jun-24"), "", "Caregivers on staff Jun-24")),
        ("So how many clients per carer?",
         N(2.52, c_("Active clients", "Jun-24") / c_("Caregivers on staff", "Jun-24"), "", "166/66 = 2.52 (June)")),
    ]),
    ("care", [
        ("How many visits did we miss in February?", N(22, c_("Missed visits", "Feb-24"), "", "Missed visits Feb-24")),
        ("Why so many?", X("care", "a snowstorm", "text: a snowstorm closed several roads for three days")),
        ("And in March?", N(9, c_("Missed visits", "Mar-24"), "", "Missed visits Mar-24")),
        ("How much did it drop?", N(13, c_("Missed visits", "Feb-24") - c_("Missed visits", "Mar-24"), "", "22 - 9, asked as a drop (positive)")),
        ("Who brought in the new scheduling app?", X("care", "Amina Okafor", "text: care manager Amina Okafor introduced the app in March")),
    ]),
    ("care", [
        ("What were completed visits in May?", N(3560, c_("Visits completed", "May-24"), "", "Visits completed May-24")),
        ("And the month before?", N(3410, c_("Visits completed", "Apr-24"), "", "Visits completed Apr-24")),
        ("Combined?", N(6970, c_("Visits completed", "May-24") + c_("Visits completed", "Apr-24"), "", "3560 + 3410")),
        ("What about December 2023?", NONE("table starts Jan-24")),
        ("Across all six months, how many visits were completed in total?",
         N(20040, sum(c_("Visits completed", m) for m in MONTHS), "", "sum Jan-24..Jun-24")),
    ]),
    ("bake", [
        ("How much did we spend on flour in Q1 2024?", N(650, b("1Q24", "flour_cost_k"), K, "flour_cost_k 1Q24")),
        ("And the next quarter?", N(600, b("2Q24", "flour_cost_k"), K, "flour_cost_k 2Q24")),
        ("How much did it fall?", N(50, b("1Q24", "flour_cost_k") - b("2Q24", "flour_cost_k"), K, "650 - 600, asked as a fall (positive)")),
        ("Why?", X("bake", "switched to a regional mill", "text: head buyer Tom Reilly switched to a regional mill")),
        ("What share of that quarter's revenue went on flour?",
         N(21.74, pct(b("2Q24", "flour_cost_k"), b("2Q24", "revenue_k")), "percent", "600/2760*100 (2Q24)")),
    ]),
    ("bake", [
        ("How many loaves did we sell in 4Q23?", N(1470, b("4Q23", "loaves_sold_k"), K, "loaves_sold_k 4Q23 (thousands of loaves)")),
        ("And revenue that quarter?", N(2980, b("4Q23", "revenue_k"), K, "revenue_k 4Q23")),
        ("So revenue per loaf?", N(2.03, b("4Q23", "revenue_k") / b("4Q23", "loaves_sold_k"), "", "2980/1470 = 2.03 dollars per loaf (both in thousands)")),
        ("How does that compare with 1Q23 - what was it then?",
         N(2.0, b("1Q23", "revenue_k") / b("1Q23", "loaves_sold_k"), "", "2450/1225 = 2.00")),
        ("What drove the 4Q23 peak?", X("bake", "holiday orders from the Fairway Market chain", "text")),
    ]),
    ("bake", [
        ("What did wages come to in the second quarter of 2023?", N(900, b("2Q23", "wages_k"), K, "wages_k 2Q23")),
        ("What about a year later?", N(950, b("2Q24", "wages_k"), K, "wages_k 2Q24")),
        ("Percentage change?", N(5.56, pct(b("2Q24", "wages_k") - b("2Q23", "wages_k"), b("2Q23", "wages_k")), "percent", "(950-900)/900*100")),
        ("And wages in 3Q24?", NONE("no 3Q24 row")),
        ("What was the average quarterly wage bill over the six quarters shown?",
         N(923.33, sum(b(q, "wages_k") for q in BQ) / 6, K, "(880+900+910+960+940+950)/6 = 5540/6")),
    ]),
    ("ferryIS", [
        ("How much did fuel cost the ferries in FY2022?", N(31.8, -fi("Fuel", "FY2022"), "million", "Fuel FY2022 shown -31.8; positive cost")),
        ("And in FY2023?", N(36.5, -fi("Fuel", "FY2023"), "million", "Fuel FY2023 -36.5")),
        ("Why did it go up?", X("ferryIS", "diesel prices spiked", "text")),
        ("How much did fuel costs change the year after that?",
         N(-2.6, fi("Fuel", "FY2023") - fi("Fuel", "FY2024"), "million", "cost 33.9 (FY2024) - 36.5 (FY2023) = -2.6, new minus old")),
        ("What share of FY2024 total revenue went on fuel?",
         N(27.16, pct(-fi("Fuel", "FY2024"), fi("Total revenue", "FY2024")), "percent", "33.9/124.8*100")),
    ]),
    ("ferry2", [
        ("How much cash did the company have at the end of FY2023?", N(15.6, fb("Cash", "31 Mar 2023"), "million", "Balance sheet Cash 31 Mar 2023")),
        ("And a year later?", N(21.9, fb("Cash", "31 Mar 2024"), "million", "Cash 31 Mar 2024")),
        ("What were borrowings at that date?", N(101.2, fb("Borrowings", "31 Mar 2024"), "million", "Borrowings 31 Mar 2024")),
        ("So net debt?", N(79.3, fb("Borrowings", "31 Mar 2024") - fb("Cash", "31 Mar 2024"), "million", "101.2 - 21.9")),
        ("What level does the CEO want to get borrowings below?",
         NT("ferry2", 90, "below ninety million dollars", "million", "text: aims to cut borrowings below ninety million dollars by March 2026")),
    ]),
    ("ferryIS", [
        ("What was spent on maintaining the boats in FY2023?", N(14.8, -fi("Vessel maintenance", "FY2023"), "million", "Vessel maintenance FY2023 -14.8; positive")),
        ("Why was it so high that year?", X("ferryIS", "dry-dock surveys", "text: two older vessels went through five-yearly dry-dock surveys")),
        ("What about depreciation in FY2024?", N(11.4, -fi("Depreciation", "FY2024"), "million", "Depreciation FY2024 -11.4; positive")),
        ("And depreciation in FY2025?", NONE("no FY2025 column")),
        ("OK. How much did operating profit rise between FY2022 and FY2024?",
         N(8.5, fi("Operating profit", "FY2024") - fi("Operating profit", "FY2022"), "million", "33.7 - 25.2")),
    ]),
    ("orch", [
        ("How many brass players did we have in 2023?", N(13, o("Brass", "2023"), "", "Brass 2023")),
        ("And in 2024?", N(12, o("Brass", "2024"), "", "Brass 2024")),
        ("Why did that drop?", X("orch", "trumpet players left for university", "text: three trumpet players left for university")),
        ("What share of the 2024 orchestra was brass?", N(12.37, pct(o("Brass", "2024"), o("Total", "2024")), "percent", "12/97*100")),
        ("And woodwinds that year?", N(17, o("Woodwinds", "2024"), "", "Woodwinds 2024")),
    ]),
    ("orch", [
        ("How many fiddle players did we have in 2021?", N(28, o("Violins", "2021"), "", "Violins 2021 (fiddles = violins)")),
        ("And the violas?", N(8, o("Violas", "2021"), "", "Violas 2021")),
        ("Combined?", N(36, o("Violins", "2021") + o("Violas", "2021"), "", "28 + 8")),
        ("What about 2020?", NONE("table starts in 2021")),
        ("Which year had the most cellists and bass players?",
         PER("2024", argmax({y: o("Cellos & basses", y) for y in ["2021", "2022", "2023", "2024"]}), "Cellos & basses max 16 in 2024")),
    ]),
    ("orch", [
        ("How big was the percussion section in 2022?", N(5, o("Percussion", "2022"), "", "Percussion 2022")),
        ("And the whole orchestra that year?", N(84, o("Total", "2022"), "", "Total 2022")),
        ("How many players did it add the following year?", N(8, o("Total", "2023") - o("Total", "2022"), "", "92 - 84")),
        ("Where do they rehearse?", X("orch", "Marlow Community Hall", "text")),
        ("What was the average size of the orchestra over the four years?",
         N(87.25, sum(o("Total", y) for y in ["2021", "2022", "2023", "2024"]) / 4, "", "(76+84+92+97)/4")),
    ]),
    ("loft", [
        ("What did we take in from hot desks and memberships in H1 2023?", N(310, lf("Desk memberships", H[0]), K, "Desk memberships H1 2023")),
        ("And in the second half?", N(295, lf("Desk memberships", H[1]), K, "Desk memberships H2 2023")),
        ("How much did it change?", N(-15, lf("Desk memberships", H[1]) - lf("Desk memberships", H[0]), K, "295 - 310")),
        ("What about H1 2024?", N(340, lf("Desk memberships", H[2]), K, "Desk memberships H1 2024")),
        ("What was the average per half across all four halves?",
         N(326.75, sum(lf("Desk memberships", h) for h in H) / 4, K, "(310+295+340+362)/4")),
    ]),
    ("loft", [
        ("How much did rent cost in the first half of 2024?", N(395, -lf("Rent", H[2]), K, "Rent H1 2024 shown -395; positive")),
        ("Why did it go up from 2023?", X("loft", "annual inflation index", "text: landlord applied the annual inflation index to the lease")),
        ("How much higher is that than H1 2023?", N(15, lf("Rent", H[0]) - lf("Rent", H[2]), K, "395 - 380")),
        ("What share of that half's revenue did rent take?", N(44.13, pct(-lf("Rent", H[2]), lf("Total revenue", H[2])), "percent", "395/895*100")),
        ("And rent in H1 2025?", NONE("no 2025 columns")),
    ]),
    ("loft", [
        ("What was the operating result for 2024 as a whole?", N(563, lf("Operating result", "Total 2024"), K, "Operating result Total 2024")),
        ("And total revenue for the year?", N(1856, lf("Total revenue", "Total 2024"), K, "Total revenue Total 2024")),
        ("Margin?", N(30.33, pct(lf("Operating result", "Total 2024"), lf("Total revenue", "Total 2024")), "percent", "563/1856*100")),
        ("Which half of 2024 contributed more of it?",
         PER("H2 2024", HALF[argmax({h: lf("Operating result", h) for h in H[2:]})], "307 (H2) > 256 (H1)")),
        ("Who started the evening events?", X("loft", "Sofia Marques", "text")),
    ]),
]

# ------------------------------------------------------------------ write
assert len(questions) == 24 and len(convs) == 18
with open(P("questions.jsonl"), "w", encoding="utf-8") as f:
    for i, (key, q, (exp, why)) in enumerate(questions, 1):
        half, tables, text = FILES[key]
        f.write(json.dumps({"id": f"S-{i:02d}", "half": half, "tables": tables, "text": text,
                            "question": q, "expected": exp, "why": why}) + "\n")
with open(P("conversations.jsonl"), "w", encoding="utf-8") as f:
    for i, (key, turns) in enumerate(convs, 1):
        assert len(turns) == 5
        half, tables, text = FILES[key]
        f.write(json.dumps({"id": f"S-conv-{i}", "half": half, "tables": tables, "text": text,
                            "turns": [{"question": q, "expected": e, "why": why} for q, (e, why) in turns]}) + "\n")

# per-table checks: one 'none' single question per table, halves by table
from collections import Counter
per_file = Counter(FILES[k][1][0]["file"] for k, _, (e, _) in questions if e["kind"] == "none")
assert all(v == 1 for v in per_file.values()) and len(per_file) == 6, per_file
halves = Counter(FILES[k][0] for k, *_ in questions)
chalves = Counter(FILES[k][0] for k, _ in convs)
none_convs = sum(any(e["kind"] == "none" for _, (e, _) in t) for _, t in convs)
print("questions", len(questions), dict(halves), "| conversations", len(convs), dict(chalves),
      "turns", 5 * len(convs), "| convs with a none turn", none_convs)
