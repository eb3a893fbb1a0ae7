"""Recompute every expected answer of set F from the files and write the jsonl files."""
import csv
import json
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def num(s):
    s = str(s).strip().replace(",", "").replace("*", "")
    if s.startswith("(") and s.endswith(")"):
        return -float(s[1:-1])
    return float(s)


def r2(x):
    return round(x + 0.0, 2)


def pct(a, b):
    return r2(100.0 * a / b)


def chg(old, new):
    return r2(100.0 * (new - old) / old)


def read_text(name):
    with open(p(name), encoding="utf-8") as f:
        return f.read()


def read_md(name):
    rows = []
    with open(p(name), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set(":-") for c in cells):
                continue
            rows.append(cells)
    header, body = rows[0], rows[1:]
    return header, body


# ---------- load tables ----------
# 1 Tandem (CSV, fiscal quarters as columns)
with open(p("tandem_quarterly.csv"), newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
TQ = rows[0][1:]
T = {r[0]: dict(zip(TQ, (num(v) for v in r[1:]))) for r in rows[1:]}
assert rows[0][0] == "AUD '000" and TQ == ["Q1 FY24", "Q2 FY24", "Q3 FY24", "Q4 FY24"]
for q in TQ:
    assert T["Revenue"][q] + T["Cost of goods sold"][q] == T["Gross profit"][q]
    assert (T["Gross profit"][q] + T["Wages"][q] + T["Rent"][q] + T["Marketing"][q]
            + T["Other expenses"][q]) == T["Operating profit"][q]
    assert T["Operating profit"][q] + T["Interest expense"][q] == T["Profit before tax"][q]
    assert T["Profit before tax"][q] + T["Income tax"][q] == T["Net profit"][q]

# 2 Pinecrest (Markdown, months as rows)
ph, pb = read_md("pinecrest_monthly.md")
P = {r[0]: dict(zip(ph[1:], (num(v) for v in r[1:]))) for r in pb}
PM = [r[0] for r in pb]
assert PM[0] == "January 2024" and PM[-1] == "August 2024" and len(PM) == 8
for m in PM:
    assert P[m]["Revenue (CAD)"] > P[m]["Operating costs (CAD)"]
    assert 0 < P[m]["Desk occupancy %"] < 100

# 3 Brennan fleet (pandas export with unnamed index)
F = pd.read_csv(p("brennan_fleet_2024.csv"), index_col=0)
assert F.index.name is None and list(F.index) == list(range(8))
assert list(F.columns) == ["vehicle_id", "model", "depot", "km_driven", "fuel_litres", "fuel_cost_eur", "service_days"]
FV = F.set_index("vehicle_id")
price = F["fuel_cost_eur"] / F["fuel_litres"]
assert price.between(1.55, 1.70).all()  # plausible EUR per litre on every row
assert FV.index.is_unique

# 4 Hollowell workbook (openpyxl)
wb = openpyxl.load_workbook(p("hollowell_cider.xlsx"), data_only=True)
assert wb.sheetnames == ["P&L", "Cash flow", "KPIs"]


def sheet(name):
    ws = wb[name]
    vals = list(ws.iter_rows(values_only=True))
    hdr = vals[2]
    assert hdr[1:] == ("FY2023", "FY2024")
    return {r[0]: {"FY2023": r[1], "FY2024": r[2]} for r in vals[3:] if r[0]}


H, C, K = sheet("P&L"), sheet("Cash flow"), sheet("KPIs")
for y in ("FY2023", "FY2024"):
    assert H["Sales"][y] - H["Excise duty"][y] == H["Net sales"][y]
    assert H["Net sales"][y] - H["Cost of goods sold"][y] == H["Gross profit"][y]
    assert (H["Gross profit"][y] - H["Staff costs"][y] - H["Distribution"][y] - H["Marketing"][y]
            - H["Admin & other"][y]) == H["EBITDA"][y]
    assert H["EBITDA"][y] - H["Depreciation"][y] == H["Operating profit (EBIT)"][y]
    assert H["Operating profit (EBIT)"][y] - H["Interest"][y] == H["Profit before tax"][y]
    assert H["Profit before tax"][y] - H["Tax"][y] == H["Net profit"][y]
    assert C["Net profit"][y] == H["Net profit"][y]
    assert C["Add back depreciation"][y] == H["Depreciation"][y]
    assert C["Net profit"][y] + C["Add back depreciation"][y] + C["Change in working capital"][y] == C["Cash from operations"][y]
    assert C["Cash from operations"][y] + C["Capital expenditure"][y] == C["Free cash flow"][y]
    assert C["Free cash flow"][y] + C["New bank loan"][y] + C["Dividends paid"][y] == C["Net change in cash"][y]
    assert C["Opening cash"][y] + C["Net change in cash"][y] == C["Closing cash"][y]
assert C["Opening cash"]["FY2024"] == C["Closing cash"]["FY2023"]

# 5 Ashcombe museum (Markdown, bold Total row)
mh, mb = read_md("ashcombe_visitors.md")
MY = mh[1:]
assert MY == ["2022", "2023", "2024"]
M = {r[0].replace("*", ""): dict(zip(MY, (num(v) for v in r[1:]))) for r in mb}
GAL = [g for g in M if g != "Total"]
for y in MY:
    assert sum(M[g][y] for g in GAL) == M["Total"][y]

# 6 Trial (CSV, arms as rows)
with open(p("trial_arms.csv"), newline="", encoding="utf-8") as f:
    TR = {r["Arm"]: {k: num(v) for k, v in r.items() if k != "Arm"} for r in csv.DictReader(f)}
for a, r in TR.items():
    assert r["Completed week 12"] <= r["Randomised"]
    assert r["Responders"] <= r["Completed week 12"]
    assert r["Withdrawals due to adverse events"] <= r["Randomised"] - r["Completed week 12"]

TXT = {n: read_text(n) for n in ["tandem_quarterly.txt", "pinecrest_monthly.txt", "brennan_fleet_2024.txt",
                                  "hollowell_cider.txt", "ashcombe_visitors.txt", "trial_arms.txt"]}

# ---------- helpers for expected values ----------
def N(value, scale=""):
    return {"kind": "number", "value": float(value), "scale": scale}


def X(value):
    return {"kind": "text", "value": value}


def PER(value):
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}

