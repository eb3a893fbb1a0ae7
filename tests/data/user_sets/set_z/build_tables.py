"""Writes the six tables and their text files for set "z"."""
import csv
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(stem, text):
    with open(p(stem + ".txt"), "w", encoding="utf-8") as f:
        f.write(text.strip() + "\n")


# ---------------------------------------------------------------- 1 charity (CSV, held)
charity_rows = [
    ["GBP thousand", "2021/22", "2022/23", "2023/24"],
    ["Donations", "412", "468", "531"],
    ["Grants", "250", "275", "240"],
    ["Charity shop sales", "140", "158", "171"],
    ["Total income", "802", "901", "942"],
    ["Food purchasing", "(310)", "(385)", "(402)"],
    ["Staff and premises", "(394)", "(425)", "(470)"],
    ["Total expenditure", "(704)", "(810)", "(872)"],
    ["Net surplus", "98", "91", "70"],
]
with open(p("charity_accounts.csv"), "w", newline="", encoding="utf-8") as f:
    csv.writer(f).writerows(charity_rows)
write_text("charity_accounts", """
Harbourside Community Food Trust is a registered charity that runs two food banks in Southampton, helped by around three hundred volunteers.
Figures are in thousands of pounds for financial years ending 31 March, and spending is shown in brackets.
Grants fell in 2023/24 because the council's Household Support Fund grant was cut back.
The trust's chair, Margaret Oyelaran, said the 2023/24 surplus will go towards a new refrigerated van, expected to cost about forty-five thousand pounds.
The trust plans to open a third site in Eastleigh in autumn 2024.
""")

# ---------------------------------------------------------------- 2 dental clinic (Markdown, tune)
dental_header = ["Metric", "Jan-24", "Feb-24", "Mar-24", "Apr-24", "May-24", "Jun-24"]
dental_rows = [
    ["Patient visits", "812", "790", "865", "841", "903", "878"],
    ["New patients", "46", "39", "58", "51", "62", "55"],
    ["Hygiene appointments", "214", "205", "231", "226", "240", "233"],
    ["Missed appointments", "37", "41", "29", "33", "26", "30"],
    ["Revenue (£)", "96,400", "93,100", "104,800", "101,250", "110,600", "107,300"],
]


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    for r in rows:
        out.append("| " + " | ".join(r) + " |")
    return "\n".join(out) + "\n"


with open(p("dental_clinic.md"), "w", encoding="utf-8") as f:
    f.write(md_table(dental_header, dental_rows))
write_text("dental_clinic", """
Brightsmile Dental is a four-chair practice in Leeds run by Dr Priya Natarajan.
Revenue is in pounds and includes both NHS and private treatment.
February was quieter because the practice closed for three days to install a new X-ray machine.
Text-message reminders were introduced at the start of March, which is why missed appointments dropped.
The practice hopes to take on a fifth dentist in September 2024 and aims to cut missed appointments to about twenty a month.
""")

# ---------------------------------------------------------------- 3 SaaS metrics (pandas export, periods as rows, held)
saas = pd.DataFrame(
    {
        "mrr_usd": [54000, 62800, 67900, 78300, 86700, 98600],
        "customers": [180, 206, 221, 253, 279, 314],
        "new_customers": [30, 34, 29, 41, 38, 45],
        "churned_customers": [6, 8, 14, 9, 12, 10],
        "headcount": [9, 10, 12, 12, 14, 15],
    },
    index=pd.period_range("2023Q1", periods=6, freq="Q"),
)
saas.to_csv(p("saas_metrics.csv"))
write_text("saas_metrics", """
Ledgerly is a small startup selling bookkeeping software to independent shops.
The figures are exported from the founders' pandas notebook; mrr_usd is monthly recurring revenue in US dollars at the end of each quarter, and customers is the paying-customer count at quarter end.
Churn was higher in the third quarter of 2023 because a price increase took effect in July.
The company closed a seed round of two million dollars in April 2024, led by Northgate Ventures.
Co-founder Tomás Reyes expects to pass 400 customers by the end of 2024.
""")

