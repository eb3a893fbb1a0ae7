"""Build the tables and text files of user question set F."""
import csv
import os

import openpyxl
import pandas as pd
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def path(name):
    return os.path.join(HERE, name)


def write_text(name, text):
    with open(path(name), "w", encoding="utf-8") as f:
        f.write(text.strip() + "\n")


def fmt(n):
    return f"{n:,}" if n >= 0 else f"-{-n:,}"


# 1. Tandem Bicycle Works - quarterly statement, fiscal quarter labels, AUD '000, expenses negative
quarters = ["Q1 FY24", "Q2 FY24", "Q3 FY24", "Q4 FY24"]
tandem = [
    ("Revenue", [2410, 3125, 1980, 2655]),
    ("Cost of goods sold", [-1350, -1690, -1150, -1470]),
    ("Gross profit", [1060, 1435, 830, 1185]),
    ("Wages", [-520, -560, -505, -530]),
    ("Rent", [-120, -120, -125, -125]),
    ("Marketing", [-95, -210, -60, -110]),
    ("Other expenses", [-85, -90, -80, -95]),
    ("Operating profit", [240, 455, 60, 325]),
    ("Interest expense", [-30, -28, -27, -25]),
    ("Profit before tax", [210, 427, 33, 300]),
    ("Income tax", [-63, -128, -10, -90]),
    ("Net profit", [147, 299, 23, 210]),
]
with open(path("tandem_quarterly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["AUD '000"] + quarters)
    for label, vals in tandem:
        w.writerow([label] + [fmt(v) for v in vals])
write_text("tandem_quarterly.txt", """
Tandem Bicycle Works Pty Ltd sells and services e-bikes from two stores in Melbourne. Our financial
year runs from 1 July to 30 June, so Q1 FY24 is July-September 2023 and Q4 FY24 is April-June 2024.
Figures are management accounts and have not been audited. Q2 FY24 was lifted by our "Ride Home"
Christmas campaign. Revenue dipped in Q3 FY24 because a container of frames was held at the port of
Melbourne for five weeks in February 2024 over a customs classification dispute. Rent went up after
the Brunswick store lease was renewed on 1 January 2024. The accounts are prepared by our CFO,
Priya Raman.
""")

# 2. Pinecrest Coworking - monthly operating table, months as rows, Markdown
pinecrest = [
    ("January 2024", 212, 145, 380, 71.5, 58400, 49900),
    ("February 2024", 219, 160, 402, 73.0, 60150, 50300),
    ("March 2024", 231, 188, 455, 76.2, 63900, 51100),
    ("April 2024", 236, 171, 430, 77.8, 64750, 51800),
    ("May 2024", 244, 203, 468, 80.1, 67300, 52400),
    ("June 2024", 241, 226, 410, 79.4, 66800, 58900),
    ("July 2024", 228, 252, 350, 74.9, 63200, 52700),
    ("August 2024", 225, 240, 335, 73.6, 62450, 52600),
]
lines = [
    "# Pinecrest Coworking - monthly operating figures (revenue and costs in CAD)",
    "",
    "| Month | Members (end of month) | Day passes sold | Meeting room hours booked | Desk occupancy % | Revenue (CAD) | Operating costs (CAD) |",
    "|---|---:|---:|---:|---:|---:|---:|",
]
for m, mem, dp, hrs, occ, rev, cost in pinecrest:
    lines.append(f"| {m} | {mem} | {dp} | {hrs} | {occ:.1f} | {rev:,} | {cost:,} |")
with open(path("pinecrest_monthly.md"), "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
write_text("pinecrest_monthly.txt", """
Pinecrest Coworking runs a single 3-floor space on Main Street in Mount Pleasant, Vancouver. We
opened the third floor in March 2024, which added 20 desks. June's operating costs include a one-off
CAD 6,200 replacement of the rooftop HVAC unit, done by Coastline Mechanical. Membership usually
drops in July and August when students leave for the summer, while day passes go up with visitors.
The figures are kept by our community manager, Dana Whitfield.
""")

# 3. Brennan Logistics - pandas df.to_csv export (unnamed index), snake_case columns
fleet = pd.DataFrame({
    "vehicle_id": ["VAN-101", "VAN-102", "VAN-103", "VAN-104", "VAN-105", "VAN-106", "VAN-107", "VAN-108"],
    "model": ["Ford Transit", "Ford Transit", "Renault Master", "Renault Master",
              "Mercedes Sprinter", "Mercedes Sprinter", "Ford Transit", "Iveco Daily"],
    "depot": ["Dublin North", "Dublin North", "Dublin South", "Dublin South", "Cork", "Cork", "Galway", "Galway"],
    "km_driven": [48200, 51600, 39900, 44300, 57800, 28700, 45100, 36400],
    "fuel_litres": [4580, 4830, 4020, 4390, 5610, 2950, 4160, 3940],
    "fuel_cost_eur": [7420, 7830, 6510, 7110, 9090, 4780, 6740, 6380],
    "service_days": [3, 2, 5, 1, 4, 12, 2, 3],
})
fleet.to_csv(path("brennan_fleet_2024.csv"))
write_text("brennan_fleet_2024.txt", """
Brennan Logistics delivers parcels across Ireland with a fleet of eight diesel vans. This file was
exported from our fleet tool by operations analyst Ciaran Doyle on 14 January 2025 and covers
calendar year 2024. Fuel is bought with Circle K fuel cards. VAN-106 was off the road for 12 service
days after a gearbox failure in August 2024. The two Cork vans are due to be replaced by electric
vans in spring 2025.
""")

# 4. Hollowell Cider Co - multi-sheet workbook (P&L, Cash flow, KPIs), EUR thousands
pnl = [
    ("Sales", 4820, 5430),
    ("Excise duty", 610, 700),
    ("Net sales", 4210, 4730),
    ("Cost of goods sold", 1980, 2170),
    ("Gross profit", 2230, 2560),
    ("Staff costs", 910, 1020),
    ("Distribution", 340, 385),
    ("Marketing", 260, 310),
    ("Admin & other", 180, 195),
    ("EBITDA", 540, 650),
    ("Depreciation", 120, 145),
    ("Operating profit (EBIT)", 420, 505),
    ("Interest", 35, 50),
    ("Profit before tax", 385, 455),
    ("Tax", 96, 114),
    ("Net profit", 289, 341),
]
cash = [
    ("Net profit", 289, 341),
    ("Add back depreciation", 120, 145),
    ("Change in working capital", -65, -110),
    ("Cash from operations", 344, 376),
    ("Capital expenditure", -410, -620),
    ("Free cash flow", -66, -244),
    ("New bank loan", 300, 500),
    ("Dividends paid", -80, -90),
    ("Net change in cash", 154, 166),
    ("Opening cash", 210, 364),
    ("Closing cash", 364, 530),
]
kpis = [
    ("Litres sold ('000)", 1150, 1260),
    ("Stockists (shops & bars)", 212, 247),
    ("Employees (FTE)", 18, 21),
]
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "P&L"
ws.append(["Hollowell Cider Co - profit and loss (EUR '000)"])
ws.append([])
ws.append(["", "FY2023", "FY2024"])
bold = {"Net sales", "Gross profit", "EBITDA", "Operating profit (EBIT)", "Profit before tax", "Net profit"}
for label, a, b in pnl:
    ws.append([label, a, b])
    if label in bold:
        ws.cell(ws.max_row, 1).font = Font(bold=True)
ws2 = wb.create_sheet("Cash flow")
ws2.append(["Hollowell Cider Co - cash flow (EUR '000, outflows negative)"])
ws2.append([])
ws2.append(["", "FY2023", "FY2024"])
for row in cash:
    ws2.append(list(row))
ws3 = wb.create_sheet("KPIs")
ws3.append(["Hollowell Cider Co - key figures"])
ws3.append([])
ws3.append(["", "FY2023", "FY2024"])
for row in kpis:
    ws3.append(list(row))
for s in (ws, ws2, ws3):
    s.column_dimensions["A"].width = 30
wb.save(path("hollowell_cider.xlsx"))
write_text("hollowell_cider.txt", """
Hollowell Cider Co makes sparkling cider and calvados-cask cider in the Pays d'Auge, Normandy. The
financial year is the calendar year. The large capital expenditure in FY2024 was for a new pressing
hall, which opened in September 2024 and was financed with a EUR 500k loan from Credit Agricole.
Excise duty rose because the duty rate on cider went up in January 2024. The company is run by its
founder and managing director, Margaux Lefevre.
""")

# 5. Ashcombe Museum - visitors by gallery, Markdown, years as columns, bold Total row
museum = [
    ("Ancient Worlds", 41250, 44980, 47310),
    ("Natural History", 58400, 61720, 59870),
    ("Textiles & Fashion", 18900, 23450, 31600),
    ("Maritime", 27300, 26150, 24890),
    ("Children's Discovery Zone", 35600, 39200, 42750),
    ("Temporary Exhibitions", 22100, 15400, 38900),
]
tot = [sum(r[i] for r in museum) for i in (1, 2, 3)]
lines = [
    "Ashcombe Museum - visitors by gallery (ticket-gate counts)",
    "",
    "| Gallery | 2022 | 2023 | 2024 |",
    "|:--|--:|--:|--:|",
]
for g, a, b, c in museum:
    lines.append(f"| {g} | {a:,} | {b:,} | {c:,} |")
lines.append(f"| **Total** | **{tot[0]:,}** | **{tot[1]:,}** | **{tot[2]:,}** |")
with open(path("ashcombe_visitors.md"), "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
write_text("ashcombe_visitors.txt", """
The Ashcombe Museum is a city museum in Bath; visitors are counted at the ticket gates of each
gallery. The jump in Temporary Exhibitions visitors in 2024 came from "Clockwork Dreams: Automata
1750-1900", which ran from 3 May to 29 September 2024. The Maritime gallery has been partly closed
since October 2023 for roof repairs and should fully reopen in spring 2025. Textiles & Fashion grew
after free Saturday workshops began in 2023. The museum's director is Dr Helen Okafor.
""")

# 6. Halden Therapeutics trial - results by arm, CSV
trial = [
    ("Placebo", 120, 111, 22, -3.1, 4, 2),
    ("Low dose (10 mg)", 118, 108, 41, -8.4, 5, 3),
    ("Mid dose (20 mg)", 121, 109, 55, -11.9, 6, 5),
    ("High dose (40 mg)", 119, 101, 58, -13.2, 9, 11),
]
with open(path("trial_arms.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Arm", "Randomised", "Completed week 12", "Responders", "Mean change in systolic BP (mmHg)",
                "Serious adverse events", "Withdrawals due to adverse events"])
    for r in trial:
        w.writerow(list(r))
write_text("trial_arms.txt", """
HT-207 is a 12-week, double-blind phase II trial of orvelatan for high blood pressure, sponsored by
Halden Therapeutics and run at 14 sites in Poland and Czechia. A responder is a participant whose
systolic blood pressure fell by at least 10 mmHg at week 12. The last patient visit was on
18 April 2024. Most withdrawals in the high dose arm were due to dizziness. The data monitoring
committee recommended taking the 20 mg dose into phase III. The principal investigator is
Prof. Tomasz Wierzbicki.
""")
print("tables written")
