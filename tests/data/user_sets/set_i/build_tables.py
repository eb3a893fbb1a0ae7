"""Writes the six tables of set "i" and their text paragraphs.

Run: python3.11 build_tables.py   (writes into the folder of this script)
"""
import csv
import os

import pandas as pd
from openpyxl import Workbook

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(stem, text):
    with open(p(stem + ".txt"), "w", encoding="utf-8") as f:
        f.write(" ".join(text.split()) + "\n")


# ---------------------------------------------------------------------------
# 1. Regional ferry operator - quarterly statement, quarters as columns, CSV,
#    EUR thousands, expenses in brackets.  (held)
# ---------------------------------------------------------------------------
def table1():
    q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
    rows = [
        ("Passenger fares", [412, 655, 938, 487]),
        ("Vehicle fares", [268, 401, 587, 295]),
        ("Freight and parcels", [190, 204, 211, 226]),
        ("Total revenue", None),
        ("Fuel", [-310, -352, -398, -327]),
        ("Crew wages", [-285, -301, -344, -290]),
        ("Port fees and maintenance", [-124, -118, -131, -162]),
        ("Operating profit", None),
        ("Passengers carried (thousands)", [58.4, 91.0, 127.5, 66.3]),
    ]
    vals = dict((k, v) for k, v in rows if v is not None)
    vals["Total revenue"] = [sum(x) for x in zip(vals["Passenger fares"], vals["Vehicle fares"],
                                                 vals["Freight and parcels"])]
    vals["Operating profit"] = [sum(x) for x in zip(vals["Total revenue"], vals["Fuel"],
                                                    vals["Crew wages"], vals["Port fees and maintenance"])]

    def fmt(v):
        if isinstance(v, float):
            return f"{v:.1f}"
        return f"({-v})" if v < 0 else str(v)

    with open(p("skerry_ferries_2024_quarterly.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["EUR thousands"] + q)
        for k, _ in rows:
            w.writerow([k] + [fmt(v) for v in vals[k]])
    write_text("skerry_ferries_2024_quarterly", """
        Skerry Isles Ferry Company runs three lifeline routes between the mainland harbour at Kilbrannan and
        the outer islands. Fuel costs rose from the second quarter because the company switched to low-sulphur
        marine gas oil in April 2024. Port fees and maintenance were higher in the fourth quarter because the
        MV Heather was dry-docked for its five-yearly survey, and the new vessel MV Cailleach entered service on
        14 October 2024. About eleven thousand school pupils travelled free under the island education scheme;
        they are not counted in passenger fares. Managing director Fiona MacAulay plans to add a winter Sunday
        sailing in 2025.
    """)


# ---------------------------------------------------------------------------
# 2. Public library branch - monthly operating data, months as columns,
#    Markdown.  (tune)
# ---------------------------------------------------------------------------
def table2():
    months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
    phys = [6120, 5884, 6405, 5710, 5932, 7268]
    ebook = [2310, 2198, 2455, 2502, 2611, 2743]
    rows = [
        ("Visits", [8412, 7958, 8730, 7615, 7902, 9846]),
        ("Physical loans", phys),
        ("E-book loans", ebook),
        ("Total loans", [a + b for a, b in zip(phys, ebook)]),
        ("New members", [164, 121, 138, 97, 110, 252]),
        ("Events held", [22, 20, 25, 18, 21, 30]),
        ("Event attendance", [486, 431, 562, 377, 455, 1124]),
    ]
    lines = ["| Metric | " + " | ".join(months) + " |",
             "|---|" + "---:|" * len(months)]
    for k, v in rows:
        lines.append(f"| {k} | " + " | ".join(f"{x:,}" for x in v) + " |")
    with open(p("millbrook_library_h1_2024.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("millbrook_library_h1_2024", """
        Millbrook Public Library is a branch of the county library service, open six days a week. The branch
        closed for eight days in April 2024 while the heating system was replaced, which explains the dip in
        visits that month. June figures include the Summer Reading Challenge, launched on 15 June 2024 by the
        children's author Priya Ramsden. E-book loans come through the county-wide Libby service and are
        credited to the branch where the reader is registered. Branch manager Tom Ellery plans to extend
        Thursday opening to 8 pm from September 2024.
    """)


# ---------------------------------------------------------------------------
# 3. Cider cooperative - pandas export, periods as ROWS (unnamed index),
#    metrics as columns, GBP.  (held)
# ---------------------------------------------------------------------------
def table3():
    idx = pd.PeriodIndex(["2023Q1", "2023Q2", "2023Q3", "2023Q4", "2024Q1", "2024Q2"], freq="Q")
    litres = [8200, 12400, 15100, 11300, 8900, 13600]
    price = [4.50, 4.50, 4.50, 4.70, 4.70, 4.70]
    unit_cost = [1.90, 1.90, 1.90, 1.90, 1.95, 1.95]
    revenue = [round(l * pr) for l, pr in zip(litres, price)]
    cogs = [round(l * c) for l, c in zip(litres, unit_cost)]
    df = pd.DataFrame({
        "litres_sold": litres,
        "revenue_gbp": revenue,
        "cost_of_goods_gbp": cogs,
        "gross_profit_gbp": [r - c for r, c in zip(revenue, cogs)],
        "members": [142, 148, 151, 157, 163, 170],
    }, index=idx)
    df.to_csv(p("harrow_hill_cider_quarterly.csv"))
    write_text("harrow_hill_cider_quarterly", """
        Harrow Hill Cider Cooperative is owned by orchard growers around Ledbury in Herefordshire and sells
        bottled cider from its cellar door and to local pubs. The figures are an export from the cooperative's
        sales ledger; members is the head count at the end of each quarter. The price per litre went up from
        4.50 to 4.70 pounds on 1 October 2023 to cover dearer glass bottles. Around two hundred and forty tonnes
        of apples were pressed in autumn 2023. Chair Margaret Doyle says the cooperative will buy a second belt
        press before the 2024 harvest.
    """)


# ---------------------------------------------------------------------------
# 4. Veterinary practice - two-sheet workbook (P&L, Balance sheet),
#    A$ thousands, fiscal years to 30 June.  (tune)
# ---------------------------------------------------------------------------
def table4():
    wb = Workbook()
    ws = wb.active
    ws.title = "P&L"
    ws.append(["A$ thousands", "FY2023", "FY2024"])
    pl = [
        ("Consultations", 1840, 2015),
        ("Surgery", 1265, 1402),
        ("Pharmacy and retail", 712, 768),
    ]
    rev = [sum(r[i] for r in pl) for i in (1, 2)]
    drugs = (1030, 1118)
    gp = [rev[i] - drugs[i] for i in (0, 1)]
    opex = [("Staff costs", 1690, 1842), ("Rent and utilities", 318, 336),
            ("Other operating expenses", 254, 271)]
    npbt = [gp[i] - sum(r[i + 1] for r in opex) for i in (0, 1)]
    for r in pl:
        ws.append(list(r))
    ws.append(["Total revenue"] + rev)
    ws.append(["Cost of drugs and supplies", *drugs])
    ws.append(["Gross profit"] + gp)
    for r in opex:
        ws.append(list(r))
    ws.append(["Net profit before tax"] + npbt)
    ws.column_dimensions["A"].width = 28

    bs = wb.create_sheet("Balance sheet")
    bs.append(["A$ thousands", "30 Jun 2023", "30 Jun 2024"])
    assets = [("Cash", 412, 536), ("Trade receivables", 188, 205), ("Inventory", 146, 162),
              ("Equipment (net)", 1120, 1304)]
    liabs = [("Trade payables", 164, 181), ("Bank loan", 600, 520)]
    ta = [sum(r[i] for r in assets) for i in (1, 2)]
    tl = [sum(r[i] for r in liabs) for i in (1, 2)]
    for r in assets:
        bs.append(list(r))
    bs.append(["Total assets"] + ta)
    for r in liabs:
        bs.append(list(r))
    bs.append(["Total liabilities"] + tl)
    bs.append(["Equity"] + [ta[i] - tl[i] for i in (0, 1)])
    bs.column_dimensions["A"].width = 28
    wb.save(p("kestrel_valley_vets_fy2024.xlsx"))
    write_text("kestrel_valley_vets_fy2024", """
        Kestrel Valley Veterinary Practice runs clinics in Mudgee and Gulgong, New South Wales, and its
        financial year ends on 30 June. During FY2024 the practice bought a digital X-ray unit, paid for from
        cash, which is why equipment rose on the balance sheet. The practice employs twenty-three staff,
        including nine veterinarians. Senior partner Dr Anika Hoffmann says an after-hours emergency service
        will open in March 2025.
    """)


# ---------------------------------------------------------------------------
# 5. Allotment society - non-financial harvest log with Total row and column,
#    Markdown, kilograms.  (held)
# ---------------------------------------------------------------------------
def table5():
    months = ["Jun 2024", "Jul 2024", "Aug 2024", "Sep 2024", "Oct 2024"]
    crops = [
        ("Potatoes", [42, 118, 96, 64, 20]),
        ("Runner beans", [0, 35, 88, 61, 12]),
        ("Tomatoes", [3, 47, 112, 74, 9]),
        ("Courgettes", [18, 64, 71, 29, 0]),
        ("Onions", [0, 26, 58, 14, 0]),
        ("Soft fruit", [54, 81, 23, 6, 0]),
    ]
    lines = ["| Crop (kg) | " + " | ".join(months) + " | Total |",
             "|:---|" + "---:|" * (len(months) + 1)]
    for k, v in crops:
        lines.append(f"| {k} | " + " | ".join(str(x) for x in v) + f" | {sum(v):,} |")
    col_tot = [sum(v[i] for _, v in crops) for i in range(len(months))]
    lines.append("| **Total** | " + " | ".join(f"{x:,}" for x in col_tot) + f" | {sum(col_tot):,} |")
    with open(p("rowan_street_allotments_2024.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("rowan_street_allotments_2024", """
        Rowan Street Allotment Society in Leeds has thirty-eight plots, and members weigh what they pick on the
        scales in the shared shed. The tomato crop was hit by blight in late September, which is why so few
        tomatoes were weighed in October. Society secretary Dev Malhotra keeps the harvest log. Surplus produce
        was given to the Burley food bank, and the annual show was held on 7 September 2024. The society plans
        to trial sweetcorn on two plots in 2025.
    """)


# ---------------------------------------------------------------------------
# 6. Rural water board - half-year statement, expenses as negative numbers,
#    single-sheet workbook, CAD thousands.  (tune)
# ---------------------------------------------------------------------------
def table6():
    halves = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
    inc = [("Water charges", [1482, 1536, 1598, 1655]),
           ("Connection fees", [64, 71, 58, 80]),
           ("Provincial grant", [250, 250, 300, 300])]
    exp = [("Treatment and chemicals", [-412, -398, -455, -431]),
           ("Electricity for pumping", [-287, -331, -301, -344]),
           ("Staff", [-598, -612, -640, -655]),
           ("Pipe repairs", [-176, -268, -149, -233])]
    ti = [sum(v[i] for _, v in inc) for i in range(4)]
    te = [sum(v[i] for _, v in exp) for i in range(4)]
    wb = Workbook()
    ws = wb.active
    ws.title = "Statement"
    ws.append(["CAD thousands"] + halves)
    for k, v in inc:
        ws.append([k] + v)
    ws.append(["Total income"] + ti)
    for k, v in exp:
        ws.append([k] + v)
    ws.append(["Total expenditure"] + te)
    ws.append(["Surplus"] + [a + b for a, b in zip(ti, te)])
    ws.column_dimensions["A"].width = 26
    wb.save(p("glenmoor_water_halfyear.xlsx"))
    write_text("glenmoor_water_halfyear", """
        Glenmoor Rural Water Board supplies drinking water to villages in the Annapolis Valley, Nova Scotia.
        Pipe repair costs are higher in the second half of each year because mains renewals are scheduled for
        the autumn, before the ground freezes. The provincial grant rose in 2024 after the Rural Infrastructure
        Fund increased its award, announced on 12 January 2024. General manager Colette Arsenault reports to a
        board of seven elected trustees. A new UV treatment plant at the Birch Hill reservoir is planned for
        2026 at a cost of about two million dollars.
    """)


if __name__ == "__main__":
    for fn in (table1, table2, table3, table4, table5, table6):
        fn()
    print("tables written")
