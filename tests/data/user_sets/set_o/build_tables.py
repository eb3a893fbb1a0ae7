"""Writes the six tables and their text files for set "o"."""
import os
import pandas as pd
from openpyxl import Workbook

HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, text):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(text)


# 1. Quarterly statement, CSV, brackets for expenses (held)
w("quillmoor_ceramics_2024_quarterly.csv",
  'Line item (GBP 000),1Q24,2Q24,3Q24,4Q24,FY24\n'
  'Revenue,"1,240","1,385","1,512","1,893","6,030"\n'
  'Cost of sales,(682),(748),(801),"(1,022)","(3,253)"\n'
  'Gross profit,558,637,711,871,"2,777"\n'
  'Selling and distribution,(145),(162),(170),(231),(708)\n'
  'Administrative expenses,(210),(214),(219),(226),(869)\n'
  'Operating profit,203,261,322,414,"1,200"\n')
w("quillmoor_ceramics_2024_quarterly.txt",
  "Quillmoor Ceramics Ltd makes stoneware tableware at its Burslem works in Stoke-on-Trent. "
  "The fourth quarter was the strongest of the year thanks to the Christmas tableware range, which sold out by early December. "
  "A new electric kiln at the Burslem site was commissioned in August 2024, lowering firing costs per piece. "
  "Finance director Imogen Treharne plans to open a retail showroom in Harrogate in spring 2025. "
  "The company employed fifty-two people at the end of the year.\n")

# 2. Monthly operating data, Markdown, months as rows (tune)
w("tamarisk_bikeshare_2025.md",
  "# Tamarisk Bike Share - monthly operating data, January-June 2025\n\n"
  "| Month | Trips | Active members | Bikes in service | Revenue ($000) |\n"
  "|---|---:|---:|---:|---:|\n"
  "| Jan 2025 | 18,420 | 3,110 | 410 | 61.2 |\n"
  "| Feb 2025 | 17,905 | 3,145 | 405 | 59.8 |\n"
  "| Mar 2025 | 24,310 | 3,420 | 430 | 80.4 |\n"
  "| Apr 2025 | 29,880 | 3,890 | 460 | 98.7 |\n"
  "| May 2025 | 35,150 | 4,305 | 520 | 116.3 |\n"
  "| Jun 2025 | 38,740 | 4,612 | 525 | 128.9 |\n")
w("tamarisk_bikeshare_2025.txt",
  "Tamarisk Bike Share runs the public cycle hire network in Port Ysolde. "
  "February trips dipped because a storm closed the network for four days in the middle of the month. "
  "The jump in May followed the opening of twelve new docking stations along the Cardamom Quay waterfront on 3 May 2025. "
  "Operations lead Rafferty Oduya plans to add e-bikes to the fleet in September 2025. "
  "In June the average trip lasted about eighteen minutes.\n")

# 3. pandas export, periods as rows (held)
idx = pd.period_range("2023Q3", "2024Q4", freq="Q")
df = pd.DataFrame({
    "harvest_tonnes": [182, 96, 64, 158, 240, 121],
    "revenue_usd_k": [455, 262, 171, 410, 648, 335],
    "opex_usd_k": [318, 290, 275, 301, 362, 306],
    "ebitda_usd_k": [137, -28, -104, 109, 286, 29],
    "employees": [21, 19, 18, 22, 26, 24],
}, index=idx)
df.to_csv(os.path.join(HERE, "ostrander_kelp_quarterly.csv"))
w("ostrander_kelp_quarterly.txt",
  "Ostrander Kelp Co. farms sugar kelp on longlines in the sheltered waters of the Vossmere inlet. "
  "Winter quarters are weak because the kelp lines are seeded in November and harvested from late spring. "
  "A second lease of 40 hectares off Quenby Point was granted in January 2024. "
  "Chief executive Maren Holloway-Shaw expects to launch a kelp-based garden fertiliser in 2025. "
  "Across the period the company sold its kelp for roughly two and a half thousand dollars a tonne.\n")

