"""Reads the six tables back, recomputes every expected number, checks text answers and the
tables' internal arithmetic, and writes questions.jsonl and conversations.jsonl."""
import json
import os
import re

import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
P = lambda n: os.path.join(HERE, n)


def num(s):
    """'1,240' -> 1240.0, '(682)' -> -682.0"""
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    return -float(s) if neg else float(s)


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
    header, body = rows[0], rows[1:]
    out = {}
    for r in body:
        label = r[0].strip("*").strip()
        out[label] = {h: num(v) for h, v in zip(header[1:], r[1:])}
    return out


def read_xlsx_sheet(path, sheet):
    ws = load_workbook(path, data_only=True)[sheet]
    rows = [r for r in ws.iter_rows(values_only=True)]
    header = rows[1]  # row 1 is a title row
    out = {}
    for r in rows[2:]:
        out[r[0]] = {h: num(v) for h, v in zip(header[1:], r[1:])}
    return out


# --- load -------------------------------------------------------------------------------
D = {}
q = pd.read_csv(P("quillmoor_ceramics_2024_quarterly.csv"), dtype=str)
D["Q"] = {r[q.columns[0]]: {c: num(r[c]) for c in q.columns[1:]} for _, r in q.iterrows()}
D["T"] = read_md(P("tamarisk_bikeshare_2025.md"))
k = pd.read_csv(P("ostrander_kelp_quarterly.csv"), index_col=0)
D["K"] = {str(i): {c: float(k.loc[i, c]) for c in k.columns} for i in k.index}
D["BP"] = read_xlsx_sheet(P("brindlewick_bakeries_fy.xlsx"), "P&L")
D["BB"] = read_xlsx_sheet(P("brindlewick_bakeries_fy.xlsx"), "Balance sheet")
D["L"] = read_md(P("st_ondine_library_loans.md"))
D["Z"] = read_xlsx_sheet(P("zephyrine_drone_halfyear.xlsx"), "Half-year results")


def g(t, row, col):
    return D[t][row][col]


def close(a, b, tol=1e-6):
    return abs(a - b) < tol


# --- internal arithmetic -------------------------------------------------------------------
Q = D["Q"]
for c in ["1Q24", "2Q24", "3Q24", "4Q24", "FY24"]:
    assert close(Q["Revenue"][c] + Q["Cost of sales"][c], Q["Gross profit"][c])
    assert close(Q["Gross profit"][c] + Q["Selling and distribution"][c] + Q["Administrative expenses"][c],
                 Q["Operating profit"][c])
for r in Q:
    assert close(sum(Q[r][c] for c in ["1Q24", "2Q24", "3Q24", "4Q24"]), Q[r]["FY24"]), r
for p, r in D["K"].items():
    assert close(r["revenue_usd_k"] - r["opex_usd_k"], r["ebitda_usd_k"]), p
for c in ["FY2023", "FY2024"]:
    P_, B_ = D["BP"], D["BB"]
    assert close(P_["Revenue"][c] + P_["Cost of sales"][c], P_["Gross profit"][c])
    assert close(P_["Gross profit"][c] + P_["Operating expenses"][c], P_["Operating profit"][c])
    assert close(P_["Operating profit"][c] + P_["Interest expense"][c], P_["Profit before tax"][c])
    assert close(P_["Profit before tax"][c] + P_["Income tax"][c], P_["Net profit"][c])
    assert close(sum(B_[x][c] for x in ["Cash", "Inventories", "Trade receivables",
                                        "Property, plant and equipment"]), B_["Total assets"][c])
    assert close(sum(B_[x][c] for x in ["Trade payables", "Bank loan", "Equity"]),
                 B_["Total liabilities and equity"][c])
    assert close(B_["Total assets"][c], B_["Total liabilities and equity"][c])
L = D["L"]
terms = ["Autumn 2024", "Spring 2025", "Summer 2025"]
for r in L:
    assert close(sum(L[r][t] for t in terms), L[r]["Total"]), r
for t in terms + ["Total"]:
    assert close(sum(L[r][t] for r in L if r != "Total"), L["Total"][t]), t
