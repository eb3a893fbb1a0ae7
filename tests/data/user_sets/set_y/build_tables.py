"""Writes the six tables and their text files for set "y"."""
import csv
import os

import pandas as pd
from openpyxl import Workbook
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def fmt(v):
    """1,234 style; negatives in brackets."""
    if v < 0:
        return f"({-v:,})"
    return f"{v:,}"


# ---------------------------------------------------------------- 1. Harbor Lane (CSV, quarters as columns, brackets)
def table1():
    cols = ["Q4 2023", "Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
    rev = [4820, 4310, 4975, 5240, 5610]
    cos = [-1930, -1745, -1990, -2070, -2215]
    gp = [a + b for a, b in zip(rev, cos)]
    staff = [-1410, -1380, -1455, -1520, -1590]
    rent = [-520, -520, -535, -535, -560]
    mkt = [-185, -140, -210, -260, -240]
    op = [g + s + r + m for g, s, r, m in zip(gp, staff, rent, mkt)]
    rows = [
        ("Revenue", rev),
        ("Cost of sales", cos),
        ("Gross profit", gp),
        ("Staff costs", staff),
        ("Rent and occupancy", rent),
        ("Marketing", mkt),
        ("Operating profit", op),
    ]
    with open(p("harbor_lane_quarterly.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["USD thousands"] + cols)
        for name, vals in rows:
            w.writerow([name] + [fmt(v) for v in vals])
    with open(p("harbor_lane_quarterly.txt"), "w") as f:
        f.write(
            "Harbor Lane Coffee Co. runs its own cafés in Portland and Seattle and had eight cafés open "
            "at the end of 2024. Revenue dipped in the first quarter of 2024 because the Belmont Street café "
            "was closed for six weeks for renovation. Marketing spending peaked in the third quarter with the "
            "summer cold-brew campaign. The figures were prepared by chief financial officer Dana Whitcombe "
            "in January 2025. The company plans to open a ninth café in Tacoma in spring 2025.\n"
        )


# ---------------------------------------------------------------- 2. Pinecrest Inn (Markdown, months as columns)
def table2():
    months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
    days = [31, 29, 31, 30, 31, 30]
    rooms = 80
    nights = [1240, 1310, 1580, 1720, 1905, 2160]
    adr = [118, 121, 126, 134, 142, 155]
    room_rev = [n * a for n, a in zip(nights, adr)]
    occ = [round(100 * n / (rooms * d), 1) for n, d in zip(nights, days)]
    fb = [38400, 41250, 47900, 52300, 58750, 66100]
    costs = [152600, 158900, 171300, 183400, 196800, 214500]
    lines = ["# Pinecrest Inn — monthly operating data, January to June 2024", ""]
    lines.append("| Metric | " + " | ".join(months) + " |")
    lines.append("|---" + "|---:" * len(months) + "|")
    lines.append("| Room nights sold | " + " | ".join(fmt(v) for v in nights) + " |")
    lines.append("| Occupancy (%) | " + " | ".join(f"{v:.1f}" for v in occ) + " |")
    lines.append("| Average daily rate (USD) | " + " | ".join(fmt(v) for v in adr) + " |")
    lines.append("| Room revenue (USD) | " + " | ".join(fmt(v) for v in room_rev) + " |")
    lines.append("| Food & beverage revenue (USD) | " + " | ".join(fmt(v) for v in fb) + " |")
    lines.append("| Operating costs (USD) | " + " | ".join(fmt(v) for v in costs) + " |")
    with open(p("pinecrest_inn_monthly.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(p("pinecrest_inn_monthly.txt"), "w") as f:
        f.write(
            "Pinecrest Inn is an eighty-room lodge near Lake Tahoe managed by Marisol Ortega. January was slow "
            "because heavy snow closed Highway 50 for nine days. Operating costs rose in May when seasonal staff "
            "were hired for the summer. The inn plans to reopen its rooftop restaurant in July 2024.\n"
        )


# ---------------------------------------------------------------- 3. Brightwave (pandas export, periods as rows)
def table3():
    idx = ["2023Q1", "2023Q2", "2023Q3", "2023Q4", "2024Q1", "2024Q2"]
    new = [142, 155, 131, 168, 174, 190]
    churn = [38, 41, 47, 52, 49, 55]
    ending = []
    prev = 1180
    for n, c in zip(new, churn):
        prev = prev + n - c
        ending.append(prev)
    df = pd.DataFrame(
        {
            "new_customers": new,
            "churned_customers": churn,
            "ending_customers": ending,
            "mrr_k_usd": [412.5, 451.8, 480.2, 527.0, 571.4, 622.9],
            "headcount": [46, 49, 51, 55, 58, 63],
        },
        index=idx,
    )
    df.to_csv(p("brightwave_metrics.csv"))
    with open(p("brightwave_metrics.txt"), "w") as f:
        f.write(
            "Brightwave Analytics sells dashboard software to small retailers on monthly subscriptions. "
            "The company closed 2022 with one thousand one hundred and eighty customers. "
            "New sign-ups slowed in the third quarter of 2023 because the company paused paid advertising "
            "while it rebuilt its website. Sales are run by Priya Raman, who joined in March 2023. "
            "A Spanish-language version of the product is planned for September 2024.\n"
        )


# ---------------------------------------------------------------- 4. Tallis (xlsx, two sheets, negatives)
def table4():
    years = ["FY2022", "FY2023", "FY2024"]
    rev = [18450, 20120, 21760]
    cos = [-10880, -11790, -12530]
    gp = [a + b for a, b in zip(rev, cos)]
    dist = [-1940, -2110, -2260]
    adm = [-3120, -3340, -3560]
    op = [g + d + a for g, d, a in zip(gp, dist, adm)]
    fin = [-310, -285, -240]
    pbt = [o + f for o, f in zip(op, fin)]
    tax = [-418, -493, -602]
    pat = [a + b for a, b in zip(pbt, tax)]
    pl = [
        ("Revenue", rev), ("Cost of sales", cos), ("Gross profit", gp),
        ("Distribution costs", dist), ("Administrative expenses", adm), ("Operating profit", op),
        ("Finance costs", fin), ("Profit before tax", pbt), ("Tax", tax), ("Profit for the year", pat),
    ]
    ppe = [6240, 6580, 7110]
    inv = [3410, 3870, 3650]
    rec = [2150, 2390, 2520]
    cash = [1120, 1460, 2340]
    ta = [sum(x) for x in zip(ppe, inv, rec, cash)]
    pay = [2480, 2710, 2830]
    bor = [4200, 3800, 3000]
    tl = [a + b for a, b in zip(pay, bor)]
    eq = [t - l for t, l in zip(ta, tl)]
    bs = [
        ("Property, plant and equipment", ppe), ("Inventories", inv), ("Trade receivables", rec),
        ("Cash", cash), ("Total assets", ta), ("Trade payables", pay), ("Borrowings", bor),
        ("Total liabilities", tl), ("Equity", eq), ("Total liabilities and equity", [a + b for a, b in zip(tl, eq)]),
    ]
    wb = Workbook()
    for i, (title, rows) in enumerate([("P&L", pl), ("Balance sheet", bs)]):
        ws = wb.active if i == 0 else wb.create_sheet()
        ws.title = title
        ws.append(["GBP thousands"] + years)
        for c in ws[1]:
            c.font = Font(bold=True)
        for name, vals in rows:
            ws.append([name] + vals)
            for c in ws[ws.max_row][1:]:
                c.number_format = "#,##0"
        ws.column_dimensions["A"].width = 32
    wb.save(p("tallis_home_goods.xlsx"))
    with open(p("tallis_home_goods.txt"), "w") as f:
        f.write(
            "Tallis Home Goods Ltd is a Sheffield-based maker of kitchenware, run by managing director Owen Tallis. "
            "Inventories fell in 2024 after the company cleared out its discontinued enamel range. "
            "Borrowings came down because part of the bank loan was repaid early. "
            "The company employed about two hundred and ten people at the end of 2024 and plans to open "
            "a new warehouse in Doncaster in 2025.\n"
        )


# ---------------------------------------------------------------- 5. League table (Markdown, non-financial)
def table5():
    teams = [
        ("Riverside Rovers", 7, 2, 1, 24, 9),
        ("Oakfield Athletic", 6, 3, 1, 21, 10),
        ("Millbrook United", 5, 1, 4, 18, 15),
        ("Granton Town", 3, 3, 4, 14, 16),
        ("St. Aldric's FC", 2, 2, 6, 11, 20),
        ("Hollow Lane Wanderers", 1, 1, 8, 8, 26),
    ]
    lines = ["## Northside Sunday League — Division One, 2024 final table", ""]
    lines.append("| Pos | Team | P | W | D | L | GF | GA | GD | Pts |")
    lines.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for i, (t, w, d, l, gf, ga) in enumerate(teams, 1):
        gd = gf - ga
        lines.append(f"| {i} | {t} | {w + d + l} | {w} | {d} | {l} | {gf} | {ga} | {gd:+d} | {3 * w + d} |")
    with open(p("sunday_league_2024.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(p("sunday_league_2024.txt"), "w") as f:
        f.write(
            "Riverside Rovers won the title, clinching it with a 2-0 win at Granton Town on 8 September 2024. "
            "The league's top scorer was Kemi Adeyemi of Oakfield Athletic with fourteen goals. "
            "Hollow Lane Wanderers finished bottom and are relegated to Division Two. "
            "Every team played the others home and away between April and September. "
            "Next season the league expands to eight teams.\n"
        )


# ---------------------------------------------------------------- 6. Northfield Dental (xlsx, halves + FY totals, brackets)
def table6():
    cols = ["H1 2023", "H2 2023", "FY 2023", "H1 2024", "H2 2024", "FY 2024"]

    def halves(a, b, c, d):
        return [a, b, a + b, c, d, c + d]

    fees = halves(3860, 4120, 4310, 4590)
    ins = halves(1240, 1310, 1380, 1470)
    tot = [a + b for a, b in zip(fees, ins)]
    staff = halves(-2380, -2470, -2560, -2690)
    sup = halves(-610, -650, -700, -735)
    prem = halves(-540, -545, -580, -590)
    op = [t + s + u + r for t, s, u, r in zip(tot, staff, sup, prem)]
    rows = [
        ("Patient fees", fees), ("Insurance reimbursements", ins), ("Total revenue", tot),
        ("Clinical staff costs", staff), ("Dental supplies", sup), ("Premises costs", prem),
        ("Operating profit", op),
    ]
    wb = Workbook()
    ws = wb.active
    ws.title = "Half-year results"
    ws.append(["EUR thousands"] + cols)
    for c in ws[1]:
        c.font = Font(bold=True)
    for name, vals in rows:
        ws.append([name] + vals)
        for c in ws[ws.max_row][1:]:
            c.number_format = "#,##0;(#,##0)"
    ws.column_dimensions["A"].width = 28
    wb.save(p("northfield_dental_halfyear.xlsx"))
    with open(p("northfield_dental_halfyear.txt"), "w") as f:
        f.write(
            "Northfield Dental Group operates five clinics in the Dublin area under chief executive Aoife Brennan. "
            "Patient fees rose in the first half of 2024 mainly because a new clinic in Swords opened in March 2024. "
            "Supplies cost more in 2024 after a price increase from the group's main supplier, Coltrane Medical. "
            "The group plans to offer orthodontics at all its clinics during 2025.\n"
        )


if __name__ == "__main__":
    table1(); table2(); table3(); table4(); table5(); table6()
    print("tables written")
