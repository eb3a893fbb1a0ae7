"""Reads the six tables back, recomputes every expected answer, checks the text answers and the tables'
own arithmetic, then writes questions.jsonl and conversations.jsonl for set k."""
import json
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "k"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """'1,842' -> 1842.0, '(774)' -> -774.0, '-' -> None"""
    if s is None:
        return None
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace(",", "").replace("£", "").replace("€", "")
    if s in ("", "-", "—"):
        return None
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def read_csv_table(name):
    df = pd.read_csv(p(name), index_col=0, dtype=str)
    return {str(r): {str(c): num(df.loc[r, c]) for c in df.columns} for r in df.index}


def read_md_table(name):
    rows = []
    with open(p(name), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue
            rows.append(cells)
    header, body = rows[0], rows[1:]
    return {r[0]: {h: num(v) for h, v in zip(header[1:], r[1:])} for r in body}


def read_xlsx_sheet(name, sheet):
    ws = openpyxl.load_workbook(p(name), data_only=True)[sheet]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    hi = next(i for i, r in enumerate(rows) if sum(v is not None for v in r) >= 3)
    header = rows[hi]
    out = {}
    for r in rows[hi + 1:]:
        if r[0] is None:
            continue
        out[str(r[0])] = {str(h): num(v) for h, v in zip(header[1:], r[1:]) if h is not None}
    return out


def read_text(name):
    with open(p(name), encoding="utf-8") as f:
        return f.read()


# ------------------------------------------------------------------ tables
F1, F2, F3 = "hearthstone_bakeries_quarterly_2025.csv", "ashford_library_monthly_h1_2025.md", "northgate_freight_annual.csv"
F4, F5, F6 = "brightwire_consulting_2025.xlsx", "okafor_lab_wheat_trial_t07.md", "riverside_food_share_sofa_2025.xlsx"
T1 = read_csv_table(F1)
T2 = read_md_table(F2)
T3 = read_csv_table(F3)
T4P = read_xlsx_sheet(F4, "P&L")
T4B = read_xlsx_sheet(F4, "Balance sheet")
T5 = read_md_table(F5)
T6 = read_xlsx_sheet(F6, "SOFA")
TXT = {f: read_text(f.rsplit(".", 1)[0] + ".txt") for f in (F1, F2, F3, F4, F5, F6)}

META = {  # file -> (half, tables entry, text file)
    F1: ("held", [{"file": F1, "sheet": None}]),
    F2: ("tune", [{"file": F2, "sheet": None}]),
    F3: ("held", [{"file": F3, "sheet": None}]),
    F4: ("tune", None),
    F5: ("held", [{"file": F5, "sheet": None}]),
    F6: ("tune", [{"file": F6, "sheet": "SOFA"}]),
}


def close(a, b):
    return abs(a - b) < 1e-6


# ------------------------------------------------------------------ internal arithmetic of the tables
def check_tables():
    q = ["1Q25", "2Q25", "3Q25", "4Q25"]
    for row in ["Revenue", "Cost of sales", "Gross profit", "Staff costs", "Rent and utilities", "Operating profit"]:
        assert close(sum(T1[row][c] for c in q), T1[row]["FY25"]), row
    for c in q + ["FY25"]:
        assert close(T1["Revenue"][c] + T1["Cost of sales"][c], T1["Gross profit"][c])
        assert close(T1["Gross profit"][c] + T1["Staff costs"][c] + T1["Rent and utilities"][c],
                     T1["Operating profit"][c])
    for m in T2["Visits"]:
        assert close(T2["Physical loans"][m] + T2["E-book loans"][m], T2["Total loans"][m])
    for y in T3:
        r = T3[y]
        assert close(round(r["Revenue (£m)"] - r["Fuel cost (£m)"] - r["Driver wages (£m)"] - r["Other costs (£m)"], 1),
                     r["Operating profit (£m)"]), y
    for h in T4P["Fee revenue"]:
        assert close(sum(T4P[k][h] for k in ["Fee revenue", "Subcontractor costs", "Salaries", "Office and software"]),
                     T4P["Operating profit"][h])
    for d in T4B["Cash"]:
        b = T4B
        assert close(b["Cash"][d] + b["Trade receivables"][d] + b["Equipment (net)"][d], b["Total assets"][d])
        assert close(b["Trade payables"][d] + b["Accruals and tax"][d], b["Total liabilities"][d])
        assert close(b["Total assets"][d] - b["Total liabilities"][d], b["Equity"][d])
    for col in ["Pots", "Seeds sown", "Germinated", "Dry biomass (g)"]:
        assert close(sum(v[col] for k, v in T5.items() if k != "Total"), T5["Total"][col]), col
    U, R, T, P = ("Unrestricted funds", "Restricted funds", "Total year ended 31 March 2025",
                  "Total year ended 31 March 2024")
    for row, v in T6.items():
        assert close(v[U] + v[R], v[T]), row
    for c in (U, R, T, P):
        assert close(T6["Donations and fundraising"][c] + T6["Grants"][c], T6["Total income"][c])
        assert close(T6["Food purchases"][c] + T6["Staff costs"][c] + T6["Premises and vans"][c],
                     T6["Total expenditure"][c])
        assert close(T6["Total income"][c] + T6["Total expenditure"][c], T6["Net income"][c])


check_tables()

# shortcuts
U6, R6, T25, T24 = ("Unrestricted funds", "Restricted funds", "Total year ended 31 March 2025",
                    "Total year ended 31 March 2024")
BT4 = [{"file": F4, "sheet": "P&L"}]
BB4 = [{"file": F4, "sheet": "Balance sheet"}]
BOTH4 = BT4 + BB4


def pct(new, old):
    return (new - old) / old * 100


def N(value, scale, computed):
    """number expectation; computed value is rounded to 2 dp and must equal the hand value."""
    assert close(round(computed, 2), value), (value, computed)
    return {"kind": "number", "value": float(value), "scale": scale}


def TX(value, file):
    assert value.lower() in TXT[file].lower(), (value, file)
    return {"kind": "text", "value": value}


def TXT_TABLE(value, labels):
    assert value in labels, value
    return {"kind": "text", "value": value}


def PER(value, computed):
    assert value == computed, (value, computed)
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}


