"""Write the six tables of user set G and their text paragraphs."""
import os
import pandas as pd
from openpyxl import Workbook
from openpyxl.styles import Font

HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, content):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(content)


# 1. Quarterly income statement, quarters as "1Q25".."4Q25", expenses in brackets
w("alderwood_pnl.csv", '''"(in thousands of USD)",1Q25,2Q25,3Q25,4Q25
Net sales,"4,820","5,135","5,410","6,275"
Cost of sales,"(2,891)","(3,030)","(3,138)","(3,577)"
Gross profit,"1,929","2,105","2,272","2,698"
Selling expenses,(612),(655),(689),(804)
General and administrative,(540),(552),(561),(598)
Operating income,777,898,"1,022","1,296"
Interest expense,(45),(44),(42),(40)
Income before income taxes,732,854,980,"1,256"
Income tax expense,(183),(214),(245),(314)
Net income,549,640,735,942
''')
w("alderwood_pnl.txt",
  "Alderwood Bakery Supply Co. is a wholesale distributor of flour, baking ingredients and "
  "packaging based in Portland, Oregon. The figures above are the unaudited quarterly results for "
  "the fiscal year ended December 31, 2025, prepared by CFO Dana Whitfield. Fourth-quarter sales "
  "were lifted by holiday orders and by a new supply contract with Harvest Lane Grocers, signed in "
  "October 2025. Interest expense declined through the year because the company repaid part of "
  "its delivery-van equipment loan in June 2025.\n")

# 2. Monthly hotel operating data, months as rows, Markdown
months = ["Jul 2024", "Aug 2024", "Sep 2024", "Oct 2024", "Nov 2024", "Dec 2024"]
avail = [3720, 3720, 3600, 3720, 3600, 3720]  # 120 rooms x days
sold = [3236, 3311, 2844, 2697, 2340, 2902]
adr = [189, 195, 172, 158, 149, 176]
compl = [18, 22, 9, 7, 5, 14]
lines = ["| Month | Rooms available | Room nights sold | Occupancy (%) | Average daily rate (CAD) | Room revenue (CAD) | Guest complaints |",
         "|---|---:|---:|---:|---:|---:|---:|"]
for m, a, s, r, c in zip(months, avail, sold, adr, compl):
    lines.append(f"| {m} | {a:,} | {s:,} | {100*s/a:.1f} | {r} | {s*r:,} | {c} |")
w("pinecrest_ops.md", "\n".join(lines) + "\n")
w("pinecrest_ops.txt",
  "Pinecrest Lodge is a 120-room mountain hotel in Canmore, Alberta, managed by general manager "
  "Tomas Reyes. The table shows monthly operating data for the second half of 2024; all amounts "
  "are in Canadian dollars. September and the autumn shoulder season were quieter after the "
  "summer peak, and November was the slowest month of the year. The ski season at the nearby "
  "resorts opened on 13 December 2024, which brought guests back in the last weeks of the year. "
  "Most of the August complaints related to the pool, which was closed for repairs for ten days.\n")

# 3. pandas export, months as rows (unnamed index), metrics as columns
idx = pd.period_range("2024-01", "2024-08", freq="M").astype(str)
df = pd.DataFrame({
    "rides_000": [182.4, 176.9, 231.5, 298.7, 352.1, 401.8, 436.2, 419.6],
    "revenue_eur_k": [524.3, 501.9, 668.2, 871.5, 1093.7, 1262.0, 1385.4, 1329.8],
    "fleet_size": [1500, 1500, 1800, 2100, 2400, 2400, 2600, 2600],
    "avg_trip_min": [11.2, 10.8, 12.1, 13.4, 14.0, 14.6, 15.1, 14.7],
}, index=idx)
df.to_csv(os.path.join(HERE, "voltride_monthly.csv"))
w("voltride_monthly.txt",
  "Monthly export from the VoltRide Lisboa operations dashboard for January to August 2024. "
  "rides_000 is the number of completed rides in thousands, revenue_eur_k is ride revenue in "
  "thousands of euros, fleet_size is the number of scooters deployed at month end and "
  "avg_trip_min is the average ride length in minutes. Rides dipped in February because of "
  "weeks of heavy rain. In March operations manager Ines Carvalho added 300 scooters from the "
  "supplier Kinetik Mobility, and on 1 May 2024 the unlock fee was raised from EUR 1.00 to EUR 1.20.\n")

