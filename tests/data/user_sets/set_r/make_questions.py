"""Read the R-set tables back, recompute every expected answer, check it against the hand-written value,
check text answers occur in the .txt files and the tables' own arithmetic, then write questions.jsonl and
conversations.jsonl."""
import json
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "R"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """Parse '1,240', '(372)', '-48000', '99.1' -> float."""
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace(",", "").replace("$", "").replace("%", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def read_csv(name):
    df = pd.read_csv(p(name), index_col=0, dtype=str)
    return {str(r): {str(c): num(df.loc[r, c]) for c in df.columns} for r in df.index}


def read_md(name):
    rows = []
    with open(p(name)) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set(":- ") for c in cells):
                continue  # separator row
            rows.append(cells)
    head = rows[0]
    return {r[0]: {h: num(v) for h, v in zip(head[1:], r[1:])} for r in rows[1:]}


def read_xlsx(name, sheet):
    ws = openpyxl.load_workbook(p(name), data_only=True)[sheet]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    head = rows[0]
    return {r[0]: {h: num(v) for h, v in zip(head[1:], r[1:])} for r in rows[1:]}


def read_text(name):
    with open(p(name)) as f:
        return f.read()


# ---------------------------------------------------------------- load
T1, X1 = "harwick_machine_2024.csv", "harwick_machine_2024.txt"
T2, X2 = "mesa_verde_solar_h1_2024.md", "mesa_verde_solar_h1_2024.txt"
T3, X3 = "redline_freight_quarterly.csv", "redline_freight_quarterly.txt"
T4, X4 = "calderbrook_earth_sciences_budget.xlsx", "calderbrook_earth_sciences_budget.txt"
T5, X5 = "ashgrove_gcse_results.md", "ashgrove_gcse_results.txt"
T6, X6 = "brightwater_dental_halfyear.xlsx", "brightwater_dental_halfyear.txt"

shop = read_csv(T1)
solar = read_md(T2)
fleet = read_csv(T3)
inc = read_xlsx(T4, "Income")
exp = read_xlsx(T4, "Expenditure")
gcse = read_md(T5)
dent = read_xlsx(T6, "P&L")
TEXT = {x: read_text(x) for x in (X1, X2, X3, X4, X5, X6)}

# ---------------------------------------------------------------- internal arithmetic checks
Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
for r, vals in shop.items():
    assert abs(sum(vals[q] for q in Q) - vals["FY 2024"]) < 1e-9, r
for c in Q + ["FY 2024"]:
    assert shop["Gross profit"][c] == shop["Revenue"][c] + shop["Cost of materials"][c] + shop["Direct labour"][c]
    assert shop["Operating profit"][c] == shop["Gross profit"][c] + shop["Overheads"][c]
for sheet, total in ((inc, "Total income"), (exp, "Total expenditure")):
    for c in ("FY2022", "FY2023", "FY2024"):
        assert sum(v[c] for k, v in sheet.items() if k != total) == sheet[total][c]
for c in gcse["Total"]:
    assert sum(v[c] for k, v in gcse.items() if k != "Total") == gcse["Total"][c]
    if c.startswith("Grade"):
        for k, v in gcse.items():
            assert v[c] <= v["Entries " + c[-4:]], k
H = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
COSTS = ["Dentist and hygienist wages", "Lab fees", "Dental supplies", "Rent"]
for h in H:
    assert dent["Total revenue"][h] == dent["Patient fees"][h] + dent["Insurance reimbursements"][h]
    assert dent["Operating profit"][h] == dent["Total revenue"][h] + sum(dent[c][h] for c in COSTS)
for m, v in solar["Curtailed energy (MWh)"].items():
    assert v < solar["Net generation (MWh)"][m]

# ---------------------------------------------------------------- helpers


def N(hand, computed, scale=""):
    """Number answer: hand-written value must equal the value recomputed from the table."""
    assert abs(round(computed, 2) - hand) < 1e-9, (hand, computed)
    return {"kind": "number", "value": float(hand), "scale": scale}


def TXT(hand, textfile):
    assert hand in TEXT[textfile], (hand, textfile)
    return {"kind": "text", "value": hand}


def PER(hand, computed):
    assert hand == computed, (hand, computed)
    return {"kind": "period", "value": hand}


NONE = {"kind": "none"}


def pct(new, old):
    return (new - old) / old * 100


