"""Read the tables back, recompute every expected number, check it against the
hand-written value, check text answers occur in the .txt files, check each
table's internal arithmetic, and write questions.jsonl and conversations.jsonl."""
import json
import os
import re

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


# ------------------------------------------------------------------ readers
def num(s):
    """Parse '1,234', '(1,234)', '-1234', '60.0'; empty -> None."""
    if s is None:
        return None
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace("*", "")
    if s == "":
        return None
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()").replace(",", "")
    v = float(s)
    return -v if neg else v


def read_csv_rows(path):
    """Statement CSV: first column = line item, other columns = periods."""
    df = pd.read_csv(path, dtype=str)
    first = df.columns[0]
    return {r[first].strip(): {c: num(r[c]) for c in df.columns[1:]} for _, r in df.iterrows()}


def read_pandas_export(path):
    """df.to_csv export: unnamed index of periods; return {period: {metric: value}}."""
    df = pd.read_csv(path, index_col=0)
    return {str(i): {c: float(df.loc[i, c]) for c in df.columns} for i in df.index}


def read_markdown(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-{3,}:?", c) for c in cells):
                continue
            rows.append(cells)
    header = rows[0]
    return {r[0].replace("*", "").strip(): {h: num(v) for h, v in zip(header[1:], r[1:])}
            for r in rows[1:]}


def read_xlsx(path, sheet):
    ws = openpyxl.load_workbook(path, data_only=True)[sheet]
    rows = list(ws.iter_rows(values_only=True))
    header = rows[0]
    return {str(r[0]).strip(): {h: num(v) for h, v in zip(header[1:], r[1:])} for r in rows[1:]}


def text_of(name):
    with open(p(name), encoding="utf-8") as f:
        return f.read()


T1F, T2F, T3F, T4F, T5F, T6F = ("harbor_lane_quarterly_2024.csv", "pinecrest_lodge_monthly.md",
                                "kestrel_outdoor_kpis.csv", "brightwater_dental_fy.xlsx",
                                "riverside_hawks_2024_25.md", "alder_finch_halfyear.xlsx")
t1 = read_csv_rows(p(T1F))
t2 = read_markdown(p(T2F))
t3 = read_pandas_export(p(T3F))
t4pl = read_xlsx(p(T4F), "P&L")
t4bs = read_xlsx(p(T4F), "Balance sheet")
t5 = read_markdown(p(T5F))
t6 = read_xlsx(p(T6F), "Half-year summary")


# ------------------------------------------------------- internal arithmetic
def close(a, b, tol=1e-6):
    return abs(a - b) <= tol


Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
for q in Q:
    assert close(t1["Revenue"][q] + t1["Cost of goods sold"][q], t1["Gross profit"][q]), q
    assert close(t1["Gross profit"][q] + t1["Store operating expenses"][q] + t1["Marketing"][q]
                 + t1["General & administrative"][q], t1["Operating income"][q]), q

M = ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025"]
DAYS = [31, 28, 31, 30, 31, 30]
for m, d in zip(M, DAYS):
    assert close(t2["Rooms available"][m], 40 * d), m  # 40-room inn, per the text
    assert close(round(100 * t2["Rooms sold"][m] / t2["Rooms available"][m], 1), t2["Occupancy (%)"][m]), m
    assert close(t2["Rooms sold"][m] * t2["Average daily rate (USD)"][m], t2["Room revenue (USD)"][m]), m

P3 = ["2023Q1", "2023Q2", "2023Q3", "2023Q4", "2024Q1", "2024Q2"]
assert list(t3) == P3
for q in P3:
    assert t3[q]["returns_usd_k"] < t3[q]["revenue_usd_k"]
    assert t3[q]["new_customers"] < t3[q]["orders"]

Y = ["FY2023", "FY2024", "FY2025"]
for y in Y:
    pl, bs = {k: v[y] for k, v in t4pl.items()}, {k: v[y] for k, v in t4bs.items()}
    assert close(pl["Patient fees"] + pl["Insurance reimbursements"], pl["Total revenue"]), y
    assert close(pl["Total revenue"] + pl["Staff costs"] + pl["Dental supplies"] + pl["Rent and utilities"]
                 + pl["Depreciation"], pl["Operating profit"]), y
    assert close(pl["Operating profit"] + pl["Interest expense"] + pl["Income tax"], pl["Net profit"]), y
    assert close(bs["Cash"] + bs["Receivables"] + bs["Equipment (net)"], bs["Total assets"]), y
    assert close(bs["Bank loan"] + bs["Payables"] + bs["Equity"], bs["Total liabilities and equity"]), y
    assert close(bs["Total assets"], bs["Total liabilities and equity"]), y
# equity never grows by more than net profit (the rest was paid out as dividends)
for a, b in [("FY2023", "FY2024"), ("FY2024", "FY2025")]:
    assert t4bs["Equity"][b] - t4bs["Equity"][a] <= t4pl["Net profit"][b]

PLAYERS = [k for k in t5 if k != "Total"]
for col in ["Points", "Rebounds", "Assists", "Steals"]:
    assert close(sum(t5[k][col] for k in PLAYERS), t5["Total"][col]), col
assert max(t5[k]["Games"] for k in PLAYERS) == 18  # text: team played 18 games
assert close(t5["Grace Obi"]["Games"], 18 - 9)      # text: missed nine games

H = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
for h in H:
    assert close(t6["Revenue"][h] + t6["Cost of sales"][h], t6["Gross profit"][h]), h
    assert close(t6["Gross profit"][h] + t6["Selling and distribution"][h] + t6["Administrative expenses"][h],
                 t6["Operating profit"][h]), h


# ------------------------------------------------------------ question helpers
def r2(x):
    return round(x + 0.0, 2)


def pct(a, b):
    return r2(100.0 * a / b)


def number(value, scale, computed):
    assert close(r2(computed), value, 1e-9), (value, computed)
    return {"kind": "number", "value": float(value), "scale": scale}


def text(value, txtfile):
    assert value in text_of(txtfile), value
    return {"kind": "text", "value": value}


def text_table(value, computed):
    assert value == computed, (value, computed)
    return {"kind": "text", "value": value}


def period(value, computed):
    assert value == computed, (value, computed)
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}