def argmax(d):
    return max(d, key=d.get)


def argmin(d):
    return min(d, key=d.get)


QQ = "1Q25 2Q25 3Q25 4Q25".split()
QMAP = {"1Q25": "Q1 2025", "2Q25": "Q2 2025", "3Q25": "Q3 2025", "4Q25": "Q4 2025"}
MONTHS = {"Jan 2025": "January 2025", "Feb 2025": "February 2025", "Mar 2025": "March 2025",
          "Apr 2025": "April 2025", "May 2025": "May 2025", "Jun 2025": "June 2025"}
TREAT = [k for k in T5 if k != "Total"]

# ------------------------------------------------------------------ questions: (file, tables override, question, expected, why)
Q = []

# ---- table 1: Hearthstone Bakeries (held)
Q += [
    (F1, None, "What was Hearthstone Bakeries' revenue in 3Q25?",
     N(2105, "thousand", T1["Revenue"]["3Q25"]), "Revenue row, 3Q25 column: 2,105 (£ thousand)."),
    (F1, None, "By what % did revenue grow from the first quarter to the fourth quarter of 2025?",
     N(37.4, "percent", pct(T1["Revenue"]["4Q25"], T1["Revenue"]["1Q25"])), "(2,531 - 1,842) / 1,842 = 37.40%."),
    (F1, None, "whats the gross margin in 2Q25",
     N(58.98, "percent", T1["Gross profit"]["2Q25"] / T1["Revenue"]["2Q25"] * 100), "Gross profit 1,189 / revenue 2,016 = 58.98%."),
    (F1, None, "On average, how much did the bakery chain spend on staff per quarter in 2025?",
     N(550, "thousand", -sum(T1["Staff costs"][c] for c in QQ) / 4),
     "Staff costs shown in brackets (512, 538, 549, 601); taken as positive spend; 2,200 / 4 = 550 (£ thousand)."),
    (F1, None, "Which quarter had the highest operating profit?",
     PER("Q4 2025", QMAP[argmax({c: T1["Operating profit"][c] for c in QQ})]), "Operating profit 320, 410, 464, 615: highest in 4Q25."),
    (F1, None, "Who blamed flour prices for the higher cost of sales?",
     TX("Priya Nandakumar", F1), "Text: finance director Priya Nandakumar blamed a rise in flour prices."),
    (F1, None, "What was Hearthstone's revenue in 4Q24?",
     NONE, "The table covers only 1Q25-4Q25 and FY25; the text gives no 2024 figures."),
    (F1, None, "How much did rent and utilities fall between the second and third quarters?",
     N(12, "thousand", -T1["Rent and utilities"]["2Q25"] - (-T1["Rent and utilities"]["3Q25"])),
     "Rent and utilities in brackets: 241 in 2Q25, 229 in 3Q25; fell by 12 (£ thousand), stated as a positive fall."),
]