def tbl(f, sheet=None):
    return [{"file": f, "sheet": sheet}]


questions = []


def add(half, tables, text, question, expected, why):
    questions.append({"id": f"{SET}-{len(questions) + 1:02d}", "half": half, "tables": tables, "text": text,
                      "question": question, "expected": expected, "why": why})


# ================================================================ table 1: Harwick Machine Works (held)
t = tbl(T1)
add("held", t, X1, "What was Harwick's revenue in Q3 2024?",
    N(1410, shop["Revenue"]["Q3 2024"], "thousand"), "Revenue row, Q3 2024 column (USD thousands).")
add("held", t, X1, "how much did the shop spend on materials in the second quarter of 2024",
    N(408, -shop["Cost of materials"]["Q2 2024"], "thousand"),
    "Cost of materials Q2 2024 is shown in brackets as (408); asked as spending, so the positive amount.")
add("held", t, X1, "How much did operating profit grow between Q1 and Q4 2024?",
    N(133, shop["Operating profit"]["Q4 2024"] - shop["Operating profit"]["Q1 2024"], "thousand"),
    "Operating profit Q4 493 minus Q1 360 = 133.")
add("held", t, X1, "What was the gross margin in the fourth quarter?",
    N(47.48, shop["Gross profit"]["Q4 2024"] / shop["Revenue"]["Q4 2024"] * 100, "percent"),
    "Gross profit 724 / revenue 1,525 = 47.48%.")
add("held", t, X1, "By what percentage did revenue increase from Q1 2024 to Q4 2024?",
    N(22.98, pct(shop["Revenue"]["Q4 2024"], shop["Revenue"]["Q1 2024"]), "percent"),
    "(1,525 - 1,240) / 1,240 = 22.98%.")
best = max(Q, key=lambda c: shop["Operating profit"][c])
add("held", t, X1, "Which quarter had the highest operating profit?",
    PER("Q4 2024", best), "Operating profit 360, 441, 424, 493: highest in Q4 2024.")
add("held", t, X1, "Why did revenue jump in Q2?",
    TXT("a new aerospace bracket contract with Lindqvist Aero", X1), "Stated in the text.")
add("held", t, X1, "What was Harwick Machine Works' revenue in Q1 2023?", NONE,
    "The table covers only the four quarters of 2024; the text gives no 2023 figure.")

# ================================================================ table 2: Mesa Verde Solar (tune)
t = tbl(T2)
G, C, A, R = ("Net generation (MWh)", "Curtailed energy (MWh)", "Plant availability (%)",
              "Energy sales revenue (USD thousand)")
M = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
add("tune", t, X2, "How much electricity did Mesa Verde generate in May 2024?",
    N(6240, solar[G]["May 2024"]), "Net generation row, May 2024 (MWh, no scale word).")
add("tune", t, X2, "what were energy sales in march?",
    N(233, solar[R]["Mar 2024"], "thousand"), "Energy sales revenue, Mar 2024, USD thousand.")
add("tune", t, X2, "What was the total net generation for January through June 2024?",
    N(30080, sum(solar[G][m] for m in M)), "3,120+3,680+4,950+5,610+6,240+6,480 = 30,080 MWh.")
add("tune", t, X2, "By what % did monthly generation rise from January to June?",
    N(107.69, pct(solar[G]["Jun 2024"], solar[G]["Jan 2024"]), "percent"),
    "(6,480 - 3,120) / 3,120 = 107.69%.")
add("tune", t, X2, "What was the average plant availability over the six months?",
    N(98.82, sum(solar[A][m] for m in M) / 6, "percent"), "(99.1+98.7+99.4+97.2+99.0+99.5)/6 = 98.82%.")
add("tune", t, X2, "In April, what share of net generation was curtailed?",
    N(3.74, solar[C]["Apr 2024"] / solar[G]["Apr 2024"] * 100, "percent"),
    "Curtailed 210 / net generation 5,610 = 3.74% (ratio of the two table rows as given).")
add("tune", t, X2, "Why was availability lower in April?",
    TXT("two central inverters were replaced", X2), "Stated in the text.")
add("tune", t, X2, "How much did the farm generate in September 2024?", NONE,
    "The table covers January-June 2024 only.")

# ================================================================ table 3: Redline Freight (held)
t = tbl(T3)
RV, FU, MI, LD, TR = ("Revenue ($000)", "Fuel cost ($000)", "Loaded miles (000)", "Loads delivered",
                      "Trucks in service")
