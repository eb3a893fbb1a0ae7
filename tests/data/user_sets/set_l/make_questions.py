"""Read the six tables back, recompute every expected value, check it against the
hand-written value, check text answers and table arithmetic, and write
questions.jsonl and conversations.jsonl for set "l"."""
import json
import os
import re

import pandas as pd
from openpyxl import load_workbook

D = os.path.dirname(os.path.abspath(__file__))
P = lambda f: os.path.join(D, f)


# ------------------------------------------------------------------ readers
def num(s):
    """'1,842' -> 1842, '(1,105)' -> -1105, '-1,450' -> -1450."""
    if isinstance(s, (int, float)):
        return s
    s = str(s).strip()
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()").replace(",", "")
    v = float(s)
    v = int(v) if v == int(v) else v
    return -v if neg else v


def read_md(path):
    rows = [l.strip() for l in open(path, encoding="utf-8") if l.strip().startswith("|")]
    cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows]
    header = cells[0]
    body = [c for c in cells[1:] if not re.fullmatch(r"[-:| ]+", "|".join(c))]
    return {r[0]: {h: num(v) for h, v in zip(header[1:], r[1:])} for r in body}, header[1:]


def read_csv_rows(path):
    df = pd.read_csv(path, dtype=str)
    first = df.columns[0]
    return {r[first]: {c: num(r[c]) for c in df.columns[1:]} for _, r in df.iterrows()}, list(df.columns[1:])


def read_sheet(path, sheet):
    ws = load_workbook(path, data_only=True)[sheet]
    rows = [r for r in ws.iter_rows(values_only=True) if any(v is not None for v in r)]
    # header = first row whose cells are all filled
    hi = next(i for i, r in enumerate(rows) if all(v is not None for v in r))
    header = rows[hi]
    return {r[0]: {h: v for h, v in zip(header[1:], r[1:])} for r in rows[hi + 1:]}, list(header[1:])


def txt(f):
    return open(P(f), encoding="utf-8").read()


r2 = lambda x: round(x + 0.0, 2)
pct = lambda new, old: r2((new - old) / old * 100)
share = lambda part, whole: r2(part / whole * 100)

# ------------------------------------------------------------------ load
HB, HB_cols = read_md(P("household_budget_2024.md"))
FARM, FARM_cols = read_csv_rows(P("brackenridge_harvest.csv"))
GYMdf = pd.read_csv(P("ironside_gym_quarterly.csv"), index_col=0)
GYM = {q: GYMdf.loc[q].to_dict() for q in GYMdf.index}
INC, INC_cols = read_sheet(P("northlight_studio.xlsx"), "Income")
INV, _ = read_sheet(P("northlight_studio.xlsx"), "Invoices 2024")
SCH, SCH_cols = read_md(P("hollin_bank_gcse_2024.md"))
SHOP, SHOP_cols = read_csv_rows(P("pennant_hardware_fy.csv"))

# ------------------------------------------------------------------ internal arithmetic checks
for m in HB_cols:
    assert sum(HB[r][m] for r in HB if r != "Net saved") == HB["Net saved"][m], m
    assert all(HB[r][m] <= 0 for r in ["Rent", "Groceries", "Utilities", "Transport", "Childcare"])
for y in FARM_cols:
    assert sum(FARM[c][y] for c in FARM if c != "Total") == FARM["Total"][y], y
assert GYMdf.index[0] == "Q1 2023" and GYMdf.index.name is None
prev = 820
for q in GYMdf.index:
    r = GYM[q]
    assert prev + r["New members"] - r["Cancellations"] == r["Members at quarter end"], q
    assert r["Membership revenue ($)"] + r["Personal training revenue ($)"] == r["Total revenue ($)"], q
    prev = r["Members at quarter end"]
EXP = ["Software subscriptions", "Subcontractors", "Equipment", "Travel", "Home office"]
for h in INC_cols:
    assert sum(INC[e][h] for e in EXP) == INC["Total expenses"][h], h
    assert INC["Fees invoiced"][h] - INC["Total expenses"][h] == INC["Profit before tax"][h], h
clients = [c for c in INV if c != "Total"]
assert sum(INV[c]["Invoices issued"] for c in clients) == INV["Total"]["Invoices issued"]
assert sum(INV[c]["Amount invoiced (GBP)"] for c in clients) == INV["Total"]["Amount invoiced (GBP)"]
assert INV["Total"]["Amount invoiced (GBP)"] == INC["Fees invoiced"]["H1 2024"] + INC["Fees invoiced"]["H2 2024"]
for s in SCH:
    r = SCH[s]
    assert r["Grades 7-9"] + r["Grades 4-6"] + r["Grades 1-3"] + r["U"] == r["Entries"], s