# ---- table 2: Ashford City Library (tune)
L = T2
Q += [
    (F2, None, "How many e-book loans did the library make in May 2025?",
     N(3655, "", L["E-book loans"]["May 2025"]), "E-book loans row, May 2025: 3,655."),
    (F2, None, "how many new members joined the library in April?",
     N(281, "", L["New members"]["Apr 2025"]), "New members row, Apr 2025: 281."),
    (F2, None, "By what percentage did e-book loans increase between January and June?",
     N(21.47, "percent", pct(L["E-book loans"]["Jun 2025"], L["E-book loans"]["Jan 2025"])), "(3,790 - 3,120) / 3,120 = 21.47%."),
    (F2, None, "Which month had the biggest event attendance?",
     PER("March 2025", MONTHS[argmax(L["Event attendance"])]), "Event attendance peaks at 815 in Mar 2025."),
    (F2, None, "How many people came to each event on average in March?",
     N(30.19, "", L["Event attendance"]["Mar 2025"] / L["Events held"]["Mar 2025"]), "815 attendees / 27 events = 30.19."),
    (F2, None, "Why was the library closed for a few days in April?",
     TX("to replace the heating system", F2), "Text: closed for four days in April 2025 to replace the heating system."),
    (F2, None, "How many visits did the library get in July 2025?",
     NONE, "The table stops at June 2025; the text mentions 1 July only for the reading challenge, no visit figure."),
    (F2, None, "What share of total loans in June were e-books?",
     N(31.04, "percent", L["E-book loans"]["Jun 2025"] / L["Total loans"]["Jun 2025"] * 100), "3,790 / 12,210 = 31.04%."),
]

# ---- table 3: Northgate Freight (held)
Y = T3
Q += [
    (F3, None, "What was Northgate Freight's operating profit in 2023?",
     N(5.8, "million", Y["2023"]["Operating profit (£m)"]), "Operating profit (£m) for 2023: 5.8."),
    (F3, None, "By how much in percent did fuel costs go up from 2021 to 2022?",
     N(43.04, "percent", pct(Y["2022"]["Fuel cost (£m)"], Y["2021"]["Fuel cost (£m)"])), "(11.3 - 7.9) / 7.9 = 43.04%."),
    (F3, None, "What was the operating margin in 2025?",
     N(15.04, "percent", Y["2025"]["Operating profit (£m)"] / Y["2025"]["Revenue (£m)"] * 100), "8.0 / 53.2 = 15.04%."),
    (F3, None, "How much revenue did Northgate earn per shipment in 2025, in pounds?",
     N(101.72, "", Y["2025"]["Revenue (£m)"] * 1e6 / (Y["2025"]["Shipments (thousand)"] * 1e3)),
     "£53.2m / 523,000 shipments = £101.72 per shipment."),
    (F3, None, "Which year had the worst on-time delivery rate?",
     PER("2022", argmin({y: Y[y]["On-time delivery (%)"] for y in Y})), "On-time delivery lowest at 89.7% in 2022."),
    (F3, None, "why did fuel costs jump in 2022?",
     TX("a spike in diesel prices", F3), "Text: because of a spike in diesel prices after the invasion of Ukraine."),
    (F3, None, "What was Northgate's revenue in 2020?",
     NONE, "The table starts in 2021; the text has no 2020 revenue."),
    (F3, None, "What were total driver wages over the five years 2021-2025?",
     N(72.2, "million", sum(Y[y]["Driver wages (£m)"] for y in Y)), "12.4 + 13.6 + 14.5 + 15.3 + 16.4 = 72.2 (£m)."),
]

