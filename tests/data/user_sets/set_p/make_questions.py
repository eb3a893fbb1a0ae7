"""Reads the six tables back, recomputes every expected number, checks text answers and
table arithmetic, and writes questions.jsonl and conversations.jsonl for set "p"."""
import json
import math
import os
import re

import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
HELD, TUNE = "held", "tune"


def p(name):
    return os.path.join(HERE, name)


# ------------------------------------------------------------------ loaders
def num(cell):
    """'(1,920)' -> -1920.0, '4,210' -> 4210.0, '**134.0**' -> 134.0"""
    if isinstance(cell, (int, float)):
        return float(cell)
    s = str(cell).strip().strip("*").replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def load_csv_rows(name):
    """Rows-as-labels CSV: first column is the row label, header gives the columns."""
    df = pd.read_csv(p(name), dtype=str)
    first = df.columns[0]
    out = {}
    for _, r in df.iterrows():
        for c in df.columns[1:]:
            out[(r[first].strip(), c.strip())] = num(r[c])
    return out


def load_csv_periods_as_rows(name):
    df = pd.read_csv(p(name), index_col=0)
    out = {}
    for per, r in df.iterrows():
        for c in df.columns:
            out[(str(per), c)] = float(r[c])
    return out


def load_md(name):
    rows = []
    with open(p(name)) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-{3,}:?", c) for c in cells):
                continue
            rows.append(cells)
    header, body = rows[0], rows[1:]
    out = {}
    for r in body:
        label = r[0].strip("*")
        for h, c in zip(header[1:], r[1:]):
            out[(label, h)] = num(c)
    return out


def load_xlsx(name):
    wb = load_workbook(p(name), data_only=True)
    out = {}
    for ws in wb.worksheets:
        rows = list(ws.iter_rows(values_only=True))
        header = rows[0]
        for r in rows[1:]:
            for h, c in zip(header[1:], r[1:]):
                out[(ws.title, r[0], h)] = num(c)
    return out


F1 = "quillon_ferries_2024.csv"
F2 = "brambleshaw_apiary_2025.md"
F3 = "vintermoss_geothermal_quarterly.csv"
F4 = "orrefell_glassworks_accounts.xlsx"
F5 = "quenby_ridge_orchard_harvest.md"
F6 = "gallowglass_vets_halfyear.csv"

T1 = load_csv_rows(F1)
T2 = load_md(F2)
T3 = load_csv_periods_as_rows(F3)
T4 = load_xlsx(F4)
T5 = load_md(F5)
T6 = load_csv_rows(F6)
TEXT = {f: open(p(os.path.splitext(f)[0] + ".txt")).read() for f in (F1, F2, F3, F4, F5, F6)}


def a(t, *key):
    return t[key]


def close(x, y, tol=1e-6):
    return math.isclose(x, y, abs_tol=tol)


# ------------------------------------------------------------------ internal arithmetic checks
Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
for q in Q:
    rev = a(T1, "Passenger fares", q) + a(T1, "Freight and vehicle deck", q)
    assert close(rev, a(T1, "Total revenue", q)), q
    op = rev + a(T1, "Fuel", q) + a(T1, "Crew wages", q) + a(T1, "Port and harbour fees", q)
    assert close(op, a(T1, "Operating profit", q)), q

M = ["Mar 2025", "Apr 2025", "May 2025", "Jun 2025", "Jul 2025", "Aug 2025"]
for m, price in zip(M, [9.5, 9.5, 9.5, 9.5, 10.0, 10.0]):  # price stated in the text
    assert close(a(T2, "Jars sold", m) * price, a(T2, "Sales revenue (USD)", m)), m

P3 = ["2023Q1", "2023Q2", "2023Q3", "2023Q4", "2024Q1", "2024Q2"]
for per in P3:
    assert close(a(T3, per, "revenue_eur_m") - a(T3, per, "opex_eur_m"), a(T3, per, "ebitda_eur_m")), per

IS, BS = "Income Statement", "Balance Sheet"
for y in ["FY2023", "FY2024"]:
    g = lambda r: a(T4, IS, r, y)
    b = lambda r: a(T4, BS, r, y)
    assert close(g("Revenue") + g("Cost of sales"), g("Gross profit"))
    assert close(g("Gross profit") + g("Selling and distribution") + g("Administrative expenses"), g("Operating profit"))
    assert close(g("Operating profit") + g("Tax"), g("Profit for the year"))
    assets = b("Property, plant and equipment") + b("Inventories") + b("Trade receivables") + b("Cash")
    assert close(assets, b("Total assets"))
    assert close(b("Trade payables") + b("Borrowings") + b("Total equity"), b("Total assets"))
