"""Write the six R-set tables and their text paragraphs into this folder."""
import csv
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def fmt(v):
    """1,240 style; negatives (expenses) in brackets."""
    if v < 0:
        return f"({-v:,})"
    return f"{v:,}"


def write_text(name, text):
    with open(p(name), "w") as f:
        f.write(text.strip() + "\n")


# ---------------------------------------------------------------- 1. machine shop, quarterly CSV (held)
q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
shop = {
    "Revenue": [1240, 1385, 1410, 1525],
    "Cost of materials": [-372, -408, -431, -452],
    "Direct labour": [-298, -322, -330, -349],
}
shop["Gross profit"] = [sum(x) for x in zip(*shop.values())]
shop["Overheads"] = [-210, -214, -225, -231]
shop["Operating profit"] = [g + o for g, o in zip(shop["Gross profit"], shop["Overheads"])]
hours = [6200, 6850, 6900, 7300]
with open(p("harwick_machine_2024.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["Harwick Machine Works (USD thousands)"] + q + ["FY 2024"])
    for k, vals in shop.items():
        w.writerow([k] + [fmt(v) for v in vals] + [fmt(sum(vals))])
    w.writerow(["Machine hours worked (hours)"] + [fmt(v) for v in hours] + [fmt(sum(hours))])
write_text("harwick_machine_2024.txt", """
Harwick Machine Works is a contract machining shop in Dayton, Ohio, owned by Teresa Okafor.
The jump in revenue in the second quarter came mainly from a new aerospace bracket contract with Lindqvist Aero.
In August 2024 the shop installed a second five-axis CNC mill, which is why overheads were higher from the third quarter.
The shop employed twenty-two machinists at the end of the year.
Management plans to add a night shift in the first quarter of 2025.
""")

# ---------------------------------------------------------------- 2. solar farm, monthly Markdown (tune)
months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
solar = [
    ("Net generation (MWh)", [3120, 3680, 4950, 5610, 6240, 6480]),
    ("Curtailed energy (MWh)", [40, 55, 120, 210, 260, 180]),
    ("Peak output (MW)", [38.2, 41.5, 44.8, 46.1, 47.3, 47.9]),
    ("Plant availability (%)", [99.1, 98.7, 99.4, 97.2, 99.0, 99.5]),
    ("Energy sales revenue (USD thousand)", [156, 177, 233, 258, 281, 285]),
]
with open(p("mesa_verde_solar_h1_2024.md"), "w") as f:
    f.write("## Mesa Verde Solar Farm - monthly operating data\n\n")
    f.write("| Metric | " + " | ".join(months) + " |\n")
    f.write("|---|" + "---:|" * len(months) + "\n")
    for name, vals in solar:
        f.write(f"| {name} | " + " | ".join(f"{v:,}" for v in vals) + " |\n")
write_text("mesa_verde_solar_h1_2024.txt", """
Mesa Verde Solar Farm is a 50 MW photovoltaic plant near Tucson, Arizona, operated by Sunhollow Energy.
Availability dipped in April because two central inverters were replaced after a fault on 9 April.
Curtailment rose in spring when the grid operator limited exports during midday hours.
The farm sells its output under a fixed-price contract with Pima Valley Electric that runs until 2036.
A battery storage system of twenty megawatt-hours is planned for 2025.
""")

# ---------------------------------------------------------------- 3. trucking fleet, pandas export, periods as rows (held)
fleet = pd.DataFrame(
    {
        "Revenue ($000)": [4820, 5110, 5260, 4970, 5030, 5480],
        "Fuel cost ($000)": [1450, 1520, 1610, 1480, 1390, 1505],
        "Loaded miles (000)": [1905, 2010, 2060, 1950, 1980, 2140],
        "Loads delivered": [3420, 3610, 3700, 3510, 3560, 3830],
        "Trucks in service": [84, 86, 88, 88, 87, 90],
    },
    index=["1Q23", "2Q23", "3Q23", "4Q23", "1Q24", "2Q24"],
)
fleet.to_csv(p("redline_freight_quarterly.csv"))
write_text("redline_freight_quarterly.txt", """
Redline Freight Lines runs a dry-van trucking fleet out of Joplin, Missouri.
Fuel costs fell in early 2024 after the company signed a fuel card agreement with Plains Petroleum in January 2024.
The fleet manager, Dale Brennan, retired three older tractors in the first quarter of 2024.
Revenue in the fourth quarter of 2023 was hit by a two-week ice storm.
The company plans to add six electric day-cab tractors by the end of 2024.
""")

# ---------------------------------------------------------------- 4. university department budget, 2-sheet xlsx (tune)
fy = ["FY2022", "FY2023", "FY2024"]
income = [
    ("Tuition fee allocation", [2150, 2240, 2310]),
    ("Research grants", [1480, 1620, 1870]),
    ("Consultancy", [210, 185, 240]),
    ("Endowment income", [95, 102, 110]),
]
spend = [
    ("Academic staff", [2020, 2110, 2240]),
    ("Professional services staff", [610, 640, 665]),
    ("Equipment", [420, 515, 470]),
    ("Fieldwork", [260, 275, 310]),
    ("Other operating costs", [380, 395, 410]),
]
wb = openpyxl.Workbook()
for i, (title, rows, total) in enumerate(
    [("Income", income, "Total income"), ("Expenditure", spend, "Total expenditure")]
):
    ws = wb.active if i == 0 else wb.create_sheet()
    ws.title = title
    ws.append(["£ thousands"] + fy)
    for name, vals in rows:
        ws.append([name] + vals)
    ws.append([total] + [sum(c) for c in zip(*[v for _, v in rows])])
wb.save(p("calderbrook_earth_sciences_budget.xlsx"))
write_text("calderbrook_earth_sciences_budget.txt", """
The Department of Earth Sciences at Calderbrook University reports on fiscal years ending 31 July.
Equipment spending peaked in FY2023 because the department bought a new mass spectrometer.
Research grant income grew after Professor Anjali Rao won a large NERC award in 2023.
The head of department is Professor Martin Hale.
For FY2025 the department plans to hold fieldwork spending at roughly three hundred thousand pounds.
""")

# ---------------------------------------------------------------- 5. school exam results, Markdown with Total row (held)
exams = [
    ("English Language", 182, 150, 190, 161),
    ("Mathematics", 182, 141, 190, 152),
    ("Biology", 64, 58, 70, 63),
    ("Chemistry", 60, 52, 66, 57),
    ("History", 85, 66, 78, 63),
    ("French", 41, 30, 38, 31),
]
tot = ("Total",) + tuple(sum(r[i] for r in exams) for i in range(1, 5))
with open(p("ashgrove_gcse_results.md"), "w") as f:
    f.write("Ashgrove High School - GCSE results by subject\n\n")
    f.write("| Subject | Entries 2023 | Grade 4 or above 2023 | Entries 2024 | Grade 4 or above 2024 |\n")
    f.write("|:--|--:|--:|--:|--:|\n")
    for r in exams + [tot]:
        f.write("| " + " | ".join(str(x) for x in r) + " |\n")
write_text("ashgrove_gcse_results.txt", """
Ashgrove High School is a state secondary school in Leeds with about 1,100 pupils.
The headteacher, Mrs Claire Whitby, credits the rise in maths results to a Saturday revision club started in October 2023.
French entries fell because the school could not recruit a second French teacher.
Results were given to students on 22 August 2024.
Next year the school plans to offer Computer Science at GCSE for the first time.
""")

# ---------------------------------------------------------------- 6. dental practice, half-year xlsx with negatives (tune)
halves = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
fees = [612400, 648900, 671300, 702800]
ins = [288600, 301200, 315700, 322500]
rev = [a + b for a, b in zip(fees, ins)]
costs = [
    ("Dentist and hygienist wages", [-402300, -415800, -431000, -446200]),
    ("Lab fees", [-71500, -76200, -80900, -83100]),
    ("Dental supplies", [-58200, -61400, -63800, -66700]),
    ("Rent", [-48000, -48000, -51000, -51000]),
]
op = [r + sum(c[1][i] for c in costs) for i, r in enumerate(rev)]
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "P&L"
ws.append(["Brightwater Dental Care (USD)"] + halves)
ws.append(["Patient fees"] + fees)
ws.append(["Insurance reimbursements"] + ins)
ws.append(["Total revenue"] + rev)
for name, vals in costs:
    ws.append([name] + vals)
ws.append(["Operating profit"] + op)
ws.append(["Patient visits"] + [4210, 4390, 4520, 4680])
for row in ws.iter_rows(min_row=2, min_col=2):
    for c in row:
        c.number_format = "#,##0;-#,##0"
wb.save(p("brightwater_dental_halfyear.xlsx"))
write_text("brightwater_dental_halfyear.txt", """
Brightwater Dental Care is a four-chair dental practice in Portland, Oregon, led by Dr. Samuel Ortiz.
Rent went up from January 2024 when the practice renewed its lease for five years.
A third hygienist, Priya Nandakumar, joined in March 2024.
The practice expects to add a fifth chair in spring 2025.
Insurance reimbursements come mainly from Delta Cascade, with payment usually arriving about forty-five days after treatment.
""")

if __name__ == "__main__":
    print("written")
