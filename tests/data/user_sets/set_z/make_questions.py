"""Reads the six tables back, recomputes every expected number, checks text answers
and the tables' own arithmetic, and writes questions.jsonl and conversations.jsonl (set "z")."""
import json
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "z"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """'1,240' -> 1240.0, '(310)' -> -310.0, '-528' -> -528.0, '–' -> None."""
    if s is None:
        return None
    if isinstance(s, (int, float)):
        return float(s)
    s = str(s).strip().replace(",", "").replace("£", "").replace("$", "")
    if s in ("", "–", "-", "—", "nan"):
        return None
    neg = s.startswith("(") and s.endswith(")")
    if neg:
        s = s[1:-1]
    v = float(s)
    return -v if neg else v


# ------------------------------------------------------------------ loaders -> {row: {col: value}}
def load_csv(name):
    df = pd.read_csv(p(name), index_col=0, dtype=str)
    return {str(r): {str(c): num(df.loc[r, c]) for c in df.columns} for r in df.index}


def load_md(name):
    lines = [l.strip() for l in open(p(name), encoding="utf-8") if l.strip().startswith("|")]
    cells = [[c.strip() for c in l.strip("|").split("|")] for l in lines]
    header = cells[0]
    body = [r for r in cells[1:] if not set("".join(r)) <= set("-:")]
    return {r[0]: {h: num(v) for h, v in zip(header[1:], r[1:])} for r in body}


def load_xlsx(name, sheet):
    ws = openpyxl.load_workbook(p(name), data_only=True)[sheet]
    rows = list(ws.iter_rows(values_only=True))
    header = [str(h) for h in rows[0]]
    return {str(r[0]): {h: num(v) for h, v in zip(header[1:], r[1:])} for r in rows[1:]}


T = {
    "charity": load_csv("charity_accounts.csv"),
    "dental": load_md("dental_clinic.md"),
    "saas": load_csv("saas_metrics.csv"),  # rows are periods, columns metrics
    "harvest": load_xlsx("farm_harvest.xlsx", "Harvest"),
    "accounts": load_xlsx("farm_harvest.xlsx", "Accounts"),
    "bike": load_md("bike_share.md"),
    "resto": load_csv("restaurant_pl.csv"),
}
TXT = {k: open(p(k + ".txt"), encoding="utf-8").read() for k in
       ["charity_accounts", "dental_clinic", "saas_metrics", "farm_harvest", "bike_share", "restaurant_pl"]}


def g(t, row, col):
    v = T[t][row][col]
    assert v is not None, (t, row, col)
    return v


# ------------------------------------------------------------------ internal arithmetic of the tables
def close(a, b):
    return abs(a - b) < 1e-6


c = T["charity"]
for y in ["2021/22", "2022/23", "2023/24"]:
    assert close(c["Donations"][y] + c["Grants"][y] + c["Charity shop sales"][y], c["Total income"][y])
    assert close(c["Food purchasing"][y] + c["Staff and premises"][y], c["Total expenditure"][y])
    assert close(c["Total income"][y] + c["Total expenditure"][y], c["Net surplus"][y])

s = T["saas"]
qs = list(s.keys())
for a, b in zip(qs, qs[1:]):
    assert close(s[a]["customers"] + s[b]["new_customers"] - s[b]["churned_customers"], s[b]["customers"])

h = T["harvest"]
for y in ["2021", "2022", "2023", "2024"]:
    assert close(sum(h[r][y] for r in h if r != "Total"), h["Total"][y])
a = T["accounts"]
for hh in ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]:
    assert close(sum(a[r][hh] for r in a if r != "Operating profit"), a["Operating profit"][hh])

bk = T["bike"]
weeks = ["Wk 14", "Wk 15", "Wk 16", "Wk 17", "Wk 18"]
for w in weeks:
    assert close(bk["Member trips"][w] + bk["Casual trips"][w], bk["Total trips"][w])
for r in ["Member trips", "Casual trips", "Total trips"]:
    assert close(sum(bk[r][w] for w in weeks), bk[r]["Total"])