TAB = {
    "tandem": ([{"file": "tandem_quarterly.csv", "sheet": None}], "tandem_quarterly.txt", "tune"),
    "pine": ([{"file": "pinecrest_monthly.md", "sheet": None}], "pinecrest_monthly.txt", "held"),
    "fleet": ([{"file": "brennan_fleet_2024.csv", "sheet": None}], "brennan_fleet_2024.txt", "tune"),
    "holl_pl": ([{"file": "hollowell_cider.xlsx", "sheet": "P&L"}], "hollowell_cider.txt", "held"),
    "holl_cf": ([{"file": "hollowell_cider.xlsx", "sheet": "Cash flow"}], "hollowell_cider.txt", "held"),
    "holl_pl_kpi": ([{"file": "hollowell_cider.xlsx", "sheet": "P&L"}, {"file": "hollowell_cider.xlsx", "sheet": "KPIs"}],
                    "hollowell_cider.txt", "held"),
    "holl_pl_cf": ([{"file": "hollowell_cider.xlsx", "sheet": "P&L"}, {"file": "hollowell_cider.xlsx", "sheet": "Cash flow"}],
                   "hollowell_cider.txt", "held"),
    "holl": ([{"file": "hollowell_cider.xlsx", "sheet": None}], "hollowell_cider.txt", "held"),
    "museum": ([{"file": "ashcombe_visitors.md", "sheet": None}], "ashcombe_visitors.txt", "tune"),
    "trial": ([{"file": "trial_arms.csv", "sheet": None}], "trial_arms.txt", "held"),
}


def check(tab, expected, computed):
    """computed: a number (for number kinds), a string (period/text) or, for none, a check that passes."""
    k = expected["kind"]
    if k == "number":
        assert abs(float(computed) - expected["value"]) < 1e-9, (expected, computed)
    elif k == "period":
        assert computed == expected["value"], (expected, computed)
    elif k == "text":
        assert computed == expected["value"], (expected, computed)
    elif k == "none":
        assert computed is True, expected


def in_text(tab, phrase):
    assert phrase in " ".join(TXT[TAB[tab][1]].split()), phrase
    return phrase


occ = {m: P[m]["Desk occupancy %"] for m in PM}
km = FV["km_driven"]

