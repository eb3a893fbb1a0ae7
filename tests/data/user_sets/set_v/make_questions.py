"""Reads set V's tables back, recomputes every expected number, checks text answers and the tables'
internal arithmetic, then writes questions.jsonl and conversations.jsonl."""
import json
import os

import openpyxl
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SET = "V"


def p(name):
    return os.path.join(HERE, name)


def num(s):
    """'(1,010)' -> -1010.0 ; '1,240' -> 1240.0 ; '-4.4' -> -4.4"""
    s = str(s).strip().replace(",", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    v = float(s)
    return -v if neg else v


def read_md(name):
    rows = []
    with open(p(name), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("|"):
                continue
            cells = [c.strip().strip("*").strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set(":- ") for c in cells):
                continue
            rows.append(cells)
    header = rows[0]
    return {r[0]: {h: num(c) for h, c in zip(header[1:], r[1:])} for r in rows[1:]}, header


def read_csv_rows_are_lines(name):
    df = pd.read_csv(p(name), index_col=0, dtype=str)
    return {idx: {c: num(df.loc[idx, c]) for c in df.columns} for idx in df.index}, list(df.columns)


def read_xlsx_sheet(name, sheet):
    ws = openpyxl.load_workbook(p(name), data_only=True)[sheet]
    rows = [r for r in ws.iter_rows(values_only=True)]
    hi = next(i for i, r in enumerate(rows) if r[1] is not None and isinstance(r[1], str))
    header = rows[hi]
    out = {}
    for r in rows[hi + 1:]:
        if r[0] is None:
            continue
        out[r[0]] = {h: float(v) for h, v in zip(header[1:], r[1:]) if h is not None}
    return out, list(header[1:])


def text_of(name):
    with open(p(name), encoding="utf-8") as f:
        return f.read()


# ------------------------------------------------------------------ load
BAK = "crumb_crust_quarterly_2024.csv"
WARD = "ward_7b_monthly.md"
WIND = "brackenmoor_wind_h2_2024.csv"
CHAR = "harbourlight_trust_accounts.xlsx"
BIKE = "tidewater_bikeshare_districts.md"
PUB = "lindqvist_moor_halfyear.csv"
IE, BS = "Income & Expenditure", "Balance Sheet"

bak, bak_cols = read_csv_rows_are_lines(BAK)
ward, ward_cols = read_md(WARD)
wind_df = pd.read_csv(p(WIND), index_col=0)
wind = {idx: {c: float(wind_df.loc[idx, c]) for c in wind_df.columns} for idx in wind_df.index}
ie, ie_cols = read_xlsx_sheet(CHAR, IE)
bs, bs_cols = read_xlsx_sheet(CHAR, BS)
bike, bike_cols = read_md(BIKE)
pub, pub_cols = read_csv_rows_are_lines(PUB)

TXT = {f: text_of(f.rsplit(".", 1)[0] + ".txt") for f in (BAK, WARD, WIND, CHAR, BIKE, PUB)}


def close(a, b, tol=1e-6):
    return abs(a - b) < tol


# ------------------------------------------------------------------ internal arithmetic
Q = ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024"]
for c in bak_cols:
    assert close(bak["Total revenue"][c], bak["Bread sales"][c] + bak["Cakes & pastries"][c] + bak["Coffee & drinks"][c]), c
    assert close(bak["Operating profit"][c], bak["Total revenue"][c] + bak["Ingredients"][c] + bak["Staff costs"][c] + bak["Shop rent"][c]), c
for r in bak:
    assert close(bak[r]["FY 2024"], sum(bak[r][q] for q in Q)), r
assert ward_cols[1:] == ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]
assert list(wind) == ["2024-07", "2024-08", "2024-09", "2024-10", "2024-11", "2024-12"]
for c in ie_cols:
    inc = sum(ie[r][c] for r in ("Donations and legacies", "Grants", "Charity shop trading", "Investment income"))
    assert close(ie["Total income"][c], inc)
    assert close(ie["Total expenditure"][c], ie["Raising funds"][c] + ie["Charitable activities"][c])
    assert close(ie["Net income"][c], ie["Total income"][c] + ie["Total expenditure"][c])
for c in bs_cols:
    na = sum(bs[r][c] for r in ("Fixed assets", "Investments", "Cash at bank", "Debtors", "Creditors due within one year"))
    assert close(bs["Net assets"][c], na)
    assert close(bs["Total funds"][c], bs["Restricted funds"][c] + bs["Unrestricted funds"][c])
    assert close(bs["Total funds"][c], bs["Net assets"][c])
# net assets move by exactly the year's net income
assert close(bs["Net assets"]["31 Mar 2024"] - bs["Net assets"]["31 Mar 2023"], ie["Net income"]["Year to 31 Mar 2024"])
districts = ["Riverside", "Old Town", "University", "Harbour", "Northfield"]
for c in bike_cols[1:]:
    assert close(bike["Total"][c], sum(bike[d][c] for d in districts)), c
for d in districts + ["Total"]:
    assert bike[d]["of which e-bikes"] < bike[d]["Bikes"]
H = pub_cols
REV = ["Print books", "E-books", "Audiobooks", "Rights & licensing"]
COST = ["Author royalties", "Printing & distribution", "Marketing", "Staff & overheads"]
for c in H:
    assert close(pub["Total revenue"][c], sum(pub[r][c] for r in REV), 1e-9 + 1e-6)
    assert close(pub["Operating profit"][c], pub["Total revenue"][c] + sum(pub[r][c] for r in COST), 1e-6)
H1_23, H2_23, H1_24, H2_24 = H

# ------------------------------------------------------------------ helpers for specs
TABLES = {
    BAK: [{"file": BAK, "sheet": None}],
    WARD: [{"file": WARD, "sheet": None}],
    WIND: [{"file": WIND, "sheet": None}],
    CHAR: [{"file": CHAR, "sheet": IE}],
    "CHAR_BS": [{"file": CHAR, "sheet": BS}],
    "CHAR_BOTH": [{"file": CHAR, "sheet": IE}, {"file": CHAR, "sheet": BS}],
    BIKE: [{"file": BIKE, "sheet": None}],
    PUB: [{"file": PUB, "sheet": None}],
}
HALF = {BAK: "held", WIND: "held", BIKE: "held", WARD: "tune", CHAR: "tune", PUB: "tune"}


def N(value, scale, calc):
    """number: hand-written value checked against calc (rounded to 2 dp)"""
    got = round(calc, 2)
    assert close(got, value, 1e-9), (value, calc)
    return {"kind": "number", "value": float(value), "scale": scale}


def T(value, src):
    assert value.lower() in TXT[src].lower(), (value, src)
    return {"kind": "text", "value": value}


def TT(value, calc):
    """text answer computed from the table (e.g. a district name)"""
    assert value == calc, (value, calc)
    return {"kind": "text", "value": value}


def P(value, calc):
    assert value == calc, (value, calc)
    return {"kind": "period", "value": value}


def NONE(src, absent, table_labels):
    """absent: label that must appear neither in the table labels nor in the text"""
    assert absent not in table_labels, absent
    assert absent.lower() not in TXT[src].lower(), absent
    return {"kind": "none"}


def words_in(src, phrase):
    assert phrase in TXT[src], phrase
    return True


def argmax(d):
    return max(d, key=d.get)


def argmin(d):
    return min(d, key=d.get)


MONTHNAME = {"2024-07": "July 2024", "2024-08": "August 2024", "2024-09": "September 2024",
             "2024-10": "October 2024", "2024-11": "November 2024", "2024-12": "December 2024",
             "Jan 2024": "January 2024", "Feb 2024": "February 2024", "Mar 2024": "March 2024",
             "Apr 2024": "April 2024", "May 2024": "May 2024", "Jun 2024": "June 2024"}
HALFNAME = {H1_23: "H1 2023", H2_23: "H2 2023", H1_24: "H1 2024", H2_24: "H2 2024"}
WM = list(wind)
WQ3, WQ4 = WM[:3], WM[3:]
MONTHS = ward_cols[1:]

# text-stated figures, each checked against the wording in the .txt
assert words_in(BAK, "one-off bonus of forty thousand pounds")
BONUS_K = 40
assert words_in(WIND, "twelve turbines")
TURBINES = 12
assert words_in(WARD, "ninety-two per cent")
OCC_TARGET = 92
assert words_in(CHAR, "six months of total expenditure")
RESERVE_MONTHS = 6
assert words_in(BIKE, "add six more docking stations in Harbour")
NEW_HARBOUR = 6
assert words_in(PUB, "dividend of one million euros for 2024")
DIVIDEND_M = 1

wind_labels = set(WM) | {MONTHNAME[m] for m in WM}
bak_labels = set(bak_cols) | set(bak)
ward_labels = set(MONTHS) | {MONTHNAME[m] for m in MONTHS} | set(ward)
char_labels = set(ie_cols) | set(bs_cols) | set(ie) | set(bs)
bike_labels = set(bike_cols) | set(bike)
pub_labels = set(pub_cols) | set(HALFNAME.values()) | set(pub)

# ------------------------------------------------------------------ single questions
questions = [
    # --- 1. bakery (held)
    (BAK, "What was Crumb & Crust's operating profit for the full year 2024?",
     N(2430, "thousand", bak["Operating profit"]["FY 2024"]), "Operating profit, FY 2024 column (GBP '000)."),
    (BAK, "how much did the bakeries spend on ingredients in the third quarter",
     N(1010, "thousand", -bak["Ingredients"]["Q3 2024"]), "Ingredients Q3 2024 shown as (1,010); given as the positive amount spent."),
    (BAK, "What operating margin did we make in Q2 2024?",
     N(21.16, "percent", bak["Operating profit"]["Q2 2024"] / bak["Total revenue"]["Q2 2024"] * 100),
     "Operating profit 565 / total revenue 2,670 = 21.16%."),
    (BAK, "What was total revenue in Q1 2023?",
     NONE(BAK, "Q1 2023", bak_labels), "Table covers only the four quarters of 2024; no 2023 figures in table or text."),
    # --- 2. ward (tune)
    (WARD, "How many patients were admitted to Ward 7B in March?",
     N(128, "", ward["Admissions"]["Mar 2024"]), "Admissions, Mar 2024."),
    (WARD, "Total admissions for the first six months of 2024?",
     N(712, "", sum(ward["Admissions"][m] for m in MONTHS)), "142+131+128+109+104+98 = 712."),
    (WARD, "In which month was staff sickness at its lowest?",
     P("June 2024", MONTHNAME[argmin(ward["Staff sickness (%)"])]), "Staff sickness lowest at 3.7% in Jun 2024."),
    (WARD, "What was bed occupancy on the ward in July 2024?",
     NONE(WARD, "Jul 2024", ward_labels), "Table runs January-June 2024 only; the text mentions September 2024 only as a plan."),
    # --- 3. wind farm (held)
    (WIND, "How much electricity did Brackenmoor generate in October 2024?",
     N(10460, "", wind["2024-10"]["generation_mwh"]), "generation_mwh for 2024-10 (MWh)."),
    (WIND, "What was the wind farm's total revenue over July to December?",
     N(4517.3, "thousand", sum(wind[m]["revenue_gbp_k"] for m in WM)),
     "Sum of revenue_gbp_k over the six months = 4,517.3 (GBP thousand)."),
    (WIND, "Which month had the worst turbine availability?",
     P("November 2024", MONTHNAME[argmin({m: wind[m]["availability_pct"] for m in WM})]), "availability_pct lowest (91.7) in 2024-11."),
    (WIND, "How many MWh did Brackenmoor produce in June 2024?",
     NONE(WIND, "2024-06", wind_labels), "Export starts at 2024-07; June 2024 is not in the table or text."),
    # --- 4. charity (tune)
    (CHAR, "How much did Harbourlight spend on charitable activities in the year to March 2024?",
     N(2905, "thousand", -ie["Charitable activities"]["Year to 31 Mar 2024"]),
     "Income & Expenditure sheet, Charitable activities -2,905 (GBP '000); given as the positive amount spent."),
    ("CHAR_BS", "What were the trust's net assets at 31 March 2023?",
     N(2913, "thousand", bs["Net assets"]["31 Mar 2023"]), "Balance Sheet, Net assets at 31 Mar 2023."),
    (CHAR, "What percentage of the charity's income came from donations and legacies in 2023/24?",
     N(51.25, "percent", ie["Donations and legacies"]["Year to 31 Mar 2024"] / ie["Total income"]["Year to 31 Mar 2024"] * 100),
     "1,842 / 3,594 = 51.25%."),
    (CHAR, "What was Harbourlight's total income for the year to 31 March 2022?",
     NONE(CHAR, "31 Mar 2022", char_labels), "Workbook holds only the years to March 2024 and March 2023."),
    # --- 5. bike share (held)
    (BIKE, "How many trips were taken in Old Town in 2024?",
     N(140250, "", bike["Old Town"]["Trips 2024"]), "Old Town, Trips 2024."),
    (BIKE, "By what percentage did total trips grow from 2023 to 2024?",
     N(9.47, "percent", (bike["Total"]["Trips 2024"] / bike["Total"]["Trips 2023"] - 1) * 100),
     "(468,000 - 427,500) / 427,500 = 9.47%."),
    (BIKE, "How many trips per bike did the Harbour district get in 2024?",
     N(556.25, "", bike["Harbour"]["Trips 2024"] / bike["Harbour"]["Bikes"]), "66,750 trips / 120 bikes = 556.25."),
    (BIKE, "How many trips were made in Riverside in 2022?",
     NONE(BIKE, "Trips 2022", bike_labels), "Only 2023 and 2024 trips are given."),
    # --- 6. publisher (tune)
    (PUB, "What were audiobook revenues in the second half of 2024?",
     N(5.7, "million", pub["Audiobooks"][H2_24]), "Audiobooks, 6M to 31 Dec 2024 (EUR m)."),
    (PUB, "How much did Lindqvist & Moor pay out in author royalties across the whole of 2024?",
     N(10.9, "million", -(pub["Author royalties"][H1_24] + pub["Author royalties"][H2_24])),
     "Royalties -4.9 (H1 2024) + -6.0 (H2 2024); given as positive 10.9."),
    (PUB, "Which half-year had the highest operating profit?",
     P("H2 2024", HALFNAME[argmax(pub["Operating profit"])]), "Operating profit 3.8, 6.4, 5.5, 6.9 -> 6M to 31 Dec 2024."),
    (PUB, "what was total revenue in H1 2022",
     NONE(PUB, "2022", pub_labels), "Half-years run from H1 2023 to H2 2024 only."),
]

# ------------------------------------------------------------------ conversations
b, w_ = bak, wind
q4_staff_underlying = b["Staff costs"]["Q4 2024"] * -1 - BONUS_K
q4_gen = sum(w_[m]["generation_mwh"] for m in WQ4)
q3_gen = sum(w_[m]["generation_mwh"] for m in WQ3)
tot_curt = sum(w_[m]["curtailed_mwh"] for m in WM)
tot_gen = sum(w_[m]["generation_mwh"] for m in WM)
windiest = argmax({m: w_[m]["avg_wind_speed_ms"] for m in WM})
Y24, Y23 = "Year to 31 Mar 2024", "Year to 31 Mar 2023"
trip_change = {d: bike[d]["Trips 2024"] - bike[d]["Trips 2023"] for d in districts}
op24 = pub["Operating profit"][H1_24] + pub["Operating profit"][H2_24]
op23 = pub["Operating profit"][H1_23] + pub["Operating profit"][H2_23]
sick_peak = argmax(ward["Staff sickness (%)"])

conversations = [
    # ---------------- bakery (held)
    (BAK, [
        ("How much did we take on bread in Q2?", N(1310, "thousand", b["Bread sales"]["Q2 2024"])),
        ("And in Q4?", N(1420, "thousand", b["Bread sales"]["Q4 2024"])),
        ("How much did it grow between those two quarters?",
         N(110, "thousand", b["Bread sales"]["Q4 2024"] - b["Bread sales"]["Q2 2024"])),
        ("In percentage terms?",
         N(8.40, "percent", (b["Bread sales"]["Q4 2024"] / b["Bread sales"]["Q2 2024"] - 1) * 100)),
        ("What share of Q4 total revenue did bread make up?",
         N(43.10, "percent", b["Bread sales"]["Q4 2024"] / b["Total revenue"]["Q4 2024"] * 100)),
    ]),
    (BAK, [
        ("What were the wage costs in the last quarter of the year?", N(960, "thousand", -b["Staff costs"]["Q4 2024"])),
        ("Was there anything unusual in that number?", T("one-off bonus", BAK)),
        ("So what would Q4 staff costs have been without it?", N(920, "thousand", q4_staff_underlying)),
        ("How much higher is that than Q3's staff costs?",
         N(50, "thousand", q4_staff_underlying + b["Staff costs"]["Q3 2024"])),
        ("And what were staff costs in Q4 2023?", NONE(BAK, "Q4 2023", bak_labels)),
    ]),
    (BAK, [
        ("Which quarter was best for cakes and pastries?",
         P("Q4 2024", argmax({q: b["Cakes & pastries"][q] for q in Q}))),
        ("Why was it so strong?", T("Christmas orders", BAK)),
        ("How much did cakes and pastries sell in that quarter?", N(1380, "thousand", b["Cakes & pastries"]["Q4 2024"])),
        ("And over the whole year?", N(4135, "thousand", b["Cakes & pastries"]["FY 2024"])),
        ("What's the average per quarter?", N(1033.75, "thousand", b["Cakes & pastries"]["FY 2024"] / 4)),
    ]),
    # ---------------- ward (tune)
    (WARD, [
        ("What was bed occupancy on the ward in January?", N(97.2, "percent", ward["Bed occupancy (%)"]["Jan 2024"])),
        ("And by June?", N(84.7, "percent", ward["Bed occupancy (%)"]["Jun 2024"])),
        ("How many percentage points did it fall?",
         N(12.5, "percent", ward["Bed occupancy (%)"]["Jan 2024"] - ward["Bed occupancy (%)"]["Jun 2024"])),
        ("What's the trust's target for occupancy?", N(92, "percent", OCC_TARGET)),
        ("How far above that target was January?",
         N(5.2, "percent", ward["Bed occupancy (%)"]["Jan 2024"] - OCC_TARGET)),
    ]),
    (WARD, [
        ("How many patient falls did we have in March?", N(5, "", ward["Patient falls"]["Mar 2024"])),
        ("And in total over the six months?", N(17, "", sum(ward["Patient falls"][m] for m in MONTHS))),
        ("What changed in April?", T("hourly comfort rounds", WARD)),
        ("Who brought that in?", T("Grace Okafor", WARD)),
        ("How many falls were there in July?", NONE(WARD, "Jul 2024", ward_labels)),
    ]),
    (WARD, [
        ("How many bank and agency shifts did we book in February?", N(74, "", ward["Bank & agency shifts"]["Feb 2024"])),
        ("What about May?", N(47, "", ward["Bank & agency shifts"]["May 2024"])),
        ("What's the monthly average across the half year?",
         N(61.5, "", sum(ward["Bank & agency shifts"][m] for m in MONTHS) / 6)),
        ("And the average staff sickness rate over the same months?",
         N(5.03, "percent", sum(ward["Staff sickness (%)"][m] for m in MONTHS) / 6)),
        ("How many discharges were there in the month sickness was highest?",
         N(138, "", ward["Discharges"][sick_peak])),
    ]),
    # ---------------- wind farm (held)
    (WIND, [
        ("How much power did the farm produce in December?", N(11930, "", w_["2024-12"]["generation_mwh"])),
        ("And in Q4 as a whole?", N(32260, "", q4_gen)),
        ("What about Q3?", N(21250, "", q3_gen)),
        ("By what percentage did Q4 beat Q3?", N(51.81, "percent", (q4_gen / q3_gen - 1) * 100)),
        ("How much is that Q4 output per turbine?", N(2688.33, "", q4_gen / TURBINES)),
    ]),
    (WIND, [
        ("What was turbine availability like in November?", N(91.7, "percent", w_["2024-11"]["availability_pct"])),
        ("Why was it so low?", T("gearbox replacement", WIND)),
        ("How much output was curtailed that month?", N(540, "", w_["2024-11"]["curtailed_mwh"])),
        ("And across all six months?", N(2805, "", tot_curt)),
        ("What's that as a share of what we actually generated over the period?",
         N(5.24, "percent", tot_curt / tot_gen * 100)),
    ]),
    (WIND, [
        ("What was the average wind speed in September?", N(7.2, "", w_["2024-09"]["avg_wind_speed_ms"])),
        ("Which month was the windiest?", P("December 2024", MONTHNAME[windiest])),
        ("How much revenue did that month bring in?", N(1061.8, "thousand", w_[windiest]["revenue_gbp_k"])),
        ("And in January 2025?", NONE(WIND, "2025-01", wind_labels)),
        ("What's planned to deal with the curtailment?", T("battery storage unit", WIND)),
    ]),
    # ---------------- charity (tune)
    (CHAR, [
        ("How much grant income did the trust receive in the year to March 2024?", N(960, "thousand", ie["Grants"][Y24])),
        ("And the year before?", N(1120, "thousand", ie["Grants"][Y23])),
        ("Why did it drop?", T("Winter Support grant ended", CHAR)),
        ("How much did it fall by?", N(160, "thousand", ie["Grants"][Y23] - ie["Grants"][Y24])),
        ("What about the charity shops - how much did their income change?",
         N(76, "thousand", ie["Charity shop trading"][Y24] - ie["Charity shop trading"][Y23])),
    ]),
    ("CHAR_BOTH", [
        ("How much cash did we have in the bank at the end of March 2024?", N(640, "thousand", bs["Cash at bank"]["31 Mar 2024"])),
        ("How much did that go up over the year?",
         N(128, "thousand", bs["Cash at bank"]["31 Mar 2024"] - bs["Cash at bank"]["31 Mar 2023"])),
        ("What was net income for that year?", N(277, "thousand", ie["Net income"][Y24])),
        ("And how much did net assets grow over the same year?",
         N(277, "thousand", bs["Net assets"]["31 Mar 2024"] - bs["Net assets"]["31 Mar 2023"])),
        ("What were net assets back at 31 March 2022?", NONE(CHAR, "31 Mar 2022", char_labels)),
    ]),
    (CHAR, [
        ("How much did fundraising cost us in 2023/24?", N(412, "thousand", -ie["Raising funds"][Y24])),
        ("And total spending that year?", N(3317, "thousand", -ie["Total expenditure"][Y24])),
        ("What share of total spending was fundraising?",
         N(12.42, "percent", ie["Raising funds"][Y24] / ie["Total expenditure"][Y24] * 100)),
        ("The chair wants reserves worth how many months of spending?", N(6, "", RESERVE_MONTHS)),
        ("So what would that reserves target come to, based on 2023/24 spending?",
         N(1658.5, "thousand", -ie["Total expenditure"][Y24] * RESERVE_MONTHS / 12)),
    ]),
    # ---------------- bike share (held)
    (BIKE, [
        ("How many rides were there around the university in 2024?", N(118900, "", bike["University"]["Trips 2024"])),
        ("And in 2023?", N(121500, "", bike["University"]["Trips 2023"])),
        ("How much did it change?", N(-2600, "", trip_change["University"])),
        ("Why did it drop?", T("campus was closed for eight weeks", BIKE)),
        ("Which district added the most trips?", TT("Riverside", argmax(trip_change))),
    ]),
    (BIKE, [
        ("How many docking stations are there in Harbour?", N(11, "", bike["Harbour"]["Docking stations"])),
        ("How many will it have after the planned expansion?", N(17, "", bike["Harbour"]["Docking stations"] + NEW_HARBOUR)),
        ("What share of the whole network's stations does Harbour have today?",
         N(14.47, "percent", bike["Harbour"]["Docking stations"] / bike["Total"]["Docking stations"] * 100)),
        ("How many e-bikes are in Harbour?", N(40, "", bike["Harbour"]["of which e-bikes"])),
        ("And what share of Harbour's fleet is that?",
         N(33.33, "percent", bike["Harbour"]["of which e-bikes"] / bike["Harbour"]["Bikes"] * 100)),
    ]),
    (BIKE, [
        ("What's the total number of bikes in the scheme?", N(860, "", bike["Total"]["Bikes"])),
        ("How many of those are electric?", N(240, "", bike["Total"]["of which e-bikes"])),
        ("What percentage is that?", N(27.91, "percent", bike["Total"]["of which e-bikes"] / bike["Total"]["Bikes"] * 100)),
        ("How many e-bikes did the network have in 2022?", NONE(BIKE, "2022", bike_labels)),
        ("Which company operates the scheme?", T("PedalWorks", BIKE)),
    ]),
    # ---------------- publisher (tune)
    (PUB, [
        ("How much did we earn from selling rights in the first half of 2024?", N(2.8, "million", pub["Rights & licensing"][H1_24])),
        ("Why was it so high?", T("TV adaptation deal", PUB)),
        ("What was it in the same half a year earlier?", N(1.5, "million", pub["Rights & licensing"][H1_23])),
        ("How much did it rise?", N(1.3, "million", pub["Rights & licensing"][H1_24] - pub["Rights & licensing"][H1_23])),
        ("What share of H1 2024 revenue did rights make up?",
         N(8.78, "percent", pub["Rights & licensing"][H1_24] / pub["Total revenue"][H1_24] * 100)),
    ]),
    (PUB, [
        ("What was operating profit for the full year 2024?", N(12.4, "million", op24)),
        ("And for 2023?", N(10.2, "million", op23)),
        ("What's the percentage increase?", N(21.57, "percent", (op24 / op23 - 1) * 100)),
        ("What dividend has the board proposed?", N(1, "million", DIVIDEND_M)),
        ("What's that as a share of 2024 operating profit?", N(8.06, "percent", DIVIDEND_M / op24 * 100)),
    ]),
    (PUB, [
        ("How much did we spend on marketing in the second half of 2023?", N(3.4, "million", -pub["Marketing"][H2_23])),
        ("And in H2 2024?", N(3.9, "million", -pub["Marketing"][H2_24])),
        ("Combined, how much for those two halves?", N(7.3, "million", -(pub["Marketing"][H2_23] + pub["Marketing"][H2_24]))),
        ("What's the marketing budget for H1 2025?", NONE(PUB, "H1 2025", pub_labels)),
        ("What's the new imprint going to be called?", T("Little Lantern", PUB)),
    ]),
]

# ------------------------------------------------------------------ write
assert len(questions) == 24 and len(conversations) == 18
with open(p("questions.jsonl"), "w", encoding="utf-8") as f:
    for i, (tk, q, exp, why) in enumerate(questions, 1):
        src = TABLES[tk][0]["file"]
        f.write(json.dumps({"id": f"{SET}-{i:02d}", "half": HALF[src], "tables": TABLES[tk],
                            "text": src.rsplit(".", 1)[0] + ".txt", "question": q, "expected": exp,
                            "why": why}, ensure_ascii=False) + "\n")
with open(p("conversations.jsonl"), "w", encoding="utf-8") as f:
    for i, (tk, turns) in enumerate(conversations, 1):
        assert len(turns) == 5
        src = TABLES[tk][0]["file"]
        f.write(json.dumps({"id": f"{SET}-conv-{i}", "half": HALF[src], "tables": TABLES[tk],
                            "text": src.rsplit(".", 1)[0] + ".txt",
                            "turns": [{"question": q, "expected": e} for q, e in turns]},
                           ensure_ascii=False) + "\n")

# per-table none counts
from collections import Counter
none_q = Counter(TABLES[tk][0]["file"] for tk, _, e, _ in questions if e["kind"] == "none")
assert all(none_q[f] == 1 for f in HALF), none_q
halves = Counter(HALF[TABLES[tk][0]["file"]] for tk, *_ in questions)
ch = Counter(HALF[TABLES[tk][0]["file"]] for tk, _ in conversations)
nconv_none = sum(any(e["kind"] == "none" for _, e in t) for _, t in conversations)
print("questions per half:", dict(halves), "conversations per half:", dict(ch),
      "conversations with a none turn:", nconv_none)
print("all checks passed")
