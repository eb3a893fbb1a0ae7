"""Reads set Q's tables back, recomputes every expected value, checks it against the hand-written value,
checks the tables' internal arithmetic and text answers, and writes questions.jsonl and conversations.jsonl."""
import json
import os

import pandas as pd
from openpyxl import load_workbook

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "Q"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """'8,420' -> 8420.0; '(3,120)' -> -3120.0; numbers pass through."""
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    v = float(s.strip("()"))
    return -v if neg else v


def read_markdown(name):
    rows = []
    with open(p(name)) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set(":-") for c in cells):
                continue
            rows.append(cells)
    header, body = rows[0], rows[1:]
    return {r[0]: {h: num(c) for h, c in zip(header[1:], r[1:])} for r in body}


def read_xlsx(name, sheet):
    ws = load_workbook(p(name), data_only=True)[sheet]
    rows = [r for r in ws.iter_rows(values_only=True)]
    # header = first row whose cells after the label are all non-empty strings
    hi = next(i for i, r in enumerate(rows) if len(r) > 1 and all(isinstance(c, str) for c in r))
    header = rows[hi]
    return {r[0]: {h: num(c) for h, c in zip(header[1:], r[1:])} for r in rows[hi + 1:] if r[0]}


# ---------------------------------------------------------------- load
WATER = "northvale_water_quarterly_2024.csv"
HOTEL = "seagrass_hotel_monthly.md"
VET = "hollybrook_vet_quarterly.csv"
BREW = "copperkettle_brewery_fy.xlsx"
LEAGUE = "riverside_league_2024_standings.md"
LIB = "linden_library_halfyear.xlsx"

wdf = pd.read_csv(p(WATER), dtype=str).set_index("USD thousands")
water = {r: {c: num(wdf.loc[r, c]) for c in wdf.columns} for r in wdf.index}
hotel = read_markdown(HOTEL)
vdf = pd.read_csv(p(VET), index_col=0)
vet = {c: {i: float(vdf.loc[i, c]) for i in vdf.index} for c in vdf.columns}  # vet[metric][period]
inc = read_xlsx(BREW, "Income Statement")
bs = read_xlsx(BREW, "Balance Sheet")
league = read_markdown(LEAGUE)
lib = read_xlsx(LIB, "Statement")

Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
M = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
FY = ["FY2022", "FY2023", "FY2024"]
H1_23, H2_23, H1_24, H2_24 = (
    "Six months ended 30 June 2023",
    "Six months ended 31 December 2023",
    "Six months ended 30 June 2024",
    "Six months ended 31 December 2024",
)
H = [H1_23, H2_23, H1_24, H2_24]
Y24 = "Year ended 31 December 2024"


# ---------------------------------------------------------------- internal arithmetic
def close(a, b):
    return abs(a - b) < 1e-9


for q in Q:
    w = water
    assert close(w["Total operating revenue"][q], w["Water sales revenue"][q] + w["Connection fees"][q])
    assert close(w["Operating surplus"][q], w["Total operating revenue"][q] + w["Treatment and pumping"][q]
                 + w["Pipe maintenance"][q] + w["Salaries and administration"][q])
    assert all(w[k][q] < 0 for k in ["Treatment and pumping", "Pipe maintenance", "Salaries and administration"])
days = dict(zip(M, [31, 29, 31, 30, 31, 30]))
for m in M:
    assert close(hotel["Room-nights available"][m], 32 * days[m])
    assert hotel["Room-nights sold"][m] <= hotel["Room-nights available"][m]
    assert close(hotel["Total revenue (USD)"][m], hotel["Room revenue (USD)"][m]
                 + hotel["Food & beverage revenue (USD)"][m])
for f in FY:
    assert close(inc["Total revenue"][f], inc["Beer sales"][f] + inc["Taproom food & merchandise"][f])
    assert close(inc["Gross profit"][f], inc["Total revenue"][f] + inc["Cost of goods sold"][f])
    assert close(inc["Operating profit"][f], inc["Gross profit"][f] + inc["Wages"][f] + inc["Marketing"][f]
                 + inc["Rent and utilities"][f])
    assert close(bs["Total assets"][f], bs["Cash"][f] + bs["Inventory"][f] + bs["Trade receivables"][f]
                 + bs["Brewing equipment (net)"][f])
    assert close(bs["Total liabilities and equity"][f], bs["Bank loan"][f] + bs["Trade payables"][f]
                 + bs["Owners' equity"][f])
    assert close(bs["Total assets"][f], bs["Total liabilities and equity"][f])