# ---- table 4: Brightwire Consulting (tune)
P, B = T4P, T4B
margins = {h: P["Operating profit"][h] / P["Fee revenue"][h] for h in P["Fee revenue"]}
Q += [
    (F4, BT4, "What was Brightwire's fee revenue in H2 2024?",
     N(3110, "thousand", P["Fee revenue"]["H2 2024"]), "P&L sheet, Fee revenue, H2 2024: 3,110 (€ thousand)."),
    (F4, BT4, "How much did Brightwire spend on salaries in the first half of 2025?",
     N(1990, "thousand", -P["Salaries"]["H1 2025"]), "Salaries shown as -1,990 in H1 2025; given as positive spend 1,990 (€ thousand)."),
    (F4, BT4, "What was the percentage change in operating profit from H1 2024 to H1 2025?",
     N(40.0, "percent", pct(P["Operating profit"]["H1 2025"], P["Operating profit"]["H1 2024"])), "(623 - 445) / 445 = 40.00%."),
    (F4, BT4, "What was fee revenue per billable hour in H1 2025, in euros?",
     N(137.63, "", P["Fee revenue"]["H1 2025"] * 1000 / P["Billable hours (hours)"]["H1 2025"]),
     "€3,365,000 / 24,450 hours = €137.63 per hour."),
    (F4, BB4, "What share of total assets was cash at 31 December 2024?",
     N(57.72, "percent", B["Cash"]["31 Dec 2024"] / B["Total assets"]["31 Dec 2024"] * 100), "1,627 / 2,819 = 57.72%."),
    (F4, BT4, "Which client did Brightwire win the three-year contract from?",
     TX("Westlink Coaches", F4), "Text: contract to rebuild the booking system of Westlink Coaches."),
    (F4, BT4, "What was Brightwire's fee revenue in H2 2025?",
     NONE, "The P&L ends with H1 2025; H2 2025 is not in the table or text."),
    (F4, BT4, "In which half-year was Brightwire's operating margin highest?",
     PER("H1 2025", argmax(margins)), "Margins: 445/2,840 = 15.67%, 570/3,110 = 18.33%, 623/3,365 = 18.51% -> H1 2025."),
]

# ---- table 5: wheat trial (held)
W = T5
Q += [
    (F5, None, "What was the mean seedling height in the biochar group at day 28?",
     N(20.3, "", W["Biochar"]["Mean height day 28 (cm)"]), "Biochar row, mean height day 28: 20.3 cm."),
    (F5, None, "What was the germination rate for the high nitrogen treatment?",
     N(82.5, "percent", W["High nitrogen"]["Germinated"] / W["High nitrogen"]["Seeds sown"] * 100), "99 / 120 = 82.50%."),
    (F5, None, "Which treatment had the most seeds germinate?",
     TXT_TABLE("Biochar + nitrogen", [argmax({t: W[t]["Germinated"] for t in TREAT})]), "Germinated counts: highest 108 for Biochar + nitrogen."),
    (F5, None, "How much dry biomass per pot did the control group produce?",
     N(3.47, "", W["Control"]["Dry biomass (g)"] / W["Control"]["Pots"]), "41.6 g / 12 pots = 3.47 g per pot."),
    (F5, None, "difference in mean height between the biochar + nitrogen plants and the control?",
     N(9.2, "", W["Biochar + nitrogen"]["Mean height day 28 (cm)"] - W["Control"]["Mean height day 28 (cm)"]), "27.6 - 18.4 = 9.2 cm."),
    (F5, None, "Who ran trial T-07?",
     TX("Daniel Mwangi", F5), "Text: trial run by PhD student Daniel Mwangi."),
    (F5, None, "How many seeds germinated in the phosphorus treatment?",
     NONE, "There is no phosphorus treatment in the table or text."),
    (F5, None, "What was the overall germination rate across all treatments?",
     N(84.83, "percent", W["Total"]["Germinated"] / W["Total"]["Seeds sown"] * 100), "Total row: 509 / 600 = 84.83%."),
]

