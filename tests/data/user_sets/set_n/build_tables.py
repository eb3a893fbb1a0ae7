"""Writes the six tables and their text paragraphs for set "n"."""
import csv
import os

import openpyxl
import pandas as pd
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def p(name):
    return os.path.join(HERE, name)


def write_text(stem, text):
    with open(p(stem + ".txt"), "w", encoding="utf-8") as f:
        f.write(text.strip() + "\n")


def fmt(v):
    """1928 -> '1,928'; -1928 -> '(1,928)'"""
    return f"({abs(v):,})" if v < 0 else f"{v:,}"


# ---------------------------------------------------------------- 1. quarterly CSV (held)
q_cols = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
t1 = [
    ("Revenue", [4820, 5135, 5410, 6275]),
    ("Cost of goods sold", [-1928, -2003, -2164, -2447]),
    ("Gross profit", [2892, 3132, 3246, 3828]),
    ("Selling & marketing", [-610, -655, -702, -890]),
    ("General & administrative", [-745, -760, -772, -801]),
    ("Operating income", [1537, 1717, 1772, 2137]),
]
with open(p("harbor_lane_quarterly_2024.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["USD thousands"] + q_cols)
    for name, vals in t1:
        w.writerow([name] + [fmt(v) for v in vals])
write_text("harbor_lane_quarterly_2024", """
Harbor Lane Coffee Roasters is a specialty coffee roaster based in Portland, Maine.
The jump in fourth-quarter revenue came from holiday gift boxes, which went on sale on 1 November 2024.
Selling and marketing costs rose in Q4 because of a regional TV campaign run by the agency Brightwater Media.
Chief financial officer Dana Okafor said the company plans to open a second roastery in Burlington, Vermont, in spring 2025.
Harbor Lane employed about one hundred and twenty people at the end of 2024.
""")

# ---------------------------------------------------------------- 2. monthly Markdown (tune)
months = ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025"]
day_passes = [1240, 1105, 1318, 1072, 968, 1150]
new_m = [86, 71, 94, 62, 55, 78]
cancel = [41, 38, 45, 52, 60, 47]
active = []
a = 1200  # members at 31 Dec 2024
for n, c in zip(new_m, cancel):
    a = a + n - c
    active.append(a)
price = [18, 18, 18, 19, 19, 19]
dp_rev = [d * pr for d, pr in zip(day_passes, price)]
mem_rev = [x * 59 for x in active]
tot_rev = [x + y for x, y in zip(dp_rev, mem_rev)]
t2 = [
    ("Day passes sold", day_passes, True),
    ("New memberships", new_m, True),
    ("Cancelled memberships", cancel, True),
    ("Active members (end of month)", active, False),
    ("Day-pass revenue (EUR)", dp_rev, True),
    ("Membership revenue (EUR)", mem_rev, True),
    ("Total revenue (EUR)", tot_rev, True),
]
lines = ["# Northgate Climbing Gym - monthly operating data, January to June 2025", "",
         "| Metric | " + " | ".join(months) + " | H1 2025 total |",
         "|---|" + "---:|" * (len(months) + 1)]
for name, vals, summable in t2:
    total = f"{sum(vals):,}" if summable else "-"
    lines.append(f"| {name} | " + " | ".join(f"{v:,}" for v in vals) + f" | {total} |")
with open(p("northgate_gym_monthly_h1_2025.md"), "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
write_text("northgate_gym_monthly_h1_2025", """
Northgate Climbing Gym runs a single bouldering hall in Ghent, Belgium.
The day-pass price went up from 18 to 19 euros on 1 April 2025 to cover higher energy costs.
May was a quiet month because the main wall was closed for nine days while the routes were reset.
Gym manager Priya Castellanos plans to launch a youth coaching programme in September 2025.
Membership fees stayed at fifty-nine euros a month throughout the period.
""")

# ---------------------------------------------------------------- 3. pandas export, periods as rows (held)
idx = pd.period_range("2023Q1", "2024Q2", freq="Q")
df3 = pd.DataFrame({
    "revenue_usd_m": [12.40, 13.15, 12.80, 14.60, 13.90, 15.25],
    "cost_of_sales_usd_m": [7.44, 7.76, 7.72, 8.47, 8.20, 8.84],
    "gross_profit_usd_m": [4.96, 5.39, 5.08, 6.13, 5.70, 6.41],
    "operating_expenses_usd_m": [3.10, 3.22, 3.35, 3.58, 3.64, 3.71],
    "operating_income_usd_m": [1.86, 2.17, 1.73, 2.55, 2.06, 2.70],
    "units_shipped": [18400, 19250, 18900, 21300, 20150, 22000],
}, index=idx)
df3.to_csv(p("kestrel_quarterly_metrics.csv"))
write_text("kestrel_quarterly_metrics", """
Kestrel Drone Parts makes motors and propellers for commercial drones at its plant in Tucson, Arizona.
Revenue dipped in the third quarter of 2023 because of a two-week shutdown to install a new injection-moulding line.
In January 2024 the company signed a supply agreement with AgriSky, a maker of crop-spraying drones.
Chief executive Marcus Lindqvist expects Kestrel to ship more than twenty-five thousand units in a single quarter before the end of 2024.
""")

# ---------------------------------------------------------------- 4. two-sheet workbook (tune)
years = [2022, 2023, 2024]
pl = [
    ("Revenue", [18400, 19750, 21300]),
    ("Cost of sales", [-11040, -11653, -12354]),
    ("Gross profit", [7360, 8097, 8946]),
    ("Operating expenses", [-4820, -5110, -5480]),
    ("Operating profit", [2540, 2987, 3466]),
    ("Interest expense", [-310, -285, -240]),
    ("Profit before tax", [2230, 2702, 3226]),
    ("Income tax", [-669, -811, -968]),
    ("Net profit", [1561, 1891, 2258]),
]
bs = [
    ("Assets", None),
    ("Cash", [1850, 2420, 3105]),
    ("Trade receivables", [2310, 2480, 2655]),
    ("Inventory", [3940, 4120, 4310]),
    ("Property, plant and equipment", [6700, 6950, 7400]),
    ("Total assets", [14800, 15970, 17470]),
    ("Liabilities and equity", None),
    ("Trade payables", [1920, 2050, 2190]),
    ("Bank loans", [5200, 4400, 3600]),
    ("Total liabilities", [7120, 6450, 5790]),
    ("Equity", [7680, 9520, 11680]),
    ("Total liabilities and equity", [14800, 15970, 17470]),
]
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "P&L"
ws.append(["Alder & Finch Moebel GmbH - Income statement, years ended 31 December (EUR thousands)"])
ws["A1"].font = Font(bold=True)
ws.append(["EUR thousands"] + years)
for name, vals in pl:
    ws.append([name] + vals)
ws2 = wb.create_sheet("Balance Sheet")
ws2.append(["Alder & Finch Moebel GmbH - Balance sheet at 31 December (EUR thousands)"])
ws2["A1"].font = Font(bold=True)
ws2.append(["EUR thousands"] + years)
for name, vals in bs:
    ws2.append([name] + (vals if vals else []))
for sh in (ws, ws2):
    sh.column_dimensions["A"].width = 34
    for row in sh.iter_rows(min_row=3, min_col=2):
        for c in row:
            c.number_format = "#,##0;(#,##0)"
wb.save(p("alder_finch_financials.xlsx"))
write_text("alder_finch_financials", """
Alder & Finch Moebel GmbH is a family-owned maker of oak furniture based in Freiburg, Germany.
Most of the revenue growth in 2024 came from a new range of modular shelving sold through the retailer Hausform.
The company has repaid eight hundred thousand euros of its bank loans every year since 2022.
Managing director Lena Brandt plans to move production to a larger workshop in Emmendingen in 2026.
""")

# ---------------------------------------------------------------- 5. sports league Markdown (held)
teams = [
    # team, W, D, L, GF, GA
    ("Red Lions", 7, 2, 1, 41, 18),
    ("Canal Street FC", 6, 2, 2, 36, 22),
    ("Old Mill Rovers", 5, 3, 2, 33, 24),
    ("Harbour Athletic", 4, 1, 5, 28, 31),
    ("Northside United", 2, 2, 6, 21, 37),
    ("Bakers Arms", 0, 2, 8, 15, 42),
]
lines = ["## Eastbrook Five-a-Side League - Autumn 2025 final table", "",
         "| Pos | Team | Played | Won | Drawn | Lost | Goals for | Goals against | Goal difference | Points |",
         "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
for i, (tm, W, D, L, GF, GA) in enumerate(teams, 1):
    gd = GF - GA
    lines.append(f"| {i} | {tm} | {W + D + L} | {W} | {D} | {L} | {GF} | {GA} | {gd:+d} | {3 * W + D} |")
with open(p("eastbrook_league_autumn_2025.md"), "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
write_text("eastbrook_league_autumn_2025", """
The Eastbrook Five-a-Side League autumn 2025 season ran from 7 September to 23 November, with all matches played on Sunday mornings at Eastbrook Leisure Centre.
Red Lions won the title with a game to spare, and their captain Tomas Reyes was the league's top scorer with nineteen goals.
Bakers Arms finished bottom and will be replaced next season by a new team, Foundry Wanderers.
One match between Harbour Athletic and Northside United was abandoned because of a floodlight failure and replayed the following week.
The league plans to grow to eight teams for the spring 2026 season.
""")

# ---------------------------------------------------------------- 6. half-year workbook with total column (tune)
h_cols = ["H1 2024", "H2 2024", "Full year 2024", "H1 2025"]
t6 = [
    ("Revenue", [8640, 10215, 18855, 9930]),
    ("Installations completed (number)", [432, 497, 929, 471]),
    ("Cost of installations", [-5270, -6130, -11400, -5860]),
    ("Gross profit", [3370, 4085, 7455, 4070]),
    ("Employee costs", [-1480, -1560, -3040, -1655]),
    ("Other operating expenses", [-720, -805, -1525, -760]),
    ("EBITDA", [1170, 1720, 2890, 1655]),
]
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Half-year results"
ws.append(["Marisol Solar Pty Ltd - results by half-year (AUD thousands unless stated)"])
ws["A1"].font = Font(bold=True)
ws.append([""] + h_cols)
for name, vals in t6:
    ws.append([name] + vals)
ws.column_dimensions["A"].width = 36
for row in ws.iter_rows(min_row=3, min_col=2):
    for c in row:
        c.number_format = "#,##0;-#,##0"
wb.save(p("marisol_solar_halfyear.xlsx"))
write_text("marisol_solar_halfyear", """
Marisol Solar installs rooftop solar systems for households in Perth and the surrounding region of Western Australia.
Installations picked up in the second half of 2024 after the state government's home battery rebate began on 1 July 2024.
Chief executive Aroha Mitchell said employee costs rose in 2025 because the company hired eleven new electricians in January.
The company plans to open a second branch in Bunbury in October 2025.
The half-year figures have not been audited.
""")

print("tables written")