teams = [t for t in league if t != "Total"]
for t in teams:
    r = league[t]
    assert close(r["Played"], r["Won"] + r["Drawn"] + r["Lost"])
    assert close(r["Points"], 3 * r["Won"] + r["Drawn"])
for c in ["Played", "Won", "Drawn", "Lost", "Goals for", "Goals against", "Points"]:
    assert close(league["Total"][c], sum(league[t][c] for t in teams))
assert close(league["Total"]["Won"], league["Total"]["Lost"])
assert close(league["Total"]["Goals for"], league["Total"]["Goals against"])
for h in H + [Y24]:
    assert close(lib["Total income"][h], lib["City council grant"][h] + lib["Fines and fees"][h]
                 + lib["Room hire and events"][h])
    assert close(lib["Total expenditure"][h], lib["Staff costs"][h] + lib["New books and media"][h]
                 + lib["Digital subscriptions"][h] + lib["Building and utilities"][h])
    assert close(lib["Net surplus"][h], lib["Total income"][h] + lib["Total expenditure"][h])
for r in lib:
    assert close(lib[r][Y24], lib[r][H1_24] + lib[r][H2_24])


# ---------------------------------------------------------------- helpers
def pct(a, b):
    return round(100 * a / b, 2)


def N(value, scale, computed):
    assert abs(float(value) - float(computed)) < 1e-9, (value, computed)
    return {"kind": "number", "value": float(value), "scale": scale}


def T(value, txt):
    with open(p(txt)) as f:
        assert value in f.read(), value
    return {"kind": "text", "value": value}


def P(value, computed):
    assert value == computed, (value, computed)
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}
HALF = {WATER: "held", VET: "held", LEAGUE: "held", HOTEL: "tune", BREW: "tune", LIB: "tune"}


def stem(f):
    return os.path.splitext(f)[0] + ".txt"


def tabs(f, *sheets):
    return [{"file": f, "sheet": s} for s in (sheets or [None])]


questions = []


def q(f, sheets, question, expected, why):
    questions.append({
        "id": f"{SET}-{len(questions) + 1:02d}", "half": HALF[f], "tables": tabs(f, *sheets),
        "text": stem(f), "question": question, "expected": expected, "why": why,
    })


# ---------------------------------------------------------------- 1. water (held)
w = water
q(WATER, (), "What was Northvale's total operating revenue in Q2 2024?",
  N(9495, "thousand", w["Total operating revenue"]["Q2 2024"]), "lookup: Total operating revenue, Q2 2024")
q(WATER, (), "how much did the water authority spend on treatment and pumping in Q3 2024",
  N(4050, "thousand", -w["Treatment and pumping"]["Q3 2024"]), "lookup: (4,050) in brackets = expense, given positive")
q(WATER, (), "By what % did water sales revenue grow between Q1 and Q3 2024?",
  N(35.15, "percent", pct(w["Water sales revenue"]["Q3 2024"] - w["Water sales revenue"]["Q1 2024"],
                          w["Water sales revenue"]["Q1 2024"])), "(11380-8420)/8420*100")
q(WATER, (), "What was the operating surplus margin in the fourth quarter of 2024 (surplus as a % of total operating revenue)?",
  N(25.79, "percent", pct(w["Operating surplus"]["Q4 2024"], w["Total operating revenue"]["Q4 2024"])),
  "2398/9298*100")
q(WATER, (), "Total pipe maintenance spend for 2024?",
  N(6310, "thousand", -sum(w["Pipe maintenance"][x] for x in Q)),
  "1450+1610+1720+1530 (bracketed expenses, given positive)")
q(WATER, (), "Which quarter had the highest operating surplus?",
  P("Q3 2024", max(Q, key=lambda x: w["Operating surplus"][x])), "max of 2150, 2515, 3952, 2398")
q(WATER, (), "Why was revenue so much higher in Q3?",
  T("unusually dry summer", stem(WATER)), "text: revenue peaked in Q3 because of an unusually dry summer")
q(WATER, (), "What was the operating surplus in Q1 2025?", NONE,
  "table covers Q1-Q4 2024 only; text gives only a 2025 tariff change, no Q1 2025 figures")

# ---------------------------------------------------------------- 2. hotel (tune)
h = hotel
q(HOTEL, (), "What was room revenue in April 2024?",
  N(84000, "", h["Room revenue (USD)"]["Apr 2024"]), "lookup: Room revenue (USD), Apr 2024")
q(HOTEL, (), "whats the occupancy rate for may",
  N(80.04, "percent", pct(h["Room-nights sold"]["May 2024"], h["Room-nights available"]["May 2024"])),
  "794/992*100")
