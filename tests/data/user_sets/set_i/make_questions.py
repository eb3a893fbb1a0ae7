"""Reads the six tables of set "i" back, recomputes every expected answer, checks the tables'
internal arithmetic and the text answers, then writes questions.jsonl and conversations.jsonl.

Run after build_tables.py:  python3.11 make_questions.py
"""
import json
import os
import re

import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "i"


def p(name):
    return os.path.join(HERE, name)


# ----------------------------------------------------------------------------- readers
def num(s):
    """'1,234' -> 1234.0 ; '(310)' -> -310.0 ; '**Total**' stays text."""
    if isinstance(s, (int, float)):
        return float(s)
    t = str(s).strip().replace(",", "")
    neg = t.startswith("(") and t.endswith(")")
    t = t.strip("()")
    v = float(t)
    return -v if neg else v


def read_csv_rows_as_metrics(path):
    """CSV with metrics as rows and periods as columns (values may be in brackets)."""
    df = pd.read_csv(path, dtype=str)
    first = df.columns[0]
    out = {}
    for _, r in df.iterrows():
        out[r[first].strip()] = {c: num(r[c]) for c in df.columns[1:]}
    return out


def read_pandas_export(path):
    """df.to_csv export: unnamed index of periods, metrics as columns -> {period: {metric: v}}."""
    df = pd.read_csv(path, index_col=0)
    return {str(i): {c: float(df.loc[i, c]) for c in df.columns} for i in df.index}


def read_markdown(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-+:?", c) for c in cells):
                continue
            rows.append(cells)
    header = rows[0]
    out = {}
    for r in rows[1:]:
        out[r[0].strip("*").strip()] = {header[j]: num(r[j]) for j in range(1, len(header))}
    return out


def read_xlsx(path, sheet):
    ws = load_workbook(path, data_only=True)[sheet]
    vals = [list(r) for r in ws.iter_rows(values_only=True)]
    header = vals[0]
    return {r[0]: {header[j]: float(r[j]) for j in range(1, len(header))} for r in vals[1:]}


def text_of(stem):
    with open(p(stem + ".txt"), encoding="utf-8") as f:
        return f.read()


F1, F2, F3 = ("skerry_ferries_2024_quarterly.csv", "millbrook_library_h1_2024.md",
              "harrow_hill_cider_quarterly.csv")
F4, F5, F6 = ("kestrel_valley_vets_fy2024.xlsx", "rowan_street_allotments_2024.md",
              "glenmoor_water_halfyear.xlsx")
T1 = read_csv_rows_as_metrics(p(F1))
T2 = read_markdown(p(F2))
T3 = read_pandas_export(p(F3))
T4P = read_xlsx(p(F4), "P&L")
T4B = read_xlsx(p(F4), "Balance sheet")
T5 = read_markdown(p(F5))
T6 = read_xlsx(p(F6), "Statement")
TXT = {f: text_of(os.path.splitext(f)[0]) for f in (F1, F2, F3, F4, F5, F6)}

HALF = {F1: "held", F2: "tune", F3: "held", F4: "tune", F5: "held", F6: "tune"}
SCALE = {F1: "thousand", F2: "", F3: "", F4: "thousand", F5: "", F6: "thousand"}
MONTHS = {m[:3]: m for m in ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]}


def month_name(col):          # 'Apr 2024' -> 'April 2024'
    m, y = col.split()
    return f"{MONTHS[m]} {y}"


def quarter_name(idx):        # '2023Q3' -> 'Q3 2023'
    return f"Q{idx[-1]} {idx[:4]}"


def pct(a, b):
    return 100.0 * a / b


# ----------------------------------------------------------------------------- internal checks
def close(a, b):
    return abs(a - b) < 1e-6


