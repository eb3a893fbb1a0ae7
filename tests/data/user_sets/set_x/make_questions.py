"""Reads the six tables back, recomputes every expected number, checks the tables' own
arithmetic and the text answers, and writes questions.jsonl and conversations.jsonl."""
import json
import os
import re

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "x"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """Parse '1,234', '(1,234)', '**1,234**', '-5.2', 98.15 into a float."""
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace("*", "").replace(",", "").replace("£", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def read_csv_rows(path, index_col=0):
    df = pd.read_csv(path, dtype=str, index_col=index_col)
    return {str(r): {str(c): num(df.loc[r, c]) for c in df.columns} for r in df.index}


def read_md(path):
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
        out[r[0].replace("*", "")] = {h: num(v) for h, v in zip(header[1:], r[1:])}
    return out


def read_xlsx(path, sheet):
    ws = openpyxl.load_workbook(path, data_only=True)[sheet]
    vals = list(ws.iter_rows(values_only=True))
    header = vals[0]
    return {r[0]: {h: num(v) for h, v in zip(header[1:], r[1:])} for r in vals[1:]}


def close(a, b, tol=0.005):
    return abs(a - b) <= tol


# ---------------------------------------------------------------- load
T1F, T2F, T3F = "harbourline_quarterly_2024.csv", "riverside_rowing_membership.md", "moss_lane_weekly_sales.csv"
T4F, T5F, T6F = "kestrel_outdoor_fy.xlsx", "greenway_grant_spend.md", "orchard_close_utilities.csv"
t1 = read_csv_rows(p(T1F))
t2 = read_md(p(T2F))
t3 = read_csv_rows(p(T3F))
t4p = read_xlsx(p(T4F), "P&L")
t4b = read_xlsx(p(T4F), "Balance sheet")
t5 = read_md(p(T5F))
t6 = read_csv_rows(p(T6F))
TXT = {f: open(p(f.rsplit(".", 1)[0] + ".txt"), encoding="utf-8").read()
       for f in (T1F, T2F, T3F, T4F, T5F, T6F)}

Q = ["Three months ended 31 March 2024", "Three months ended 30 June 2024",
     "Three months ended 30 September 2024", "Three months ended 31 December 2024"]
QN = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
M2 = ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025"]
M2N = ["January 2025", "February 2025", "March 2025", "April 2025", "May 2025", "June 2025"]
W3 = list(t3.keys())
H5 = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
M6 = list(t6.keys())
M6N = ["October 2023", "November 2023", "December 2023", "January 2024", "February 2024", "March 2024"]

# ---------------------------------------------------------------- internal arithmetic
for c in Q:
    g = lambda r: t1[r][c]
    assert close(g("Revenue") + g("Cost of sales"), g("Gross profit"))
    assert close(g("Gross profit") + g("Distribution costs") + g("Administrative expenses"), g("Operating profit"))
    assert close(g("Operating profit") + g("Finance costs"), g("Profit before tax"))
prev = 180  # "one hundred and eighty members" at end of 2024, from the text
assert "one hundred and eighty members" in TXT[T2F]
for m in M2:
    g = lambda r: t2[r][m]
    assert g("Senior members") + g("Junior members") + g("Student members") + g("Social members") == g("Total members (month end)")
    assert prev + g("New joiners") - g("Leavers") == g("Total members (month end)")
    prev = g("Total members (month end)")
for w in W3:
    assert close(t3[w]["gross_sales_gbp"] - t3[w]["refunds_gbp"], t3[w]["net_sales_gbp"])
for c in ["FY2022", "FY2023", "FY2024"]:
    g = lambda r: t4p[r][c]
    assert close(g("Net sales") + g("Cost of goods sold"), g("Gross profit"), 0.05)
    assert close(g("Gross profit") + g("Operating expenses"), g("Operating income"), 0.05)
    assert close(g("Operating income") + g("Interest expense") + g("Income tax expense"), g("Net income"), 0.05)
for c in ["30 Jun 2023", "30 Jun 2024"]:
    g = lambda r: t4b[r][c]
    assert close(g("Cash and equivalents") + g("Inventories") + g("Trade receivables") + g("Property and equipment"), g("Total assets"), 0.05)
    assert close(g("Total liabilities") + g("Shareholders' equity"), g("Total liabilities and equity"), 0.05)
    assert close(g("Total assets"), g("Total liabilities and equity"), 0.05)
# equity roll-forward: 148.8 + 30.6 - 28.0 returned (text) = 151.4
assert close(t4b["Shareholders' equity"]["30 Jun 2023"] + t4p["Net income"]["FY2024"] - 28.0,
             t4b["Shareholders' equity"]["30 Jun 2024"], 0.05)
lines5 = [r for r in t5 if r != "Total"]
for col in H5 + ["Total spent", "Budget"]:
    assert sum(t5[r][col] for r in lines5) == t5["Total"][col]
for r in t5:
    assert sum(t5[r][h] for h in H5) == t5[r]["Total spent"]
assert t5["Total"]["Budget"] == 128000  # text: grant period; budget total
for m in M6:
    g = lambda c: t6[m][c]
    assert close(g("Electricity (£)") + g("Gas (£)") + g("Water (£)"), g("Total (£)"))

# ---------------------------------------------------------------- helpers for expectations
def N(value, computed, scale=""):
    assert close(value, round(computed, 2)), (value, computed)
    return {"kind": "number", "value": float(value), "scale": scale}


def T(value, file):
    assert value.lower() in TXT[file].lower(), value
    return {"kind": "text", "value": value}


def P(value, computed):
    assert value == computed, (value, computed)
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}


