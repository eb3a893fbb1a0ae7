"""Writes the six tables and their text files for set Q into this folder."""
import csv
import os

import pandas as pd
from openpyxl import Workbook
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def fmt(v):
    """1234 -> '1,234'; -1234 -> '(1,234)'."""
    s = f"{abs(v):,}"
    return f"({s})" if v < 0 else s


def write_text(stem, text):
    with open(p(stem + ".txt"), "w") as f:
        f.write(text.strip() + "\n")


# ---------------------------------------------------------------- 1. water utility (held)
# Quarterly statement, quarters as columns, USD thousands, expenses in brackets, CSV.
Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
water = {
    "Water sales revenue": [8420, 9150, 11380, 9010],
    "Connection fees": [310, 345, 402, 288],
}
water["Total operating revenue"] = [a + b for a, b in zip(*water.values())]
exp = {
    "Treatment and pumping": [-3120, -3340, -4050, -3280],
    "Pipe maintenance": [-1450, -1610, -1720, -1530],
    "Salaries and administration": [-2010, -2030, -2060, -2090],
}
water.update(exp)
water["Operating surplus"] = [
    water["Total operating revenue"][i] + sum(v[i] for v in exp.values()) for i in range(4)
]
with open(p("northvale_water_quarterly_2024.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["USD thousands"] + Q)
    for k, vals in water.items():
        w.writerow([k] + [fmt(v) for v in vals])
write_text("northvale_water_quarterly_2024", """
Northvale Regional Water Authority - unaudited quarterly operating statement for 2024. Figures are in thousands of US dollars and amounts in brackets are expenses.
Revenue peaked in Q3 because of an unusually dry summer that pushed up garden irrigation demand.
In Q4 the authority began replacing the Millbrook trunk main, a project budgeted at four and a half million dollars over three years.
The statement was signed off by chief financial officer Dana Okafor on 14 February 2025.
A tariff increase of 3.5% takes effect on 1 April 2025.
""")

# ---------------------------------------------------------------- 2. family hotel (tune)
# Monthly operating data, months as columns, plain USD, Markdown.
M = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
days = [31, 29, 31, 30, 31, 30]
sold = [496, 510, 620, 672, 794, 864]
adr = [110, 112, 118, 125, 138, 152]
hotel = {
    "Room-nights available": [32 * d for d in days],
    "Room-nights sold": sold,
    "Room revenue (USD)": [s * a for s, a in zip(sold, adr)],
    "Food & beverage revenue (USD)": [12400, 13050, 16800, 18900, 24300, 29750],
}
hotel["Total revenue (USD)"] = [a + b for a, b in zip(hotel["Room revenue (USD)"],
                                                      hotel["Food & beverage revenue (USD)"])]
lines = ["| Metric | " + " | ".join(M) + " |", "|---|" + "---:|" * len(M)]
for k, vals in hotel.items():
    lines.append(f"| {k} | " + " | ".join(f"{v:,}" for v in vals) + " |")
with open(p("seagrass_hotel_monthly.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
write_text("seagrass_hotel_monthly", """
Seagrass Family Hotel is a 32-room seaside hotel in Port Alder that has been run by the Vega family since 1998.
General manager Marisol Vega compiled these monthly figures; all amounts are in US dollars.
The terrace restaurant reopened on 1 March 2024 after a winter refit, which lifted food and beverage sales.
June bookings were boosted by the town's annual kite festival.
The family plans to add four garden suites before the 2025 summer season.
""")

# ---------------------------------------------------------------- 3. veterinary clinic (held)
# pandas export, periods as ROWS (unnamed index), plain counts and USD.
vet = pd.DataFrame(
    {
        "consultations": [1840, 1975, 2010, 1890, 1920, 2105],
        "vaccinations": [620, 710, 655, 590, 640, 760],
        "surgeries": [95, 102, 110, 98, 104, 118],
        "new_clients": [142, 168, 155, 131, 150, 181],
        "revenue_usd": [286400, 305900, 318700, 297300, 309800, 338600],
        "drug_costs_usd": [61200, 64800, 67900, 63100, 65400, 71200],
    },
    index=["1Q23", "2Q23", "3Q23", "4Q23", "1Q24", "2Q24"],
)
vet.to_csv(p("hollybrook_vet_quarterly.csv"))
write_text("hollybrook_vet_quarterly", """
Hollybrook Veterinary Clinic exports these quarterly figures from its practice management software; revenue and drug costs are in US dollars.
Clinical director Dr. Priya Raman attributes the rise in surgeries in 2024 to a second operating table installed in January 2024.
Vaccinations peak in the spring quarter because of the clinic's annual puppy and kitten clinics.
The clinic plans to hire a third full-time veterinarian in September 2024.
About one in five new clients is referred by the Hollybrook animal shelter.
""")

# ---------------------------------------------------------------- 4. brewery workbook (tune)
# Two-sheet xlsx, fiscal years as columns, USD thousands, expenses as negatives.
FY = ["FY2022", "FY2023", "FY2024"]
inc = {
    "Beer sales": [1820, 2140, 2485],
    "Taproom food & merchandise": [260, 310, 355],
}
inc["Total revenue"] = [a + b for a, b in zip(*inc.values())]
inc["Cost of goods sold"] = [-1010, -1170, -1330]
inc["Gross profit"] = [a + b for a, b in zip(inc["Total revenue"], inc["Cost of goods sold"])]
opex = {
    "Wages": [-540, -610, -680],
    "Marketing": [-95, -120, -150],
    "Rent and utilities": [-210, -225, -240],
}
inc.update(opex)
inc["Operating profit"] = [inc["Gross profit"][i] + sum(v[i] for v in opex.values()) for i in range(3)]

bs = {
    "Cash": [145, 190, 260],
    "Inventory": [120, 135, 150],
    "Trade receivables": [60, 70, 85],
    "Brewing equipment (net)": [880, 840, 960],
}
bs["Total assets"] = [sum(v[i] for v in bs.values()) for i in range(3)]
bs["Bank loan"] = [520, 460, 540]
bs["Trade payables"] = [90, 100, 115]
bs["Owners' equity"] = [bs["Total assets"][i] - bs["Bank loan"][i] - bs["Trade payables"][i] for i in range(3)]
bs["Total liabilities and equity"] = [bs["Bank loan"][i] + bs["Trade payables"][i] + bs["Owners' equity"][i]
                                      for i in range(3)]

wb = Workbook()
for sheet, title, data in [
    ("Income Statement", "Copperkettle Brewing Co. - Income statement (USD thousands)", inc),
    ("Balance Sheet", "Copperkettle Brewing Co. - Balance sheet at 30 June (USD thousands)", bs),
]:
    ws = wb.active if sheet == "Income Statement" else wb.create_sheet()
    ws.title = sheet
    ws.append([title])
    ws["A1"].font = Font(bold=True)
    ws.append([])
    ws.append(["Line item"] + FY)
    for k, vals in data.items():
        ws.append([k] + vals)
    for row in ws.iter_rows(min_row=4, min_col=2):
        for c in row:
            c.number_format = "#,##0"
    ws.column_dimensions["A"].width = 32
wb.save(p("copperkettle_brewery_fy.xlsx"))
write_text("copperkettle_brewery_fy", """
Copperkettle Brewing Co. is a small craft brewery in Ashford whose fiscal year ends on 30 June; amounts are in thousands of US dollars and expenses are shown as negatives.
Head brewer Tomasz Nowak launched a seasonal hazy IPA in FY2023 that quickly became the best-selling beer.
The bank loan rose in FY2024 because the brewery financed a new canning line costing about two hundred thousand dollars.
The owners plan to open a second taproom in Millford in spring 2025.
""")

# ---------------------------------------------------------------- 5. sports league (held)
# Non-financial standings table with a Total row, Markdown.
teams = [
    ("Harbor Hawks", 7, 2, 1, 24, 9),
    ("Millside Rovers", 6, 2, 2, 21, 12),
    ("Eastgate United", 5, 1, 4, 18, 15),
    ("Oakfield Athletic", 3, 3, 4, 13, 16),
    ("Pinecrest FC", 2, 2, 6, 11, 20),
    ("Bridgeport Wanderers", 1, 2, 7, 8, 23),
]
rows = [[t, w + d + l, w, d, l, gf, ga, 3 * w + d] for t, w, d, l, gf, ga in teams]
rows.append(["Total"] + [sum(r[i] for r in rows) for i in range(1, 8)])
hdr = ["Team", "Played", "Won", "Drawn", "Lost", "Goals for", "Goals against", "Points"]
lines = ["| " + " | ".join(hdr) + " |", "|:---|" + "---:|" * 7]
for r in rows:
    lines.append("| " + " | ".join(str(x) for x in r) + " |")
with open(p("riverside_league_2024_standings.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
write_text("riverside_league_2024_standings", """
The Riverside Community Soccer League is run by volunteers and plays its matches at Kellerman Park; these are the final standings of the 2024 season.
Each team played the others twice, and a win earns three points and a draw one point.
The Harbor Hawks clinched the 2024 title on 19 October with a home win over Millside Rovers.
The league's top scorer was Amara Lindqvist of Eastgate United with eleven goals.
The 2025 season will add a seventh team, the Northside Foxes.
""")

# ---------------------------------------------------------------- 6. city library (tune)
# Half-year statement (long period headers) with a full-year Total column, xlsx, USD thousands,
# expenditure stored as negatives and displayed in brackets.
H = [
    "Six months ended 30 June 2023",
    "Six months ended 31 December 2023",
    "Six months ended 30 June 2024",
    "Six months ended 31 December 2024",
]
lib_inc = {
    "City council grant": [1150, 1150, 1210, 1210],
    "Fines and fees": [42, 38, 35, 31],
    "Room hire and events": [58, 71, 66, 84],
}
lib = dict(lib_inc)
lib["Total income"] = [sum(v[i] for v in lib_inc.values()) for i in range(4)]
lib_exp = {
    "Staff costs": [-720, -735, -760, -775],
    "New books and media": [-210, -195, -230, -205],
    "Digital subscriptions": [-85, -88, -96, -99],
    "Building and utilities": [-160, -190, -170, -200],
}
lib.update(lib_exp)
lib["Total expenditure"] = [sum(v[i] for v in lib_exp.values()) for i in range(4)]
lib["Net surplus"] = [lib["Total income"][i] + lib["Total expenditure"][i] for i in range(4)]

wb = Workbook()
ws = wb.active
ws.title = "Statement"
ws.append(["USD thousands"] + H + ["Year ended 31 December 2024"])
for k, vals in lib.items():
    ws.append([k] + vals + [vals[2] + vals[3]])
for row in ws.iter_rows(min_row=2, min_col=2):
    for c in row:
        c.number_format = "#,##0;(#,##0)"
ws.column_dimensions["A"].width = 26
wb.save(p("linden_library_halfyear.xlsx"))
write_text("linden_library_halfyear", """
Linden City Public Library is funded mainly by a grant from the city council; figures are in thousands of US dollars and amounts in brackets are expenditure.
Income from fines keeps falling because the library began phasing out overdue fines on children's books in 2023.
Building and utilities costs are higher in the second half of each year because of winter heating.
Library director Helen Achebe plans to open a branch in the Westmoor district in 2026, backed by a state grant of one point two million dollars.
""")

print("tables written")
