"""Reads set W's tables back, recomputes every expected answer, checks the tables' arithmetic,
and writes questions.jsonl and conversations.jsonl."""
import json
import os
import re

import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "W"


def p(name):
    return os.path.join(HERE, name)


# ------------------------------------------------------------------ readers
def num(s):
    """'(1,204)' -> -1204.0, '1,204' -> 1204.0, '-' -> None."""
    s = str(s).strip().replace("**", "").replace(",", "")
    if s in ("", "-", "—", "nan", "None"):
        return None
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def read_csv(name):
    df = pd.read_csv(p(name), index_col=0)
    return {str(r): {str(c): float(df.loc[r, c]) for c in df.columns} for r in df.index}


def read_md(name):
    rows = [l.strip() for l in open(p(name)) if l.strip().startswith("|")]
    cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows]
    header = cells[0]
    out = {}
    for r in cells[1:]:
        if all(re.fullmatch(r":?-+:?", c) for c in r):
            continue
        label = r[0].replace("**", "").strip()
        out[label] = {header[i]: num(r[i]) for i in range(1, len(header))}
    return out


def read_xlsx(name, sheet):
    ws = load_workbook(p(name), data_only=True)[sheet]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    h = next(i for i, r in enumerate(rows) if sum(c is not None for c in r) > 1)
    header = rows[h]
    out = {}
    for r in rows[h + 1:]:
        if r[0] is None:
            continue
        out[str(r[0])] = {str(header[i]): float(r[i]) for i in range(1, len(header)) if header[i] is not None}
    return out


BREW = "W_copperkettle_2024_quarterly.csv"
DENT = "W_harbourview_dental_h1_2024.xlsx"
RAIL = "W_fenmoor_rail_quarterly.csv"
PORT = "W_kellridge_port_fy.xlsx"
UNI = "W_northgate_marinebio_modules.md"
SOLAR = "W_sunridge_solar_halfyear.md"

b = read_csv(BREW)
d = read_xlsx(DENT, "Monthly KPIs")
r = read_csv(RAIL)
pl = read_xlsx(PORT, "P&L")
bs = read_xlsx(PORT, "Balance sheet")
u = read_md(UNI)
s = read_md(SOLAR)

TEXT = {f: open(p(os.path.splitext(f)[0] + ".txt")).read() for f in (BREW, DENT, RAIL, PORT, UNI, SOLAR)}
HALF = {BREW: "held", RAIL: "held", UNI: "held", DENT: "tune", PORT: "tune", SOLAR: "tune"}


# ------------------------------------------------------------------ internal arithmetic checks
def close(a, b_, tol=1e-6):
    return abs(a - b_) < tol


Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
for row in b.values():
    assert close(sum(row[q] for q in Q), row["Total 2024"]), row
for c in Q + ["Total 2024"]:
    assert close(b["Revenue"][c] + b["Cost of goods sold"][c], b["Gross profit"][c])
    assert close(b["Gross profit"][c] + b["Marketing"][c] + b["Wages and salaries"][c]
                 + b["Taproom rent and utilities"][c], b["Operating profit"][c])

for k in r:
    assert r[k]["trains_cancelled"] < r[k]["trains_planned"]
for k in d["Patient visits"]:
    assert d["Hygiene appointments"][k] < d["Patient visits"][k]
    assert d["New patients"][k] < d["Patient visits"][k]

for y in ["FY2022", "FY2023", "FY2024"]:
    assert close(pl["Cargo handling fees"][y] + pl["Port dues"][y] + pl["Property rental income"][y],
                 pl["Total revenue"][y])
    assert close(pl["Total revenue"][y] - pl["Staff costs"][y] - pl["Maintenance and operations"][y]
                 - pl["Depreciation"][y], pl["Operating profit"][y])
    assert close(pl["Operating profit"][y] - pl["Net finance cost"][y], pl["Profit before tax"][y])
    assert close(bs["Property, plant and equipment"][y] + bs["Trade receivables"][y]
                 + bs["Cash and cash equivalents"][y], bs["Total assets"][y])
    assert close(bs["Borrowings"][y] + bs["Trade payables"][y] + bs["Equity"][y],
                 bs["Total liabilities and equity"][y])
    assert close(bs["Total assets"][y], bs["Total liabilities and equity"][y])

