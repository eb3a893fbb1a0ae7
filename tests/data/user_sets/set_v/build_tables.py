"""Writes the six tables and six text files of set V into this folder."""
import csv
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(name, text):
    with open(p(name), "w", encoding="utf-8") as f:
        f.write(" ".join(line.strip() for line in text.strip().splitlines()) + "\n")


# ---------------------------------------------------------------- 1. bakery chain, quarterly, CSV, brackets
def fmt_br(v):
    s = f"{abs(v):,}"
    return f"({s})" if v < 0 else s


bakery_rows = [
    ("Bread sales", [1240, 1310, 1285, 1420]),
    ("Cakes & pastries", [860, 905, 990, 1380]),
    ("Coffee & drinks", [410, 455, 470, 495]),
    ("Total revenue", None),
    ("Ingredients", [-905, -960, -1010, -1190]),
    ("Staff costs", [-820, -845, -870, -960]),
    ("Shop rent", [-300, -300, -315, -315]),
    ("Operating profit", None),
]
vals = dict((k, v) for k, v in bakery_rows if v)
vals["Total revenue"] = [sum(x) for x in zip(vals["Bread sales"], vals["Cakes & pastries"], vals["Coffee & drinks"])]
vals["Operating profit"] = [sum(x) for x in zip(vals["Total revenue"], vals["Ingredients"], vals["Staff costs"], vals["Shop rent"])]
with open(p("crumb_crust_quarterly_2024.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["GBP '000", "Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024", "FY 2024"])
    for k, _ in bakery_rows:
        v = vals[k]
        w.writerow([k] + [fmt_br(x) for x in v] + [fmt_br(sum(v))])
write_text("crumb_crust_quarterly_2024.txt", """
Crumb & Crust Bakeries runs fourteen shops across Leeds and York.
The jump in cakes and pastries in the final quarter came from Christmas orders, especially the stollen and mince pie range.
Shop rent went up from July 2024 when the Harrogate Road lease was renewed.
Staff costs for Q4 include a one-off bonus of forty thousand pounds paid to shop teams in December.
Finance director Priya Nandakumar plans to open a new shop in Ripon in spring 2025.
""")

# ---------------------------------------------------------------- 2. hospital ward, monthly, Markdown, months as columns
months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
ward = [
    ("Admissions", [142, 131, 128, 109, 104, 98]),
    ("Discharges", [138, 135, 126, 112, 101, 99]),
    ("Bed occupancy (%)", [97.2, 95.8, 93.1, 88.4, 86.0, 84.7]),
    ("Average length of stay (days)", [6.4, 6.1, 5.9, 5.6, 5.5, 5.3]),
    ("Patient falls", [4, 3, 5, 2, 2, 1]),
    ("Staff sickness (%)", [6.8, 6.2, 5.1, 4.4, 4.0, 3.7]),
    ("Bank & agency shifts", [88, 74, 69, 51, 47, 40]),
]
with open(p("ward_7b_monthly.md"), "w", encoding="utf-8") as f:
    f.write("| Ward 7B | " + " | ".join(months) + " |\n")
    f.write("|---|" + "---:|" * len(months) + "\n")
    for k, v in ward:
        cells = [f"{x:.1f}" if isinstance(x, float) else str(x) for x in v]
        f.write(f"| {k} | " + " | ".join(cells) + " |\n")
write_text("ward_7b_monthly.txt", """
Ward 7B is the twenty-eight bed respiratory ward at St Aldhelm's Hospital.
Admissions peaked in January because of a late winter wave of flu and RSV.
Ward manager Grace Okafor introduced hourly comfort rounds in April, which she credits for the drop in patient falls.
The trust's target for bed occupancy is ninety-two per cent.
Two side rooms will be converted into a non-invasive ventilation bay in September 2024.
""")

# ---------------------------------------------------------------- 3. wind farm, pandas export, periods as rows
wind = pd.DataFrame(
    {
        "generation_mwh": [6120, 6890, 8240, 10460, 9870, 11930],
        "availability_pct": [97.8, 98.1, 96.4, 95.2, 91.7, 97.5],
        "avg_wind_speed_ms": [6.1, 6.5, 7.2, 8.3, 8.0, 9.1],
        "curtailed_mwh": [140, 210, 385, 620, 540, 910],
        "revenue_gbp_k": [496.0, 544.3, 667.4, 889.1, 858.7, 1061.8],
    },
    index=pd.period_range("2024-07", periods=6, freq="M"),
)
wind.to_csv(p("brackenmoor_wind_h2_2024.csv"))
write_text("brackenmoor_wind_h2_2024.txt", """
Brackenmoor Wind Farm has twelve turbines on the moor above Hexham.
Availability dipped in November because of the gearbox replacement on turbine T7, which kept it offline for nine days.
Curtailment happens when the grid operator asks the farm to cut output on windy, low-demand evenings.
Site manager Euan Rennie expects a battery storage unit to be commissioned in March 2025 to soak up curtailed output.
""")

# ---------------------------------------------------------------- 4. charity, two-sheet workbook, negatives
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Income & Expenditure"
ws.append(["Harbourlight Trust - Statement of financial activities (GBP '000)"])
ws.append([])
ws.append(["", "Year to 31 Mar 2024", "Year to 31 Mar 2023"])
ie = [
    ("Donations and legacies", 1842, 1615),
    ("Grants", 960, 1120),
    ("Charity shop trading", 734, 658),
    ("Investment income", 58, 31),
]
for r in ie:
    ws.append(list(r))
ws.append(["Total income", sum(r[1] for r in ie), sum(r[2] for r in ie)])
ex = [("Raising funds", -412, -388), ("Charitable activities", -2905, -2690)]
for r in ex:
    ws.append(list(r))
ws.append(["Total expenditure", sum(r[1] for r in ex), sum(r[2] for r in ex)])
ws.append(["Net income", sum(r[1] for r in ie + ex), sum(r[2] for r in ie + ex)])
ws.column_dimensions["A"].width = 30
bs = wb.create_sheet("Balance Sheet")
bs.append(["Harbourlight Trust - Balance sheet (GBP '000)"])
bs.append([])
bs.append(["", "31 Mar 2024", "31 Mar 2023"])
bsl = [
    ("Fixed assets", 1210, 1245),
    ("Investments", 1480, 1350),
    ("Cash at bank", 640, 512),
    ("Debtors", 185, 166),
    ("Creditors due within one year", -325, -360),
]
for r in bsl:
    bs.append(list(r))
bs.append(["Net assets", sum(r[1] for r in bsl), sum(r[2] for r in bsl)])
bs.append(["Restricted funds", 1020, 905])
bs.append(["Unrestricted funds", 2170, 2008])
bs.append(["Total funds", 1020 + 2170, 905 + 2008])
bs.column_dimensions["A"].width = 30
wb.save(p("harbourlight_trust_accounts.xlsx"))
write_text("harbourlight_trust_accounts.txt", """
Harbourlight Trust runs two food banks and a night shelter in Portsmouth.
Grant income fell because the council's Winter Support grant ended in December 2022.
The chair, Marcus Delaney, has set a policy of holding reserves equal to six months of total expenditure.
A third food bank is due to open in Gosport in autumn 2024.
Volunteers gave around eleven thousand hours in the year to 31 March 2024.
""")

# ---------------------------------------------------------------- 5. bike share, non-financial, Markdown, Total row
bike = [
    ("Riverside", 18, 210, 60, 98400, 112300),
    ("Old Town", 24, 260, 70, 131800, 140250),
    ("University", 15, 190, 45, 121500, 118900),
    ("Harbour", 11, 120, 40, 54200, 66750),
    ("Northfield", 8, 80, 25, 21600, 29800),
]
tot = ("Total",) + tuple(sum(r[i] for r in bike) for i in range(1, 6))
with open(p("tidewater_bikeshare_districts.md"), "w", encoding="utf-8") as f:
    f.write("| District | Docking stations | Bikes | of which e-bikes | Trips 2023 | Trips 2024 |\n")
    f.write("|:---|---:|---:|---:|---:|---:|\n")
    for r in bike + [tot]:
        name = f"**{r[0]}**" if r[0] == "Total" else r[0]
        f.write(f"| {name} | " + " | ".join(f"{x:,}" for x in r[1:]) + " |\n")
write_text("tidewater_bikeshare_districts.txt", """
Tidewater Bike Share is owned by the city council and run day to day by the operator PedalWorks.
Trips in the University district dipped in 2024 because the main campus was closed for eight weeks in the summer for resurfacing works.
Northfield only joined the scheme in March 2023, so its 2023 figure covers a part year.
The council plans to add six more docking stations in Harbour during 2025.
A single ride costs one pound fifty for the first thirty minutes.
""")

# ---------------------------------------------------------------- 6. publisher, half-years, CSV, negatives
halves = ["6M to 30 Jun 2023", "6M to 31 Dec 2023", "6M to 30 Jun 2024", "6M to 31 Dec 2024"]
pub_rev = [
    ("Print books", [18.4, 24.9, 17.6, 23.8]),
    ("E-books", [6.2, 7.1, 6.9, 7.8]),
    ("Audiobooks", [3.1, 3.9, 4.6, 5.7]),
    ("Rights & licensing", [1.5, 1.2, 2.8, 1.4]),
]
pub_cost = [
    ("Author royalties", [-4.4, -5.6, -4.9, -6.0]),
    ("Printing & distribution", [-8.9, -11.6, -8.5, -11.2]),
    ("Marketing", [-2.3, -3.4, -2.6, -3.9]),
    ("Staff & overheads", [-9.8, -10.1, -10.4, -10.7]),
]
trev = [round(sum(x), 1) for x in zip(*[v for _, v in pub_rev])]
op = [round(t + sum(x), 1) for t, x in zip(trev, zip(*[v for _, v in pub_cost]))]
with open(p("lindqvist_moor_halfyear.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["EUR m"] + halves)
    for k, v in pub_rev:
        w.writerow([k] + [f"{x:.1f}" for x in v])
    w.writerow(["Total revenue"] + [f"{x:.1f}" for x in trev])
    for k, v in pub_cost:
        w.writerow([k] + [f"{x:.1f}" for x in v])
    w.writerow(["Operating profit"] + [f"{x:.1f}" for x in op])
write_text("lindqvist_moor_halfyear.txt", """
Lindqvist & Moor is an independent fiction publisher based in Gothenburg.
Rights and licensing income jumped in the first half of 2024 after the TV adaptation deal for Elin Sjoberg's crime series The Salt Roads.
Audiobook growth reflects a distribution agreement with Storytel signed in February 2023.
Chief executive Anna Lindqvist plans to launch a children's imprint called Little Lantern in 2025.
The board has proposed a dividend of one million euros for 2024.
""")

if __name__ == "__main__":
    print("written:", sorted(f for f in os.listdir(HERE) if f.split(".")[-1] in ("csv", "md", "xlsx", "txt")))
