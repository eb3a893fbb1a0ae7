"""Reads the set H tables back, recomputes every expected value, checks the tables'
internal arithmetic and writes questions.jsonl and conversations.jsonl."""
import json
import os
import re
import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
p = lambda n: os.path.join(HERE, n)


def read_md(name):
    rows = []
    for line in open(p(name), encoding="utf-8"):
        line = line.strip()
        if not line.startswith("|") or re.match(r"^\|[-:| ]+\|$", line):
            continue
        rows.append([c.strip().replace("**", "") for c in line.strip("|").split("|")])
    header, body = rows[0], rows[1:]

    def num(s):
        s = s.replace(",", "")
        if s.startswith("(") and s.endswith(")"):
            return -float(s[1:-1])
        return float(s)
    return pd.DataFrame([[num(c) for c in r[1:]] for r in body],
                        index=[r[0] for r in body], columns=header[1:])


def read_sheet(ws):
    data = list(ws.values)
    return pd.DataFrame([r[1:] for r in data[1:]], index=[r[0] for r in data[1:]],
                        columns=list(data[0][1:]))


pct = lambda a, b: round(100.0 * a / b, 2)
r2 = lambda x: round(x, 2)

# ---- load ---------------------------------------------------------------------
t1 = pd.read_csv(p("candle_quarterly.csv"), index_col=0)
t2 = pd.read_csv(p("bakery_sales.csv"), index_col=0)
wb = load_workbook(p("ridgeback_fy.xlsx"))
assert wb.sheetnames == ["P&L", "Cash flow"]
pl, cf = read_sheet(wb["P&L"]), read_sheet(wb["Cash flow"])
t4 = read_md("library_loans.md")
t5 = read_md("copperleaf_halfyear.md")
t6 = pd.read_csv(p("ebike_models.csv"), index_col=0)

# ---- internal arithmetic --------------------------------------------------------
assert (t1.revenue_usd_k - t1.cogs_usd_k == t1.gross_profit_usd_k).all()
assert (t1.gross_profit_usd_k - t1.opex_usd_k == t1.operating_income_usd_k).all()
mcols = [c for c in t2.columns if c != "Total"]
assert (t2[mcols].sum(axis=1) == t2["Total"]).all()
assert (t2.drop("Total").sum() == t2.loc["Total"]).all()
for y in pl.columns:
    c = pl[y]
    assert c["Revenue"] + c["Cost of sales"] == c["Gross profit"]
    assert c["Gross profit"] + c[["Salaries", "Rent", "Marketing", "Depreciation", "Other operating expenses"]].sum() == c["Operating profit"]
    assert c["Operating profit"] + c["Interest expense"] == c["Profit before tax"]
    assert c["Profit before tax"] + c["Income tax"] == c["Net profit"]
    d = cf[y]
    assert d["Net profit"] == c["Net profit"] and d["Depreciation"] == -c["Depreciation"]
    assert d["Net profit"] + d["Depreciation"] + d["Change in working capital"] == d["Net cash from operating activities"]
    assert d["Purchase of equipment"] == d["Net cash used in investing activities"]
    assert d["New bank loan"] + d["Loan repayments"] + d["Dividends paid"] == d["Net cash from financing activities"]
    assert d["Net cash from operating activities"] + d["Net cash used in investing activities"] + d["Net cash from financing activities"] == d["Net change in cash"]
    assert d["Cash at beginning of year"] + d["Net change in cash"] == d["Cash at end of year"]
assert cf.loc["Cash at end of year", "FY2023"] == cf.loc["Cash at beginning of year", "FY2024"]
assert (t4.drop("Total loans").sum() == t4.loc["Total loans"]).all()
for c in t5.columns:
    s = t5[c]
    assert s["Patient fees"] + s["Insurance and ACC subsidies"] == s["Total revenue"]
    assert s[["Clinical staff costs", "Dental consumables", "Premises", "Administration"]].sum() == s["Total operating expenses"]
    assert s["Total revenue"] + s["Total operating expenses"] == s["Operating profit"]
assert len(t6) == 5

