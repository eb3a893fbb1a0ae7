"""Writes the six tables and their text files for question set "j"."""
import os
import pandas as pd
from openpyxl import Workbook
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, text):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(text)


# ---------- 1. Harbor Tools: quarterly statement, CSV, quarters as columns, expenses in brackets ----------
t1 = [
    ["USD thousands", "1Q24", "2Q24", "3Q24", "4Q24"],
    ["Net sales", "12,480", "13,950", "14,720", "16,310"],
    ["Cost of sales", "(7,860)", "(8,650)", "(9,010)", "(9,950)"],
    ["Gross profit", "4,620", "5,300", "5,710", "6,360"],
    ["Selling, general & administrative", "(2,140)", "(2,210)", "(2,290)", "(2,480)"],
    ["Research & development", "(620)", "(640)", "(700)", "(760)"],
    ["Operating income", "1,860", "2,450", "2,720", "3,120"],
    ["Units shipped (thousands)", "41.6", "45.0", "46.0", "49.0"],
]
import csv
with open(os.path.join(HERE, "harbor_tools_2024_quarterly.csv"), "w", newline="", encoding="utf-8") as f:
    csv.writer(f).writerows(t1)
w("harbor_tools_2024_quarterly.txt",
  "Harbor Tools Inc. makes cordless power tools at its plant in Dayton, Ohio. "
  "The jump in fourth-quarter sales was driven mainly by a holiday promotion with a national hardware chain. "
  "Chief financial officer Maria Okafor said the company plans to open a second assembly line in March 2025. "
  "Headcount at the end of 2024 was roughly four hundred and twenty employees. "
  "Most of the R&D spending went to a new brushless motor platform.\n")

# ---------- 2. CloudNest: monthly SaaS metrics, Markdown, months as columns ----------
months = ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
t2 = [
    ("MRR ($k)", ["312.4", "327.1", "346.8", "362.9", "384.5", "407.9"]),
    ("New customers", ["85", "78", "102", "95", "110", "120"]),
    ("Churned customers", ["21", "18", "25", "30", "22", "26"]),
    ("Customers (end of month)", ["1,264", "1,324", "1,401", "1,466", "1,554", "1,648"]),
    ("Marketing spend ($k)", ["58.0", "55.5", "71.2", "66.0", "74.8", "80.5"]),
]
lines = ["| Metric | " + " | ".join(months) + " |",
         "|---|" + "---:|" * len(months)]
for label, vals in t2:
    lines.append("| " + label + " | " + " | ".join(vals) + " |")
w("cloudnest_saas_h1_2024.md", "\n".join(lines) + "\n")
w("cloudnest_saas_h1_2024.txt",
  "CloudNest sells appointment-scheduling software to dental clinics on monthly subscriptions. "
  "The company ended 2023 with twelve hundred paying customers. "
  "The March spike in new customers followed the launch of a free migration service for clinics leaving a rival product. "
  "Head of growth Daniel Reyes plans to raise list prices by 8% on 1 September 2024. "
  "A churned customer is counted in the month its subscription lapses.\n")

# ---------- 3. Lakeside Metro: pandas export, quarters as ROWS (unnamed PeriodIndex) ----------
idx = pd.period_range("2023Q1", "2024Q2", freq="Q")
df3 = pd.DataFrame({
    "journeys_m": [18.4, 19.1, 17.6, 20.2, 19.8, 20.9],
    "fare_revenue_usd_m": [36.8, 38.2, 35.2, 40.4, 43.6, 46.0],
    "operating_cost_usd_m": [52.1, 53.0, 51.4, 55.8, 56.3, 57.9],
    "on_time_pct": [91.2, 92.5, 88.7, 90.4, 93.1, 94.0],
    "trains_in_service": [142, 142, 145, 148, 150, 150],
}, index=idx)
df3.to_csv(os.path.join(HERE, "lakeside_metro_quarterly.csv"))
w("lakeside_metro_quarterly.txt",
  "Lakeside Metro runs three light-rail lines in the city of Port Alder. "
  "The standard fare rose from two dollars to two dollars twenty on 1 January 2024. "
  "The dip in on-time performance in the third quarter of 2023 was caused by track renewal works on the Green Line. "
  "General manager Aisha Whitfield expects the new Harbour Extension to open in October 2025. "
  "All figures are for calendar quarters.\n")

# ---------- 4. Brightfield Organics: two-sheet workbook (income statement + balance sheet), negatives ----------
wb = Workbook()
ws = wb.active
ws.title = "Income statement"
is_rows = [
    ["EUR thousands", "FY 2023", "FY 2024"],
    ["Revenue", 48200, 53600],
    ["Cost of goods sold", -31300, -34300],
    ["Gross profit", 16900, 19300],
    ["Operating expenses", -10400, -11200],
    ["Operating profit (EBIT)", 6500, 8100],
    ["Interest expense", -900, -800],
    ["Profit before tax", 5600, 7300],
    ["Income tax", -1600, -2100],
    ["Net profit", 4000, 5200],
]
for r in is_rows:
    ws.append(r)
