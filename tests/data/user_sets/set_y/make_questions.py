"""Reads the six tables back, checks their arithmetic, recomputes every expected number and writes
questions.jsonl and conversations.jsonl for set "y"."""
import json
import os
import re

import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "y"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """'1,234' -> 1234, '(520)' -> -520, '+15' -> 15."""
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def read_md(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        rows.append(cells)
    return rows[0], rows[1:]


def read_xlsx(path):
    wb = load_workbook(path, data_only=True)
    out = {}
    for ws in wb.worksheets:
        vals = list(ws.iter_rows(values_only=True))
        hdr = vals[0]
        out[ws.title] = {r[0]: {hdr[i]: r[i] for i in range(1, len(hdr))} for r in vals[1:]}
    return out


def txt(name):
    return open(p(name), encoding="utf-8").read()


# ------------------------------------------------------------------ load
h = pd.read_csv(p("harbor_lane_quarterly.csv"), dtype=str, index_col=0)
T1 = {r: {c: num(h.loc[r, c]) for c in h.columns} for r in h.index}
Q1C = list(h.columns)

hdr2, body2 = read_md(p("pinecrest_inn_monthly.md"))
T2 = {r[0]: {hdr2[i]: num(r[i]) for i in range(1, len(hdr2))} for r in body2}
M = hdr2[1:]

b = pd.read_csv(p("brightwave_metrics.csv"), index_col=0)
T3 = {c: {i: float(b.loc[i, c]) for i in b.index} for c in b.columns}

T4 = read_xlsx(p("tallis_home_goods.xlsx"))
PL, BS = T4["P&L"], T4["Balance sheet"]

hdr5, body5 = read_md(p("sunday_league_2024.md"))
T5 = {r[1]: {hdr5[i]: num(r[i]) for i in range(len(hdr5)) if i != 1} for r in body5}

T6 = read_xlsx(p("northfield_dental_halfyear.xlsx"))["Half-year results"]

TXT = {n: txt(n) for n in [
    "harbor_lane_quarterly.txt", "pinecrest_inn_monthly.txt", "brightwave_metrics.txt",
    "tallis_home_goods.txt", "sunday_league_2024.txt", "northfield_dental_halfyear.txt"]}

# ------------------------------------------------------------------ internal arithmetic
for c in Q1C:
    assert T1["Gross profit"][c] == T1["Revenue"][c] + T1["Cost of sales"][c]
    assert T1["Operating profit"][c] == (T1["Gross profit"][c] + T1["Staff costs"][c]
                                         + T1["Rent and occupancy"][c] + T1["Marketing"][c])
    for r in ["Cost of sales", "Staff costs", "Rent and occupancy", "Marketing"]:
        assert T1[r][c] < 0

DAYS = {"Jan 2024": 31, "Feb 2024": 29, "Mar 2024": 31, "Apr 2024": 30, "May 2024": 31, "Jun 2024": 30}
for m in M:
    assert T2["Room revenue (USD)"][m] == T2["Room nights sold"][m] * T2["Average daily rate (USD)"][m]
    assert T2["Occupancy (%)"][m] == round(100 * T2["Room nights sold"][m] / (80 * DAYS[m]), 1)

prev = 1180  # stated in words in brightwave_metrics.txt
assert "one thousand one hundred and eighty customers" in TXT["brightwave_metrics.txt"]
for i in b.index:
    prev = prev + T3["new_customers"][i] - T3["churned_customers"][i]
    assert prev == T3["ending_customers"][i], i

Y4 = ["FY2022", "FY2023", "FY2024"]
for y in Y4:
    assert PL["Gross profit"][y] == PL["Revenue"][y] + PL["Cost of sales"][y]
    assert PL["Operating profit"][y] == PL["Gross profit"][y] + PL["Distribution costs"][y] + PL["Administrative expenses"][y]
    assert PL["Profit before tax"][y] == PL["Operating profit"][y] + PL["Finance costs"][y]
    assert PL["Profit for the year"][y] == PL["Profit before tax"][y] + PL["Tax"][y]
    assert BS["Total assets"][y] == sum(BS[r][y] for r in ["Property, plant and equipment", "Inventories", "Trade receivables", "Cash"])
    assert BS["Total liabilities"][y] == BS["Trade payables"][y] + BS["Borrowings"][y]
    assert BS["Total liabilities and equity"][y] == BS["Total liabilities"][y] + BS["Equity"][y] == BS["Total assets"][y]
for a, c in [("FY2022", "FY2023"), ("FY2023", "FY2024")]:
    # equity grows by profit less a dividend no larger than the profit
    assert 0 <= PL["Profit for the year"][c] - (BS["Equity"][c] - BS["Equity"][a]) <= PL["Profit for the year"][c]

for t, r in T5.items():
    assert r["P"] == r["W"] + r["D"] + r["L"] == 10
    assert r["GD"] == r["GF"] - r["GA"]
    assert r["Pts"] == 3 * r["W"] + r["D"]
assert sum(r["W"] for r in T5.values()) == sum(r["L"] for r in T5.values())
assert sum(r["GF"] for r in T5.values()) == sum(r["GA"] for r in T5.values())
assert sum(r["D"] for r in T5.values()) % 2 == 0
assert sum(r["W"] for r in T5.values()) + sum(r["D"] for r in T5.values()) // 2 == 6 * 5  # 30 matches
assert [r["Pos"] for r in T5.values()] == [1, 2, 3, 4, 5, 6]

for yr in ["2023", "2024"]:
    for r in T6:
        assert T6[r][f"FY {yr}"] == T6[r][f"H1 {yr}"] + T6[r][f"H2 {yr}"], (r, yr)
for c in T6["Total revenue"]:
    assert T6["Total revenue"][c] == T6["Patient fees"][c] + T6["Insurance reimbursements"][c]
    assert T6["Operating profit"][c] == (T6["Total revenue"][c] + T6["Clinical staff costs"][c]
                                         + T6["Dental supplies"][c] + T6["Premises costs"][c])

# ------------------------------------------------------------------ helpers for expected values


def N(value, scale, calc):
    got = round(float(calc), 2)
    assert abs(got - value) < 1e-9, f"hand value {value} != computed {got}"
    return {"kind": "number", "value": float(value), "scale": scale}


def TX(value, file):
    assert value.lower() in TXT[file].lower(), f"{value!r} not in {file}"
    return {"kind": "text", "value": value}


def PER(value, calc):
    assert value == calc, f"period {value} != {calc}"
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}