# ---- helpers --------------------------------------------------------------------
T = {
    1: ("held", [{"file": "candle_quarterly.csv", "sheet": None}], "candle_quarterly.txt"),
    2: ("tune", [{"file": "bakery_sales.csv", "sheet": None}], "bakery_sales.txt"),
    3: ("held", [{"file": "ridgeback_fy.xlsx", "sheet": "P&L"}], "ridgeback_fy.txt"),
    "3cf": ("held", [{"file": "ridgeback_fy.xlsx", "sheet": "Cash flow"}], "ridgeback_fy.txt"),
    "3both": ("held", [{"file": "ridgeback_fy.xlsx", "sheet": "P&L"}, {"file": "ridgeback_fy.xlsx", "sheet": "Cash flow"}], "ridgeback_fy.txt"),
    4: ("tune", [{"file": "library_loans.md", "sheet": None}], "library_loans.txt"),
    5: ("held", [{"file": "copperleaf_halfyear.md", "sheet": None}], "copperleaf_halfyear.txt"),
    6: ("tune", [{"file": "ebike_models.csv", "sheet": None}], "ebike_models.txt"),
}
TEXTS = {t[2]: open(p(t[2]), encoding="utf-8").read() for t in T.values()}


def N(hand, computed, scale=""):
    assert abs(float(hand) - float(computed)) < 1e-9, (hand, computed)
    return {"kind": "number", "value": float(hand), "scale": scale}


def TX(hand, must_appear_in):
    assert hand.lower() in " ".join(TEXTS[must_appear_in].split()).lower(), hand
    return {"kind": "text", "value": hand}


def PER(hand, computed):
    assert hand == computed, (hand, computed)
    return {"kind": "period", "value": hand}


NONE = {"kind": "none"}
qlabel = lambda q: f"Q{q[-1]} {q[:4]}"          # "2023-Q2" -> "Q2 2023"
MONTHS = {"Jul": "July", "Aug": "August", "Sep": "September", "Oct": "October", "Nov": "November", "Dec": "December"}
mlabel = lambda m: f"{MONTHS[m[:3]]} {m[4:]}"   # "Aug 2024" -> "August 2024"
H = {"Six months ended 31 Dec 2023": "H2 2023", "Six months ended 30 Jun 2024": "H1 2024", "Six months ended 31 Dec 2024": "H2 2024"}
H1_24, H2_24 = "Six months ended 30 Jun 2024", "Six months ended 31 Dec 2024"

Q = []


def q(tab, question, expected, why):
    half, tables, text = T[tab]
    Q.append({"id": f"h-{len(Q) + 1:02d}", "half": half, "tables": tables, "text": text,
              "question": question, "expected": expected, "why": why})


# ---- table 1 (held): Tallow & Pine quarterly, USD thousands -----------------------
q(1, "What was Tallow & Pine's revenue in 2024-Q3?",
  N(502, t1.loc["2024-Q3", "revenue_usd_k"], "thousand"), "revenue_usd_k for 2024-Q3")
q(1, "By what percentage did revenue grow in Q4 2024 compared with Q4 2023?",
  N(11.90, pct(t1.loc["2024-Q4", "revenue_usd_k"] - t1.loc["2023-Q4", "revenue_usd_k"], t1.loc["2023-Q4", "revenue_usd_k"]), "percent"),
  "(818 - 731) / 731 = 11.90%")
q(1, "what were our total sales for the whole of 2024?",
  N(2218, t1.loc[[x for x in t1.index if x.startswith("2024")], "revenue_usd_k"].sum(), "thousand"),
  "468 + 430 + 502 + 818")
q(1, "Gross margin in the first quarter of 2024?",
  N(58.97, pct(t1.loc["2024-Q1", "gross_profit_usd_k"], t1.loc["2024-Q1", "revenue_usd_k"]), "percent"),
  "gross profit 276 / revenue 468")
q(1, "Which quarter had the fewest orders?",
  PER("Q2 2023", qlabel(t1["orders"].idxmin())), "orders minimum 9,120 in 2023-Q2")
q(1, "What was the average revenue per order in Q4 2024, in dollars?",
  N(44.38, r2(t1.loc["2024-Q4", "revenue_usd_k"] * 1000 / t1.loc["2024-Q4", "orders"])),
  "818,000 USD / 18,430 orders = 44.38 dollars (per-unit, plain number)")
q(1, "Who did the company switch to for its soy wax?",
  TX("Greenfield Waxworks", "candle_quarterly.txt"), "text: switched supplier in April 2024")
q(1, "How much revenue did Tallow & Pine make in Q1 2025?",
  NONE, "table ends at 2024-Q4")

