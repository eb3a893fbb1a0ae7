"""Recompute and write the questions of user question set E.

Reads every table back from disk (csv module, pandas, openpyxl, a small Markdown
parser), checks the tables' internal arithmetic, recomputes every expected number
and asserts it equals the hand-written value, then writes questions.jsonl and
conversations.jsonl.

Run:  python make_questions.py
"""
import calendar
import csv
import json
import os
import re

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def parse_num(s):
    s = str(s).strip().replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def close(a, b, tol=1e-6):
    return abs(a - b) <= tol


def read_text(name):
    with open(p(name), encoding="utf-8") as f:
        return " ".join(f.read().split())


# ------------------------------------------------------------------ loaders
def load_pnl():
    with open(p("ridgeway_pnl_q.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0][1:]
    data = {r[0]: dict(zip(header, [parse_num(x) for x in r[1:]])) for r in rows[1:]}
    return header, data


def load_hotel():
    return pd.read_csv(p("saltmarsh_hotel_2024.csv"), index_col=0)


def load_workbook():
    wb = openpyxl.load_workbook(p("alder_foods_financials.xlsx"), data_only=True)
    out = {}
    for name in wb.sheetnames:
        ws = wb[name]
        header, data = None, {}
        for row in ws.iter_rows(values_only=True):
            if header is None:
                if any(isinstance(c, str) and (c.startswith("FY") or c.startswith("As at")) for c in row):
                    header = [c for c in row[1:]]
                continue
            if row[0] is None or row[1] is None:
                continue
            data[row[0]] = dict(zip(header, row[1:]))
        out[name] = (header, data)
    return out


def load_markdown(name):
    header, data = None, {}
    with open(p(name), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip().replace("**", "") for c in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-+:?", c) for c in cells):
                continue
            if header is None:
                header = cells[1:]
                continue
            data[cells[0]] = dict(zip(header, [float(c) for c in cells[1:]]))
    return header, data


def load_league():
    with open(p("valley_league_2023_24.csv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def load_weather():
    with open(p("glenmore_weather_2024.csv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def load_library():
    with open(p("oakridge_library_loans.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0][1:]
    return header, {r[0]: dict(zip(header, [float(x) for x in r[1:]])) for r in rows[1:]}


PQ, PNL = load_pnl()
HOTEL = load_hotel()
WB = load_workbook()
PL_H, PL = WB["P&L"]
BS_H, BS = WB["Balance"]
SCH_H, SCH = load_markdown("hillcrest_enrolment.md")
LEAGUE = load_league()
WEATHER = load_weather()
LIB_H, LIB = load_library()

# ------------------------------------------------------------------ internal arithmetic
def check_tables():
    for q in PQ:
        g = lambda k: PNL[k][q]
        assert close(g("Gross profit"), g("Revenue") + g("Cost of goods sold"))
        assert close(g("Operating income"), g("Gross profit") + g("Selling and marketing")
                     + g("General and administrative") + g("Research and development"))
        assert close(g("Income before income taxes"), g("Operating income") + g("Interest expense"))
        assert close(g("Net income"), g("Income before income taxes") + g("Income tax expense"))
        for k in ("Cost of goods sold", "Selling and marketing", "General and administrative",
                  "Research and development", "Interest expense", "Income tax expense"):
            assert g(k) < 0, k  # expenses in brackets

    for per, r in HOTEL.iterrows():
        y, m = map(int, per.split("-"))
        days = calendar.monthrange(y, m)[1]
        rooms = 90 if per == "2024-02" else 120
        assert r.rooms_available == rooms * days, per
        assert close(r.occupancy_pct, round(r.rooms_sold / r.rooms_available * 100, 1)), per
        assert close(r.room_revenue_usd, round(r.rooms_sold * r.adr_usd, 2), 1e-4), per
        assert close(r.revpar_usd, round(r.room_revenue_usd / r.rooms_available, 2)), per

    for y in PL_H:
        g = lambda k: PL[k][y]
        assert close(g("Gross profit"), g("Revenue") + g("Cost of sales"), 1e-9 + 1e-6)
        assert close(g("Operating profit"), g("Gross profit") + g("Distribution costs")
                     + g("Administrative expenses"), 1e-6)
        assert close(g("Profit before tax"), g("Operating profit") + g("Finance costs"), 1e-6)
        assert close(g("Profit for the year"), g("Profit before tax") + g("Income tax"), 1e-6)
    for d in BS_H:
        g = lambda k: BS[k][d]
        assert close(g("Total non-current assets"), g("Property, plant and equipment") + g("Intangible assets"))
        assert close(g("Total current assets"), g("Inventories") + g("Trade receivables") + g("Cash and cash equivalents"))
        assert close(g("Total assets"), g("Total non-current assets") + g("Total current assets"))
        assert close(g("Total equity"), g("Share capital") + g("Retained earnings"))
        assert close(g("Total current liabilities"), g("Trade payables") + g("Other current liabilities"))
        assert close(g("Total liabilities"), g("Borrowings (non-current)") + g("Total current liabilities"))
        assert close(g("Total equity and liabilities"), g("Total equity") + g("Total liabilities"))
        assert close(g("Total assets"), g("Total equity and liabilities"))
    # retained earnings roll-forward: profit FY2023 less the EUR 23.0m dividend in the text
    assert close(BS["Retained earnings"]["As at 31 Dec 2023"],
                 BS["Retained earnings"]["As at 31 Dec 2022"] + PL["Profit for the year"]["FY2023"] - 23.0)
    assert "EUR 23.0 million" in read_text("alder_foods_financials.txt")
    # borrowings fell by the EUR 7.0m repaid (text)
    assert close(BS["Borrowings (non-current)"]["As at 31 Dec 2022"]
                 - BS["Borrowings (non-current)"]["As at 31 Dec 2023"], 7.0)

    for y in SCH_H:
        assert SCH["Total"][y] == sum(v[y] for k, v in SCH.items() if k != "Total"), y

    tw = tl = td = gf = ga = 0
    for r in LEAGUE:
        W, D, L = int(r["W"]), int(r["D"]), int(r["L"])
        assert int(r["P"]) == W + D + L == 14
        assert int(r["Pts"]) == 3 * W + D
        assert int(r["GD"]) == int(r["GF"]) - int(r["GA"])
        tw, tl, td, gf, ga = tw + W, tl + L, td + D, gf + int(r["GF"]), ga + int(r["GA"])
    assert tw == tl and td % 2 == 0 and gf == ga and tw + td // 2 == 8 * 7
    pts = [int(r["Pts"]) for r in LEAGUE]
    assert pts == sorted(pts, reverse=True)

    for r in WEATHER:
        mon = pd.Period(pd.to_datetime(r["Month"], format="%b %Y"), freq="M")
        assert float(r["Min temp (C)"]) <= float(r["Mean temp (C)"]) <= float(r["Max temp (C)"])
        assert 0 <= int(r["Rain days"]) <= mon.days_in_month
    # Storm Brenna's 58.2 mm day fits inside October's total
    oct_ = [r for r in WEATHER if r["Month"] == "Oct 2024"][0]
    assert float(oct_["Rainfall (mm)"]) >= 58.2

    for h in LIB_H:
        assert LIB["Total"][h] == sum(v[h] for k, v in LIB.items() if k != "Total"), h


check_tables()

# ------------------------------------------------------------------ helpers for expected values
def num(v, scale=""):
    return {"kind": "number", "value": float(v), "scale": scale}


def text(v):
    return {"kind": "text", "value": v}


def period(v):
    return {"kind": "period", "value": v}


NONE = {"kind": "none"}


def pct(a):
    return round(a * 100, 2)


def qlabel(q):  # "3Q23" -> "Q3 2023"
    return f"Q{q[0]} 20{q[2:]}"


def mlabel(per):  # "2024-08" -> "August 2024"
    y, m = per.split("-")
    return f"{calendar.month_name[int(m)]} {y}"


def wlabel(s):  # "Oct 2024" -> "October 2024"
    return pd.to_datetime(s, format="%b %Y").strftime("%B %Y")


W_RAIN = {r["Month"]: float(r["Rainfall (mm)"]) for r in WEATHER}
W_MEAN = {r["Month"]: float(r["Mean temp (C)"]) for r in WEATHER}
W_DAYS = {r["Month"]: int(r["Rain days"]) for r in WEATHER}
TEAM = {r["Team"]: r for r in LEAGUE}
SCH_ROWS = {k: v for k, v in SCH.items() if k != "Total"}
LIB_ROWS = {k: v for k, v in LIB.items() if k != "Total"}


def verify(expected, calc, textfile):
    k = expected["kind"]
    if k == "number":
        assert isinstance(calc, (int, float)), calc
        assert close(float(calc), expected["value"], 1e-6), (calc, expected)
    elif k in ("period", "text"):
        if k == "text" and calc is None:
            assert expected["value"].lower() in read_text(textfile).lower(), expected
        else:
            assert calc == expected["value"], (calc, expected)
    elif k == "none":
        assert calc is True, "absence check failed"
    else:
        raise AssertionError(k)


# ------------------------------------------------------------------ tables
T_PNL = ([{"file": "ridgeway_pnl_q.csv", "sheet": None}], "ridgeway_pnl_q.txt")
T_HOTEL = ([{"file": "saltmarsh_hotel_2024.csv", "sheet": None}], "saltmarsh_hotel_2024.txt")
T_PL = ([{"file": "alder_foods_financials.xlsx", "sheet": "P&L"}], "alder_foods_financials.txt")
T_BS = ([{"file": "alder_foods_financials.xlsx", "sheet": "Balance"}], "alder_foods_financials.txt")
T_PLBS = ([{"file": "alder_foods_financials.xlsx", "sheet": "P&L"},
           {"file": "alder_foods_financials.xlsx", "sheet": "Balance"}], "alder_foods_financials.txt")
T_SCH = ([{"file": "hillcrest_enrolment.md", "sheet": None}], "hillcrest_enrolment.txt")
T_LEAGUE = ([{"file": "valley_league_2023_24.csv", "sheet": None}], "valley_league_2023_24.txt")
T_WX = ([{"file": "glenmore_weather_2024.csv", "sheet": None}], "glenmore_weather_2024.txt")
T_LIB = ([{"file": "oakridge_library_loans.csv", "sheet": None}], "oakridge_library_loans.txt")

rev = PNL["Revenue"]
ni = PNL["Net income"]
H = HOTEL

# (half, table, question, hand-written expected, recomputed value, why)
SINGLES = [
    # ---------------- table 1: Ridgeway quarterly P&L (tune)
    ("tune", T_PNL, "How much did Ridgeway spend on selling and marketing in 3Q23?",
     num(790, "thousand"), -PNL["Selling and marketing"]["3Q23"],
     "Selling and marketing 3Q23 is (790) thousand USD; asked as spend, so the positive amount 790."),
    ("tune", T_PNL, "What was the gross margin in 3Q23?",
     num(40.69, "percent"), pct(PNL["Gross profit"]["3Q23"] / rev["3Q23"]),
     "Gross profit 2,580 / revenue 6,340 = 40.69%."),
    ("tune", T_PNL, "What was total revenue for the full year 2023?",
     num(22340, "thousand"), sum(rev[q] for q in ("1Q23", "2Q23", "3Q23", "4Q23")),
     "Sum of revenue 1Q23..4Q23: 4,820 + 5,910 + 6,340 + 5,270 = 22,340 thousand USD."),
    ("tune", T_PNL, "By what percentage did revenue grow in 1Q24 compared with the same quarter a year earlier?",
     num(6.85, "percent"), pct(rev["1Q24"] / rev["1Q23"] - 1),
     "Year-on-year: 5,150 / 4,820 - 1 = 6.85%."),
    ("tune", T_PNL, "Which quarter had the highest net income?",
     period("Q3 2023"), qlabel(max(PQ, key=lambda q: ni[q])),
     "Net income by quarter 439, 713, 790, 472, 521; the highest is 3Q23 (790), written Q3 2023."),
    ("tune", T_PNL, "Why did revenue peak in 3Q23?",
     text("launch of the Tern 2 cargo e-bike"), None,
     "Text: revenue peaked in 3Q23 after the launch of the Tern 2 cargo e-bike in July 2023."),
    ("tune", T_PNL, "What was revenue in 2Q24?",
     NONE, "2Q24" not in PQ,
     "The table ends at 1Q24; 2Q24 is not reported."),

    # ---------------- table 2: Saltmarsh Bay Hotel monthly (held)
    ("held", T_HOTEL, "How many rooms did the hotel sell in July 2024?",
     num(3449), float(H.loc["2024-07", "rooms_sold"]),
     "rooms_sold for 2024-07."),
    ("held", T_HOTEL, "What was the occupancy rate in February 2024?",
     num(59.5, "percent"), float(H.loc["2024-02", "occupancy_pct"]),
     "occupancy_pct for 2024-02 (1,553 sold / 2,610 available)."),
    ("held", T_HOTEL, "In which month was the average daily rate highest?",
     period("August 2024"), mlabel(H["adr_usd"].idxmax()),
     "adr_usd is highest in 2024-08 (254.90 USD)."),
    ("held", T_HOTEL, "What was total room revenue for 2024?",
     num(6060455.7), round(float(H["room_revenue_usd"].sum()), 2),
     "Sum of room_revenue_usd over the 12 months = 6,060,455.70 USD."),
    ("held", T_HOTEL, "In how many months was occupancy above 80%?",
     num(4), int((H["occupancy_pct"] > 80).sum()),
     "occupancy_pct > 80 in June (86.6), July (92.7), August (95.2) and September (83.7): 4 months."),
    ("held", T_HOTEL, "What was the average daily rate for Q2 2024 as a whole (room revenue divided by rooms sold)?",
     num(179.25), round(float(H.loc["2024-04":"2024-06", "room_revenue_usd"].sum()
                              / H.loc["2024-04":"2024-06", "rooms_sold"].sum()), 2),
     "April-June room revenue 1,550,298.80 / rooms sold 8,649 = 179.25 USD."),
    ("held", T_HOTEL, "Why were fewer rooms available in February 2024?",
     text("the east wing was closed for refurbishment"), "the east wing was closed for refurbishment"
     if "the 30 rooms of the east wing were closed for refurbishment" in read_text("saltmarsh_hotel_2024.txt") else None,
     "Text: the 30 rooms of the east wing were closed for refurbishment, leaving 90 rooms."),
    ("held", T_HOTEL, "How many rooms were sold in December 2023?",
     NONE, "2023-12" not in H.index,
     "The export covers January-December 2024 only."),

    # ---------------- table 3: Alder Foods workbook (tune)
    ("tune", T_PL, "How much did Alder Foods spend on distribution costs in FY2022?",
     num(41.2, "million"), -PL["Distribution costs"]["FY2022"],
     "Distribution costs FY2022 are -41.2 (shown (41.2)) EUR million; asked as spend, so 41.2."),
    ("tune", T_BS, "What was the current ratio at 31 December 2023?",
     num(1.59), round(BS["Total current assets"]["As at 31 Dec 2023"]
                      / BS["Total current liabilities"]["As at 31 Dec 2023"], 2),
     "Total current assets 156.1 / total current liabilities 98.3 = 1.59."),
    ("tune", T_PL, "What was the gross margin in FY2022?",
     num(35.01, "percent"), pct(PL["Gross profit"]["FY2022"] / PL["Revenue"]["FY2022"]),
     "Gross profit 144.4 / revenue 412.5 = 35.01%."),
    ("tune", T_PL, "What was Alder Foods' revenue in FY2021?",
     NONE, "FY2021" not in PL_H,
     "The P&L sheet has FY2022 and FY2023 only."),
    ("tune", T_PL, "Who prepared the workbook?",
     text("Jonas Weber"), None,
     "Text: prepared by finance manager Jonas Weber."),

    # ---------------- table 4: Hillcrest enrolment (held)
    ("held", T_SCH, "How many students were in Grade 10 in 2022/23?",
     num(146), SCH["Grade 10"]["2022/23"],
     "Grade 10 row, 2022/23 column."),
    ("held", T_SCH, "By what percentage did total enrolment change from 2022/23 to 2023/24?",
     num(5.71, "percent"), pct(SCH["Total"]["2023/24"] / SCH["Total"]["2022/23"] - 1),
     "Total 833 / 788 - 1 = 5.71%."),
    ("held", T_SCH, "What share of all students were in Grade 12 in 2024/25?",
     num(15.17, "percent"), pct(SCH["Grade 12"]["2024/25"] / SCH["Total"]["2024/25"]),
     "Grade 12 133 / total 877 = 15.17%."),
    ("held", T_SCH, "In which school year was Grade 9 enrolment lowest?",
     period("2022/23"), min(SCH_H, key=lambda y: SCH["Grade 9"][y]),
     "Grade 9: 150, 133, 139, 136; lowest 133 in 2022/23."),
    ("held", T_SCH, "How many grades had more than 135 students in 2023/24?",
     num(4), sum(1 for v in SCH_ROWS.values() if v["2023/24"] > 135),
     "2023/24: Grade 7 171, Grade 8 137, Grade 9 139, Grade 11 140 are above 135 (Grade 10 131, Grade 12 115 are not): 4."),
    ("held", T_SCH, "Why did Grade 7 enrolment jump in 2023/24?",
     text("Elm Street Middle School closed"), None,
     "Text: Elm Street Middle School closed in June 2023 and its catchment area moved to Hillcrest."),
    ("held", T_SCH, "How many students were in Grade 6 in 2024/25?",
     NONE, "Grade 6" not in SCH,
     "The school has Grades 7 to 12 only; there is no Grade 6 row."),

    # ---------------- table 5: Valley league standings (tune)
    ("tune", T_LEAGUE, "How many points did Harbour United finish with?",
     num(21), float(TEAM["Harbour United"]["Pts"]),
     "Pts column for Harbour United."),
    ("tune", T_LEAGUE, "How many teams scored more than 20 goals?",
     num(4), sum(1 for r in LEAGUE if int(r["GF"]) > 20),
     "GF > 20: Millbrook Rovers 34, Ashford Town 30, Kettle Green FC 27, Harbour United 22: 4 teams."),
    ("tune", T_LEAGUE, "What percentage of their matches did Ashford Town win?",
     num(64.29, "percent"), pct(int(TEAM["Ashford Town"]["W"]) / int(TEAM["Ashford Town"]["P"])),
     "Ashford Town W 9 / P 14 = 64.29%."),
    ("tune", T_LEAGUE, "Who was the league's top scorer?",
     text("Tom Ellery"), None,
     "Text: the league's top scorer was Tom Ellery of Millbrook Rovers with 15 goals."),
    ("tune", T_LEAGUE, "How many points did Riverside FC get?",
     NONE, "Riverside FC" not in TEAM,
     "Riverside FC is not one of the eight teams in the table."),

    # ---------------- table 6: Glenmore weather (held)
    ("held", T_WX, "How much rain fell in total in 2024?",
     num(830.9), round(sum(W_RAIN.values()), 1),
     "Sum of the 12 monthly rainfall values = 830.9 mm (unit mm, scale '')."),
    ("held", T_WX, "Which was the wettest month?",
     period("October 2024"), wlabel(max(W_RAIN, key=W_RAIN.get)),
     "Highest Rainfall (mm) is Oct 2024 (121.6)."),
    ("held", T_WX, "In how many months was the mean temperature below 5 degrees?",
     num(3), sum(1 for v in W_MEAN.values() if v < 5),
     "Mean temp < 5: Jan 2.1, Feb 3.4, Dec 3.0: 3 months."),
    ("held", T_WX, "What was the average of the monthly mean temperatures over the year?",
     num(10.04), round(sum(W_MEAN.values()) / len(W_MEAN), 2),
     "Mean of the 12 monthly mean temperatures: 120.5 / 12 = 10.04 C."),
    ("held", T_WX, "What was the name of the storm that hit the station in October?",
     text("Storm Brenna"), None,
     "Text: on 14 October 2024 Storm Brenna brought 58.2 mm in a single day."),
    ("held", T_WX, "How much rain fell in January 2023?",
     NONE, "Jan 2023" not in W_RAIN,
     "The table covers January-December 2024 only."),
    ("held", T_WX, "How much snow fell in December 2024?",
     NONE, not any("snow" in c.lower() for c in WEATHER[0].keys()) and "snow" not in read_text("glenmore_weather_2024.txt").lower(),
     "No snowfall column or mention in the text; rainfall is not snowfall."),

    # ---------------- table 7: Oakridge library loans (tune)
    ("tune", T_LIB, "What share of total loans were e-books in H2 2024?",
     num(14.07, "percent"), pct(LIB["E-books"]["H2 2024"] / LIB["Total"]["H2 2024"]),
     "E-books 8,860 / total 62,990 = 14.07%."),
    ("tune", T_LIB, "By what percentage did DVD loans change from H2 2023 to H2 2024?",
     num(-34.5, "percent"), pct(LIB["DVDs"]["H2 2024"] / LIB["DVDs"]["H2 2023"] - 1),
     "DVDs 1,120 / 1,710 - 1 = -34.50% (a fall)."),
    ("tune", T_LIB, "Which half-year had the most children's book loans?",
     period("H2 2024"), max(LIB_H, key=lambda h: LIB["Children's books"][h]),
     "Children's books: 15,300, 16,880, 15,720, 17,240; highest H2 2024."),
    ("tune", T_LIB, "How many categories had more loans in H2 2024 than in H1 2024?",
     num(6), sum(1 for v in LIB_ROWS.values() if v["H2 2024"] > v["H1 2024"]),
     "All categories except DVDs (1,380 -> 1,120) rose: 6 of 7."),
    ("tune", T_LIB, "How many loans were there in H1 2025?",
     NONE, "H1 2025" not in LIB_H,
     "The table covers H1 2023 to H2 2024; H1 2025 is not reported."),
]

aud = LIB["Audiobooks"]
op = PL["Operating profit"]
CONVERSATIONS = [
    ("tune", T_PNL, [
        ("What was net income in 4Q23?", num(472, "thousand"), ni["4Q23"],
         "Net income 4Q23."),
        ("And in 3Q23?", num(790, "thousand"), ni["3Q23"], "Net income 3Q23."),
        ("What is the difference between the two?", num(318, "thousand"), ni["3Q23"] - ni["4Q23"],
         "790 - 472 = 318."),
        ("As a share of revenue, what was net income in 4Q23?", num(8.96, "percent"),
         pct(ni["4Q23"] / rev["4Q23"]), "472 / 5,270 = 8.96%."),
        ("And in 1Q24?", num(10.12, "percent"), pct(ni["1Q24"] / rev["1Q24"]),
         "521 / 5,150 = 10.12%."),
    ]),
    ("tune", T_PLBS, [
        ("What was Alder Foods' operating profit in FY2023?", num(77.4, "million"), op["FY2023"],
         "P&L sheet, Operating profit FY2023."),
        ("And the year before?", num(64.6, "million"), op["FY2022"], "Operating profit FY2022."),
        ("By how much did it grow, in percent?", num(19.81, "percent"), pct(op["FY2023"] / op["FY2022"] - 1),
         "77.4 / 64.6 - 1 = 19.81%."),
        ("What was it as a share of revenue in FY2023?", num(17.27, "percent"),
         pct(op["FY2023"] / PL["Revenue"]["FY2023"]), "77.4 / 448.2 = 17.27% (operating margin)."),
        ("What were total assets at the end of that year?", num(418.0, "million"),
         BS["Total assets"]["As at 31 Dec 2023"], "Balance sheet, Total assets as at 31 Dec 2023."),
    ]),
    ("tune", T_LIB, [
        ("How many audiobook loans were there in H1 2024?", num(3610), aud["H1 2024"], "Audiobooks H1 2024."),
        ("And in H2 2024?", num(3950), aud["H2 2024"], "Audiobooks H2 2024."),
        ("So what was the total for 2024?", num(7560), aud["H1 2024"] + aud["H2 2024"],
         "3,610 + 3,950 = 7,560 (year = H1 + H2)."),
        ("And the year before?", num(6220), aud["H1 2023"] + aud["H2 2023"],
         "2023: 2,980 + 3,240 = 6,220."),
        ("What is the growth rate between the two years?", num(21.54, "percent"),
         pct((aud["H1 2024"] + aud["H2 2024"]) / (aud["H1 2023"] + aud["H2 2023"]) - 1),
         "7,560 / 6,220 - 1 = 21.54%."),
    ]),
    ("held", T_HOTEL, [
        ("How many rooms were sold in August 2024?", num(3541), float(H.loc["2024-08", "rooms_sold"]),
         "rooms_sold 2024-08."),
        ("And in July?", num(3449), float(H.loc["2024-07", "rooms_sold"]), "rooms_sold 2024-07."),
        ("What is the percentage change from July to August?", num(2.67, "percent"),
         pct(H.loc["2024-08", "rooms_sold"] / H.loc["2024-07", "rooms_sold"] - 1),
         "3,541 / 3,449 - 1 = 2.67%."),
        ("What was the occupancy in August?", num(95.2, "percent"), float(H.loc["2024-08", "occupancy_pct"]),
         "occupancy_pct 2024-08."),
        ("What about the average daily rate?", num(254.9), float(H.loc["2024-08", "adr_usd"]),
         "adr_usd 2024-08 (USD, scale '')."),
    ]),
    ("held", T_SCH, [
        ("How many students were in Grade 8 in 2024/25?", num(169), SCH["Grade 8"]["2024/25"], "Grade 8, 2024/25."),
        ("And the year before?", num(137), SCH["Grade 8"]["2023/24"], "Grade 8, 2023/24."),
        ("What is the increase?", num(32), SCH["Grade 8"]["2024/25"] - SCH["Grade 8"]["2023/24"],
         "169 - 137 = 32."),
        ("What share of total enrolment was Grade 8 in 2024/25?", num(19.27, "percent"),
         pct(SCH["Grade 8"]["2024/25"] / SCH["Total"]["2024/25"]), "169 / 877 = 19.27%."),
        ("And Grade 7?", num(20.07, "percent"), pct(SCH["Grade 7"]["2024/25"] / SCH["Total"]["2024/25"]),
         "Grade 7 2024/25: 176 / 877 = 20.07%."),
    ]),
    ("held", T_WX, [
        ("How much rain fell in October 2024?", num(121.6), W_RAIN["Oct 2024"], "Rainfall (mm) Oct 2024."),
        ("And in November?", num(104.9), W_RAIN["Nov 2024"], "Rainfall (mm) Nov 2024."),
        ("What is the combined total for the two months?", num(226.5),
         round(W_RAIN["Oct 2024"] + W_RAIN["Nov 2024"], 1), "121.6 + 104.9 = 226.5 mm."),
        ("What share of the year's rainfall is that?", num(27.26, "percent"),
         pct((W_RAIN["Oct 2024"] + W_RAIN["Nov 2024"]) / sum(W_RAIN.values())),
         "226.5 / 830.9 (sum of 12 months) = 27.26%."),
        ("How many rain days were there in October?", num(15), float(W_DAYS["Oct 2024"]),
         "Rain days Oct 2024."),
    ]),
]


def main():
    qs = []
    for i, (half, (tables, txt), q, exp, calc, why) in enumerate(SINGLES, 1):
        verify(exp, calc, txt)
        qs.append({"id": f"e-{i:02d}", "half": half, "tables": tables, "text": txt,
                   "question": q, "expected": exp, "why": why})
    convs = []
    for i, (half, (tables, txt), turns) in enumerate(CONVERSATIONS, 1):
        out = []
        for q, exp, calc, why in turns:
            verify(exp, calc, txt)
            out.append({"question": q, "expected": exp, "why": why})
        assert len(out) == 5
        convs.append({"id": f"e-conv-{i}", "half": half, "tables": tables, "text": txt, "turns": out})

    # the same table always gets the same half
    halves = {}
    for item in qs + convs:
        for t in item["tables"]:
            assert halves.setdefault(t["file"], item["half"]) == item["half"], t
    with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
        for c in convs:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")

    for half in ("tune", "held"):
        n = sum(q["half"] == half for q in qs)
        nn = sum(q["half"] == half and q["expected"]["kind"] == "none" for q in qs)
        nc = sum(c["half"] == half for c in convs)
        print(f"{half}: {n} questions ({nn} none), {nc} conversations")
    print(f"all {len(qs)} questions and {len(convs)} conversations ({sum(len(c['turns']) for c in convs)} turns) verified")
    print("table halves:", halves)


if __name__ == "__main__":
    main()