mods = [k for k in u if k != "Total"]
for c in ["Enrolled", "Passed", "Failed", "Withdrawn"]:
    assert close(sum(u[m][c] for m in mods), u["Total"][c])
for m in mods + ["Total"]:
    assert close(u[m]["Passed"] + u[m]["Failed"] + u[m]["Withdrawn"], u[m]["Enrolled"])

H = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
for h in H:
    assert close(s["Residential system sales"][h] + s["Commercial system sales"][h]
                 + s["Maintenance contracts"][h], s["Total revenue"][h])
    assert close(s["Total revenue"][h] + s["Panels, inverters and mounting"][h] + s["Installer wages"][h],
                 s["Gross profit"][h])
    assert close(s["Gross profit"][h] + s["Overheads"][h], s["Operating profit"][h])


# ------------------------------------------------------------------ helpers
def pct(new, old):
    return (new - old) / old * 100


def tables(f, sheets=None):
    if sheets:
        return [{"file": f, "sheet": sh} for sh in sheets]
    return [{"file": f, "sheet": None}]


def N(value, scale, computed):
    assert round(computed, 2) == round(value, 2), (value, computed)
    return {"kind": "number", "value": float(value), "scale": scale}


def T(value, f):
    assert value.lower() in " ".join(TEXT[f].split()).lower(), (value, f)
    return {"kind": "text", "value": value}


def TROW(value, computed):
    # a text answer that is a row label found by a comparison over the table
    assert value == computed, (value, computed)
    return {"kind": "text", "value": value}


def P(value, computed):
    assert value == computed, (value, computed)
    return {"kind": "period", "value": value}


def NONE(f, probes):
    # the asked-for period/row must not appear in the table file or its text
    tbl = open(p(f), "rb").read().decode("latin-1") if not f.endswith(".xlsx") else ""
    if f.endswith(".xlsx"):
        wb = load_workbook(p(f))
        tbl = " ".join(str(c) for ws in wb for row in ws.iter_rows(values_only=True) for c in row)
    for probe in probes:
        assert probe.lower() not in tbl.lower(), probe
        assert probe.lower() not in TEXT[f].lower(), probe
    return {"kind": "none"}


def argmax(d_):
    return max(d_, key=d_.get)


def argmin(d_):
    return min(d_, key=d_.get)


questions = []


def add(f, question, expected, why, sheets=None):
    n = len(questions) + 1
    questions.append({
        "id": f"{SET}-{n:02d}", "half": HALF[f], "tables": tables(f, sheets),
        "text": os.path.splitext(f)[0] + ".txt", "question": question, "expected": expected, "why": why,
    })


# ------------------------------------------------------------------ 1. brewery (held)
f = BREW
add(f, "What was Copperkettle's revenue in Q3 2024?",
    N(2675, "thousand", b["Revenue"]["Q3 2024"]), "Revenue row, Q3 2024 column (USD thousands).")
add(f, "How much did the brewery spend on marketing over the whole of 2024?",
    N(755, "thousand", -b["Marketing"]["Total 2024"]),
    "Marketing, Total 2024 column = -755 (shown negative); spend is the positive amount 755.")
add(f, "what was the gross margin for the full year",
    N(57.84, "percent", b["Gross profit"]["Total 2024"] / b["Revenue"]["Total 2024"] * 100),
    "Gross profit 5223 / revenue 9030 = 57.84%.")
add(f, "By what % did revenue grow from the first quarter to the second quarter of 2024?",
    N(25.54, "percent", pct(b["Revenue"]["Q2 2024"], b["Revenue"]["Q1 2024"])),
    "(2310 - 1840) / 1840 = 25.54%.")
add(f, "Which quarter had the highest operating profit?",
    P("Q3 2024", argmax({q: b["Operating profit"][q] for q in Q})), "Operating profit peaks at 781 in Q3 2024.")