add("held", t, X3, "What was Redline's revenue in 3Q23?",
    N(5260, fleet["3Q23"][RV], "thousand"), "Row 3Q23, Revenue ($000).")
add("held", t, X3, "How many trucks were in service in the first quarter of 2024?",
    N(87, fleet["1Q24"][TR]), "Row 1Q24, Trucks in service.")
add("held", t, X3, "What was revenue per loaded mile in 2Q24?",
    N(2.56, fleet["2Q24"][RV] / fleet["2Q24"][MI]),
    "Revenue 5,480 ($000) / loaded miles 2,140 (000) = 2.56 dollars per mile (both in thousands).")
add("held", t, X3, "What was total revenue for 2023?",
    N(20160, sum(fleet[q][RV] for q in ("1Q23", "2Q23", "3Q23", "4Q23")), "thousand"),
    "4,820 + 5,110 + 5,260 + 4,970 = 20,160.")
add("held", t, X3, "By how much in percent did revenue grow in 2Q24 compared with the same quarter a year before?",
    N(7.24, pct(fleet["2Q24"][RV], fleet["2Q23"][RV]), "percent"), "(5,480 - 5,110) / 5,110 = 7.24%.")
hi = max(fleet, key=lambda q: fleet[q][FU])
add("held", t, X3, "Which quarter had the highest fuel bill?",
    PER("Q3 2023", "Q%s 20%s" % (hi[0], hi[2:])), "Fuel cost peaks at 1,610 in 3Q23, i.e. Q3 2023.")
add("held", t, X3, "Who is the fleet manager at Redline?", TXT("Dale Brennan", X3), "Stated in the text.")
add("held", t, X3, "What was fuel cost in 3Q24?", NONE, "The export ends at 2Q24.")

# ================================================================ table 4: Calderbrook Earth Sciences (tune)
ti, te, tb = tbl(T4, "Income"), tbl(T4, "Expenditure"), tbl(T4, "Income") + tbl(T4, "Expenditure")
add("tune", ti, X4, "How much research grant income did the department receive in FY2023?",
    N(1620, inc["Research grants"]["FY2023"], "thousand"), "Income sheet, Research grants, FY2023 (£000).")
add("tune", te, X4, "what was fieldwork spending in FY2024",
    N(310, exp["Fieldwork"]["FY2024"], "thousand"), "Expenditure sheet, Fieldwork, FY2024.")
add("tune", tb, X4, "What surplus did the department make in FY2024?",
    N(435, inc["Total income"]["FY2024"] - exp["Total expenditure"]["FY2024"], "thousand"),
    "Total income 4,530 (Income sheet) minus total expenditure 4,095 (Expenditure sheet) = 435.")
add("tune", ti, X4, "What share of total income came from research grants in FY2024?",
    N(41.28, inc["Research grants"]["FY2024"] / inc["Total income"]["FY2024"] * 100, "percent"),
    "1,870 / 4,530 = 41.28%.")
add("tune", te, X4, "By what percentage did equipment spending change from FY2023 to FY2024?",
    N(-8.74, pct(exp["Equipment"]["FY2024"], exp["Equipment"]["FY2023"]), "percent"),
    "(470 - 515) / 515 = -8.74% (a fall).")
add("tune", ti, X4, "What was the average research grant income across the three fiscal years?",
    N(1656.67, sum(inc["Research grants"].values()) / 3, "thousand"), "(1,480 + 1,620 + 1,870) / 3 = 1,656.67.")
add("tune", te, X4, "Why did equipment spending peak in FY2023?",
    TXT("the department bought a new mass spectrometer", X4), "Stated in the text.")
add("tune", ti, X4, "How much consultancy income did the department earn in FY2021?", NONE,
    "The workbook covers FY2022-FY2024 only.")

# ================================================================ table 5: Ashgrove GCSE (held)
t = tbl(T5)
E23, P23, E24, P24 = "Entries 2023", "Grade 4 or above 2023", "Entries 2024", "Grade 4 or above 2024"
add("held", t, X5, "How many maths students got grade 4 or above in 2024?",
    N(152, gcse["Mathematics"][P24]), "Mathematics row, Grade 4 or above 2024.")
add("held", t, X5, "How many History entries were there in 2023?",
    N(85, gcse["History"][E23]), "History row, Entries 2023.")
