"""Build the tables and text files of user question set E.

Run:  python build_tables.py   (writes into the folder of this script)
"""
import csv
import os

import openpyxl
import pandas as pd
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(name, text):
    with open(p(name), "w", encoding="utf-8") as f:
        f.write(text.strip() + "\n")


def fmt_k(v):
    """1,234 or (1,234) for expenses."""
    s = f"{abs(v):,}"
    return f"({s})" if v < 0 else s


# ---------------------------------------------------------------- 1. quarterly P&L
def build_pnl():
    q = ["1Q23", "2Q23", "3Q23", "4Q23", "1Q24"]
    rev = [4820, 5910, 6340, 5270, 5150]
    cogs = [-2940, -3530, -3760, -3210, -3030]
    sm = [-610, -720, -790, -680, -650]
    ga = [-430, -445, -460, -470, -480]
    rd = [-210, -220, -235, -240, -255]
    interest = [-45, -44, -42, -41, -40]
    tax = [-146, -238, -263, -157, -174]
    gp = [a + b for a, b in zip(rev, cogs)]
    op = [g + a + b + c for g, a, b, c in zip(gp, sm, ga, rd)]
    pbt = [o + i for o, i in zip(op, interest)]
    ni = [x + t for x, t in zip(pbt, tax)]
    rows = [
        ("Revenue", rev),
        ("Cost of goods sold", cogs),
        ("Gross profit", gp),
        ("Selling and marketing", sm),
        ("General and administrative", ga),
        ("Research and development", rd),
        ("Operating income", op),
        ("Interest expense", interest),
        ("Income before income taxes", pbt),
        ("Income tax expense", tax),
        ("Net income", ni),
    ]
    with open(p("ridgeway_pnl_q.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["(in thousands of USD)"] + q)
        for label, vals in rows:
            w.writerow([label] + [fmt_k(v) for v in vals])
    write_text("ridgeway_pnl_q.txt", """
Ridgeway Cycles Inc. designs and sells commuter and cargo e-bikes. This is the
quarterly income statement our CFO, Dana Okafor, sends to the board; the fiscal
year is the calendar year. Revenue peaked in 3Q23 after the launch of the Tern 2
cargo e-bike in July 2023. Cost of goods sold in 4Q23 includes a one-off ocean
freight surcharge from our Taiwanese frame supplier. Interest expense relates to a
term loan from First Valley Bank that is repaid in equal instalments.
""")


# ---------------------------------------------------------------- 2. hotel (pandas export)
def build_hotel():
    months = pd.period_range("2024-01", "2024-12", freq="M")
    days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    rooms = [120] * 12
    rooms[1] = 90  # east wing closed in February
    avail = [r * d for r, d in zip(rooms, days)]
    sold = [2133, 1553, 2471, 2614, 2917, 3118, 3449, 3541, 3012, 2802, 2183, 2544]
    adr = [142.50, 138.00, 151.25, 163.80, 172.40, 198.60,
           231.75, 254.90, 205.30, 176.45, 149.90, 187.20]
    fnb = [88400, 61250, 97800, 104300, 118600, 139700,
           162450, 171900, 128300, 115200, 92650, 141800]
    room_rev = [round(s * a, 2) for s, a in zip(sold, adr)]
    df = pd.DataFrame({
        "rooms_available": avail,
        "rooms_sold": sold,
        "occupancy_pct": [round(s / a * 100, 1) for s, a in zip(sold, avail)],
        "adr_usd": adr,
        "revpar_usd": [round(r / a, 2) for r, a in zip(room_rev, avail)],
        "room_revenue_usd": room_rev,
        "fnb_revenue_usd": fnb,
    }, index=months)
    df.to_csv(p("saltmarsh_hotel_2024.csv"))
    write_text("saltmarsh_hotel_2024.txt", """
Monthly operating statistics of the Saltmarsh Bay Hotel, a 120-room seaside hotel
run by general manager Priya Raman, exported from our revenue-management notebook.
In February 2024 the 30 rooms of the east wing were closed for refurbishment, so
only 90 rooms were available that month. The record average daily rate in August
came from the Saltmarsh Jazz Festival, held on the first two weekends of the month.
Food and beverage revenue in December includes the hotel's New Year's Eve gala.
All money amounts are in US dollars.
""")


# ---------------------------------------------------------------- 3. workbook
def build_workbook():
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "P&L"
    bold = Font(bold=True)
    numfmt = "#,##0.0;(#,##0.0)"
    ws["A1"] = "Alder Foods GmbH - Profit and loss account"
    ws["A1"].font = bold
    ws["A2"] = "EUR million, years ended 31 December"
    ws.append([])
    ws.append(["", "FY2022", "FY2023"])
    pl = [
        ("Revenue", 412.5, 448.2),
        ("Cost of sales", -268.1, -285.9),
        ("Gross profit", None, None),
        ("Distribution costs", -41.2, -44.8),
        ("Administrative expenses", -38.6, -40.1),
        ("Operating profit", None, None),
        ("Finance costs", -6.3, -7.9),
        ("Profit before tax", None, None),
        ("Income tax", -14.6, -17.4),
        ("Profit for the year", None, None),
    ]
    vals = {}
    running = [0.0, 0.0]
    for label, a, b in pl:
        if a is None:
            a, b = round(running[0], 1), round(running[1], 1)
            ws.append([label, a, b])
            ws.cell(ws.max_row, 1).font = bold
        else:
            running = [running[0] + a, running[1] + b]
            ws.append([label, a, b])
        vals[label] = (a, b)
        for c in (2, 3):
            ws.cell(ws.max_row, c).number_format = numfmt
    ws.column_dimensions["A"].width = 28

    bs = wb.create_sheet("Balance")
    bs["A1"] = "Alder Foods GmbH - Balance sheet"
    bs["A1"].font = bold
    bs["A2"] = "EUR million"
    bs.append([])
    bs.append(["", "As at 31 Dec 2022", "As at 31 Dec 2023"])
    rows = [
        ("Non-current assets", None, None),
        ("Property, plant and equipment", 210.4, 228.7),
        ("Intangible assets", 35.0, 33.2),
        ("Total non-current assets", 245.4, 261.9),
        ("Current assets", None, None),
        ("Inventories", 48.3, 55.1),
        ("Trade receivables", 61.7, 66.4),
        ("Cash and cash equivalents", 29.8, 34.6),
        ("Total current assets", 139.8, 156.1),
        ("Total assets", 385.2, 418.0),
        ("Equity", None, None),
        ("Share capital", 50.0, 50.0),
        ("Retained earnings", 142.6, 171.7),
        ("Total equity", 192.6, 221.7),
        ("Liabilities", None, None),
        ("Borrowings (non-current)", 105.0, 98.0),
        ("Trade payables", 58.4, 64.9),
        ("Other current liabilities", 29.2, 33.4),
        ("Total current liabilities", 87.6, 98.3),
        ("Total liabilities", 192.6, 196.3),
        ("Total equity and liabilities", 385.2, 418.0),
    ]
    for label, a, b in rows:
        if a is None:
            bs.append([label])
            bs.cell(bs.max_row, 1).font = bold
            continue
        bs.append([label, a, b])
        if label.startswith("Total"):
            bs.cell(bs.max_row, 1).font = bold
        for c in (2, 3):
            bs.cell(bs.max_row, c).number_format = numfmt
    bs.column_dimensions["A"].width = 32
    bs.column_dimensions["B"].width = 18
    bs.column_dimensions["C"].width = 18
    wb.save(p("alder_foods_financials.xlsx"))
    write_text("alder_foods_financials.txt", """
Alder Foods GmbH makes chilled soups and sauces in Freiburg, Germany. This workbook
was prepared by finance manager Jonas Weber for the bank's annual covenant review.
A dividend of EUR 23.0 million was paid to the shareholders in May 2023. The increase
in property, plant and equipment in FY2023 is mainly the new cold-storage warehouse
in Offenburg, opened in September 2023. Borrowings are a term loan from
Sparkasse Breisgau; EUR 7.0 million was repaid during FY2023.
""")


# ---------------------------------------------------------------- 4a. school enrolment (Markdown)
def build_school():
    years = ["2021/22", "2022/23", "2023/24", "2024/25"]
    grades = [
        ("Grade 7", [142, 138, 171, 176]),
        ("Grade 8", [135, 140, 137, 169]),
        ("Grade 9", [150, 133, 139, 136]),
        ("Grade 10", [128, 146, 131, 137]),
        ("Grade 11", [117, 121, 140, 126]),
        ("Grade 12", [104, 110, 115, 133]),
    ]
    tot = [sum(g[1][i] for g in grades) for i in range(4)]
    lines = ["# Hillcrest Secondary School - enrolment by grade",
             "",
             "Students on roll at the October census of each school year.",
             "",
             "| Grade | " + " | ".join(years) + " |",
             "|---|" + "---:|" * 4]
    for name, v in grades:
        lines.append(f"| {name} | " + " | ".join(str(x) for x in v) + " |")
    lines.append("| **Total** | " + " | ".join(f"**{x}**" for x in tot) + " |")
    with open(p("hillcrest_enrolment.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("hillcrest_enrolment.txt", """
Hillcrest Secondary School serves Grades 7 to 12; the principal is Mrs. Aisha Bello.
The jump in Grade 7 in 2023/24 happened because Elm Street Middle School closed in
June 2023 and its catchment area was transferred to Hillcrest, which opened a sixth
Grade 7 class. Enrolment is counted at the census on the first Monday of October.
The school board approved a new science wing in March 2024 to cope with the growth.
""")


# ---------------------------------------------------------------- 4b. league standings
def build_league():
    teams = [
        # team, W, D, L, GF, GA
        ("Millbrook Rovers", 10, 2, 2, 34, 12),
        ("Ashford Town", 9, 2, 3, 30, 15),
        ("Kettle Green FC", 7, 4, 3, 27, 18),
        ("Harbour United", 6, 3, 5, 22, 20),
        ("St Anne's Athletic", 5, 4, 5, 19, 21),
        ("Oakfield Wanderers", 4, 3, 7, 17, 24),
        ("Pinecrest FC", 3, 2, 9, 14, 29),
        ("Lowmoor City", 1, 2, 11, 11, 35),
    ]
    with open(p("valley_league_2023_24.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Pos", "Team", "P", "W", "D", "L", "GF", "GA", "GD", "Pts"])
        for i, (t, wn, d, l, gf, ga) in enumerate(teams, 1):
            gd = gf - ga
            w.writerow([i, t, wn + d + l, wn, d, l, gf, ga,
                        f"+{gd}" if gd > 0 else str(gd), 3 * wn + d])
    write_text("valley_league_2023_24.txt", """
Final table of the Valley Amateur Football League, Division One, season 2023-24
(September 2023 to April 2024). Each of the eight clubs played the others home and
away, 14 matches each; a win is worth 3 points and a draw 1. Millbrook Rovers won the
title on the last day, 7 April 2024. The league's top scorer was Tom Ellery of
Millbrook Rovers with 15 goals. Lowmoor City finished bottom and are relegated to
Division Two; the league secretary is Gwen Harris.
""")


# ---------------------------------------------------------------- 4c. weather station
def build_weather():
    months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024",
              "Jul 2024", "Aug 2024", "Sep 2024", "Oct 2024", "Nov 2024", "Dec 2024"]
    data = [
        # rainfall_mm, rain_days, mean, max, min, sunshine
        (98.4, 17, 2.1, 11.8, -8.4, 48),
        (76.2, 14, 3.4, 13.5, -6.9, 71),
        (64.8, 13, 6.2, 17.9, -3.1, 112),
        (52.1, 11, 9.1, 21.4, -0.6, 158),
        (47.5, 10, 12.8, 25.6, 2.7, 201),
        (38.9, 8, 16.3, 29.8, 6.4, 224),
        (31.2, 6, 18.9, 32.1, 9.2, 246),
        (44.7, 8, 18.2, 31.4, 8.5, 219),
        (58.3, 11, 14.6, 26.7, 4.9, 163),
        (121.6, 15, 10.2, 21.3, 0.8, 104),
        (104.9, 18, 5.7, 15.2, -4.2, 62),
        (92.3, 19, 3.0, 12.6, -7.5, 41),
    ]
    with open(p("glenmore_weather_2024.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Month", "Rainfall (mm)", "Rain days", "Mean temp (C)",
                    "Max temp (C)", "Min temp (C)", "Sunshine (hours)"])
        for m, row in zip(months, data):
            w.writerow([m] + list(row))
    write_text("glenmore_weather_2024.txt", """
Monthly summary from the Glenmore Ridge automatic weather station (412 m above sea
level), kept by volunteer observer Hamish Doyle. Max and min temperatures are the
extremes recorded in the month. On 14 October 2024 Storm Brenna brought 58.2 mm of
rain in a single day, the wettest day since records began in 1987. The rain gauge
was recalibrated on 3 June 2024. A rain day is a day with at least 0.2 mm of rain.
""")


# ---------------------------------------------------------------- 5. library half-years
def build_library():
    halves = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
    cats = [
        ("Adult fiction", [18420, 17950, 17610, 18030]),
        ("Adult non-fiction", [9870, 9540, 9210, 9380]),
        ("Children's books", [15300, 16880, 15720, 17240]),
        ("Young adult", [4150, 4320, 4060, 4410]),
        ("Audiobooks", [2980, 3240, 3610, 3950]),
        ("E-books", [6750, 7420, 8190, 8860]),
        ("DVDs", [1940, 1710, 1380, 1120]),
    ]
    tot = [sum(c[1][i] for c in cats) for i in range(4)]
    with open(p("oakridge_library_loans.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Category"] + halves)
        for name, v in cats:
            w.writerow([name] + v)
        w.writerow(["Total"] + tot)
    write_text("oakridge_library_loans.txt", """
Loans (checkouts) at Oakridge Public Library by category and half-year, from the
circulation system; renewals are not counted. The branch manager is Marguerite Lin.
Children's loans are highest in the second half of each year because of the summer
reading challenge that runs in July and August. The library moved its e-book and
e-audiobook lending to the Libby app in March 2024. DVD loans keep falling, and the
DVD collection will be withdrawn at the end of June 2025.
""")


if __name__ == "__main__":
    build_pnl()
    build_hotel()
    build_workbook()
    build_school()
    build_league()
    build_weather()
    build_library()
    print("tables written to", HERE)