# equity roll-forward: FY2023 equity + FY2024 profit - dividend (600, from text) = FY2024 equity
assert close(a(T4, BS, "Total equity", "FY2023") + a(T4, IS, "Profit for the year", "FY2024") - 600,
             a(T4, BS, "Total equity", "FY2024"))

VAR = ["Kingston Black", "Dabinett", "Yarlington Mill", "Ellis Bitter", "Foxwhelp"]
for col in ["Trees", "2022 harvest (t)", "2023 harvest (t)", "2024 harvest (t)"]:
    assert close(sum(a(T5, v, col) for v in VAR), a(T5, "Total", col)), col

H = ["Six months ended 30 June 2023", "Six months ended 31 December 2023",
     "Six months ended 30 June 2024", "Six months ended 31 December 2024"]
H1_23, H2_23, H1_24, H2_24 = H
for h in H:
    rev = sum(a(T6, r, h) for r in ["Consultation fees", "Surgery and procedures", "Pharmacy sales"])
    assert close(rev, a(T6, "Total revenue", h)), h
    op = rev + sum(a(T6, r, h) for r in ["Staff costs", "Drugs and consumables", "Premises"])
    assert close(op, a(T6, "Operating profit", h)), h


# ------------------------------------------------------------------ expected-kind helpers
def N(value, scale, compute):
    """Hand-written value + a recomputation from the loaded tables (None for text-only figures)."""
    if compute is not None:
        got = compute()
        assert close(round(got, 2), value, 1e-9), (value, got)
    return {"kind": "number", "value": float(value), "scale": scale}


def TX(value, file):
    assert value.lower() in TEXT[file].lower(), (value, file)
    return {"kind": "text", "value": value}


def PER(value):
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}


def pct(x):
    return x * 100


def txt_num(file, words, value):
    """A figure stated only in words in the text file."""
    assert words in TEXT[file], (words, file)
    return value


# ------------------------------------------------------------------ single questions
def tabref(f, sheet=None):
    return {"file": f, "sheet": sheet}


def stem(f):
    return os.path.splitext(f)[0] + ".txt"


questions = []


def add_q(half, tables, text_file, question, expected, why):
    questions.append({"id": f"p-{len(questions) + 1:02d}", "half": half, "tables": tables,
                      "text": stem(text_file), "question": question, "expected": expected, "why": why})


# Table 1 (held) - Quillon ferries
t = [tabref(F1)]
add_q(HELD, t, F1, "What were Quillon's total revenues in the third quarter of 2024?",
      N(10850, "thousand", lambda: a(T1, "Total revenue", "Q3 2024")),
      "Total revenue, Q3 2024 column: 10,850 (USD thousands).")
add_q(HELD, t, F1, "How much did the ferries spend on fuel across the whole of 2024?",
      N(8530, "thousand", lambda: -sum(a(T1, "Fuel", q) for q in Q)),
      "Fuel shown in brackets; sum of the four quarters 1,920+2,140+2,610+1,860 = 8,530, given as a positive spend.")
add_q(HELD, t, F1, "operating margin for Q2 2024?",
      N(35.29, "percent", lambda: pct(a(T1, "Operating profit", "Q2 2024") / a(T1, "Total revenue", "Q2 2024"))),
      "Operating profit / total revenue in Q2 2024 = 2,880 / 8,160 = 35.29%.")
add_q(HELD, t, F1, "What were passenger fares in Q1 2023?", NONE,
      "The table only covers the four quarters of 2024; the text gives no 2023 figures.")

# Table 2 (tune) - Brambleshaw apiary
t = [tabref(F2)]
add_q(TUNE, t, F2, "How many kg of honey did the co-op extract in June 2025?",
      N(940, "", lambda: a(T2, "Honey extracted (kg)", "Jun 2025")),
      "Honey extracted (kg), Jun 2025: 940.")
add_q(TUNE, t, F2, "Total sales revenue from March to August, please",
      N(37215, "", lambda: sum(a(T2, "Sales revenue (USD)", m) for m in M)),
      "Sum of sales revenue over the six months: 2,945+2,660+3,990+7,220+10,500+9,900 = 37,215 USD (table in plain dollars).")
