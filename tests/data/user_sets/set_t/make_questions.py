"""Reads set T's tables back, checks their arithmetic, recomputes every expected value and writes
questions.jsonl and conversations.jsonl."""
import json
import os
import re

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "T"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """'1,240' -> 1240 ; '(710)' -> -710 ; '-1,920' -> -1920 ; '**94**' -> 94."""
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().strip("*").replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def parse_md(path):
    rows = []
    for line in open(path):
        line = line.strip()
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        rows.append(cells)
    hdr, body = rows[0], rows[1:]
    out = {}
    for r in body:
        label = r[0].strip("*")
        for h, c in zip(hdr[1:], r[1:]):
            out[(label, h)] = num(c)
    return out


def parse_csv_rowlabels(path):
    df = pd.read_csv(path, dtype=str)
    out = {}
    label_col = df.columns[0]
    for _, r in df.iterrows():
        for c in df.columns[1:]:
            out[(r[label_col], c)] = num(r[c])
    return out


def parse_pandas_export(path):
    df = pd.read_csv(path, index_col=0)
    out = {}
    for idx, r in df.iterrows():
        for c in df.columns:
            out[(str(idx), c)] = float(r[c])
    return out


def parse_xlsx(path, sheet, header_row):
    ws = openpyxl.load_workbook(path, data_only=True)[sheet]
    rows = list(ws.iter_rows(values_only=True))
    hdr = rows[header_row]
    out = {}
    for r in rows[header_row + 1:]:
        if r[0] is None:
            continue
        for h, c in zip(hdr[1:], r[1:]):
            if c is not None:
                out[(r[0], h)] = float(c)
    return out


FILES = {
    "A": ("lindqvist_oduya_quarterly.csv", None, "lindqvist_oduya_quarterly.txt", "held"),
    "F": ("skerry_bay_landings.md", None, "skerry_bay_landings.txt", "tune"),
    "S_inc": ("ashgrove_hall_accounts.xlsx", "Income statement", "ashgrove_hall_accounts.txt", "held"),
    "S_bs": ("ashgrove_hall_accounts.xlsx", "Balance sheet", "ashgrove_hall_accounts.txt", "held"),
    "C": ("kestrel_airport_branch.csv", None, "kestrel_airport_branch.txt", "tune"),
    "R": ("greyfield_mrf_halfyear.md", None, "greyfield_mrf_halfyear.txt", "held"),
    "M": ("brackenfield_festival_2024.xlsx", "Stage attendance", "brackenfield_festival_2024.txt", "tune"),
}

T = {
    "A": parse_csv_rowlabels(p(FILES["A"][0])),
    "F": parse_md(p(FILES["F"][0])),
    "S_inc": parse_xlsx(p(FILES["S_inc"][0]), "Income statement", 1),
    "S_bs": parse_xlsx(p(FILES["S_bs"][0]), "Balance sheet", 1),
    "C": parse_pandas_export(p(FILES["C"][0])),
    "R": parse_md(p(FILES["R"][0])),
    "M": parse_xlsx(p(FILES["M"][0]), "Stage attendance", 0),
}
TXT = {k: " ".join(open(p(v[2])).read().split()) for k, v in FILES.items()}


def V(t, row, col):
    return T[t][(row, col)]


def rows_of(t):
    out = []
    for r, _ in T[t]:
        if r not in out:
            out.append(r)
    return out


def cols_of(t):
    out = []
    for _, c in T[t]:
        if c not in out:
            out.append(c)
    return out