def check_tables():
    for c in T1["Total revenue"]:
        assert close(T1["Total revenue"][c], sum(T1[k][c] for k in
                     ("Passenger fares", "Vehicle fares", "Freight and parcels")))
        assert close(T1["Operating profit"][c], T1["Total revenue"][c] + sum(
            T1[k][c] for k in ("Fuel", "Crew wages", "Port fees and maintenance")))
        for k in ("Fuel", "Crew wages", "Port fees and maintenance"):
            assert T1[k][c] < 0, "expenses are shown in brackets"
    for c in T2["Visits"]:
        assert close(T2["Total loans"][c], T2["Physical loans"][c] + T2["E-book loans"][c])
    for per, r in T3.items():
        assert close(r["gross_profit_gbp"], r["revenue_gbp"] - r["cost_of_goods_gbp"]), per
    for c in ("FY2023", "FY2024"):
        P = {k: v[c] for k, v in T4P.items()}
        assert close(P["Total revenue"], P["Consultations"] + P["Surgery"] + P["Pharmacy and retail"])
        assert close(P["Gross profit"], P["Total revenue"] - P["Cost of drugs and supplies"])
        assert close(P["Net profit before tax"], P["Gross profit"] - P["Staff costs"]
                     - P["Rent and utilities"] - P["Other operating expenses"])
    for c in ("30 Jun 2023", "30 Jun 2024"):
        B = {k: v[c] for k, v in T4B.items()}
        assert close(B["Total assets"], B["Cash"] + B["Trade receivables"] + B["Inventory"]
                     + B["Equipment (net)"])
        assert close(B["Total liabilities"], B["Trade payables"] + B["Bank loan"])
        assert close(B["Equity"], B["Total assets"] - B["Total liabilities"])
    crops = [k for k in T5 if k != "Total"]
    months = [c for c in T5["Total"] if c != "Total"]
    for k in crops:
        assert close(T5[k]["Total"], sum(T5[k][m] for m in months)), k
    for m in months + ["Total"]:
        assert close(T5["Total"][m], sum(T5[k][m] for k in crops)), m
    assert close(T5["Total"]["Total"], sum(T5["Total"][m] for m in months))
    inc = ("Water charges", "Connection fees", "Provincial grant")
    exp = ("Treatment and chemicals", "Electricity for pumping", "Staff", "Pipe repairs")
    for c in T6["Surplus"]:
        assert close(T6["Total income"][c], sum(T6[k][c] for k in inc))
        assert close(T6["Total expenditure"][c], sum(T6[k][c] for k in exp))
        assert close(T6["Surplus"][c], T6["Total income"][c] + T6["Total expenditure"][c])
        for k in exp:
            assert T6[k][c] < 0, "expenses are negative numbers"


# ----------------------------------------------------------------------------- helpers
def N(value, f, scale=None):
    return {"kind": "number", "value": float(value), "scale": SCALE[f] if scale is None else scale}


def PCT(value):
    return {"kind": "number", "value": float(value), "scale": "percent"}


def PL(value):                 # plain ratio / per-unit / count without a scale word
    return {"kind": "number", "value": float(value), "scale": ""}


def TX(value):
    return {"kind": "text", "value": value}


def PER(value):
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}


def verify(f, expected, got):
    """got: recomputed value (number / string) or None for 'none' / text-from-paragraph."""
    k = expected["kind"]
    if k == "number":
        rounded = round(got, 2)
        assert abs(rounded - expected["value"]) < 1e-9, (expected, got)
    elif k == "period":
        assert got == expected["value"], (expected, got)
    elif k == "text":
        if got is not None:     # answer computed from the table (e.g. a row label)
            assert got == expected["value"], (expected, got)
        else:
            assert expected["value"] in TXT[f], (expected, f)
    else:
        assert got is None


def tables_for(f, sheets=None):
    if f.endswith(".xlsx"):
        return [{"file": f, "sheet": s} for s in sheets]
    return [{"file": f, "sheet": None}]


# ----------------------------------------------------------------------------- questions
Q = []   # (file, sheets, question, expected, recomputed, why)


def q(f, question, expected, got, why, sheets=None):
    verify(f, expected, got)
    Q.append((f, sheets, question, expected, why))


# --- 1. Skerry Isles ferries (held)
r = T1
q(F1, "What were vehicle fares in Q2 2024?", N(401, F1), r["Vehicle fares"]["Q2 2024"],
  "Lookup: Vehicle fares, Q2 2024 = 401 (EUR thousands).")
q(F1, "How much did Skerry Isles spend on fuel over the whole of 2024?", N(1387, F1),
  -sum(r["Fuel"].values()),
  "Sum of Fuel across Q1-Q4 2024: 310+352+398+327 = 1387; shown in brackets, answered as a positive spend.")
q(F1, "what was the operating margin in the third quarter of 2024", PCT(49.71),
  pct(r["Operating profit"]["Q3 2024"], r["Total revenue"]["Q3 2024"]),
  "Operating profit / total revenue, Q3 2024: 863 / 1736 = 49.71%.")