add("held", t, X5, "What was the pass rate (grade 4+) in Mathematics in 2024?",
    N(80.0, gcse["Mathematics"][P24] / gcse["Mathematics"][E24] * 100, "percent"), "152 / 190 = 80.00%.")
add("held", t, X5, "How many more GCSE entries were there in 2024 than in 2023?",
    N(18, gcse["Total"][E24] - gcse["Total"][E23]), "Total entries 632 - 614 = 18.")
add("held", t, X5, "whats the overall share of entries achieving grade 4 or above in 2023",
    N(80.94, gcse["Total"][P23] / gcse["Total"][E23] * 100, "percent"), "Total row: 497 / 614 = 80.94%.")
subs = [k for k in gcse if k != "Total"]
top = max(subs, key=lambda s: gcse[s][P24] / gcse[s][E24])
assert top == "Biology"  # hand-written answer; a row label of the table, not a text fact
add("held", t, X5, "Which subject had the best grade 4+ rate in 2024?",
    {"kind": "text", "value": top},
    "Rates 2024: English 84.7%, Maths 80.0%, Biology 90.0%, Chemistry 86.4%, History 80.8%, French 81.6%.")
add("held", t, X5, "Who is the headteacher of Ashgrove High School?",
    TXT("Mrs Claire Whitby", X5), "Stated in the text.")
add("held", t, X5, "How many students sat Geography in 2024?", NONE,
    "Geography is not among the subjects in the table or the text.")

# ================================================================ table 6: Brightwater Dental (tune)
t = tbl(T6, "P&L")
add("tune", t, X6, "How much did Brightwater spend on lab fees in H1 2024?",
    N(80900, -dent["Lab fees"]["H1 2024"]), "Lab fees H1 2024 shown as -80,900 (USD); asked as spending, positive.")
add("tune", t, X6, "How many patient visits were there in the second half of 2023?",
    N(4390, dent["Patient visits"]["H2 2023"]), "Patient visits, H2 2023.")
add("tune", t, X6, "What was total revenue for 2024?",
    N(2012300, dent["Total revenue"]["H1 2024"] + dent["Total revenue"]["H2 2024"]),
    "H1 2024 987,000 + H2 2024 1,025,300 = 2,012,300 USD.")
add("tune", t, X6, "What was the operating margin in H2 2024?",
    N(36.90, dent["Operating profit"]["H2 2024"] / dent["Total revenue"]["H2 2024"] * 100, "percent"),
    "378,300 / 1,025,300 = 36.90%.")
add("tune", t, X6, "What was revenue per patient visit in H2 2024?",
    N(219.08, dent["Total revenue"]["H2 2024"] / dent["Patient visits"]["H2 2024"]),
    "1,025,300 / 4,680 = 219.08 USD per visit.")
low = min(H, key=lambda h: dent["Operating profit"][h] / dent["Total revenue"][h])
add("tune", t, X6, "Which half-year had the lowest operating margin?",
    PER("H1 2023", low), "Margins: H1 2023 35.63%, H2 2023 36.70%, H1 2024 36.50%, H2 2024 36.90%.")
add("tune", t, X6, "When did the practice's rent go up?", TXT("January 2024", X6), "Stated in the text.")
add("tune", t, X6, "What was operating profit in H2 2022?", NONE, "The statement starts at H1 2023.")

# ================================================================ conversations


def conv(i, half, tables, text, turns):
    return {"id": f"{SET}-conv-{i}", "half": half, "tables": tables, "text": text,
            "turns": [{"question": q, "expected": e} for q, e in turns]}


