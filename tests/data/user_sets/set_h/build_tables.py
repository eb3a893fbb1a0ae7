"""Writes the six tables of set H and their text paragraphs."""
import os
import pandas as pd
from openpyxl import Workbook

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write(name, text):
    with open(p(name), "w", encoding="utf-8") as f:
        f.write(text.strip() + "\n")


# 1. pandas export, quarters as rows (thousands of USD) -------------------------
quarters = ["2023-Q1", "2023-Q2", "2023-Q3", "2023-Q4", "2024-Q1", "2024-Q2", "2024-Q3", "2024-Q4"]
revenue = [412, 388, 455, 731, 468, 430, 502, 818]
cogs = [173, 165, 190, 300, 192, 178, 206, 331]
opex = [198, 192, 210, 286, 215, 208, 224, 301]
gp = [r - c for r, c in zip(revenue, cogs)]
oi = [g - o for g, o in zip(gp, opex)]
df1 = pd.DataFrame({
    "revenue_usd_k": revenue,
    "cogs_usd_k": cogs,
    "gross_profit_usd_k": gp,
    "opex_usd_k": opex,
    "operating_income_usd_k": oi,
    "orders": [9850, 9120, 10640, 16980, 10920, 9980, 11650, 18430],
    "wholesale_accounts": [46, 49, 53, 58, 61, 63, 68, 74],
}, index=quarters)
df1.to_csv(p("candle_quarterly.csv"))
write("candle_quarterly.txt", """
Tallow & Pine Candle Co. is a small hand-poured candle maker in Asheville, North Carolina,
founded and run by Marisol Reyes. The export above comes from our bookkeeping notebook;
money columns are in thousands of US dollars (usd_k), orders counts every web and wholesale
order shipped in the quarter, and wholesale_accounts is the number of active shop accounts
at quarter end. The fourth quarter is always our biggest because of holiday gift buying.
In April 2024 we switched our soy wax supplier to Greenfield Waxworks, which lowered our
cost of goods slightly, and in September 2024 we opened a second pouring studio in
Weaverville to keep up with wholesale demand.
""")

# 2. monthly sales CSV, months as columns + total column (US dollars) ----------
months = ["Jul 2024", "Aug 2024", "Sep 2024", "Oct 2024", "Nov 2024", "Dec 2024"]
lines = {
    "Bread": [8420, 8150, 8730, 9010, 9240, 10860],
    "Pastries": [6310, 6090, 6540, 6880, 7020, 8950],
    "Cakes": [3150, 2980, 3320, 3610, 4470, 7240],
    "Coffee & drinks": [5480, 5210, 5660, 5930, 6050, 6420],
    "Catering": [2200, 1850, 3900, 2750, 5600, 6300],
}
rows = []
for k, v in lines.items():
    rows.append([k] + v + [sum(v)])
tot = [sum(v[i] for v in lines.values()) for i in range(6)]
rows.append(["Total"] + tot + [sum(tot)])
df2 = pd.DataFrame(rows, columns=["Product line"] + months + ["Total"])
df2.to_csv(p("bakery_sales.csv"), index=False)
write("bakery_sales.txt", """
Millstone Bakery is a two-shop bakery in Portland, Maine, owned by Henrik and Ada Lund
(shops on Fore Street and Congress Street). The table shows gross sales in US dollars by
product line for the second half of 2024, both shops combined, before card fees.
August was slow because the Fore Street shop closed for a week (12-18 August) for oven
repairs. The jump in catering in September came from a wedding contract with the Saco River
Inn, and December is boosted by holiday cake and bread pre-orders and extended opening hours
from 15 December.
""")