q(F1, "By what percentage did total revenue fall from Q3 to Q4 2024?", PCT(41.94),
  pct(r["Total revenue"]["Q3 2024"] - r["Total revenue"]["Q4 2024"], r["Total revenue"]["Q3 2024"]),
  "(1736 - 1008) / 1736 = 41.94%; asked as a fall, so given as a positive percentage.")
q(F1, "Which quarter had the highest crew wages?", PER("Q3 2024"),
  max(r["Crew wages"], key=lambda c: -r["Crew wages"][c]),
  "Crew wages (brackets) 285, 301, 344, 290: largest is Q3 2024 (344).")
q(F1, "Roughly how much passenger fare revenue did the company take per passenger in Q3 2024?",
  PL(7.36), r["Passenger fares"]["Q3 2024"] / r["Passengers carried (thousands)"]["Q3 2024"],
  "Passenger fares 938 (EUR thousands) / passengers 127.5 (thousands) = 7.36 EUR per passenger.")
q(F1, "Why were port fees and maintenance higher in Q4?", TX("MV Heather was dry-docked"), None,
  "Text: higher in the fourth quarter because the MV Heather was dry-docked for its five-yearly survey.")
q(F1, "What was the operating profit in Q1 2023?", NONE, None,
  "The table covers only the four quarters of 2024 and the text gives no 2023 figure.")

# --- 2. Millbrook library (tune)
r = T2
q(F2, "How many e-book loans did Millbrook have in March 2024?", N(2455, F2), r["E-book loans"]["Mar 2024"],
  "Lookup: E-book loans, Mar 2024 = 2,455.")
q(F2, "total loans in june?", N(10011, F2), r["Total loans"]["Jun 2024"],
  "Lookup: Total loans, Jun 2024 = 10,011.")
q(F2, "What was the average number of visits per month from January to June 2024?", N(8410.5, F2),
  sum(r["Visits"].values()) / 6,
  "(8412+7958+8730+7615+7902+9846) / 6 = 50463 / 6 = 8410.5.")
q(F2, "What share of June's loans were e-books?", PCT(27.40),
  pct(r["E-book loans"]["Jun 2024"], r["Total loans"]["Jun 2024"]),
  "E-book loans / total loans, Jun 2024: 2743 / 10011 = 27.40%.")
q(F2, "On average how many people came to each event in June?", PL(37.47),
  r["Event attendance"]["Jun 2024"] / r["Events held"]["Jun 2024"],
  "Event attendance / events held, Jun 2024: 1124 / 30 = 37.47.")
q(F2, "Which month had the fewest visits?", PER("April 2024"),
  month_name(min(r["Visits"], key=r["Visits"].get)),
  "Visits by month: lowest is Apr 2024 (7,615).")
q(F2, "Why did visits drop in April?", TX("heating system was replaced"), None,
  "Text: the branch closed for eight days in April 2024 while the heating system was replaced.")
q(F2, "How many visits did the library get in July 2024?", NONE, None,
  "The table runs January to June 2024 only; July is not given anywhere.")

# --- 3. Harrow Hill cider (held)
r = T3
q(F3, "What was Harrow Hill's revenue in 2023Q3?", N(67950, F3), r["2023Q3"]["revenue_gbp"],
  "Lookup: revenue_gbp, 2023Q3 = 67,950 GBP.")
q(F3, "How many members did the coop have at the end of Q2 2024?", N(170, F3), r["2024Q2"]["members"],
  "Lookup: members, 2024Q2 = 170.")
q(F3, "What was the gross margin in Q1 2024?", PCT(58.51),
  pct(r["2024Q1"]["gross_profit_gbp"], r["2024Q1"]["revenue_gbp"]),
  "gross_profit / revenue, 2024Q1: 24475 / 41830 = 58.51%.")
q(F3, "How many litres of cider were sold in total during 2023?", N(47000, F3),
  sum(r[k]["litres_sold"] for k in ("2023Q1", "2023Q2", "2023Q3", "2023Q4")),
  "8200+12400+15100+11300 = 47,000 litres.")
q(F3, "By what % did revenue grow between Q2 2023 and Q2 2024?", PCT(14.55),
  pct(r["2024Q2"]["revenue_gbp"] - r["2023Q2"]["revenue_gbp"], r["2023Q2"]["revenue_gbp"]),
  "(63920 - 55800) / 55800 = 14.55%.")
q(F3, "Which quarter had the highest gross profit?", PER("Q3 2023"),
  quarter_name(max(r, key=lambda k: r[k]["gross_profit_gbp"])),
  "gross_profit_gbp is largest in 2023Q3 (39,260).")