# (table, question, hand-written expected, recomputed, why)
SINGLES = [
    # ---- 1 Tandem (tune)
    ("tandem", "What was Tandem's revenue in Q3 FY24?", N(1980, "thousand"),
     T["Revenue"]["Q3 FY24"], "Revenue row, Q3 FY24 column (AUD '000)."),
    ("tandem", "How much did Tandem spend on marketing in Q2 FY24?", N(210, "thousand"),
     -T["Marketing"]["Q2 FY24"], "Marketing is shown as -210 (AUD '000); given as the positive amount spent."),
    ("tandem", "What was the gross margin in Q4 FY24?", N(44.63, "percent"),
     pct(T["Gross profit"]["Q4 FY24"], T["Revenue"]["Q4 FY24"]), "Gross profit 1,185 / revenue 2,655 = 44.63%."),
    ("tandem", "What was total revenue for FY24?", N(10170, "thousand"),
     sum(T["Revenue"][q] for q in TQ), "2,410 + 3,125 + 1,980 + 2,655 = 10,170 (AUD '000)."),
    ("tandem", "By what percentage did revenue grow from Q1 FY24 to Q2 FY24?", N(29.67, "percent"),
     chg(T["Revenue"]["Q1 FY24"], T["Revenue"]["Q2 FY24"]), "(3,125 - 2,410) / 2,410 = 29.67%."),
    ("tandem", "Which quarter had the lowest operating profit?", PER("Q3 FY24"),
     min(TQ, key=lambda q: T["Operating profit"][q]), "Operating profit 240, 455, 60, 325: lowest is Q3 FY24 (fiscal quarter label kept as in the table)."),
    ("tandem", "What was the net profit margin for the full FY24 year?", N(6.68, "percent"),
     pct(sum(T["Net profit"][q] for q in TQ), sum(T["Revenue"][q] for q in TQ)), "Net profit 147+299+23+210 = 679 / revenue 10,170 = 6.68%."),
    ("tandem", "Why did revenue dip in Q3 FY24?", X(in_text("tandem", "customs classification dispute")),
     "customs classification dispute",
     "From the text: container of frames held at the port of Melbourne in February 2024 over a customs classification dispute."),
    ("tandem", "What was Tandem's revenue in Q1 FY25?", NONE,
     "Q1 FY25" not in TQ, "The table only covers Q1-Q4 FY24."),
    ("tandem", "When was the Brunswick store lease renewed?", X(in_text("tandem", "1 January 2024")),
     "1 January 2024", "From the text."),
    # ---- 2 Pinecrest (held)
    ("pine", "What was Pinecrest's revenue in May 2024?", N(67300),
     P["May 2024"]["Revenue (CAD)"], "May 2024 row, Revenue (CAD) column; plain CAD, no scale."),
    ("pine", "Which month had the highest desk occupancy?", PER("May 2024"),
     max(PM, key=lambda m: occ[m]), "Desk occupancy % peaks at 80.1 in May 2024."),
    ("pine", "What was the average number of day passes sold per month from January to June 2024?", N(182.17),
     r2(sum(P[m]["Day passes sold"] for m in PM[:6]) / 6), "(145+160+188+171+203+226) / 6 = 1,093 / 6 = 182.17."),
    ("pine", "In how many months was desk occupancy above 75%?", N(4),
     sum(1 for m in PM if occ[m] > 75), "March 76.2, April 77.8, May 80.1, June 79.4: 4 months."),
    ("pine", "What was the operating margin in June 2024 (revenue minus operating costs, as a share of revenue)?", N(11.83, "percent"),
     pct(P["June 2024"]["Revenue (CAD)"] - P["June 2024"]["Operating costs (CAD)"], P["June 2024"]["Revenue (CAD)"]),
     "(66,800 - 58,900) / 66,800 = 11.83%."),
    ("pine", "Who replaced the rooftop HVAC unit?", X(in_text("pine", "Coastline Mechanical")),
     "Coastline Mechanical", "From the text."),
    ("pine", "What was revenue in September 2024?", NONE,
     "September 2024" not in PM, "The table runs January-August 2024 only."),
    # ---- 3 Brennan fleet (tune)
    ("fleet", "How many km did VAN-105 drive in 2024?", N(57800),
     km["VAN-105"], "km_driven for VAN-105."),
    ("fleet", "What was VAN-103's fuel consumption in litres per 100 km?", N(10.08),
     r2(100 * FV.loc["VAN-103", "fuel_litres"] / km["VAN-103"]), "4,020 litres / 39,900 km x 100 = 10.08 l/100 km."),
    ("fleet", "What was the total fuel cost across the fleet?", N(55860),
     F["fuel_cost_eur"].sum(), "Sum of fuel_cost_eur over the 8 vans = EUR 55,860 (plain euros)."),
    ("fleet", "Which vehicle drove the fewest kilometres?", X("VAN-106"),
     km.idxmin(), "Lowest km_driven is 28,700 for VAN-106."),
    ("fleet", "How many vans drove more than 45,000 km?", N(4),
     int((F["km_driven"] > 45000).sum()), "VAN-101 48,200, VAN-102 51,600, VAN-105 57,800, VAN-107 45,100: 4 vans."),
    ("fleet", "Why was VAN-106 off the road in 2024?", X(in_text("fleet", "gearbox failure")),
     "gearbox failure", "From the text: 12 service days after a gearbox failure in August 2024."),
    ("fleet", "How much fuel did VAN-109 use?", NONE,
     "VAN-109" not in FV.index, "No VAN-109 row; the fleet is VAN-101 to VAN-108."),
    # ---- 4 Hollowell (held)
    ("holl_pl", "What were Hollowell's net sales in FY2024?", N(4730, "thousand"),
     H["Net sales"]["FY2024"], "P&L sheet, Net sales, FY2024 (EUR '000)."),
    ("holl_pl", "What was EBITDA as a percentage of net sales in FY2024?", N(13.74, "percent"),
     pct(H["EBITDA"]["FY2024"], H["Net sales"]["FY2024"]), "650 / 4,730 = 13.74%."),
    ("holl_pl", "By what percentage did net profit change from FY2023 to FY2024?", N(17.99, "percent"),
     chg(H["Net profit"]["FY2023"], H["Net profit"]["FY2024"]), "(341 - 289) / 289 = 17.99%."),
    ("holl_cf", "What was free cash flow in FY2023?", N(-66, "thousand"),
     C["Free cash flow"]["FY2023"], "Cash flow sheet, Free cash flow FY2023 = -66 (EUR '000); negative, kept as shown."),
    ("holl_pl_kpi", "What were sales per litre sold in FY2024, in euros?", N(4.31),
     r2(H["Sales"]["FY2024"] / K["Litres sold ('000)"]["FY2024"]),
     "Sales EUR 5,430k / 1,260k litres = EUR 4.31 per litre (both in thousands, so per-unit figure, scale '')."),
    ("holl", "Who runs Hollowell Cider Co?", X(in_text("holl", "Margaux Lefevre")),
     "Margaux Lefevre", "From the text: founder and managing director."),
    ("holl_pl", "What was Hollowell's net profit in FY2022?", NONE,
     "FY2022" not in H["Net profit"], "The workbook has FY2023 and FY2024 only."),
    # ---- 5 Ashcombe museum (tune)
    ("museum", "How many visitors did the Maritime gallery have in 2023?", N(26150),
     M["Maritime"]["2023"], "Maritime row, 2023 column."),
    ("museum", "Which gallery had the most visitors in 2024?", X("Natural History"),
     max(GAL, key=lambda g: M[g]["2024"]), "Natural History 59,870 is the highest 2024 gallery figure (Total row excluded)."),
    ("museum", "By what percentage did total visitors change from 2023 to 2024?", N(16.32, "percent"),
     chg(M["Total"]["2023"], M["Total"]["2024"]), "(245,320 - 210,900) / 210,900 = 16.32%."),
    ("museum", "How many galleries had more visitors in 2024 than in 2023?", N(4),
     sum(1 for g in GAL if M[g]["2024"] > M[g]["2023"]), "Ancient Worlds, Textiles & Fashion, Children's Discovery Zone, Temporary Exhibitions: 4."),
    ("museum", "What was the average annual number of visitors to Textiles & Fashion over 2022-2024?", N(24650),
     r2(sum(M["Textiles & Fashion"][y] for y in MY) / 3), "(18,900 + 23,450 + 31,600) / 3 = 24,650."),
    ("museum", "What was the name of the exhibition that boosted temporary exhibition visitors in 2024?",
     X(in_text("museum", "Clockwork Dreams: Automata 1750-1900")), "Clockwork Dreams: Automata 1750-1900", "From the text."),
    ("museum", "How many people visited the museum in 2021?", NONE,
     "2021" not in MY, "The table covers 2022-2024 only."),
    # ---- 6 Trial (held)
    ("trial", "How many participants were randomised to the low dose arm?", N(118),
     TR["Low dose (10 mg)"]["Randomised"], "Low dose (10 mg) row, Randomised column."),
    ("trial", "What percentage of participants randomised to the mid dose arm were responders?", N(45.45, "percent"),
     pct(TR["Mid dose (20 mg)"]["Responders"], TR["Mid dose (20 mg)"]["Randomised"]), "55 / 121 = 45.45%."),
    ("trial", "Which arm had the largest mean fall in systolic blood pressure?", X("High dose (40 mg)"),
     min(TR, key=lambda a: TR[a]["Mean change in systolic BP (mmHg)"]), "Most negative mean change is -13.2 mmHg in High dose (40 mg)."),
    ("trial", "What share of the high dose arm completed week 12?", N(84.87, "percent"),
     pct(TR["High dose (40 mg)"]["Completed week 12"], TR["High dose (40 mg)"]["Randomised"]), "101 / 119 = 84.87%."),
    ("trial", "How many arms had more than 5 serious adverse events?", N(2),
     sum(1 for a in TR if TR[a]["Serious adverse events"] > 5), "Mid dose 6 and high dose 9: 2 arms."),
    ("trial", "Which dose did the data monitoring committee recommend for phase III?", X(in_text("trial", "20 mg")),
     "20 mg", "From the text."),
    ("trial", "How many responders were there in the placebo arm at week 24?", NONE,
     not any("24" in k for k in TR["Placebo"]), "The trial is 12 weeks; no week-24 results."),
    ("trial", "When was the last patient visit?", X(in_text("trial", "18 April 2024")),
     "18 April 2024", "From the text."),
]