# ------------------------------------------------------------------ internal arithmetic of the tables
def check_tables():
    # A: operating profit = fee income + (bracketed) costs; FY24 = sum of quarters
    q = ["1Q24", "2Q24", "3Q24", "4Q24"]
    for r in rows_of("A"):
        assert V("A", r, "FY24") == sum(V("A", r, c) for c in q), r
    for c in q + ["FY24"]:
        assert V("A", "Operating profit", c) == sum(V("A", r, c) for r in rows_of("A") if r != "Operating profit")
    # F: Total row and Total column
    m = [c for c in cols_of("F") if c != "Total"]
    for r in rows_of("F"):
        assert V("F", r, "Total") == sum(V("F", r, c) for c in m), r
    for c in cols_of("F"):
        assert V("F", "Total", c) == sum(V("F", r, c) for r in rows_of("F") if r != "Total"), c
    # S income statement
    for c in cols_of("S_inc"):
        inc = sum(V("S_inc", r, c) for r in ["Tuition fees", "Boarding fees", "Other income"])
        assert V("S_inc", "Total income", c) == inc
        exp = sum(V("S_inc", r, c) for r in ["Teaching staff costs", "Support staff costs", "Premises costs", "Bursaries"])
        assert V("S_inc", "Surplus for the year", c) == inc + exp
    # S balance sheet
    for c in cols_of("S_bs"):
        ta = sum(V("S_bs", r, c) for r in ["Land and buildings", "Fee debtors", "Cash at bank"])
        assert V("S_bs", "Total assets", c) == ta
        assert V("S_bs", "Net assets", c) == ta - V("S_bs", "Fees received in advance", c) - V("S_bs", "Bank loan", c)
    # change in net assets equals surplus less nothing else? (not required; loan repaid from cash) -- skip
    # C: revenue / rental_days is a whole-dollar daily rate
    for r in rows_of("C"):
        rate = V("C", r, "revenue_usd") / V("C", r, "rental_days")
        assert rate == int(rate), r
    # R half-year P&L
    for c in cols_of("R"):
        tr = V("R", "Sales of recovered materials", c) + V("R", "Gate fees", c)
        assert V("R", "Total revenue", c) == tr
        assert V("R", "Operating profit", c) == tr + sum(V("R", r, c) for r in ["Labour", "Energy", "Transport", "Maintenance"])
    # M totals
    d = ["Friday", "Saturday", "Sunday"]
    for r in rows_of("M"):
        assert V("M", r, "Total") == sum(V("M", r, c) for c in d), r
    for c in cols_of("M"):
        assert V("M", "Total", c) == sum(V("M", r, c) for r in rows_of("M") if r != "Total"), c


check_tables()

PERIOD = {
    "Jan 2024": "January 2024", "Feb 2024": "February 2024", "Mar 2024": "March 2024",
    "Apr 2024": "April 2024", "May 2024": "May 2024", "Jun 2024": "June 2024",
    "H1 2023": "H1 2023", "H2 2023": "H2 2023", "H1 2024": "H1 2024", "H2 2024": "H2 2024",
    "1Q24": "Q1 2024", "2Q24": "Q2 2024", "3Q24": "Q3 2024", "4Q24": "Q4 2024",
}


def N(value, scale=""):
    return {"kind": "number", "value": float(value), "scale": scale}


def X(value):
    return {"kind": "text", "value": value}


def P(value):
    return {"kind": "period", "value": value}


NONE = {"kind": "none"}


def argmax_col(t, row, cols):
    return max(cols, key=lambda c: V(t, row, c))


def check(exp, calc, words, key):
    """calc: number -> compared after rounding to 2 dp; str for text/period; None for kind none or
    number stated only in words (then `words` must occur in the text)."""
    k = exp["kind"]
    if k == "none":
        assert calc is None and words is None
        return
    if k == "number":
        if calc is None:
            assert words and words.lower() in TXT[key].lower(), (words, key)
        else:
            assert round(calc, 2) == round(exp["value"], 2), (calc, exp)
            assert exp["value"] == round(exp["value"], 2)
        return
    if k == "text":
        if calc is not None:
            assert calc == exp["value"], (calc, exp)
        else:
            assert exp["value"].lower() in TXT[key].lower(), (exp["value"], key)
        return
    if k == "period":
        assert PERIOD.get(calc, calc) == exp["value"], (calc, exp)
        return
    raise ValueError(k)


def tables_ref(keys):
    return [{"file": FILES[k][0], "sheet": FILES[k][1]} for k in keys]