q(F3, "When did the price per litre go up?", TX("1 October 2023"), None,
  "Text: the price went up from 4.50 to 4.70 pounds on 1 October 2023.")
q(F3, "what was revenue in 2022 Q4?", NONE, None,
  "The export starts at 2023Q1; 2022Q4 is not in the table or the text.")

# --- 4. Kestrel Valley vets (tune)
P, B = T4P, T4B
q(F4, "What was surgery revenue in FY2024?", N(1402, F4), P["Surgery"]["FY2024"],
  "Lookup: P&L, Surgery, FY2024 = 1,402 (A$ thousands).", sheets=["P&L"])
q(F4, "How much cash did the practice have at 30 June 2024?", N(536, F4), B["Cash"]["30 Jun 2024"],
  "Lookup: Balance sheet, Cash, 30 Jun 2024 = 536 (A$ thousands).", sheets=["Balance sheet"])
q(F4, "What's the gross margin for FY2024?", PCT(73.29),
  pct(P["Gross profit"]["FY2024"], P["Total revenue"]["FY2024"]),
  "Gross profit / total revenue FY2024: 3067 / 4185 = 73.29%.", sheets=["P&L"])
q(F4, "By how much did staff costs increase from FY2023 to FY2024?", N(152, F4),
  P["Staff costs"]["FY2024"] - P["Staff costs"]["FY2023"],
  "1842 - 1690 = 152 (A$ thousands).", sheets=["P&L"])
q(F4, "What was net profit before tax in FY2024 as a percentage of equity at 30 June 2024?", PCT(41.04),
  pct(P["Net profit before tax"]["FY2024"], B["Equity"]["30 Jun 2024"]),
  "P&L net profit before tax FY2024 618 / balance-sheet equity 30 Jun 2024 1506 = 41.04%.",
  sheets=["P&L", "Balance sheet"])
lines = ("Consultations", "Surgery", "Pharmacy and retail")
q(F4, "Which revenue line grew fastest in percentage terms between FY2023 and FY2024?", TX("Surgery"),
  max(lines, key=lambda k: P[k]["FY2024"] / P[k]["FY2023"]),
  "Growth: consultations 175/1840 = 9.51%, surgery 137/1265 = 10.83%, pharmacy and retail 56/712 = 7.87%.",
  sheets=["P&L"])
q(F4, "What did the vets buy during FY2024 that pushed equipment up?", TX("digital X-ray unit"), None,
  "Text: during FY2024 the practice bought a digital X-ray unit, which is why equipment rose.",
  sheets=["Balance sheet"])
q(F4, "What was net profit before tax in FY2022?", NONE, None,
  "The P&L covers FY2023 and FY2024 only; FY2022 is not given.", sheets=["P&L"])

# --- 5. Rowan Street allotments (held)
r = T5
q(F5, "How many kg of runner beans were picked in August 2024?", N(88, F5), r["Runner beans"]["Aug 2024"],
  "Lookup: Runner beans, Aug 2024 = 88 kg.")
q(F5, "What was the total harvest for the season?", N(1225, F5), r["Total"]["Total"],
  "Lookup: Total row x Total column = 1,225 kg.")
q(F5, "What share of the total harvest was potatoes?", PCT(27.76),
  pct(r["Potatoes"]["Total"], r["Total"]["Total"]),
  "Potatoes total 340 / grand total 1225 = 27.76%.")
q(F5, "average monthly courgette harvest between June and October?", N(36.4, F5),
  sum(r["Courgettes"][m] for m in ("Jun 2024", "Jul 2024", "Aug 2024", "Sep 2024", "Oct 2024")) / 5,
  "(18+64+71+29+0) / 5 = 182 / 5 = 36.4 kg.")
q(F5, "How much did the tomato harvest fall from August to September 2024?", N(38, F5),
  r["Tomatoes"]["Aug 2024"] - r["Tomatoes"]["Sep 2024"],
  "112 - 74 = 38 kg; asked 'how much did it fall', so positive.")
q(F5, "Which month had the biggest overall harvest?", PER("August 2024"),
  month_name(max((c for c in r["Total"] if c != "Total"), key=lambda c: r["Total"][c])),
  "Total row: Aug 2024 = 448 kg is the largest month.")
q(F5, "What hit the tomato crop in late September?", TX("blight"), None,
  "Text: the tomato crop was hit by blight in late September.")
