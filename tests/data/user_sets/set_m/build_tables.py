"""Write the six tables and their text paragraphs for set "m"."""
import csv
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def fmt(v, brackets=False):
    """Format an integer with thousand separators; negatives in brackets if asked."""
    if v < 0 and brackets:
        return f"({-v:,})"
    return f"{v:,}"


def write_text(stem, text):
    with open(p(stem + ".txt"), "w", encoding="utf-8") as f:
        f.write(text.strip() + "\n")


# ---------------------------------------------------------------- table 1 (held)
# Quarterly statement of operations, CSV, USD thousands, expenses in brackets.
T1 = [
    ("Revenue", [4120, 4585, 4910, 5360]),
    ("Cost of goods sold", [-1648, -1788, -1866, -2090]),
    ("Gross profit", [2472, 2797, 3044, 3270]),
    ("Store operating expenses", [-1310, -1402, -1455, -1530]),
    ("Marketing", [-205, -240, -310, -262]),
    ("General & administrative", [-398, -405, -412, -431]),
    ("Operating income", [559, 750, 867, 1047]),
]


def build_t1():
    with open(p("harbor_lane_quarterly_2024.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["USD thousands", "Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"])
        for name, vals in T1:
            w.writerow([name] + [fmt(v, brackets=True) for v in vals])
    write_text("harbor_lane_quarterly_2024", """
Harbor Lane Coffee Co. opened its twelfth café, on Marlow Street, in August 2024.
The jump in marketing spend in the third quarter was due to the autumn loyalty-app launch campaign.
Drip coffee prices were raised by 5% on 1 April 2024.
The company ended the year with roughly three hundred and ten employees.
CFO Priya Raman said the company plans to open two more cafés in the first half of 2025.
""")


# ---------------------------------------------------------------- table 2 (tune)
# Monthly hotel operating data, Markdown, months as columns.
T2_MONTHS = ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025"]
T2 = [
    ("Rooms available", [1240, 1120, 1240, 1200, 1240, 1200]),
    ("Rooms sold", [744, 784, 806, 660, 868, 1020]),
    ("Occupancy (%)", [60.0, 70.0, 65.0, 55.0, 70.0, 85.0]),
    ("Average daily rate (USD)", [182, 195, 176, 158, 171, 214]),
    ("Room revenue (USD)", [135408, 152880, 141856, 104280, 148428, 218280]),
    ("Food & beverage revenue (USD)", [41250, 45900, 39870, 30115, 44560, 63240]),
]


def build_t2():
    lines = ["| Metric | " + " | ".join(T2_MONTHS) + " |",
             "|---|" + "---:|" * len(T2_MONTHS)]
    for name, vals in T2:
        cells = [f"{v:.1f}" if isinstance(v, float) else fmt(v) for v in vals]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    with open(p("pinecrest_lodge_monthly.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("pinecrest_lodge_monthly", """
Pinecrest Lodge is a 40-room mountain inn run by general manager Tomás Ferreira.
April is the shoulder season, and in April 2025 the east wing was also closed for two weeks for roof repairs, although its rooms stayed in the available count.
A new lakeside terrace restaurant opened on 14 June 2025.
The lodge expects occupancy of about ninety percent in July.
""")


# ---------------------------------------------------------------- table 3 (held)
# pandas export, periods as rows (unnamed index), metrics as columns.
T3_INDEX = ["2023Q1", "2023Q2", "2023Q3", "2023Q4", "2024Q1", "2024Q2"]
T3 = {
    "orders": [12400, 15800, 14100, 21500, 13900, 17600],
    "revenue_usd_k": [1054, 1375, 1227, 1935, 1209, 1566],
    "marketing_spend_usd_k": [180, 220, 195, 310, 205, 240],
    "new_customers": [3100, 4020, 3380, 5640, 3290, 4410],
    "returns_usd_k": [62, 81, 74, 128, 70, 93],
}


def build_t3():
    df = pd.DataFrame(T3, index=T3_INDEX)
    df.to_csv(p("kestrel_outdoor_kpis.csv"))
    write_text("kestrel_outdoor_kpis", """
Kestrel Outdoor sells camping and climbing gear online.
The spike in the fourth quarter of 2023 came from the Black Friday "Summit Sale", which ran for eleven days.
In early 2024 head of growth Dana Okafor moved part of the marketing budget from paid search to podcast sponsorships.
The company plans to launch a gear rental service in September 2024.
The figures exclude sales made through the Portland pop-up store.
""")


# ---------------------------------------------------------------- table 4 (tune)
# Two-sheet workbook: P&L and balance sheet, fiscal years ending 30 June, EUR thousands.
T4_YEARS = ["FY2023", "FY2024", "FY2025"]
T4_PL = [
    ("Patient fees", [8640, 9310, 10285]),
    ("Insurance reimbursements", [3120, 3405, 3690]),
    ("Total revenue", [11760, 12715, 13975]),
    ("Staff costs", [-6115, -6540, -7020]),
    ("Dental supplies", [-1410, -1525, -1690]),
    ("Rent and utilities", [-1180, -1230, -1305]),
    ("Depreciation", [-520, -585, -640]),
    ("Operating profit", [2535, 2835, 3320]),
    ("Interest expense", [-210, -195, -170]),
    ("Income tax", [-580, -660, -790]),
    ("Net profit", [1745, 1980, 2360]),
]
T4_BS = [
    ("Cash", [1240, 1615, 2080]),
    ("Receivables", [960, 1045, 1130]),
    ("Equipment (net)", [3850, 4210, 4470]),
    ("Total assets", [6050, 6870, 7680]),
    ("Bank loan", [2600, 2300, 1950]),
    ("Payables", [710, 760, 820]),
    ("Equity", [2740, 3810, 4910]),
    ("Total liabilities and equity", [6050, 6870, 7680]),
]


def build_t4():
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "P&L"
    ws.append(["EUR thousands"] + T4_YEARS)
    for name, vals in T4_PL:
        ws.append([name] + vals)
    ws2 = wb.create_sheet("Balance sheet")
    ws2.append(["EUR thousands, at 30 June"] + T4_YEARS)
    for name, vals in T4_BS:
        ws2.append([name] + vals)
    for sh in (ws, ws2):
        sh.column_dimensions["A"].width = 30
        for row in sh.iter_rows(min_row=2, min_col=2):
            for c in row:
                c.number_format = "#,##0;-#,##0"
    wb.save(p("brightwater_dental_fy.xlsx"))
    write_text("brightwater_dental_fy", """
Brightwater Dental Group runs a network of clinics around Galway, and its fiscal year ends on 30 June.
A sixth clinic, in Salthill, opened in March 2025.
Staff costs rose in FY2025 mainly because of a new nurses' pay agreement.
Managing director Aoife Brennan said the bank loan should be fully repaid by 2028.
The group employs about one hundred and forty people.
""")


# ---------------------------------------------------------------- table 5 (held)
# Non-financial: basketball season stats, Markdown, with a Total row.
T5_COLS = ["Player", "Games", "Points", "Rebounds", "Assists", "Steals"]
T5 = [
    ("Maya Chen", [18, 312, 96, 71, 28]),
    ("Jordan Ellis", [18, 265, 142, 38, 19]),
    ("Sofia Alvarez", [17, 198, 61, 102, 34]),
    ("Nia Brooks", [16, 154, 118, 22, 11]),
    ("Hannah Price", [18, 131, 49, 45, 23]),
    ("Leah Kim", [12, 74, 30, 19, 9]),
    ("Grace Obi", [9, 41, 37, 6, 4]),
]
T5_TOTAL = ("Total", [None, 1175, 533, 303, 128])


def build_t5():
    lines = ["| " + " | ".join(T5_COLS) + " |", "|---|" + "---:|" * (len(T5_COLS) - 1)]
    for name, vals in T5 + [T5_TOTAL]:
        cells = ["" if v is None else str(v) for v in vals]
        if name == "Total":
            lines.append("| **Total** | " + " | ".join(cells) + " |")
        else:
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
    with open(p("riverside_hawks_2024_25.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("riverside_hawks_2024_25", """
The Riverside Hawks are an under-16 girls' basketball team coached by Marcus Webb.
Their 2024-25 season ran from October to March, and the team played 18 games, finishing with thirteen wins and five losses.
Grace Obi missed nine games with a sprained ankle in December.
Next season the team moves up to the regional Division One league.
""")


# ---------------------------------------------------------------- table 6 (tune)
# Half-year statement, single-sheet xlsx, GBP thousands, expenses as negatives.
T6_HALVES = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
T6 = [
    ("Revenue", [2840, 3215, 3060, 3470]),
    ("Cost of sales", [-1562, -1736, -1622, -1805]),
    ("Gross profit", [1278, 1479, 1438, 1665]),
    ("Selling and distribution", [-342, -388, -361, -402]),
    ("Administrative expenses", [-496, -511, -528, -540]),
    ("Operating profit", [440, 580, 549, 723]),
    ("Print jobs completed (number)", [4120, 4610, 4380, 4950]),
]


def build_t6():
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Half-year summary"
    ws.append(["GBP thousands"] + T6_HALVES)
    for name, vals in T6:
        ws.append([name] + vals)
    ws.column_dimensions["A"].width = 32
    for row in ws.iter_rows(min_row=2, min_col=2):
        for c in row:
            c.number_format = "#,##0;-#,##0"
    wb.save(p("alder_finch_halfyear.xlsx"))
    write_text("alder_finch_halfyear", """
Alder & Finch Print Ltd is a commercial printer based in Leeds.
In H1 2024 it lost its largest packaging client, Harlow Foods, which explains the dip in revenue against H2 2023.
A second digital press was installed in October 2024 at a cost of about four hundred thousand pounds.
Managing director Ruth Alder plans to enter the label-printing market in 2025.
""")


if __name__ == "__main__":
    build_t1(); build_t2(); build_t3(); build_t4(); build_t5(); build_t6()
    print("tables written")