# ---- table 2 (tune): Millstone Bakery monthly sales, US dollars ---------------------
q(2, "How much did Millstone sell in cakes in November?",
  N(4470, t2.loc["Cakes", "Nov 2024"]), "Cakes, Nov 2024, dollars")
q(2, "Which month had the best total sales?",
  PER("December 2024", mlabel(t2.loc["Total", mcols].astype(float).idxmax())), "Total row max 39,770 in Dec 2024")
q(2, "What share of the six months' sales came from bread?",
  N(30.51, pct(t2.loc["Bread", "Total"], t2.loc["Total", "Total"]), "percent"), "54,410 / 178,320")
q(2, "On average, how much did coffee and drinks bring in per month?",
  N(5791.67, r2(t2.loc["Coffee & drinks", mcols].mean())), "34,750 / 6 months = 5,791.67 dollars")
q(2, "By how much percent did total sales rise from November to December?",
  N(22.82, pct(t2.loc["Total", "Dec 2024"] - t2.loc["Total", "Nov 2024"], t2.loc["Total", "Nov 2024"]), "percent"),
  "(39,770 - 32,380) / 32,380")
q(2, "In which month was catering weakest?",
  PER("August 2024", mlabel(t2.loc["Catering", mcols].astype(float).idxmin())), "Catering minimum 1,850 in Aug 2024")
q(2, "Why were August sales down?",
  TX("oven repairs", "bakery_sales.txt"), "text: Fore Street shop closed 12-18 August for oven repairs")
q(2, "How much did the bakery make from bagels in October?",
  NONE, "no bagel product line")

# ---- table 3 (held): Ridgeback xlsx, EUR thousands ----------------------------------
q(3, "What was Ridgeback's revenue in FY2024?",
  N(5360, pl.loc["Revenue", "FY2024"], "thousand"), "P&L Revenue FY2024")
q(3, "How much did revenue grow year on year in FY2024, in percent?",
  N(11.20, pct(pl.loc["Revenue", "FY2024"] - pl.loc["Revenue", "FY2023"], pl.loc["Revenue", "FY2023"]), "percent"),
  "(5,360 - 4,820) / 4,820")
q(3, "How much did we spend on marketing in FY2024?",
  N(230, -pl.loc["Marketing", "FY2024"], "thousand"), "Marketing shown as -230; given as positive amount spent")
q(3, "What was the net profit margin in FY2023?",
  N(6.10, pct(pl.loc["Net profit", "FY2023"], pl.loc["Revenue", "FY2023"]), "percent"), "294 / 4,820")
q("3cf", "How much was paid out in dividends over the two years combined?",
  N(140, -(cf.loc["Dividends paid", "FY2023"] + cf.loc["Dividends paid", "FY2024"]), "thousand"),
  "dividends -60 and -80 (outflows); 60 + 80 as a positive amount")
q("3both", "What was the ratio of operating cash flow to net profit in FY2024?",
  N(1.10, r2(cf.loc["Net cash from operating activities", "FY2024"] / pl.loc["Net profit", "FY2024"])),
  "411 / 374 = 1.10 (ratio, plain number)")
q(3, "Which bank lent Ridgeback the money for the new machine?",
  TX("Sparkasse Freiburg", "ridgeback_fy.txt"), "text: EUR 250 thousand loan")
q(3, "What was revenue in FY2022?",
  NONE, "only FY2023 and FY2024 are present")

# ---- table 4 (tune): Eastfield library loans ----------------------------------------
q(4, "How many e-books were borrowed in 2023?",
  N(48720, t4.loc["E-books", "2023"]), "E-books 2023")
q(4, "How much did digital audiobook loans increase between 2020 and 2024?",
  N(13680, t4.loc["Digital audiobooks", "2024"] - t4.loc["Digital audiobooks", "2020"]), "25,980 - 12,300")
q(4, "What was the percentage change in total loans from 2023 to 2024?",
  N(4.26, pct(t4.loc["Total loans", "2024"] - t4.loc["Total loans", "2023"], t4.loc["Total loans", "2023"]), "percent"),
  "(284,450 - 272,830) / 272,830")
q(4, "In 2024, what proportion of all loans were children's books?",
  N(26.65, pct(t4.loc["Children's books", "2024"], t4.loc["Total loans", "2024"]), "percent"), "75,810 / 284,450")
q(4, "Average yearly adult fiction loans over 2020-2024?",
  N(78100, r2(t4.loc["Adult fiction"].mean())), "390,500 / 5")