assert SCH["Mathematics"]["Entries"] == 182 and "182 students" in txt("hollin_bank_gcse_2024.txt")
for y in SHOP_cols:
    s = {k: SHOP[k][y] for k in SHOP}
    assert s["Revenue"] + s["Cost of goods sold"] == s["Gross profit"], y
    assert s["Gross profit"] + s["Staff costs"] + s["Rent and rates"] + s["Other operating costs"] == s["Operating profit"], y
    assert s["Cost of goods sold"] < 0 and s["Staff costs"] < 0

# ------------------------------------------------------------------ helpers for expected values
N = lambda v, scale="": {"kind": "number", "value": float(v), "scale": scale}
T = lambda v: {"kind": "text", "value": v}
PER = lambda v: {"kind": "period", "value": v}
NONE = {"kind": "none"}

F1 = [{"file": "household_budget_2024.md", "sheet": None}]
F2 = [{"file": "brackenridge_harvest.csv", "sheet": None}]
F3 = [{"file": "ironside_gym_quarterly.csv", "sheet": None}]
F4i = [{"file": "northlight_studio.xlsx", "sheet": "Income"}]
F4v = [{"file": "northlight_studio.xlsx", "sheet": "Invoices 2024"}]
F4b = F4i + F4v
F5 = [{"file": "hollin_bank_gcse_2024.md", "sheet": None}]
F6 = [{"file": "pennant_hardware_fy.csv", "sheet": None}]
X1, X2, X3, X4, X5, X6 = (f.replace(".md", ".txt").replace(".csv", ".txt").replace(".xlsx", ".txt")
                          for f in [F1[0]["file"], F2[0]["file"], F3[0]["file"], F4i[0]["file"], F5[0]["file"], F6[0]["file"]])

MONTH_NAME = {"Jan": "January", "Feb": "February", "Mar": "March", "Apr": "April", "May": "May", "Jun": "June"}
hb_sum = lambda row: sum(HB[row][m] for m in HB_cols)
income_h1 = sum(HB["Net salary"][m] + HB["Freelance income"][m] for m in HB_cols)
best_save = max(HB_cols, key=lambda m: HB["Net saved"][m])
best_barley = max(FARM_cols, key=lambda y: FARM["Spring barley"][y])
most_canc = max(GYMdf.index, key=lambda q: GYM[q]["Cancellations"])
top_sub = max(INC_cols, key=lambda h: INC["Subcontractors"][h])
top_high = max(SCH, key=lambda s: SCH[s]["Grades 7-9"] / SCH[s]["Entries"])
cost_lines = ["Cost of goods sold", "Staff costs", "Rent and rates", "Other operating costs"]
fastest_cost = max(cost_lines, key=lambda c: SHOP[c]["FY25"] / SHOP[c]["FY23"])
pass4 = lambda s: SCH[s]["Grades 7-9"] + SCH[s]["Grades 4-6"]