add_q(TUNE, t, F2, "In which month were the most jars sold?",
      PER("July 2025"),
      "Jars sold peaks at 1,050 in Jul 2025.")
add_q(TUNE, t, F2, "How many jars did Brambleshaw sell in February 2025?", NONE,
      "The table starts in March 2025; February is not covered by the table or text.")

# Table 3 (held) - Vintermoss geothermal (periods as rows)
t = [tabref(F3)]
add_q(HELD, t, F3, "What was Vintermoss's EBITDA in the first quarter of 2024?",
      N(15.5, "million", lambda: a(T3, "2024Q1", "ebitda_eur_m")),
      "Row 2024Q1, column ebitda_eur_m: 15.5 (EUR millions).")
add_q(HELD, t, F3, "By how much did revenue change between 2Q23 and 2Q24?",
      N(2.7, "million", lambda: a(T3, "2024Q2", "revenue_eur_m") - a(T3, "2023Q2", "revenue_eur_m")),
      "Revenue 2024Q2 minus 2023Q2 = 22.1 - 19.4 = 2.7 (EUR millions).")
add_q(HELD, t, F3, "How many GWh did the plant generate in 2023 in total?",
      N(688.5, "", lambda: sum(a(T3, per, "generation_gwh") for per in P3[:4])),
      "Sum of generation_gwh for 2023Q1-2023Q4: 182.4+176.0+141.2+188.9 = 688.5 GWh.")
add_q(HELD, t, F3, "What was Vintermoss's revenue in Q3 2024?", NONE,
      "The export stops at 2024Q2; Q3 2024 is not in the table or text.")

# Table 4 (tune) - Orrefell glassworks (two sheets)
t_is, t_bs = [tabref(F4, IS)], [tabref(F4, BS)]
add_q(TUNE, t_is, F4, "What was Orrefell Glassworks' gross profit for FY2024?",
      N(5830, "thousand", lambda: a(T4, IS, "Gross profit", "FY2024")),
      "Income Statement sheet, Gross profit FY2024: 5,830 (GBP thousands).")
add_q(TUNE, t_bs, F4, "how much cash did they have at the end of FY2023",
      N(980, "thousand", lambda: a(T4, BS, "Cash", "FY2023")),
      "Balance Sheet sheet, Cash FY2023: 980 (GBP thousands).")
add_q(TUNE, [tabref(F4, IS), tabref(F4, BS)], F4,
      "What was the return on equity in FY2024, taking profit for the year over year-end equity?",
      N(26.97, "percent", lambda: pct(a(T4, IS, "Profit for the year", "FY2024") / a(T4, BS, "Total equity", "FY2024"))),
      "Profit for the year FY2024 (Income Statement) / Total equity FY2024 (Balance Sheet) = 2,050 / 7,600 = 26.97%.")
add_q(TUNE, t_is, F4, "What revenue did Orrefell report for FY2022?", NONE,
      "The workbook covers FY2023 and FY2024 only; FY2022 is not given anywhere.")

# Table 5 (held) - Quenby Ridge orchard
t = [tabref(F5)]
add_q(HELD, t, F5, "How many tonnes of Dabinett were harvested at Quenby Ridge in 2023?",
      N(60.4, "", lambda: a(T5, "Dabinett", "2023 harvest (t)")),
      "Dabinett row, 2023 harvest (t): 60.4 tonnes.")
per_tree = {v: a(T5, v, "2024 harvest (t)") / a(T5, v, "Trees") for v in VAR}
best = max(per_tree, key=per_tree.get)
assert best == "Dabinett"
add_q(HELD, t, F5, "Which apple variety gave the highest yield per tree in 2024?",
      TX("Dabinett", F5),
      "2024 harvest / trees: Dabinett 47.3/610 = 0.0775 t, highest (Yarlington Mill 0.0731, Kingston Black 0.0710, "
      "Ellis Bitter 0.0682, Foxwhelp 0.0642).")
add_q(HELD, t, F5, "By what percentage did the total harvest fall from 2023 to 2024?",
      N(21.87, "percent", lambda: pct((a(T5, "Total", "2023 harvest (t)") - a(T5, "Total", "2024 harvest (t)"))
                                      / a(T5, "Total", "2023 harvest (t)"))),
      "Total row: (171.5 - 134.0) / 171.5 = 21.87%, given positive because the question asks how much it fell.")
