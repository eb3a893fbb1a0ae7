"""Writes the six tables and their text files for set "p"."""
import csv
import os

import pandas as pd
from openpyxl import Workbook

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(stem, text):
    with open(p(stem + ".txt"), "w") as f:
        f.write(text.strip() + "\n")


# ---------------------------------------------------------------- 1 (held)
# Quarterly statement, quarters as columns, USD thousands, expenses in brackets.
def fmt_money(v):
    s = f"{abs(v):,}"
    return f"({s})" if v < 0 else s


q_cols = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
ferry = [
    ("Passenger fares", [4210, 5380, 7940, 3870]),
    ("Freight and vehicle deck", [2650, 2780, 2910, 2540]),
    ("Total revenue", [6860, 8160, 10850, 6410]),
    ("Fuel", [-1920, -2140, -2610, -1860]),
    ("Crew wages", [-2300, -2450, -2980, -2290]),
    ("Port and harbour fees", [-610, -690, -820, -580]),
    ("Operating profit", [2030, 2880, 4440, 1680]),
]
with open(p("quillon_ferries_2024.csv"), "w", newline="") as f:
    w = csv.writer(f, quoting=csv.QUOTE_MINIMAL)
    w.writerow(["Line item (USD thousands)"] + q_cols)
    for label, vals in ferry:
        w.writerow([label] + [fmt_money(v) for v in vals])
write_text("quillon_ferries_2024", """
Quillon Tidewater Ferries runs three car-ferry crossings across the Solvard Sound, and its chief executive is Ilse Van Roon.
Third-quarter fares were lifted by the Lammas Regatta, which brought extra sailings and full decks through August.
Fourth-quarter fuel and crew costs were lower partly because the MV Corran Dawn spent six weeks in dry dock in November.
Over the year the company carried roughly one point two million passengers.
The board has ordered a battery-electric ferry, with delivery expected in March 2026.
""")

# ---------------------------------------------------------------- 2 (tune)
# Monthly operating data, months as columns, Markdown.
months = ["Mar 2025", "Apr 2025", "May 2025", "Jun 2025", "Jul 2025", "Aug 2025"]
apiary = [
    ("Active hives", [42, 44, 47, 51, 51, 49]),
    ("Honey extracted (kg)", [0, 120, 560, 940, 1180, 610]),
    ("Jars sold", [310, 280, 420, 760, 1050, 990]),
    ("Sales revenue (USD)", [2945, 2660, 3990, 7220, 10500, 9900]),
]
lines = ["| Metric | " + " | ".join(months) + " |",
         "|---|" + "---:|" * len(months)]
for label, vals in apiary:
    lines.append(f"| {label} | " + " | ".join(f"{v:,}" for v in vals) + " |")