# Each entry: (id, half, tables, text, question, expected, computed, why)
# `computed` is the value recomputed from the table (or None for text / none).
Q = [
    # ---------------- table 1: household budget (held)
    ("l-01", "held", F1, X1, "How much did we spend on groceries in March 2024?",
     N(645), -HB["Groceries"]["Mar 2024"], "Groceries, Mar 2024 = -645 (spending shown negative); amount spent 645."),
    ("l-02", "held", F1, X1, "what did utilities cost us in total over jan-jun 2024?",
     N(1125), -hb_sum("Utilities"), "Sum of Utilities Jan-Jun: 238+251+196+170+142+128 = 1125 (negatives given as positive spend)."),
    ("l-03", "held", F1, X1, "What was the percentage change in our utility bills from January to June 2024?",
     N(-46.22, "percent"), pct(-HB["Utilities"]["Jun 2024"], -HB["Utilities"]["Jan 2024"]),
     "Utilities spend 238 (Jan) -> 128 (Jun): (128-238)/238 = -46.22%."),
    ("l-04", "held", F1, X1, "How much did the household save in April 2024?",
     N(1607), HB["Net saved"]["Apr 2024"], "Net saved, Apr 2024 = 1,607."),
    ("l-05", "held", F1, X1, "Which month did we manage to save the most money?",
     PER("June 2024"), MONTH_NAME[best_save.split()[0]] + " " + best_save.split()[1],
     "Net saved is highest in Jun 2024 (1,977)."),
    ("l-06", "held", F1, X1, "Why was transport so expensive in June?",
     T("a clutch replacement"), None, "Text: June transport was a clutch replacement on the family Golf."),
    ("l-07", "held", F1, X1, "How much went on groceries in July 2024?",
     NONE, None, "The budget covers January to June 2024 only; July is not in the table or text."),
    ("l-08", "held", F1, X1, "What share of our total income in the first half of 2024 went on rent?",
     N(31.99, "percent"), share(-hb_sum("Rent"), income_h1),
     "Rent 6 x 1,450 = 8,700; income (salary + freelance) Jan-Jun = 27,200; 8,700/27,200 = 31.99%."),

    # ---------------- table 2: farm harvest (tune)
    ("l-09", "tune", F2, X2, "How many tonnes of potatoes did Brackenridge harvest in 2023?",
     N(702), FARM["Potatoes"]["2023"], "Potatoes, 2023 = 702 tonnes."),
    ("l-10", "tune", F2, X2, "By what % did the winter wheat harvest change between 2023 and 2024?",
     N(23.56, "percent"), pct(FARM["Winter wheat"]["2024"], FARM["Winter wheat"]["2023"]),
     "Wheat 365 -> 451: (451-365)/365 = 23.56%."),
    ("l-11", "tune", F2, X2, "What share of the total 2024 harvest was potatoes?",
     N(44.98, "percent"), share(FARM["Potatoes"]["2024"], FARM["Total"]["2024"]),
     "668 / 1,485 = 44.98%."),
    ("l-12", "tune", F2, X2, "whats the average spring barley harvest over the four years",
     N(202.25), r2(sum(FARM["Spring barley"][y] for y in FARM_cols) / 4),
     "(186+201+224+198)/4 = 809/4 = 202.25 tonnes."),
    ("l-13", "tune", F2, X2, "Which year was the best for spring barley?",
     PER("2023"), best_barley, "Spring barley peaks at 224 tonnes in 2023."),
    ("l-14", "tune", F2, X2, "What went wrong with the oilseed rape in 2023?",
     T("cabbage stem flea beetle"), None, "Text: the 2023 oilseed rape was badly hit by cabbage stem flea beetle."),
    ("l-15", "tune", F2, X2, "How much winter wheat did the farm get in 2020?",
     NONE, None, "Table starts in 2021; 2020 is not in the table or text."),
    ("l-16", "tune", F2, X2, "How much did the field beans harvest fall from 2023 to 2024?",
     N(7), FARM["Field beans"]["2023"] - FARM["Field beans"]["2024"],
     "Field beans 80 -> 73; asked how much it fell, so 7 tonnes (positive)."),

    # ---------------- table 3: gym quarterly, pandas export (held)
    ("l-17", "held", F3, X3, "How many new members joined Ironside in Q3 2023?",
     N(73), GYM["Q3 2023"]["New members"], "New members, Q3 2023 = 73."),
    ("l-18", "held", F3, X3, "What was the net change in membership in the first quarter of 2024, new sign-ups minus cancellations?",
     N(98), GYM["Q1 2024"]["New members"] - GYM["Q1 2024"]["Cancellations"],
     "168 - 70 = 98 (also 1,003 - 905 quarter-end members)."),
    ("l-19", "held", F3, X3, "By what percentage did total revenue grow from Q2 2023 to Q2 2024?",
     N(14.93, "percent"), pct(GYM["Q2 2024"]["Total revenue ($)"], GYM["Q2 2023"]["Total revenue ($)"]),
     "147,230 vs 128,100: 19,130/128,100 = 14.93%."),
    ("l-20", "held", F3, X3, "What was membership revenue per member in Q2 2024, using the quarter-end member count?",
     N(122.01), r2(GYM["Q2 2024"]["Membership revenue ($)"] / GYM["Q2 2024"]["Members at quarter end"]),
     "124,080 / 1,017 = 122.01 dollars per member."),
    ("l-21", "held", F3, X3, "Which quarter had the most cancellations?",
     PER("Q3 2023"), most_canc, "Cancellations peak at 90 in Q3 2023."),
    ("l-22", "held", F3, X3, "When did the membership price go up?",
     T("1 January 2024"), None, "Text: price rose from $39 to $42 on 1 January 2024."),
    ("l-23", "held", F3, X3, "how many new members signed up in Q3 2024?",
     NONE, None, "Table ends at Q2 2024; Q3 2024 is not in the table or text."),
    ("l-24", "held", F3, X3, "How many members did the gym have at the end of 2023?",
     N(905), GYM["Q4 2023"]["Members at quarter end"], "Members at quarter end, Q4 2023 = 905."),

    # ---------------- table 4: freelance designer workbook (tune)
    ("l-25", "tune", F4v, X4, "How much did Priya invoice Atlas Cycles in 2024?",
     N(16400), INV["Atlas Cycles"]["Amount invoiced (GBP)"], "Invoices 2024 sheet: Atlas Cycles = 16,400 GBP."),
    ("l-26", "tune", F4i, X4, "What was the studio's profit margin in H2 2024?",
     N(73.58, "percent"), share(INC["Profit before tax"]["H2 2024"], INC["Fees invoiced"]["H2 2024"]),
     "Profit before tax 30,350 / fees 41,250 = 73.58%."),
    ("l-27", "tune", F4i, X4, "What did Northlight spend on travel in the first half of 2024?",
     N(980), INC["Travel"]["H1 2024"], "Income sheet: Travel, H1 2024 = 980."),
    ("l-28", "tune", F4b, X4, "What percentage of her 2024 fees came from Greenbay Festival?",
     N(25.14, "percent"), share(INV["Greenbay Festival"]["Amount invoiced (GBP)"],
                                INC["Fees invoiced"]["H1 2024"] + INC["Fees invoiced"]["H2 2024"]),
     "19,650 / 78,150 (= Invoices total = H1+H2 2024 fees) = 25.14%."),
    ("l-29", "tune", F4v, X4, "whats the average invoice value for Marlow Books?",
     N(1187.5), r2(INV["Marlow Books"]["Amount invoiced (GBP)"] / INV["Marlow Books"]["Invoices issued"]),
     "9,500 / 8 invoices = 1,187.50."),
    ("l-30", "tune", F4i, X4, "In which half-year were subcontractor costs highest?",
     PER("H2 2024"), top_sub, "Subcontractors peak at 6,750 in H2 2024."),
    ("l-31", "tune", F4i, X4, "What pushed equipment spending up in H2 2023?",
     T("a new Mac Studio and a colour-calibrated monitor"), None,
     "Text: the H2 2023 equipment jump was a new Mac Studio and a colour-calibrated monitor."),
    ("l-32", "tune", F4i, X4, "What were the fees invoiced in H1 2022?",
     NONE, None, "Income sheet starts at H1 2023; H1 2022 is not in the workbook or text."),

    # ---------------- table 5: school exam results (held)
    ("l-33", "held", F5, X5, "How many History students got grades 7 to 9?",
     N(21), SCH["History"]["Grades 7-9"], "History, Grades 7-9 = 21."),
    ("l-34", "held", F5, X5, "What percentage of maths entrants got a grade 4 or above?",
     N(75.27, "percent"), share(pass4("Mathematics"), SCH["Mathematics"]["Entries"]),
     "(41 + 96) / 182 = 137/182 = 75.27%."),
    ("l-35", "held", F5, X5, "Which subject had the highest proportion of top grades (7-9)?",
     T("Art and Design"), top_high, "Art and Design 14/45 = 31.11% beats French 30.77% and History 28.38%."),
    ("l-36", "held", F5, X5, "How many students took French?",
     N(39), SCH["French"]["Entries"], "French, Entries = 39."),
    ("l-37", "held", F5, X5, "What share of the French entries were ungraded (U)?",
     N(2.56, "percent"), share(SCH["French"]["U"], SCH["French"]["Entries"]), "1 / 39 = 2.56%."),
    ("l-38", "held", F5, X5, "When were the GCSE results given out?",
     T("22 August 2024"), None, "Text: results were published to students on 22 August 2024."),
    ("l-39", "held", F5, X5, "How many students got grade 7-9 in Spanish?",
     NONE, None, "No Spanish row in the table and nothing in the text."),
    ("l-40", "held", F5, X5, "On average, how many entries were there per subject?",
     N(105.71), r2(sum(SCH[s]["Entries"] for s in SCH) / len(SCH)),
     "(182+182+150+74+68+39+45)/7 = 740/7 = 105.71."),

    # ---------------- table 6: shop fiscal years, brackets, GBP 000 (tune)
    ("l-41", "tune", F6, X6, "What was Pennant Hardware's revenue in FY24?",
     N(1976, "thousand"), SHOP["Revenue"]["FY24"], "Revenue FY24 = 1,976 (GBP 000)."),
    ("l-42", "tune", F6, X6, "what was the gross margin in FY23?",
     N(40.01, "percent"), share(SHOP["Gross profit"]["FY23"], SHOP["Revenue"]["FY23"]),
     "Gross profit 737 / revenue 1,842 = 40.01%."),
    ("l-43", "tune", F6, X6, "How much did the shop spend on staff in FY25?",
     N(428, "thousand"), -SHOP["Staff costs"]["FY25"], "Staff costs FY25 shown as (428); spend = 428 (GBP 000)."),
    ("l-44", "tune", F6, X6, "By what percentage did operating profit change from FY24 to FY25?",
     N(3.24, "percent"), pct(SHOP["Operating profit"]["FY25"], SHOP["Operating profit"]["FY24"]),
     "185 -> 191: 6/185 = 3.24%."),
    ("l-45", "tune", F6, X6, "How much did rent and rates go up between FY23 and FY25?",
     N(8, "thousand"), -SHOP["Rent and rates"]["FY25"] - -SHOP["Rent and rates"]["FY23"],
     "(126) vs (118): cost rose by 126 - 118 = 8 (GBP 000)."),
    ("l-46", "tune", F6, X6, "Which cost line grew fastest in percentage terms from FY23 to FY25?",
     T("Other operating costs"), fastest_cost,
     "COGS +12.40%, staff +18.23%, rent and rates +6.78%, other operating costs 96->117 = +21.88%."),
    ("l-47", "tune", F6, X6, "Who manages the shop?",
     T("Gwen Pennant"), None, "Text: managed by Gwen Pennant."),
    ("l-48", "tune", F6, X6, "What was revenue in FY22?",
     NONE, None, "Statement covers FY23-FY25 only; FY22 is not in the table or text."),
]

