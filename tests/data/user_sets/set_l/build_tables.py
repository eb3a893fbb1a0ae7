"""Write the six tables and their text files for set "l"."""
import os
import pandas as pd
from openpyxl import Workbook

OUT = os.path.dirname(os.path.abspath(__file__))


def w(name, text):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write(text)


# ---------------------------------------------------------------- 1. household budget (Markdown, months as columns, expenses negative)
months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
budget = [
    ("Net salary", [4200, 4200, 4200, 4350, 4350, 4350]),
    ("Freelance income", [300, 0, 450, 200, 0, 600]),
    ("Rent", [-1450] * 6),
    ("Groceries", [-612, -580, -645, -598, -630, -655]),
    ("Utilities", [-238, -251, -196, -170, -142, -128]),
    ("Transport", [-185, -190, -210, -205, -220, -480]),
    ("Childcare", [-520, -520, -520, -520, -520, -260]),
]
net = [sum(r[1][i] for r in budget) for i in range(6)]
budget.append(("Net saved", net))
lines = ["# Okafor household budget, January to June 2024 (EUR)", "",
         "Income is positive, spending is negative.", "",
         "| Category | " + " | ".join(months) + " |",
         "|---|" + "---:|" * len(months)]
for name, vals in budget:
    lines.append(f"| {name} | " + " | ".join(f"{v:,}" for v in vals) + " |")
w("household_budget_2024.md", "\n".join(lines) + "\n")
w("household_budget_2024.txt",
  "The Okafors keep this budget in a shared spreadsheet that Adaeze and Chidi update on the first Sunday of each month. "
  "Adaeze's salary rose in April after her promotion to senior pharmacist. "
  "The big transport figure in June was a clutch replacement on the family Golf, paid on 14 June. "
  "Childcare halved in June because the nursery closed for two weeks for refurbishment. "
  "The plan is to put the savings toward a house deposit of about thirty thousand euros by the end of 2026.\n")

# ---------------------------------------------------------------- 2. farm harvest (CSV, non-financial, Total row)
crops = {
    "Winter wheat": [412, 438, 365, 451],
    "Spring barley": [186, 201, 224, 198],
    "Oilseed rape": [74, 112, 58, 95],
    "Potatoes": [640, 585, 702, 668],
    "Field beans": [52, 61, 80, 73],
}
years = ["2021", "2022", "2023", "2024"]
rows = [[c] + v for c, v in crops.items()]
rows.append(["Total"] + [sum(v[i] for v in crops.values()) for i in range(4)])
pd.DataFrame(rows, columns=["Crop (tonnes)"] + years).to_csv(os.path.join(OUT, "brackenridge_harvest.csv"), index=False)
w("brackenridge_harvest.txt",
  "Brackenridge Farm is run by Tom and Ellen Harker near Malton in North Yorkshire. "
  "The 2023 oilseed rape crop was badly hit by cabbage stem flea beetle, and the wheat suffered from a wet September. "
  "The potatoes are grown under contract for a crisp maker in Leeds. "
  "In 2025 the Harkers plan to drop oilseed rape and sow about forty hectares of spring oats instead. "
  "All figures are weighed on the farm weighbridge after drying.\n")

# ---------------------------------------------------------------- 3. gym quarterly (pandas to_csv, periods as rows)
quarters = ["Q1 2023", "Q2 2023", "Q3 2023", "Q4 2023", "Q1 2024", "Q2 2024"]
new = [142, 88, 73, 65, 168, 95]
canc = [61, 74, 90, 58, 70, 81]
start = 820  # members at end of Q4 2022
end = []
m = start
for n, c in zip(new, canc):
    m = m + n - c
    end.append(m)
memb_rev = [104520, 108900, 107760, 108600, 120360, 124080]
pt_rev = [18450, 19200, 16800, 17350, 21900, 23150]
gym = pd.DataFrame({
    "New members": new,
    "Cancellations": canc,
    "Members at quarter end": end,
    "Membership revenue ($)": memb_rev,
    "Personal training revenue ($)": pt_rev,
    "Total revenue ($)": [a + b for a, b in zip(memb_rev, pt_rev)],
}, index=quarters)
gym.to_csv(os.path.join(OUT, "ironside_gym_quarterly.csv"))
w("ironside_gym_quarterly.txt",
  "Ironside Gym is a single-site gym in Dayton, Ohio, owned by Marcus Bell. "
  "Sign-ups jump every first quarter because of the New Year promotion, which in 2024 also waived the joining fee. "
  "The monthly membership price rose from $39 to $42 on 1 January 2024. "
  "Cancellations were high in Q3 2023 because the air conditioning failed for most of July. "
  "Marcus hopes to pass twelve hundred members by the end of 2025 and plans to open a spin studio next door in October 2024.\n")

