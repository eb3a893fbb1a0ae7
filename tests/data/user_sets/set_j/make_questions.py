"""Reads the six tables back, recomputes every expected answer, checks internal arithmetic and
text facts, and writes questions.jsonl and conversations.jsonl for set "j"."""
import csv, json, os
import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
P = lambda n: os.path.join(HERE, n)


def num(s):
    """'(7,860)' -> -7860.0, '1,264' -> 1264.0, '+15' -> 15.0"""
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def read_md(path, key_col):
    rows = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if all(set(c) <= set("-: ") for c in cells):
            continue
        rows.append(cells)
    header, body = rows[0], rows[1:]
    k = header.index(key_col)
    out = {}
    for r in body:
        out[r[k]] = {h: (num(v) if j != k and h not in ("Team",) else v) for j, (h, v) in enumerate(zip(header, r))}
    return out


def read_xlsx(path, sheet):
    ws = load_workbook(path, data_only=True)[sheet]
    rows = list(ws.iter_rows(values_only=True))
    header = [str(h) for h in rows[0]]
    return {r[0]: {header[j]: float(r[j]) for j in range(1, len(header))} for r in rows[1:]}


def text_of(name):
    return open(P(name), encoding="utf-8").read()


# ---------------- load ----------------
T1F, T1X = "harbor_tools_2024_quarterly.csv", "harbor_tools_2024_quarterly.txt"
with open(P(T1F), encoding="utf-8") as f:
    r = list(csv.reader(f))
Q = r[0][1:]
t1 = {row[0]: {q: num(v) for q, v in zip(Q, row[1:])} for row in r[1:]}

T2F, T2X = "cloudnest_saas_h1_2024.md", "cloudnest_saas_h1_2024.txt"
t2 = read_md(P(T2F), "Metric")
M = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]

T3F, T3X = "lakeside_metro_quarterly.csv", "lakeside_metro_quarterly.txt"
t3 = pd.read_csv(P(T3F), index_col=0)

T4F, T4X = "brightfield_organics_fy2024.xlsx", "brightfield_organics_fy2024.txt"
IS, BS = "Income statement", "Balance sheet"
t4i = read_xlsx(P(T4F), IS)
t4b = read_xlsx(P(T4F), BS)

T5F, T5X = "northvale_league_2023_24.md", "northvale_league_2023_24.txt"
t5 = read_md(P(T5F), "Team")

T6F, T6X = "pinecrest_hotels_2024.xlsx", "pinecrest_hotels_2024.txt"
t6 = read_xlsx(P(T6F), "Summary")

# ---------------- internal arithmetic checks ----------------
for q in Q:
    c = t1
    assert c["Net sales"][q] + c["Cost of sales"][q] == c["Gross profit"][q], q
    assert c["Gross profit"][q] + c["Selling, general & administrative"][q] + c["Research & development"][q] == c["Operating income"][q], q
prev = 1200  # "twelve hundred" customers at end of 2023 (text)
assert "twelve hundred paying customers" in text_of(T2X)
for m in M:
    cur = prev + t2["New customers"][m] - t2["Churned customers"][m]
    assert cur == t2["Customers (end of month)"][m], m
    prev = cur
assert list(t3.index) == ["2023Q1", "2023Q2", "2023Q3", "2023Q4", "2024Q1", "2024Q2"]
for y in ("FY 2023", "FY 2024"):
    i = t4i
    assert i["Revenue"][y] + i["Cost of goods sold"][y] == i["Gross profit"][y]
    assert i["Gross profit"][y] + i["Operating expenses"][y] == i["Operating profit (EBIT)"][y]
    assert i["Operating profit (EBIT)"][y] + i["Interest expense"][y] == i["Profit before tax"][y]
    assert i["Profit before tax"][y] + i["Income tax"][y] == i["Net profit"][y]