# 4. Excel workbook, three sheets, EUR million, expenses as negatives
wb = Workbook()
ws = wb.active
ws.title = "Income statement"
ws.append(["Sundvik Marine Components Oy - EUR million", "FY2023", "FY2024"])
for r in [("Revenue", 412.6, 455.3), ("Cost of sales", -268.2, -291.4), ("Gross profit", 144.4, 163.9),
          ("Distribution costs", -31.5, -34.2), ("Administrative expenses", -42.8, -45.1),
          ("Operating profit", 70.1, 84.6), ("Finance costs", -6.3, -5.8),
          ("Profit before tax", 63.8, 78.8), ("Income tax", -13.4, -16.5),
          ("Profit for the year", 50.4, 62.3)]:
    ws.append(list(r))
ws2 = wb.create_sheet("Balance sheet")
ws2.append(["EUR million", "31 Dec 2023", "31 Dec 2024"])
for r in [("Property, plant and equipment", 188.5, 201.2), ("Intangible assets", 24.0, 22.6),
          ("Total non-current assets", 212.5, 223.8), ("Inventories", 71.3, 78.9),
          ("Trade receivables", 58.6, 63.4), ("Cash and cash equivalents", 35.2, 48.7),
          ("Total current assets", 165.1, 191.0), ("Total assets", 377.6, 414.8),
          ("Trade payables", 46.9, 51.2), ("Short-term borrowings", 18.0, 15.0),
          ("Total current liabilities", 64.9, 66.2), ("Long-term borrowings", 95.0, 85.0),
          ("Total liabilities", 159.9, 151.2), ("Share capital", 40.0, 40.0),
          ("Retained earnings", 177.7, 223.6), ("Total equity", 217.7, 263.6),
          ("Total liabilities and equity", 377.6, 414.8)]:
    ws2.append(list(r))
ws3 = wb.create_sheet("Segments")
ws3.append(["Revenue by segment (EUR million)", "FY2023", "FY2024"])
for r in [("Propulsion systems", 188.1, 207.9), ("Deck equipment", 142.3, 151.6),
          ("Aftermarket services", 82.2, 95.8), ("Total revenue", 412.6, 455.3)]:
    ws3.append(list(r))
for s in (ws, ws2, ws3):
    for c in s[1]:
        c.font = Font(bold=True)
    s.column_dimensions["A"].width = 40
wb.save(os.path.join(HERE, "sundvik_financials.xlsx"))
w("sundvik_financials.txt",
  "Sundvik Marine Components Oy, based in Turku, Finland, makes propulsion systems and deck "
  "equipment for ferries and workboats and services them through its aftermarket unit. The "
  "financial year is the calendar year. CEO Anna Lindqvist attributed the growth in aftermarket "
  "services to a five-year service contract with Nordlys Ferries. A dividend of EUR 16.4 million "
  "was paid in May 2024, and EUR 10 million of the long-term bank loan was repaid during 2024.\n")

# 5. Non-financial: library loans by collection, years as columns
w("eastfield_library_loans.csv", '''Collection,2021,2022,2023,2024
Adult fiction,18420,19805,20130,20940
Adult non-fiction,12310,12655,12980,13120
Children's books,21950,23410,24775,25380
Audiobooks,3120,3860,4515,5290
E-books,9870,11240,12960,14605
DVDs,2640,2115,1730,1245
Total loans,68310,73085,77090,80580
''')
w("eastfield_library_loans.txt",
  "Eastfield Public Library counts every item checked out over the calendar year, including "
  "renewals. Branch manager Margaret Osei reports the figures to the town council each January. "
  "A new children's wing opened in September 2022, and the library moved its e-book lending to the "
  "ReadWave platform in 2022. The DVD collection is being phased out and no new DVDs have been "
  "bought since 2021.\n")

# 6. Half-year metrics of a small software company
w("tidepool_halfyear.csv", '''NZD thousands unless stated,H1 2023,H2 2023,H1 2024,H2 2024
Recurring revenue,1912,2105,2364,2688
Operating expenses,-1780,-1898,-2051,-2240
Operating profit,132,207,313,448
New customers (number),210,185,242,268
Lost customers (number),64,71,58,80
Customers at period end (number),1386,1500,1684,1872
Staff at period end (number),31,34,38,41
''')
w("tidepool_halfyear.txt",
  "Tidepool Scheduling Ltd is a Wellington company selling appointment-booking software to small "
  "clinics and salons; it was founded by Aroha Ngata. The company had 1,240 customers at "
  "31 December 2022. It opened a second office in Auckland in March 2024. More customers left in "
  "the second half of 2024, mainly after an 8% price increase in August 2024.\n")

print("tables written")