q(HOTEL, (), "What was the average daily rate per room-night sold in June 2024?",
  N(152.0, "", round(h["Room revenue (USD)"]["Jun 2024"] / h["Room-nights sold"]["Jun 2024"], 2)),
  "room revenue / room-nights sold = 131328/864")
q(HOTEL, (), "How much did total revenue rise from January to June 2024?",
  N(94118, "", h["Total revenue (USD)"]["Jun 2024"] - h["Total revenue (USD)"]["Jan 2024"]), "161078-66960")
q(HOTEL, (), "Average monthly food and beverage revenue over the six months?",
  N(19200, "", round(sum(h["Food & beverage revenue (USD)"][m] for m in M) / 6, 2)), "115200/6")
q(HOTEL, (), "In which month did the hotel sell the fewest room-nights?",
  P("January 2024", {"Jan 2024": "January 2024"}[min(M, key=lambda m: h["Room-nights sold"][m])]),
  "min of room-nights sold: 496 in Jan 2024")
q(HOTEL, (), "Who put these hotel figures together?",
  T("Marisol Vega", stem(HOTEL)), "text: general manager Marisol Vega compiled these monthly figures")
q(HOTEL, (), "How much room revenue did Seagrass make in July 2024?", NONE,
  "table covers Jan-Jun 2024 only")

# ---------------------------------------------------------------- 3. vet (held)
v = vet
q(VET, (), "How many surgeries did Hollybrook perform in 3Q23?",
  N(110, "", v["surgeries"]["3Q23"]), "lookup: surgeries, 3Q23")
q(VET, (), "What was the clinic's total revenue for 2023?",
  N(1208300, "", sum(v["revenue_usd"][x] for x in ["1Q23", "2Q23", "3Q23", "4Q23"])),
  "286400+305900+318700+297300")
q(VET, (), "By what percentage did consultations grow from 2Q23 to 2Q24?",
  N(6.58, "percent", pct(v["consultations"]["2Q24"] - v["consultations"]["2Q23"], v["consultations"]["2Q23"])),
  "(2105-1975)/1975*100")
q(VET, (), "What was revenue per consultation in the first quarter of 2024?",
  N(161.35, "", round(v["revenue_usd"]["1Q24"] / v["consultations"]["1Q24"], 2)), "309800/1920")
q(VET, (), "What share of revenue went on drug costs in 2Q24?",
  N(21.03, "percent", pct(v["drug_costs_usd"]["2Q24"], v["revenue_usd"]["2Q24"])), "71200/338600*100")
q(VET, (), "Which quarter brought in the most new clients?",
  P("Q2 2024", {"2Q24": "Q2 2024"}[max(v["new_clients"], key=lambda x: v["new_clients"][x])]),
  "max new_clients = 181 in 2Q24")
q(VET, (), "Who is the clinical director at Hollybrook?",
  T("Priya Raman", stem(VET)), "text: Clinical director Dr. Priya Raman")
q(VET, (), "How many consultations did the clinic have in 3Q24?", NONE, "table ends at 2Q24")

# ---------------------------------------------------------------- 4. brewery (tune)
IS, BS = "Income Statement", "Balance Sheet"
q(BREW, (IS,), "What were Copperkettle's total revenues in FY2023?",
  N(2450, "thousand", inc["Total revenue"]["FY2023"]), "lookup: Total revenue, FY2023")
q(BREW, (IS,), "How much did the brewery spend on marketing in fiscal 2024?",
  N(150, "thousand", -inc["Marketing"]["FY2024"]), "lookup: Marketing -150 (negative = expense), given positive")
q(BREW, (IS,), "What was the gross margin in FY2024?",
  N(53.17, "percent", pct(inc["Gross profit"]["FY2024"], inc["Total revenue"]["FY2024"])), "1510/2840*100")
q(BREW, (IS,), "by what % did operating profit increase from FY2022 to FY2024?",
  N(95.56, "percent", pct(inc["Operating profit"]["FY2024"] - inc["Operating profit"]["FY2022"],
                          inc["Operating profit"]["FY2022"])), "(440-225)/225*100")
q(BREW, (IS, BS), "What was FY2024 operating profit as a percentage of owners' equity at the end of that year?",
  N(55.0, "percent", pct(inc["Operating profit"]["FY2024"], bs["Owners' equity"]["FY2024"])),
  "440/800*100, income statement and balance sheet")
q(BREW, (BS,), "In which fiscal year did the brewery hold the most cash?",
  P("2024", max(FY, key=lambda f: bs["Cash"][f])[2:]), "max cash 260 in FY2024")