# ------------------------------------------------------------------ single questions
# (keys, question, expected, calc, why[, words])
A, F, S, SB, C, R, M = "A", "F", "S_inc", "S_bs", "C", "R", "M"
Q = [
    # --- table 1: architecture studio (held)
    ([A], "How much did we earn in fees in the second quarter of 2024?", N(1385, "thousand"),
     lambda: V(A, "Fee income", "2Q24"), "Fee income, 2Q24 = 1,385 (EUR thousand)."),
    ([A], "What was the studio's operating margin for the full year?", N(29.97, "percent"),
     lambda: V(A, "Operating profit", "FY24") / V(A, "Fee income", "FY24") * 100,
     "Operating profit FY24 1,602 / fee income FY24 5,345 = 29.97%."),
    ([A], "Why were fees lower in Q3?", X("the Norrhamn harbour library competition was postponed"),
     None, "Stated in the text."),
    ([A], "What were staff costs in the first quarter of 2023?", NONE, None,
     "The table covers only 2024 quarters; 2023 is not given."),
    # --- table 2: fishing cooperative (tune)
    ([F], "How many tonnes of mackerel did we land in June?", N(88),
     lambda: V(F, "Mackerel", "Jun 2024"), "Mackerel, Jun 2024 = 88 tonnes."),
    ([F], "Which month had the biggest total landings?", P("June 2024"),
     lambda: argmax_col(F, "Total", [c for c in cols_of(F) if c != "Total"]),
     "Total row: June 2024 = 187, the highest month."),
    ([F], "what share of the half-year catch was cod", N(34.74, "percent"),
     lambda: V(F, "Cod", "Total") / V(F, "Total", "Total") * 100, "Cod total 263 / grand total 757 = 34.74%."),
    ([F], "How much langoustine came in during July 2024?", NONE, None, "Table runs January-June 2024 only."),
    # --- table 3: private school (held)
    ([S], "What were tuition fees in the year to August 2024?", N(9380, "thousand"),
     lambda: V(S, "Tuition fees", "FY2024"), "Income statement, Tuition fees FY2024 = 9,380 (GBP thousand)."),
    ([S], "How much did the school spend on bursaries in FY2023?", N(790, "thousand"),
     lambda: -V(S, "Bursaries", "FY2023"), "Bursaries FY2023 shown as -790; asked how much spent, so 790."),
    ([S, SB], "In FY2024, what was the surplus as a percentage of year-end net assets?", N(7.21, "percent"),
     lambda: V(S, "Surplus for the year", "FY2024") / V(SB, "Net assets", "31 August 2024") * 100,
     "Surplus FY2024 1,407 / net assets 31 Aug 2024 19,505 = 7.21%."),
    ([S], "What was the surplus in FY2021?", NONE, None, "Income statement starts at FY2022."),
    # --- table 4: car rental (tune)
    ([C], "How many cars did we rent out in March?", N(462),
     lambda: V(C, "2024-03", "rentals"), "rentals, 2024-03 = 462."),
    ([C], "What was our average revenue per rental day in May 2024?", N(58),
     lambda: V(C, "2024-05", "revenue_usd") / V(C, "2024-05", "rental_days"),
     "revenue_usd 139,606 / rental_days 2,407 = 58.00 USD."),
    ([C], "Who runs the airport branch?", X("Tomasz Wrona"), None, "Branch manager named in the text."),
    ([C], "How many damage claims were there in December 2023?", NONE, None, "Export covers 2024-01 to 2024-06."),
    # --- table 5: recycling plant (held)
    ([R], "What did we take in gate fees in the first half of 2024?", N(1780, "thousand"),
     lambda: V(R, "Gate fees", "H1 2024"), "Gate fees, H1 2024 = 1,780 (USD thousand)."),
    ([R], "How much was spent on energy in H2 2023?", N(580, "thousand"),
     lambda: -V(R, "Energy", "H2 2023"), "Energy H2 2023 shown as -580; spending is 580."),
    ([R], "Which half-year had the highest operating profit?", P("H2 2024"),
     lambda: argmax_col(R, "Operating profit", cols_of(R)), "Operating profit peaks at 2,265 in H2 2024."),
    ([R], "What was operating profit in H1 2022?", NONE, None, "Table starts at H1 2023."),
    # --- table 6: music festival (tune)
    ([M], "How many people scanned into the Barn Tent on Saturday?", N(2910),
     lambda: V(M, "Barn Tent", "Saturday"), "Barn Tent, Saturday = 2,910 scans."),
    ([M], "What percentage of all weekend scans were at the main stage?", N(52.02, "percent"),
     lambda: V(M, "Main Stage", "Total") / V(M, "Total", "Total") * 100, "29,200 / 56,130 = 52.02%."),
    ([M], "Which stage was quietest on Friday?", X("Kids' Field"),
     lambda: min([r for r in rows_of(M) if r != "Total"], key=lambda r: V(M, r, "Friday")),
     "Friday column minimum: Kids' Field 620."),
    ([M], "How many scans were there on the Thursday?", NONE, None,
     "No Thursday in the table; the text only says a Thursday night is planned for next year."),
]

