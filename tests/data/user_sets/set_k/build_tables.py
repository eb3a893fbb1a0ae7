"""Writes the six tables and their text files for set k."""
import csv
import os

import pandas as pd
from openpyxl import Workbook
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def fmt(n, brackets=False):
    s = f"{abs(n):,}"
    if n < 0:
        return f"({s})" if brackets else f"-{s}"
    return s


def write_text(name, text):
    with open(p(name), "w", encoding="utf-8") as f:
        f.write(" ".join(text.split()) + "\n")


# ---------------------------------------------------------------- 1. bakery (CSV, 1Q25 columns, brackets)
def bakery():
    q = ["1Q25", "2Q25", "3Q25", "4Q25"]
    revenue = [1842, 2016, 2105, 2531]
    cos = [774, 827, 863, 1063]
    staff = [512, 538, 549, 601]
    rent = [236, 241, 229, 252]
    gp = [r - c for r, c in zip(revenue, cos)]
    op = [g - s - r for g, s, r in zip(gp, staff, rent)]
    shops = [14, 14, 15, 16]
    rows = [
        ("Revenue", revenue, False),
        ("Cost of sales", [-x for x in cos], True),
        ("Gross profit", gp, False),
        ("Staff costs", [-x for x in staff], True),
        ("Rent and utilities", [-x for x in rent], True),
        ("Operating profit", op, False),
    ]
    with open(p("hearthstone_bakeries_quarterly_2025.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["£ thousand"] + q + ["FY25"])
        for label, vals, br in rows:
            w.writerow([label] + [fmt(v, br) for v in vals] + [fmt(sum(vals), br)])
        w.writerow(["Shops open at period end"] + [str(s) for s in shops] + [str(shops[-1])])
    write_text("hearthstone_bakeries_quarterly_2025.txt", """
        Hearthstone Bakeries runs a chain of bakery cafes across the West Midlands. The fifteenth shop, in
        Kenilworth, opened in August 2025 and the sixteenth, in Solihull, opened in November 2025, which together
        with Christmas orders lifted the fourth quarter. Finance director Priya Nandakumar blamed a rise in flour
        prices in the spring for the higher cost of sales in the second quarter. Catering contracts with local
        offices brought in about three hundred and twelve thousand pounds of revenue over the year. The board plans
        to open two more shops in 2026, one of them in Leamington Spa.
    """)


# ---------------------------------------------------------------- 2. library (Markdown, months as columns)
def library():
    months = ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025"]
    visits = [18420, 17905, 19230, 16880, 17310, 15960]
    phys = [9640, 9215, 9870, 8930, 9105, 8420]
    ebook = [3120, 3045, 3380, 3510, 3655, 3790]
    total = [a + b for a, b in zip(phys, ebook)]
    events = [22, 24, 27, 19, 21, 16]
    attend = [640, 712, 815, 530, 602, 455]
    members = [412, 298, 356, 281, 305, 340]
    rows = [
        ("Visits", visits),
        ("Physical loans", phys),
        ("E-book loans", ebook),
        ("Total loans", total),
        ("Events held", events),
        ("Event attendance", attend),
        ("New members", members),
    ]
    lines = ["Ashford City Library - monthly activity, January to June 2025", ""]
    lines.append("| Measure | " + " | ".join(months) + " |")
    lines.append("|---|" + "---:|" * len(months))
    for label, vals in rows:
        lines.append(f"| {label} | " + " | ".join(fmt(v) for v in vals) + " |")
    with open(p("ashford_library_monthly_h1_2025.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("ashford_library_monthly_h1_2025.txt", """
        Ashford City Library is run by Ashford City Council from a single central branch on Elwick Road. The
        library closed for four days in April 2025 to replace the heating system, which explains part of the April
        dip in visits. E-book lending has kept growing since the council joined the regional Libby consortium in
        December 2024. Head librarian Marguerite Olsen will launch a summer reading challenge for children on
        1 July 2025. The council's grant to the library for the year is about one point two million pounds.
    """)


# ---------------------------------------------------------------- 3. logistics (pandas to_csv, years as rows)
def freight():
    years = [2021, 2022, 2023, 2024, 2025]
    df = pd.DataFrame(
        {
            "Shipments (thousand)": [412, 455, 471, 498, 523],
            "Revenue (£m)": [38.6, 44.1, 46.8, 49.9, 53.2],
            "Fuel cost (£m)": [7.9, 11.3, 10.2, 9.6, 9.9],
            "Driver wages (£m)": [12.4, 13.6, 14.5, 15.3, 16.4],
            "Other costs (£m)": [14.1, 15.2, 16.3, 17.6, 18.9],
        },
        index=years,
    )
    df["Operating profit (£m)"] = (
        df["Revenue (£m)"] - df["Fuel cost (£m)"] - df["Driver wages (£m)"] - df["Other costs (£m)"]
    ).round(1)
    df["On-time delivery (%)"] = [91.2, 89.7, 92.4, 93.1, 94.0]
    df.to_csv(p("northgate_freight_annual.csv"))
    write_text("northgate_freight_annual.txt", """
        Northgate Freight is a family-owned road haulier based in Doncaster, run by managing director Tomasz
        Wierzbicki. Fuel costs jumped in 2022 because of a spike in diesel prices after the invasion of Ukraine.
        The company moved into a new cross-dock warehouse at Rossington in March 2024. About forty percent of its
        shipments in 2025 were for supermarket customers. It plans to replace a quarter of its diesel lorries with
        electric ones by 2028.
    """)


# ---------------------------------------------------------------- 4. consultancy (xlsx, two sheets, halves)
def consultancy():
    wb = Workbook()
    ws = wb.active
    ws.title = "P&L"
    halves = ["H1 2024", "H2 2024", "H1 2025"]
    fees = [2840, 3110, 3365]
    sub = [-420, -465, -510]
    sal = [-1760, -1845, -1990]
    office = [-215, -230, -242]
    op = [a + b + c + d for a, b, c, d in zip(fees, sub, sal, office)]
    hours = [21300, 23100, 24450]
    ws.append(["€ thousand"] + halves)
    for label, vals in [
        ("Fee revenue", fees),
        ("Subcontractor costs", sub),
        ("Salaries", sal),
        ("Office and software", office),
        ("Operating profit", op),
        ("Billable hours (hours)", hours),
    ]:
        ws.append([label] + vals)
    bs = wb.create_sheet("Balance sheet")
    dates = ["30 Jun 2024", "31 Dec 2024", "30 Jun 2025"]
    equip = [140, 152, 148]
    recv = [960, 1040, 1175]
    payables = [310, 355, 372]
    accruals = [185, 240, 262]
    equity = [1725, 2224, 2769]
    liab = [a + b for a, b in zip(payables, accruals)]
    total_assets = [l + e for l, e in zip(liab, equity)]
    cash = [t - q - r for t, q, r in zip(total_assets, equip, recv)]
    bs.append(["€ thousand"] + dates)
    for label, vals in [
        ("Cash", cash),
        ("Trade receivables", recv),
        ("Equipment (net)", equip),
        ("Total assets", total_assets),
        ("Trade payables", payables),
        ("Accruals and tax", accruals),
        ("Total liabilities", liab),
        ("Equity", equity),
    ]:
        bs.append([label] + vals)
    for sheet in (ws, bs):
        for c in sheet[1]:
            c.font = Font(bold=True)
        sheet.column_dimensions["A"].width = 26
        for row in sheet.iter_rows(min_row=2, min_col=2):
            for c in row:
                c.number_format = "#,##0;(#,##0)"
    wb.save(p("brightwire_consulting_2025.xlsx"))
    write_text("brightwire_consulting_2025.txt", """
        Brightwire Consulting Ltd is a Dublin software consultancy founded in 2016 by Aoife Brennan and Karl
        Dressler. In the second half of 2024 it won a three-year contract to rebuild the booking system of a
        regional bus operator, Westlink Coaches. Salaries rose in the first half of 2025 after a 4% pay award in
        January and the hiring of five consultants. No dividend was paid in 2024 or 2025, and the directors keep
        roughly half a million euros of cash as a reserve. The company intends to open a small office in Lisbon
        in early 2026.
    """)


# ---------------------------------------------------------------- 5. lab trial (Markdown, non-financial, Total row)
def lab():
    rows = [
        ("Control", 12, 120, 97, "18.4", "41.6"),
        ("Low nitrogen", 12, 120, 101, "21.7", "52.3"),
        ("High nitrogen", 12, 120, 99, "25.9", "63.8"),
        ("Biochar", 12, 120, 104, "20.3", "49.1"),
        ("Biochar + nitrogen", 12, 120, 108, "27.6", "71.5"),
    ]
    tot = ("Total", sum(r[1] for r in rows), sum(r[2] for r in rows), sum(r[3] for r in rows), "-",
           f"{sum(float(r[5]) for r in rows):.1f}")
    lines = ["Trial T-07: wheat seedlings by soil treatment, harvested 12 September 2025", ""]
    lines.append("| Treatment | Pots | Seeds sown | Germinated | Mean height day 28 (cm) | Dry biomass (g) |")
    lines.append("|---|---:|---:|---:|---:|---:|")
    for r in rows + [tot]:
        lines.append("| " + " | ".join(str(x) for x in r) + " |")
    with open(p("okafor_lab_wheat_trial_t07.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("okafor_lab_wheat_trial_t07.txt", """
        Trial T-07 was run by PhD student Daniel Mwangi in Dr Ngozi Okafor's plant science lab, using the
        university's growth chambers. Seeds were sown on 15 August 2025 and the seedlings were harvested after
        twenty-eight days. The biochar was supplied by Yorkshire Char Co. Two pots in the high nitrogen group were
        damaged by a watering fault but were kept in the counts. A follow-up trial with barley is planned for
        January 2026.
    """)


# ---------------------------------------------------------------- 6. charity (xlsx, one sheet, Total column, negatives)
def charity():
    wb = Workbook()
    ws = wb.active
    ws.title = "SOFA"
    ws.append(["Riverside Food Share - statement of financial activities (£)"])
    ws.append([])
    header = ["", "Unrestricted funds", "Restricted funds", "Total year ended 31 March 2025",
              "Total year ended 31 March 2024"]
    ws.append(header)
    hdr_row = ws.max_row
    inc = [("Donations and fundraising", 212050, 36500, 229600),
           ("Grants", 42000, 128600, 151300)]
    exp = [("Food purchases", -96400, -88300, -162900),
           ("Staff costs", -88700, -52100, -131500),
           ("Premises and vans", -41300, -12600, -49800)]

    def line(label, u, r, prev):
        ws.append([label, u, r, u + r, prev])

    for x in inc:
        line(*x)
    ti = [sum(x[i] for x in inc) for i in (1, 2, 3)]
    line("Total income", *ti)
    for x in exp:
        line(*x)
    te = [sum(x[i] for x in exp) for i in (1, 2, 3)]
    line("Total expenditure", *te)
    line("Net income", ti[0] + te[0], ti[1] + te[1], ti[2] + te[2])
    ws["A1"].font = Font(bold=True)
    for c in ws[hdr_row]:
        c.font = Font(bold=True)
    ws.column_dimensions["A"].width = 28
    for row in ws.iter_rows(min_row=hdr_row + 1, min_col=2):
        for c in row:
            c.number_format = "#,##0;-#,##0"
    wb.save(p("riverside_food_share_sofa_2025.xlsx"))
    write_text("riverside_food_share_sofa_2025.txt", """
        Riverside Food Share is a registered charity that collects surplus food and runs three community pantries
        in Norwich. Its largest restricted grant comes from the Norfolk Community Foundation and pays for the van
        delivery scheme. In the year ended 31 March 2025 it distributed about two hundred and ten tonnes of food.
        Chair of trustees Helen Achterberg said the rise in food purchases reflected higher demand over the
        winter. The trustees aim to hold reserves equal to three months of unrestricted spending.
    """)


if __name__ == "__main__":
    bakery()
    library()
    freight()
    consultancy()
    lab()
    charity()
    print("tables written")