for y in ("2023", "2024"):
    b = t4b
    assert b["Cash"][y] + b["Trade receivables"][y] + b["Inventories"][y] == b["Total current assets"][y]
    assert b["Total current assets"][y] + b["Property, plant & equipment"][y] == b["Total assets"][y]
    assert b["Current liabilities"][y] + b["Long-term debt"][y] + b["Total equity"][y] == b["Total liabilities & equity"][y] == b["Total assets"][y]
# equity roll-forward: 16,600 + 5,200 net profit - 200 dividend (text) = 21,600; debt repaid 1,500 (text)
assert t4b["Total equity"]["2023"] + t4i["Net profit"]["FY 2024"] - 200 == t4b["Total equity"]["2024"]
assert t4b["Long-term debt"]["2023"] - 1500 == t4b["Long-term debt"]["2024"]
tw = sum(v["W"] for v in t5.values()); tl = sum(v["L"] for v in t5.values()); td = sum(v["D"] for v in t5.values())
assert tw == tl and td % 2 == 0
MATCHES = tw + td / 2
assert MATCHES == 6 * 5  # double round robin, 6 teams
assert sum(v["GF"] for v in t5.values()) == sum(v["GA"] for v in t5.values())
for t, v in t5.items():
    assert v["W"] + v["D"] + v["L"] == v["P"], t
    assert v["GF"] - v["GA"] == v["GD"], t
    assert 3 * v["W"] + v["D"] == v["Pts"], t
for col in t6["EBITDA"]:
    c = t6
    assert c["Room revenue"][col] + c["Food & beverage revenue"][col] == c["Total revenue"][col], col
    assert sum(c[k][col] for k in ("Staff costs", "Energy", "Maintenance & repairs", "Other operating costs")) == c["Total operating costs"][col], col
    assert c["Total revenue"][col] + c["Total operating costs"][col] == c["EBITDA"][col], col
for k in t6:
    assert t6[k]["H1 2024"] + t6[k]["H2 2024"] == t6[k]["FY 2024"], k

# ---------------- helpers ----------------
r2 = lambda x: round(x + 0.0, 2)
pct = lambda a, b: r2(100.0 * a / b)


def N(value, scale, computed):
    assert abs(r2(computed) - value) < 1e-9, (value, computed)
    return {"kind": "number", "value": float(value), "scale": scale}


def TXT(value, textfile):
    assert value.lower() in text_of(textfile).lower(), value
    return {"kind": "text", "value": value}


def PER(value, computed):
    assert value == computed, (value, computed)
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}
HALF = {1: "held", 2: "tune", 3: "held", 4: "tune", 5: "held", 6: "tune"}
FILES = {1: ([{"file": T1F, "sheet": None}], T1X), 2: ([{"file": T2F, "sheet": None}], T2X),
         3: ([{"file": T3F, "sheet": None}], T3X), 4: (None, T4X),
         5: ([{"file": T5F, "sheet": None}], T5X), 6: ([{"file": T6F, "sheet": "Summary"}], T6X)}
S4I, S4B = [{"file": T4F, "sheet": IS}], [{"file": T4F, "sheet": BS}]
S4IB = S4I + S4B

qs = []


def add(t, question, expected, why, tables=None):
    tb, tx = FILES[t]
    qs.append({"id": f"j-{len(qs) + 1:02d}", "half": HALF[t], "tables": tables or tb, "text": tx,
               "question": question, "expected": expected, "why": why})


# ---- table 1: Harbor Tools (held) ----
add(1, "What were Harbor Tools' net sales in 3Q24?",
    N(14720, "thousand", t1["Net sales"]["3Q24"]), "Net sales row, 3Q24 column (USD thousands).")
add(1, "How much did Harbor spend on selling, general and admin in the second quarter of 2024?",
    N(2210, "thousand", -t1["Selling, general & administrative"]["2Q24"]),
    "SG&A 2Q24 shown in brackets (2,210); given as the positive amount spent.")
add(1, "what was the gross margin in 2Q24",
    N(37.99, "percent", pct(t1["Gross profit"]["2Q24"], t1["Net sales"]["2Q24"])),
    "Gross profit / net sales = 5,300 / 13,950 = 37.99%.")