# ------------------------------------------------------------------ conversations
# each turn: (question, expected, calc, words-or-None)
CONVS = [
    # --- table 1 (held)
    ([A], [
        ("How much did the studio bill in fees in the first quarter?", N(1240, "thousand"), lambda: V(A, "Fee income", "1Q24"), None),
        ("And in Q4?", N(1530, "thousand"), lambda: V(A, "Fee income", "4Q24"), None),
        ("How much did it grow?", N(290, "thousand"), lambda: V(A, "Fee income", "4Q24") - V(A, "Fee income", "1Q24"), None),
        ("In percentage terms?", N(23.39, "percent"), lambda: (V(A, "Fee income", "4Q24") / V(A, "Fee income", "1Q24") - 1) * 100, None),
        ("Who was our biggest client that year?", X("Municipality of Norrviken"), None, None),
    ]),
    ([A], [
        ("What did we pay in rent in Q3 2024?", N(96, "thousand"), lambda: -V(A, "Office rent", "3Q24"), None),
        ("and in the last quarter?", N(104, "thousand"), lambda: -V(A, "Office rent", "4Q24"), None),
        ("Why did it go up?", X("took an extra floor at Kanalgatan 12"), None, None),
        ("What was rent for the whole year?", N(392, "thousand"), lambda: -V(A, "Office rent", "FY24"), None),
        ("What about rent in Q4 2023?", NONE, None, None),
    ]),
    ([A], [
        ("What was our profit from operations in Q2?", N(440, "thousand"), lambda: V(A, "Operating profit", "2Q24"), None),
        ("And travel costs that quarter?", N(31, "thousand"), lambda: -V(A, "Travel", "2Q24"), None),
        ("What about model making?", N(35, "thousand"), lambda: -V(A, "Model making & printing", "2Q24"), None),
        ("Travel and model making combined?", N(66, "thousand"),
         lambda: -V(A, "Travel", "2Q24") - V(A, "Model making & printing", "2Q24"), None),
        ("What share of that quarter's fee income was that?", N(4.77, "percent"),
         lambda: (-V(A, "Travel", "2Q24") - V(A, "Model making & printing", "2Q24")) / V(A, "Fee income", "2Q24") * 100, None),
    ]),
    # --- table 2 (tune)
    ([F], [
        ("How much cod came in during January?", N(42), lambda: V(F, "Cod", "Jan 2024"), None),
        ("and in February?", N(38), lambda: V(F, "Cod", "Feb 2024"), None),
        ("Why was February so quiet?", X("storms kept the fleet in harbour"), None, None),
        ("How many days were the boats stuck in port?", N(11), None, "eleven days"),
        ("What was the total catch that month across all species?", N(85), lambda: V(F, "Total", "Feb 2024"), None),
    ]),
    ([F], [
        ("What were the mackerel landings in April?", N(9), lambda: V(F, "Mackerel", "Apr 2024"), None),
        ("And in May?", N(64), lambda: V(F, "Mackerel", "May 2024"), None),
        ("How much did it jump?", N(55), lambda: V(F, "Mackerel", "May 2024") - V(F, "Mackerel", "Apr 2024"), None),
        ("When did the mackerel season open?", X("6 May"), None, None),
        ("What about mackerel in August?", NONE, None, None),
    ]),
    ([F], [
        ("How many tonnes of crab did we land over the six months?", N(54), lambda: V(F, "Brown crab", "Total"), None),
        ("And langoustine?", N(55), lambda: V(F, "Langoustine", "Total"), None),
        ("Which was higher?", X("Langoustine"),
         lambda: max(["Brown crab", "Langoustine"], key=lambda r: V(F, r, "Total")), None),
        ("What are the two together as a share of the total catch?", N(14.4, "percent"),
         lambda: (V(F, "Brown crab", "Total") + V(F, "Langoustine", "Total")) / V(F, "Total", "Total") * 100, None),
        ("And the average monthly crab landing?", N(9), lambda: V(F, "Brown crab", "Total") / 6, None),
    ]),
    # --- table 3 (held)
    ([SB], [
        ("How much cash did the school have at the end of August 2023?", N(2610, "thousand"), lambda: V(SB, "Cash at bank", "31 August 2023"), None),
        ("And a year later?", N(1980, "thousand"), lambda: V(SB, "Cash at bank", "31 August 2024"), None),
        ("How much did it fall?", N(630, "thousand"),
         lambda: V(SB, "Cash at bank", "31 August 2023") - V(SB, "Cash at bank", "31 August 2024"), None),
        ("Why?", X("paid the final instalment on the new science block"), None, None),
        ("What was the cash balance at 31 August 2021?", NONE, None, None),
    ]),
    ([S], [
        ("What did we bring in from boarders in FY2022?", N(1960, "thousand"), lambda: V(S, "Boarding fees", "FY2022"), None),
        ("And in FY2024?", N(2120, "thousand"), lambda: V(S, "Boarding fees", "FY2024"), None),
        ("What's the change?", N(160, "thousand"), lambda: V(S, "Boarding fees", "FY2024") - V(S, "Boarding fees", "FY2022"), None),
        ("What share of total income were boarding fees in FY2024?", N(17.81, "percent"),
         lambda: V(S, "Boarding fees", "FY2024") / V(S, "Total income", "FY2024") * 100, None),
        ("How many pupils did the school have in September 2024?", N(612), None, "six hundred and twelve"),
    ]),
    ([S], [
        ("What were teaching salaries in 2024?", N(6480, "thousand"), lambda: -V(S, "Teaching staff costs", "FY2024"), None),
        ("and support staff?", N(1790, "thousand"), lambda: -V(S, "Support staff costs", "FY2024"), None),
        ("So total staff costs?", N(8270, "thousand"),
         lambda: -V(S, "Teaching staff costs", "FY2024") - V(S, "Support staff costs", "FY2024"), None),
        ("As a percentage of total income?", N(69.48, "percent"),
         lambda: (-V(S, "Teaching staff costs", "FY2024") - V(S, "Support staff costs", "FY2024")) / V(S, "Total income", "FY2024") * 100, None),
        ("Compare the teaching figure with FY2022 - how much higher was it in 2024?", N(610, "thousand"),
         lambda: V(S, "Teaching staff costs", "FY2022") - V(S, "Teaching staff costs", "FY2024"), None),
    ]),
    # --- table 4 (tune)
    ([C], [
        ("How much revenue did the airport branch make in June?", N(186496), lambda: V(C, "2024-06", "revenue_usd"), None),
        ("And in May?", N(139606), lambda: V(C, "2024-05", "revenue_usd"), None),
        ("How much more was June?", N(46890), lambda: V(C, "2024-06", "revenue_usd") - V(C, "2024-05", "revenue_usd"), None),
        ("Why was June so strong?", X("the Harbourfest weekend"), None, None),
        ("What was revenue per rental in June?", N(300.8), lambda: V(C, "2024-06", "revenue_usd") / V(C, "2024-06", "rentals"), None),
    ]),
    ([C], [
        ("How many cars did the branch have in January?", N(120), lambda: V(C, "2024-01", "fleet_size"), None),
        ("and by June?", N(150), lambda: V(C, "2024-06", "fleet_size"), None),
        ("By what percent did the fleet grow?", N(25, "percent"),
         lambda: (V(C, "2024-06", "fleet_size") / V(C, "2024-01", "fleet_size") - 1) * 100, None),
        ("How many rentals were there per car in June?", N(4.13), lambda: V(C, "2024-06", "rentals") / V(C, "2024-06", "fleet_size"), None),
        ("What was the fleet size in July?", NONE, None, None),
    ]),
    ([C], [
        ("How many damage claims did we get in the first quarter?", N(17),
         lambda: sum(V(C, m, "damage_claims") for m in ["2024-01", "2024-02", "2024-03"]), None),
        ("And in the second quarter?", N(24),
         lambda: sum(V(C, m, "damage_claims") for m in ["2024-04", "2024-05", "2024-06"]), None),
        ("How much did that rise?", N(7),
         lambda: sum(V(C, m, "damage_claims") for m in ["2024-04", "2024-05", "2024-06"])
         - sum(V(C, m, "damage_claims") for m in ["2024-01", "2024-02", "2024-03"]), None),
        ("What was the average number of claims per month over the six months?", N(6.83),
         lambda: sum(V(C, m, "damage_claims") for m in rows_of(C)) / 6, None),
        ("When was the one-way fee introduced?", X("1 April 2024"), None, None),
    ]),
    # --- table 5 (held)
    ([R], [
        ("What did the plant make selling recovered materials in H1 2023?", N(3480, "thousand"),
         lambda: V(R, "Sales of recovered materials", "H1 2023"), None),
        ("And in the next half?", N(3120, "thousand"), lambda: V(R, "Sales of recovered materials", "H2 2023"), None),
        ("How much did it drop?", N(360, "thousand"),
         lambda: V(R, "Sales of recovered materials", "H1 2023") - V(R, "Sales of recovered materials", "H2 2023"), None),
        ("What caused that?", X("cardboard prices slumped"), None, None),
        ("And what were material sales in H2 2024?", N(4260, "thousand"), lambda: V(R, "Sales of recovered materials", "H2 2024"), None),
    ]),
    ([R], [
        ("What did maintenance cost us in the second half of 2023?", N(445, "thousand"), lambda: -V(R, "Maintenance", "H2 2023"), None),
        ("And in H1 2023?", N(310, "thousand"), lambda: -V(R, "Maintenance", "H1 2023"), None),
        ("Why was it higher in the second half?", X("the main baler had to be replaced"), None, None),
        ("What was maintenance in H1 2025?", NONE, None, None),
        ("What was total maintenance across 2024?", N(625, "thousand"),
         lambda: -V(R, "Maintenance", "H1 2024") - V(R, "Maintenance", "H2 2024"), None),
    ]),
    ([R], [
        ("What was total revenue for 2024 as a whole?", N(11790, "thousand"),
         lambda: V(R, "Total revenue", "H1 2024") + V(R, "Total revenue", "H2 2024"), None),
        ("And operating profit for the year?", N(4285, "thousand"),
         lambda: V(R, "Operating profit", "H1 2024") + V(R, "Operating profit", "H2 2024"), None),
        ("What margin is that?", N(36.34, "percent"),
         lambda: (V(R, "Operating profit", "H1 2024") + V(R, "Operating profit", "H2 2024"))
         / (V(R, "Total revenue", "H1 2024") + V(R, "Total revenue", "H2 2024")) * 100, None),
        ("How about full-year operating profit in 2023?", N(2700, "thousand"),
         lambda: V(R, "Operating profit", "H1 2023") + V(R, "Operating profit", "H2 2023"), None),
        ("So by how much did annual operating profit increase?", N(1585, "thousand"),
         lambda: V(R, "Operating profit", "H1 2024") + V(R, "Operating profit", "H2 2024")
         - V(R, "Operating profit", "H1 2023") - V(R, "Operating profit", "H2 2023"), None),
    ]),
    # --- table 6 (tune)
    ([M], [
        ("How many people went through the main stage gates on Saturday?", N(11200), lambda: V(M, "Main Stage", "Saturday"), None),
        ("And on Sunday?", N(9600), lambda: V(M, "Main Stage", "Sunday"), None),
        ("Why fewer on Sunday?", X("went on late after a thunderstorm"), None, None),
        ("Who was the headliner?", X("The Hollow Pines"), None, None),
        ("How much lower was Sunday than Saturday, in percent?", N(14.29, "percent"),
         lambda: (1 - V(M, "Main Stage", "Sunday") / V(M, "Main Stage", "Saturday")) * 100, None),
    ]),
    ([M], [
        ("What were the total scans at the kids' area over the weekend?", N(3380), lambda: V(M, "Kids' Field", "Total"), None),
        ("And at the Riverside Stage?", N(4480), lambda: V(M, "Riverside Stage", "Total"), None),
        ("Combined?", N(7860), lambda: V(M, "Kids' Field", "Total") + V(M, "Riverside Stage", "Total"), None),
        ("What share of all scans is that?", N(14, "percent"),
         lambda: (V(M, "Kids' Field", "Total") + V(M, "Riverside Stage", "Total")) / V(M, "Total", "Total") * 100, None),
        ("How many scans did the Beach Stage get?", NONE, None, None),
    ]),
    ([M], [
        ("How many scans were there across all stages on Friday?", N(15590), lambda: V(M, "Total", "Friday"), None),
        ("And Saturday?", N(21700), lambda: V(M, "Total", "Saturday"), None),
        ("What was the average per day over the three days?", N(18710), lambda: V(M, "Total", "Total") / 3, None),
        ("Roughly how many weekend tickets were sold?", N(19000), None, "nineteen thousand"),
        ("Compare Friday's total with that average - how far below was it?", N(3120),
         lambda: V(M, "Total", "Total") / 3 - V(M, "Total", "Friday"), None),
    ]),
]


