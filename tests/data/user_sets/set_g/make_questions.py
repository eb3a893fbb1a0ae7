"""Read set G tables back, recompute every expected value, check the tables'
arithmetic, and write questions.jsonl and conversations.jsonl."""
import json
import os
import re
import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
P = lambda n: os.path.join(HERE, n)


def num(s):
    """'(2,891)' -> -2891.0, '4,820' -> 4820.0"""
    s = str(s).strip()
    neg = s.startswith("(") and s.endswith(")")
    v = float(s.strip("()").replace(",", ""))
    return -v if neg else v


def close(a, b, tol=1e-6):
    return abs(a - b) <= tol


# ---------- read tables ----------
t1 = pd.read_csv(P("alderwood_pnl.csv"), dtype=str).set_index("(in thousands of USD)").map(num)
Q1 = {"1Q25": "Q1 2025", "2Q25": "Q2 2025", "3Q25": "Q3 2025", "4Q25": "Q4 2025"}


def read_md(path):
    rows = [l.strip().strip("|").split("|") for l in open(path, encoding="utf-8") if l.strip()]
    rows = [[c.strip() for c in r] for r in rows]
    hdr, body = rows[0], [r for r in rows[2:]]
    df = pd.DataFrame(body, columns=hdr).set_index(hdr[0])
    return df.map(num)


t2 = read_md(P("pinecrest_ops.md"))
MONTHS = {"Jul 2024": "July 2024", "Aug 2024": "August 2024", "Sep 2024": "September 2024",
          "Oct 2024": "October 2024", "Nov 2024": "November 2024", "Dec 2024": "December 2024"}

t3 = pd.read_csv(P("voltride_monthly.csv"), index_col=0)
assert t3.index.name is None or t3.index.name.startswith("Unnamed") or t3.index.name == ""


def month_name(p):
    return pd.Period(p, freq="M").strftime("%B %Y")


wb = load_workbook(P("sundvik_financials.xlsx"), data_only=True)
assert wb.sheetnames == ["Income statement", "Balance sheet", "Segments"]


def sheet(name):
    ws = wb[name]
    rows = list(ws.iter_rows(values_only=True))
    return pd.DataFrame([r[1:] for r in rows[1:]], index=[r[0] for r in rows[1:]], columns=list(rows[0][1:]))


inc, bal, seg = sheet("Income statement"), sheet("Balance sheet"), sheet("Segments")

t5 = pd.read_csv(P("eastfield_library_loans.csv")).set_index("Collection")
t5.columns = [str(c) for c in t5.columns]

t6 = pd.read_csv(P("tidepool_halfyear.csv")).set_index("NZD thousands unless stated")

# ---------- internal arithmetic ----------
for c in t1.columns:
    x = t1[c]
    assert close(x["Net sales"] + x["Cost of sales"], x["Gross profit"]), c
    assert close(x["Gross profit"] + x["Selling expenses"] + x["General and administrative"], x["Operating income"]), c
    assert close(x["Operating income"] + x["Interest expense"], x["Income before income taxes"]), c
    assert close(x["Income before income taxes"] + x["Income tax expense"], x["Net income"]), c
for m, r in t2.iterrows():
    assert round(100 * r["Room nights sold"] / r["Rooms available"], 1) == r["Occupancy (%)"], m
    assert r["Room nights sold"] * r["Average daily rate (CAD)"] == r["Room revenue (CAD)"], m
    days = pd.Period(m, freq="M").days_in_month
    assert r["Rooms available"] == 120 * days, m
assert t3.loc["2024-03", "fleet_size"] - t3.loc["2024-02", "fleet_size"] == 300  # text: 300 scooters in March
for c in inc.columns:
    x = inc[c]
    assert close(x["Revenue"] + x["Cost of sales"], x["Gross profit"], 1e-6)
    assert close(x["Gross profit"] + x["Distribution costs"] + x["Administrative expenses"], x["Operating profit"])
    assert close(x["Operating profit"] + x["Finance costs"], x["Profit before tax"])
    assert close(x["Profit before tax"] + x["Income tax"], x["Profit for the year"])
    assert close(seg[c][["Propulsion systems", "Deck equipment", "Aftermarket services"]].sum(), seg[c]["Total revenue"])
    assert close(seg[c]["Total revenue"], x["Revenue"])
