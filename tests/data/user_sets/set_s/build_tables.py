"""Writes the six tables and their text files for set S."""
import os
import pandas as pd
from openpyxl import Workbook

HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, text):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(text)


# ---------------------------------------------------------------- 1. wine estate, quarterly CSV, brackets
t1 = """Line item (USD thousands),Q1 2024,Q2 2024,Q3 2024,Q4 2024,FY 2024
Wine sales,820,760,"1,140","1,480","4,200"
Tasting room & tours,150,210,320,180,860
Total revenue,970,970,"1,460","1,660","5,060"
Cost of goods sold,(390),(360),(540),(700),"(1,990)"
Vineyard labour,(180),(240),(310),(150),(880)
Marketing,(60),(75),(90),(115),(340)
Operating profit,340,295,520,695,"1,850"
"""
w("valdemora_estate_2024.csv", t1)
w("valdemora_estate_2024.txt",
  "Valdemora Estate is a family-owned winery in Sonoma County run by winemaker Lucia Ferrer. "
  "The third-quarter jump in vineyard labour reflects the harvest, which began on 2 September 2024. "
  "Tasting room income peaked in the summer because the estate reopened its terrace in June. "
  "Fourth-quarter wine sales were lifted by holiday wine club shipments, and the estate shipped roughly "
  "twelve thousand cases during the year. "
  "For 2025 the owners plan to plant a further eight acres of Grenache.\n")

# ---------------------------------------------------------------- 2. home-care agency, monthly Markdown
t2 = """# Brightpath Home Care - monthly operating data, 2024

| Metric | Jan-24 | Feb-24 | Mar-24 | Apr-24 | May-24 | Jun-24 |
|---|---:|---:|---:|---:|---:|---:|
| Active clients | 142 | 148 | 151 | 157 | 160 | 166 |
| Visits completed | 3,120 | 2,980 | 3,350 | 3,410 | 3,560 | 3,620 |
| Care hours delivered | 4,680 | 4,470 | 5,030 | 5,110 | 5,340 | 5,430 |
| Caregivers on staff | 58 | 57 | 60 | 63 | 64 | 66 |
| Missed visits | 14 | 22 | 9 | 11 | 8 | 7 |
| New referrals | 12 | 10 | 15 | 13 | 11 | 14 |
"""
w("brightpath_homecare_h1_2024.md", t2)
w("brightpath_homecare_h1_2024.txt",
  "Brightpath Home Care serves older adults in the Leeds area from its office on Kirkgate. "
  "February's missed visits rose because a snowstorm closed several roads for three days. "
  "The agency's care manager, Amina Okafor, introduced a new scheduling app in March. "
  "Brightpath aims to keep missed visits under ten a month, and it plans to recruit another eight "
  "caregivers by September 2024. "
  "Each visit is billed at a flat rate of twenty-eight pounds.\n")

# ---------------------------------------------------------------- 3. commercial bakery, pandas export, periods as rows
df3 = pd.DataFrame(
    {
        "revenue_k": [2450, 2520, 2610, 2980, 2700, 2760],
        "flour_cost_k": [610, 640, 690, 720, 650, 600],
        "energy_cost_k": [240, 210, 190, 260, 310, 280],
        "wages_k": [880, 900, 910, 960, 940, 950],
        "contribution_k": [720, 770, 820, 1040, 800, 930],
        "loaves_sold_k": [1225, 1260, 1290, 1470, 1330, 1350],
    },
    index=["1Q23", "2Q23", "3Q23", "4Q23", "1Q24", "2Q24"],
)
df3.to_csv(os.path.join(HERE, "northgate_bakery_quarterly.csv"))
w("northgate_bakery_quarterly.txt",
  "Northgate Commercial Bakery supplies sliced bread and rolls to supermarkets across Ohio; money columns are "
  "in thousands of US dollars and loaves in thousands. "
  "Energy costs jumped in the first quarter of 2024 after the bakery's fixed-price gas contract expired in January. "
  "Flour costs fell in the second quarter of 2024 because head buyer Tom Reilly switched to a regional mill. "
  "The fourth-quarter 2023 peak came from holiday orders from the Fairway Market chain. "
  "The bakery plans to install a second tunnel oven in October 2024 at a cost of about one and a half million dollars.\n")

# ---------------------------------------------------------------- 4. ferry operator, two-sheet xlsx, negatives
wb = Workbook()
ws = wb.active
ws.title = "Income statement"
ws.append(["NZ$ million", "FY2022", "FY2023", "FY2024"])
for row in [
    ["Fare revenue", 84.6, 91.2, 98.5],
    ["Freight & vehicle revenue", 22.4, 24.1, 26.3],
    ["Total revenue", 107.0, 115.3, 124.8],
    ["Fuel", -31.8, -36.5, -33.9],
    ["Crew wages", -28.4, -30.2, -32.6],
    ["Vessel maintenance", -12.1, -14.8, -13.2],
    ["Depreciation", -9.5, -9.9, -11.4],
    ["Operating profit", 25.2, 23.9, 33.7],
]:
    ws.append(row)