def main():
    qout = []
    for i, item in enumerate(Q, 1):
        keys, question, exp, calc, why = item[:5]
        words = item[5] if len(item) > 5 else None
        check(exp, calc() if calc else None, words, keys[0])
        qout.append({
            "id": f"{SET}-{i:02d}", "half": FILES[keys[0]][3], "tables": tables_ref(keys),
            "text": FILES[keys[0]][2], "question": question, "expected": exp, "why": why,
        })
    cout = []
    for i, (keys, turns) in enumerate(CONVS, 1):
        tl = []
        for question, exp, calc, words in turns:
            check(exp, calc() if calc else None, words, keys[0])
            tl.append({"question": question, "expected": exp})
        assert len(tl) == 5
        cout.append({"id": f"{SET}-conv-{i}", "half": FILES[keys[0]][3], "tables": tables_ref(keys),
                     "text": FILES[keys[0]][2], "turns": tl})
    # structure checks
    assert len(qout) == 24 and len(cout) == 18
    by_file = {}
    for q in qout:
        by_file.setdefault(q["tables"][0]["file"], []).append(q)
    assert len(by_file) == 6
    for f, qs in by_file.items():
        assert len(qs) == 4 and sum(q["expected"]["kind"] == "none" for q in qs) == 1, f
    with open(p("questions.jsonl"), "w") as fh:
        for q in qout:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    with open(p("conversations.jsonl"), "w") as fh:
        for c in cout:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    halves = {}
    for q in qout:
        halves.setdefault(q["half"], [0, 0, 0])[0] += 1
    for c in cout:
        halves[c["half"]][1] += 1
        halves[c["half"]][2] += len(c["turns"])
    nconv_none = sum(any(t["expected"]["kind"] == "none" for t in c["turns"]) for c in cout)
    print("half -> [questions, conversations, turns]:", halves, "| conversations with a none turn:", nconv_none)


if __name__ == "__main__":
    main()