add(f, "What were average quarterly wages and salaries across the four quarters?",
    N(434.25, "thousand", -sum(b["Wages and salaries"][q] for q in Q) / 4),
    "Wages shown negative: (410 + 432 + 455 + 440) / 4 = 434.25 (positive amount).")
add(f, "Why were third-quarter sales so strong at Copperkettle?",
    T("launch of Harbor Haze", f), "Text: Q3 sales lifted by the launch of Harbor Haze, a summer IPA.")
add(f, "What was Copperkettle's revenue in Q4 2023?",
    NONE(f, ["Q4 2023", "2023"]), "Table covers only the four quarters of 2024; text gives no 2023 figure.")

# ------------------------------------------------------------------ 2. dental (tune)
f = DENT
M = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
MONTHNAME = {"Jan 2024": "January 2024", "Feb 2024": "February 2024", "Mar 2024": "March 2024",
             "Apr 2024": "April 2024", "May 2024": "May 2024", "Jun 2024": "June 2024"}
add(f, "How many patient visits did Harbourview have in March 2024?",
    N(1305, "", d["Patient visits"]["Mar 2024"]), "Patient visits row, Mar 2024 column.")
add(f, "What was the practice's total fee income for the first half of 2024?",
    N(929300, "", sum(d["Fee income (GBP)"][m] for m in M)),
    "Sum of fee income Jan-Jun 2024: 148620+139480+161250+153900+167340+158710 = 929300 GBP.")
add(f, "Which month brought in the most new patients?",
    P("May 2024", MONTHNAME[argmax(d["New patients"])]), "New patients peak at 90 in May 2024.")
add(f, "whats the average fee income per patient visit in May",
    N(125.82, "", d["Fee income (GBP)"]["May 2024"] / d["Patient visits"]["May 2024"]),
    "167340 / 1330 = 125.82 GBP per visit.")
add(f, "How much did missed appointments fall from February to March?",
    N(13, "", d["Missed appointments"]["Feb 2024"] - d["Missed appointments"]["Mar 2024"]),
    "52 - 39 = 13 (asked as a fall, so positive).")
add(f, "Who joined the practice as a dentist in April 2024?",
    T("Tomasz Nowak", f), "Text: Dr Tomasz Nowak joined in April 2024.")
add(f, "On average, how many new patients did the practice register per month between January and June?",
    N(73.67, "", sum(d["New patients"][m] for m in M) / 6), "(64+58+81+72+90+77) / 6 = 442 / 6 = 73.67.")
add(f, "How many patient visits were there in July 2024?",
    NONE(f, ["Jul 2024", "July"]), "Data stops at June 2024; text gives no July figure.")

# ------------------------------------------------------------------ 3. rail (held)
f = RAIL
add(f, "What was Fenmoor Valley's fare revenue in Q3 2023?",
    N(11986900, "", r["2023Q3"]["fare_revenue_gbp"]), "fare_revenue_gbp for 2023Q3, in GBP.")
add(f, "total passenger journeys in 2023?",
    N(8005600, "", sum(r[q]["passenger_journeys"] for q in ["2023Q1", "2023Q2", "2023Q3", "2023Q4"])),
    "1842300 + 2015800 + 2187400 + 1960100 = 8005600.")
add(f, "What was the average fare revenue per passenger journey in the first quarter of 2024?",
    N(5.5, "", r["2024Q1"]["fare_revenue_gbp"] / r["2024Q1"]["passenger_journeys"]),
    "10478800 / 1905600 = 5.50 GBP per journey.")
add(f, "Which quarter had the worst punctuality?",
    P("Q4 2023", (lambda k: f"Q{k[-1]} {k[:4]}")(argmin({k: r[k]["punctuality_pct"] for k in r}))),
    "Lowest punctuality_pct is 85.3 in 2023Q4.")
add(f, "What percentage of planned trains were cancelled in Q4 2023?",
    N(2.83, "percent", r["2023Q4"]["trains_cancelled"] / r["2023Q4"]["trains_planned"] * 100),
    "421 / 14880 = 2.83%.")