add_q(HELD, t, F5, "How many tonnes of Bramley apples were picked in 2024?", NONE,
      "Bramley is not one of the varieties in the table or text.")

# Table 6 (tune) - Gallowglass vets (half-years)
t = [tabref(F6)]
add_q(TUNE, t, F6, "What were pharmacy sales in the six months to 31 December 2024?",
      N(505, "thousand", lambda: a(T6, "Pharmacy sales", H2_24)),
      "Pharmacy sales, six months ended 31 December 2024: 505 (EUR thousands).")
add_q(TUNE, t, F6, "How much did Gallowglass spend on staff in calendar 2024?",
      N(2690, "thousand", lambda: -(a(T6, "Staff costs", H1_24) + a(T6, "Staff costs", H2_24))),
      "Staff costs are negatives; H1 2024 1,320 + H2 2024 1,370 = 2,690, given as a positive spend.")
add_q(TUNE, t, F6, "Which half-year had the highest operating profit?",
      PER("H2 2024"),
      "Operating profit is highest (745) in the six months ended 31 December 2024 = H2 2024.")
assert max(H, key=lambda h: a(T6, "Operating profit", h)) == H2_24
add_q(TUNE, t, F6, "What was operating profit in the first half of 2022?", NONE,
      "The statement starts with the six months ended 30 June 2023; 2022 is not covered.")

assert len(questions) == 24
for tbl in range(6):
    chunk = questions[tbl * 4:(tbl + 1) * 4]
    assert sum(q["expected"]["kind"] == "none" for q in chunk) == 1

# ------------------------------------------------------------------ conversations
convs = []


def add_c(half, tables, text_file, turns):
    assert len(turns) == 5
    convs.append({"id": f"p-conv-{len(convs) + 1}", "half": half, "tables": tables, "text": stem(text_file),
                  "turns": [{"question": q, "expected": e} for q, e in turns]})


# --- Table 1 (held)
t = [tabref(F1)]
add_c(HELD, t, F1, [
    ("How much did we make from passenger tickets in Q3?",
     N(7940, "thousand", lambda: a(T1, "Passenger fares", "Q3 2024"))),
    ("And in Q1?", N(4210, "thousand", lambda: a(T1, "Passenger fares", "Q1 2024"))),
    ("How much higher was the summer quarter than that?",
     N(3730, "thousand", lambda: a(T1, "Passenger fares", "Q3 2024") - a(T1, "Passenger fares", "Q1 2024"))),
    ("What drove the summer jump?", TX("the Lammas Regatta", F1)),
    ("What share of Q3 total revenue came from passenger fares?",
     N(73.18, "percent", lambda: pct(a(T1, "Passenger fares", "Q3 2024") / a(T1, "Total revenue", "Q3 2024")))),
])
add_c(HELD, t, F1, [
    ("What did the crews cost us in Q4?", N(2290, "thousand", lambda: -a(T1, "Crew wages", "Q4 2024"))),
    ("And port fees in the same quarter?", N(580, "thousand", lambda: -a(T1, "Port and harbour fees", "Q4 2024"))),
    ("Combined?", N(2870, "thousand",
                    lambda: -(a(T1, "Crew wages", "Q4 2024") + a(T1, "Port and harbour fees", "Q4 2024")))),
    ("What was operating profit that quarter?", N(1680, "thousand", lambda: a(T1, "Operating profit", "Q4 2024"))),
    ("How much did it fall from Q3?",
     N(2760, "thousand", lambda: a(T1, "Operating profit", "Q3 2024") - a(T1, "Operating profit", "Q4 2024"))),
])
add_c(HELD, t, F1, [
    ("How did freight do in the second quarter?",
     N(2780, "thousand", lambda: a(T1, "Freight and vehicle deck", "Q2 2024"))),
    ("What about Q1 2025?", NONE),
    ("Which quarter of 2024 had the highest freight revenue?", PER("Q3 2024")),
    ("What's the average per quarter for the year?",
     N(2720, "thousand", lambda: sum(a(T1, "Freight and vehicle deck", q) for q in Q) / 4)),
    ("When is the new electric ferry supposed to arrive?", TX("March 2026", F1)),
])
assert max(Q, key=lambda q: a(T1, "Freight and vehicle deck", q)) == "Q3 2024"