TAB = {
    1: ([{"file": T1F, "sheet": None}], "harbor_lane_quarterly_2024.txt", "held"),
    2: ([{"file": T2F, "sheet": None}], "pinecrest_lodge_monthly.txt", "tune"),
    3: ([{"file": T3F, "sheet": None}], "kestrel_outdoor_kpis.txt", "held"),
    4: ([{"file": T4F, "sheet": "P&L"}, {"file": T4F, "sheet": "Balance sheet"}], "brightwater_dental_fy.txt", "tune"),
    5: ([{"file": T5F, "sheet": None}], "riverside_hawks_2024_25.txt", "held"),
    6: ([{"file": T6F, "sheet": "Half-year summary"}], "alder_finch_halfyear.txt", "tune"),
}
PL = {"file": T4F, "sheet": "P&L"}
BS = {"file": T4F, "sheet": "Balance sheet"}

questions = []


def add(t, question, expected, why, tables=None):
    tabs, txt, half = TAB[t]
    questions.append({"id": f"m-{len(questions) + 1:02d}", "half": half, "tables": tables or tabs,
                      "text": txt, "question": question, "expected": expected, "why": why})


# ---------------------------------------------------------------- table 1
opm1 = {q: t1["Operating income"][q] / t1["Revenue"][q] for q in Q}
add(1, "What was Harbor Lane's revenue in Q3 2024?",
    number(4910, "thousand", t1["Revenue"]["Q3 2024"]), "Revenue row, Q3 2024 column (USD thousands).")
add(1, "By what % did revenue grow between the first and fourth quarters of 2024?",
    number(30.10, "percent", pct(t1["Revenue"]["Q4 2024"] - t1["Revenue"]["Q1 2024"], t1["Revenue"]["Q1 2024"])),
    "(5,360 - 4,120) / 4,120 = 30.10%.")
add(1, "what was the gross margin in Q2?",
    number(61.00, "percent", pct(t1["Gross profit"]["Q2 2024"], t1["Revenue"]["Q2 2024"])),
    "Gross profit / revenue for Q2 2024 = 2,797 / 4,585 = 61.00%.")
