"""Writes the six tables and their text files for question set W."""
import os
import pandas as pd
from openpyxl import Workbook
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(stem, text):
    with open(p(stem + ".txt"), "w") as f:
        f.write(" ".join(text.split()) + "\n")  # one plain paragraph


# ---------------------------------------------------------------- 1. brewery (CSV, negatives, Total column)
def brewery():
    q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
    rows = {
        "Revenue": [1840, 2310, 2675, 2205],
        "Cost of goods sold": [-792, -970, -1097, -948],
        "Gross profit": [1048, 1340, 1578, 1257],
        "Marketing": [-145, -210, -238, -162],
        "Wages and salaries": [-410, -432, -455, -440],
        "Taproom rent and utilities": [-96, -98, -104, -101],
        "Operating profit": [397, 600, 781, 554],
    }
    lines = ["Line item (USD thousands)," + ",".join(q) + ",Total 2024"]
    for k, v in rows.items():
        lines.append(k + "," + ",".join(str(x) for x in v) + "," + str(sum(v)))
    with open(p("W_copperkettle_2024_quarterly.csv"), "w") as f:
        f.write("\n".join(lines) + "\n")
    write_text("W_copperkettle_2024_quarterly", """
Copperkettle Brewing Co. is an independent craft brewery in Greenville, South Carolina, and this statement covers
calendar 2024 in thousands of US dollars, with costs shown as negative numbers. Third-quarter sales were lifted by
the launch of Harbor Haze, a summer IPA, in late June, which also explains the jump in marketing spend. Head brewer
Marta Lindqvist oversaw a capacity upgrade in February that added two 30-barrel fermenters. The company ended the
year with forty-two employees. It plans to open a second taproom in Asheville in spring 2025.
""")


# ---------------------------------------------------------------- 2. dental practice (xlsx, months as columns)
def dental():
    months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
    rows = [
        ("Patient visits", [1212, 1158, 1305, 1247, 1330, 1284]),
        ("New patients", [64, 58, 81, 72, 90, 77]),
        ("Hygiene appointments", [388, 366, 412, 401, 428, 415]),
        ("Missed appointments", [47, 52, 39, 44, 36, 41]),
        ("Fee income (GBP)", [148620, 139480, 161250, 153900, 167340, 158710]),
        ("Dentists on rota", [5, 5, 5, 6, 6, 6]),
    ]
    wb = Workbook()
    ws = wb.active
    ws.title = "Monthly KPIs"
    ws["A1"] = "Harbourview Dental Practice - monthly operating data, January to June 2024"
    ws["A1"].font = Font(bold=True)
    ws.append([])
    ws.append(["Metric"] + months)
    for c in ws[3]:
        c.font = Font(bold=True)
    for name, vals in rows:
        ws.append([name] + vals)
    for r in ws.iter_rows(min_row=4, min_col=2):
        for c in r:
            c.number_format = "#,##0"
    ws.column_dimensions["A"].width = 24
    wb.save(p("W_harbourview_dental_h1_2024.xlsx"))
    write_text("W_harbourview_dental_h1_2024", """
Harbourview Dental Practice is a mixed NHS and private practice in Plymouth run by principal dentist Dr Priya Raman.
Dr Tomasz Nowak joined the practice in April 2024, which is why six dentists appear on the rota from that month.
Missed appointments fell after an SMS reminder service was switched on at the start of March. The building has seven
treatment chairs, two of which are reserved for the hygienists. From September 2024 the practice plans to open on
Saturday mornings.
""")


# ---------------------------------------------------------------- 3. rail operator (pandas export, periods as rows)
def rail():
    idx = pd.period_range("2023Q1", periods=6, freq="Q")
    df = pd.DataFrame(
        {
            "passenger_journeys": [1842300, 2015800, 2187400, 1960100, 1905600, 2098700],
            "fare_revenue_gbp": [9874500, 10912300, 11986900, 10701200, 10478800, 11647800],
            "trains_planned": [14820, 14950, 15100, 14880, 14900, 15060],
            "trains_cancelled": [312, 198, 256, 421, 287, 174],
            "punctuality_pct": [88.4, 91.2, 89.7, 85.3, 87.9, 92.1],
        },
        index=idx,
    )
    df.to_csv(p("W_fenmoor_rail_quarterly.csv"))
    write_text("W_fenmoor_rail_quarterly", """
Fenmoor Valley Railway runs regional passenger services between Ely, King's Lynn and Wisbech with a fleet of
twenty-four diesel units. The export covers six calendar quarters from January 2023 to June 2024. Cancellations
peaked in the last quarter of 2023 after a signalling failure at Marsh Junction on 14 November closed the line for
three days, on top of the usual autumn leaf-fall problems. Managing director Helen Ashcroft has said a revised
timetable with half-hourly Wisbech trains will start in December 2024.
""")