add(1, "Total R&D spend for full year 2024?",
    N(2720, "thousand", -sum(t1["Research & development"][q] for q in Q)),
    "620 + 640 + 700 + 760 = 2,720 (bracketed expenses given as positive).")
add(1, "What was the average selling price per unit in the fourth quarter of 2024?",
    N(332.86, "", t1["Net sales"]["4Q24"] / t1["Units shipped (thousands)"]["4Q24"]),
    "Net sales USD 16,310k / 49.0k units = USD 332.86 per unit.")
add(1, "Which quarter had the highest operating margin?",
    PER("Q4 2024", "Q4 2024" if max(Q, key=lambda q: t1["Operating income"][q] / t1["Net sales"][q]) == "4Q24" else None),
    "Operating income / net sales: 14.90%, 17.56%, 18.48%, 19.13% -> 4Q24.")
add(1, "Who is Harbor Tools' chief financial officer?",
    TXT("Maria Okafor", T1X), "Stated in the text.")
add(1, "What were net sales in 1Q23?", NONE, "The table covers only the four quarters of 2024; the text gives no 2023 sales.")

# ---- table 2: CloudNest (tune) ----
add(2, "What was CloudNest's MRR in April?",
    N(362.9, "thousand", t2["MRR ($k)"]["Apr 2024"]), "MRR ($k) row, Apr 2024.")
add(2, "By what % did MRR grow between January and June 2024?",
    N(30.57, "percent", pct(t2["MRR ($k)"]["Jun 2024"] - t2["MRR ($k)"]["Jan 2024"], t2["MRR ($k)"]["Jan 2024"])),
    "(407.9 - 312.4) / 312.4 = 30.57%.")
add(2, "how many customers did they have at the end of may?",
    N(1554, "", t2["Customers (end of month)"]["May 2024"]), "Customers (end of month), May 2024.")
add(2, "What's the average number of churned customers per month over the first six months of 2024?",
    N(23.67, "", sum(t2["Churned customers"][m] for m in M) / 6), "(21+18+25+30+22+26) / 6 = 142 / 6 = 23.67.")
add(2, "Which month had the most churned customers?",
    PER("April 2024", {"Apr 2024": "April 2024"}[max(M, key=lambda m: t2["Churned customers"][m])]),
    "Churned customers peak at 30 in Apr 2024.")
add(2, "What was the churn rate in April, i.e. churned customers as a percentage of customers at the start of the month?",
    N(2.14, "percent", pct(t2["Churned customers"]["Apr 2024"], t2["Customers (end of month)"]["Mar 2024"])),
    "Start of April = end of March = 1,401; 30 / 1,401 = 2.14%.")
add(2, "Why did new customer sign-ups spike in March?",
    TXT("free migration service", T2X), "Text: the March spike followed the launch of a free migration service.")
add(2, "What was MRR in July 2024?", NONE, "The table stops at June 2024; the text gives no July MRR.")

# ---- table 3: Lakeside Metro (held) ----
add(3, "How many passenger journeys did Lakeside Metro carry in Q4 2023?",
    N(20.2, "million", t3.loc["2023Q4", "journeys_m"]), "journeys_m column, 2023Q4 row (millions).")
add(3, "What was the farebox recovery ratio in Q2 2024 (fare revenue as a % of operating cost)?",
    N(79.45, "percent", pct(t3.loc["2024Q2", "fare_revenue_usd_m"], t3.loc["2024Q2", "operating_cost_usd_m"])),
    "46.0 / 57.9 = 79.45%.")
add(3, "How many trains were in service in the third quarter of 2023?",
    N(145, "", t3.loc["2023Q3", "trains_in_service"]), "trains_in_service, 2023Q3.")
add(3, "What was the operating cost per journey in 2024Q2?",
    N(2.77, "", t3.loc["2024Q2", "operating_cost_usd_m"] / t3.loc["2024Q2", "journeys_m"]),
    "USD 57.9m / 20.9m journeys = USD 2.77 per journey.")
