"""Writes the six tables and their text files for set "x"."""
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


def br(v):
    """Format an amount in thousands with brackets for negatives."""
    return f"({abs(v):,})" if v < 0 else f"{v:,}"


# ---------------------------------------------------------------- 1. quarterly statement (CSV, held)
def table1():
    cols = ["Three months ended 31 March 2024", "Three months ended 30 June 2024",
            "Three months ended 30 September 2024", "Three months ended 31 December 2024"]
    rows = [
        ("Revenue", [12480, 13150, 14020, 13610]),
        ("Cost of sales", [-8236, -8547, -9114, -8982]),
        ("Gross profit", [4244, 4603, 4906, 4628]),
        ("Distribution costs", [-1310, -1362, -1405, -1398]),
        ("Administrative expenses", [-1655, -1702, -1688, -1830]),
        ("Operating profit", [1279, 1539, 1813, 1400]),
        ("Finance costs", [-212, -208, -205, -219]),
        ("Profit before tax", [1067, 1331, 1608, 1181]),
    ]
    with open(p("harbourline_quarterly_2024.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["GBP thousands"] + cols)
        for name, vals in rows:
            w.writerow([name] + [br(v) for v in vals])
    write_text("harbourline_quarterly_2024", """
Harbourline Freight plc runs container haulage out of its depot in Felixstowe. The third quarter was lifted by a new contract with Brantwood Retail that began on 1 July 2024. Administrative expenses rose in the final quarter because of a one-off office relocation to Ipswich, which cost roughly two hundred thousand pounds. Chief financial officer Priya Nandakumar said the board expects revenue to grow by about 6% in 2025. The quarterly figures are unaudited.
""")


# ---------------------------------------------------------------- 2. club membership by month (Markdown, tune)
def table2():
    months = ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025"]
    rows = [
        ("Senior members", [98, 100, 104, 111, 116, 117]),
        ("Junior members", [42, 43, 47, 54, 59, 61]),
        ("Student members", [30, 31, 32, 35, 36, 34]),
        ("Social members", [16, 16, 17, 18, 19, 20]),
        ("Total members (month end)", [186, 190, 200, 218, 230, 232]),
        ("New joiners", [9, 6, 14, 21, 17, 8]),
        ("Leavers", [3, 2, 4, 3, 5, 6]),
        ("Subscriptions collected (GBP)", [2450, 1980, 3120, 4760, 3890, 2210]),
    ]
    lines = ["| Riverside Rowing Club | " + " | ".join(months) + " |",
             "|---|" + "---:|" * len(months)]
    for name, vals in rows:
        lines.append(f"| {name} | " + " | ".join(f"{v:,}" for v in vals) + " |")
    with open(p("riverside_rowing_membership.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write_text("riverside_rowing_membership", """
Riverside Rowing Club, based at the Hallam Reach boathouse, ended 2024 with one hundred and eighty members. The jump in new joiners in April followed the Learn to Row open weekend held on 5 April 2025. Membership secretary Tom Ashdown notes that student numbers usually dip in June as university terms end. The committee plans to cap junior membership at 65 because there are not enough qualified coaches. Subscriptions are shown in pounds.
""")


# ---------------------------------------------------------------- 3. shop weekly sales (pandas export, periods as rows, held)
def table3():
    idx = ["2024-09-02", "2024-09-09", "2024-09-16", "2024-09-23", "2024-09-30", "2024-10-07"]
    df = pd.DataFrame({
        "transactions": [1412, 1387, 1455, 1398, 1521, 1476],
        "gross_sales_gbp": [9884.40, 9702.15, 10213.80, 9811.60, 10987.25, 10544.90],
        "refunds_gbp": [62.10, 45.00, 88.35, 30.20, 51.75, 40.40],
        "net_sales_gbp": [9822.30, 9657.15, 10125.45, 9781.40, 10935.50, 10504.50],
        "newspapers_sold": [655, 641, 630, 622, 618, 603],
        "coffees_sold": [388, 402, 431, 419, 466, 455],
    }, index=idx)
    df.to_csv(p("moss_lane_weekly_sales.csv"))
    write_text("moss_lane_weekly_sales", """
Moss Lane Convenience is a family-run shop owned by Farida and Imran Qureshi. Each row is the week commencing on the Monday shown. The week commencing 30 September 2024 included the Moss Lane street festival, which brought extra footfall. A self-service coffee machine was installed on 12 August 2024, and the owners want coffee sales to reach five hundred cups a week by Christmas. Most refunds are for mistaken phone top-ups and lottery tickets.
""")


# ---------------------------------------------------------------- 4. two-sheet workbook, fiscal years (xlsx, tune)
def table4():
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "P&L"
    ws.append(["USD millions, fiscal year ended 30 June", "FY2022", "FY2023", "FY2024"])
    for r in [
        ("Net sales", 412.6, 455.3, 438.9),
        ("Cost of goods sold", -247.6, -268.6, -263.3),
        ("Gross profit", 165.0, 186.7, 175.6),
        ("Operating expenses", -110.5, -123.7, -128.5),
        ("Operating income", 54.5, 63.0, 47.1),
        ("Interest expense", -6.2, -5.8, -7.4),
        ("Income tax expense", -11.1, -13.2, -9.1),
        ("Net income", 37.2, 44.0, 30.6),
    ]:
        ws.append(list(r))
    ws2 = wb.create_sheet("Balance sheet")
    ws2.append(["USD millions, as at", "30 Jun 2023", "30 Jun 2024"])
    for r in [
        ("Cash and equivalents", 38.4, 22.7),
        ("Inventories", 96.2, 118.5),
        ("Trade receivables", 41.7, 44.9),
        ("Property and equipment", 122.3, 128.6),
        ("Total assets", 298.6, 314.7),
        ("Total liabilities", 149.8, 163.3),
        ("Shareholders' equity", 148.8, 151.4),
        ("Total liabilities and equity", 298.6, 314.7),
    ]:
        ws2.append(list(r))
    for sh in (ws, ws2):
        sh.column_dimensions["A"].width = 40
        for row in sh.iter_rows(min_row=2, min_col=2):
            for c in row:
                c.number_format = "#,##0.0;-#,##0.0"
    wb.save(p("kestrel_outdoor_fy.xlsx"))
    write_text("kestrel_outdoor_fy", """
Kestrel Outdoor Gear Inc. designs tents and backpacks and sells them through outdoor retailers; its fiscal year ends on 30 June. Net sales dipped in fiscal 2024 after a warm, dry winter cut demand for insulated gear, and unsold stock built up in the warehouses. Chief executive Dana Whitfield announced on 14 August 2024 a plan to close the Reno distribution center. During fiscal 2024 the company returned twenty-eight million dollars to shareholders through dividends and share buybacks.
""")


# ---------------------------------------------------------------- 5. grant spend by half-year (Markdown, Total row and column, held)
def table5():
    halves = ["H1 2023", "H2 2023", "H1 2024", "H2 2024"]
    lines_ = {
        "Staff salaries": ([21400, 22150, 22900, 23300], 90000),
        "Venue hire": ([3200, 3450, 2800, 2950], 12000),
        "Training and materials": ([4100, 2650, 3900, 1850], 14000),
        "Volunteer expenses": ([1180, 1420, 1560, 1390], 6000),
        "Evaluation": ([0, 1500, 0, 4500], 6000),
    }
    out = ["| Budget line (GBP) | " + " | ".join(halves) + " | Total spent | Budget |",
           "|:---|" + "---:|" * (len(halves) + 2)]
    tot = [0] * 4
    btot = 0
    for name, (vals, budget) in lines_.items():
        out.append(f"| {name} | " + " | ".join(f"{v:,}" for v in vals)
                   + f" | {sum(vals):,} | {budget:,} |")
        tot = [a + b for a, b in zip(tot, vals)]
        btot += budget
    out.append("| **Total** | " + " | ".join(f"**{v:,}**" for v in tot)
               + f" | **{sum(tot):,}** | **{btot:,}** |")
    with open(p("greenway_grant_spend.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    write_text("greenway_grant_spend", """
Greenway Youth Mentoring received a two-year grant from the Northfield Community Fund covering January 2023 to December 2024. Venue costs fell in 2024 after the project moved its sessions to St Anne's church hall. The independent evaluation was carried out by Clearview Research, which delivered its final report on 28 February 2025. Any underspend of up to two thousand pounds may be carried forward, subject to the funder's approval. Amounts are in pounds sterling.
""")


# ---------------------------------------------------------------- 6. utility bill history (CSV, months as rows, tune)
def table6():
    rows = [
        ("Oct 2023", 245, 78.40, 610, 52.10, 34.50),
        ("Nov 2023", 298, 92.35, 1120, 86.40, 34.50),
        ("Dec 2023", 342, 104.80, 1480, 110.25, 34.50),
        ("Jan 2024", 331, 98.15, 1610, 112.90, 36.20),
        ("Feb 2024", 287, 86.05, 1290, 92.60, 36.20),
        ("Mar 2024", 262, 79.60, 940, 70.35, 36.20),
    ]
    with open(p("orchard_close_utilities.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Month", "Electricity (kWh)", "Electricity (£)", "Gas (kWh)", "Gas (£)",
                    "Water (£)", "Total (£)"])
        for m, ek, ec, gk, gc, wc in rows:
            w.writerow([m, f"{ek:,}", f"{ec:.2f}", f"{gk:,}", f"{gc:.2f}", f"{wc:.2f}",
                        f"{ec + gc + wc:.2f}"])
    write_text("orchard_close_utilities", """
These are the monthly utility bills for 14 Orchard Close, a three-bedroom house where the Okafor family lives. Electricity and gas come from Brightwell Energy on a variable tariff, and the water charge went up in January 2024 when South Vale Water applied its annual price rise. A smart thermostat was fitted on 20 January 2024, which the family credits for the lower gas use in February and March. They plan to switch to a fixed tariff in April 2024.
""")


if __name__ == "__main__":
    for t in (table1, table2, table3, table4, table5, table6):
        t()
    print("written")