rs = T["resto"]
for y in ["FY22", "FY23", "FY24"]:
    assert close(rs["Food sales"][y] + rs["Beverage sales"][y], rs["Total revenue"][y])
    assert close(rs["Total revenue"][y] + rs["Cost of food and drink"][y] + rs["Staff costs"][y]
                 + rs["Rent and utilities"][y], rs["Operating profit"][y])

# dental has no totals; check a sanity relation: hygiene appointments are part of visits
d = T["dental"]
for m in ["Jan-24", "Feb-24", "Mar-24", "Apr-24", "May-24", "Jun-24"]:
    assert d["Hygiene appointments"][m] < d["Patient visits"][m]


# ------------------------------------------------------------------ helpers for expected values
def N(value, scale, calc):
    """number expected: hand value, scale, and a function recomputing it from the tables."""
    return {"kind": "number", "value": value, "scale": scale, "_calc": calc}


def TX(value, stem):
    return {"kind": "text", "value": value, "_stem": stem}


def PER(value, calc):
    return {"kind": "period", "value": value, "_calc": calc}


def NONE(table, label):
    """none expected; `label` must be absent from the table's rows and columns."""
    return {"kind": "none", "_absent": (table, label)}


def pct(new, old):
    return (new - old) / old * 100


def argmax_label(t, row=None, col=None, cols=None, rows=None):
    if row is not None:
        return max(cols, key=lambda k: T[t][row][k])
    return max(rows, key=lambda k: T[t][k][col])


def check(exp, where):
    kind = exp["kind"]
    if kind == "number":
        got = exp["_calc"]()
        assert round(got, 2) == round(exp["value"], 2), (where, got, exp["value"])
    elif kind == "text":
        assert exp["value"].lower() in TXT[exp["_stem"]].lower(), (where, exp["value"])
    elif kind == "period":
        assert exp["_calc"]() == exp["value"], (where, exp["_calc"](), exp["value"])
    elif kind == "none":
        t, label = exp["_absent"]
        labels = set(T[t].keys()) | {k for r in T[t].values() for k in r}
        assert label not in labels, (where, label)
    return {k: v for k, v in exp.items() if not k.startswith("_")}


MONTHS = {"Jan-24": "January 2024", "Feb-24": "February 2024", "Mar-24": "March 2024",
          "Apr-24": "April 2024", "May-24": "May 2024", "Jun-24": "June 2024"}
DM = list(MONTHS)


def q_label(pq):  # '2023Q3' -> 'Q3 2023'
    return f"Q{pq[-1]} {pq[:4]}"


# ------------------------------------------------------------------ tables and halves
F = {
    "charity": ("held", [{"file": "charity_accounts.csv", "sheet": None}], "charity_accounts.txt"),
    "dental": ("tune", [{"file": "dental_clinic.md", "sheet": None}], "dental_clinic.txt"),
    "saas": ("held", [{"file": "saas_metrics.csv", "sheet": None}], "saas_metrics.txt"),
    "farm_h": ("tune", [{"file": "farm_harvest.xlsx", "sheet": "Harvest"}], "farm_harvest.txt"),
    "farm_a": ("tune", [{"file": "farm_harvest.xlsx", "sheet": "Accounts"}], "farm_harvest.txt"),
    "farm_ha": ("tune", [{"file": "farm_harvest.xlsx", "sheet": "Harvest"},
                         {"file": "farm_harvest.xlsx", "sheet": "Accounts"}], "farm_harvest.txt"),
    "bike": ("held", [{"file": "bike_share.md", "sheet": None}], "bike_share.txt"),
    "resto": ("tune", [{"file": "restaurant_pl.csv", "sheet": None}], "restaurant_pl.txt"),
}