# ---------------------------------------------------------------- 4 farm (xlsx two sheets, tune)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Harvest"
for r in [
    ["Crop (tonnes)", "2021", "2022", "2023", "2024"],
    ["Winter wheat", 612, 655, 540, 690],
    ["Spring barley", 384, 402, 355, 410],
    ["Oilseed rape", 148, 131, 96, 120],
    ["Potatoes", 920, 875, 780, 1010],
    ["Total", 2064, 2063, 1771, 2230],
]:
    ws.append(r)
ws2 = wb.create_sheet("Accounts")
for r in [
    ["EUR thousand", "H1 2023", "H2 2023", "H1 2024", "H2 2024"],
    ["Crop sales", 118, 402, 131, 455],
    ["Farm payments (subsidy)", 32, 32, 33, 33],
    ["Seed and fertiliser", -96, -41, -104, -38],
    ["Fuel and machinery", -58, -72, -55, -79],
    ["Wages", -61, -88, -64, -92],
    ["Operating profit", -65, 233, -59, 279],
]:
    ws2.append(r)
wb.save(p("farm_harvest.xlsx"))
write_text("farm_harvest", """
Hollow Oak Farm is a 310-hectare mixed arable farm in County Wexford, run by the Brennan family.
Harvest figures are in tonnes and the accounts are in thousands of euro; the first half of each year usually shows a loss because most crops are sold after the summer harvest.
The 2023 harvest was poor because a very wet spring delayed planting.
In 2025 the farm plans to replace oilseed rape with field beans.
Siobhan Brennan estimates that the new grain dryer will cost around sixty thousand euro.
""")

# ---------------------------------------------------------------- 5 bike share (Markdown, held)
bike_header = ["", "Wk 14", "Wk 15", "Wk 16", "Wk 17", "Wk 18", "Total"]
bike_rows = [
    ["Member trips", "8,420", "8,910", "7,380", "9,650", "10,120", "44,480"],
    ["Casual trips", "2,150", "2,610", "1,940", "3,280", "3,540", "13,520"],
    ["Total trips", "10,570", "11,520", "9,320", "12,930", "13,660", "58,000"],
    ["Bikes in service", "620", "615", "598", "640", "655", "–"],
    ["Average trip (minutes)", "14.2", "15.1", "13.6", "16.0", "16.4", "–"],
]
with open(p("bike_share.md"), "w", encoding="utf-8") as f:
    f.write(md_table(bike_header, bike_rows))
write_text("bike_share", """
LarkBikes is the public bike-share scheme run by Larkford City Council, with forty-eight docking stations.
Weeks are ISO week numbers for 2024, so week 14 began on 1 April.
Week 16 was quieter because of heavy rain on four of its seven days.
The weekly figures are compiled by the council's transport officer, Daniel Okafor.
Twenty new e-bikes are due to join the fleet in June 2024.
""")

# ---------------------------------------------------------------- 6 restaurant (CSV, fiscal years, negatives, tune)
resto_rows = [
    ["USD thousand (covers: count)", "FY22", "FY23", "FY24"],
    ["Food sales", "1,240", "1,385", "1,472"],
    ["Beverage sales", "410", "452", "498"],
    ["Total revenue", "1,650", "1,837", "1,970"],
    ["Cost of food and drink", "-528", "-604", "-631"],
    ["Staff costs", "-562", "-618", "-672"],
    ["Rent and utilities", "-214", "-229", "-251"],
    ["Operating profit", "346", "386", "416"],
    ["Covers served", "41,200", "44,900", "46,300"],
]
with open(p("restaurant_pl.csv"), "w", newline="", encoding="utf-8") as f:
    csv.writer(f).writerows(resto_rows)
write_text("restaurant_pl", """
Olive & Thyme is a 70-seat neighbourhood bistro in Portland, Oregon, owned by chef Marco Bellini.
Its fiscal year runs from July to June, so FY24 ended on 30 June 2024; money figures are in thousands of US dollars and costs are shown as negatives.
Staff costs rose in FY24 because of the state minimum wage increase and the hiring of a second sous-chef.
The owners plan to open a patio in spring 2025, adding about thirty seats.
""")

print("tables written")