def argmax(keys, names, f):
    best = max(keys, key=f)
    return names[keys.index(best)]


pct = lambda a, b: a / b * 100

questions = []  # (file, sheets, question, expected, why)
convs = []


def tab(file, sheets=None):
    if sheets is None:
        return [{"file": file, "sheet": None}]
    return [{"file": file, "sheet": s} for s in sheets]


# ================================================================ 1. Harbourline (held)
r = lambda row, i: t1[row][Q[i]]
questions += [
    (T1F, None, "What was Harbourline's revenue in the three months to 30 June 2024?",
     N(13150, r("Revenue", 1), "thousand"), "Revenue row, June 2024 quarter column (GBP thousands)."),
    (T1F, None, "How much did the company spend on distribution costs in Q3 2024?",
     N(1405, -r("Distribution costs", 2), "thousand"), "Distribution costs, Sept 2024 quarter, shown as (1,405); given as a positive spend."),
    (T1F, None, "what was total revenu for 2024?",
     N(53260, sum(r("Revenue", i) for i in range(4)), "thousand"), "12,480 + 13,150 + 14,020 + 13,610."),
    (T1F, None, "What was the gross margin in the fourth quarter of 2024?",
     N(34.0, pct(r("Gross profit", 3), r("Revenue", 3)), "percent"), "Gross profit 4,628 / revenue 13,610 = 34.00%."),
    (T1F, None, "By what percentage did operating profit fall from Q3 to Q4 2024?",
     N(22.78, -pct(r("Operating profit", 3) - r("Operating profit", 2), r("Operating profit", 2)), "percent"),
     "(1,813 - 1,400) / 1,813 = 22.78%; asked as a fall, so positive."),
    (T1F, None, "Which quarter of 2024 had the highest profit before tax?",
     P("Q3 2024", argmax(Q, QN, lambda c: t1["Profit before tax"][c])), "PBT by quarter 1,067 / 1,331 / 1,608 / 1,181; max is Sept quarter."),
    (T1F, None, "Who is Harbourline's chief financial officer?",
     T("Priya Nandakumar", T1F), "Stated in the text."),
    (T1F, None, "What was Harbourline's revenue in the first quarter of 2023?",
     NONE, "The table covers only the four quarters of 2024; 2023 is not given."),
]
convs.append((T1F, None, [
    ("What were administrative expenses in the three months ended 31 December 2024?",
     N(1830, -r("Administrative expenses", 3), "thousand"), "(1,830) shown in brackets; positive spend."),
    ("And in the September quarter?", N(1688, -r("Administrative expenses", 2), "thousand"), "(1,688)."),
    ("How much did they change between those two quarters?",
     N(142, -r("Administrative expenses", 3) + r("Administrative expenses", 2), "thousand"), "1,830 - 1,688 (Dec quarter minus Sept quarter)."),
    ("In percentage terms?", N(8.41, pct(142, 1688), "percent"), "142 / 1,688 = 8.41%."),
    ("Why did they go up?", T("office relocation to Ipswich", T1F), "Text: one-off office relocation to Ipswich."),
]))