# ---- table 6: Riverside Food Share (tune)
C = T6
growth = {k: -(C[k][T25] - C[k][T24]) for k in ["Food purchases", "Staff costs", "Premises and vans"]}
Q += [
    (F6, None, "What was Riverside Food Share's total grant income in the year to 31 March 2025?",
     N(170600, "", C["Grants"][T25]), "Grants, Total year ended 31 March 2025: £170,600."),
    (F6, None, "How much did the charity spend on staff in total in the year ended March 2025?",
     N(140800, "", -C["Staff costs"][T25]), "Staff costs shown as -140,800; given as positive spend £140,800."),
    (F6, None, "By what % did total income rise compared with the previous year?",
     N(10.04, "percent", pct(C["Total income"][T25], C["Total income"][T24])), "(419,150 - 380,900) / 380,900 = 10.04%."),
    (F6, None, "What share of total expenditure in 2025 went on food purchases?",
     N(48.68, "percent", C["Food purchases"][T25] / C["Total expenditure"][T25] * 100), "184,700 / 379,400 = 48.68% (both negative in the table)."),
    (F6, None, "How much restricted income did Riverside receive in the year ended 31 March 2025?",
     N(165100, "", C["Total income"][R6]), "Total income row, Restricted funds column: £165,100."),
    (F6, None, "Who chairs the trustees?",
     TX("Helen Achterberg", F6), "Text: Chair of trustees Helen Achterberg."),
    (F6, None, "What was Riverside's net income for the year ended 31 March 2023?",
     NONE, "Only the years to March 2025 and March 2024 are shown; the text has no 2023 figure."),
    (F6, None, "Which type of spending grew the most in pounds from the previous year?",
     TXT_TABLE("Food purchases", [argmax(growth)]),
     "Increases (expenses shown negative, taken positive): food 21,800, staff 9,300, premises and vans 4,100."),
]

assert len(Q) == 48