add(f, "By what percentage did fare revenue in Q2 2024 exceed Q2 2023?",
    N(6.74, "percent", pct(r["2024Q2"]["fare_revenue_gbp"], r["2023Q2"]["fare_revenue_gbp"])),
    "(11647800 - 10912300) / 10912300 = 6.74%.")
add(f, "What caused the spike in cancellations at the end of 2023?",
    T("signalling failure at Marsh Junction", f), "Text: a signalling failure at Marsh Junction on 14 November.")
add(f, "What was punctuality in Q3 2024?",
    NONE(f, ["2024Q3", "Q3 2024"]), "Export ends at 2024Q2; no Q3 2024 punctuality anywhere.")

# ------------------------------------------------------------------ 4. port (tune)
f = PORT
PLS, BSS, BOTH = ["P&L"], ["Balance sheet"], ["P&L", "Balance sheet"]
add(f, "What was the Port of Kellridge's total revenue in FY2023?",
    N(137.9, "million", pl["Total revenue"]["FY2023"]), "P&L, Total revenue, FY2023 (EUR million).", PLS)
add(f, "How much did staff costs go up from FY2023 to FY2024?",
    N(2.7, "million", pl["Staff costs"]["FY2024"] - pl["Staff costs"]["FY2023"]), "46.9 - 44.2 = 2.7.", PLS)
add(f, "What was the operating margin in FY2024?",
    N(33.13, "percent", pl["Operating profit"]["FY2024"] / pl["Total revenue"]["FY2024"] * 100),
    "48.8 / 147.3 = 33.13%.", PLS)
add(f, "What was net debt (borrowings minus cash) at the end of FY2024?",
    N(144.4, "million", bs["Borrowings"]["FY2024"] - bs["Cash and cash equivalents"]["FY2024"]),
    "Balance sheet: 180.0 - 35.6 = 144.4.", BSS)
add(f, "What share of FY2024 revenue came from cargo handling fees?",
    N(66.4, "percent", pl["Cargo handling fees"]["FY2024"] / pl["Total revenue"]["FY2024"] * 100),
    "97.8 / 147.3 = 66.40%.", PLS)
add(f, "What was the return on assets in FY2024, using profit before tax over year-end total assets?",
    N(7.72, "percent", pl["Profit before tax"]["FY2024"] / bs["Total assets"]["FY2024"] * 100),
    "P&L profit before tax 40.9 / balance sheet total assets 529.9 = 7.72%.", BOTH)
add(f, "Why did depreciation increase in FY2024?",
    T("new Berth 7 container terminal was commissioned", f),
    "Text: depreciation rose because the new Berth 7 container terminal was commissioned in October 2023.", PLS)
add(f, "How much property rental income did the port earn in FY2021?",
    NONE(f, ["FY2021", "2021"]), "Workbook covers FY2022-FY2024 only; text has no FY2021 figure.", PLS)

# ------------------------------------------------------------------ 5. university (held)
f = UNI
add(f, "How many students enrolled on Ocean Chemistry?",
    N(98, "", u["MB140 Ocean Chemistry"]["Enrolled"]), "MB140 Ocean Chemistry, Enrolled.")
add(f, "What was the overall pass rate across the department's modules this term?",
    N(86.71, "percent", u["Total"]["Passed"] / u["Total"]["Enrolled"] * 100),
    "Total row: passed 411 / enrolled 474 = 86.71%.")
add(f, "Which module had the highest average mark?",
    TROW("MB235 Coastal Field Methods", argmax({m: u[m]["Average mark (%)"] for m in mods})),
    "Average mark peaks at 71.8 for MB235 Coastal Field Methods (a row label of the table, not the text).")
add(f, "what share of all enrolments were on MB101?",
    N(29.96, "percent", u["MB101 Introduction to Marine Ecology"]["Enrolled"] / u["Total"]["Enrolled"] * 100),
    "142 / 474 = 29.96%.")