# ================================================================ 2. Riverside Rowing (tune)
g2 = lambda row, i: t2[row][M2[i]]
questions += [
    (T2F, None, "How many junior members did the club have at the end of March 2025?",
     N(47, g2("Junior members", 2)), "Junior members, Mar 2025."),
    (T2F, None, "total members in May?",
     N(230, g2("Total members (month end)", 4)), "Total members (month end), May 2025."),
    (T2F, None, "How many members did Riverside gain over the first six months of 2025, counting from where it finished 2024?",
     N(52, g2("Total members (month end)", 5) - 180), "232 at end of June minus 180 at end of 2024 (text, in words); equals joiners 75 - leavers 23."),
    (T2F, None, "What share of the club's members in June 2025 were seniors?",
     N(50.43, pct(g2("Senior members", 5), g2("Total members (month end)", 5)), "percent"), "117 / 232 = 50.43%."),
    (T2F, None, "What was the average monthly subscription income from January to June 2025?",
     N(3068.33, sum(g2("Subscriptions collected (GBP)", i) for i in range(6)) / 6), "18,410 / 6 = 3,068.33 (pounds)."),
    (T2F, None, "Which month had the most new joiners?",
     P("April 2025", argmax(M2, M2N, lambda m: t2["New joiners"][m])), "New joiners peak at 21 in Apr 2025."),
    (T2F, None, "What caused the jump in new joiners in April?",
     T("Learn to Row open weekend", T2F), "Stated in the text."),
    (T2F, None, "How many members did the club have at the end of September 2025?",
     NONE, "The table stops at June 2025."),
]
convs.append((T2F, None, [
    ("How many junior members did Riverside have in April 2025?", N(54, g2("Junior members", 3)), "Junior members, Apr 2025."),
    ("And in June?", N(61, g2("Junior members", 5)), "Junior members, Jun 2025."),
    ("How much did that go up by?", N(7, g2("Junior members", 5) - g2("Junior members", 3)), "61 - 54."),
    ("What's that as a percentage?", N(12.96, pct(7, 54), "percent"), "7 / 54 = 12.96%."),
    ("What number does the committee want to cap them at?", N(65, 65), "Text: cap junior membership at 65."),
]))
assert "cap junior membership at 65" in TXT[T2F]

# ================================================================ 3. Moss Lane (held)
g3 = lambda i, c: t3[W3[i]][c]
questions += [
    (T3F, None, "What were net sales in the week commencing 16 September 2024?",
     N(10125.45, g3(2, "net_sales_gbp")), "net_sales_gbp, index 2024-09-16."),
    (T3F, None, "How many coffees did the shop sell in the week of 7 October?",
     N(455, g3(5, "coffees_sold")), "coffees_sold, index 2024-10-07."),
    (T3F, None, "What was the average spend per transaction in the week commencing 30 Sept, based on net sales?",
     N(7.19, g3(4, "net_sales_gbp") / g3(4, "transactions")), "10,935.50 / 1,521 = 7.19."),
    (T3F, None, "How much was refunded in total over the six weeks?",
     N(317.8, sum(g3(i, "refunds_gbp") for i in range(6))), "62.10 + 45.00 + 88.35 + 30.20 + 51.75 + 40.40 = 317.80."),
    (T3F, None, "By how much did weekly newspaper sales fall between the first and the last week shown?",
     N(52, g3(0, "newspapers_sold") - g3(5, "newspapers_sold")), "655 - 603; asked as a fall, so positive."),
    (T3F, None, "In how many of the weeks did the shop have more than 1,450 transactions?",
     N(3, sum(1 for i in range(6) if g3(i, "transactions") > 1450)), "1,455, 1,521 and 1,476 exceed 1,450."),
    (T3F, None, "why was the week of 30 september so busy?",
     T("Moss Lane street festival", T3F), "Stated in the text."),
    (T3F, None, "What were net sales in the week commencing 14 October 2024?",
     NONE, "The last week in the table starts 7 October 2024."),
]
convs.append((T3F, None, [
    ("How many transactions did Moss Lane have in the week commencing 2 September 2024?", N(1412, g3(0, "transactions")), "transactions, 2024-09-02."),
    ("What about the week commencing 30 September?", N(1521, g3(4, "transactions")), "transactions, 2024-09-30."),
    ("What's the difference?", N(109, g3(4, "transactions") - g3(0, "transactions")), "1,521 - 1,412."),
    ("And as a percentage?", N(7.72, pct(109, 1412), "percent"), "109 / 1,412 = 7.72%."),
    ("How many coffees were sold that week?", N(466, g3(4, "coffees_sold")), "'that week' = w/c 30 September: 466."),
]))