ws2 = wb.create_sheet("Balance sheet")
bs_rows = [
    ["EUR thousands, at 31 December", "2023", "2024"],
    ["Cash", 3100, 4600],
    ["Trade receivables", 6800, 7400],
    ["Inventories", 5900, 6300],
    ["Total current assets", 15800, 18300],
    ["Property, plant & equipment", 22400, 23900],
    ["Total assets", 38200, 42200],
    ["Current liabilities", 9600, 10100],
    ["Long-term debt", 12000, 10500],
    ["Total equity", 16600, 21600],
    ["Total liabilities & equity", 38200, 42200],
]
for r in bs_rows:
    ws2.append(r)
for sh in (ws, ws2):
    for c in sh[1]:
        c.font = Font(bold=True)
    sh.column_dimensions["A"].width = 32
    for row in sh.iter_rows(min_row=2, min_col=2):
        for c in row:
            c.number_format = "#,##0;(#,##0)" if sh is ws else "#,##0"
wb.save(os.path.join(HERE, "brightfield_organics_fy2024.xlsx"))
w("brightfield_organics_fy2024.txt",
  "Brightfield Organics GmbH produces organic breakfast cereals in Freiburg, Germany. "
  "Revenue growth in 2024 came mainly from a new private-label contract with a Dutch supermarket chain. "
  "During 2024 the company repaid one and a half million euros of its bank loan and paid a dividend of two hundred thousand euros. "
  "Managing director Jonas Keller plans to build a new warehouse in 2026.\n")

# ---------- 5. Northvale Sunday League: non-financial (sports), Markdown, teams as rows ----------
teams = [
    ("Ashford Rovers", 10, 7, 2, 1, 24, 9),
    ("Bramley Town", 10, 6, 2, 2, 21, 12),
    ("Cedar Park", 10, 5, 1, 4, 17, 15),
    ("Dunmore Athletic", 10, 3, 3, 4, 14, 16),
    ("Elmstead United", 10, 2, 3, 5, 11, 19),
    ("Fenwick FC", 10, 1, 1, 8, 8, 24),
]
lines = ["| Pos | Team | P | W | D | L | GF | GA | GD | Pts |",
         "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
for i, (t, p, w_, d, l, gf, ga) in enumerate(teams, 1):
    gd = gf - ga
    lines.append(f"| {i} | {t} | {p} | {w_} | {d} | {l} | {gf} | {ga} | {gd:+d} | {3 * w_ + d} |")
w("northvale_league_2023_24.md", "\n".join(lines) + "\n")
w("northvale_league_2023_24.txt",
  "The Northvale Sunday League 2023/24 season ran from September 2023 to April 2024, each team playing the others home and away. "
  "Ashford Rovers won the title for the second year running under player-manager Tom Hadley. "
  "Fenwick FC were relegated and will be replaced by Grafton Wanderers next season. "
  "Cedar Park's top scorer, Leon Marsh, scored nine of the club's league goals.\n")

# ---------- 6. Pinecrest Hotels: half-year statement with FY total column, expenses as negatives, xlsx ----------
wb = Workbook()
ws = wb.active
ws.title = "Summary"
hr = [
    ["GBP thousands unless stated", "H1 2024", "H2 2024", "FY 2024", "FY 2023"],
    ["Room revenue", 4820, 6140, 10960, 9870],
    ["Food & beverage revenue", 1350, 1710, 3060, 2890],
    ["Total revenue", 6170, 7850, 14020, 12760],
    ["Staff costs", -2410, -2690, -5100, -4720],
    ["Energy", -560, -610, -1170, -1380],
    ["Maintenance & repairs", -330, -450, -780, -650],
    ["Other operating costs", -910, -1040, -1950, -1810],
    ["Total operating costs", -4210, -4790, -9000, -8560],
    ["EBITDA", 1960, 3060, 5020, 4200],
    ["Room nights sold (number)", 38600, 45500, 84100, 81200],
]
for r in hr:
    ws.append(r)
for c in ws[1]:
    c.font = Font(bold=True)
ws.column_dimensions["A"].width = 32
for row in ws.iter_rows(min_row=2, min_col=2):
    for c in row:
        c.number_format = "#,##0"
wb.save(os.path.join(HERE, "pinecrest_hotels_2024.xlsx"))
w("pinecrest_hotels_2024.txt",
  "Pinecrest Hotels owns four coastal hotels in Cornwall. "
  "Energy costs fell in 2024 after the group switched to a fixed-price supply contract in January 2024. "
  "The Penzance hotel was closed for refurbishment for three weeks in March 2024, which held back first-half revenue. "
  "Chief executive Claire Penrose plans to open a fifth hotel, in St Ives, in 2026. "
  "The group employed about three hundred staff at the end of 2024.\n")

print("tables written")