add(f, "What's the fail rate for MB140?",
    N(12.24, "percent", u["MB140 Ocean Chemistry"]["Failed"] / u["MB140 Ocean Chemistry"]["Enrolled"] * 100),
    "Failed 12 / enrolled 98 = 12.24%.")
add(f, "How many students withdrew from Ocean Chemistry?",
    N(6, "", u["MB140 Ocean Chemistry"]["Withdrawn"]), "MB140 Ocean Chemistry, Withdrawn.")
add(f, "Who is head of the marine biology department?",
    T("Elaine Murdoch", f), "Text: the head of department is Professor Elaine Murdoch.")
add(f, "What was the average mark in MB101 in the autumn 2023 term?",
    NONE(f, ["autumn 2023", "autumn term 2023"]), "Only autumn term 2024 results are given.")

# ------------------------------------------------------------------ 6. solar (tune)
f = SOLAR
add(f, "What was Sunridge's total revenue in H2 2024?",
    N(11716, "thousand", s["Total revenue"]["H2 2024"]), "Total revenue, H2 2024 (AUD thousands).")
add(f, "How much did Sunridge spend on panels, inverters and mounting in 2024?",
    N(12345, "thousand", -(s["Panels, inverters and mounting"]["H1 2024"] + s["Panels, inverters and mounting"]["H2 2024"])),
    "Shown in brackets: 5785 + 6560 = 12345 (positive amount spent).")
add(f, "Which half-year had the lowest gross profit?",
    P("H1 2023", argmin(s["Gross profit"])), "Gross profit lowest at 1775 in H1 2023.")
add(f, "operating margin in the second half of 2023?",
    N(13.14, "percent", s["Operating profit"]["H2 2023"] / s["Total revenue"]["H2 2023"] * 100),
    "1273 / 9690 = 13.14%.")
add(f, "By what percentage did commercial system sales grow from H2 2023 to H2 2024?",
    N(47.77, "percent", pct(s["Commercial system sales"]["H2 2024"], s["Commercial system sales"]["H2 2023"])),
    "(3310 - 2240) / 2240 = 47.77%.")
add(f, "how many installs did sunridge complete in the second half of 2024",
    N(531, "", s["Installations completed (number)"]["H2 2024"]),
    "Installations completed (number), H2 2024 = 531 (a count, not in thousands).")
add(f, "Why did residential sales dip in the first half of 2024?",
    T("Home Solar Bonus rebate ended", f), "Text: the state's Home Solar Bonus rebate ended in February 2024.")
add(f, "What was total revenue in H1 2022?",
    NONE(f, ["H1 2022", "2022"]), "Table starts at H1 2023; no 2022 figures in table or text.")

# ------------------------------------------------------------------ conversations
convs = []


def conv(f, turns, sheets=None):
    convs.append({"id": f"{SET}-conv-{len(convs) + 1}", "half": HALF[f], "tables": tables(f, sheets),
                  "text": os.path.splitext(f)[0] + ".txt",
                  "turns": [{"question": q, "expected": e} for q, e in turns]})


op = b["Operating profit"]
conv(BREW, [
    ("What was Copperkettle's operating profit in Q2 2024?", N(600, "thousand", op["Q2 2024"])),
    ("And in Q4?", N(554, "thousand", op["Q4 2024"])),
    ("How much did it change between those two quarters?", N(-46, "thousand", op["Q4 2024"] - op["Q2 2024"])),
    ("In percentage terms?", N(-7.67, "percent", pct(op["Q4 2024"], op["Q2 2024"]))),
    ("What share of the full-year operating profit did Q4 account for?",
     N(23.76, "percent", op["Q4 2024"] / op["Total 2024"] * 100)),
])

hy, pv = d["Hygiene appointments"], d["Patient visits"]
conv(DENT, [
    ("How many hygiene appointments did Harbourview have in January 2024?", N(388, "", hy["Jan 2024"])),
    ("And in June?", N(415, "", hy["Jun 2024"])),
    ("What's the percentage increase?", N(6.96, "percent", pct(hy["Jun 2024"], hy["Jan 2024"]))),
    ("What about patient visits over the same months, how much did they change?",
     N(72, "", pv["Jun 2024"] - pv["Jan 2024"])),
    ("What share of June's visits were hygiene appointments?", N(32.32, "percent", hy["Jun 2024"] / pv["Jun 2024"] * 100)),
])