for c in bal.columns:
    b = bal[c]
    assert close(b["Property, plant and equipment"] + b["Intangible assets"], b["Total non-current assets"])
    assert close(b["Inventories"] + b["Trade receivables"] + b["Cash and cash equivalents"], b["Total current assets"])
    assert close(b["Total non-current assets"] + b["Total current assets"], b["Total assets"])
    assert close(b["Trade payables"] + b["Short-term borrowings"], b["Total current liabilities"])
    assert close(b["Total current liabilities"] + b["Long-term borrowings"], b["Total liabilities"])
    assert close(b["Share capital"] + b["Retained earnings"], b["Total equity"])
    assert close(b["Total liabilities"] + b["Total equity"], b["Total liabilities and equity"])
    assert close(b["Total assets"], b["Total liabilities and equity"])
# retained earnings roll-forward: + profit - dividend (16.4, from the text)
assert close(bal["31 Dec 2023"]["Retained earnings"] + inc["FY2024"]["Profit for the year"] - 16.4, bal["31 Dec 2024"]["Retained earnings"])
assert close(bal["31 Dec 2023"]["Long-term borrowings"] - 10, bal["31 Dec 2024"]["Long-term borrowings"])  # text: 10m repaid
for c in t5.columns:
    assert t5[c].drop("Total loans").sum() == t5.loc["Total loans", c], c
prev = 1240  # customers at 31 Dec 2022 (text)
for c in t6.columns:
    x = t6[c]
    assert x["Recurring revenue"] + x["Operating expenses"] == x["Operating profit"], c
    assert prev + x["New customers (number)"] - x["Lost customers (number)"] == x["Customers at period end (number)"], c
    prev = x["Customers at period end (number)"]

# ---------- helpers ----------
TABLES = {
    1: ("tune", [{"file": "alderwood_pnl.csv", "sheet": None}], "alderwood_pnl.txt"),
    2: ("held", [{"file": "pinecrest_ops.md", "sheet": None}], "pinecrest_ops.txt"),
    3: ("tune", [{"file": "voltride_monthly.csv", "sheet": None}], "voltride_monthly.txt"),
    4: ("held", None, "sundvik_financials.txt"),
    5: ("tune", [{"file": "eastfield_library_loans.csv", "sheet": None}], "eastfield_library_loans.txt"),
    6: ("held", [{"file": "tidepool_halfyear.csv", "sheet": None}], "tidepool_halfyear.txt"),
}
X = lambda s: [{"file": "sundvik_financials.xlsx", "sheet": s}]
pct = lambda a, b: round(100 * a / b, 2)
chg = lambda new, old: round(100 * (new - old) / old, 2)
r2 = lambda x: round(x, 2)


def N(v, scale=""):
    return {"kind": "number", "value": float(v), "scale": scale}


def T(v):
    return {"kind": "text", "value": v}


def PER(v):
    return {"kind": "period", "value": v}


NONE = {"kind": "none"}


def check(tno, exp, computed):
    """computed: number / period string for number & period kinds; ignored for none."""
    k = exp["kind"]
    if k == "number":
        assert abs(exp["value"] - computed) < 1e-6, (exp, computed)
    elif k == "period":
        assert exp["value"] == computed, (exp, computed)
    elif k == "text":
        txt = open(P(TABLES[tno][2]), encoding="utf-8").read()
        if computed is not None:
            assert computed == exp["value"], (exp, computed)
        else:
            assert exp["value"].lower() in txt.lower(), exp
    elif k == "none":
        assert computed is True, exp  # computed is an assertion that the period/row is absent