# Conversations: (id, half, tables, text, [(question, expected, computed), ...])
C = [
    ("l-conv-1", "held", F1, X1, [
        ("What did we pay for childcare in January 2024?", N(520), -HB["Childcare"]["Jan 2024"]),
        ("And in June?", N(260), -HB["Childcare"]["Jun 2024"]),
        ("So how much lower was the June bill?", N(260), HB["Childcare"]["Jun 2024"] - HB["Childcare"]["Jan 2024"]),
        ("What percentage drop is that?", N(50.0, "percent"), -pct(-HB["Childcare"]["Jun 2024"], -HB["Childcare"]["Jan 2024"])),
        ("And the total childcare bill for all six months?", N(2860), -hb_sum("Childcare")),
    ]),
    ("l-conv-2", "tune", F2, X2, [
        ("How much oilseed rape did the farm harvest in 2022?", N(112), FARM["Oilseed rape"]["2022"]),
        ("And in 2023?", N(58), FARM["Oilseed rape"]["2023"]),
        ("How much did it fall?", N(54), FARM["Oilseed rape"]["2022"] - FARM["Oilseed rape"]["2023"]),
        ("What is that as a percentage of the 2022 crop?", N(48.21, "percent"),
         share(FARM["Oilseed rape"]["2022"] - FARM["Oilseed rape"]["2023"], FARM["Oilseed rape"]["2022"])),
        ("What are they planning to grow instead of it?", T("spring oats"), None),
    ]),
    ("l-conv-3", "held", F3, X3, [
        ("What was membership revenue in Q4 2023?", N(108600), GYM["Q4 2023"]["Membership revenue ($)"]),
        ("And in Q1 2024?", N(120360), GYM["Q1 2024"]["Membership revenue ($)"]),
        ("How big was the increase?", N(11760),
         GYM["Q1 2024"]["Membership revenue ($)"] - GYM["Q4 2023"]["Membership revenue ($)"]),
        ("In percentage terms?", N(10.83, "percent"),
         pct(GYM["Q1 2024"]["Membership revenue ($)"], GYM["Q4 2023"]["Membership revenue ($)"])),
        ("What share of that quarter's total revenue came from memberships?", N(84.61, "percent"),
         share(GYM["Q1 2024"]["Membership revenue ($)"], GYM["Q1 2024"]["Total revenue ($)"])),
    ]),
    ("l-conv-4", "tune", F4i, X4, [
        ("What were Northlight's total expenses in H1 2024?", N(7980), INC["Total expenses"]["H1 2024"]),
        ("And in H2 2024?", N(10900), INC["Total expenses"]["H2 2024"]),
        ("How much did they rise?", N(2920), INC["Total expenses"]["H2 2024"] - INC["Total expenses"]["H1 2024"]),
        ("What about subcontractors alone?", N(2650), INC["Subcontractors"]["H2 2024"] - INC["Subcontractors"]["H1 2024"]),
        ("What share of the H2 2024 expenses were subcontractors?", N(61.93, "percent"),
         share(INC["Subcontractors"]["H2 2024"], INC["Total expenses"]["H2 2024"])),
    ]),
    ("l-conv-5", "held", F5, X5, [
        ("How many Geography entries were there?", N(68), SCH["Geography"]["Entries"]),
        ("How many of them got a 4 or above?", N(52), pass4("Geography")),
        ("As a percentage?", N(76.47, "percent"), share(pass4("Geography"), SCH["Geography"]["Entries"])),
        ("And for History?", N(75.68, "percent"), share(pass4("History"), SCH["History"]["Entries"])),
        ("So which of the two did better?", T("Geography"),
         max(["Geography", "History"], key=lambda s: pass4(s) / SCH[s]["Entries"])),
    ]),
    ("l-conv-6", "tune", F6, X6, [
        ("What was gross profit in FY23?", N(737, "thousand"), SHOP["Gross profit"]["FY23"]),
        ("And FY25?", N(862, "thousand"), SHOP["Gross profit"]["FY25"]),
        ("By how much did it grow?", N(125, "thousand"), SHOP["Gross profit"]["FY25"] - SHOP["Gross profit"]["FY23"]),
        ("In percent?", N(16.96, "percent"), pct(SHOP["Gross profit"]["FY25"], SHOP["Gross profit"]["FY23"])),
        ("What was the gross margin that year?", N(40.97, "percent"),
         share(SHOP["Gross profit"]["FY25"], SHOP["Revenue"]["FY25"])),
    ]),
]