conv(RAIL, [
    ("How many passenger journeys did Fenmoor Valley carry in Q2 2023?",
     N(2015800, "", r["2023Q2"]["passenger_journeys"])),
    ("And a year later?", N(2098700, "", r["2024Q2"]["passenger_journeys"])),
    ("What's the change?", N(82900, "", r["2024Q2"]["passenger_journeys"] - r["2023Q2"]["passenger_journeys"])),
    ("As a percentage?", N(4.11, "percent", pct(r["2024Q2"]["passenger_journeys"], r["2023Q2"]["passenger_journeys"]))),
    ("What about fare revenue over the same period, how much did it change?",
     N(735500, "", r["2024Q2"]["fare_revenue_gbp"] - r["2023Q2"]["fare_revenue_gbp"])),
])

pbt, eq = pl["Profit before tax"], bs["Equity"]
conv(PORT, [
    ("What was the port's profit before tax in FY2022?", N(34.5, "million", pbt["FY2022"])),
    ("And in FY2024?", N(40.9, "million", pbt["FY2024"])),
    ("What's the growth over that period in percent?", N(18.55, "percent", pct(pbt["FY2024"], pbt["FY2022"]))),
    ("And what was equity at the end of FY2024?", N(333.8, "million", eq["FY2024"])),
    ("How much did it grow compared with the year before?", N(19.6, "million", eq["FY2024"] - eq["FY2023"])),
], BOTH)

fp, mg = u["MB210 Fish Physiology"], u["MB310 Marine Genomics"]
conv(UNI, [
    ("How many students passed Fish Physiology?", N(69, "", fp["Passed"])),
    ("And how many enrolled on it?", N(76, "", fp["Enrolled"])),
    ("So what's the pass rate?", N(90.79, "percent", fp["Passed"] / fp["Enrolled"] * 100)),
    ("How about for Marine Genomics?", N(85.37, "percent", mg["Passed"] / mg["Enrolled"] * 100)),
    ("And how many withdrew from it?", N(2, "", mg["Withdrawn"])),
])

ov, iw = s["Overheads"], s["Installer wages"]
conv(SOLAR, [
    ("What were Sunridge's overheads in H1 2023?", N(920, "thousand", -ov["H1 2023"])),
    ("And in H2 2024?", N(1105, "thousand", -ov["H2 2024"])),
    ("How much did they increase?", N(185, "thousand", -(ov["H2 2024"] - ov["H1 2023"]))),
    ("What about installer wages over the same halves, what was the increase?",
     N(478, "thousand", -(iw["H2 2024"] - iw["H1 2023"]))),
    ("In percentage terms?", N(29.15, "percent", pct(iw["H2 2024"], iw["H1 2023"]))),
])

# ------------------------------------------------------------------ sanity on the set and write
assert len(questions) == 48 and len(convs) == 6
for f_ in (BREW, DENT, RAIL, PORT, UNI, SOLAR):
    qs = [q for q in questions if q["tables"][0]["file"] == f_]
    assert len(qs) == 8
    assert sum(q["expected"]["kind"] == "none" for q in qs) == 1
ids = [q["id"] for q in questions] + [c["id"] for c in convs]
assert len(set(ids)) == len(ids)

with open(p("questions.jsonl"), "w") as fh:
    for q in questions:
        fh.write(json.dumps(q) + "\n")
with open(p("conversations.jsonl"), "w") as fh:
    for c in convs:
        fh.write(json.dumps(c) + "\n")

from collections import Counter
print("questions:", len(questions), Counter(q["half"] for q in questions))
print("kinds:", Counter(q["expected"]["kind"] for q in questions))
print("conversations:", len(convs), Counter(c["half"] for c in convs))