# ------------------------------------------------------------------ conversations
CONVS = []
op = T1["Operating profit"]
CONVS.append((F1, None, [
    ("What was Hearthstone's operating profit in 1Q25?", N(320, "thousand", op["1Q25"])),
    ("And in 4Q25?", N(615, "thousand", op["4Q25"])),
    ("How much did it grow between the two?", N(295, "thousand", op["4Q25"] - op["1Q25"])),
    ("In percentage terms?", N(92.19, "percent", pct(op["4Q25"], op["1Q25"]))),
    ("What was the operating margin in that fourth quarter?", N(24.3, "percent", op["4Q25"] / T1["Revenue"]["4Q25"] * 100)),
]))
v = T2["Visits"]
CONVS.append((F2, None, [
    ("How many visits did the library have in February?", N(17905, "", v["Feb 2025"])),
    ("And in March?", N(19230, "", v["Mar 2025"])),
    ("What's the difference?", N(1325, "", v["Mar 2025"] - v["Feb 2025"])),
    ("By what percent did visits go up?", N(7.4, "percent", pct(v["Mar 2025"], v["Feb 2025"]))),
    ("What about new members in March?", N(356, "", T2["New members"]["Mar 2025"])),
]))
rv, dw = "Revenue (£m)", "Driver wages (£m)"
CONVS.append((F3, None, [
    ("What were Northgate's revenues in 2024?", N(49.9, "million", T3["2024"][rv])),
    ("and 2025?", N(53.2, "million", T3["2025"][rv])),
    ("How much did they grow?", N(3.3, "million", T3["2025"][rv] - T3["2024"][rv])),
    ("By what percent?", N(6.61, "percent", pct(T3["2025"][rv], T3["2024"][rv]))),
    ("And driver wages over the same period, in percent?", N(7.19, "percent", pct(T3["2025"][dw], T3["2024"][dw]))),
]))
eq = T4B["Equity"]
CONVS.append((F4, BOTH4, [
    ("What was Brightwire's equity at 31 December 2024?", N(2224, "thousand", eq["31 Dec 2024"])),
    ("And six months later?", N(2769, "thousand", eq["30 Jun 2025"])),
    ("How much did it rise?", N(545, "thousand", eq["30 Jun 2025"] - eq["31 Dec 2024"])),
    ("What was operating profit in the half-year ending on that date?", N(623, "thousand", T4P["Operating profit"]["H1 2025"])),
    ("What percentage of that profit does the rise in equity represent?",
     N(87.48, "percent", (eq["30 Jun 2025"] - eq["31 Dec 2024"]) / T4P["Operating profit"]["H1 2025"] * 100)),
]))
CONVS.append((F5, None, [
    ("How many seeds germinated in the low nitrogen pots?", N(101, "", T5["Low nitrogen"]["Germinated"])),
    ("And in the control?", N(97, "", T5["Control"]["Germinated"])),
    ("What's the difference?", N(4, "", T5["Low nitrogen"]["Germinated"] - T5["Control"]["Germinated"])),
    ("What was the dry biomass for low nitrogen?", N(52.3, "", T5["Low nitrogen"]["Dry biomass (g)"])),
    ("How much higher is that than the control, in percent?",
     N(25.72, "percent", pct(T5["Low nitrogen"]["Dry biomass (g)"], T5["Control"]["Dry biomass (g)"]))),
]))
te = T6["Total expenditure"]
pv = T6["Premises and vans"]
CONVS.append((F6, None, [
    ("What was Riverside's total expenditure in the year to March 2025?", N(379400, "", -te[T25])),
    ("And the year before?", N(344200, "", -te[T24])),
    ("By how much did it rise?", N(35200, "", -te[T25] + te[T24])),
    ("In percent?", N(10.23, "percent", pct(-te[T25], -te[T24]))),
    ("What about premises and vans?", N(8.23, "percent", pct(-pv[T25], -pv[T24]))),
]))

# ------------------------------------------------------------------ write
def txt_of(f):
    return f.rsplit(".", 1)[0] + ".txt"


with open(p("questions.jsonl"), "w", encoding="utf-8") as out:
    for i, (f, tables, question, expected, why) in enumerate(Q, 1):
        half, default_tables = META[f]
        obj = {"id": f"{SET}-{i:02d}", "half": half, "tables": tables or default_tables, "text": txt_of(f),
               "question": question, "expected": expected, "why": why}
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")

with open(p("conversations.jsonl"), "w", encoding="utf-8") as out:
    for i, (f, tables, turns) in enumerate(CONVS, 1):
        half, default_tables = META[f]
        obj = {"id": f"{SET}-conv-{i}", "half": half, "tables": tables or default_tables, "text": txt_of(f),
               "turns": [{"question": q, "expected": e} for q, e in turns]}
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")

# summary
from collections import Counter
qs = [json.loads(l) for l in open(p("questions.jsonl"), encoding="utf-8")]
cs = [json.loads(l) for l in open(p("conversations.jsonl"), encoding="utf-8")]
print("questions per half:", Counter(q["half"] for q in qs))
print("kinds:", Counter(q["expected"]["kind"] for q in qs))
print("conversations per half:", Counter(c["half"] for c in cs), "turns:", sum(len(c["turns"]) for c in cs))
print("all checks passed")