add(1, "Total revenue for 2024?",
    number(18975, "thousand", sum(t1["Revenue"][q] for q in Q)),
    "Sum of the four quarters: 4,120 + 4,585 + 4,910 + 5,360 = 18,975 (USD thousands).")
add(1, "What was the average general & administrative expense across the four quarters?",
    number(411.5, "thousand", sum(-t1["General & administrative"][q] for q in Q) / 4),
    "G&A is shown in brackets; positive amounts (398 + 405 + 412 + 431) / 4 = 411.5 (USD thousands).")
add(1, "Which quarter had the highest operating margin?",
    period("Q4 2024", max(Q, key=lambda q: opm1[q])),
    "Operating income / revenue: Q1 13.57%, Q2 16.36%, Q3 17.66%, Q4 19.53% -> Q4 2024.")
add(1, "Why did marketing spending jump in the third quarter?",
    text("autumn loyalty-app launch campaign", TAB[1][1]), "Stated in the text.")
add(1, "What was Harbor Lane's revenue in Q1 2025?", NONE,
    "The table covers only the four quarters of 2024; the text mentions 2025 plans but no revenue.")

# ---------------------------------------------------------------- table 2
add(2, "What was the occupancy rate at Pinecrest Lodge in March 2025?",
    number(65.0, "percent", t2["Occupancy (%)"]["Mar 2025"]), "Occupancy (%) row, Mar 2025.")
add(2, "whats the average daily rate for feb",
    number(195, "", t2["Average daily rate (USD)"]["Feb 2025"]), "ADR row, Feb 2025, in USD (plain units).")
add(2, "What was total room revenue for the first six months of 2025?",
    number(901132, "", sum(t2["Room revenue (USD)"][m] for m in M)),
    "Sum of room revenue Jan-Jun 2025 in USD = 901,132.")
add(2, "How much did room revenue fall from March to April?",
    number(37576, "", t2["Room revenue (USD)"]["Mar 2025"] - t2["Room revenue (USD)"]["Apr 2025"]),
    "Asked as a fall, so positive: 141,856 - 104,280 = 37,576 USD.")
add(2, "In June, how much total revenue (rooms plus food and beverage) did the lodge make per room sold?",
    number(276.0, "", (t2["Room revenue (USD)"]["Jun 2025"] + t2["Food & beverage revenue (USD)"]["Jun 2025"])
           / t2["Rooms sold"]["Jun 2025"]),
    "(218,280 + 63,240) / 1,020 = 276.00 USD per room sold.")
add(2, "Which month had the lowest average daily rate?",
    period("April 2025", {"Apr 2025": "April 2025"}[min(M, key=lambda m: t2["Average daily rate (USD)"][m])]),
    "ADR: Jan 182, Feb 195, Mar 176, Apr 158, May 171, Jun 214 -> April 2025.")
add(2, "Who is the general manager of the lodge?",
    text("Tomás Ferreira", TAB[2][1]), "Stated in the text.")
add(2, "How much room revenue did Pinecrest make in December 2024?", NONE,
    "The table covers January-June 2025 only; December 2024 is not in the table or text.")

# ---------------------------------------------------------------- table 3
add(3, "How many orders did Kestrel Outdoor get in 2023Q4?",
    number(21500, "", t3["2023Q4"]["orders"]), "orders column, row 2023Q4.")
add(3, "What was the average order value in Q2 2024, in dollars?",
    number(88.98, "", 1000 * t3["2024Q2"]["revenue_usd_k"] / t3["2024Q2"]["orders"]),
    "Revenue is in USD thousands: 1,566,000 / 17,600 = 88.98 USD per order.")
add(3, "What was total revenue for 2023?",
    number(5591, "thousand", sum(t3[q]["revenue_usd_k"] for q in P3[:4])),
    "1,054 + 1,375 + 1,227 + 1,935 = 5,591 (USD thousands).")