Z = D["Z"]
for c in ["H1 2024", "H2 2024", "H1 2025"]:
    assert close(Z["Survey fees"][c] + Z["Data processing subscriptions"][c], Z["Total revenue"][c])
    assert close(Z["Total revenue"][c] + sum(Z[x][c] for x in ["Staff costs", "Equipment depreciation",
                                                                "Travel and field costs", "Insurance"]),
                 Z["Operating profit"][c])

# --- helpers for expected answers ------------------------------------------------------------
TEXTS = {}


def txt(name):
    if name not in TEXTS:
        TEXTS[name] = open(P(name), encoding="utf-8").read()
    return TEXTS[name]


def N(hand, calc, scale="", nd=2):
    """number: hand-written value must equal the recomputed one (rounded to nd decimals)"""
    v = calc() if callable(calc) else calc
    assert round(v, nd) == round(hand, nd), (hand, v)
    return {"kind": "number", "value": float(hand), "scale": scale}


def NT(hand, word, scale=""):
    """number stated only in words in the text"""
    return ("NT", hand, word, scale)


def X(value):
    return ("X", value)


def PER(value, check=None):
    if check is not None:
        assert check() == value, (check(), value)
    return {"kind": "period", "value": value}


def NONE(check):
    assert check(), "a 'none' item's row/period unexpectedly exists"
    return {"kind": "none"}


def resolve(exp, text_file):
    if isinstance(exp, tuple) and exp[0] == "X":
        assert exp[1].lower() in txt(text_file).lower(), (exp[1], text_file)
        return {"kind": "text", "value": exp[1]}
    if isinstance(exp, tuple) and exp[0] == "NT":
        _, hand, word, scale = exp
        assert word.lower() in txt(text_file).lower(), (word, text_file)
        return {"kind": "number", "value": float(hand), "scale": scale}
    return exp


def argmax(d):
    return max(d, key=d.get)


def argmin(d):
    return min(d, key=d.get)


# --- table descriptors -----------------------------------------------------------------------
TB = {
    "Q": dict(half="held", tables=[{"file": "quillmoor_ceramics_2024_quarterly.csv", "sheet": None}],
              text="quillmoor_ceramics_2024_quarterly.txt"),
    "T": dict(half="tune", tables=[{"file": "tamarisk_bikeshare_2025.md", "sheet": None}],
              text="tamarisk_bikeshare_2025.txt"),
    "K": dict(half="held", tables=[{"file": "ostrander_kelp_quarterly.csv", "sheet": None}],
              text="ostrander_kelp_quarterly.txt"),
    "BP": dict(half="tune", tables=[{"file": "brindlewick_bakeries_fy.xlsx", "sheet": "P&L"}],
               text="brindlewick_bakeries_fy.txt"),
    "BB": dict(half="tune", tables=[{"file": "brindlewick_bakeries_fy.xlsx", "sheet": "Balance sheet"}],
               text="brindlewick_bakeries_fy.txt"),
    "B2": dict(half="tune", tables=[{"file": "brindlewick_bakeries_fy.xlsx", "sheet": "P&L"},
                                    {"file": "brindlewick_bakeries_fy.xlsx", "sheet": "Balance sheet"}],
               text="brindlewick_bakeries_fy.txt"),
    "L": dict(half="held", tables=[{"file": "st_ondine_library_loans.md", "sheet": None}],
              text="st_ondine_library_loans.txt"),
    "Z": dict(half="tune", tables=[{"file": "zephyrine_drone_halfyear.xlsx", "sheet": "Half-year results"}],
              text="zephyrine_drone_halfyear.txt"),
}

K_ = D["K"]
T_ = D["T"]
BP, BB = D["BP"], D["BB"]
months = ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025"]
MONTH_NAME = {m: pd.Period(m, freq="M").strftime("%B %Y") for m in months}