q(F5, "How many kilos of carrots did the allotments produce in July 2024?", NONE, None,
  "Carrots are not one of the crops in the table and the text does not mention them.")

# --- 6. Glenmoor water board (tune)
r = T6
S = ["Statement"]
q(F6, "What were water charges in H1 2024?", N(1598, F6), r["Water charges"]["H1 2024"],
  "Lookup: Water charges, H1 2024 = 1,598 (CAD thousands).", sheets=S)
q(F6, "How much was spent on electricity for pumping in 2024?", N(645, F6),
  -(r["Electricity for pumping"]["H1 2024"] + r["Electricity for pumping"]["H2 2024"]),
  "H1 2024 + H2 2024: 301 + 344 = 645; negatives in the sheet, answered as a positive spend.", sheets=S)
q(F6, "What was Glenmoor's surplus for the full calendar year 2023?", N(571, F6),
  r["Surplus"]["H1 2023"] + r["Surplus"]["H2 2023"],
  "323 + 248 = 571 (CAD thousands).", sheets=S)
q(F6, "What's the % change in total income from H2 2023 to H2 2024?", PCT(9.59),
  pct(r["Total income"]["H2 2024"] - r["Total income"]["H2 2023"], r["Total income"]["H2 2023"]),
  "(2035 - 1857) / 1857 = 9.59%.", sheets=S)
q(F6, "What share of total expenditure in H2 2024 went on staff?", PCT(39.39),
  pct(r["Staff"]["H2 2024"], r["Total expenditure"]["H2 2024"]),
  "655 / 1663 = 39.39% (both negative in the sheet).", sheets=S)
q(F6, "Which half-year had the highest pipe repair costs?", PER("H2 2023"),
  min(r["Pipe repairs"], key=r["Pipe repairs"].get),
  "Pipe repairs -176, -268, -149, -233: largest spend is H2 2023 (268).", sheets=S)
q(F6, "Who is the general manager of the water board?", TX("Colette Arsenault"), None,
  "Text: General manager Colette Arsenault.", sheets=S)
q(F6, "What was the surplus in H1 2022?", NONE, None,
  "The statement starts at H1 2023; H1 2022 is not given.", sheets=S)



# ----------------------------------------------------------------------------- conversations
C = []


def conv(f, turns, sheets=None):
    out = []
    for question, expected, got in turns:
        verify(f, expected, got)
        out.append({"question": question, "expected": expected})
    C.append((f, sheets, out))