with open(p("brambleshaw_apiary_2025.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
write_text("brambleshaw_apiary_2025", """
The Brambleshaw Apiary Co-operative keeps its hives on the Hollinsedge moors, and its head beekeeper is Morwenna Tighe.
Nothing was extracted in March because the colonies were still building up after the winter.
On 1 July the jar price went up from nine dollars fifty to ten dollars.
In August two weak colonies were merged into stronger neighbours following queen failures.
The co-op plans to move forty hives onto the heather in September for a late heather-honey crop.
""")

# ---------------------------------------------------------------- 3 (held)
# pandas export with periods as ROWS (unnamed index column), EUR millions.
idx = pd.PeriodIndex(["2023Q1", "2023Q2", "2023Q3", "2023Q4", "2024Q1", "2024Q2"], freq="Q")
geo = pd.DataFrame({
    "generation_gwh": [182.4, 176.0, 141.2, 188.9, 191.5, 185.3],
    "revenue_eur_m": [21.9, 19.4, 15.6, 23.8, 24.5, 22.1],
    "opex_eur_m": [8.7, 8.9, 9.4, 9.1, 9.0, 9.3],
    "ebitda_eur_m": [13.2, 10.5, 6.2, 14.7, 15.5, 12.8],
    "availability_pct": [97.1, 95.8, 81.3, 98.2, 98.6, 97.4],
}, index=idx)
geo.to_csv(p("vintermoss_geothermal_quarterly.csv"))
write_text("vintermoss_geothermal_quarterly", """
Vintermoss Geothermal operates the Hvalmor power station, which has an installed capacity of ninety megawatts.
Output fell in the third quarter of 2023 because of a workover of production well VM-4, which was shut in from July to September.
The plant manager is Brynja Thorvaldsen.
A third turbine unit is due to be commissioned in 2026.
""")

# ---------------------------------------------------------------- 4 (tune)
# Two-sheet workbook: income statement and balance sheet, GBP thousands.
fy = ["FY2023", "FY2024"]
income = [
    ("Revenue", [12480, 14150]),
    ("Cost of sales", [-7610, -8320]),
    ("Gross profit", [4870, 5830]),
    ("Selling and distribution", [-1240, -1390]),
    ("Administrative expenses", [-1580, -1710]),
    ("Operating profit", [2050, 2730]),
    ("Tax", [-510, -680]),
    ("Profit for the year", [1540, 2050]),
]
balance = [
    ("Property, plant and equipment", [6920, 7480]),
    ("Inventories", [1850, 2110]),
    ("Trade receivables", [1430, 1620]),
    ("Cash", [980, 1350]),
    ("Total assets", [11180, 12560]),
    ("Trade payables", [1830, 2160]),
    ("Borrowings", [3200, 2800]),
    ("Total equity", [6150, 7600]),
]
wb = Workbook()
ws = wb.active
ws.title = "Income Statement"
ws.append(["GBP thousands"] + fy)
for label, vals in income:
    ws.append([label] + vals)
ws2 = wb.create_sheet("Balance Sheet")
ws2.append(["GBP thousands, at 31 March"] + fy)
for label, vals in balance:
    ws2.append([label] + vals)
for sheet in (ws, ws2):
    sheet.column_dimensions["A"].width = 32
    for row in sheet.iter_rows(min_row=2, min_col=2):
        for c in row:
            c.number_format = "#,##0;(#,##0)"
wb.save(p("orrefell_glassworks_accounts.xlsx"))
write_text("orrefell_glassworks_accounts", """
Orrefell Glassworks Ltd makes hand-blown and architectural glass at its works in Wearmouth, and its financial year ends on 31 March.
Revenue grew in FY2024 mainly thanks to the contract to reglaze the Haldane Library restoration.
The managing director is Tobias Achterberg.
A new annealing lehr was installed in the autumn of 2023, and part of the bank loan was repaid during FY2024.
The company paid a dividend of six hundred thousand pounds in FY2024.
""")

# ---------------------------------------------------------------- 5 (held)
# Non-financial: orchard harvest by variety, with a Total row, Markdown.
orchard = [
    ("Kingston Black", 420, [38.5, 41.2, 29.8]),
    ("Dabinett", 610, [55.1, 60.4, 47.3]),
    ("Yarlington Mill", 350, [30.2, 28.7, 25.6]),
    ("Ellis Bitter", 280, [22.4, 24.9, 19.1]),
    ("Foxwhelp", 190, [14.8, 16.3, 12.2]),
    ("Total", 1850, [161.0, 171.5, 134.0]),
]
lines = ["| Variety | Trees | 2022 harvest (t) | 2023 harvest (t) | 2024 harvest (t) |",
         "|---|---:|---:|---:|---:|"]
for name, trees, vals in orchard:
    cells = [f"{trees:,}"] + [f"{v:.1f}" for v in vals]
    if name == "Total":
        lines.append("| **Total** | " + " | ".join(f"**{c}**" for c in cells) + " |")
    else:
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
with open(p("quenby_ridge_orchard_harvest.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
write_text("quenby_ridge_orchard_harvest", """
Quenby Ridge is a cider-apple orchard managed by Perpetua Glanville, and all of its fruit is sold to Thornbury Mill.
The 2024 crop was poor across every variety after a late frost on 28 April caught the trees in full blossom.
Apples fetched about one hundred and eighty pounds a tonne in 2024.
Three hundred more Dabinett trees are to be planted in the winter of 2025.
""")

# ---------------------------------------------------------------- 6 (tune)
# Half-year statement, EUR thousands, expenses as negatives, CSV.
h_cols = ["Six months ended 30 June 2023", "Six months ended 31 December 2023",
          "Six months ended 30 June 2024", "Six months ended 31 December 2024"]
vet = [
    ("Consultation fees", [1240, 1310, 1395, 1460]),
    ("Surgery and procedures", [860, 905, 980, 1020]),
    ("Pharmacy sales", [410, 445, 470, 505]),
    ("Total revenue", [2510, 2660, 2845, 2985]),
    ("Staff costs", [-1180, -1230, -1320, -1370]),
    ("Drugs and consumables", [-520, -560, -590, -615]),
    ("Premises", [-240, -240, -255, -255]),
    ("Operating profit", [570, 630, 680, 745]),
]
with open(p("gallowglass_vets_halfyear.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["EUR thousands"] + h_cols)
    for label, vals in vet:
        w.writerow([label] + vals)
write_text("gallowglass_vets_halfyear", """
Gallowglass Veterinary Partners runs four small-animal clinics in the west of Ireland under clinical director Dr Aoife Kerrigan-Moss.
Surgery income rose in 2024 after the practice hired an orthopaedic surgeon in January of that year.
Premises costs stepped up in 2024 following a rent review at the Ennistymon clinic.
The group employs about forty-five staff.
It plans to open an equine unit in the spring of 2026.
""")

if __name__ == "__main__":
    print("written")