# absent periods/rows for the "none" questions must really be absent
ABSENT = {"l-07": ("July", HB_cols, X1), "l-15": ("2020", FARM_cols, X2), "l-23": ("Q3 2024", list(GYMdf.index), X3),
          "l-32": ("2022", INC_cols, X4), "l-39": ("Spanish", list(SCH), X5), "l-48": ("FY22", SHOP_cols, X6)}


def check(qid, exp, computed, text_file, is_conv=False):
    k = exp["kind"]
    if k == "number":
        assert computed is not None, qid
        assert abs(float(computed) - exp["value"]) < 1e-9, (qid, computed, exp["value"])
    elif k == "period":
        assert computed == exp["value"], (qid, computed, exp["value"])
    elif k == "text":
        if computed is not None:
            assert computed == exp["value"], (qid, computed, exp["value"])
        else:
            assert exp["value"].lower() in txt(text_file).lower(), (qid, exp["value"])
    elif k == "none":
        word, labels, tf = ABSENT[qid]
        assert not any(word in str(l) for l in labels), qid
        assert word not in txt(tf), qid
    else:
        raise AssertionError(qid)


halves = {"held": 0, "tune": 0}
with open(P("questions.jsonl"), "w", encoding="utf-8") as f:
    ids = [q[0] for q in Q]
    assert ids == [f"l-{i:02d}" for i in range(1, 49)]
    for qid, half, tables, tf, question, exp, computed, why in Q:
        check(qid, exp, computed, tf)
        halves[half] += 1
        f.write(json.dumps({"id": qid, "half": half, "tables": tables, "text": tf, "question": question,
                            "expected": exp, "why": why}, ensure_ascii=False) + "\n")

with open(P("conversations.jsonl"), "w", encoding="utf-8") as f:
    for cid, half, tables, tf, turns in C:
        assert len(turns) == 5
        for i, (q, exp, computed) in enumerate(turns):
            check(f"{cid}.{i + 1}", exp, computed, tf, True)
        f.write(json.dumps({"id": cid, "half": half, "tables": tables, "text": tf,
                            "turns": [{"question": q, "expected": e} for q, e, _ in turns]},
                           ensure_ascii=False) + "\n")

kinds = {}
for q in Q:
    kinds[q[5]["kind"]] = kinds.get(q[5]["kind"], 0) + 1
print("questions per half:", halves, "kinds:", kinds, "conversations:", len(C))
print("all checks passed")