# ------------------------------------------------------------------ single questions
Q = [
    # 1 charity (held)
    ("charity", "How much did the food trust spend on buying food in 2022/23?",
     N(385, "thousand", lambda: -g("charity", "Food purchasing", "2022/23")),
     "Food purchasing 2022/23 shown as (385) in GBP thousand; asked how much was spent, so the positive amount."),
    ("charity", "By what percentage did total income grow between 2021/22 and 2023/24?",
     N(17.46, "percent", lambda: pct(g("charity", "Total income", "2023/24"), g("charity", "Total income", "2021/22"))),
     "(942 - 802) / 802 * 100 = 17.46"),
    ("charity", "why were grants lower in 2023/24?",
     TX("the council's Household Support Fund grant was cut back", "charity_accounts"),
     "Reason stated in the text only."),
    ("charity", "What was the trust's net surplus for 2020/21?",
     NONE("charity", "2020/21"),
     "The table starts at 2021/22 and the text gives no 2020/21 figure."),
    # 2 dental (tune)
    ("dental", "how many new patients did Brightsmile register in March 2024",
     N(58, "", lambda: g("dental", "New patients", "Mar-24")),
     "New patients, Mar-24 = 58."),
    ("dental", "Which month brought in the most revenue?",
     PER("May 2024", lambda: MONTHS[argmax_label("dental", row="Revenue (£)", cols=DM)]),
     "Highest Revenue (£) across Jan-24..Jun-24 is May-24 (110,600)."),
    ("dental", "What was the practice's total revenue for January to June 2024?",
     N(613450, "", lambda: sum(g("dental", "Revenue (£)", m) for m in DM)),
     "96,400 + 93,100 + 104,800 + 101,250 + 110,600 + 107,300 = 613,450 (pounds, no scale)."),
    ("dental", "How many patient visits were there in July 2024?",
     NONE("dental", "Jul-24"),
     "Table covers Jan-24 to Jun-24 only."),
    # 3 SaaS (held)
    ("saas", "What was Ledgerly's MRR at the end of Q4 2023?",
     N(78300, "", lambda: g("saas", "2023Q4", "mrr_usd")),
     "Row 2023Q4, mrr_usd = 78,300 (US dollars)."),
    ("saas", "In which quarter did they lose the most customers?",
     PER("Q3 2023", lambda: q_label(argmax_label("saas", col="churned_customers", rows=list(T["saas"])))),
     "Max churned_customers is 14 in 2023Q3."),
    ("saas", "How much did monthly recurring revenue grow from Q2 2023 to Q2 2024, in %?",
     N(57.01, "percent", lambda: pct(g("saas", "2024Q2", "mrr_usd"), g("saas", "2023Q2", "mrr_usd"))),
     "(98,600 - 62,800) / 62,800 * 100 = 57.01"),
    ("saas", "what was MRR in the third quarter of 2024?",
     NONE("saas", "2024Q3"),
     "Last row is 2024Q2."),
    # 4 farm (tune)
    ("farm_h", "How many tonnes of potatoes did Hollow Oak harvest in 2022?",
     N(875, "", lambda: g("harvest", "Potatoes", "2022")),
     "Harvest sheet, Potatoes 2022 = 875 tonnes."),
    ("farm_a", "What was the farm's operating profit in the second half of 2024?",
     N(279, "thousand", lambda: g("accounts", "Operating profit", "H2 2024")),
     "Accounts sheet, Operating profit H2 2024 = 279 (EUR thousand)."),
    ("farm_a", "How much did the farm pay in wages across 2023 as a whole?",
     N(149, "thousand", lambda: -(g("accounts", "Wages", "H1 2023") + g("accounts", "Wages", "H2 2023"))),
     "Wages H1 2023 -61 + H2 2023 -88 = -149; shown as negatives, asked how much was paid, so 149 (EUR thousand)."),
    ("farm_h", "How many tonnes of oats were harvested in 2023?",
     NONE("harvest", "Oats"),
     "No oats row; the text mentions only a plan for field beans."),
    # 5 bike share (held)
    ("bike", "How many trips did casual riders take in week 17?",
     N(3280, "", lambda: g("bike", "Casual trips", "Wk 17")),
     "Casual trips, Wk 17 = 3,280."),
    ("bike", "Over the five weeks, what share of all trips were made by members?",
     N(76.69, "percent", lambda: g("bike", "Member trips", "Total") / g("bike", "Total trips", "Total") * 100),
     "Total column: 44,480 / 58,000 * 100 = 76.69"),
    ("bike", "Why was week 16 quieter than the weeks around it?",
     TX("heavy rain", "bike_share"),
     "Text: heavy rain on four of its seven days."),
    ("bike", "How many trips were taken in week 20?",
     NONE("bike", "Wk 20"),
     "Table covers weeks 14-18 only."),
    # 6 restaurant (tune)
    ("resto", "What were beverage sales at Olive & Thyme in FY23?",
     N(452, "thousand", lambda: g("resto", "Beverage sales", "FY23")),
     "Beverage sales FY23 = 452 (USD thousand)."),
    ("resto", "How much did the bistro spend on rent and utilities in FY24?",
     N(251, "thousand", lambda: -g("resto", "Rent and utilities", "FY24")),
     "Shown as -251 (USD thousand); asked how much was spent, so the positive amount."),
    ("resto", "What was the operating margin in FY22?",
     N(20.97, "percent", lambda: g("resto", "Operating profit", "FY22") / g("resto", "Total revenue", "FY22") * 100),
     "346 / 1,650 * 100 = 20.97"),
    ("resto", "what was total revenue in FY21?",
     NONE("resto", "FY21"),
     "Table covers FY22-FY24 only."),
]