# ---------- single questions ----------
# (table, sheet-or-None, question, expected, why, computed)
Qs = [
    # table 1 (tune)
    (1, None, "What were Alderwood's net sales in 3Q25?", N(5410, "thousand"),
     "Net sales row, 3Q25 column", t1.loc["Net sales", "3Q25"]),
    (1, None, "What were total net sales for the full year 2025?", N(21640, "thousand"),
     "4,820 + 5,135 + 5,410 + 6,275", t1.loc["Net sales"].sum()),
    (1, None, "What was the gross margin in the fourth quarter?", N(43.00, "percent"),
     "gross profit 2,698 / net sales 6,275", pct(t1.loc["Gross profit", "4Q25"], t1.loc["Net sales", "4Q25"])),
    (1, None, "How much did the company spend on selling expenses in the second quarter?", N(655, "thousand"),
     "Selling expenses 2Q25 shown as (655); positive amount spent", -t1.loc["Selling expenses", "2Q25"]),
    (1, None, "By what percentage did net sales grow from Q3 to Q4?", N(15.99, "percent"),
     "(6,275 - 5,410) / 5,410", chg(t1.loc["Net sales", "4Q25"], t1.loc["Net sales", "3Q25"])),
    (1, None, "Which quarter had the weakest gross margin?", PER("Q1 2025"),
     "gross margins 40.02%, 40.99%, 42.00%, 43.00%; lowest is 1Q25",
     Q1[(t1.loc["Gross profit"] / t1.loc["Net sales"]).idxmin()]),
    (1, None, "Who was the new customer that helped fourth-quarter sales?", T("Harvest Lane Grocers"),
     "text: new supply contract with Harvest Lane Grocers, signed October 2025", None),
    (1, None, "What were net sales in Q1 2024?", NONE,
     "table only covers the four quarters of 2025", "1Q24" not in t1.columns),
    # table 3 (tune)
    (3, None, "How many rides did VoltRide complete in May 2024?", N(352.1, "thousand"),
     "rides_000, row 2024-05", t3.loc["2024-05", "rides_000"]),
    (3, None, "What was total ride revenue in the first quarter of 2024?", N(1694.4, "thousand"),
     "revenue_eur_k Jan + Feb + Mar: 524.3 + 501.9 + 668.2",
     r2(t3.loc[["2024-01", "2024-02", "2024-03"], "revenue_eur_k"].sum())),
    (3, None, "Which month had the most rides?", PER("July 2024"),
     "max of rides_000 is 436.2 in 2024-07", month_name(t3["rides_000"].idxmax())),
    (3, None, "what was the average trip length across all the months in the export?", N(13.24, ""),
     "mean of avg_trip_min over Jan-Aug 2024 = 105.9 / 8 = 13.2375 minutes", r2(t3["avg_trip_min"].mean())),
    (3, None, "How much revenue did we make per ride in June, in euros?", N(3.14, ""),
     "1,262.0k EUR / 401.8k rides", r2(t3.loc["2024-06", "revenue_eur_k"] / t3.loc["2024-06", "rides_000"])),
    (3, None, "What was the month-on-month change in rides in August, in percent?", N(-3.81, "percent"),
     "(419.6 - 436.2) / 436.2", chg(t3.loc["2024-08", "rides_000"], t3.loc["2024-07", "rides_000"])),
    (3, None, "Why did rides fall in February?", T("heavy rain"),
     "text: rides dipped in February because of weeks of heavy rain", None),
    (3, None, "How many rides were there in September 2024?", NONE,
     "export ends in August 2024", "2024-09" not in t3.index),
    # table 5 (tune)
    (5, None, "How many e-book loans did the library have in 2023?", N(12960, ""),
     "E-books row, 2023", t5.loc["E-books", "2023"]),
    (5, None, "Total loans in 2024?", N(80580, ""),
     "Total loans row, 2024 (= sum of collections)", t5.loc["Total loans", "2024"]),
    (5, None, "What share of all 2024 loans were children's books?", N(31.50, "percent"),
     "25,380 / 80,580", pct(t5.loc["Children's books", "2024"], t5.loc["Total loans", "2024"])),
    (5, None, "How much did audiobook loans grow between 2021 and 2024, in percent?", N(69.55, "percent"),
     "(5,290 - 3,120) / 3,120", chg(t5.loc["Audiobooks", "2024"], t5.loc["Audiobooks", "2021"])),
    (5, None, "In which year were the fewest DVDs borrowed?", PER("2024"),
     "DVDs row minimum 1,245 in 2024", t5.loc["DVDs"].idxmin()),
    (5, None, "On average, how many adult fiction loans were there per year over 2021-2024?", N(19823.75, ""),
     "(18,420 + 19,805 + 20,130 + 20,940) / 4", r2(t5.loc["Adult fiction"].mean())),
    (5, None, "When did the new children's wing open?", T("September 2022"),
     "text", None),
    (5, None, "How many magazine loans were there in 2023?", NONE,
     "no magazines row in the table", "Magazines" not in t5.index),
    # table 2 (held)
    (2, None, "What was the occupancy rate at Pinecrest in October?", N(72.5, "percent"),
     "Occupancy (%) Oct 2024 = 2,697 / 3,720", t2.loc["Oct 2024", "Occupancy (%)"]),
    (2, None, "How much room revenue did the hotel make over the six months?", N(3031955, ""),
     "sum of Room revenue (CAD) Jul-Dec 2024", t2["Room revenue (CAD)"].sum()),
    (2, None, "Which month had the highest average daily rate?", PER("August 2024"),
     "ADR max 195 in Aug 2024", MONTHS[t2["Average daily rate (CAD)"].idxmax()]),
    (2, None, "What was RevPAR in December (room revenue per available room)?", N(137.30, ""),
     "510,752 / 3,720 rooms available, CAD",
     r2(t2.loc["Dec 2024", "Room revenue (CAD)"] / t2.loc["Dec 2024", "Rooms available"])),
    (2, None, "How many more room nights did we sell in December than in November?", N(562, ""),
     "2,902 - 2,340", t2.loc["Dec 2024", "Room nights sold"] - t2.loc["Nov 2024", "Room nights sold"]),
    (2, None, "When did the ski season open?", T("13 December 2024"), "text", None),
    (2, None, "What was the occupancy in January 2025?", NONE,
     "table covers Jul-Dec 2024 only", "Jan 2025" not in t2.index),
    # table 4 (held)
    (4, "Income statement", "What was Sundvik's revenue in FY2024?", N(455.3, "million"),
     "Income statement, Revenue FY2024", inc.loc["Revenue", "FY2024"]),
    (4, "Income statement", "What was the gross margin in 2024?", N(36.00, "percent"),
     "163.9 / 455.3", pct(inc.loc["Gross profit", "FY2024"], inc.loc["Revenue", "FY2024"])),
    (4, "Balance sheet", "What was the current ratio at 31 December 2024?", N(2.89, ""),
     "total current assets 191.0 / total current liabilities 66.2",
     r2(bal.loc["Total current assets", "31 Dec 2024"] / bal.loc["Total current liabilities", "31 Dec 2024"])),
    (4, "Income statement", "How much were administrative expenses in FY2023?", N(42.8, "million"),
     "shown as -42.8; positive amount", -inc.loc["Administrative expenses", "FY2023"]),
    (4, "Income statement", "By how much did revenue grow year on year, in percent?", N(10.35, "percent"),
     "(455.3 - 412.6) / 412.6", chg(inc.loc["Revenue", "FY2024"], inc.loc["Revenue", "FY2023"])),
    (4, "Segments", "Which segment grew fastest in 2024?", T("Aftermarket services"),
     "growth: propulsion 10.53%, deck 6.54%, aftermarket 16.55%",
     (seg.loc[seg.index != "Total revenue", "FY2024"] / seg.loc[seg.index != "Total revenue", "FY2023"]).idxmax()),
    (4, "Balance sheet", "When was the dividend paid?", T("May 2024"), "text: dividend of EUR 16.4 million paid in May 2024", None),
    (4, "Income statement", "What was revenue in FY2022?", NONE,
     "workbook has FY2023 and FY2024 only", "FY2022" not in inc.columns),
    # table 6 (held)
    (6, None, "What was Tidepool's recurring revenue in H1 2024?", N(2364, "thousand"),
     "Recurring revenue, H1 2024", t6.loc["Recurring revenue", "H1 2024"]),
    (6, None, "How much recurring revenue did they book in calendar 2023?", N(4017, "thousand"),
     "H1 2023 + H2 2023 = 1,912 + 2,105", t6.loc["Recurring revenue", ["H1 2023", "H2 2023"]].sum()),
    (6, None, "What was the operating margin in the second half of 2024?", N(16.67, "percent"),
     "448 / 2,688", pct(t6.loc["Operating profit", "H2 2024"], t6.loc["Recurring revenue", "H2 2024"])),
    (6, None, "In which half-year did they sign up the most new customers?", PER("H2 2024"),
     "New customers max 268 in H2 2024", t6.loc["New customers (number)"].idxmax()),
    (6, None, "What was recurring revenue per customer in H2 2024, using period-end customers?", N(1435.90, ""),
     "2,688 thousand NZD / 1,872 customers = NZD 1,435.90",
     r2(t6.loc["Recurring revenue", "H2 2024"] * 1000 / t6.loc["Customers at period end (number)", "H2 2024"])),
    (6, None, "Why did more customers leave in the second half of 2024?", T("8% price increase"),
     "text: mainly after an 8% price increase in August 2024", None),
    (6, None, "How many customers did Tidepool have at the end of H1 2022?", NONE,
     "table starts at H1 2023; text only gives 31 December 2022", "H1 2022" not in t6.columns),
]