r = T1
conv(F1, [
    ("What were passenger fares in Q1 2024?", N(412, F1), r["Passenger fares"]["Q1 2024"]),
    ("And in Q3?", N(938, F1), r["Passenger fares"]["Q3 2024"]),
    ("How much did they grow between the two?", N(526, F1),
     r["Passenger fares"]["Q3 2024"] - r["Passenger fares"]["Q1 2024"]),
    ("In percentage terms?", PCT(127.67),
     pct(r["Passenger fares"]["Q3 2024"] - r["Passenger fares"]["Q1 2024"], r["Passenger fares"]["Q1 2024"])),
    ("What share of Q3's total revenue did they make up?", PCT(54.03),
     pct(r["Passenger fares"]["Q3 2024"], r["Total revenue"]["Q3 2024"])),
])
r = T2
conv(F2, [
    ("How many physical loans did Millbrook record in February 2024?", N(5884, F2),
     r["Physical loans"]["Feb 2024"]),
    ("And e-book loans that month?", N(2198, F2), r["E-book loans"]["Feb 2024"]),
    ("So what's the combined total?", N(8082, F2), r["Total loans"]["Feb 2024"]),
    ("How many more total loans were there in May?", N(461, F2),
     r["Total loans"]["May 2024"] - r["Total loans"]["Feb 2024"]),
    ("What is that as a percentage increase?", PCT(5.70),
     pct(r["Total loans"]["May 2024"] - r["Total loans"]["Feb 2024"], r["Total loans"]["Feb 2024"])),
])
r = T3
conv(F3, [
    ("How many litres did Harrow Hill sell in the first quarter of 2024?", N(8900, F3),
     r["2024Q1"]["litres_sold"]),
    ("And in the same quarter a year earlier?", N(8200, F3), r["2023Q1"]["litres_sold"]),
    ("What's the percentage increase?", PCT(8.54),
     pct(r["2024Q1"]["litres_sold"] - r["2023Q1"]["litres_sold"], r["2023Q1"]["litres_sold"])),
    ("What about revenue over the same comparison?", PCT(13.36),
     pct(r["2024Q1"]["revenue_gbp"] - r["2023Q1"]["revenue_gbp"], r["2023Q1"]["revenue_gbp"])),
    ("So what was revenue per litre in 2024Q1?", PL(4.70),
     r["2024Q1"]["revenue_gbp"] / r["2024Q1"]["litres_sold"]),
])
B = T4B
conv(F4, [
    ("What were total assets at 30 June 2023?", N(1866, F4), B["Total assets"]["30 Jun 2023"]),
    ("And a year later?", N(2207, F4), B["Total assets"]["30 Jun 2024"]),
    ("How much did they grow?", N(341, F4), B["Total assets"]["30 Jun 2024"] - B["Total assets"]["30 Jun 2023"]),
    ("What about total liabilities, how did they change over the year?", N(-63, F4),
     B["Total liabilities"]["30 Jun 2024"] - B["Total liabilities"]["30 Jun 2023"]),
    ("What share of total assets did liabilities represent at 30 June 2024?", PCT(31.76),
     pct(B["Total liabilities"]["30 Jun 2024"], B["Total assets"]["30 Jun 2024"])),
], sheets=["Balance sheet"])
r = T5
conv(F5, [
    ("How many kilos of soft fruit were picked in July 2024?", N(81, F5), r["Soft fruit"]["Jul 2024"]),
    ("And onions?", N(26, F5), r["Onions"]["Jul 2024"]),
    ("What about across the whole season for onions?", N(98, F5), r["Onions"]["Total"]),
    ("What share of the total harvest is that?", PCT(8.0), pct(r["Onions"]["Total"], r["Total"]["Total"])),
    ("And soft fruit's share of the season total?", PCT(13.39),
     pct(r["Soft fruit"]["Total"], r["Total"]["Total"])),
])
r = T6
conv(F6, [
    ("What was the surplus in H1 2023?", N(323, F6), r["Surplus"]["H1 2023"]),
    ("And in H1 2024?", N(411, F6), r["Surplus"]["H1 2024"]),
    ("How much did it improve by?", N(88, F6), r["Surplus"]["H1 2024"] - r["Surplus"]["H1 2023"]),
    ("In percentage terms?", PCT(27.24),
     pct(r["Surplus"]["H1 2024"] - r["Surplus"]["H1 2023"], r["Surplus"]["H1 2023"])),
    ("What was the surplus as a share of total income in H1 2024?", PCT(21.01),
     pct(r["Surplus"]["H1 2024"], r["Total income"]["H1 2024"])),
], sheets=["Statement"])


# ----------------------------------------------------------------------------- write
def stem_txt(f):
    return os.path.splitext(f)[0] + ".txt"


def main():
    check_tables()
    per_table = {}
    for f, *_ in Q:
        per_table[f] = per_table.get(f, 0) + 1
    assert all(n == 8 for n in per_table.values()) and len(per_table) == 6, per_table
    for f in per_table:
        assert sum(1 for x in Q if x[0] == f and x[3]["kind"] == "none") == 1, f
    order = [F1, F2, F3, F4, F5, F6]
    Qs = sorted(Q, key=lambda x: order.index(x[0]))   # stable: keeps written order within a table
    with open(p("questions.jsonl"), "w", encoding="utf-8") as out:
        for n, (f, sheets, question, expected, why) in enumerate(Qs, 1):
            out.write(json.dumps({
                "id": f"{SET}-{n:02d}", "half": HALF[f], "tables": tables_for(f, sheets),
                "text": stem_txt(f), "question": question, "expected": expected, "why": why,
            }, ensure_ascii=False) + "\n")
    with open(p("conversations.jsonl"), "w", encoding="utf-8") as out:
        for n, (f, sheets, turns) in enumerate(C, 1):
            assert len(turns) == 5
            out.write(json.dumps({
                "id": f"{SET}-conv-{n}", "half": HALF[f], "tables": tables_for(f, sheets),
                "text": stem_txt(f), "turns": turns,
            }, ensure_ascii=False) + "\n")
    kinds = {}
    for x in Qs:
        kinds[x[3]["kind"]] = kinds.get(x[3]["kind"], 0) + 1
    halves = {}
    for x in Qs:
        halves[HALF[x[0]]] = halves.get(HALF[x[0]], 0) + 1
    print(f"{len(Qs)} questions, {len(C)} conversations; kinds {kinds}; halves {halves}")


if __name__ == "__main__":
    main()