# ------------------------------------------------------------------ conversations
C = [
    # 1 charity (held)
    ("charity", [
        ("How much came in from donations in 2023/24?",
         N(531, "thousand", lambda: g("charity", "Donations", "2023/24"))),
        ("And the year before?",
         N(468, "thousand", lambda: g("charity", "Donations", "2022/23"))),
        ("By how much did it grow?",
         N(63, "thousand", lambda: g("charity", "Donations", "2023/24") - g("charity", "Donations", "2022/23"))),
        ("What share of total income were donations in 2023/24?",
         N(56.37, "percent", lambda: g("charity", "Donations", "2023/24") / g("charity", "Total income", "2023/24") * 100)),
        ("The surplus is going on a van, right? What's that expected to cost?",
         N(45, "thousand", lambda: 45.0)),  # words only; text check below
    ]),
    ("charity", [
        ("What did the charity shops bring in in 2021/22?",
         N(140, "thousand", lambda: g("charity", "Charity shop sales", "2021/22"))),
        ("and in 2023/24?",
         N(171, "thousand", lambda: g("charity", "Charity shop sales", "2023/24"))),
        ("In percentage terms, how much did that rise?",
         N(22.14, "percent", lambda: pct(g("charity", "Charity shop sales", "2023/24"), g("charity", "Charity shop sales", "2021/22")))),
        ("What about shop takings in 2024/25?",
         NONE("charity", "2024/25")),
        ("Who chairs the trust?",
         TX("Margaret Oyelaran", "charity_accounts")),
    ]),
    ("charity", [
        ("What was our surplus in 2022/23?",
         N(91, "thousand", lambda: g("charity", "Net surplus", "2022/23"))),
        ("How about staff and premises costs that year?",
         N(425, "thousand", lambda: -g("charity", "Staff and premises", "2022/23"))),
        ("And food purchasing?",
         N(385, "thousand", lambda: -g("charity", "Food purchasing", "2022/23"))),
        ("combined?",
         N(810, "thousand", lambda: -(g("charity", "Staff and premises", "2022/23") + g("charity", "Food purchasing", "2022/23")))),
        ("What was the surplus as a percentage of income that year?",
         N(10.10, "percent", lambda: g("charity", "Net surplus", "2022/23") / g("charity", "Total income", "2022/23") * 100)),
    ]),
    # 2 dental (tune)
    ("dental", [
        ("How many people didn't turn up for their appointments in February?",
         N(41, "", lambda: g("dental", "Missed appointments", "Feb-24"))),
        ("and in March?",
         N(29, "", lambda: g("dental", "Missed appointments", "Mar-24"))),
        ("How much did that fall by?",
         N(12, "", lambda: g("dental", "Missed appointments", "Feb-24") - g("dental", "Missed appointments", "Mar-24"))),
        ("Why did it drop?",
         TX("text-message reminders", "dental_clinic")),
        ("What was the average number of missed appointments per month from January to June?",
         N(32.67, "", lambda: sum(g("dental", "Missed appointments", m) for m in DM) / 6)),
    ]),
    ("dental", [
        ("What did the practice take in January?",
         N(96400, "", lambda: g("dental", "Revenue (£)", "Jan-24"))),
        ("How many visits was that from?",
         N(812, "", lambda: g("dental", "Patient visits", "Jan-24"))),
        ("So what's the revenue per visit?",
         N(118.72, "", lambda: g("dental", "Revenue (£)", "Jan-24") / g("dental", "Patient visits", "Jan-24"))),
        ("And the same figure for June?",
         N(122.21, "", lambda: g("dental", "Revenue (£)", "Jun-24") / g("dental", "Patient visits", "Jun-24"))),
        ("Which of the two months was higher?",
         PER("June 2024", lambda: MONTHS[max(["Jan-24", "Jun-24"], key=lambda m: g("dental", "Revenue (£)", m) / g("dental", "Patient visits", m))])),
    ]),
    ("dental", [
        ("How many hygienist appointments did we do in April?",
         N(226, "", lambda: g("dental", "Hygiene appointments", "Apr-24"))),
        ("What about May?",
         N(240, "", lambda: g("dental", "Hygiene appointments", "May-24"))),
        ("And over the whole six months?",
         N(1349, "", lambda: sum(g("dental", "Hygiene appointments", m) for m in DM))),
        ("How many orthodontic appointments were there in May?",
         NONE("dental", "Orthodontic appointments")),
        ("When is the practice hoping to bring in another dentist?",
         TX("September 2024", "dental_clinic")),
    ]),
    # 3 SaaS (held)
    ("saas", [
        ("How many paying customers did we have at the end of Q1 2024?",
         N(279, "", lambda: g("saas", "2024Q1", "customers"))),
        ("And a year earlier?",
         N(180, "", lambda: g("saas", "2023Q1", "customers"))),
        ("How many more is that?",
         N(99, "", lambda: g("saas", "2024Q1", "customers") - g("saas", "2023Q1", "customers"))),
        ("What's the MRR per customer in Q1 2024?",
         N(310.75, "", lambda: g("saas", "2024Q1", "mrr_usd") / g("saas", "2024Q1", "customers"))),
        ("Who led the seed round?",
         TX("Northgate Ventures", "saas_metrics")),
    ]),
    ("saas", [
        ("How many new sign-ups were there in Q3 2023?",
         N(29, "", lambda: g("saas", "2023Q3", "new_customers"))),
        ("and how many left?",
         N(14, "", lambda: g("saas", "2023Q3", "churned_customers"))),
        ("Why so many?",
         TX("a price increase took effect in July", "saas_metrics")),
        ("What were net additions in Q4 2023?",
         N(32, "", lambda: g("saas", "2023Q4", "new_customers") - g("saas", "2023Q4", "churned_customers"))),
        ("How many customers did they lose in Q4 2022?",
         NONE("saas", "2022Q4")),
    ]),
    ("saas", [
        ("How big was the team in Q2 2024?",
         N(15, "", lambda: g("saas", "2024Q2", "headcount"))),
        ("What's MRR per head then?",
         N(6573.33, "", lambda: g("saas", "2024Q2", "mrr_usd") / g("saas", "2024Q2", "headcount"))),
        ("And in Q2 2023?",
         N(6280.0, "", lambda: g("saas", "2023Q2", "mrr_usd") / g("saas", "2023Q2", "headcount"))),
        ("How much did MRR per employee change between the two?",
         N(293.33, "", lambda: g("saas", "2024Q2", "mrr_usd") / g("saas", "2024Q2", "headcount")
           - g("saas", "2023Q2", "mrr_usd") / g("saas", "2023Q2", "headcount"))),
        ("How much did they raise in the seed round?",
         N(2000000, "", lambda: 2000000.0)),  # words only; text check below
    ]),
    # 4 farm (tune)
    ("farm_h", [
        ("How much wheat did we get in 2023?",
         N(540, "", lambda: g("harvest", "Winter wheat", "2023"))),
        ("and the year after?",
         N(690, "", lambda: g("harvest", "Winter wheat", "2024"))),
        ("what's that as a percentage increase?",
         N(27.78, "percent", lambda: pct(g("harvest", "Winter wheat", "2024"), g("harvest", "Winter wheat", "2023")))),
        ("Why was 2023 so poor?",
         TX("a very wet spring delayed planting", "farm_harvest")),
        ("What share of the 2024 total harvest was wheat?",
         N(30.94, "percent", lambda: g("harvest", "Winter wheat", "2024") / g("harvest", "Total", "2024") * 100)),
    ]),
    ("farm_a", [
        ("What did crop sales come to in H2 2023?",
         N(402, "thousand", lambda: g("accounts", "Crop sales", "H2 2023"))),
        ("And in H2 2024?",
         N(455, "thousand", lambda: g("accounts", "Crop sales", "H2 2024"))),
        ("How much did they rise?",
         N(53, "thousand", lambda: g("accounts", "Crop sales", "H2 2024") - g("accounts", "Crop sales", "H2 2023"))),
        ("What did fuel and machinery cost in that second half of 2024?",
         N(79, "thousand", lambda: -g("accounts", "Fuel and machinery", "H2 2024"))),
        ("What's that as a share of crop sales?",
         N(17.36, "percent", lambda: -g("accounts", "Fuel and machinery", "H2 2024") / g("accounts", "Crop sales", "H2 2024") * 100)),
    ]),
    ("farm_ha", [
        ("Which year had the biggest total harvest?",
         PER("2024", lambda: max(["2021", "2022", "2023", "2024"], key=lambda y: g("harvest", "Total", y)))),
        ("How many tonnes was that?",
         N(2230, "", lambda: g("harvest", "Total", "2024"))),
        ("And the total in 2021?",
         N(2064, "", lambda: g("harvest", "Total", "2021"))),
        ("What was the average yearly total over the four years?",
         N(2032.0, "", lambda: sum(g("harvest", "Total", y) for y in ["2021", "2022", "2023", "2024"]) / 4)),
        ("What was the operating profit in H1 2022?",
         NONE("accounts", "H1 2022")),
    ]),
    # 5 bike share (held)
    ("bike", [
        ("How many rides were there altogether in week 15?",
         N(11520, "", lambda: g("bike", "Total trips", "Wk 15"))),
        ("And in week 16?",
         N(9320, "", lambda: g("bike", "Total trips", "Wk 16"))),
        ("How much did they fall?",
         N(2200, "", lambda: g("bike", "Total trips", "Wk 15") - g("bike", "Total trips", "Wk 16"))),
        ("Why?",
         TX("heavy rain", "bike_share")),
        ("What was the percentage change from week 16 to week 18?",
         N(46.57, "percent", lambda: pct(g("bike", "Total trips", "Wk 18"), g("bike", "Total trips", "Wk 16")))),
    ]),
    ("bike", [
        ("How long was the average ride in week 14?",
         N(14.2, "", lambda: g("bike", "Average trip (minutes)", "Wk 14"))),
        ("and in week 18?",
         N(16.4, "", lambda: g("bike", "Average trip (minutes)", "Wk 18"))),
        ("What's the average across all five weeks?",
         N(15.06, "", lambda: sum(g("bike", "Average trip (minutes)", w) for w in weeks) / 5)),
        ("How many bikes were in service in week 18?",
         N(655, "", lambda: g("bike", "Bikes in service", "Wk 18"))),
        ("So how many trips per bike that week?",
         N(20.85, "", lambda: g("bike", "Total trips", "Wk 18") / g("bike", "Bikes in service", "Wk 18"))),
    ]),
    ("bike", [
        ("How many trips did members make in week 14?",
         N(8420, "", lambda: g("bike", "Member trips", "Wk 14"))),
        ("What about week 19?",
         NONE("bike", "Wk 19")),
        ("OK, and week 18?",
         N(10120, "", lambda: g("bike", "Member trips", "Wk 18"))),
        ("How much higher is that than the first figure?",
         N(1700, "", lambda: g("bike", "Member trips", "Wk 18") - g("bike", "Member trips", "Wk 14"))),
        ("How many new e-bikes are coming?",
         N(20, "", lambda: 20.0)),  # words only; text check below
    ]),
    # 6 restaurant (tune)
    ("resto", [
        ("How much did the restaurant make from food in FY24?",
         N(1472, "thousand", lambda: g("resto", "Food sales", "FY24"))),
        ("And from drinks?",
         N(498, "thousand", lambda: g("resto", "Beverage sales", "FY24"))),
        ("Combined?",
         N(1970, "thousand", lambda: g("resto", "Food sales", "FY24") + g("resto", "Beverage sales", "FY24"))),
        ("How many covers did they serve that year?",
         N(46300, "", lambda: g("resto", "Covers served", "FY24"))),
        ("So what's the revenue per cover, in dollars?",
         N(42.55, "", lambda: g("resto", "Total revenue", "FY24") * 1000 / g("resto", "Covers served", "FY24"))),
    ]),
    ("resto", [
        ("What did staff cost us in FY23?",
         N(618, "thousand", lambda: -g("resto", "Staff costs", "FY23"))),
        ("And FY24?",
         N(672, "thousand", lambda: -g("resto", "Staff costs", "FY24"))),
        ("Why did it go up?",
         TX("the state minimum wage increase and the hiring of a second sous-chef", "restaurant_pl")),
        ("What was the increase in percent?",
         N(8.74, "percent", lambda: pct(g("resto", "Staff costs", "FY24"), g("resto", "Staff costs", "FY23")))),
        ("What did staff costs come to in FY25?",
         NONE("resto", "FY25")),
    ]),
    ("resto", [
        ("What was our profit in FY23?",
         N(386, "thousand", lambda: g("resto", "Operating profit", "FY23"))),
        ("and in FY22?",
         N(346, "thousand", lambda: g("resto", "Operating profit", "FY22"))),
        ("By how much did it change?",
         N(40, "thousand", lambda: g("resto", "Operating profit", "FY23") - g("resto", "Operating profit", "FY22"))),
        ("What was the cost of food and drink as a share of revenue in FY23?",
         N(32.88, "percent", lambda: -g("resto", "Cost of food and drink", "FY23") / g("resto", "Total revenue", "FY23") * 100)),
        ("Who owns the bistro?",
         TX("Marco Bellini", "restaurant_pl")),
    ]),
]