add(3, "By what percentage did revenue grow year over year in the second quarter of 2024?",
    number(13.89, "percent", pct(t3["2024Q2"]["revenue_usd_k"] - t3["2023Q2"]["revenue_usd_k"],
                                 t3["2023Q2"]["revenue_usd_k"])),
    "(1,566 - 1,375) / 1,375 = 13.89%.")
add(3, "How much marketing spend was there per new customer in 2023Q4?",
    number(54.96, "", 1000 * t3["2023Q4"]["marketing_spend_usd_k"] / t3["2023Q4"]["new_customers"]),
    "Marketing in USD thousands: 310,000 / 5,640 = 54.96 USD per new customer.")
add(3, "Which quarter brought in the most new customers?",
    period("Q4 2023", {"2023Q4": "Q4 2023"}[max(P3, key=lambda q: t3[q]["new_customers"])]),
    "new_customers peaks at 5,640 in 2023Q4.")
add(3, "What was the Black Friday promotion called?",
    text("Summit Sale", TAB[3][1]), "Stated in the text.")
add(3, "How many orders did Kestrel have in Q3 2024?", NONE,
    "The export ends at 2024Q2; Q3 2024 is not in the table or text.")

# ---------------------------------------------------------------- table 4
share_ins = {y: t4pl["Insurance reimbursements"][y] / t4pl["Total revenue"][y] for y in Y}
add(4, "What was Brightwater's total revenue in FY2024?",
    number(12715, "thousand", t4pl["Total revenue"]["FY2024"]), "P&L sheet, Total revenue, FY2024 (EUR thousands).",
    tables=[PL])
add(4, "How much cash did the group have at the end of FY2025?",
    number(2080, "thousand", t4bs["Cash"]["FY2025"]), "Balance sheet, Cash at 30 June 2025 (EUR thousands).",
    tables=[BS])
add(4, "What was the net profit margin in FY2025?",
    number(16.89, "percent", pct(t4pl["Net profit"]["FY2025"], t4pl["Total revenue"]["FY2025"])),
    "2,360 / 13,975 = 16.89%.", tables=[PL])
add(4, "How much did staff costs increase from FY2024 to FY2025?",
    number(480, "thousand", -t4pl["Staff costs"]["FY2025"] - -t4pl["Staff costs"]["FY2024"]),
    "Staff costs shown as negatives; as positive amounts 7,020 - 6,540 = 480 (EUR thousands).", tables=[PL])
add(4, "What was the return on assets in FY2025, i.e. net profit divided by year-end total assets?",
    number(30.73, "percent", pct(t4pl["Net profit"]["FY2025"], t4bs["Total assets"]["FY2025"])),
    "Net profit (P&L) 2,360 / total assets (balance sheet) 7,680 = 30.73%.", tables=[PL, BS])
add(4, "In which fiscal year did insurance reimbursements make up the largest share of revenue?",
    period("2024", max(Y, key=lambda y: share_ins[y])[2:]),
    "Insurance / total revenue: FY2023 26.53%, FY2024 26.78%, FY2025 26.40% -> FY2024 (given as the year '2024').",
    tables=[PL])
add(4, "Why did staff costs go up in FY2025?",
    text("a new nurses' pay agreement", TAB[4][1]), "Stated in the text.", tables=[PL])
add(4, "What was Brightwater's net profit in FY2022?", NONE,
    "The workbook covers FY2023-FY2025 only; FY2022 is not in the tables or text.", tables=[PL])

# ---------------------------------------------------------------- table 5
add(5, "How many assists did Sofia Alvarez have this season?",
    number(102, "", t5["Sofia Alvarez"]["Assists"]), "Assists column, Sofia Alvarez row.")
add(5, "What was Maya Chen's scoring average per game?",
    number(17.33, "", t5["Maya Chen"]["Points"] / t5["Maya Chen"]["Games"]), "312 points / 18 games = 17.33.")
add(5, "What share of the team's points did Maya Chen score?",
    number(26.55, "percent", pct(t5["Maya Chen"]["Points"], t5["Total"]["Points"])), "312 / 1,175 = 26.55%.")
add(5, "Whats the difference in rebounds between Jordan Ellis and Nia Brooks?",
    number(24, "", t5["Jordan Ellis"]["Rebounds"] - t5["Nia Brooks"]["Rebounds"]), "142 - 118 = 24.")
