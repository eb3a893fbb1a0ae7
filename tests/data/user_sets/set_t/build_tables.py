"""Writes the six tables and their text paragraphs for set T."""
import csv
import os

import pandas as pd
from openpyxl import Workbook

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(stem, text):
    with open(p(stem + ".txt"), "w") as f:
        f.write(text.strip() + "\n")


def br(x):
    """Expense shown in brackets, thousands separator."""
    return f"({-x:,})" if x < 0 else f"{x:,}"


# ---------------------------------------------------------------- 1 architecture studio (CSV, quarters as columns)
def t1():
    q = ["1Q24", "2Q24", "3Q24", "4Q24"]
    rows = {
        "Fee income": [1240, 1385, 1190, 1530],
        "Staff costs": [-710, -742, -735, -768],
        "Office rent": [-96, -96, -96, -104],
        "Software & licences": [-38, -41, -39, -44],
        "Model making & printing": [-22, -35, -18, -41],
        "Travel": [-27, -31, -24, -36],
    }
    op = [sum(v[i] for v in rows.values()) for i in range(4)]
    rows["Operating profit"] = op
    with open(p("lindqvist_oduya_quarterly.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["EUR thousand"] + q + ["FY24"])
        for k, v in rows.items():
            w.writerow([k] + [br(x) for x in v] + [br(sum(v))])
    write_text("lindqvist_oduya_quarterly", """
Lindqvist & Oduya Architects, quarterly management accounts for 2024, in thousands of euros. Fee income dipped in
the third quarter because the Norrhamn harbour library competition was postponed to 2025. Office rent rose in the
fourth quarter after the studio took an extra floor at Kanalgatan 12 in October 2024. The studio's largest client
in 2024 was the Municipality of Norrviken. Partner Mirja Lindqvist expects fee income of about six million euros
in 2025.
""")


# ---------------------------------------------------------------- 2 fishing cooperative (Markdown, months as columns)
def t2():
    months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
    rows = {
        "Cod": [42, 38, 45, 51, 47, 40],
        "Haddock": [30, 27, 33, 36, 39, 34],
        "Mackerel": [12, 8, 5, 9, 64, 88],
        "Langoustine": [6, 7, 9, 11, 12, 10],
        "Brown crab": [4, 5, 7, 10, 13, 15],
    }
    rows["Total"] = [sum(v[i] for v in rows.values()) for i in range(6)]
    hdr = ["Species (tonnes landed)"] + months + ["Total"]
    lines = ["| " + " | ".join(hdr) + " |", "|" + "|".join(["---"] + ["---:"] * 7) + "|"]
    for k, v in rows.items():
        cells = [k] + [str(x) for x in v] + [str(sum(v))]
        if k == "Total":
            cells = ["**" + c + "**" for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    with open(p("skerry_bay_landings.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    write_text("skerry_bay_landings", """
Skerry Bay Fishermen's Cooperative, landings by species at the cooperative's quay, January to June 2024, in tonnes
live weight. February landings were low because storms kept the fleet in harbour for eleven days. The summer
mackerel season opened on 6 May. The cooperative's chair is Ewan MacAskill. Members voted to buy a second ice
machine before the autumn.
""")


# ---------------------------------------------------------------- 3 private school (xlsx, two sheets, fiscal years)
def t3():
    wb = Workbook()
    ws = wb.active
    ws.title = "Income statement"
    ws.append(["Ashgrove Hall School - income statement (GBP thousand)", None, None, None])
    ws.append(["Year ended 31 August", "FY2022", "FY2023", "FY2024"])
    inc = {
        "Tuition fees": [8420, 8910, 9380],
        "Boarding fees": [1960, 2050, 2120],
        "Other income": [310, 355, 402],
    }
    exp = {
        "Teaching staff costs": [-5870, -6140, -6480],
        "Support staff costs": [-1640, -1720, -1790],
        "Premises costs": [-1210, -1330, -1365],
        "Bursaries": [-720, -790, -860],
    }
    tot = [sum(v[i] for v in inc.values()) for i in range(3)]
    for k, v in inc.items():
        ws.append([k] + v)
    ws.append(["Total income"] + tot)
    for k, v in exp.items():
        ws.append([k] + v)
    ws.append(["Surplus for the year"] + [tot[i] + sum(v[i] for v in exp.values()) for i in range(3)])

    bs = wb.create_sheet("Balance sheet")
    bs.append(["Ashgrove Hall School - balance sheet (GBP thousand)", None, None, None])
    bs.append(["As at", "31 August 2022", "31 August 2023", "31 August 2024"])
    assets = {
        "Land and buildings": [18400, 18950, 20600],
        "Fee debtors": [340, 310, 365],
        "Cash at bank": [2150, 2610, 1980],
    }
    liab = {
        "Fees received in advance": [1120, 1180, 1240],
        "Bank loan": [3000, 2600, 2200],
    }
    ta = [sum(v[i] for v in assets.values()) for i in range(3)]
    for k, v in assets.items():
        bs.append([k] + v)
    bs.append(["Total assets"] + ta)
    for k, v in liab.items():
        bs.append([k] + v)
    bs.append(["Net assets"] + [ta[i] - sum(v[i] for v in liab.values()) for i in range(3)])
    wb.save(p("ashgrove_hall_accounts.xlsx"))
    write_text("ashgrove_hall_accounts", """
Ashgrove Hall School's financial year ends on 31 August; all figures are in thousands of pounds. Cash at bank fell
in 2024 because the school paid the final instalment on the new science block, which opened in September 2023.
The bursar is Helen Okafor. Pupil numbers reached six hundred and twelve in September 2024. The governors plan to
repay the bank loan in full by 2029.
""")


# ---------------------------------------------------------------- 4 car rental branch (pandas export, months as rows)
def t4():
    idx = ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"]
    days = [1640, 1463, 1848, 2134, 2407, 2914]
    rate = [50, 51, 54, 56, 58, 64]
    df = pd.DataFrame(
        {
            "rentals": [410, 385, 462, 508, 547, 620],
            "rental_days": days,
            "revenue_usd": [d * r for d, r in zip(days, rate)],
            "fleet_size": [120, 120, 130, 130, 140, 150],
            "damage_claims": [6, 4, 7, 5, 8, 11],
        },
        index=idx,
    )
    df.to_csv(p("kestrel_airport_branch.csv"))
    write_text("kestrel_airport_branch", """
Monthly figures for the Kestrel Car Hire airport branch, exported from the booking system; revenue is in US
dollars. The fleet was enlarged in March, May and June ahead of the summer peak. June revenue was boosted by the
Harbourfest weekend, when almost every car was out. The branch manager is Tomasz Wrona. A one-way drop-off fee of
forty dollars was introduced on 1 April 2024.
""")


# ---------------------------------------------------------------- 5 recycling plant (Markdown, half-years, negatives)
def t5():
    cols = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
    rev = {
        "Sales of recovered materials": [3480, 3120, 3910, 4260],
        "Gate fees": [1650, 1720, 1780, 1840],
    }
    exp = {
        "Labour": [-1920, -1960, -2050, -2110],
        "Energy": [-610, -580, -540, -560],
        "Transport": [-740, -705, -790, -830],
        "Maintenance": [-310, -445, -290, -335],
    }
    tr = [sum(v[i] for v in rev.values()) for i in range(4)]
    op = [tr[i] + sum(v[i] for v in exp.values()) for i in range(4)]
    lines = ["| USD thousand | " + " | ".join(cols) + " |", "|---|" + "---:|" * 4]
    for k, v in rev.items():
        lines.append(f"| {k} | " + " | ".join(f"{x:,}" for x in v) + " |")
    lines.append("| Total revenue | " + " | ".join(f"{x:,}" for x in tr) + " |")
    for k, v in exp.items():
        lines.append(f"| {k} | " + " | ".join(f"{x:,}" for x in v) + " |")
    lines.append("| Operating profit | " + " | ".join(f"{x:,}" for x in op) + " |")
    with open(p("greyfield_mrf_halfyear.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    write_text("greyfield_mrf_halfyear", """
Greyfield Materials Recovery Facility, half-year results in thousands of US dollars. Sales of recovered materials
fell in the second half of 2023 because cardboard prices slumped. Maintenance was high in H2 2023 because the main
baler had to be replaced. Energy costs came down in 2024 after rooftop solar panels were switched on in January
2024. The plant manager is Rosa Delgado. The company plans to add a glass sorting line in 2025 at a cost of about
two million dollars.
""")


# ---------------------------------------------------------------- 6 music festival (xlsx, non-financial, totals)
def t6():
    wb = Workbook()
    ws = wb.active
    ws.title = "Stage attendance"
    ws.append(["Stage", "Friday", "Saturday", "Sunday", "Total"])
    rows = {
        "Main Stage": [8400, 11200, 9600],
        "Meadow Stage": [3150, 4380, 3920],
        "Barn Tent": [2240, 2910, 2470],
        "Riverside Stage": [1180, 1760, 1540],
        "Kids' Field": [620, 1450, 1310],
    }
    for k, v in rows.items():
        ws.append([k] + v + [sum(v)])
    tot = [sum(v[i] for v in rows.values()) for i in range(3)]
    ws.append(["Total"] + tot + [sum(tot)])
    wb.save(p("brackenfield_festival_2024.xlsx"))
    write_text("brackenfield_festival_2024", """
Brackenfield Folk & Roots Festival 2024 (26-28 July): wristband scans at each stage entrance, by day. Sunday's
Main Stage count was lower than Saturday's because the headliner, The Hollow Pines, went on late after a
thunderstorm. The festival director is Aoife Brennan. About nineteen thousand weekend tickets were sold. Next
year the organisers plan to add a Thursday warm-up night.
""")


if __name__ == "__main__":
    for fn in (t1, t2, t3, t4, t5, t6):
        fn()
    print("tables written")