wages = sum(-T["Wages"][q] for q in TQ)
rev_fy = sum(T["Revenue"][q] for q in TQ)
l102, l107 = FV.loc["VAN-102", "fuel_litres"], FV.loc["VAN-107", "fuel_litres"]
CONVS = [
    ("tandem", [
        ("What was Tandem's operating profit in Q2 FY24?", N(455, "thousand"), T["Operating profit"]["Q2 FY24"]),
        ("And in Q3 FY24?", N(60, "thousand"), T["Operating profit"]["Q3 FY24"]),
        ("What's the difference between the two?", N(395, "thousand"),
         T["Operating profit"]["Q2 FY24"] - T["Operating profit"]["Q3 FY24"]),
        ("How much was spent on wages over the whole year?", N(2115, "thousand"), wages),
        ("What share of full-year revenue is that?", N(20.80, "percent"), pct(wages, rev_fy)),
    ]),
    ("fleet", [
        ("How many litres of fuel did VAN-102 use?", N(4830), l102),
        ("What about VAN-107?", N(4160), l107),
        ("How much is that combined?", N(8990), l102 + l107),
        ("What share of the whole fleet's fuel is that?", N(26.07, "percent"), pct(l102 + l107, F["fuel_litres"].sum())),
        ("What was VAN-102's fuel cost per 100 km, in euros?", N(15.17),
         r2(100 * FV.loc["VAN-102", "fuel_cost_eur"] / km["VAN-102"])),
    ]),
    ("museum", [
        ("How many visitors did Temporary Exhibitions have in 2024?", N(38900), M["Temporary Exhibitions"]["2024"]),
        ("And the year before?", N(15400), M["Temporary Exhibitions"]["2023"]),
        ("By what percentage did it grow?", N(152.60, "percent"),
         chg(M["Temporary Exhibitions"]["2023"], M["Temporary Exhibitions"]["2024"])),
        ("What about Natural History - how did its visitor number change over the same two years?", N(-1850),
         M["Natural History"]["2024"] - M["Natural History"]["2023"]),
        ("What share of the 2024 total did Natural History account for?", N(24.40, "percent"),
         pct(M["Natural History"]["2024"], M["Total"]["2024"])),
    ]),
    ("pine", [
        ("How many members did Pinecrest have at the end of March 2024?", N(231), P["March 2024"]["Members (end of month)"]),
        ("And at the end of July?", N(228), P["July 2024"]["Members (end of month)"]),
        ("How many fewer is that?", N(3), P["March 2024"]["Members (end of month)"] - P["July 2024"]["Members (end of month)"]),
        ("What was revenue per member in July?", N(277.19),
         r2(P["July 2024"]["Revenue (CAD)"] / P["July 2024"]["Members (end of month)"])),
        ("And in March?", N(276.62), r2(P["March 2024"]["Revenue (CAD)"] / P["March 2024"]["Members (end of month)"])),
    ]),
    ("holl_pl_cf", [
        ("What was Hollowell's cash from operations in FY2024?", N(376, "thousand"), C["Cash from operations"]["FY2024"]),
        ("And the year before?", N(344, "thousand"), C["Cash from operations"]["FY2023"]),
        ("What is the percentage change between them?", N(9.30, "percent"),
         chg(C["Cash from operations"]["FY2023"], C["Cash from operations"]["FY2024"])),
        ("How much was spent on capital expenditure in FY2024?", N(620, "thousand"), -C["Capital expenditure"]["FY2024"]),
        ("What is that as a percentage of FY2024 net sales?", N(13.11, "percent"),
         pct(-C["Capital expenditure"]["FY2024"], H["Net sales"]["FY2024"])),
    ]),
    ("trial", [
        ("How many responders were there in the placebo arm?", N(22), TR["Placebo"]["Responders"]),
        ("And in the high dose arm?", N(58), TR["High dose (40 mg)"]["Responders"]),
        ("How many more is that?", N(36), TR["High dose (40 mg)"]["Responders"] - TR["Placebo"]["Responders"]),
        ("What was the high dose arm's responder rate among those randomised?", N(48.74, "percent"),
         pct(TR["High dose (40 mg)"]["Responders"], TR["High dose (40 mg)"]["Randomised"])),
        ("And the placebo arm's?", N(18.33, "percent"), pct(TR["Placebo"]["Responders"], TR["Placebo"]["Randomised"])),
    ]),
]
CONV_WHY = {
    "tandem": "Operating profit Q2 455 and Q3 60 (AUD '000); 455-60=395; wages 520+560+505+530=2,115 spent (shown negative); 2,115/10,170=20.80%.",
    "fleet": "fuel_litres VAN-102 4,830, VAN-107 4,160; sum 8,990; fleet total 34,480 -> 26.07%; 7,830 EUR / 51,600 km x 100 = 15.17.",
    "museum": "Temporary Exhibitions 38,900 (2024) and 15,400 (2023); +152.60%; Natural History 59,870-61,720=-1,850; 59,870/245,320=24.40%.",
    "pine": "Members 231 (March), 228 (July); 3 fewer; revenue/members: 63,200/228=277.19, 63,900/231=276.62 CAD.",
    "holl_pl_cf": "Cash flow sheet: CFO 376 and 344 (EUR '000), +9.30%; capex -620 given as 620 spent; 620 / net sales 4,730 (P&L) = 13.11%.",
    "trial": "Responders 22 (placebo), 58 (high dose); 36 more; 58/119=48.74%; 22/120=18.33%.",
}