# ================================================================ 4. Kestrel (tune)
pl = lambda row, fy: t4p[row][fy]
bs = lambda row, d: t4b[row][d]
questions += [
    (T4F, ["P&L"], "What were Kestrel's net sales in FY2023?",
     N(455.3, pl("Net sales", "FY2023"), "million"), "P&L, Net sales, FY2023 (USD millions)."),
    (T4F, ["Balance sheet"], "How much cash did Kestrel have at the end of fiscal 2024?",
     N(22.7, bs("Cash and equivalents", "30 Jun 2024"), "million"), "Balance sheet, cash at 30 Jun 2024."),
    (T4F, ["P&L"], "What was the gross margin in fiscal 2024?",
     N(40.01, pct(pl("Gross profit", "FY2024"), pl("Net sales", "FY2024")), "percent"), "175.6 / 438.9 = 40.01%."),
    (T4F, ["P&L"], "how much did net income drop from FY2023 to FY2024?",
     N(13.4, pl("Net income", "FY2023") - pl("Net income", "FY2024"), "million"), "44.0 - 30.6; asked as a drop, so positive."),
    (T4F, ["P&L", "Balance sheet"], "What was Kestrel's return on equity in FY2024, using net income over year-end shareholders' equity?",
     N(20.21, pct(pl("Net income", "FY2024"), bs("Shareholders' equity", "30 Jun 2024")), "percent"), "30.6 / 151.4 = 20.21%."),
    (T4F, ["P&L"], "In which fiscal year was operating income highest?",
     P("2023", argmax(["FY2022", "FY2023", "FY2024"], ["2022", "2023", "2024"], lambda c: pl("Operating income", c))),
     "Operating income 54.5 / 63.0 / 47.1; FY2023 highest."),
    (T4F, ["P&L"], "Why did sales dip in fiscal 2024?",
     T("warm, dry winter", T4F), "Stated in the text (warm, dry winter cut demand for insulated gear)."),
    (T4F, ["Balance sheet"], "What were Kestrel's inventories at 30 June 2022?",
     NONE, "The balance sheet has only 30 Jun 2023 and 30 Jun 2024."),
]
convs.append((T4F, ["Balance sheet"], [
    ("What were inventories at 30 June 2024?", N(118.5, bs("Inventories", "30 Jun 2024"), "million"), "Balance sheet, Inventories."),
    ("And a year earlier?", N(96.2, bs("Inventories", "30 Jun 2023"), "million"), "30 Jun 2023."),
    ("By how much did they increase?", N(22.3, 118.5 - 96.2, "million"), "118.5 - 96.2."),
    ("What percentage increase is that?", N(23.18, pct(22.3, 96.2), "percent"), "22.3 / 96.2 = 23.18%."),
    ("What share of total assets did they make up at the end of FY2024?",
     N(37.65, pct(bs("Inventories", "30 Jun 2024"), bs("Total assets", "30 Jun 2024")), "percent"), "118.5 / 314.7 = 37.65%."),
]))

# ================================================================ 5. Greenway (held)
g5 = lambda row, c: t5[row][c]
questions += [
    (T5F, None, "How much was spent on venue hire in H2 2023?",
     N(3450, g5("Venue hire", "H2 2023")), "Venue hire, H2 2023 (pounds)."),
    (T5F, None, "What was total spending in the first half of 2024?",
     N(31160, g5("Total", "H1 2024")), "Total row, H1 2024."),
    (T5F, None, "How much of the grant budget was left unspent at the end?",
     N(1800, g5("Total", "Budget") - g5("Total", "Total spent")), "Budget 128,000 - total spent 126,200."),
    (T5F, None, "What percentage of the training and materials budget was actually spent?",
     N(89.29, pct(g5("Training and materials", "Total spent"), g5("Training and materials", "Budget")), "percent"), "12,500 / 14,000 = 89.29%."),
    (T5F, None, "staff salaries as a share of total spend over the whole grant?",
     N(71.12, pct(g5("Staff salaries", "Total spent"), g5("Total", "Total spent")), "percent"), "89,750 / 126,200 = 71.12%."),
    (T5F, None, "Which half-year had the highest total spend?",
     P("H2 2024", argmax(H5, H5, lambda h: g5("Total", h))), "Totals 29,880 / 31,170 / 31,160 / 33,990."),
    (T5F, None, "Who carried out the evaluation?",
     T("Clearview Research", T5F), "Stated in the text."),
    (T5F, None, "How much did Greenway spend on venue hire in H1 2025?",
     NONE, "The grant and the table end with H2 2024."),
]
convs.append((T5F, None, [
    ("What did Greenway spend on staff salaries in H1 2023?", N(21400, g5("Staff salaries", "H1 2023")), "Staff salaries, H1 2023."),
    ("And in H2 2024?", N(23300, g5("Staff salaries", "H2 2024")), "Staff salaries, H2 2024."),
    ("How much higher is that?", N(1900, 23300 - 21400), "23,300 - 21,400."),
    ("What's the average per half-year for salaries across the grant?",
     N(22437.5, sum(g5("Staff salaries", h) for h in H5) / 4), "89,750 / 4."),
    ("What about venue hire?", N(3100, sum(g5("Venue hire", h) for h in H5) / 4), "Average venue hire per half: 12,400 / 4."),
]))