def pct(a, b):
    return 100 * a / b


def argmax(d):
    return max(d, key=d.get)


def qlabel(s):  # '2023Q4' -> 'Q4 2023'
    return f"{s[4:]} {s[:4]}"


F1 = ([{"file": "harbor_lane_quarterly.csv", "sheet": None}], "harbor_lane_quarterly.txt", "held")
F2 = ([{"file": "pinecrest_inn_monthly.md", "sheet": None}], "pinecrest_inn_monthly.txt", "tune")
F3 = ([{"file": "brightwave_metrics.csv", "sheet": None}], "brightwave_metrics.txt", "held")
F4PL = [{"file": "tallis_home_goods.xlsx", "sheet": "P&L"}]
F4BS = [{"file": "tallis_home_goods.xlsx", "sheet": "Balance sheet"}]
F4 = (F4PL, "tallis_home_goods.txt", "tune")
F5 = ([{"file": "sunday_league_2024.md", "sheet": None}], "sunday_league_2024.txt", "held")
F6 = ([{"file": "northfield_dental_halfyear.xlsx", "sheet": "Half-year results"}], "northfield_dental_halfyear.txt", "tune")

t1, t2, t3, t4, t5, t6 = (F[1] for F in (F1, F2, F3, F4, F5, F6))

# ------------------------------------------------------------------ single questions
# (files, question, expected, why)
Q = [
    # ---- table 1: Harbor Lane (held)
    (F1, "What was Harbor Lane's revenue in Q3 2024?",
     N(5240, "thousand", T1["Revenue"]["Q3 2024"]), "Revenue row, Q3 2024 column (USD thousands)."),
    (F1, "how much did they spend on marketing over 2024 as a whole?",
     N(850, "thousand", -sum(T1["Marketing"][c] for c in ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"])),
     "Marketing Q1-Q4 2024: 140+210+260+240 = 850; shown in brackets, given as a positive spend."),
    (F1, "Why were sales down at the start of 2024?",
     TX("the Belmont Street café was closed for six weeks for renovation", t1), "Text: reason for the Q1 2024 dip."),
    (F1, "What was operating profit in Q3 2023?", NONE, "Table starts at Q4 2023; text gives no Q3 2023 figure."),
    # ---- table 2: Pinecrest Inn (tune)
    (F2, "How many room nights did Pinecrest sell in April 2024?",
     N(1720, "", T2["Room nights sold"]["Apr 2024"]), "Room nights sold, Apr 2024."),
    (F2, "What did the inn take in food and drink over the six months?",
     N(304700, "", sum(T2["Food & beverage revenue (USD)"].values())),
     "Sum of Food & beverage revenue Jan-Jun 2024 (USD)."),
    (F2, "how full was the inn in march?",
     N(63.7, "percent", T2["Occupancy (%)"]["Mar 2024"]), "Occupancy (%) row, Mar 2024."),
    (F2, "What was room revenue in July 2024?", NONE, "Table ends June 2024; July only appears as a plan in the text."),
    # ---- table 3: Brightwave (held)
    (F3, "How many customers did Brightwave have at the end of Q2 2024?",
     N(1858, "", T3["ending_customers"]["2024Q2"]), "ending_customers, row 2024Q2."),
    (F3, "What was MRR in the fourth quarter of 2023?",
     N(527.0, "thousand", T3["mrr_k_usd"]["2023Q4"]), "mrr_k_usd, row 2023Q4 (USD thousands)."),
    (F3, "Which quarter did they lose the most customers?",
     PER("Q2 2024", qlabel(argmax(T3["churned_customers"]))), "Max churned_customers is 55 in 2024Q2."),
    (F3, "How many new customers did they sign up in Q3 2024?", NONE, "Table ends at 2024Q2."),
    # ---- table 4: Tallis (tune)
    ((F4PL, t4, "tune"), "What was Tallis's revenue in 2023?",
     N(20120, "thousand", PL["Revenue"]["FY2023"]), "P&L Revenue, FY2023 (GBP thousands)."),
    ((F4BS, t4, "tune"), "How much cash did the company have at the end of 2024?",
     N(2340, "thousand", BS["Cash"]["FY2024"]), "Balance sheet Cash, FY2024."),
    ((F4PL + F4BS, t4, "tune"), "What was return on equity in 2024, i.e. profit for the year over year-end equity?",
     N(26.23, "percent", pct(PL["Profit for the year"]["FY2024"], BS["Equity"]["FY2024"])),
     "2,568 / 9,790 = 26.23% (P&L profit for the year / balance sheet equity)."),
    ((F4PL, t4, "tune"), "What were administrative expenses in 2021?", NONE, "Workbook covers FY2022-FY2024 only."),
    # ---- table 5: league (held)
    (F5, "How many points did Oakfield Athletic finish on?",
     N(21, "", T5["Oakfield Athletic"]["Pts"]), "Pts column, Oakfield Athletic."),
    (F5, "Which team let in the fewest goals?",
     TX("Riverside Rovers", t5), "Lowest GA is 9, Riverside Rovers."),
    (F5, "how many goals were scored in the league altogether?",
     N(96, "", sum(r["GF"] for r in T5.values())), "Sum of GF over the six teams = 96 (equals sum of GA)."),
    (F5, "How many yellow cards did Granton Town pick up?", NONE, "No discipline data in table or text."),
    # ---- table 6: Northfield Dental (tune)
    (F6, "What was Northfield's total revenue for full-year 2024?",
     N(11750, "thousand", T6["Total revenue"]["FY 2024"]), "Total revenue, FY 2024 column (EUR thousands)."),
    (F6, "How much did dental supplies cost them in the second half of 2023?",
     N(650, "thousand", -T6["Dental supplies"]["H2 2023"]), "Dental supplies H2 2023, shown as (650); positive spend."),
    (F6, "Which half-year had the highest operating profit?",
     PER("H2 2024", argmax({c: v for c, v in T6["Operating profit"].items() if c.startswith("H")})),
     "Operating profit by half: 1,570 / 1,765 / 1,850 / 2,045; FY columns excluded."),
    (F6, "What was operating profit in H1 2022?", NONE, "Table starts at H1 2023."),
]

# ------------------------------------------------------------------ conversations
# (files, [(question, expected), ...])
C = [
    # ---- table 1
    (F1, [
        ("what did harbor lane make in sales in the last quarter of 2024?",
         N(5610, "thousand", T1["Revenue"]["Q4 2024"])),
        ("and the same quarter a year earlier?", N(4820, "thousand", T1["Revenue"]["Q4 2023"])),
        ("how much did it grow?", N(790, "thousand", T1["Revenue"]["Q4 2024"] - T1["Revenue"]["Q4 2023"])),
        ("in percentage terms?", N(16.39, "percent", pct(790, T1["Revenue"]["Q4 2023"]))),
        ("What are they planning for next year?", TX("open a ninth café in Tacoma", t1)),
    ]),
    (F1, [
        ("How much did staff cost them in Q2 2024?", N(1455, "thousand", -T1["Staff costs"]["Q2 2024"])),
        ("sorry, I meant rent", N(535, "thousand", -T1["Rent and occupancy"]["Q2 2024"])),
        ("and in Q3?", N(535, "thousand", -T1["Rent and occupancy"]["Q3 2024"])),
        ("what share of Q3 revenue is that?",
         N(10.21, "percent", pct(-T1["Rent and occupancy"]["Q3 2024"], T1["Revenue"]["Q3 2024"]))),
        ("Which quarter had the biggest marketing spend?",
         PER("Q3 2024", min(T1["Marketing"], key=T1["Marketing"].get))),  # most negative = biggest spend
    ]),
    (F1, [
        ("What was gross profit in 2Q24?", N(2985, "thousand", T1["Gross profit"]["Q2 2024"])),
        ("And operating profit?", N(785, "thousand", T1["Operating profit"]["Q2 2024"])),
        ("what's that as a margin on revenue?",
         N(15.78, "percent", pct(T1["Operating profit"]["Q2 2024"], T1["Revenue"]["Q2 2024"]))),
        ("what about Q2 2023?", NONE),
        ("Who put these numbers together?", TX("Dana Whitcombe", t1)),
    ]),
    # ---- table 2
    (F2, [
        ("what did the inn make from its rooms in february?", N(158510, "", T2["Room revenue (USD)"]["Feb 2024"])),
        ("and food & beverage that month?", N(41250, "", T2["Food & beverage revenue (USD)"]["Feb 2024"])),
        ("combined?", N(199760, "", T2["Room revenue (USD)"]["Feb 2024"] + T2["Food & beverage revenue (USD)"]["Feb 2024"])),
        ("and what did it cost to run the place that month?", N(158900, "", T2["Operating costs (USD)"]["Feb 2024"])),
        ("so what was left over?", N(40860, "", 199760 - T2["Operating costs (USD)"]["Feb 2024"])),
    ]),
    (F2, [
        ("Why was January so quiet at the inn?", TX("heavy snow closed Highway 50 for nine days", t2)),
        ("How many room nights did they sell that month?", N(1240, "", T2["Room nights sold"]["Jan 2024"])),
        ("and in June?", N(2160, "", T2["Room nights sold"]["Jun 2024"])),
        ("how many times the January number is that?",
         N(1.74, "", T2["Room nights sold"]["Jun 2024"] / T2["Room nights sold"]["Jan 2024"])),
        ("how many rooms does the place have anyway?", N(80, "", 80)),  # text: "eighty-room lodge"
    ]),
    (F2, [
        ("What were operating costs in May 2024?", N(196800, "", T2["Operating costs (USD)"]["May 2024"])),
        ("why did they go up?", TX("seasonal staff were hired for the summer", t2)),
        ("how much higher than april?",
         N(13400, "", T2["Operating costs (USD)"]["May 2024"] - T2["Operating costs (USD)"]["Apr 2024"])),
        ("What about May last year?", NONE),
        ("what was the average monthly operating cost over the six months?",
         N(179583.33, "", sum(T2["Operating costs (USD)"].values()) / 6)),
    ]),
    # ---- table 3
    (F3, [
        ("how many new clients did brightwave add in 2023Q2?", N(155, "", T3["new_customers"]["2023Q2"])),
        ("and how many did they lose?", N(41, "", T3["churned_customers"]["2023Q2"])),
        ("net gain then?", N(114, "", T3["new_customers"]["2023Q2"] - T3["churned_customers"]["2023Q2"])),
        ("what about the next quarter?", N(84, "", T3["new_customers"]["2023Q3"] - T3["churned_customers"]["2023Q3"])),
        ("why did sign-ups slow then?", TX("paused paid advertising", t3)),
    ]),
    (F3, [
        ("What was monthly recurring revenue in Q1 2024?", N(571.4, "thousand", T3["mrr_k_usd"]["2024Q1"])),
        ("and a year before?", N(412.5, "thousand", T3["mrr_k_usd"]["2023Q1"])),
        ("percentage increase?",
         N(38.52, "percent", pct(T3["mrr_k_usd"]["2024Q1"] - T3["mrr_k_usd"]["2023Q1"], T3["mrr_k_usd"]["2023Q1"]))),
        ("and how does the first figure compare with the quarter just before it, how much higher?",
         N(44.4, "thousand", T3["mrr_k_usd"]["2024Q1"] - T3["mrr_k_usd"]["2023Q4"])),
        ("How many customers per employee did they have in Q1 2024?",
         N(29.71, "", T3["ending_customers"]["2024Q1"] / T3["headcount"]["2024Q1"])),
    ]),
    (F3, [
        ("How many customers did they start 2023 with?", N(1180, "", 1180)),  # text, in words
        ("And at the end of 2023?", N(1598, "", T3["ending_customers"]["2023Q4"])),
        ("so how many did they add over the year, net?", N(418, "", T3["ending_customers"]["2023Q4"] - 1180)),
        ("What about churn in 2022?", NONE),
        ("Who runs sales there?", TX("Priya Raman", t3)),
    ]),
    # ---- table 4
    (F4, [
        ("How much did Tallis spend on admin in 2024?", N(3560, "thousand", -PL["Administrative expenses"]["FY2024"])),
        ("and on distribution?", N(2260, "thousand", -PL["Distribution costs"]["FY2024"])),
        ("together?", N(5820, "thousand", -(PL["Administrative expenses"]["FY2024"] + PL["Distribution costs"]["FY2024"]))),
        ("as a share of revenue?", N(26.75, "percent", pct(5820, PL["Revenue"]["FY2024"]))),
        ("what was the combined figure the year before?",
         N(5450, "thousand", -(PL["Administrative expenses"]["FY2023"] + PL["Distribution costs"]["FY2023"]))),
    ]),
    ((F4BS + F4PL, t4, "tune"), [
        ("What did they owe the bank at the end of 2022?", N(4200, "thousand", BS["Borrowings"]["FY2022"])),
        ("and by the end of 2024?", N(3000, "thousand", BS["Borrowings"]["FY2024"])),
        ("how much did it fall?", N(1200, "thousand", BS["Borrowings"]["FY2022"] - BS["Borrowings"]["FY2024"])),
        ("why?", TX("part of the bank loan was repaid early", t4)),
        ("What were finance costs in 2024?", N(240, "thousand", -PL["Finance costs"]["FY2024"])),
    ]),
    (F4, [
        ("What was the bottom-line profit in 2022?", N(1782, "thousand", PL["Profit for the year"]["FY2022"])),
        ("and in 2024?", N(2568, "thousand", PL["Profit for the year"]["FY2024"])),
        ("what was the average over the three years?",
         N(2150.67, "thousand", sum(PL["Profit for the year"][y] for y in Y4) / 3)),
        ("What about 2025?", NONE),
        ("How many people work there?", N(210, "", 210)),  # text: "about two hundred and ten people"
    ]),
    # ---- table 5
    (F5, [
        ("how did the champions do — how many games did they win?", N(7, "", T5["Riverside Rovers"]["W"])),
        ("and how many did they lose?", N(1, "", T5["Riverside Rovers"]["L"])),
        ("what's their win percentage?", N(70.0, "percent", pct(T5["Riverside Rovers"]["W"], T5["Riverside Rovers"]["P"]))),
        ("and for the runners-up?", N(60.0, "percent", pct(T5["Oakfield Athletic"]["W"], T5["Oakfield Athletic"]["P"]))),
        ("When did the champions wrap it up?", TX("8 September 2024", t5)),
    ]),
    (F5, [
        ("How many goals did Millbrook score?", N(18, "", T5["Millbrook United"]["GF"])),
        ("and concede?", N(15, "", T5["Millbrook United"]["GA"])),
        ("goals per game for them?", N(1.8, "", T5["Millbrook United"]["GF"] / T5["Millbrook United"]["P"])),
        ("Who was the league's top scorer?", TX("Kemi Adeyemi", t5)),
        ("what share of their team's goals did that player get?",
         N(66.67, "percent", pct(14, T5["Oakfield Athletic"]["GF"]))),  # text: fourteen goals
    ]),
    (F5, [
        ("Which team finished bottom?", TX("Hollow Lane Wanderers", t5)),
        ("how many points did they get?", N(4, "", T5["Hollow Lane Wanderers"]["Pts"])),
        ("how far behind the team above them were they?",
         N(4, "", T5["St. Aldric's FC"]["Pts"] - T5["Hollow Lane Wanderers"]["Pts"])),
        ("How many points did they get the season before?", NONE),
        ("What's changing next season?", TX("expands to eight teams", t5)),
    ]),
    # ---- table 6
    (F6, [
        ("How much did the clinics bring in from patient fees in H1 2024?", N(4310, "thousand", T6["Patient fees"]["H1 2024"])),
        ("and a year earlier?", N(3860, "thousand", T6["Patient fees"]["H1 2023"])),
        ("percentage change?",
         N(11.66, "percent", pct(T6["Patient fees"]["H1 2024"] - T6["Patient fees"]["H1 2023"], T6["Patient fees"]["H1 2023"]))),
        ("what drove that?", TX("a new clinic in Swords opened in March 2024", t6)),
        ("and insurance reimbursements in H1 2024?", N(1380, "thousand", T6["Insurance reimbursements"]["H1 2024"])),
    ]),
    (F6, [
        ("What were staff costs for FY 2023?", N(4850, "thousand", -T6["Clinical staff costs"]["FY 2023"])),
        ("sorry, I meant 2024", N(5250, "thousand", -T6["Clinical staff costs"]["FY 2024"])),
        ("what share of that year's revenue is that?",
         N(44.68, "percent", pct(-T6["Clinical staff costs"]["FY 2024"], T6["Total revenue"]["FY 2024"]))),
        ("and premises costs that year?", N(1170, "thousand", -T6["Premises costs"]["FY 2024"])),
        ("how many times bigger is the staff figure you gave than that?",
         N(4.49, "", T6["Clinical staff costs"]["FY 2024"] / T6["Premises costs"]["FY 2024"])),
    ]),
    (F6, [
        ("What was operating profit in the second half of 2023?", N(1765, "thousand", T6["Operating profit"]["H2 2023"])),
        ("And in H2 2024?", N(2045, "thousand", T6["Operating profit"]["H2 2024"])),
        ("change?", N(280, "thousand", T6["Operating profit"]["H2 2024"] - T6["Operating profit"]["H2 2023"])),
        ("Who's the CEO?", TX("Aoife Brennan", t6)),
        ("what are they forecasting for H1 2025?", NONE),
    ]),
]

# text facts stated only in words, used above
assert "eighty-room" in TXT[t2]
assert "about two hundred and ten people" in TXT[t4]
assert "with fourteen goals" in TXT[t5] and "Kemi Adeyemi of Oakfield Athletic" in TXT[t5]
assert "Riverside Rovers won the title" in TXT[t5] and T5["Riverside Rovers"]["Pos"] == 1
assert T5["Oakfield Athletic"]["Pos"] == 2 and T5["Hollow Lane Wanderers"]["Pos"] == 6

# ------------------------------------------------------------------ write
assert len(Q) == 24 and len(C) == 18 and all(len(t) == 5 for _, t in C)
with open(p("questions.jsonl"), "w") as f:
    for i, ((tables, text, half), q, exp, why) in enumerate(Q, 1):
        f.write(json.dumps({"id": f"{SET}-{i:02d}", "half": half, "tables": tables, "text": text,
                            "question": q, "expected": exp, "why": why}, ensure_ascii=False) + "\n")
with open(p("conversations.jsonl"), "w") as f:
    for i, ((tables, text, half), turns) in enumerate(C, 1):
        f.write(json.dumps({"id": f"{SET}-conv-{i}", "half": half, "tables": tables, "text": text,
                            "turns": [{"question": q, "expected": e} for q, e in turns]},
                           ensure_ascii=False) + "\n")

# counts
from collections import Counter
qc = Counter(half for (_, _, half), *_ in Q)
cc = Counter(half for (_, _, half), _ in C)
kinds = Counter(e["kind"] for _, _, e, _ in Q) + Counter(e["kind"] for _, t in C for _, e in t)
print("questions per half:", dict(qc), "conversations per half:", dict(cc))
print("turns per half:", {h: 5 * n for h, n in cc.items()}, "kinds (questions+turns):", dict(kinds))
print("conversations with a none turn:", sum(any(e["kind"] == "none" for _, e in t) for _, t in C))
print("all checks passed")