# --- single questions ----------------------------------------------------------------------
QS = [
    # Table 1: Quillmoor Ceramics (held)
    ("Q", "What was Quillmoor's revenue in the third quarter of 2024?",
     N(1512, lambda: g("Q", "Revenue", "3Q24"), "thousand"), "Revenue, 3Q24 column (GBP 000)."),
    ("Q", "How much did we spend on admin over 2024 as a whole?",
     N(869, lambda: -g("Q", "Administrative expenses", "FY24"), "thousand"),
     "Administrative expenses, FY24 column, shown in brackets as (869); given as the positive amount spent."),
    ("Q", "what was our gross margin in Q4 2024",
     N(46.01, lambda: g("Q", "Gross profit", "4Q24") / g("Q", "Revenue", "4Q24") * 100, "percent"),
     "Gross profit 871 / revenue 1,893 in 4Q24 = 46.01%."),
    ("Q", "What was operating profit in the first quarter of 2023?",
     NONE(lambda: "1Q23" not in Q["Operating profit"]), "The table only covers the four quarters of 2024 and FY24."),
    # Table 2: Tamarisk Bike Share (tune)
    ("T", "How many trips were taken in April 2025?",
     N(29880, lambda: g("T", "Apr 2025", "Trips")), "Trips column, Apr 2025 row."),
    ("T", "On average, how many trips did each bike in service make in June?",
     N(73.79, lambda: g("T", "Jun 2025", "Trips") / g("T", "Jun 2025", "Bikes in service")),
     "38,740 trips / 525 bikes in service = 73.79 trips per bike."),
    ("T", "Why were trips down in February?",
     X("storm"), "Text: a storm closed the network for four days in mid-February."),
    ("T", "How many trips did the scheme record in July 2025?",
     NONE(lambda: "Jul 2025" not in T_), "The table stops at June 2025; July is not given."),
    # Table 3: Ostrander Kelp (held)
    ("K", "What was EBITDA in 2024Q3?",
     N(286, lambda: g("K", "2024Q3", "ebitda_usd_k"), "thousand"), "ebitda_usd_k column, 2024Q3 row (USD thousand)."),
    ("K", "How many tonnes of kelp did Ostrander harvest across calendar 2024?",
     N(583, lambda: sum(g("K", p, "harvest_tonnes") for p in ["2024Q1", "2024Q2", "2024Q3", "2024Q4"])),
     "harvest_tonnes 64 + 158 + 240 + 121 = 583 tonnes."),
    ("K", "Where is the farm's second lease?",
     X("Quenby Point"), "Text: a second lease of 40 hectares off Quenby Point, granted January 2024."),
    ("K", "How much kelp was harvested in the second quarter of 2023?",
     NONE(lambda: "2023Q2" not in K_), "The export starts at 2023Q3."),
    # Table 4: Brindlewick Bakeries (tune)
    ("BP", "What was Brindlewick's net profit in FY2024?",
     N(1054, lambda: g("BP", "Net profit", "FY2024"), "thousand"), "P&L sheet, Net profit, FY2024 (EUR thousand)."),
    ("BB", "How much cash did the bakery have at the end of FY2023?",
     N(620, lambda: g("BB", "Cash", "FY2023"), "thousand"), "Balance sheet, Cash, FY2023."),
    ("B2", "What was return on equity in FY2024, taking net profit over year-end equity?",
     N(32.68, lambda: g("BP", "Net profit", "FY2024") / g("BB", "Equity", "FY2024") * 100, "percent"),
     "Net profit 1,054 (P&L) / equity 3,225 (balance sheet) = 32.68%."),
    ("BP", "What was revenue in FY2022?",
     NONE(lambda: "FY2022" not in BP["Revenue"]), "The workbook only has FY2023 and FY2024."),
    # Table 5: St Ondine's library (held)
    ("L", "How many poetry books were borrowed in the spring term?",
     N(142, lambda: g("L", "Poetry", "Spring 2025")), "Poetry row, Spring 2025 column."),
    ("L", "What share of all loans over the year were fiction?",
     N(43.50, lambda: g("L", "Fiction", "Total") / g("L", "Total", "Total") * 100, "percent"),
     "Fiction total 3,325 / grand total 7,643 = 43.50%."),
    ("L", "Who is the school librarian?",
     X("Wilhelmina Achterberg"), "Text: Librarian Wilhelmina Achterberg."),
    ("L", "How many e-books were loaned in the summer term?",
     NONE(lambda: not any("e-book" in r.lower() or "ebook" in r.lower() for r in L)),
     "There is no e-book category (audiobooks are a different row)."),
    # Table 6: Zephyrine Drone Surveys (tune)
    ("Z", "What was total revenue in H2 2024?",
     N(2000, lambda: g("Z", "Total revenue", "H2 2024"), "thousand"), "Total revenue, H2 2024 (AUD thousand)."),
    ("Z", "How much did Zephyrine spend on staff in the first half of 2025?",
     N(935, lambda: -g("Z", "Staff costs", "H1 2025"), "thousand"),
     "Staff costs H1 2025 shown as -935; given as the positive amount spent."),
    ("Z", "What was the operating margin for H1 2025?",
     N(28.46, lambda: g("Z", "Operating profit", "H1 2025") / g("Z", "Total revenue", "H1 2025") * 100, "percent"),
     "Operating profit 621 / total revenue 2,182 = 28.46%."),
    ("Z", "What was operating profit in H2 2023?",
     NONE(lambda: "H2 2023" not in Z["Operating profit"]), "The sheet starts at H1 2024."),
]

