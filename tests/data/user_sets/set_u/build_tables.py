"""Writes the six tables and their text files for set U."""
import csv
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(name, text):
    with open(p(name), "w", encoding="utf-8") as f:
        f.write(text.strip() + "\n")


def fmt(v, brackets=False):
    if brackets and v < 0:
        return "({:,})".format(-v)
    return "{:,}".format(v)


# ---------------------------------------------------------------- table 1
# Dairy co-operative, quarterly statement with a full-year Total column, costs in brackets (CSV)
def table1():
    q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
    rows = [
        ("Milk sales", [4820, 5310, 5540, 4950]),
        ("Cheese & butter sales", [1260, 1390, 1475, 1615]),
        ("Total revenue", [6080, 6700, 7015, 6565]),
        ("Milk paid to members", [-4130, -4560, -4745, -4290]),
        ("Processing costs", [-720, -765, -790, -760]),
        ("Gross surplus", [1230, 1375, 1480, 1515]),
        ("Admin & overheads", [-610, -625, -640, -705]),
        ("Operating surplus", [620, 750, 840, 810]),
    ]
    with open(p("meadowbrook_quarterly.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["EUR thousands"] + q + ["FY 2024"])
        for label, vals in rows:
            w.writerow([label] + [fmt(v, True) for v in vals] + [fmt(sum(vals), True)])
        litres = [11.2, 12.4, 12.9, 11.5]
        w.writerow(["Milk collected (million litres)"] + [f"{v:.1f}" for v in litres]
                   + [f"{sum(litres):.1f}"])
    write_text("meadowbrook_quarterly.txt", """
Meadowbrook Dairy Co-operative is owned by 212 farming families in County Clare, and all money
figures in its quarterly statement are in thousands of euros. The new cheese line at the Kilrush
plant started production in September 2024, which lifted cheese and butter sales in the autumn.
Admin and overheads rose in the fourth quarter because of a one-off IT system upgrade.
The board, chaired by Aoife Brennan, plans to pay members a year-end bonus of two hundred
thousand euros in March 2025.
""")


# ---------------------------------------------------------------- table 2
# Family clinic, monthly operating data, months as rows (Markdown)
def table2():
    months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
    data = [
        (1842, 156, 97, 312, 171300),
        (1765, 141, 88, 298, 164150),
        (1930, 172, 104, 341, 180450),
        (1688, 133, 79, 305, 158900),
        (1904, 165, 92, 360, 178200),
        (1611, 120, 71, 287, 151600),
    ]
    head = ["Month", "Patient visits", "New patients", "No-shows", "Telehealth visits",
            "Fee revenue ($)"]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|"]
    for m, d in zip(months, data):
        lines.append("| " + " | ".join([m] + [fmt(v) for v in d]) + " |")
    with open(p("harbourview_clinic_monthly.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("harbourview_clinic_monthly.txt", """
Harbourview Family Clinic is a five-doctor general practice; the table shows its operating figures
for the first six months of 2024, with fee revenue in US dollars. Patient visits include telehealth
visits. June was quieter because two doctors were on annual leave. The practice manager,
Grace Okafor, has set a target of four hundred telehealth visits a month by December 2024.
A second nurse practitioner, Tomas Rivera, joins the clinic on 2 September 2024.
""")


# ---------------------------------------------------------------- table 3
# Freight / logistics firm, pandas export with periods as rows (CSV)
def table3():
    idx = pd.period_range("2023Q1", periods=6, freq="Q")
    df = pd.DataFrame(
        {
            "deliveries": [48200, 51500, 53900, 60400, 49800, 54100],
            "revenue": [9640, 10300, 10780, 12080, 10210, 11090],
            "fuel_cost": [2410, 2520, 2690, 2840, 2380, 2450],
            "driver_wages": [3860, 4010, 4150, 4520, 4090, 4270],
            "other_costs": [2150, 2230, 2290, 2470, 2260, 2350],
            "operating_profit": [1220, 1540, 1650, 2250, 1480, 2020],
            "on_time_pct": [94.1, 95.3, 93.8, 91.2, 95.6, 96.0],
        },
        index=idx,
    )
    df.to_csv(p("swiftline_quarterly_kpis.csv"))
    write_text("swiftline_quarterly_kpis.txt", """
Swiftline Freight runs regional truck deliveries across Nevada and northern California; the export
covers six quarters, and its money columns are in thousands of US dollars. On-time performance dipped
at the end of 2023 because of the holiday parcel surge and a December snowstorm on the I-80.
Operations director Marcus Lindqvist says the fleet stands at about three hundred and forty trucks.
A new cross-dock depot in Reno is due to open in October 2024.
""")


# ---------------------------------------------------------------- table 4
# Museum trust, two-sheet workbook (xlsx)
def table4():
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Income & expenditure"
    ws.append(["GBP thousands", "FY2022", "FY2023", "FY2024"])
    ie = [
        ("Admissions", [1240, 1485, 1610]),
        ("Memberships", [310, 335, 362]),
        ("Grants & donations", [2150, 2080, 2240]),
        ("Shop & cafe", [560, 690, 745]),
        ("Total income", [4260, 4590, 4957]),
        ("Staff costs", [2310, 2420, 2560]),
        ("Exhibitions & programmes", [820, 910, 1040]),
        ("Building & maintenance", [690, 730, 805]),
        ("Total expenditure", [3820, 4060, 4405]),
        ("Net surplus", [440, 530, 552]),
        ("Visitors (number)", [182400, 205300, 219800]),
    ]
    for label, vals in ie:
        ws.append([label] + vals)
    ws.column_dimensions["A"].width = 28
    bs = wb.create_sheet("Balance sheet")
    bs.append(["GBP thousands", "31 Mar 2022", "31 Mar 2023", "31 Mar 2024"])
    bal = [
        ("Cash", [1120, 1385, 1707]),
        ("Investments", [3400, 3550, 3720]),
        ("Property & equipment", [8950, 8820, 8705]),
        ("Total assets", [13470, 13755, 14132]),
        ("Creditors", [640, 595, 620]),
        ("Long-term loan", [1800, 1600, 1400]),
        ("Total liabilities", [2440, 2195, 2020]),
        ("Net assets", [11030, 11560, 12112]),
    ]
    for label, vals in bal:
        bs.append([label] + vals)
    bs.column_dimensions["A"].width = 24
    for sheet in (ws, bs):
        for row in sheet.iter_rows(min_row=2, min_col=2):
            for c in row:
                c.number_format = "#,##0"
    wb.save(p("larkhill_museum_accounts.xlsx"))
    write_text("larkhill_museum_accounts.txt", """
The Larkhill Maritime Museum Trust keeps its accounts in thousands of pounds, and its financial year
ends on 31 March, so FY2024 is the year to 31 March 2024. Admissions income rose after the Ironclads
exhibition opened in May 2023. The museum's director is Helen Mowbray. The trust repays its
long-term loan at two hundred thousand pounds a year, with the final payment due in March 2031,
and it plans to reopen the dry dock gallery in spring 2025.
""")


# ---------------------------------------------------------------- table 5
# Arable farm, harvest by field with a Total row (Markdown, non-financial)
def table5():
    rows = [
        ("Long Acre", "Winter wheat", 42, 352.8, 331.8),
        ("Top Field", "Spring barley", 28, 168.0, 179.2),
        ("Mill Meadow", "Oilseed rape", 19, 66.5, 60.8),
        ("Church Piece", "Winter wheat", 35, 287.0, 301.0),
        ("Brook Field", "Field beans", 16, 57.6, 62.4),
        ("Hill Ground", "Spring barley", 24, 139.2, 132.0),
    ]
    head = ["Field", "Crop", "Area (ha)", "Harvest 2023 (t)", "Harvest 2024 (t)"]
    lines = ["| " + " | ".join(head) + " |", "|---|---|---:|---:|---:|"]
    for f_, c, a, h23, h24 in rows:
        lines.append(f"| {f_} | {c} | {a} | {h23:.1f} | {h24:.1f} |")
    ta = sum(r[2] for r in rows)
    t23 = sum(r[3] for r in rows)
    t24 = sum(r[4] for r in rows)
    lines.append(f"| **Total** | | {ta} | {t23:,.1f} | {t24:,.1f} |")
    with open(p("whitmore_farm_harvest.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("whitmore_farm_harvest.txt", """
Whitmore Farm is a mixed arable farm in Wiltshire run by Tom and Ellen Harcourt; the table lists each
field's area and its harvest in tonnes for 2023 and 2024. A wet spring in 2024 delayed drilling on
Long Acre. The oilseed rape in Mill Meadow was down because of flea beetle damage.
Grain is sold through the Vale Grain co-operative, which paid an average of one hundred and ninety
pounds a tonne for the 2024 wheat. Mill Meadow will be put down to grass for two years from 2025.
""")


# ---------------------------------------------------------------- table 6
# Software subscription business, half-year statement, expenses as negatives (xlsx)
def table6():
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Half-year results"
    ws.append(["USD thousands", "H1 2023", "H2 2023", "H1 2024", "H2 2024"])
    rows = [
        ("Subscription revenue", [6840, 7520, 8310, 9050]),
        ("Professional services", [610, 580, 640, 690]),
        ("Total revenue", [7450, 8100, 8950, 9740]),
        ("Cost of revenue", [-1790, -1900, -2060, -2190]),
        ("Gross profit", [5660, 6200, 6890, 7550]),
        ("Research & development", [-1950, -2080, -2240, -2390]),
        ("Sales & marketing", [-2600, -2710, -2930, -3010]),
        ("General & administrative", [-980, -1010, -1060, -1120]),
        ("Operating income (loss)", [130, 400, 660, 1030]),
        ("Paying customers (end of period)", [1420, 1515, 1640, 1780]),
    ]
    for label, vals in rows:
        ws.append([label] + vals)
    for row in ws.iter_rows(min_row=2, min_col=2):
        for c in row:
            c.number_format = "#,##0;-#,##0"
    ws.column_dimensions["A"].width = 34
    wb.save(p("tallyfern_halfyear.xlsx"))
    write_text("tallyfern_halfyear.txt", """
Tallyfern Software sells a bookkeeping subscription to small businesses; amounts in its half-year
results are in thousands of US dollars, except the customer count. Sales and marketing spending
stepped up in H1 2024 because of the launch in Australia. Chief financial officer Priya Nair said
monthly churn held at roughly one and a half percent throughout 2024. A price increase takes effect
on 1 February 2025.
""")


if __name__ == "__main__":
    for t in (table1, table2, table3, table4, table5, table6):
        t()
    print("written")