q(4, "In which year did DVD loans peak?",
  PER("2021", t4.loc["DVDs & Blu-ray"].idxmax()), "DVDs & Blu-ray max 11,620 in 2021")
q(4, "Why are the 2020 loan numbers so low?",
  TX("COVID-19 lockdown", "library_loans.txt"), "text: branches closed March-June 2020")
q(4, "How many items did the library lend in 2019?",
  NONE, "table starts in 2020")

# ---- table 5 (held): Copperleaf half-year, NZD thousands -----------------------------
q(5, "What was Copperleaf's total revenue for the six months ended 30 June 2024?",
  N(4035, t5.loc["Total revenue", H1_24], "thousand"), "Total revenue, six months ended 30 Jun 2024")
q(5, "How much did operating profit change from H1 2024 to H2 2024?",
  N(83, t5.loc["Operating profit", H2_24] - t5.loc["Operating profit", H1_24], "thousand"), "1,233 - 1,150")
q(5, "What was the operating margin in the second half of 2024?",
  N(28.53, pct(t5.loc["Operating profit", H2_24], t5.loc["Total revenue", H2_24]), "percent"), "1,233 / 4,322")
q(5, "How much revenue did we earn per patient visit in H2 2024 (NZ dollars)?",
  N(213.12, r2(t5.loc["Total revenue", H2_24] * 1000 / t5.loc["Patient visits (number)", H2_24])),
  "4,322,000 NZD / 20,280 visits = 213.12 (per-unit, plain number)")
q(5, "What did dental consumables cost us for calendar 2024 in total?",
  N(906, -(t5.loc["Dental consumables", H1_24] + t5.loc["Dental consumables", H2_24]), "thousand"),
  "(436) + (470) in brackets; 436 + 470 as a positive amount")
q(5, "Which half-year had the highest premises costs?",
  PER("H2 2024", H[(-t5.loc["Premises"]).idxmax()]), "Premises (352) in six months ended 31 Dec 2024")
q(5, "Why did premises costs go up in late 2024?",
  TX("new, larger lease for the Lower Hutt practice", "copperleaf_halfyear.txt"), "text: lease from 1 October 2024")
q(5, "What was total revenue in the six months ended 30 June 2023?",
  NONE, "first column is six months ended 31 Dec 2023")

# ---- table 6 (tune): Kinetic Trail e-bike models ------------------------------------
q(6, "Which model has the longest range?",
  {"kind": "text", "value": t6["Range (km)"].idxmax()},
  "Range (km) max 105")
assert Q[-1]["expected"]["value"] == "Trail T5"
q(6, "What was the warranty claim rate for the Folding F1 in 2024?",
  N(5.00, pct(t6.loc["Folding F1", "Warranty claims 2024"], t6.loc["Folding F1", "Units sold 2024"]), "percent"),
  "41 claims / 820 units")
q(6, "how much heavier is the Cargo K3 than the Folding F1?",
  N(15.5, r2(t6.loc["Cargo K3", "Weight (kg)"] - t6.loc["Folding F1", "Weight (kg)"])), "34.2 - 18.7 kg")
q(6, "What share of 2024 unit sales were the two Commuter models?",
  N(56.27, pct(t6.loc[["Commuter C1", "Commuter C2"], "Units sold 2024"].sum(), t6["Units sold 2024"].sum()), "percent"),
  "(1,240 + 980) / 3,945")
q(6, "What's the average customer rating across the line-up?",
  N(4.28, r2(t6["Customer rating (1-5)"].mean())), "(4.3 + 4.5 + 4.6 + 4.1 + 3.9) / 5")
q(6, "Which bike got the lowest customer rating?",
  {"kind": "text", "value": t6["Customer rating (1-5)"].idxmin()}, "rating minimum 3.9")
assert Q[-1]["expected"]["value"] == "Folding F1"
q(6, "What is going to replace the Folding F1?",
  TX("Folding F2", "ebike_models.txt"), "text: spring 2025, after hinge complaints")
q(6, "How many Cargo K3 bikes were sold in 2023?",
  NONE, "only 2024 unit sales are given")

# ---- conversations --------------------------------------------------------------------
C = []


def conv(tab, turns):
    half, tables, text = T[tab]
    C.append({"id": f"h-conv-{len(C) + 1}", "half": half, "tables": tables, "text": text,
              "turns": [{"question": a, "expected": b} for a, b in turns]})