# --- conversations ------------------------------------------------------------------------
CONVS = [
    # Table 1 (held)
    ("Q", [
        ("How much did we sell in the second quarter?", N(1385, lambda: g("Q", "Revenue", "2Q24"), "thousand")),
        ("And in Q4?", N(1893, lambda: g("Q", "Revenue", "4Q24"), "thousand")),
        ("By how much did it grow between the two?",
         N(508, lambda: g("Q", "Revenue", "4Q24") - g("Q", "Revenue", "2Q24"), "thousand")),
        ("In percentage terms?",
         N(36.68, lambda: (g("Q", "Revenue", "4Q24") / g("Q", "Revenue", "2Q24") - 1) * 100, "percent")),
        ("What was behind the strong fourth quarter?", X("Christmas tableware range")),
    ]),
    ("Q", [
        ("What did selling and distribution cost us in Q1?",
         N(145, lambda: -g("Q", "Selling and distribution", "1Q24"), "thousand")),
        ("and admin in the same quarter?", N(210, lambda: -g("Q", "Administrative expenses", "1Q24"), "thousand")),
        ("combined?", N(355, lambda: -(g("Q", "Selling and distribution", "1Q24")
                                       + g("Q", "Administrative expenses", "1Q24")), "thousand")),
        ("What share of Q1 revenue is that?",
         N(28.63, lambda: -(g("Q", "Selling and distribution", "1Q24") + g("Q", "Administrative expenses", "1Q24"))
           / g("Q", "Revenue", "1Q24") * 100, "percent")),
        ("And what were selling costs in Q1 2025?", NONE(lambda: "1Q25" not in Q["Selling and distribution"])),
    ]),
    ("Q", [
        ("What was operating profit for the full year?", N(1200, lambda: g("Q", "Operating profit", "FY24"), "thousand")),
        ("Which quarter had the highest?",
         PER("Q4 2024", lambda: {"1Q24": "Q1 2024", "2Q24": "Q2 2024", "3Q24": "Q3 2024", "4Q24": "Q4 2024"}[
             argmax({c: Q["Operating profit"][c] for c in ["1Q24", "2Q24", "3Q24", "4Q24"]})])),
        ("What was the average per quarter?",
         N(300, lambda: sum(Q["Operating profit"][c] for c in ["1Q24", "2Q24", "3Q24", "4Q24"]) / 4, "thousand")),
        ("When did the new kiln come into use?", X("August 2024")),
        ("How much higher was Q3's operating profit than Q2's?",
         N(61, lambda: g("Q", "Operating profit", "3Q24") - g("Q", "Operating profit", "2Q24"), "thousand")),
    ]),
    # Table 2 (tune)
    ("T", [
        ("How many active members did the scheme have in March?", N(3420, lambda: g("T", "Mar 2025", "Active members"))),
        ("And in June?", N(4612, lambda: g("T", "Jun 2025", "Active members"))),
        ("How much did that grow?",
         N(1192, lambda: g("T", "Jun 2025", "Active members") - g("T", "Mar 2025", "Active members"))),
        ("What is that as a percentage?",
         N(34.85, lambda: (g("T", "Jun 2025", "Active members") / g("T", "Mar 2025", "Active members") - 1) * 100,
           "percent")),
        ("Who's in charge of the e-bike plan?", X("Rafferty Oduya")),
    ]),
    ("T", [
        ("What did the bikes bring in during May?", N(116.3, lambda: g("T", "May 2025", "Revenue ($000)"), "thousand")),
        ("And the month before?", N(98.7, lambda: g("T", "Apr 2025", "Revenue ($000)"), "thousand")),
        ("What was the increase?",
         N(17.6, lambda: g("T", "May 2025", "Revenue ($000)") - g("T", "Apr 2025", "Revenue ($000)"), "thousand")),
        ("What happened in May that explains it?", X("twelve new docking stations")),
        ("What was total revenue for the first half of the year?",
         N(545.3, lambda: sum(g("T", m, "Revenue ($000)") for m in months), "thousand")),
    ]),
    ("T", [
        ("How many bikes were out on the streets in January?", N(410, lambda: g("T", "Jan 2025", "Bikes in service"))),
        ("Which month had the fewest?",
         PER("February 2025", lambda: MONTH_NAME[argmin({m: T_[m]["Bikes in service"] for m in months})])),
        ("What about December 2024?", NONE(lambda: "Dec 2024" not in T_)),
        ("What was the average number of bikes in service over the six months?",
         N(458.33, lambda: sum(T_[m]["Bikes in service"] for m in months) / 6)),
        ("And average trips per month?", N(27400.83, lambda: sum(T_[m]["Trips"] for m in months) / 6)),
    ]),
    # Table 3 (held)
    ("K", [
        ("How much revenue did the farm make in the first quarter of 2024?",
         N(171, lambda: g("K", "2024Q1", "revenue_usd_k"), "thousand")),
        ("Same quarter, what were operating costs?", N(275, lambda: g("K", "2024Q1", "opex_usd_k"), "thousand")),
        ("So how big was the loss?", N(104, lambda: -g("K", "2024Q1", "ebitda_usd_k"), "thousand")),
        ("Why are the winter quarters so weak?", X("seeded in November")),
        ("Which quarter brought in the most revenue?",
         PER("Q3 2024", lambda: (lambda p: f"Q{p[-1]} {p[:4]}")(argmax({p: K_[p]["revenue_usd_k"] for p in K_})))),
    ]),
    ("K", [
        ("How many people worked at the farm in 2023Q4?", N(19, lambda: g("K", "2023Q4", "employees"))),
        ("and a year later?", N(24, lambda: g("K", "2024Q4", "employees"))),
        ("By how much did headcount rise?", N(5, lambda: g("K", "2024Q4", "employees") - g("K", "2023Q4", "employees"))),
        ("What was revenue per employee in that later quarter?",
         N(13.96, lambda: g("K", "2024Q4", "revenue_usd_k") / g("K", "2024Q4", "employees"))),
        ("And what was headcount in 2025Q1?", NONE(lambda: "2025Q1" not in K_)),
    ]),
    ("K", [
        ("What was the harvest in 2024Q2?", N(158, lambda: g("K", "2024Q2", "harvest_tonnes"))),
        ("And in Q3?", N(240, lambda: g("K", "2024Q3", "harvest_tonnes"))),
        ("Combined?", N(398, lambda: g("K", "2024Q2", "harvest_tonnes") + g("K", "2024Q3", "harvest_tonnes"))),
        ("How much revenue did those two quarters bring in?",
         N(1058, lambda: g("K", "2024Q2", "revenue_usd_k") + g("K", "2024Q3", "revenue_usd_k"), "thousand")),
        ("Per tonne?",
         N(2.66, lambda: (g("K", "2024Q2", "revenue_usd_k") + g("K", "2024Q3", "revenue_usd_k"))
           / (g("K", "2024Q2", "harvest_tonnes") + g("K", "2024Q3", "harvest_tonnes")))),
    ]),
    # Table 4 (tune)
    ("BP", [
        ("What was turnover in FY2024?", N(9310, lambda: g("BP", "Revenue", "FY2024"), "thousand")),
        ("And the year before?", N(8420, lambda: g("BP", "Revenue", "FY2023"), "thousand")),
        ("What's the percentage growth?",
         N(10.57, lambda: (g("BP", "Revenue", "FY2024") / g("BP", "Revenue", "FY2023") - 1) * 100, "percent")),
        ("Where did most of that growth come from?", X("Velden hotel group")),
        ("What was the gross margin in FY2024?",
         N(46.08, lambda: g("BP", "Gross profit", "FY2024") / g("BP", "Revenue", "FY2024") * 100, "percent")),
    ]),
    ("B2", [
        ("How much did we owe the bank at the end of FY2023?", N(1900, lambda: g("BB", "Bank loan", "FY2023"), "thousand")),
        ("And at the end of FY2024?", N(1650, lambda: g("BB", "Bank loan", "FY2024"), "thousand")),
        ("So how much did we pay down?",
         N(250, lambda: g("BB", "Bank loan", "FY2023") - g("BB", "Bank loan", "FY2024"), "thousand")),
        ("How much interest did we pay in FY2024?", N(125, lambda: -g("BP", "Interest expense", "FY2024"), "thousand")),
        ("What about interest in FY2025?", NONE(lambda: "FY2025" not in BP["Interest expense"])),
    ]),
    ("BB", [
        ("What were total assets in FY2024?", N(5380, lambda: g("BB", "Total assets", "FY2024"), "thousand")),
        ("How much of that is property and equipment?",
         N(3480, lambda: g("BB", "Property, plant and equipment", "FY2024"), "thousand")),
        ("What share is that?",
         N(64.68, lambda: g("BB", "Property, plant and equipment", "FY2024") / g("BB", "Total assets", "FY2024") * 100,
           "percent")),
        ("How much was equity?", N(3225, lambda: g("BB", "Equity", "FY2024"), "thousand")),
        ("And how much did equity change from the year before?",
         N(795, lambda: g("BB", "Equity", "FY2024") - g("BB", "Equity", "FY2023"), "thousand")),
    ]),
    # Table 5 (held)
    ("L", [
        ("How many comics went out in the autumn term?", N(430, lambda: g("L", "Graphic novels", "Autumn 2024"))),
        ("And in summer?", N(512, lambda: g("L", "Graphic novels", "Summer 2025"))),
        ("How much did that grow?",
         N(82, lambda: g("L", "Graphic novels", "Summer 2025") - g("L", "Graphic novels", "Autumn 2024"))),
        ("And what was the total across all three terms?", N(1430, lambda: g("L", "Graphic novels", "Total"))),
        ("What's being added next autumn?", X("manga section")),
    ]),
    ("L", [
        ("How many loans did the library record in total in the summer term?", N(2390, lambda: g("L", "Total", "Summer 2025"))),
        ("Compared with spring, how much did it fall?",
         N(283, lambda: g("L", "Total", "Spring 2025") - g("L", "Total", "Summer 2025"))),
        ("Why was summer lower?", X("carpet replacement")),
        ("How many audiobooks were borrowed in summer?", N(298, lambda: g("L", "Audiobooks", "Summer 2025"))),
        ("What share of summer loans is that?",
         N(12.47, lambda: g("L", "Audiobooks", "Summer 2025") / g("L", "Total", "Summer 2025") * 100, "percent")),
    ]),
    ("L", [
        ("How many non-fiction loans were there in spring?", N(702, lambda: g("L", "Non-fiction", "Spring 2025"))),
        ("What about spring 2024?", NONE(lambda: "Spring 2024" not in L["Non-fiction"])),
        ("And in the autumn term?", N(615, lambda: g("L", "Non-fiction", "Autumn 2024"))),
        ("What's the average per term for non-fiction?", N(619, lambda: g("L", "Non-fiction", "Total") / 3)),
        ("Which category was borrowed least over the year?",
         X("Poetry") if argmin({r: L[r]["Total"] for r in L if r != "Total"}) == "Poetry" else None),
    ]),
    # Table 6 (tune)
    ("Z", [
        ("How much did we earn from survey work in H1 2024?", N(1420, lambda: g("Z", "Survey fees", "H1 2024"), "thousand")),
        ("and from subscriptions?", N(310, lambda: g("Z", "Data processing subscriptions", "H1 2024"), "thousand")),
        ("What share of total revenue came from subscriptions?",
         N(17.92, lambda: g("Z", "Data processing subscriptions", "H1 2024") / g("Z", "Total revenue", "H1 2024") * 100,
           "percent")),
        ("And in H1 2025?",
         N(18.42, lambda: g("Z", "Data processing subscriptions", "H1 2025") / g("Z", "Total revenue", "H1 2025") * 100,
           "percent")),
        ("How many drones did the fleet have by June 2025?", NT(14, "fourteen drones")),
    ]),
    ("Z", [
        ("What did travel and field work cost in H2 2024?",
         N(315, lambda: -g("Z", "Travel and field costs", "H2 2024"), "thousand")),
        ("Why was it so high?", X("mine-site contract in the Pilbara")),
        ("And what did it cost in H1 2025?", N(298, lambda: -g("Z", "Travel and field costs", "H1 2025"), "thousand")),
        ("How much did it fall?",
         N(17, lambda: g("Z", "Travel and field costs", "H1 2025") - g("Z", "Travel and field costs", "H2 2024"),
           "thousand")),
        ("What's the figure for H2 2025?", NONE(lambda: "H2 2025" not in Z["Travel and field costs"])),
    ]),
    ("Z", [
        ("What was operating profit in the second half of 2024?",
         N(535, lambda: g("Z", "Operating profit", "H2 2024"), "thousand")),
        ("And the half before?", N(385, lambda: g("Z", "Operating profit", "H1 2024"), "thousand")),
        ("How much did it change?",
         N(150, lambda: g("Z", "Operating profit", "H2 2024") - g("Z", "Operating profit", "H1 2024"), "thousand")),
        ("Which half-year had the highest insurance cost?",
         PER("H1 2025", lambda: argmax({c: -Z["Insurance"][c] for c in ["H1 2024", "H2 2024", "H1 2025"]}))),
        ("What was total operating profit over the three halves?",
         N(1541, lambda: sum(Z["Operating profit"][c] for c in ["H1 2024", "H2 2024", "H1 2025"]), "thousand")),
    ]),
]