add(3, "Which quarter had the worst on-time performance?",
    PER("Q3 2023", {"2023Q3": "Q3 2023"}[t3["on_time_pct"].idxmin()]), "on_time_pct minimum 88.7 in 2023Q3.")
add(3, "Why was punctuality down in Q3 2023?",
    TXT("track renewal works on the Green Line", T3X), "Stated in the text.")
add(3, "By what percentage did fare revenue rise in Q1 2024 compared with Q1 2023?",
    N(18.48, "percent", pct(t3.loc["2024Q1", "fare_revenue_usd_m"] - t3.loc["2023Q1", "fare_revenue_usd_m"], t3.loc["2023Q1", "fare_revenue_usd_m"])),
    "(43.6 - 36.8) / 36.8 = 18.48%.")
add(3, "What was the on-time performance in 2022Q4?", NONE, "The table starts at 2023Q1; the text gives no 2022 figure.")

# ---- table 4: Brightfield Organics (tune) ----
add(4, "What was Brightfield's net profit in FY 2024?",
    N(5200, "thousand", t4i["Net profit"]["FY 2024"]), "Income statement, Net profit, FY 2024 (EUR thousands).", S4I)
add(4, "What was the gross margin in 2023?",
    N(35.06, "percent", pct(t4i["Gross profit"]["FY 2023"], t4i["Revenue"]["FY 2023"])),
    "16,900 / 48,200 = 35.06%.", S4I)
add(4, "What was the return on equity for 2024, using net profit over year-end equity?",
    N(24.07, "percent", pct(t4i["Net profit"]["FY 2024"], t4b["Total equity"]["2024"])),
    "5,200 (income statement) / 21,600 (balance sheet, 2024) = 24.07%.", S4IB)
add(4, "Current ratio at the end of 2024?",
    N(1.81, "", t4b["Total current assets"]["2024"] / t4b["Current liabilities"]["2024"]),
    "Total current assets 18,300 / current liabilities 10,100 = 1.81.", S4B)
add(4, "How much inventory did Brightfield hold at the end of 2024?",
    N(6300, "thousand", t4b["Inventories"]["2024"]), "Balance sheet, Inventories, 2024.", S4B)
add(4, "Who is the managing director of Brightfield Organics?",
    TXT("Jonas Keller", T4X), "Stated in the text.", S4I)
add(4, "Which year had the higher operating margin, 2023 or 2024?",
    PER("2024", max(["2023", "2024"], key=lambda y: t4i["Operating profit (EBIT)"]["FY " + y] / t4i["Revenue"]["FY " + y])),
    "EBIT / revenue: 6,500/48,200 = 13.49% vs 8,100/53,600 = 15.11% -> 2024.", S4I)
add(4, "What was revenue in FY 2022?", NONE, "Only FY 2023 and FY 2024 are given.", S4I)

# ---- table 5: Northvale league (held) ----
add(5, "How many points did Cedar Park finish on?", N(16, "", t5["Cedar Park"]["Pts"]), "Pts column, Cedar Park.")
add(5, "What was Bramley Town's win percentage?",
    N(60.0, "percent", pct(t5["Bramley Town"]["W"], t5["Bramley Town"]["P"])), "6 wins / 10 played = 60%.")
add(5, "What was the average number of goals per game across the whole league this season?",
    N(3.17, "", sum(v["GF"] for v in t5.values()) / MATCHES),
    "Total goals 95 (sum of GF); matches = (wins 24 + draws 12/2) = 30 (6 teams home and away); 95/30 = 3.17.")
add(5, "Which team conceded the most goals?",
    TXT("Fenwick FC", T5X) if max(t5, key=lambda t: t5[t]["GA"]) == "Fenwick FC" else None, "GA column max 24, Fenwick FC.")