OH = shop["Overheads"]
CU = solar[C]
convs = [
    conv(1, "held", tbl(T1), X1, [
        ("What were Harwick's overheads in Q1 2024?", N(210, -OH["Q1 2024"], "thousand")),
        ("And in Q4?", N(231, -OH["Q4 2024"], "thousand")),
        ("How much did they rise?", N(21, OH["Q1 2024"] - OH["Q4 2024"], "thousand")),
        ("In percentage terms?", N(10.0, pct(-OH["Q4 2024"], -OH["Q1 2024"]), "percent")),
        ("What share of full-year revenue did full-year overheads take?",
         N(15.83, -OH["FY 2024"] / shop["Revenue"]["FY 2024"] * 100, "percent")),
    ]),
    conv(2, "tune", tbl(T2), X2, [
        ("How much energy was curtailed at Mesa Verde in April 2024?", N(210, CU["Apr 2024"])),
        ("And in May?", N(260, CU["May 2024"])),
        ("What was net generation that month?", N(6240, solar[G]["May 2024"])),
        ("So what share of it was curtailed?", N(4.17, CU["May 2024"] / solar[G]["May 2024"] * 100, "percent")),
        ("How much did curtailment change from April to May?", N(50, CU["May 2024"] - CU["Apr 2024"])),
    ]),
    conv(3, "held", tbl(T3), X3, [
        ("How much did Redline spend on fuel in 1Q24?", N(1390, fleet["1Q24"][FU], "thousand")),
        ("And a year earlier?", N(1450, fleet["1Q23"][FU], "thousand")),
        ("By how much did it fall?", N(60, fleet["1Q23"][FU] - fleet["1Q24"][FU], "thousand")),
        ("What's that as a percentage change?", N(-4.14, pct(fleet["1Q24"][FU], fleet["1Q23"][FU]), "percent")),
        ("What was fuel as a share of revenue in 1Q24?",
         N(27.63, fleet["1Q24"][FU] / fleet["1Q24"][RV] * 100, "percent")),
    ]),
    conv(4, "tune", tbl(T4, "Expenditure"), X4, [
        ("What did the department spend on academic staff in FY2022?",
         N(2020, exp["Academic staff"]["FY2022"], "thousand")),
        ("And in FY2024?", N(2240, exp["Academic staff"]["FY2024"], "thousand")),
        ("How much did that go up by?",
         N(220, exp["Academic staff"]["FY2024"] - exp["Academic staff"]["FY2022"], "thousand")),
        ("What share of total expenditure was academic staff in FY2024?",
         N(54.70, exp["Academic staff"]["FY2024"] / exp["Total expenditure"]["FY2024"] * 100, "percent")),
        ("What about professional services staff?",
         N(16.24, exp["Professional services staff"]["FY2024"] / exp["Total expenditure"]["FY2024"] * 100,
           "percent")),
    ]),
    conv(5, "held", tbl(T5), X5, [
        ("How many entries were there for French in 2023?", N(41, gcse["French"][E23])),
        ("And how many of them got grade 4 or above?", N(30, gcse["French"][P23])),
        ("What's that as a pass rate?", N(73.17, gcse["French"][P23] / gcse["French"][E23] * 100, "percent")),
        ("What about in 2024?", N(81.58, gcse["French"][P24] / gcse["French"][E24] * 100, "percent")),
        ("By how many percentage points did it improve?",
         N(8.41, (gcse["French"][P24] / gcse["French"][E24] - gcse["French"][P23] / gcse["French"][E23]) * 100,
           "percent")),
    ]),
    conv(6, "tune", tbl(T6, "P&L"), X6, [
        ("What was Brightwater's total revenue in H1 2023?", N(901000, dent["Total revenue"]["H1 2023"])),
        ("And in H1 2024?", N(987000, dent["Total revenue"]["H1 2024"])),
        ("What was the percentage growth?",
         N(9.54, pct(dent["Total revenue"]["H1 2024"], dent["Total revenue"]["H1 2023"]), "percent")),
        ("How much did operating profit grow over the same period?",
         N(39300, dent["Operating profit"]["H1 2024"] - dent["Operating profit"]["H1 2023"])),
        ("What share of H1 2024 revenue went on rent?",
         N(5.17, -dent["Rent"]["H1 2024"] / dent["Total revenue"]["H1 2024"] * 100, "percent")),
    ]),
]

# ---------------------------------------------------------------- structure checks and write
assert len(questions) == 48
HALF = {T1: "held", T2: "tune", T3: "held", T4: "tune", T5: "held", T6: "tune"}
for item in questions + convs:
    assert all(HALF[x["file"]] == item["half"] for x in item["tables"])
for i in range(6):
    chunk = questions[i * 8:(i + 1) * 8]
    assert sum(q["expected"]["kind"] == "none" for q in chunk) == 1
for c in convs:
    assert len(c["turns"]) == 5

with open(p("questions.jsonl"), "w") as f:
    for q in questions:
        f.write(json.dumps(q, ensure_ascii=False) + "\n")
with open(p("conversations.jsonl"), "w") as f:
    for c in convs:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(f"{len(questions)} questions, {len(convs)} conversations; all checks passed")