WHY_CONV = None  # conversations carry no 'why' field per the brief

# --- write ------------------------------------------------------------------------------------
assert len(QS) == 24 and len(CONVS) == 18
with open(P("questions.jsonl"), "w", encoding="utf-8") as f:
    for i, (t, question, exp, why) in enumerate(QS, 1):
        d = TB[t]
        f.write(json.dumps({"id": f"o-{i:02d}", "half": d["half"], "tables": d["tables"], "text": d["text"],
                            "question": question, "expected": resolve(exp, d["text"]), "why": why},
                           ensure_ascii=False) + "\n")
with open(P("conversations.jsonl"), "w", encoding="utf-8") as f:
    for i, (t, turns) in enumerate(CONVS, 1):
        d = TB[t]
        assert len(turns) == 5
        out = []
        for question, exp in turns:
            assert exp is not None
            out.append({"question": question, "expected": resolve(exp, d["text"])})
        f.write(json.dumps({"id": f"o-conv-{i}", "half": d["half"], "tables": d["tables"], "text": d["text"],
                            "turns": out}, ensure_ascii=False) + "\n")

# per-table none checks: exactly one 'none' single question per table
from collections import Counter
qs = [json.loads(l) for l in open(P("questions.jsonl"))]
nones = Counter(q["tables"][0]["file"] for q in qs if q["expected"]["kind"] == "none")
assert len(nones) == 6 and all(v == 1 for v in nones.values()), nones
cs = [json.loads(l) for l in open(P("conversations.jsonl"))]
print("questions:", Counter(q["half"] for q in qs))
print("conversations:", Counter(c["half"] for c in cs), "turns:", sum(len(c["turns"]) for c in cs))
print("conversations with a none turn:", sum(any(t["expected"]["kind"] == "none" for t in c["turns"]) for c in cs))
print("OK")