add(5, "How many points did the Hawks average per game over the season?",
    number(65.28, "", t5["Total"]["Points"] / 18),
    "Total points 1,175 / 18 games (text: 18 games played; also the most games any player played) = 65.28.")
add(5, "Who led the team in rebounds?",
    text_table("Jordan Ellis", max(PLAYERS, key=lambda k: t5[k]["Rebounds"])), "Rebounds column maximum, 142.")
add(5, "Why did Grace Obi miss games?",
    text("a sprained ankle", TAB[5][1]), "Stated in the text.")
add(5, "How many points did Ava Turner score for the Hawks?", NONE,
    "No player named Ava Turner appears in the table or text.")

# ---------------------------------------------------------------- table 6
opm6 = {h: t6["Operating profit"][h] / t6["Revenue"][h] for h in H}
add(6, "What were Alder & Finch's administrative expenses in H2 2024?",
    number(540, "thousand", -t6["Administrative expenses"]["H2 2024"]),
    "Shown as -540 (GBP thousands); a person expects the positive amount spent, 540.")
add(6, "How many print jobs were completed in the first half of 2023?",
    number(4120, "", t6["Print jobs completed (number)"]["H1 2023"]), "Print jobs row, H1 2023 (a count).")
add(6, "What was total revenue for 2024?",
    number(6530, "thousand", t6["Revenue"]["H1 2024"] + t6["Revenue"]["H2 2024"]),
    "H1 2024 + H2 2024 = 3,060 + 3,470 = 6,530 (GBP thousands).")
add(6, "What was the gross margin in H1 2024?",
    number(46.99, "percent", pct(t6["Gross profit"]["H1 2024"], t6["Revenue"]["H1 2024"])),
    "1,438 / 3,060 = 46.99%.")
add(6, "What was the average revenue per print job in H2 2024, in pounds?",
    number(701.01, "", 1000 * t6["Revenue"]["H2 2024"] / t6["Print jobs completed (number)"]["H2 2024"]),
    "Revenue in GBP thousands: 3,470,000 / 4,950 = 701.01 GBP per job.")
add(6, "Which half-year had the weakest operating margin?",
    period("H1 2023", min(H, key=lambda h: opm6[h])),
    "Operating profit / revenue: H1 2023 15.49%, H2 2023 18.04%, H1 2024 17.94%, H2 2024 20.84% -> H1 2023.")
add(6, "Which big client did the company lose?",
    text("Harlow Foods", TAB[6][1]), "Stated in the text.")
add(6, "What was revenue in H1 2025?", NONE,
    "The table ends at H2 2024; the text mentions 2025 plans but no figures.")

# ---------------------------------------------------------------- conversations
convs = []


def conv(t, turns, tables=None):
    tabs, txt, half = TAB[t]
    convs.append({"id": f"m-conv-{len(convs) + 1}", "half": half, "tables": tables or tabs, "text": txt,
                  "turns": [{"question": q, "expected": e} for q, e in turns]})


mk2, mk3 = -t1["Marketing"]["Q2 2024"], -t1["Marketing"]["Q3 2024"]
conv(1, [
    ("How much did Harbor Lane spend on marketing in Q2 2024?", number(240, "thousand", mk2)),
    ("And in Q3?", number(310, "thousand", mk3)),
    ("How much did it go up?", number(70, "thousand", mk3 - mk2)),
    ("In percentage terms?", number(29.17, "percent", pct(mk3 - mk2, mk2))),
    ("What share of Q3 revenue did marketing take?", number(6.31, "percent", pct(mk3, t1["Revenue"]["Q3 2024"]))),
])

rs = t2["Rooms sold"]
conv(2, [
    ("How many rooms were sold in May 2025?", number(868, "", rs["May 2025"])),
    ("And in June?", number(1020, "", rs["Jun 2025"])),
    ("What was the percentage increase?", number(17.51, "percent", pct(rs["Jun 2025"] - rs["May 2025"], rs["May 2025"]))),
    ("What about room revenue, how much did it grow between those two months?",
     number(69852, "", t2["Room revenue (USD)"]["Jun 2025"] - t2["Room revenue (USD)"]["May 2025"])),
    ("And food and beverage revenue over the same months?",
     number(18680, "", t2["Food & beverage revenue (USD)"]["Jun 2025"] - t2["Food & beverage revenue (USD)"]["May 2025"])),
])