# --- Table 2 (tune)
t = [tabref(F2)]
add_c(TUNE, t, F2, [
    ("How much honey did we take off the hives in July?",
     N(1180, "", lambda: a(T2, "Honey extracted (kg)", "Jul 2025"))),
    ("And the month before?", N(940, "", lambda: a(T2, "Honey extracted (kg)", "Jun 2025"))),
    ("What's that as a percentage increase?",
     N(25.53, "percent", lambda: pct((a(T2, "Honey extracted (kg)", "Jul 2025") - a(T2, "Honey extracted (kg)", "Jun 2025"))
                                     / a(T2, "Honey extracted (kg)", "Jun 2025")))),
    ("How many jars went out in July?", N(1050, "", lambda: a(T2, "Jars sold", "Jul 2025"))),
    ("So what did we get per jar that month?",
     N(10.0, "", lambda: a(T2, "Sales revenue (USD)", "Jul 2025") / a(T2, "Jars sold", "Jul 2025"))),
])
add_c(TUNE, t, F2, [
    ("How many colonies did we have going in May?", N(47, "", lambda: a(T2, "Active hives", "May 2025"))),
    ("What about in August?", N(49, "", lambda: a(T2, "Active hives", "Aug 2025"))),
    ("Why did the count dip in August?", TX("queen failures", F2)),
    ("What was the most hives we had in any month?", N(51, "", lambda: max(a(T2, "Active hives", m) for m in M))),
    ("How much honey per hive did we get in June?",
     N(18.43, "", lambda: a(T2, "Honey extracted (kg)", "Jun 2025") / a(T2, "Active hives", "Jun 2025"))),
])
add_c(TUNE, t, F2, [
    ("What did we bring in from sales in April?", N(2660, "", lambda: a(T2, "Sales revenue (USD)", "Apr 2025"))),
    ("And in September?", NONE),
    ("What about May?", N(3990, "", lambda: a(T2, "Sales revenue (USD)", "May 2025"))),
    ("April and May together?",
     N(6650, "", lambda: a(T2, "Sales revenue (USD)", "Apr 2025") + a(T2, "Sales revenue (USD)", "May 2025"))),
    ("What share of the March-to-August total is that?",
     N(17.87, "percent", lambda: pct((a(T2, "Sales revenue (USD)", "Apr 2025") + a(T2, "Sales revenue (USD)", "May 2025"))
                                     / sum(a(T2, "Sales revenue (USD)", m) for m in M)))),
])

# --- Table 3 (held)
t = [tabref(F3)]
add_c(HELD, t, F3, [
    ("How much power did the plant produce in Q3 2023?", N(141.2, "", lambda: a(T3, "2023Q3", "generation_gwh"))),
    ("Why was it so low?", TX("workover of production well VM-4", F3)),
    ("And what was availability that quarter?", N(81.3, "percent", lambda: a(T3, "2023Q3", "availability_pct"))),
    ("How many points lower is that than the quarter before?",
     N(14.5, "percent", lambda: a(T3, "2023Q2", "availability_pct") - a(T3, "2023Q3", "availability_pct"))),
    ("What was EBITDA in that weak quarter?", N(6.2, "million", lambda: a(T3, "2023Q3", "ebitda_eur_m"))),
])
add_c(HELD, t, F3, [
    ("What were operating costs in Q1 2024?", N(9.0, "million", lambda: a(T3, "2024Q1", "opex_eur_m"))),
    ("And in the same quarter a year earlier?", N(8.7, "million", lambda: a(T3, "2023Q1", "opex_eur_m"))),
    ("What's the percentage increase?",
     N(3.45, "percent", lambda: pct((a(T3, "2024Q1", "opex_eur_m") - a(T3, "2023Q1", "opex_eur_m"))
                                    / a(T3, "2023Q1", "opex_eur_m")))),
    ("What was the EBITDA margin in Q1 2024?",
     N(63.27, "percent", lambda: pct(a(T3, "2024Q1", "ebitda_eur_m") / a(T3, "2024Q1", "revenue_eur_m")))),
    ("Which quarter had the highest revenue?", PER("Q1 2024")),
])
assert max(P3, key=lambda per: a(T3, per, "revenue_eur_m")) == "2024Q1"
add_c(HELD, t, F3, [
    ("How much revenue did we earn in the last quarter of 2023?", N(23.8, "million", lambda: a(T3, "2023Q4", "revenue_eur_m"))),
    ("And in Q4 2022?", NONE),
    ("What about revenue for 2023 as a whole?",
     N(80.7, "million", lambda: sum(a(T3, per, "revenue_eur_m") for per in P3[:4]))),
    ("And the first half of 2024?",
     N(46.6, "million", lambda: a(T3, "2024Q1", "revenue_eur_m") + a(T3, "2024Q2", "revenue_eur_m"))),
    ("What's the installed capacity of the station, in megawatts?",
     N(txt_num(F3, "ninety megawatts", 90), "", None)),
])