# ================================================================ 6. Orchard Close (tune)
g6 = lambda i, c: t6[M6[i]][c]
questions += [
    (T6F, None, "How much was the gas bill in December 2023?",
     N(110.25, g6(2, "Gas (£)")), "Gas (£), Dec 2023."),
    (T6F, None, "how many kWh of electricity did they use in feb 2024",
     N(287, g6(4, "Electricity (kWh)")), "Electricity (kWh), Feb 2024."),
    (T6F, None, "What did the household spend on utilities in total over the six months?",
     N(1276.05, sum(g6(i, "Total (£)") for i in range(6))), "Sum of the Total (£) column."),
    (T6F, None, "What did electricity cost per kWh in December 2023?",
     N(0.31, g6(2, "Electricity (£)") / g6(2, "Electricity (kWh)")), "104.80 / 342 = 0.306 -> 0.31 pounds per kWh."),
    (T6F, None, "By what % did the total bill fall from December 2023 to March 2024?",
     N(25.41, pct(g6(2, "Total (£)") - g6(5, "Total (£)"), g6(2, "Total (£)")), "percent"), "(249.55 - 186.15) / 249.55 = 25.41%; a fall, so positive."),
    (T6F, None, "Which month had the highest gas usage?",
     P("January 2024", argmax(M6, M6N, lambda m: t6[m]["Gas (kWh)"])), "Gas (kWh) peaks at 1,610 in Jan 2024."),
    (T6F, None, "When was the smart thermostat fitted?",
     T("20 January 2024", T6F), "Stated in the text."),
    (T6F, None, "What was the electricity bill for April 2024?",
     NONE, "The table ends in March 2024; the text only mentions a planned tariff switch in April."),
]
convs.append((T6F, None, [
    ("What was the electricity bill in November 2023?", N(92.35, g6(1, "Electricity (£)")), "Electricity (£), Nov 2023."),
    ("And gas that month?", N(86.40, g6(1, "Gas (£)")), "Gas (£), Nov 2023."),
    ("What were the two together?", N(178.75, g6(1, "Electricity (£)") + g6(1, "Gas (£)")), "92.35 + 86.40."),
    ("What share of that month's total bill is that?", N(83.82, pct(178.75, g6(1, "Total (£)")), "percent"), "178.75 / 213.25 = 83.82%."),
    ("How much more was that month's total bill than October's?", N(48.25, g6(1, "Total (£)") - g6(0, "Total (£)")), "213.25 - 165.00."),
]))

# ---------------------------------------------------------------- write
HALF = {T1F: "held", T2F: "tune", T3F: "held", T4F: "tune", T5F: "held", T6F: "tune"}


def stem_txt(f):
    return f.rsplit(".", 1)[0] + ".txt"


assert len(questions) == 48
with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
    for i, (file, sheets, q, exp, why) in enumerate(questions, 1):
        f.write(json.dumps({"id": f"{SET}-{i:02d}", "half": HALF[file], "tables": tab(file, sheets),
                            "text": stem_txt(file), "question": q, "expected": exp, "why": why},
                           ensure_ascii=False) + "\n")
with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
    for i, (file, sheets, turns) in enumerate(convs, 1):
        assert len(turns) == 5
        f.write(json.dumps({"id": f"{SET}-conv-{i}", "half": HALF[file], "tables": tab(file, sheets),
                            "text": stem_txt(file),
                            "turns": [{"question": q, "expected": e, "why": w} for q, e, w in turns]},
                           ensure_ascii=False) + "\n")

# per-table: exactly one "none"
from collections import Counter
nones = Counter(file for file, _, _, e, _ in questions if e["kind"] == "none")
assert all(nones[f] == 1 for f in HALF), nones
kinds = Counter(e["kind"] for _, _, _, e, _ in questions)
halves = Counter(HALF[file] for file, *_ in questions)
print("questions:", len(questions), dict(kinds), dict(halves))
print("conversations:", len(convs), Counter(HALF[c[0]] for c in convs))
