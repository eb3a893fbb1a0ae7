"""Reads the six tables back, recomputes every expected value, checks the tables' own arithmetic,
and writes questions.jsonl and conversations.jsonl for set U."""
import json
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "U"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """'(4,130)' -> -4130.0 ; '1,071.1' -> 1071.1 ; numbers pass through."""
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace(",", "").replace("*", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def read_md(name):
    rows = []
    with open(p(name), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue
            rows.append(cells)
    return pd.DataFrame(rows[1:], columns=rows[0])


def read_sheet(name, sheet):
    wb = openpyxl.load_workbook(p(name), data_only=True)
    ws = wb[sheet]
    vals = list(ws.values)
    return pd.DataFrame([r[1:] for r in vals[1:]], index=[r[0] for r in vals[1:]],
                        columns=list(vals[0][1:]))


def r2(x):
    return round(x + 0.0, 2)


def pct(new, old):
    return r2((new - old) / old * 100)


def share(part, whole):
    return r2(part / whole * 100)


# ------------------------------------------------------------------ load tables
T1 = pd.read_csv(p("meadowbrook_quarterly.csv"), dtype=str).set_index("EUR thousands")
T1 = T1.map(num)
T2 = read_md("harbourview_clinic_monthly.md").set_index("Month").map(num)
T3 = pd.read_csv(p("swiftline_quarterly_kpis.csv"), index_col=0)
T4I = read_sheet("larkhill_museum_accounts.xlsx", "Income & expenditure")
T4B = read_sheet("larkhill_museum_accounts.xlsx", "Balance sheet")
_t5 = read_md("whitmore_farm_harvest.md")
T5 = _t5.set_index("Field")
for c in ["Area (ha)", "Harvest 2023 (t)", "Harvest 2024 (t)"]:
    T5[c] = T5[c].map(num)
T5.index = [i.replace("*", "") for i in T5.index]
T6 = read_sheet("tallyfern_halfyear.xlsx", "Half-year results")

TXT = {}
for stem in ["meadowbrook_quarterly", "harbourview_clinic_monthly", "swiftline_quarterly_kpis",
             "larkhill_museum_accounts", "whitmore_farm_harvest", "tallyfern_halfyear"]:
    with open(p(stem + ".txt"), encoding="utf-8") as f:
        TXT[stem + ".txt"] = f.read()


# ------------------------------------------------------------------ internal arithmetic checks
def close(a, b, tol=1e-6):
    return abs(a - b) < tol


def check_tables():
    q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
    for label in T1.index:
        assert close(T1.loc[label, q].sum(), T1.loc[label, "FY 2024"]), label
    for c in list(T1.columns):
        t = T1[c]
        assert close(t["Milk sales"] + t["Cheese & butter sales"], t["Total revenue"]), c
        assert close(t["Total revenue"] + t["Milk paid to members"] + t["Processing costs"],
                     t["Gross surplus"]), c
        assert close(t["Gross surplus"] + t["Admin & overheads"], t["Operating surplus"]), c
    # T2: telehealth visits are part of visits, no-shows small
    assert (T2["Telehealth visits"] < T2["Patient visits"]).all()
    # T3
    op = T3["revenue"] - T3["fuel_cost"] - T3["driver_wages"] - T3["other_costs"]
    assert (op == T3["operating_profit"]).all()
    # T4 income & expenditure
    for c in T4I.columns:
        t = T4I[c]
        assert t["Admissions"] + t["Memberships"] + t["Grants & donations"] + t["Shop & cafe"] \
            == t["Total income"], c
        assert t["Staff costs"] + t["Exhibitions & programmes"] + t["Building & maintenance"] \
            == t["Total expenditure"], c
        assert t["Total income"] - t["Total expenditure"] == t["Net surplus"], c
    for c in T4B.columns:
        t = T4B[c]
        assert t["Cash"] + t["Investments"] + t["Property & equipment"] == t["Total assets"], c
        assert t["Creditors"] + t["Long-term loan"] == t["Total liabilities"], c
        assert t["Total assets"] - t["Total liabilities"] == t["Net assets"], c
    # surplus flows into net assets
    assert T4B.loc["Net assets", "31 Mar 2023"] - T4B.loc["Net assets", "31 Mar 2022"] \
        == T4I.loc["Net surplus", "FY2023"]
    assert T4B.loc["Net assets", "31 Mar 2024"] - T4B.loc["Net assets", "31 Mar 2023"] \
        == T4I.loc["Net surplus", "FY2024"]
    # loan repaid at 200 a year, final payment March 2031
    assert T4B.loc["Long-term loan", "31 Mar 2024"] / 200 == 2031 - 2024
    # T5 totals
    body = T5.drop(index="Total")
    for c in ["Area (ha)", "Harvest 2023 (t)", "Harvest 2024 (t)"]:
        assert close(body[c].sum(), T5.loc["Total", c], 1e-6), c
    # T6
    for c in T6.columns:
        t = T6[c]
        assert t["Subscription revenue"] + t["Professional services"] == t["Total revenue"], c
        assert t["Total revenue"] + t["Cost of revenue"] == t["Gross profit"], c
        assert t["Gross profit"] + t["Research & development"] + t["Sales & marketing"] \
            + t["General & administrative"] == t["Operating income (loss)"], c


check_tables()

# ------------------------------------------------------------------ question definitions
F1 = [{"file": "meadowbrook_quarterly.csv", "sheet": None}]
F2 = [{"file": "harbourview_clinic_monthly.md", "sheet": None}]
F3 = [{"file": "swiftline_quarterly_kpis.csv", "sheet": None}]
F4I = [{"file": "larkhill_museum_accounts.xlsx", "sheet": "Income & expenditure"}]
F4B = [{"file": "larkhill_museum_accounts.xlsx", "sheet": "Balance sheet"}]
F4 = F4I + F4B
F5 = [{"file": "whitmore_farm_harvest.md", "sheet": None}]
F6 = [{"file": "tallyfern_halfyear.xlsx", "sheet": "Half-year results"}]

TABLES = {
    1: ("held", F1, "meadowbrook_quarterly.txt"),
    2: ("tune", F2, "harbourview_clinic_monthly.txt"),
    3: ("held", F3, "swiftline_quarterly_kpis.txt"),
    4: ("tune", F4, "larkhill_museum_accounts.txt"),
    5: ("held", F5, "whitmore_farm_harvest.txt"),
    6: ("tune", F6, "tallyfern_halfyear.txt"),
}


def N(v, scale=""):
    return {"kind": "number", "value": float(v), "scale": scale}


def TX(v):
    return {"kind": "text", "value": v}


def PER(v):
    return {"kind": "period", "value": v}


NONE = {"kind": "none"}

# each entry: (table, question, expected, computed-or-None, why, tables override)
Q = []


def q(t, question, expected, computed, why, tables=None):
    Q.append((t, question, expected, computed, why, tables))


# ---- table 1: Meadowbrook Dairy Co-operative (held)
c = T1
q(1, "What were cheese and butter sales in Q3 2024?",
  N(1475, "thousand"), c.loc["Cheese & butter sales", "Q3 2024"],
  "Lookup: Cheese & butter sales, Q3 2024 = 1,475 (EUR thousands).")
q(1, "By what % did total revenue grow from Q1 to Q2 2024?",
  N(10.20, "percent"), pct(c.loc["Total revenue", "Q2 2024"], c.loc["Total revenue", "Q1 2024"]),
  "(6,700 - 6,080) / 6,080 * 100 = 10.20.")
q(1, "what was the co-op's gross margin for the full year 2024",
  N(21.24, "percent"), share(c.loc["Gross surplus", "FY 2024"], c.loc["Total revenue", "FY 2024"]),
  "Gross surplus / total revenue, FY 2024 column: 5,600 / 26,360 * 100 = 21.24.")
q(1, "How many litres of milk did the members deliver in the second quarter?",
  N(12.4, "million"), c.loc["Milk collected (million litres)", "Q2 2024"],
  "Lookup: Milk collected (million litres), Q2 2024 = 12.4 million litres.")
q(1, "Which quarter had the highest operating surplus?",
  PER("Q3 2024"), None,
  "Operating surplus 620 / 750 / 840 / 810: highest is Q3 2024 (840).")
q(1, "On average, how much did Meadowbrook pay its members per litre of milk in Q3 2024?",
  N(0.37), r2(-c.loc["Milk paid to members", "Q3 2024"] * 1000
              / (c.loc["Milk collected (million litres)", "Q3 2024"] * 1e6)),
  "Milk paid to members shown in brackets (4,745) thousand EUR, taken as 4,745,000 EUR / "
  "12.9 million litres = 0.37 EUR per litre.")
q(1, "Why did admin and overheads go up in Q4?",
  TX("a one-off IT system upgrade"), None, "Text: rose in Q4 because of a one-off IT system upgrade.")
q(1, "What was the operating surplus in Q1 2023?",
  NONE, None, "Table covers only the four quarters of 2024; the text gives no 2023 figure.")

# ---- table 2: Harbourview Family Clinic (tune)
c = T2
q(2, "How many patient visits did the clinic have in March 2024?",
  N(1930), c.loc["Mar 2024", "Patient visits"], "Lookup: Mar 2024, Patient visits = 1,930.")
q(2, "What was total fee revenue for the first half of 2024?",
  N(1004600), c["Fee revenue ($)"].sum(),
  "Sum of Jan-Jun fee revenue: 171,300 + 164,150 + 180,450 + 158,900 + 178,200 + 151,600 "
  "= 1,004,600 dollars.")
q(2, "whats the average number of new patients per month from jan to june",
  N(147.83), r2(c["New patients"].mean()), "(156+141+172+133+165+120) / 6 = 887 / 6 = 147.83.")
q(2, "how many no-shows were there in january?",
  N(97), c.loc["Jan 2024", "No-shows"], "Lookup: Jan 2024, No-shows = 97.")
q(2, "Which month brought in the least fee revenue?",
  PER("June 2024"), None, "Lowest fee revenue is Jun 2024 at 151,600.")
q(2, "How much revenue did the clinic make per patient visit in April?",
  N(94.14), r2(c.loc["Apr 2024", "Fee revenue ($)"] / c.loc["Apr 2024", "Patient visits"]),
  "158,900 / 1,688 = 94.14 dollars per visit.")
q(2, "Why were visits lower in June?",
  TX("two doctors were on annual leave"), None, "Text: June was quieter because two doctors were on annual leave.")
q(2, "How many telehealth visits did Harbourview have in July 2024?",
  NONE, None, "Table runs January-June 2024 only; July is not given anywhere.")

# ---- table 3: Swiftline Freight (held)
c = T3
q(3, "How much did Swiftline spend on fuel in Q3 2023?",
  N(2690, "thousand"), c.loc["2023Q3", "fuel_cost"], "Lookup: row 2023Q3, fuel_cost = 2,690 (USD thousands).")
q(3, "By what percentage did revenue grow in Q1 2024 compared with the same quarter a year earlier?",
  N(5.91, "percent"), pct(c.loc["2024Q1", "revenue"], c.loc["2023Q1", "revenue"]),
  "(10,210 - 9,640) / 9,640 * 100 = 5.91.")
q(3, "What was total revenue for 2023?",
  N(42800, "thousand"), c.loc["2023Q1":"2023Q4", "revenue"].sum(),
  "9,640 + 10,300 + 10,780 + 12,080 = 42,800 (USD thousands).")
q(3, "What was revenue per delivery in Q2 2024?",
  N(204.99), r2(c.loc["2024Q2", "revenue"] * 1000 / c.loc["2024Q2", "deliveries"]),
  "Revenue 11,090 thousand USD = 11,090,000 USD / 54,100 deliveries = 204.99 USD per delivery.")
q(3, "Which quarter had the worst on-time rate?",
  PER("Q4 2023"), None, "on_time_pct minimum is 91.2 in 2023Q4.")
q(3, "what was the operating margin in the fourth quarter of 2023?",
  N(18.63, "percent"), share(c.loc["2023Q4", "operating_profit"], c.loc["2023Q4", "revenue"]),
  "operating_profit / revenue for 2023Q4: 2,250 / 12,080 * 100 = 18.63.")
q(3, "When is the new Reno depot due to open?",
  TX("October 2024"), None, "Text: the cross-dock depot in Reno is due to open in October 2024.")
q(3, "What was Swiftline's operating profit in Q3 2024?",
  NONE, None, "The export ends at 2024Q2; Q3 2024 is not given.")

# ---- table 4: Larkhill Maritime Museum Trust (tune)
ci, cb = T4I, T4B
q(4, "What was admissions income in FY2023?",
  N(1485, "thousand"), ci.loc["Admissions", "FY2023"],
  "Lookup: Income & expenditure sheet, Admissions, FY2023 = 1,485 (GBP thousands).", F4I)
q(4, "How much did total expenditure rise from FY2023 to FY2024?",
  N(345, "thousand"), ci.loc["Total expenditure", "FY2024"] - ci.loc["Total expenditure", "FY2023"],
  "4,405 - 4,060 = 345 (GBP thousands).", F4I)
q(4, "What share of the museum's FY2024 income came from grants and donations?",
  N(45.19, "percent"), share(ci.loc["Grants & donations", "FY2024"], ci.loc["Total income", "FY2024"]),
  "2,240 / 4,957 * 100 = 45.19.", F4I)
q(4, "How much admissions income did the museum get per visitor in FY2024?",
  N(7.32), r2(ci.loc["Admissions", "FY2024"] * 1000 / ci.loc["Visitors (number)", "FY2024"]),
  "Admissions 1,610 thousand GBP = 1,610,000 GBP / 219,800 visitors = 7.32 GBP per visitor.", F4I)
q(4, "How much cash did the museum hold at 31 March 2024?",
  N(1707, "thousand"), cb.loc["Cash", "31 Mar 2024"],
  "Lookup: Balance sheet, Cash, 31 Mar 2024 = 1,707 (GBP thousands).", F4B)
q(4, "What was the FY2024 surplus as a percentage of net assets at the end of that year?",
  N(4.56, "percent"), share(ci.loc["Net surplus", "FY2024"], cb.loc["Net assets", "31 Mar 2024"]),
  "Net surplus FY2024 552 (I&E sheet) / net assets at 31 Mar 2024 12,112 (balance sheet) * 100 = 4.56.",
  F4)
q(4, "Who is the museum's director?",
  TX("Helen Mowbray"), None, "Text: the museum's director is Helen Mowbray.")
q(4, "What were the museum's staff costs in FY2025?",
  NONE, None, "Accounts run FY2022-FY2024 only; FY2025 is not given.", F4I)

# ---- table 5: Whitmore Farm (held)
c = T5
q(5, "How many hectares is Church Piece?",
  N(35), c.loc["Church Piece", "Area (ha)"], "Lookup: Church Piece, Area (ha) = 35.")
q(5, "What was the 2024 barley harvest from Top Field?",
  N(179.2), c.loc["Top Field", "Harvest 2024 (t)"], "Lookup: Top Field (spring barley), Harvest 2024 = 179.2 tonnes.")
q(5, "What yield per hectare did the wheat on Church Piece give in 2024?",
  N(8.6), r2(c.loc["Church Piece", "Harvest 2024 (t)"] / c.loc["Church Piece", "Area (ha)"]),
  "301.0 t / 35 ha = 8.6 t/ha.")
q(5, "How much did the farm's total harvest fall from 2023 to 2024?",
  N(3.9), r2(c.loc["Total", "Harvest 2023 (t)"] - c.loc["Total", "Harvest 2024 (t)"]),
  "Total row: 1,071.1 - 1,067.2 = 3.9 tonnes (asked as a fall, so positive).")
q(5, "What was the total wheat harvest in 2024?",
  N(632.8), r2(c.loc[c["Crop"] == "Winter wheat", "Harvest 2024 (t)"].sum()),
  "Winter wheat fields: Long Acre 331.8 + Church Piece 301.0 = 632.8 tonnes.")
body = c.drop(index="Total")
growth = (body["Harvest 2024 (t)"] - body["Harvest 2023 (t)"]) / body["Harvest 2023 (t)"]
q(5, "Which field had the biggest percentage increase in harvest between 2023 and 2024?",
  TX("Brook Field"), growth.idxmax(),
  "Changes: Top Field +6.67%, Church Piece +4.88%, Brook Field +8.33% (57.6 -> 62.4); others fell.")
q(5, "why was the oilseed rape down?",
  TX("flea beetle damage"), None, "Text: Mill Meadow oilseed rape was down because of flea beetle damage.")
q(5, "What did Long Acre yield in 2022?",
  NONE, None, "Only 2023 and 2024 harvests are given.")

# ---- table 6: Tallyfern Software (tune)
c = T6
q(6, "How much did Tallyfern spend on R&D in H2 2024?",
  N(2390, "thousand"), -c.loc["Research & development", "H2 2024"],
  "Research & development shown as -2,390 (USD thousands); spend is the positive 2,390.")
q(6, "What was the gross margin in H1 2024?",
  N(76.98, "percent"), share(c.loc["Gross profit", "H1 2024"], c.loc["Total revenue", "H1 2024"]),
  "6,890 / 8,950 * 100 = 76.98.")
q(6, "What was total revenue for 2024?",
  N(18690, "thousand"), c.loc["Total revenue", "H1 2024"] + c.loc["Total revenue", "H2 2024"],
  "H1 2024 8,950 + H2 2024 9,740 = 18,690 (USD thousands).")
q(6, "By how much, in percent, did subscription revenue grow in H2 2024 versus H2 2023?",
  N(20.35, "percent"), pct(c.loc["Subscription revenue", "H2 2024"], c.loc["Subscription revenue", "H2 2023"]),
  "(9,050 - 7,520) / 7,520 * 100 = 20.35.")
q(6, "What was revenue per paying customer in the second half of 2024?",
  N(5471.91), r2(c.loc["Total revenue", "H2 2024"] * 1000 / c.loc["Paying customers (end of period)", "H2 2024"]),
  "Total revenue 9,740 thousand USD = 9,740,000 USD / 1,780 customers (end of period) = 5,471.91 USD.")
q(6, "In which half-year were professional services revenues lowest?",
  PER("H2 2023"), None, "Professional services 610 / 580 / 640 / 690: lowest is H2 2023 (580).")
q(6, "Why did sales and marketing spending go up in H1 2024?",
  TX("the launch in Australia"), None, "Text: stepped up in H1 2024 because of the launch in Australia.")
q(6, "What was Tallyfern's operating income in H1 2022?",
  NONE, None, "Results start at H1 2023; H1 2022 is not given.")

# ------------------------------------------------------------------ conversations
CONVS = []
c = T1
CONVS.append((1, [
    ("What was the operating surplus in Q2 2024?", N(750, "thousand"), c.loc["Operating surplus", "Q2 2024"]),
    ("And in Q4?", N(810, "thousand"), c.loc["Operating surplus", "Q4 2024"]),
    ("How much did it change between those two quarters?", N(60, "thousand"),
     c.loc["Operating surplus", "Q4 2024"] - c.loc["Operating surplus", "Q2 2024"]),
    ("In percentage terms?", N(8.0, "percent"),
     pct(c.loc["Operating surplus", "Q4 2024"], c.loc["Operating surplus", "Q2 2024"])),
    ("What share of the full-year operating surplus came in Q4?", N(26.82, "percent"),
     share(c.loc["Operating surplus", "Q4 2024"], c.loc["Operating surplus", "FY 2024"])),
]))
c = T2
CONVS.append((2, [
    ("How many telehealth visits were there in February?", N(298), c.loc["Feb 2024", "Telehealth visits"]),
    ("And in May?", N(360), c.loc["May 2024", "Telehealth visits"]),
    ("By how much did that increase?", N(62),
     c.loc["May 2024", "Telehealth visits"] - c.loc["Feb 2024", "Telehealth visits"]),
    ("What share of all patient visits in May were telehealth?", N(18.91, "percent"),
     share(c.loc["May 2024", "Telehealth visits"], c.loc["May 2024", "Patient visits"])),
    ("What about in February?", N(16.88, "percent"),
     share(c.loc["Feb 2024", "Telehealth visits"], c.loc["Feb 2024", "Patient visits"])),
]))
c = T3
CONVS.append((3, [
    ("What were driver wages in 2023Q2?", N(4010, "thousand"), c.loc["2023Q2", "driver_wages"]),
    ("And a year later?", N(4270, "thousand"), c.loc["2024Q2", "driver_wages"]),
    ("What's the percentage increase?", N(6.48, "percent"),
     pct(c.loc["2024Q2", "driver_wages"], c.loc["2023Q2", "driver_wages"])),
    ("What about fuel cost over the same period - how much did it change?", N(-70, "thousand"),
     c.loc["2024Q2", "fuel_cost"] - c.loc["2023Q2", "fuel_cost"]),
    ("What share of Q2 2024 revenue went on fuel?", N(22.09, "percent"),
     share(c.loc["2024Q2", "fuel_cost"], c.loc["2024Q2", "revenue"])),
]))
cb = T4B
CONVS.append((4, [
    ("What was the long-term loan balance at 31 March 2023?", N(1600, "thousand"),
     cb.loc["Long-term loan", "31 Mar 2023"]),
    ("And a year later?", N(1400, "thousand"), cb.loc["Long-term loan", "31 Mar 2024"]),
    ("So how much was paid off during the year?", N(200, "thousand"),
     cb.loc["Long-term loan", "31 Mar 2023"] - cb.loc["Long-term loan", "31 Mar 2024"]),
    ("What were total liabilities at that date?", N(2020, "thousand"),
     cb.loc["Total liabilities", "31 Mar 2024"]),
    ("What share of total assets is that?", N(14.29, "percent"),
     share(cb.loc["Total liabilities", "31 Mar 2024"], cb.loc["Total assets", "31 Mar 2024"])),
]))
c = T5
CONVS.append((5, [
    ("What did Hill Ground produce in 2023?", N(139.2), c.loc["Hill Ground", "Harvest 2023 (t)"]),
    ("And in 2024?", N(132.0), c.loc["Hill Ground", "Harvest 2024 (t)"]),
    ("By what percent did it drop?", N(5.17, "percent"),
     -pct(c.loc["Hill Ground", "Harvest 2024 (t)"], c.loc["Hill Ground", "Harvest 2023 (t)"])),
    ("What was the yield per hectare there in 2024?", N(5.5),
     r2(c.loc["Hill Ground", "Harvest 2024 (t)"] / c.loc["Hill Ground", "Area (ha)"])),
    ("What share of the farm's 2024 total harvest came from that field?", N(12.37, "percent"),
     share(c.loc["Hill Ground", "Harvest 2024 (t)"], c.loc["Total", "Harvest 2024 (t)"])),
]))
c = T6
CONVS.append((6, [
    ("What was operating income in H1 2024?", N(660, "thousand"), c.loc["Operating income (loss)", "H1 2024"]),
    ("And in H2 2024?", N(1030, "thousand"), c.loc["Operating income (loss)", "H2 2024"]),
    ("How much did it rise?", N(370, "thousand"),
     c.loc["Operating income (loss)", "H2 2024"] - c.loc["Operating income (loss)", "H1 2024"]),
    ("What was the operating margin in H2 2024?", N(10.57, "percent"),
     share(c.loc["Operating income (loss)", "H2 2024"], c.loc["Total revenue", "H2 2024"])),
    ("And the year before?", N(4.94, "percent"),
     share(c.loc["Operating income (loss)", "H2 2023"], c.loc["Total revenue", "H2 2023"])),
]))


# ------------------------------------------------------------------ verify and write
def verify(expected, computed, text_file, label):
    k = expected["kind"]
    if k == "number":
        assert computed is not None, label
        assert abs(float(computed) - expected["value"]) < 1e-9, (label, computed, expected)
    elif k == "text":
        assert expected["value"] in TXT[text_file] or computed == expected["value"], label
        if computed is not None:
            assert computed == expected["value"], (label, computed)


def main():
    counts = {}
    for t in TABLES:
        assert sum(1 for x in Q if x[0] == t) == 8, t
        assert sum(1 for x in Q if x[0] == t and x[2]["kind"] == "none") == 1, t
    out = []
    for i, (t, question, exp, comp, why, tables) in enumerate(Q, 1):
        half, files, txt = TABLES[t]
        verify(exp, comp, txt, f"{SET}-{i:02d}")
        out.append({"id": f"{SET}-{i:02d}", "half": half, "tables": tables or files, "text": txt,
                    "question": question, "expected": exp, "why": why})
        counts[half] = counts.get(half, 0) + 1
    # period answers re-derived
    assert T1.loc["Operating surplus", ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]].idxmax() == "Q3 2024"
    assert T2["Fee revenue ($)"].idxmin() == "Jun 2024"
    assert T3["on_time_pct"].idxmin() == "2023Q4"
    assert T6.loc["Professional services"].astype(float).idxmin() == "H2 2023"
    with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o) + "\n")
    with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
        for j, (t, turns) in enumerate(CONVS, 1):
            half, files, txt = TABLES[t]
            assert len(turns) == 5
            for k, (question, exp, comp) in enumerate(turns):
                verify(exp, comp, txt, f"{SET}-conv-{j} turn {k + 1}")
            tables = F4B if t == 4 else files
            f.write(json.dumps({"id": f"{SET}-conv-{j}", "half": half, "tables": tables, "text": txt,
                                "turns": [{"question": qq, "expected": e} for qq, e, _ in turns]}) + "\n")
    print("questions:", len(out), counts, "conversations:", len(CONVS))


if __name__ == "__main__":
    main()