ws2 = wb.create_sheet("Balance sheet")
ws2.append(["NZ$ million", "31 Mar 2022", "31 Mar 2023", "31 Mar 2024"])
for row in [
    ["Cash", 18.2, 15.6, 21.9],
    ["Vessels & terminals", 212.5, 228.0, 241.3],
    ["Other assets", 14.3, 15.4, 16.8],
    ["Total assets", 245.0, 259.0, 280.0],
    ["Borrowings", 96.0, 104.5, 101.2],
    ["Other liabilities", 27.0, 29.5, 33.8],
    ["Equity", 122.0, 125.0, 145.0],
]:
    ws2.append(row)
for sh in (ws, ws2):
    sh.column_dimensions["A"].width = 28
    for r in sh.iter_rows(min_row=2, min_col=2):
        for c in r:
            c.number_format = "#,##0.0;-#,##0.0"
wb.save(os.path.join(HERE, "harbour_link_ferries.xlsx"))
w("harbour_link_ferries.txt",
  "Harbour Link Ferries runs passenger and vehicle ferries across the Hauraki Gulf, and its financial year ends on 31 March. "
  "Fuel costs peaked in FY2023 when diesel prices spiked, and eased the following year after the company hedged its fuel. "
  "Maintenance was heavy in FY2023 because two older vessels went through their five-yearly dry-dock surveys. "
  "The new hybrid vessel Kotuku entered service in August 2023, which explains the higher depreciation in FY2024. "
  "Chief executive Mere Walker says the company aims to cut borrowings below ninety million dollars by March 2026.\n")

# ---------------------------------------------------------------- 5. youth orchestra, Markdown, Total row
t5 = """## Riverside Youth Orchestra - players by section

| Section | 2021 | 2022 | 2023 | 2024 |
|---|---:|---:|---:|---:|
| Violins | 28 | 31 | 34 | 36 |
| Violas | 8 | 9 | 10 | 10 |
| Cellos & basses | 12 | 13 | 15 | 16 |
| Woodwinds | 14 | 15 | 15 | 17 |
| Brass | 10 | 11 | 13 | 12 |
| Percussion | 4 | 5 | 5 | 6 |
| **Total** | **76** | **84** | **92** | **97** |
"""
w("riverside_youth_orchestra.md", t5)
w("riverside_youth_orchestra.txt",
  "The Riverside Youth Orchestra rehearses every Saturday at Marlow Community Hall under conductor Helen Achterberg. "
  "Brass numbers dipped in 2024 because three trumpet players left for university. "
  "Membership fees are one hundred and twenty pounds a term, with bursaries for about a quarter of players. "
  "The orchestra will tour Vienna in July 2025, and auditions for the next season are held in the first week of September.\n")

# ---------------------------------------------------------------- 6. coworking space, half-year xlsx, Total column
wb = Workbook()
ws = wb.active
ws.title = "Summary"
ws.append(["EUR thousand", "Six months ended 30 June 2023", "Six months ended 31 December 2023",
           "Six months ended 30 June 2024", "Six months ended 31 December 2024", "Total 2024"])
for row in [
    ["Desk memberships", 310, 295, 340, 362, 702],
    ["Private offices", 420, 436, 458, 471, 929],
    ["Meeting rooms & events", 85, 112, 97, 128, 225],
    ["Total revenue", 815, 843, 895, 961, 1856],
    ["Rent", -380, -380, -395, -395, -790],
    ["Staff", -160, -168, -175, -182, -357],
    ["Utilities & cleaning", -72, -81, -69, -77, -146],
    ["Operating result", 203, 214, 256, 307, 563],
]:
    ws.append(row)
ws.column_dimensions["A"].width = 26
for r in ws.iter_rows(min_row=2, min_col=2):
    for c in r:
        c.number_format = "#,##0;(#,##0)"
wb.save(os.path.join(HERE, "loft_collective_halfyears.xlsx"))
w("loft_collective_halfyears.txt",
  "The Loft Collective operates a 240-desk coworking space in Lisbon's Marvila district. "
  "Rent rose in January 2024 when the landlord applied the annual inflation index to the lease. "
  "Meeting room income is strongest in the second half of each year because of the autumn conference season. "
  "Community manager Sofia Marques launched a weekday evening event series in September 2024. "
  "Private office occupancy reached ninety-four percent at the end of 2024, and the company plans to open a "
  "second site in Porto in spring 2026.\n")

print("tables written")