# ---------- check and write ----------
out_q = []
for i, (tab, q, exp, comp, why) in enumerate(SINGLES, 1):
    check(tab, exp, comp)
    tables, text, half = TAB[tab]
    out_q.append({"id": f"f-{i:02d}", "half": half, "tables": tables, "text": text,
                  "question": q, "expected": exp, "why": why})
out_c = []
for i, (tab, turns) in enumerate(CONVS, 1):
    assert len(turns) == 5
    for q, exp, comp in turns:
        check(tab, exp, comp)
    tables, text, half = TAB[tab]
    out_c.append({"id": f"f-conv-{i}", "half": half, "tables": tables, "text": text,
                  "turns": [{"question": q, "expected": e} for q, e, _ in turns], "why": CONV_WHY[tab]})

with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
    for o in out_q:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
    for o in out_c:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")


def cnt(objs, half, pred=lambda o: True):
    return sum(1 for o in objs if o["half"] == half and pred(o))


for h in ("tune", "held"):
    print(f"{h}: {cnt(out_q, h)} questions ({cnt(out_q, h, lambda o: o['expected']['kind'] == 'none')} none), "
          f"{cnt(out_c, h)} conversations")
print(f"total: {len(out_q)} questions, {len(out_c)} conversations - all expected values recomputed and checked")