conv(3, [
    ("What were Kestrel's returns in 2024Q1?", number(70, "thousand", t3["2024Q1"]["returns_usd_k"])),
    ("As a share of revenue?", number(5.79, "percent", pct(t3["2024Q1"]["returns_usd_k"], t3["2024Q1"]["revenue_usd_k"]))),
    ("And a year earlier?", number(5.88, "percent", pct(t3["2023Q1"]["returns_usd_k"], t3["2023Q1"]["revenue_usd_k"]))),
    ("How much did returns change between those two quarters, in dollars?",
     number(8, "thousand", t3["2024Q1"]["returns_usd_k"] - t3["2023Q1"]["returns_usd_k"])),
    ("What about orders?", number(1500, "", t3["2024Q1"]["orders"] - t3["2023Q1"]["orders"])),
])

loan = t4bs["Bank loan"]
conv(4, [
    ("What was Brightwater's bank loan at the end of FY2023?", number(2600, "thousand", loan["FY2023"])),
    ("And at the end of FY2025?", number(1950, "thousand", loan["FY2025"])),
    ("So how much was paid down over those two years?", number(650, "thousand", loan["FY2023"] - loan["FY2025"])),
    ("What was interest expense in FY2025?", number(170, "thousand", -t4pl["Interest expense"]["FY2025"])),
    ("What's that as a percentage of the year-end loan?", number(8.72, "percent", pct(-t4pl["Interest expense"]["FY2025"], loan["FY2025"]))),
], tables=[PL, BS])

je, nb = t5["Jordan Ellis"], t5["Nia Brooks"]
conv(5, [
    ("How many points did Jordan Ellis score?", number(265, "", je["Points"])),
    ("And Nia Brooks?", number(154, "", nb["Points"])),
    ("How many more did Jordan score?", number(111, "", je["Points"] - nb["Points"])),
    ("What share of the team's points did the two of them score together?",
     number(35.66, "percent", pct(je["Points"] + nb["Points"], t5["Total"]["Points"]))),
    ("And of the team's rebounds?", number(48.78, "percent", pct(je["Rebounds"] + nb["Rebounds"], t5["Total"]["Rebounds"]))),
])

op = t6["Operating profit"]
op23, op24 = op["H1 2023"] + op["H2 2023"], op["H1 2024"] + op["H2 2024"]
rev23 = t6["Revenue"]["H1 2023"] + t6["Revenue"]["H2 2023"]
rev24 = t6["Revenue"]["H1 2024"] + t6["Revenue"]["H2 2024"]
conv(6, [
    ("What was Alder & Finch's operating profit for the full year 2023?", number(1020, "thousand", op23)),
    ("And for 2024?", number(1272, "thousand", op24)),
    ("By what percent did it grow?", number(24.71, "percent", pct(op24 - op23, op23))),
    ("What was the operating margin for 2024 as a whole?", number(19.48, "percent", pct(op24, rev24))),
    ("And for 2023?", number(16.85, "percent", pct(op23, rev23))),
])

# ---------------------------------------------------------------- checks + write
assert len(questions) == 48 and len(convs) == 6
for t in range(1, 7):
    qs = questions[(t - 1) * 8: t * 8]
    assert sum(q["expected"]["kind"] == "none" for q in qs) == 1, t
    assert all(q["half"] == TAB[t][2] for q in qs)
assert len({q["question"] for q in questions}) == 48

with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
    for q in questions:
        f.write(json.dumps(q, ensure_ascii=False) + "\n")
with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
    for c in convs:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")

halves = {}
for q in questions:
    halves[q["half"]] = halves.get(q["half"], 0) + 1
print("questions:", len(questions), halves, "conversations:", len(convs),
      {h: sum(c["half"] == h for c in convs) for h in ("held", "tune")})