# --- Table 4 (tune)
t = [tabref(F4, IS), tabref(F4, BS)]
add_c(TUNE, t, F4, [
    ("What did we sell in FY2024?", N(14150, "thousand", lambda: a(T4, IS, "Revenue", "FY2024"))),
    ("And the year before?", N(12480, "thousand", lambda: a(T4, IS, "Revenue", "FY2023"))),
    ("So what's the growth rate?",
     N(13.38, "percent", lambda: pct((a(T4, IS, "Revenue", "FY2024") - a(T4, IS, "Revenue", "FY2023"))
                                     / a(T4, IS, "Revenue", "FY2023")))),
    ("What won us the extra business?", TX("Haldane Library restoration", F4)),
    ("How much stock were we sitting on at the end of FY2024?", N(2110, "thousand", lambda: a(T4, BS, "Inventories", "FY2024"))),
])
add_c(TUNE, [tabref(F4, IS)], F4, [
    ("How much did admin cost us in FY2023?", N(1580, "thousand", lambda: -a(T4, IS, "Administrative expenses", "FY2023"))),
    ("And selling and distribution?", N(1240, "thousand", lambda: -a(T4, IS, "Selling and distribution", "FY2023"))),
    ("Together?", N(2820, "thousand", lambda: -(a(T4, IS, "Administrative expenses", "FY2023")
                                                + a(T4, IS, "Selling and distribution", "FY2023")))),
    ("As a share of revenue that year?",
     N(22.60, "percent", lambda: pct(-(a(T4, IS, "Administrative expenses", "FY2023")
                                       + a(T4, IS, "Selling and distribution", "FY2023"))
                                     / a(T4, IS, "Revenue", "FY2023")))),
    ("What about admin in FY2024?", N(1710, "thousand", lambda: -a(T4, IS, "Administrative expenses", "FY2024"))),
])
add_c(TUNE, [tabref(F4, BS)], F4, [
    ("What were our borrowings at the end of FY2024?", N(2800, "thousand", lambda: a(T4, BS, "Borrowings", "FY2024"))),
    ("How much did they come down from the prior year?",
     N(400, "thousand", lambda: a(T4, BS, "Borrowings", "FY2023") - a(T4, BS, "Borrowings", "FY2024"))),
    ("And the overdraft?", NONE),
    ("What's the debt-to-equity ratio at the end of FY2024?",
     N(0.37, "", lambda: a(T4, BS, "Borrowings", "FY2024") / a(T4, BS, "Total equity", "FY2024"))),
    ("How much did we pay out in dividends?", N(txt_num(F4, "six hundred thousand pounds", 600), "thousand", None)),
])
assert "overdraft" not in TEXT[F4].lower()

# --- Table 5 (held)
t = [tabref(F5)]
add_c(HELD, t, F5, [
    ("How much Kingston Black did we pick in 2024?", N(29.8, "", lambda: a(T5, "Kingston Black", "2024 harvest (t)"))),
    ("And in 2023?", N(41.2, "", lambda: a(T5, "Kingston Black", "2023 harvest (t)"))),
    ("How much did it drop?",
     N(11.4, "", lambda: a(T5, "Kingston Black", "2023 harvest (t)") - a(T5, "Kingston Black", "2024 harvest (t)"))),
    ("What caused such a poor 2024 crop?", TX("late frost", F5)),
    ("What share of the 2024 total did Kingston Black make up?",
     N(22.24, "percent", lambda: pct(a(T5, "Kingston Black", "2024 harvest (t)") / a(T5, "Total", "2024 harvest (t)")))),
])
add_c(HELD, t, F5, [
    ("How many Foxwhelp trees have we got?", N(190, "", lambda: a(T5, "Foxwhelp", "Trees"))),
    ("And Ellis Bitter?", N(280, "", lambda: a(T5, "Ellis Bitter", "Trees"))),
    ("Both together?", N(470, "", lambda: a(T5, "Foxwhelp", "Trees") + a(T5, "Ellis Bitter", "Trees"))),
    ("What was the whole orchard's harvest in 2022?", N(161.0, "", lambda: a(T5, "Total", "2022 harvest (t)"))),
    ("Which year was the biggest?", PER("2023")),
])
assert max(["2022", "2023", "2024"], key=lambda y: a(T5, "Total", f"{y} harvest (t)")) == "2023"
add_c(HELD, t, F5, [
    ("What did the Yarlington Mill trees yield in 2022?", N(30.2, "", lambda: a(T5, "Yarlington Mill", "2022 harvest (t)"))),
    ("And in 2021?", NONE),
    ("What's its average over the three years we have?",
     N(28.17, "", lambda: sum(a(T5, "Yarlington Mill", f"{y} harvest (t)") for y in ["2022", "2023", "2024"]) / 3)),
    ("How many more Dabinett trees are we planting?", N(txt_num(F5, "Three hundred more Dabinett", 300), "", None)),
    ("And how many Dabinett trees are there now?", N(610, "", lambda: a(T5, "Dabinett", "Trees"))),
])