g = t1["gross_profit_usd_k"]
conv(1, [
    ("What was Tallow & Pine's gross profit in Q3 2024?", N(296, g["2024-Q3"], "thousand")),
    ("And in the same quarter a year earlier?", N(265, g["2023-Q3"], "thousand")),
    ("How much did it change?", N(31, g["2024-Q3"] - g["2023-Q3"], "thousand")),
    ("In percentage terms?", N(11.70, pct(g["2024-Q3"] - g["2023-Q3"], g["2023-Q3"]), "percent")),
    ("What was the gross margin in Q3 2024?", N(58.96, pct(g["2024-Q3"], t1.loc["2024-Q3", "revenue_usd_k"]), "percent")),
])
pa = t2.loc["Pastries"]
conv(2, [
    ("How much did we take in pastries in October?", N(6880, pa["Oct 2024"])),
    ("And in December?", N(8950, pa["Dec 2024"])),
    ("What's the increase?", N(2070, pa["Dec 2024"] - pa["Oct 2024"])),
    ("What share of December's total sales was that pastry figure?", N(22.50, pct(pa["Dec 2024"], t2.loc["Total", "Dec 2024"]), "percent")),
    ("Which month had the lowest pastry sales?", PER("August 2024", mlabel(pa[mcols].astype(float).idxmin()))),
])
op3 = pl.loc["Operating profit"]
conv("3both", [
    ("What was Ridgeback's operating profit in FY2024?", N(530, op3["FY2024"], "thousand")),
    ("And the year before?", N(430, op3["FY2023"], "thousand")),
    ("What was the percentage increase?", N(23.26, pct(op3["FY2024"] - op3["FY2023"], op3["FY2023"]), "percent")),
    ("How much cash did operations generate in FY2024?", N(411, cf.loc["Net cash from operating activities", "FY2024"], "thousand")),
    ("And how much cash did they have at the end of that year?", N(571, cf.loc["Cash at end of year", "FY2024"], "thousand")),
])
tl = t4.loc["Total loans"]
conv(4, [
    ("How many loans did the library record in total in 2022?", N(259540, tl["2022"])),
    ("And the year before?", N(233940, tl["2021"])),
    ("So how much did it go up by?", N(25600, tl["2022"] - tl["2021"])),
    ("What share of the 2022 total were e-books?", N(16.91, pct(t4.loc["E-books", "2022"], tl["2022"]), "percent")),
    ("And in 2024?", N(18.76, pct(t4.loc["E-books", "2024"], tl["2024"]), "percent")),
])
st = t5.loc["Clinical staff costs"]
conv(5, [
    ("What were clinical staff costs in the six months to 31 December 2024?", N(1945, -st[H2_24], "thousand")),
    ("And in the first half of 2024?", N(1830, -st[H1_24], "thousand")),
    ("What's the difference?", N(115, -st[H2_24] + st[H1_24], "thousand")),
    ("What were staff costs as a percentage of revenue in H2 2024?", N(45.00, pct(-st[H2_24], t5.loc["Total revenue", H2_24]), "percent")),
    ("How many patient visits were there in that half?", N(20280, t5.loc["Patient visits (number)", H2_24])),
])
b = t6["Battery (Wh)"]
conv(6, [
    ("What's the battery capacity of the Trail T5?", N(625, b["Trail T5"])),
    ("And the Cargo K3?", N(750, b["Cargo K3"])),
    ("How much bigger is that?", N(125, b["Cargo K3"] - b["Trail T5"])),
    ("How many Cargo K3s did we sell?", N(295, t6.loc["Cargo K3", "Units sold 2024"])),
    ("What share of all units sold is that?", N(7.48, pct(t6.loc["Cargo K3", "Units sold 2024"], t6["Units sold 2024"].sum()), "percent")),
])

# ---- write -------------------------------------------------------------------------------
with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
    for x in Q:
        f.write(json.dumps(x, ensure_ascii=False) + "\n")
with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
    for x in C:
        f.write(json.dumps(x, ensure_ascii=False) + "\n")

for half in ("tune", "held"):
    qs = [x for x in Q if x["half"] == half]
    print(half, "questions:", len(qs), "none:", sum(x["expected"]["kind"] == "none" for x in qs),
          "conversations:", sum(c["half"] == half for c in C))
assert all(len(c["turns"]) == 5 for c in C)
print("OK: all", len(Q), "questions and", len(C), "conversations verified")