# 3. xlsx, two sheets, EUR thousands, expenses/outflows negative ----------------
wb = Workbook()
ws = wb.active
ws.title = "P&L"
ws.append(["EUR thousands", "FY2023", "FY2024"])
pl = [
    ("Revenue", 4820, 5360),
    ("Cost of sales", -2890, -3160),
    ("Gross profit", None, None),
    ("Salaries", -820, -905),
    ("Rent", -240, -252),
    ("Marketing", -185, -230),
    ("Depreciation", -110, -125),
    ("Other operating expenses", -145, -158),
    ("Operating profit", None, None),
    ("Interest expense", -38, -31),
    ("Profit before tax", None, None),
    ("Income tax", -98, -125),
    ("Net profit", None, None),
]
vals = {}
for name, a, b in pl:
    if name == "Gross profit":
        a, b = [vals["Revenue"][i] + vals["Cost of sales"][i] for i in range(2)]
    elif name == "Operating profit":
        a, b = [vals["Gross profit"][i] + sum(vals[k][i] for k in ["Salaries", "Rent", "Marketing", "Depreciation", "Other operating expenses"]) for i in range(2)]
    elif name == "Profit before tax":
        a, b = [vals["Operating profit"][i] + vals["Interest expense"][i] for i in range(2)]
    elif name == "Net profit":
        a, b = [vals["Profit before tax"][i] + vals["Income tax"][i] for i in range(2)]
    vals[name] = (a, b)
    ws.append([name, a, b])
ws2 = wb.create_sheet("Cash flow")
ws2.append(["EUR thousands", "FY2023", "FY2024"])
cf = {}
def add(name, a, b):
    cf[name] = (a, b)
    ws2.append([name, a, b])
add("Net profit", *vals["Net profit"])
add("Depreciation", 110, 125)
add("Change in working capital", -62, -88)
add("Net cash from operating activities", *[cf["Net profit"][i] + cf["Depreciation"][i] + cf["Change in working capital"][i] for i in range(2)])
add("Purchase of equipment", -150, -420)
add("Net cash used in investing activities", *cf["Purchase of equipment"])
add("New bank loan", 0, 250)
add("Loan repayments", -120, -120)
add("Dividends paid", -60, -80)
add("Net cash from financing activities", *[cf["New bank loan"][i] + cf["Loan repayments"][i] + cf["Dividends paid"][i] for i in range(2)])
add("Net change in cash", *[cf["Net cash from operating activities"][i] + cf["Net cash used in investing activities"][i] + cf["Net cash from financing activities"][i] for i in range(2)])
add("Cash at beginning of year", 518, 530)
add("Cash at end of year", *[cf["Cash at beginning of year"][i] + cf["Net change in cash"][i] for i in range(2)])
wb.save(p("ridgeback_fy.xlsx"))
write("ridgeback_fy.txt", """
Ridgeback Bicycle Works GmbH builds custom steel touring frames in Freiburg im Breisgau,
Germany; the managing director is Lena Hoffmann. Our fiscal year runs from 1 July to 30 June,
so FY2024 ended on 30 June 2024. Figures are in thousands of euros; costs and cash outflows
are shown as negative numbers. Most of the FY2024 equipment spend (EUR 380 thousand) was a
CNC tube-mitering machine, paid for partly with a EUR 250 thousand loan from Sparkasse
Freiburg. The higher marketing spend in FY2024 was for our first stand at the Eurobike trade
fair in Frankfurt.
""")

# 4. Markdown, years as columns, public library loans ---------------------------
years = ["2020", "2021", "2022", "2023", "2024"]
loans = {
    "Adult fiction": [61240, 74880, 82310, 85120, 86950],
    "Adult non-fiction": [28410, 33020, 35760, 36180, 35440],
    "Children's books": [44920, 58300, 69140, 72650, 75810],
    "E-books": [39800, 41250, 43900, 48720, 53360],
    "Digital audiobooks": [12300, 14870, 17950, 21430, 25980],
    "DVDs & Blu-ray": [9150, 11620, 10480, 8730, 6910],
}
md = ["| Loans by category | " + " | ".join(years) + " |",
      "|---|" + "---:|" * len(years)]
for k, v in loans.items():
    md.append(f"| {k} | " + " | ".join(f"{x:,}" for x in v) + " |")