# --- Table 6 (tune)
t = [tabref(F6)]
add_c(TUNE, t, F6, [
    ("How much did we bill for surgery in the first half of 2024?", N(980, "thousand", lambda: a(T6, "Surgery and procedures", H1_24))),
    ("And a year earlier?", N(860, "thousand", lambda: a(T6, "Surgery and procedures", H1_23))),
    ("What's the growth in percent?",
     N(13.95, "percent", lambda: pct((a(T6, "Surgery and procedures", H1_24) - a(T6, "Surgery and procedures", H1_23))
                                     / a(T6, "Surgery and procedures", H1_23)))),
    ("What was behind the rise?", TX("hired an orthopaedic surgeon", F6)),
    ("What share of H1 2024 revenue came from surgery?",
     N(34.45, "percent", lambda: pct(a(T6, "Surgery and procedures", H1_24) / a(T6, "Total revenue", H1_24)))),
])
add_c(TUNE, t, F6, [
    ("What was operating profit in H2 2023?", N(630, "thousand", lambda: a(T6, "Operating profit", H2_23))),
    ("And in H2 2024?", N(745, "thousand", lambda: a(T6, "Operating profit", H2_24))),
    ("How much did it improve?",
     N(115, "thousand", lambda: a(T6, "Operating profit", H2_24) - a(T6, "Operating profit", H2_23))),
    ("What was the operating margin in H2 2024?",
     N(24.96, "percent", lambda: pct(a(T6, "Operating profit", H2_24) / a(T6, "Total revenue", H2_24)))),
    ("What did operating profit come to for 2023 as a whole?",
     N(1200, "thousand", lambda: a(T6, "Operating profit", H1_23) + a(T6, "Operating profit", H2_23))),
])
add_c(TUNE, t, F6, [
    ("What did the drugs and supplies bill come to in the second half of 2024?",
     N(615, "thousand", lambda: -a(T6, "Drugs and consumables", H2_24))),
    ("And in the first half of 2025?", NONE),
    ("What about the first half of 2023?", N(520, "thousand", lambda: -a(T6, "Drugs and consumables", H1_23))),
    ("What's the average across all four half-years?",
     N(571.25, "thousand", lambda: -sum(a(T6, "Drugs and consumables", h) for h in H) / 4)),
    ("Roughly how many staff does the group employ?", N(txt_num(F6, "forty-five staff", 45), "", None)),
])

assert len(convs) == 18
# halves by table: the first table's half decides
for c in convs + questions:
    f = c["tables"][0]["file"]
    assert c["half"] == (HELD if f in (F1, F3, F5) else TUNE), c["id"]
n_none = sum(any(tn["expected"]["kind"] == "none" for tn in c["turns"]) for c in convs)
assert n_none == 6, n_none

with open(p("questions.jsonl"), "w") as f:
    for q in questions:
        f.write(json.dumps(q) + "\n")
with open(p("conversations.jsonl"), "w") as f:
    for c in convs:
        f.write(json.dumps(c) + "\n")

from collections import Counter
print("questions:", Counter(q["half"] for q in questions))
print("conversations:", Counter(c["half"] for c in convs),
      "turns:", sum(len(c["turns"]) for c in convs))
print("kinds (questions):", Counter(q["expected"]["kind"] for q in questions))
print("kinds (turns):", Counter(tn["expected"]["kind"] for c in convs for tn in c["turns"]))