add(5, "who was the manager of the champions?", TXT("Tom Hadley", T5X), "Text: player-manager Tom Hadley led champions Ashford Rovers.")
add(5, "How many games did Elmstead United lose?", N(5, "", t5["Elmstead United"]["L"]), "L column, Elmstead United.")
add(5, "What share of Cedar Park's league goals were scored by their top scorer?",
    N(52.94, "percent", pct(9, t5["Cedar Park"]["GF"])),
    "Text: Leon Marsh scored nine (in words); Cedar Park GF = 17; 9/17 = 52.94%.")
add(5, "How many points did Grafton Wanderers get?", NONE,
    "Grafton Wanderers join next season (text); they are not in the 2023/24 table.")

# ---- table 6: Pinecrest Hotels (tune) ----
add(6, "What was room revenue in H2 2024?", N(6140, "thousand", t6["Room revenue"]["H2 2024"]), "Room revenue, H2 2024 (GBP thousands).")
add(6, "What was Pinecrest's EBITDA margin for the 2024 full year?",
    N(35.81, "percent", pct(t6["EBITDA"]["FY 2024"], t6["Total revenue"]["FY 2024"])), "5,020 / 14,020 = 35.81%.")
add(6, "How many staff did the group employ at the end of 2024?",
    N(300, "", 300) if "about three hundred staff" in text_of(T6X) else None, "Text only, in words: about three hundred staff.")
add(6, "What share of total operating costs in FY 2024 were staff costs?",
    N(56.67, "percent", pct(t6["Staff costs"]["FY 2024"], t6["Total operating costs"]["FY 2024"])),
    "Both shown as negatives: 5,100 / 9,000 = 56.67%.")
add(6, "What was the average room revenue per room night sold in 2024?",
    N(130.32, "", t6["Room revenue"]["FY 2024"] * 1000 / t6["Room nights sold (number)"]["FY 2024"]),
    "GBP 10,960k / 84,100 room nights = GBP 130.32 per night (plain number).")
add(6, "Which half of 2024 had the higher EBITDA?",
    PER("H2 2024", max(["H1 2024", "H2 2024"], key=lambda h: t6["EBITDA"][h])), "1,960 (H1) vs 3,060 (H2).")
add(6, "Why did energy costs go down in 2024?",
    TXT("fixed-price supply contract", T6X), "Text: switch to a fixed-price supply contract in January 2024.")
add(6, "What was EBITDA in H1 2023?", NONE, "Only FY 2023 is given for 2023, not its halves.")

# ---------------- conversations ----------------
convs = []


def conv(t, turns, tables=None):
    tb, tx = FILES[t]
    convs.append({"id": f"j-conv-{len(convs) + 1}", "half": HALF[t], "tables": tables or tb, "text": tx,
                  "turns": [{"question": q, "expected": e} for q, e in turns]})