# figures stated only in words in the text (conversation turns using them)
for stem, phrase in [("charity_accounts", "forty-five thousand pounds"),
                     ("saas_metrics", "two million dollars"),
                     ("bike_share", "Twenty new e-bikes")]:
    assert phrase.lower() in TXT[stem].lower(), (stem, phrase)

# ------------------------------------------------------------------ write
assert len(Q) == 24 and len(C) == 18
with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
    for i, (key, question, exp, why) in enumerate(Q, 1):
        half, tables, text = F[key]
        rec = {"id": f"{SET}-{i:02d}", "half": half, "tables": tables, "text": text,
               "question": question, "expected": check(exp, f"{SET}-{i:02d}"), "why": why}
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")

with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
    for i, (key, turns) in enumerate(C, 1):
        half, tables, text = F[key]
        assert len(turns) == 5
        out = [{"question": q, "expected": check(e, f"{SET}-conv-{i} turn {j}")} for j, (q, e) in enumerate(turns, 1)]
        rec = {"id": f"{SET}-conv-{i}", "half": half, "tables": tables, "text": text, "turns": out}
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")

# per-table: 4 questions, exactly one none
from collections import Counter
per_file = Counter()
none_per_file = Counter()
for key, _, exp, _ in Q:
    fn = F[key][1][0]["file"]
    per_file[fn] += 1
    none_per_file[fn] += exp["kind"] == "none"
assert all(v == 4 for v in per_file.values()) and all(v == 1 for v in none_per_file.values()), (per_file, none_per_file)
halves = Counter(F[k][0] for k, *_ in Q)
chalves = Counter(F[k][0] for k, _ in C)
print("questions:", dict(halves), "conversations:", dict(chalves),
      "turns:", sum(len(t) for _, t in C),
      "none turns:", sum(e["kind"] == "none" for _, t in C for _, e in t))