# 4. Multi-sheet workbook: P&L and balance sheet (tune)
wb = Workbook()
ws = wb.active
ws.title = "P&L"
ws.append(["Brindlewick Bakeries B.V. - income statement (EUR thousand)", None, None])
ws.append(["Line item", "FY2023", "FY2024"])
for r in [("Revenue", 8420, 9310), ("Cost of sales", -4630, -5020), ("Gross profit", 3790, 4290),
          ("Operating expenses", -2510, -2760), ("Operating profit", 1280, 1530),
          ("Interest expense", -140, -125), ("Profit before tax", 1140, 1405),
          ("Income tax", -285, -351), ("Net profit", 855, 1054)]:
    ws.append(list(r))
bs = wb.create_sheet("Balance sheet")
bs.append(["Brindlewick Bakeries B.V. - balance sheet at 30 September (EUR thousand)", None, None])
bs.append(["Item", "FY2023", "FY2024"])
for r in [("Cash", 620, 910), ("Inventories", 380, 415), ("Trade receivables", 540, 575),
          ("Property, plant and equipment", 3260, 3480), ("Total assets", 4800, 5380),
          ("Trade payables", 470, 505), ("Bank loan", 1900, 1650), ("Equity", 2430, 3225),
          ("Total liabilities and equity", 4800, 5380)]:
    bs.append(list(r))
wb.save(os.path.join(HERE, "brindlewick_bakeries_fy.xlsx"))
w("brindlewick_bakeries_fy.txt",
  "Brindlewick Bakeries runs eleven bakery shops across the Limburg region, and its fiscal year ends on 30 September. "
  "Most of the revenue growth in FY2024 came from a wholesale contract with the Velden hotel group signed in March 2024. "
  "The bank loan is being repaid in equal instalments, and a dividend was paid to the founding family in December 2023. "
  "Head baker and owner Joost Ammerlaan plans to open a twelfth shop in Maastricht during FY2025.\n")

# 5. Non-financial, Markdown with Total row and Total column (held)
w("st_ondine_library_loans.md",
  "## St Ondine's Academy library - loans by category, school year 2024/25\n\n"
  "| Category | Autumn 2024 | Spring 2025 | Summer 2025 | Total |\n"
  "|---|---:|---:|---:|---:|\n"
  "| Fiction | 1,240 | 1,105 | 980 | 3,325 |\n"
  "| Non-fiction | 615 | 702 | 540 | 1,857 |\n"
  "| Graphic novels | 430 | 488 | 512 | 1,430 |\n"
  "| Poetry | 85 | 142 | 60 | 287 |\n"
  "| Audiobooks | 210 | 236 | 298 | 744 |\n"
  "| **Total** | 2,580 | 2,673 | 2,390 | 7,643 |\n")
w("st_ondine_library_loans.txt",
  "The figures count every item issued by the St Ondine's Academy library to pupils and staff. "
  "Poetry loans peaked in the spring term during the school's poetry competition, judged by the author Lysander Pike. "
  "The library was closed for two weeks of the summer term for a carpet replacement. "
  "Librarian Wilhelmina Achterberg plans to add a manga section in autumn 2025. "
  "The collection holds about nine thousand books.\n")

# 6. Half-year statement, xlsx, expenses as negatives (tune)
wb = Workbook()
ws = wb.active
ws.title = "Half-year results"
ws.append(["Zephyrine Drone Surveys Pty Ltd", None, None, None])
ws.append(["AUD thousand", "H1 2024", "H2 2024", "H1 2025"])
for r in [("Survey fees", 1420, 1655, 1780), ("Data processing subscriptions", 310, 345, 402),
          ("Total revenue", 1730, 2000, 2182), ("Staff costs", -820, -870, -935),
          ("Equipment depreciation", -190, -205, -240), ("Travel and field costs", -260, -315, -298),
          ("Insurance", -75, -75, -88), ("Operating profit", 385, 535, 621)]:
    ws.append(list(r))
wb.save(os.path.join(HERE, "zephyrine_drone_halfyear.xlsx"))
w("zephyrine_drone_halfyear.txt",
  "Zephyrine Drone Surveys flies aerial mapping and inspection jobs from its base in Toowoomba, Queensland. "
  "Travel and field costs were high in H2 2024 because of the mine-site contract in the Pilbara. "
  "Insurance rose in 2025 after three heavy-lift drones were bought in February 2025. "
  "Managing director Priya Castellanos-Reid plans to open a Darwin office in H2 2025. "
  "By the end of June 2025 the fleet numbered fourteen drones.\n")

print("tables written")