c1, c4 = -t1["Cost of sales"]["1Q24"], -t1["Cost of sales"]["4Q24"]
conv(1, [
    ("What was cost of sales in 1Q24?", N(7860, "thousand", c1)),
    ("And in 4Q24?", N(9950, "thousand", c4)),
    ("How much did it increase between the two?", N(2090, "thousand", c4 - c1)),
    ("In percentage terms?", N(26.59, "percent", pct(c4 - c1, c1))),
    ("What share of that quarter's net sales did it take up?", N(61.01, "percent", pct(c4, t1["Net sales"]["4Q24"]))),
])
mk = sum(t2["Marketing spend ($k)"][m] for m in M)
newc = sum(t2["New customers"][m] for m in M)
conv(2, [
    ("How much did CloudNest spend on marketing in May?", N(74.8, "thousand", t2["Marketing spend ($k)"]["May 2024"])),
    ("And in June?", N(80.5, "thousand", t2["Marketing spend ($k)"]["Jun 2024"])),
    ("What was the total over all six months?", N(406.0, "thousand", mk)),
    ("How much is that per new customer won over the same period?", N(688.14, "", mk * 1000 / newc)),
    ("How many more customers did they have at the end of June than at the end of 2023?",
     N(448, "", t2["Customers (end of month)"]["Jun 2024"] - 1200)),
])
d24 = t3.loc["2024Q1", "operating_cost_usd_m"] - t3.loc["2024Q1", "fare_revenue_usd_m"]
d23 = t3.loc["2023Q1", "operating_cost_usd_m"] - t3.loc["2023Q1", "fare_revenue_usd_m"]
conv(3, [
    ("What were Lakeside Metro's operating costs in 2024Q1?", N(56.3, "million", t3.loc["2024Q1", "operating_cost_usd_m"])),
    ("And fare revenue that quarter?", N(43.6, "million", t3.loc["2024Q1", "fare_revenue_usd_m"])),
    ("So how big was the operating shortfall?", N(12.7, "million", d24)),
    ("And a year earlier?", N(15.3, "million", d23)),
    ("How much did the shortfall shrink?", N(2.6, "million", d23 - d24)),
])
conv(4, [
    ("What was Brightfield's revenue in FY 2024?", N(53600, "thousand", t4i["Revenue"]["FY 2024"])),
    ("And the year before?", N(48200, "thousand", t4i["Revenue"]["FY 2023"])),
    ("What's the percentage growth?", N(11.2, "percent", pct(t4i["Revenue"]["FY 2024"] - t4i["Revenue"]["FY 2023"], t4i["Revenue"]["FY 2023"]))),
    ("What about net profit, how much did that grow in %?", N(30.0, "percent", pct(t4i["Net profit"]["FY 2024"] - t4i["Net profit"]["FY 2023"], t4i["Net profit"]["FY 2023"]))),
    ("What share of 2024 revenue is that year's net profit?", N(9.7, "percent", pct(t4i["Net profit"]["FY 2024"], t4i["Revenue"]["FY 2024"]))),
], S4I)
conv(5, [
    ("How many goals did Ashford Rovers score?", N(24, "", t5["Ashford Rovers"]["GF"])),
    ("And how many did they concede?", N(9, "", t5["Ashford Rovers"]["GA"])),
    ("So what's their goal difference?", N(15, "", t5["Ashford Rovers"]["GF"] - t5["Ashford Rovers"]["GA"])),
    ("What about Dunmore Athletic?", N(-2, "", t5["Dunmore Athletic"]["GD"])),
    ("How many points per game did Dunmore average?", N(1.2, "", t5["Dunmore Athletic"]["Pts"] / t5["Dunmore Athletic"]["P"])),
])
rv24, rv23 = t6["Total revenue"]["FY 2024"], t6["Total revenue"]["FY 2023"]
conv(6, [
    ("What was Pinecrest's total revenue in FY 2024?", N(14020, "thousand", rv24)),
    ("And the year before?", N(12760, "thousand", rv23)),
    ("How much did it change?", N(1260, "thousand", rv24 - rv23)),
    ("In percentage terms?", N(9.87, "percent", pct(rv24 - rv23, rv23))),
    ("What share of the 2024 total came from food and beverage?", N(21.83, "percent", pct(t6["Food & beverage revenue"]["FY 2024"], rv24))),
])

# ---------------- sanity & write ----------------
assert len(qs) == 48 and len(convs) == 6
for q in qs:
    assert q["expected"] is not None, q["id"]
by_table = {}
for q in qs:
    by_table.setdefault(q["text"], []).append(q)
for tx, lst in by_table.items():
    assert len(lst) == 8, tx
    assert sum(q["expected"]["kind"] == "none" for q in lst) == 1, tx
    assert len({q["half"] for q in lst}) == 1
for c in convs:
    assert len(c["turns"]) == 5
with open(P("questions.jsonl"), "w", encoding="utf-8") as f:
    for q in qs:
        f.write(json.dumps(q, ensure_ascii=False) + "\n")
with open(P("conversations.jsonl"), "w", encoding="utf-8") as f:
    for c in convs:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
from collections import Counter
print("questions:", len(qs), Counter(q["half"] for q in qs), Counter(q["expected"]["kind"] for q in qs))
print("conversations:", len(convs), Counter(c["half"] for c in convs))
