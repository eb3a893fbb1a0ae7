"""Reads the six tables back, recomputes every expected answer, checks it against the
hand-written value, checks text answers against the .txt files, checks each table's
internal arithmetic, and writes questions.jsonl and conversations.jsonl."""
import json
import os
import re

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "n"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """'1,928' -> 1928.0, '(1,928)' -> -1928.0, '+23' -> 23.0"""
    s = str(s).strip()
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()").replace(",", "").replace("+", "")
    v = float(s)
    return -v if neg else v


def read_md(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-{3,}:?", c) for c in cells):
                continue
            rows.append(cells)
    return rows[0], rows[1:]


def read_xlsx(path, sheet):
    ws = openpyxl.load_workbook(path, data_only=True)[sheet]
    rows = list(ws.iter_rows(values_only=True))
    header = [str(h) if h is not None else "" for h in rows[1]]
    data = {}
    for r in rows[2:]:
        if r[0] is None or all(v is None for v in r[1:]):
            continue
        data[r[0]] = {header[i]: float(r[i]) for i in range(1, len(header)) if r[i] is not None}
    return header[1:], data


# ---------------------------------------------------------------- load
T = {}
df1 = pd.read_csv(p("harbor_lane_quarterly_2024.csv"), dtype=str).set_index("USD thousands")
T1 = {r: {c: num(df1.loc[r, c]) for c in df1.columns} for r in df1.index}

h2, rows2 = read_md(p("northgate_gym_monthly_h1_2025.md"))
T2 = {r[0]: {h2[i]: (num(r[i]) if r[i] != "-" else None) for i in range(1, len(h2))} for r in rows2}

df3 = pd.read_csv(p("kestrel_quarterly_metrics.csv"), index_col=0)
T3 = {q: df3.loc[q].to_dict() for q in df3.index}

_, PL = read_xlsx(p("alder_finch_financials.xlsx"), "P&L")
_, BS = read_xlsx(p("alder_finch_financials.xlsx"), "Balance Sheet")

h5, rows5 = read_md(p("eastbrook_league_autumn_2025.md"))
T5 = {r[1]: {h5[i]: num(r[i]) for i in range(2, len(h5))} for r in rows5}

h6cols, T6 = read_xlsx(p("marisol_solar_halfyear.xlsx"), "Half-year results")

TEXT = {stem: open(p(stem + ".txt"), encoding="utf-8").read() for stem in [
    "harbor_lane_quarterly_2024", "northgate_gym_monthly_h1_2025", "kestrel_quarterly_metrics",
    "alder_finch_financials", "eastbrook_league_autumn_2025", "marisol_solar_halfyear"]}

# ---------------------------------------------------------------- internal arithmetic checks
Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
for q in Q:
    assert T1["Revenue"][q] + T1["Cost of goods sold"][q] == T1["Gross profit"][q]
    assert (T1["Gross profit"][q] + T1["Selling & marketing"][q] + T1["General & administrative"][q]
            == T1["Operating income"][q])

M = ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025"]
prev = 1200  # members at 31 Dec 2024 (not shown), used only to check the roll-forward is smooth
for m in M:
    a = T2["Active members (end of month)"][m]
    assert a == prev + T2["New memberships"][m] - T2["Cancelled memberships"][m]
    prev = a
    assert T2["Day-pass revenue (EUR)"][m] + T2["Membership revenue (EUR)"][m] == T2["Total revenue (EUR)"][m]
for r, vals in T2.items():
    if vals["H1 2025 total"] is not None:
        assert sum(vals[m] for m in M) == vals["H1 2025 total"], r

for q, r in T3.items():
    assert round(r["revenue_usd_m"] - r["cost_of_sales_usd_m"], 2) == r["gross_profit_usd_m"], q
    assert round(r["gross_profit_usd_m"] - r["operating_expenses_usd_m"], 2) == r["operating_income_usd_m"], q

for y in ["2022", "2023", "2024"]:
    assert PL["Revenue"][y] + PL["Cost of sales"][y] == PL["Gross profit"][y]
    assert PL["Gross profit"][y] + PL["Operating expenses"][y] == PL["Operating profit"][y]
    assert PL["Operating profit"][y] + PL["Interest expense"][y] == PL["Profit before tax"][y]
    assert PL["Profit before tax"][y] + PL["Income tax"][y] == PL["Net profit"][y]
    assert (BS["Cash"][y] + BS["Trade receivables"][y] + BS["Inventory"][y]
            + BS["Property, plant and equipment"][y] == BS["Total assets"][y])
    assert BS["Trade payables"][y] + BS["Bank loans"][y] == BS["Total liabilities"][y]
    assert BS["Total liabilities"][y] + BS["Equity"][y] == BS["Total liabilities and equity"][y]
    assert BS["Total assets"][y] == BS["Total liabilities and equity"][y]

for tm, r in T5.items():
    assert r["Won"] + r["Drawn"] + r["Lost"] == r["Played"]
    assert r["Goals for"] - r["Goals against"] == r["Goal difference"]
    assert 3 * r["Won"] + r["Drawn"] == r["Points"]
assert sum(r["Won"] for r in T5.values()) == sum(r["Lost"] for r in T5.values())
assert sum(r["Drawn"] for r in T5.values()) % 2 == 0
assert sum(r["Goals for"] for r in T5.values()) == sum(r["Goals against"] for r in T5.values())
assert sum(r["Played"] for r in T5.values()) == 6 * 5 * 2  # double round robin of 6 teams
pts = [r["Points"] for r in T5.values()]
assert pts == sorted(pts, reverse=True)

for r, vals in T6.items():
    assert vals["H1 2024"] + vals["H2 2024"] == vals["Full year 2024"], r
for h in h6cols:
    assert T6["Revenue"][h] + T6["Cost of installations"][h] == T6["Gross profit"][h]
    assert (T6["Gross profit"][h] + T6["Employee costs"][h] + T6["Other operating expenses"][h]
            == T6["EBITDA"][h])

# ---------------------------------------------------------------- helpers
def pct(a, b):
    return round(a / b * 100, 2)


def chg_pct(new, old):
    return round((new - old) / old * 100, 2)


def N(value, scale):
    return {"kind": "number", "value": float(value), "scale": scale}


def check(expected, computed=None, stem=None):
    k = expected["kind"]
    if k == "number":
        assert computed is not None
        assert abs(round(computed, 2) - expected["value"]) < 1e-9, (expected, computed)
    elif k == "period":
        assert computed == expected["value"], (expected, computed)
    elif k == "text":
        if computed is not None:
            assert computed == expected["value"], (expected, computed)
        else:
            assert expected["value"] in TEXT[stem], expected
    elif k == "none":
        assert computed is None
    return expected


TABLES = {
    1: ([{"file": "harbor_lane_quarterly_2024.csv", "sheet": None}], "harbor_lane_quarterly_2024", "held"),
    2: ([{"file": "northgate_gym_monthly_h1_2025.md", "sheet": None}], "northgate_gym_monthly_h1_2025", "tune"),
    3: ([{"file": "kestrel_quarterly_metrics.csv", "sheet": None}], "kestrel_quarterly_metrics", "held"),
    4: ([{"file": "alder_finch_financials.xlsx", "sheet": "P&L"}], "alder_finch_financials", "tune"),
    5: ([{"file": "eastbrook_league_autumn_2025.md", "sheet": None}], "eastbrook_league_autumn_2025", "held"),
    6: ([{"file": "marisol_solar_halfyear.xlsx", "sheet": "Half-year results"}], "marisol_solar_halfyear", "tune"),
}
BS_T = [{"file": "alder_finch_financials.xlsx", "sheet": "Balance Sheet"}]
BOTH_T = [{"file": "alder_finch_financials.xlsx", "sheet": "P&L"}, BS_T[0]]

questions = []  # (table, tables_override, question, expected, computed, why)


def q(t, question, expected, computed, why, tables=None):
    questions.append((t, tables, question, expected, computed, why))


def month_label(m):  # 'Mar 2025' -> 'March 2025'
    return pd.to_datetime(m, format="%b %Y").strftime("%B %Y")


def qtr_label(pq):  # '2023Q3' -> 'Q3 2023'
    return f"Q{pq[-1]} {pq[:4]}"


# ---------------------------------------------------------------- table 1: Harbor Lane (held)
q(1, "How much did Harbor Lane spend on general and administrative costs in Q2 2024?",
  N(760, "thousand"), -T1["General & administrative"]["Q2 2024"],
  "G&A Q2 2024 shown as (760) in USD thousands; asked as spend, so positive 760")
q(1, "what was revenue in the third quarter?",
  N(5410, "thousand"), T1["Revenue"]["Q3 2024"], "Revenue, Q3 2024 column, USD thousands")
q(1, "By what % did operating income grow from Q1 to Q4 2024?",
  N(39.04, "percent"), chg_pct(T1["Operating income"]["Q4 2024"], T1["Operating income"]["Q1 2024"]),
  "(2,137 - 1,537) / 1,537 * 100 = 39.04")
q(1, "What was the gross margin in Q4 2024?",
  N(61.0, "percent"), pct(T1["Gross profit"]["Q4 2024"], T1["Revenue"]["Q4 2024"]),
  "3,828 / 6,275 * 100 = 61.00")
q(1, "Total revenue for 2024?",
  N(21640, "thousand"), sum(T1["Revenue"][c] for c in Q), "4,820 + 5,135 + 5,410 + 6,275 = 21,640")
q(1, "Which quarter had the highest selling and marketing spend?",
  {"kind": "period", "value": "Q4 2024"}, max(Q, key=lambda c: -T1["Selling & marketing"][c]),
  "S&M (shown in brackets) largest in Q4 2024: 890")
q(1, "Which agency ran the TV campaign that pushed up Q4 marketing costs?",
  {"kind": "text", "value": "Brightwater Media"}, None, "stated in the text")
q(1, "What was Harbor Lane's revenue in Q1 2023?",
  {"kind": "none"}, None, "table covers only the four quarters of 2024; text gives no 2023 figure")

# ---------------------------------------------------------------- table 2: Northgate gym (tune)
q(2, "How many new memberships did Northgate sell in March 2025?",
  N(94, ""), T2["New memberships"]["Mar 2025"], "New memberships, Mar 2025")
q(2, "What was the membership revenue in May?",
  N(78588, ""), T2["Membership revenue (EUR)"]["May 2025"], "Membership revenue (EUR), May 2025; plain euros")
q(2, "How much did day pass sales fall from March to April?",
  N(246, ""), T2["Day passes sold"]["Mar 2025"] - T2["Day passes sold"]["Apr 2025"],
  "1,318 - 1,072 = 246 passes; asked as a fall, so positive")
q(2, "what's the average monthly membership revenue across jan to june",
  N(77506.33, ""), sum(T2["Membership revenue (EUR)"][m] for m in M) / 6,
  "465,038 / 6 = 77,506.33 euros")
q(2, "What share of total revenue in the first half of 2025 came from day passes?",
  N(21.39, "percent"), pct(T2["Day-pass revenue (EUR)"]["H1 2025 total"], T2["Total revenue (EUR)"]["H1 2025 total"]),
  "126,544 / 591,582 * 100 = 21.39")
q(2, "Which month had the most membership cancellations?",
  {"kind": "period", "value": "May 2025"},
  month_label(max(M, key=lambda m: T2["Cancelled memberships"][m])),
  "Cancelled memberships peak at 60 in May 2025")
q(2, "Why did the gym raise the price of a day pass?",
  {"kind": "text", "value": "higher energy costs"}, None, "stated in the text")
q(2, "How many day passes were sold in July 2025?",
  {"kind": "none"}, None, "table runs January to June 2025 only")

# ---------------------------------------------------------------- table 3: Kestrel (held)
q(3, "What was Kestrel's revenue in Q4 2023?",
  N(14.6, "million"), T3["2023Q4"]["revenue_usd_m"], "revenue_usd_m for 2023Q4")
q(3, "how many units did they ship in the first quarter of 2024",
  N(20150, ""), T3["2024Q1"]["units_shipped"], "units_shipped for 2024Q1")
q(3, "What was total revenue for calendar 2023?",
  N(52.95, "million"), sum(T3[k]["revenue_usd_m"] for k in ["2023Q1", "2023Q2", "2023Q3", "2023Q4"]),
  "12.40 + 13.15 + 12.80 + 14.60 = 52.95 (USD millions)")
q(3, "What was the operating margin in Q4 2023?",
  N(17.47, "percent"), pct(T3["2023Q4"]["operating_income_usd_m"], T3["2023Q4"]["revenue_usd_m"]),
  "2.55 / 14.60 * 100 = 17.47")
q(3, "On average, how much revenue did Kestrel make per unit shipped in 2024Q2, in dollars?",
  N(693.18, ""), T3["2024Q2"]["revenue_usd_m"] * 1e6 / T3["2024Q2"]["units_shipped"],
  "15.25 million USD / 22,000 units = 693.18 USD per unit (per-unit figure, plain dollars)")
q(3, "Which quarter had the lowest gross margin?",
  {"kind": "period", "value": "Q3 2023"},
  qtr_label(min(T3, key=lambda k: T3[k]["gross_profit_usd_m"] / T3[k]["revenue_usd_m"])),
  "gross profit / revenue: 2023Q3 = 5.08 / 12.80 = 39.69%, the lowest of the six quarters")
q(3, "Why did revenue dip in the third quarter of 2023?",
  {"kind": "text", "value": "two-week shutdown"}, None,
  "stated in the text")
q(3, "What was Kestrel's revenue in Q3 2024?",
  {"kind": "none"}, None, "data ends at 2024Q2; text gives no Q3 2024 figure")

# ---------------------------------------------------------------- table 4: Alder & Finch (tune)
q(4, "How much cash did Alder & Finch have at the end of 2024?",
  N(3105, "thousand"), BS["Cash"]["2024"], "Balance Sheet, Cash, 2024 (EUR thousands)", tables=BS_T)
q(4, "What was net profit in 2023?",
  N(1891, "thousand"), PL["Net profit"]["2023"], "P&L, Net profit, 2023")
q(4, "By what percentage did revenue grow in 2024?",
  N(7.85, "percent"), chg_pct(PL["Revenue"]["2024"], PL["Revenue"]["2023"]),
  "(21,300 - 19,750) / 19,750 * 100 = 7.85")
q(4, "I'm trying to work out how well the owners' money is being used - what was the return on equity in 2024, taking net profit over the equity at the end of the year?",
  N(19.33, "percent"), pct(PL["Net profit"]["2024"], BS["Equity"]["2024"]),
  "2,258 / 11,680 * 100 = 19.33 (P&L net profit, Balance Sheet equity)", tables=BOTH_T)
q(4, "How much did the bank loans go down between 2022 and 2024?",
  N(1600, "thousand"), BS["Bank loans"]["2022"] - BS["Bank loans"]["2024"],
  "5,200 - 3,600 = 1,600; asked as a fall, so positive", tables=BS_T)
q(4, "In which year was interest expense highest?",
  {"kind": "period", "value": "2022"}, max(["2022", "2023", "2024"], key=lambda y: -PL["Interest expense"][y]),
  "interest expense (negative in table) largest in 2022: 310")
q(4, "Which retailer sells the new modular shelving range?",
  {"kind": "text", "value": "Hausform"}, None, "stated in the text")
q(4, "What was Alder & Finch's revenue in 2021?",
  {"kind": "none"}, None, "table starts at 2022; text gives no 2021 revenue")

# ---------------------------------------------------------------- table 5: Eastbrook league (held)
q(5, "How many points did Old Mill Rovers finish on?",
  N(18, ""), T5["Old Mill Rovers"]["Points"], "Points column")
q(5, "how many games did harbour athletic loose this season?",
  N(5, ""), T5["Harbour Athletic"]["Lost"], "Lost column")
q(5, "How many goals per game did Red Lions score on average?",
  N(4.1, ""), T5["Red Lions"]["Goals for"] / T5["Red Lions"]["Played"], "41 goals / 10 games = 4.10")
q(5, "How many goals were scored in the whole league this season?",
  N(174, ""), sum(r["Goals for"] for r in T5.values()),
  "sum of Goals for = 41+36+33+28+21+15 = 174 (equals sum of Goals against; not both added)")
q(5, "What percentage of their matches did the Red Lions win?",
  N(70.0, "percent"), pct(T5["Red Lions"]["Won"], T5["Red Lions"]["Played"]), "7 / 10 * 100 = 70.00")
q(5, "Which team conceded the fewest goals?",
  {"kind": "text", "value": "Red Lions"}, min(T5, key=lambda t: T5[t]["Goals against"]), "Goals against minimum 18")
q(5, "Who was the top scorer in the league?",
  {"kind": "text", "value": "Tomas Reyes"}, None, "stated in the text")
q(5, "How many points did Red Lions get in the spring 2025 season?",
  {"kind": "none"}, None, "table is the autumn 2025 season only; text has no spring 2025 results")

# ---------------------------------------------------------------- table 6: Marisol Solar (tune)
q(6, "How many installations did Marisol complete in the first half of 2025?",
  N(471, ""), T6["Installations completed (number)"]["H1 2025"], "Installations completed, H1 2025")
q(6, "What was the average revenue per installation in H1 2025, in dollars?",
  N(21082.8, ""), T6["Revenue"]["H1 2025"] * 1000 / T6["Installations completed (number)"]["H1 2025"],
  "9,930 AUD thousands = 9,930,000 AUD / 471 = 21,082.80 AUD per installation (per-unit, plain dollars)")
q(6, "What was the gross margin for the full year 2024?",
  N(39.54, "percent"), pct(T6["Gross profit"]["Full year 2024"], T6["Revenue"]["Full year 2024"]),
  "7,455 / 18,855 * 100 = 39.54")
q(6, "By how much did EBITDA grow from H1 2024 to H1 2025, in percent?",
  N(41.45, "percent"), chg_pct(T6["EBITDA"]["H1 2025"], T6["EBITDA"]["H1 2024"]),
  "(1,655 - 1,170) / 1,170 * 100 = 41.45")
q(6, "What share of 2024 revenue was earned in the second half of the year?",
  N(54.18, "percent"), pct(T6["Revenue"]["H2 2024"], T6["Revenue"]["Full year 2024"]),
  "10,215 / 18,855 * 100 = 54.18")
q(6, "Which half-year had the highest employee costs?",
  {"kind": "period", "value": "H1 2025"},
  max(["H1 2024", "H2 2024", "H1 2025"], key=lambda h: -T6["Employee costs"][h]),
  "employee costs (negative in table) largest in H1 2025: 1,655; full-year column excluded as it is not a half")
q(6, "When did the state battery rebate start?",
  {"kind": "text", "value": "1 July 2024"}, None, "stated in the text")
q(6, "What was Marisol's revenue in H2 2025?",
  {"kind": "none"}, None, "latest period is H1 2025; text gives no H2 2025 revenue")

# ---------------------------------------------------------------- conversations
convs = []  # (table, tables_override, [(question, expected, computed)])
C1 = [
    ("What was gross profit in Q1 2024?", N(2892, "thousand"), T1["Gross profit"]["Q1 2024"]),
    ("And in Q3?", N(3246, "thousand"), T1["Gross profit"]["Q3 2024"]),
    ("How much did it change?", N(354, "thousand"), T1["Gross profit"]["Q3 2024"] - T1["Gross profit"]["Q1 2024"]),
    ("In percentage terms?", N(12.24, "percent"), chg_pct(T1["Gross profit"]["Q3 2024"], T1["Gross profit"]["Q1 2024"])),
    ("What about operating income?", N(15.29, "percent"),
     chg_pct(T1["Operating income"]["Q3 2024"], T1["Operating income"]["Q1 2024"])),
]
C2 = [
    ("How many active members did Northgate have at the end of February?", N(1278, ""),
     T2["Active members (end of month)"]["Feb 2025"]),
    ("And at the end of June?", N(1363, ""), T2["Active members (end of month)"]["Jun 2025"]),
    ("How much did that grow?", N(85, ""),
     T2["Active members (end of month)"]["Jun 2025"] - T2["Active members (end of month)"]["Feb 2025"]),
    ("In percentage terms?", N(6.65, "percent"),
     chg_pct(T2["Active members (end of month)"]["Jun 2025"], T2["Active members (end of month)"]["Feb 2025"])),
    ("How many memberships were cancelled in that last month?", N(47, ""), T2["Cancelled memberships"]["Jun 2025"]),
]
C3 = [
    ("What was operating income in 2023Q2?", N(2.17, "million"), T3["2023Q2"]["operating_income_usd_m"]),
    ("And a year later?", N(2.7, "million"), T3["2024Q2"]["operating_income_usd_m"]),
    ("How much did it change?", N(0.53, "million"),
     T3["2024Q2"]["operating_income_usd_m"] - T3["2023Q2"]["operating_income_usd_m"]),
    ("In percentage terms?", N(24.42, "percent"),
     chg_pct(T3["2024Q2"]["operating_income_usd_m"], T3["2023Q2"]["operating_income_usd_m"])),
    ("What share of that quarter's revenue was it?", N(17.7, "percent"),
     pct(T3["2024Q2"]["operating_income_usd_m"], T3["2024Q2"]["revenue_usd_m"])),
]
C4 = [
    ("What was Alder & Finch's operating profit in 2022?", N(2540, "thousand"), PL["Operating profit"]["2022"]),
    ("And in 2024?", N(3466, "thousand"), PL["Operating profit"]["2024"]),
    ("How much did it grow?", N(926, "thousand"), PL["Operating profit"]["2024"] - PL["Operating profit"]["2022"]),
    ("In percentage terms?", N(36.46, "percent"), chg_pct(PL["Operating profit"]["2024"], PL["Operating profit"]["2022"])),
    ("What about net profit?", N(44.65, "percent"), chg_pct(PL["Net profit"]["2024"], PL["Net profit"]["2022"])),
]
C5 = [
    ("How many goals did Northside United score?", N(21, ""), T5["Northside United"]["Goals for"]),
    ("And how many did they concede?", N(37, ""), T5["Northside United"]["Goals against"]),
    ("So what's their goal difference?", N(-16, ""), T5["Northside United"]["Goal difference"]),
    ("What about Harbour Athletic?", N(-3, ""), T5["Harbour Athletic"]["Goals for"] - T5["Harbour Athletic"]["Goals against"]),
    ("How many points apart did those two teams finish?", N(5, ""),
     T5["Harbour Athletic"]["Points"] - T5["Northside United"]["Points"]),
]
C6 = [
    ("What were other operating expenses in H2 2024?", N(805, "thousand"), -T6["Other operating expenses"]["H2 2024"]),
    ("And in H1 2025?", N(760, "thousand"), -T6["Other operating expenses"]["H1 2025"]),
    ("How much did they fall?", N(45, "thousand"),
     T6["Other operating expenses"]["H1 2025"] - T6["Other operating expenses"]["H2 2024"]),
    ("What about employee costs over the same two periods, how much did they change?", N(95, "thousand"),
     -T6["Employee costs"]["H1 2025"] + T6["Employee costs"]["H2 2024"]),
    ("What share of H1 2025 revenue did employee costs take up?", N(16.67, "percent"),
     pct(-T6["Employee costs"]["H1 2025"], T6["Revenue"]["H1 2025"])),
]
convs = [(1, None, C1), (2, None, C2), (3, None, C3), (4, None, C4), (5, None, C5), (6, None, C6)]

# ---------------------------------------------------------------- verify and write
assert len(questions) == 48
out = []
for i, (t, tov, question, exp, comp, why) in enumerate(questions, 1):
    tables, stem, half = TABLES[t]
    check(exp, comp, stem)
    out.append({"id": f"{SET}-{i:02d}", "half": half, "tables": tov or tables, "text": stem + ".txt",
                "question": question, "expected": exp, "why": why})
for t in range(1, 7):
    qs = [o for o in out if o["text"] == TABLES[t][1] + ".txt"]
    assert len(qs) == 8 and sum(o["expected"]["kind"] == "none" for o in qs) == 1, t
with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
    for o in out:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")

cout = []
for k, (t, tov, turns) in enumerate(convs, 1):
    tables, stem, half = TABLES[t]
    assert len(turns) == 5
    for question, exp, comp in turns:
        check(exp, comp, stem)
    cout.append({"id": f"{SET}-conv-{k}", "half": half, "tables": tov or tables, "text": stem + ".txt",
                 "turns": [{"question": qq, "expected": e} for qq, e, _ in turns]})
with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
    for o in cout:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")

from collections import Counter
print("questions:", Counter(o["half"] for o in out), "conversations:", Counter(o["half"] for o in cout))
print("kinds:", Counter(o["expected"]["kind"] for o in out))