t = [sum(v[i] for v in loans.values()) for i in range(len(years))]
md.append("| **Total loans** | " + " | ".join(f"**{x:,}**" for x in t) + " |")
write("library_loans.md", "\n".join(md))
write("library_loans.txt", """
Eastfield Public Library is run by Eastfield County Council and has three branches: Central,
Millbrook and Harrow Road. The table counts loans (checkouts, including renewals) per calendar
year across all branches; e-books and digital audiobooks are borrowed through the library's
Libby account. The 2020 figures are low because all branches were closed from March to June
2020 during the COVID-19 lockdown. The Harrow Road branch reopened in September 2022 after a
year-long renovation, and the library stopped buying new DVDs in 2022. The library director
is Priya Natarajan.
""")

# 5. Markdown, "six months ended" statement, NZD thousands ----------------------
cols = ["Six months ended 31 Dec 2023", "Six months ended 30 Jun 2024", "Six months ended 31 Dec 2024"]
rev = {"Patient fees": [3140, 3380, 3620], "Insurance and ACC subsidies": [610, 655, 702]}
exp = {"Clinical staff costs": [1720, 1830, 1945], "Dental consumables": [405, 436, 470],
       "Premises": [310, 318, 352], "Administration": [290, 301, 322]}
visits = [18450, 19310, 20280]
trev = [sum(v[i] for v in rev.values()) for i in range(3)]
texp = [sum(v[i] for v in exp.values()) for i in range(3)]
op = [trev[i] - texp[i] for i in range(3)]
fmt = lambda x: f"{x:,}"
neg = lambda x: f"({x:,})"
md = ["| NZD thousands | " + " | ".join(cols) + " |", "|---|---:|---:|---:|"]
for k, v in rev.items():
    md.append(f"| {k} | " + " | ".join(fmt(x) for x in v) + " |")
md.append("| **Total revenue** | " + " | ".join(f"**{fmt(x)}**" for x in trev) + " |")
for k, v in exp.items():
    md.append(f"| {k} | " + " | ".join(neg(x) for x in v) + " |")
md.append("| **Total operating expenses** | " + " | ".join(f"**{neg(x)}**" for x in texp) + " |")
md.append("| **Operating profit** | " + " | ".join(f"**{fmt(x)}**" for x in op) + " |")
md.append("| Patient visits (number) | " + " | ".join(fmt(x) for x in visits) + " |")
write("copperleaf_halfyear.md", "\n".join(md))
write("copperleaf_halfyear.txt", """
Copperleaf Dental Group runs four dental practices in the Wellington region of New Zealand
(Thorndon, Petone, Lower Hutt and Porirua); the clinical director is Dr Aroha Ngata. We report
on a calendar-year basis, so the six months ended 30 June are our first half (H1) and the six
months ended 31 December our second half (H2). Amounts are in thousands of New Zealand dollars,
with expenses in brackets; patient visits are a plain count. A fifth dental chair was added at
the Petone practice in August 2024. Premises costs rose in the second half of 2024 because of a
new, larger lease for the Lower Hutt practice starting on 1 October 2024.
""")

# 6. CSV, non-financial comparison, product models as rows ---------------------
df6 = pd.DataFrame([
    ["Commuter C1", 418, 70, 21.5, 50, 1240, 31, 4.3],
    ["Commuter C2", 500, 90, 22.8, 60, 980, 22, 4.5],
    ["Trail T5", 625, 105, 24.9, 85, 610, 27, 4.6],
    ["Cargo K3", 750, 80, 34.2, 85, 295, 19, 4.1],
    ["Folding F1", 360, 55, 18.7, 40, 820, 41, 3.9],
], columns=["Model", "Battery (Wh)", "Range (km)", "Weight (kg)", "Motor torque (Nm)",
            "Units sold 2024", "Warranty claims 2024", "Customer rating (1-5)"])
df6.to_csv(p("ebike_models.csv"), index=False)
write("ebike_models.txt", """
Kinetic Trail Cycles is an e-bike brand based in Boulder, Colorado. This is our product
manager's comparison sheet for the 2024 line-up. Range is the rated range on the eco assist
level, units sold and warranty claims cover calendar 2024, and the customer rating is the
average score from our own post-purchase survey. After repeated complaints about the folding
hinge, the Folding F1 will be replaced by the Folding F2 in spring 2025. The Cargo K3 is only
sold through our partner dealers, not online.
""")

print("tables written")