q(BREW, (BS,), "Why did the bank loan go up in FY2024?",
  T("new canning line", stem(BREW)), "text: the brewery financed a new canning line")
q(BREW, (BS,), "What was Copperkettle's inventory at the end of FY2021?", NONE,
  "balance sheet covers FY2022-FY2024 only")

# ---------------------------------------------------------------- 5. league (held)
L = league
q(LEAGUE, (), "How many goals did Eastgate United score in 2024?",
  N(18, "", L["Eastgate United"]["Goals for"]), "lookup: Goals for, Eastgate United")
q(LEAGUE, (), "What was Millside Rovers' goal difference?",
  N(9, "", L["Millside Rovers"]["Goals for"] - L["Millside Rovers"]["Goals against"]), "21-12")
q(LEAGUE, (), "What percentage of their games did the Harbor Hawks win?",
  N(70.0, "percent", pct(L["Harbor Hawks"]["Won"], L["Harbor Hawks"]["Played"])), "7/10*100")
q(LEAGUE, (), "On average how many goals did Pinecrest FC score per game?",
  N(1.1, "", round(L["Pinecrest FC"]["Goals for"] / L["Pinecrest FC"]["Played"], 2)), "11/10")
q(LEAGUE, (), "What share of all the points in the league did the champions win?",
  N(27.38, "percent", pct(max(L[t]["Points"] for t in teams), L["Total"]["Points"])),
  "champions = Harbor Hawks (23 points, top of table); 23/84*100")
q(LEAGUE, (), "Which team conceded the most goals?",
  {"kind": "text", "value": max(teams, key=lambda t: L[t]["Goals against"])},
  "max goals against = 23, Bridgeport Wanderers (from the table)")
assert questions[-1]["expected"]["value"] == "Bridgeport Wanderers"
q(LEAGUE, (), "Who was the league's top scorer?",
  T("Amara Lindqvist", stem(LEAGUE)), "text: top scorer was Amara Lindqvist of Eastgate United")
q(LEAGUE, (), "How many points did the Harbor Hawks get in the 2023 season?", NONE,
  "table and text cover the 2024 season only")

# ---------------------------------------------------------------- 6. library (tune)
S = "Statement"
q(LIB, (S,), "How much did the library spend on digital subscriptions in the second half of 2024?",
  N(99, "thousand", -lib["Digital subscriptions"][H2_24]), "lookup: (99) in brackets = expenditure, given positive")
q(LIB, (S,), "What was total income for the full year 2023?",
  N(2509, "thousand", lib["Total income"][H1_23] + lib["Total income"][H2_23]),
  "1250+1259 (sum of the two 2023 half-years; no 2023 total column)")
q(LIB, (S,), "By what percentage did fines and fees fall between the first half of 2023 and the second half of 2024?",
  N(26.19, "percent", -pct(lib["Fines and fees"][H2_24] - lib["Fines and fees"][H1_23], lib["Fines and fees"][H1_23])),
  "(42-31)/42*100; asked as a fall, so given positive")
q(LIB, (S,), "What share of total 2024 expenditure was staff costs?",
  N(60.55, "percent", pct(lib["Staff costs"][Y24], lib["Total expenditure"][Y24])), "1535/2535*100")
q(LIB, (S,), "Which half-year had the largest net surplus?",
  P("H1 2023", {H1_23: "H1 2023"}[max(H, key=lambda x: lib["Net surplus"][x])]),
  "net surplus 75, 51, 55, 46 -> six months ended 30 June 2023")
q(LIB, (S,), "average spend on new books and media per half-year across the four half-years?",
  N(210, "thousand", round(-sum(lib["New books and media"][x] for x in H) / 4, 2)),
  "(210+195+230+205)/4, bracketed expenditure given positive")
q(LIB, (S,), "Why are building and utilities costs higher in the second half of each year?",
  T("winter heating", stem(LIB)), "text: because of winter heating")
q(LIB, (S,), "What was the library's net surplus in the first half of 2025?", NONE,
  "statement ends with the six months ended 31 December 2024")

assert len(questions) == 48

# ---------------------------------------------------------------- conversations
convs = []


def conv(f, sheets, turns):
    convs.append({"id": f"{SET}-conv-{len(convs) + 1}", "half": HALF[f], "tables": tabs(f, *sheets),
                  "text": stem(f), "turns": [{"question": a, "expected": b} for a, b in turns]})