# ---------- conversations ----------
CONVS = [
    (1, None, [
        ("What was operating income in 2Q25?", N(898, "thousand"), t1.loc["Operating income", "2Q25"]),
        ("And in the third quarter?", N(1022, "thousand"), t1.loc["Operating income", "3Q25"]),
        ("What's the difference between the two?", N(124, "thousand"),
         t1.loc["Operating income", "3Q25"] - t1.loc["Operating income", "2Q25"]),
        ("What was the operating margin in Q3?", N(18.89, "percent"),
         pct(t1.loc["Operating income", "3Q25"], t1.loc["Net sales", "3Q25"])),
        ("And for the full year?", N(18.45, "percent"),
         pct(t1.loc["Operating income"].sum(), t1.loc["Net sales"].sum())),
    ]),
    (3, None, [
        ("How many scooters were in the fleet in April?", N(2100, ""), t3.loc["2024-04", "fleet_size"]),
        ("And in August?", N(2600, ""), t3.loc["2024-08", "fleet_size"]),
        ("How much did the fleet grow between those two months, in percent?", N(23.81, "percent"),
         chg(t3.loc["2024-08", "fleet_size"], t3.loc["2024-04", "fleet_size"])),
        ("How many rides per scooter was that in August?", N(161.38, ""),
         r2(t3.loc["2024-08", "rides_000"] * 1000 / t3.loc["2024-08", "fleet_size"])),
        ("And in April?", N(142.24, ""),
         r2(t3.loc["2024-04", "rides_000"] * 1000 / t3.loc["2024-04", "fleet_size"])),
    ]),
    (5, None, [
        ("How many adult non-fiction loans were there in 2022?", N(12655, ""), t5.loc["Adult non-fiction", "2022"]),
        ("And in 2024?", N(13120, ""), t5.loc["Adult non-fiction", "2024"]),
        ("What's the change between the two years?", N(465, ""),
         t5.loc["Adult non-fiction", "2024"] - t5.loc["Adult non-fiction", "2022"]),
        ("What share of total loans was adult non-fiction in 2024?", N(16.28, "percent"),
         pct(t5.loc["Adult non-fiction", "2024"], t5.loc["Total loans", "2024"])),
        ("And in 2022?", N(17.32, "percent"),
         pct(t5.loc["Adult non-fiction", "2022"], t5.loc["Total loans", "2022"])),
    ]),
    (2, None, [
        ("How many guest complaints did we get in September?", N(9, ""), t2.loc["Sep 2024", "Guest complaints"]),
        ("And the previous month?", N(22, ""), t2.loc["Aug 2024", "Guest complaints"]),
        ("What's the percentage change from that month to September?", N(-59.09, "percent"),
         chg(t2.loc["Sep 2024", "Guest complaints"], t2.loc["Aug 2024", "Guest complaints"])),
        ("How many complaints were there in total over the six months?", N(75, ""), t2["Guest complaints"].sum()),
        ("How many is that per 1,000 room nights sold?", N(4.33, ""),
         r2(1000 * t2["Guest complaints"].sum() / t2["Room nights sold"].sum())),
    ]),
    (4, "Balance sheet", [
        ("How much cash did Sundvik have at the end of 2023?", N(35.2, "million"),
         bal.loc["Cash and cash equivalents", "31 Dec 2023"]),
        ("And a year later?", N(48.7, "million"), bal.loc["Cash and cash equivalents", "31 Dec 2024"]),
        ("How much did it increase?", N(13.5, "million"),
         r2(bal.loc["Cash and cash equivalents", "31 Dec 2024"] - bal.loc["Cash and cash equivalents", "31 Dec 2023"])),
        ("What was total equity at 31 December 2024?", N(263.6, "million"), bal.loc["Total equity", "31 Dec 2024"]),
        ("And the debt-to-equity ratio then, counting short- and long-term borrowings?", N(0.38, ""),
         r2((bal.loc["Short-term borrowings", "31 Dec 2024"] + bal.loc["Long-term borrowings", "31 Dec 2024"])
            / bal.loc["Total equity", "31 Dec 2024"])),
    ]),
    (6, None, [
        ("How many staff did Tidepool have at the end of H1 2024?", N(38, ""),
         t6.loc["Staff at period end (number)", "H1 2024"]),
        ("And at the end of 2024?", N(41, ""), t6.loc["Staff at period end (number)", "H2 2024"]),
        ("How many more is that than a year earlier?", N(7, ""),
         t6.loc["Staff at period end (number)", "H2 2024"] - t6.loc["Staff at period end (number)", "H2 2023"]),
        ("What was operating profit for the whole of 2024?", N(761, "thousand"),
         t6.loc["Operating profit", ["H1 2024", "H2 2024"]].sum()),
        ("Per staff member at year end, in dollars?", N(18560.98, ""),
         r2(t6.loc["Operating profit", ["H1 2024", "H2 2024"]].sum() * 1000 / t6.loc["Staff at period end (number)", "H2 2024"])),
    ]),
]