# ---------------------------------------------------------------- 4. shipping port (xlsx, two sheets, fiscal years)
def port():
    years = ["FY2022", "FY2023", "FY2024"]
    pl = [
        ("Cargo handling fees", [84.6, 91.3, 97.8]),
        ("Port dues", [31.2, 33.5, 34.9]),
        ("Property rental income", [12.4, 13.1, 14.6]),
        ("Total revenue", [128.2, 137.9, 147.3]),
        ("Staff costs", [41.8, 44.2, 46.9]),
        ("Maintenance and operations", [27.5, 29.8, 30.4]),
        ("Depreciation", [18.3, 19.6, 21.2]),
        ("Operating profit", [40.6, 44.3, 48.8]),
        ("Net finance cost", [6.1, 6.8, 7.9]),
        ("Profit before tax", [34.5, 37.5, 40.9]),
    ]
    bs = [
        ("Property, plant and equipment", [412.7, 438.9, 471.3]),
        ("Trade receivables", [19.8, 21.3, 23.0]),
        ("Cash and cash equivalents", [38.4, 42.1, 35.6]),
        ("Total assets", [470.9, 502.3, 529.9]),
        ("Borrowings", [165.0, 172.5, 180.0]),
        ("Trade payables", [14.2, 15.6, 16.1]),
        ("Equity", [291.7, 314.2, 333.8]),
        ("Total liabilities and equity", [470.9, 502.3, 529.9]),
    ]
    wb = Workbook()
    for i, (title, heading, rows) in enumerate([
        ("P&L", "Port of Kellridge Authority - income statement (EUR million), years ended 31 March", pl),
        ("Balance sheet", "Port of Kellridge Authority - balance sheet at 31 March (EUR million)", bs),
    ]):
        ws = wb.active if i == 0 else wb.create_sheet()
        ws.title = title
        ws["A1"] = heading
        ws["A1"].font = Font(bold=True)
        ws.append([])
        ws.append(["EUR million"] + years)
        for c in ws[3]:
            c.font = Font(bold=True)
        for name, vals in rows:
            ws.append([name] + vals)
            if name.startswith("Total") or name in ("Operating profit", "Profit before tax", "Equity"):
                for c in ws[ws.max_row]:
                    c.font = Font(bold=True)
        for r in ws.iter_rows(min_row=4, min_col=2):
            for c in r:
                c.number_format = "#,##0.0"
        ws.column_dimensions["A"].width = 32
    wb.save(p("W_kellridge_port_fy.xlsx"))
    write_text("W_kellridge_port_fy", """
The Port of Kellridge Authority operates a mid-sized container and bulk port on the North Sea coast; its fiscal year
runs from 1 April to 31 March, so FY2024 ended on 31 March 2024. Depreciation rose in FY2024 because the new Berth 7
container terminal was commissioned in October 2023. Chief executive Annika Vos said the port handled roughly four
million tonnes of cargo in FY2024. The board has approved a channel-deepening programme to begin in summer 2025,
to be funded partly by new borrowing.
""")


# ---------------------------------------------------------------- 5. university department (Markdown, Total row)
def university():
    mods = [
        ("MB101 Introduction to Marine Ecology", 142, 121, 14, 7, "63.4"),
        ("MB140 Ocean Chemistry", 98, 80, 12, 6, "58.9"),
        ("MB210 Fish Physiology", 76, 69, 5, 2, "66.2"),
        ("MB235 Coastal Field Methods", 54, 51, 1, 2, "71.8"),
        ("MB310 Marine Genomics", 41, 35, 4, 2, "64.7"),
        ("MB360 Fisheries Management", 63, 55, 6, 2, "61.3"),
    ]
    tot = ["Total"] + [sum(m[i] for m in mods) for i in range(1, 5)] + ["-"]
    out = [
        "# Northgate University, Department of Marine Biology - module results, autumn term 2024",
        "",
        "| Module | Enrolled | Passed | Failed | Withdrawn | Average mark (%) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for m in mods + [tuple(tot)]:
        out.append("| " + " | ".join(str(x) for x in m) + " |")
    with open(p("W_northgate_marinebio_modules.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    write_text("W_northgate_marinebio_modules", """
These are end-of-term results for the undergraduate modules taught by Northgate University's Department of Marine
Biology in the autumn term of 2024; the average mark is for students who completed the module. The head of
department is Professor Elaine Murdoch, who leads a team of nineteen academic staff. Most withdrawals from MB101 were
students transferring to the Environmental Science degree. Coastal Field Methods is assessed through a week of
fieldwork at Skelly Point. A new module, MB380 Marine Robotics, will be offered for the first time in autumn 2025.
""")


# ---------------------------------------------------------------- 6. solar installer (Markdown, halves, brackets)
def solar():
    halves = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
    rows = [
        ("Residential system sales", [6240, 7115, 6880, 8015], False),
        ("Commercial system sales", [1780, 2240, 2905, 3310], False),
        ("Maintenance contracts", [310, 335, 362, 391], False),
        ("**Total revenue**", [8330, 9690, 10147, 11716], False),
        ("Panels, inverters and mounting", [4915, 5620, 5785, 6560], True),
        ("Installer wages", [1640, 1812, 1904, 2118], True),
        ("**Gross profit**", [1775, 2258, 2458, 3038], False),
        ("Overheads", [920, 985, 1040, 1105], True),
        ("**Operating profit**", [855, 1273, 1418, 1933], False),
        ("Installations completed (number)", [412, 468, 455, 531], False),
    ]

    def fmt(v, neg):
        s = f"{v:,}"
        return f"({s})" if neg else s

    out = [
        "## Sunridge Solar Installations Pty Ltd - half-year results (AUD thousands unless stated)",
        "",
        "| | " + " | ".join(halves) + " |",
        "|:---|" + "---:|" * len(halves),
    ]
    for name, vals, neg in rows:
        out.append(f"| {name} | " + " | ".join(fmt(v, neg) for v in vals) + " |")
    out.append("")
    out.append("Figures in brackets are costs.")
    with open(p("W_sunridge_solar_halfyear.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    write_text("W_sunridge_solar_halfyear", """
Sunridge Solar Installations is a rooftop solar installer based in Newcastle, New South Wales, founded and run by
managing director Callum Reyes. Residential sales dipped in the first half of 2024 because the state's Home Solar
Bonus rebate ended in February 2024. Commercial growth came mostly from a rolling contract to fit panels on
Brackenridge Logistics warehouses, signed in August 2023. The company employs sixty-three installers across three
depots. It plans to launch a home battery storage product in early 2025.
""")


if __name__ == "__main__":
    brewery()
    dental()
    rail()
    port()
    university()
    solar()
    print("written to", HERE)