# ---------------------------------------------------------------- 4. freelance designer workbook (xlsx, two sheets)
halves = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
income = [
    ("Fees invoiced", [28400, 33150, 36900, 41250]),
    ("Software subscriptions", [1260, 1260, 1380, 1380]),
    ("Subcontractors", [3200, 5400, 4100, 6750]),
    ("Equipment", [850, 2300, 620, 1150]),
    ("Travel", [640, 410, 980, 720]),
    ("Home office", [900, 900, 900, 900]),
]
exp_names = [n for n, _ in income[1:]]
tot_exp = [sum(v[i] for _, v in income[1:]) for i in range(4)]
profit = [income[0][1][i] - tot_exp[i] for i in range(4)]
wb = Workbook()
ws = wb.active
ws.title = "Income"
ws.append(["Northlight Studio - income and expenses by half-year (GBP)"])
ws.append([])
ws.append(["Line"] + halves)
for n, v in income:
    ws.append([n] + v)
ws.append(["Total expenses"] + tot_exp)
ws.append(["Profit before tax"] + profit)
ws2 = wb.create_sheet("Invoices 2024")
ws2.append(["Client", "Invoices issued", "Amount invoiced (GBP)"])
clients = [
    ("Harbour Coffee Co.", 6, 14200),
    ("Fenwick & Lowe Solicitors", 4, 11800),
    ("Greenbay Festival", 3, 19650),
    ("Atlas Cycles", 5, 16400),
    ("Marlow Books", 8, 9500),
    ("Small jobs (various)", 9, 6600),
]
for c in clients:
    ws2.append(list(c))
ws2.append(["Total", sum(c[1] for c in clients), sum(c[2] for c in clients)])
wb.save(os.path.join(OUT, "northlight_studio.xlsx"))
w("northlight_studio.txt",
  "Priya Raman runs Northlight Studio, a one-person branding and illustration practice in Bristol. "
  "The jump in equipment spending in H2 2023 was a new Mac Studio and a colour-calibrated monitor. "
  "Greenbay Festival became her largest client in 2024 after she designed its whole visual identity. "
  "Harbour Coffee Co. paid two invoices late, the longest by sixty-three days. "
  "She plans to raise her day rate to 450 pounds from April 2025.\n")

# ---------------------------------------------------------------- 5. school exam results (Markdown, non-financial)
subjects = [
    ("Mathematics", 41, 96, 40, 5),
    ("English Language", 38, 104, 36, 4),
    ("Combined Science", 22, 83, 41, 4),
    ("History", 21, 35, 16, 2),
    ("Geography", 15, 37, 14, 2),
    ("French", 12, 17, 9, 1),
    ("Art and Design", 14, 25, 6, 0),
]
lines = ["Hollin Bank Academy - Year 11 GCSE results, summer 2024 (number of students)", "",
         "| Subject | Entries | Grades 7-9 | Grades 4-6 | Grades 1-3 | U |",
         "|---|---:|---:|---:|---:|---:|"]
for s, a, b, c, d in subjects:
    lines.append(f"| {s} | {a + b + c + d} | {a} | {b} | {c} | {d} |")
w("hollin_bank_gcse_2024.md", "\n".join(lines) + "\n")
w("hollin_bank_gcse_2024.txt",
  "Hollin Bank Academy had 182 students in Year 11 in 2024, and every one of them sat Mathematics and English Language. "
  "Results were published to students on 22 August 2024. "
  "The head of maths, Mrs Deborah Quayle, credited the improvement to Saturday revision sessions run from January. "
  "Grade 4 counts as a standard pass and grade 7 or above as a high grade. "
  "Next year the school will offer Computer Science for the first time, with about thirty students expected to take it.\n")

# ---------------------------------------------------------------- 6. shop fiscal-year statement (CSV, brackets, GBP thousands)
fy = ["FY23", "FY24", "FY25"]
rev = [1842, 1976, 2104]
cogs = [1105, 1177, 1242]
staff = [362, 389, 428]
rent = [118, 121, 126]
other = [96, 104, 117]
gp = [r - c for r, c in zip(rev, cogs)]
op = [g - s - r - o for g, s, r, o in zip(gp, staff, rent, other)]


def fmt(v, neg=False):
    s = f"{v:,}"
    return f"({s})" if neg else s


shop_rows = [
    ["Revenue"] + [fmt(v) for v in rev],
    ["Cost of goods sold"] + [fmt(v, True) for v in cogs],
    ["Gross profit"] + [fmt(v) for v in gp],
    ["Staff costs"] + [fmt(v, True) for v in staff],
    ["Rent and rates"] + [fmt(v, True) for v in rent],
    ["Other operating costs"] + [fmt(v, True) for v in other],
    ["Operating profit"] + [fmt(v) for v in op],
]
pd.DataFrame(shop_rows, columns=["Pennant Hardware Ltd, years ended 31 March (GBP 000)"] + fy).to_csv(
    os.path.join(OUT, "pennant_hardware_fy.csv"), index=False)
w("pennant_hardware_fy.txt",
  "Pennant Hardware is a family-run hardware and garden shop in Aberystwyth, managed by Gwen Pennant. "
  "Its fiscal year runs from 1 April to 31 March, so FY25 ended on 31 March 2025. "
  "Staff costs rose in FY25 because of the National Living Wage increase and a new part-time buyer. "
  "Closing stock at the end of FY25 was valued at roughly three hundred thousand pounds. "
  "The shop plans to open an online store in autumn 2025.\n")

print("written")