# ---------- write ----------
qout, cout = [], []
for i, (tno, sh, q, exp, why, comp) in enumerate(Qs, 1):
    check(tno, exp, comp)
    half, tables, text = TABLES[tno]
    qout.append({"id": f"g-{i:02d}", "half": half, "tables": tables if tables else X(sh), "text": text,
                 "question": q, "expected": exp, "why": why})
for i, (tno, sh, turns) in enumerate(CONVS, 1):
    half, tables, text = TABLES[tno]
    for q, exp, comp in turns:
        check(tno, exp, comp)
    assert len(turns) == 5
    cout.append({"id": f"g-conv-{i}", "half": half, "tables": tables if tables else X(sh), "text": text,
                 "turns": [{"question": q, "expected": e} for q, e, _ in turns]})

with open(P("questions.jsonl"), "w", encoding="utf-8") as f:
    for o in qout:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
with open(P("conversations.jsonl"), "w", encoding="utf-8") as f:
    for o in cout:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")

from collections import Counter
qh = Counter(o["half"] for o in qout)
nh = Counter(o["half"] for o in qout if o["expected"]["kind"] == "none")
ch = Counter(o["half"] for o in cout)
print(f"questions: {len(qout)} {dict(qh)}; none: {dict(nh)}; conversations: {len(cout)} {dict(ch)}")
assert nh == Counter({"tune": 3, "held": 3})
print("ALL CHECKS PASSED")