cf = w["Connection fees"]
conv(WATER, (), [
    ("What were connection fees in Q1 2024?", N(310, "thousand", cf["Q1 2024"])),
    ("And in Q3?", N(402, "thousand", cf["Q3 2024"])),
    ("How much did they change?", N(92, "thousand", cf["Q3 2024"] - cf["Q1 2024"])),
    ("In percentage terms?", N(29.68, "percent", pct(cf["Q3 2024"] - cf["Q1 2024"], cf["Q1 2024"]))),
    ("What share of total operating revenue were they in Q3?",
     N(3.41, "percent", pct(cf["Q3 2024"], w["Total operating revenue"]["Q3 2024"]))),
])
rs, ra = h["Room-nights sold"], h["Room-nights available"]
conv(HOTEL, (), [
    ("How many room-nights did the hotel sell in February 2024?", N(510, "", rs["Feb 2024"])),
    ("And in March?", N(620, "", rs["Mar 2024"])),
    ("What was the occupancy rate that month?", N(62.5, "percent", pct(rs["Mar 2024"], ra["Mar 2024"]))),
    ("How about in June?", N(90.0, "percent", pct(rs["Jun 2024"], ra["Jun 2024"]))),
    ("By how many percentage points did occupancy rise between those two months?",
     N(27.5, "percent", round(pct(rs["Jun 2024"], ra["Jun 2024"]) - pct(rs["Mar 2024"], ra["Mar 2024"]), 2))),
])
conv(VET, (), [
    ("How many vaccinations were given in 1Q23?", N(620, "", v["vaccinations"]["1Q23"])),
    ("And a year later?", N(640, "", v["vaccinations"]["1Q24"])),
    ("What's the change?", N(20, "", v["vaccinations"]["1Q24"] - v["vaccinations"]["1Q23"])),
    ("How did surgeries change over the same period?", N(9, "", v["surgeries"]["1Q24"] - v["surgeries"]["1Q23"])),
    ("In percentage terms?", N(9.47, "percent", pct(v["surgeries"]["1Q24"] - v["surgeries"]["1Q23"],
                                                   v["surgeries"]["1Q23"]))),
])
cogs = inc["Cost of goods sold"]
conv(BREW, (IS,), [
    ("What was Copperkettle's cost of goods sold in FY2022?", N(1010, "thousand", -cogs["FY2022"])),
    ("And in FY2024?", N(1330, "thousand", -cogs["FY2024"])),
    ("By how much did it increase?", N(320, "thousand", -cogs["FY2024"] + cogs["FY2022"])),
    ("What about wages over the same years?", N(140, "thousand", -inc["Wages"]["FY2024"] + inc["Wages"]["FY2022"])),
    ("What share of FY2024 total revenue did wages represent?",
     N(23.94, "percent", pct(-inc["Wages"]["FY2024"], inc["Total revenue"]["FY2024"]))),
])
conv(LEAGUE, (), [
    ("How many games did Oakfield Athletic win?", N(3, "", L["Oakfield Athletic"]["Won"])),
    ("And how many did they lose?", N(4, "", L["Oakfield Athletic"]["Lost"])),
    ("What about Pinecrest FC?", N(6, "", L["Pinecrest FC"]["Lost"])),
    ("How many points did Pinecrest finish with?", N(8, "", L["Pinecrest FC"]["Points"])),
    ("How far behind the champions is that?", N(15, "", L["Harbor Hawks"]["Points"] - L["Pinecrest FC"]["Points"])),
])
rh, ti = lib["Room hire and events"], lib["Total income"]
conv(LIB, (S,), [
    ("What was the city council grant in the six months to June 2023?",
     N(1150, "thousand", lib["City council grant"][H1_23])),
    ("And for the full year 2024?", N(2420, "thousand", lib["City council grant"][Y24])),
    ("How much did the library get from room hire and events in 2024?", N(150, "thousand", rh[Y24])),
    ("What share of total 2024 income was that?", N(5.69, "percent", pct(rh[Y24], ti[Y24]))),
    ("And the year before?", N(5.14, "percent", pct(rh[H1_23] + rh[H2_23], ti[H1_23] + ti[H2_23]))),
])
assert len(convs) == 6 and all(len(c["turns"]) == 5 for c in convs)

with open(p("questions.jsonl"), "w") as f:
    for x in questions:
        f.write(json.dumps(x) + "\n")
with open(p("conversations.jsonl"), "w") as f:
    for x in convs:
        f.write(json.dumps(x) + "\n")

kinds = {}
for x in questions:
    kinds[x["expected"]["kind"]] = kinds.get(x["expected"]["kind"], 0) + 1
print("questions", len(questions), kinds,
      "held", sum(x["half"] == "held" for x in questions), "tune", sum(x["half"] == "tune" for x in questions))
print("conversations", len(convs), "held", sum(c["half"] == "held" for c in convs))
