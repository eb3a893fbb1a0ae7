"""Periods in words and cells: years, fiscal years, quarters, halves, months, dates -> :class:`Period`.

Forms read: ``2023``, ``FY23`` / ``FY 2023`` / ``fiscal 2023``; ``Q1 2023``, ``1Q23``, ``Q1 FY23``, ``2023 Q1``,
``first quarter of 2023``, "three months ended March 31, 2023" (a quarter; six months: a half; nine months: a
period of nine months; twelve months / year ended: the year; "6M to 30 Jun 2023" a half); ``H1 2023``, ``1H23``,
"first half of 2023"; ``March 2023``, ``Mar-23``, ``2023-03``; ``March 31, 2023``, ``31 March 2023``, ``2023-03-31``, "as at 31
December 2022". Quarters and halves are calendar ones (a fiscal year is named by the year it ends in).
A year is a number 1900-2099 standing alone: not ``$2,019``, ``2019%`` or ``2019.5``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .types import Period, Table

#: the months' whole names, in order: the one list every reader of months uses
MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
               "november", "december")
#: their 3-letter stems as a regex alternation ("jan|feb|...|dec")
MONTH_STEMS = "|".join(m[:3] for m in MONTH_NAMES)
_MONTHS = {**{m: i for i, m in enumerate(MONTH_NAMES, 1)}, **{m[:3]: i for i, m in enumerate(MONTH_NAMES, 1)},
           "sept": 9}
#: every way a month is written ("sept", "sep", "september"), longest first, as a regex
MONTH_FORM = "(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + ")"
_MONTH = r"(?P<mon>" + MONTH_FORM + r")\.?"
YEAR = r"(?:19|20)\d\d"  # a four-digit year (regex): the one every reader of years is written with
_YEAR = rf"(?P<year>{YEAR})(?![\d%])"
_YY = r"(?:['’]?(?P<yy>\d{2})(?!\d)|" + _YEAR + ")"
_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_SPAN_WORDS = {"three": 3, "3": 3, "six": 6, "6": 6, "nine": 9, "9": 9, "twelve": 12, "12": 12}
_NOT_AMOUNT = r"(?<![\d$€£¥.,])"

# (kind, pattern) in order of precedence: a longer form is read before the year inside it
_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(p, re.I)) for kind, p in (
    ("ended", r"\b(?:(?P<span>three|six|nine|twelve|3|6|9|12)(?:[- ]months?|M)|(?P<unit>quarter|year|half[- ]year))"
              r"\s+(?:period\s+)?(?:end(?:ed|ing)|to)\s+(?:(?P<dday>\d{1,2})(?:st|nd|rd|th)?\s+)?" + _MONTH +
              r"(?:\s+(?P<day>\d{1,2})(?!\d)(?:st|nd|rd|th)?)?(?:,?\s+" + _YEAR + ")?"),
    ("months_of", r"\b(?P<edge>first|last|final)\s+(?P<span>three|six|nine|3|6|9)\s+months\s+of\s+(?:the\s+)?"
                  r"(?:(?:fiscal|financial)\s+year\s+|FY\s*)?" + _YEAR),
    ("ended", r"\b" + _MONTH + r"\s+(?P<unit>quarter)(?:\s+(?:of\s+)?" + _YEAR + ")?"),  # "the March quarter"
    ("quarter", r"\bQ(?P<n>[1-4])\s*[-/]?\s*(?:FY\s*)?" + _YY),
    ("quarter", r"\b(?P<n>[1-4])Q\s*(?:FY\s*)?" + _YY),
    ("quarter", r"\b" + _YEAR + r"\s*[-/]?\s*Q(?P<n>[1-4])\b"),
    ("quarter", r"\b(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter"
                r"(?:\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*)?" + _YY + ")?"),
    ("half", r"\bH(?P<n>[12])\s*[-/]?\s*(?:FY\s*)?" + _YY),
    ("half", r"\b(?P<n>[12])H\s*(?:FY\s*)?" + _YY),
    ("half", r"\b(?P<ord>first|second|1st|2nd)\s+half(?:[- ]year)?(?:\s+(?:of\s+)?(?:fiscal\s+|FY\s*)?" + _YY + ")?"),
    ("quarter", r"\bQ(?P<n>[1-4])\b"),
    ("half", r"\bH(?P<n>[12])\b"),
    ("date", r"\b" + _MONTH + r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+" + _YEAR),
    ("date", r"\b(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+" + _YEAR),
    ("date", r"\b" + _YEAR + r"-(?P<m>\d{2})-(?P<day>\d{2})\b"),
    ("date", r"\b(?P<m>\d{1,2})/(?P<day>\d{1,2})/" + _YEAR),
    ("split", r"\b(?:FY\s*)?(?P<first>" + YEAR + r")\s*(?:/\s*(?P<end>(?:19|20)?\d{2})|-(?P<dash>\d{2}))(?![\d/-])"),
    ("month", r"\b" + _MONTH + r"(?:\s*[-'’]\s*(?P<yy>\d{2})(?!\d)|(?:\s*[-'’]\s*|\s+(?:of\s+)?)" + _YEAR + ")"),
    ("month", r"\b" + _YEAR + r"-(?P<m>0[1-9]|1[0-2])\b(?!-)"),
    ("year", r"(?:\bFY\s*|\bfiscal\s+(?:year\s+)?)" + _YY),
    ("year", _NOT_AMOUNT + r"\b" + _YEAR + r"(?![.,]\d)"),
))
_MONTH_ALONE = re.compile(r"^" + _MONTH + r"$", re.I)
_MONTH_WORD = re.compile(r"\b(?:(?!may\b)(?:" + _MONTH[len("(?P<mon>"):-len(")\\.?")] + r")|(?<=in )may)\b", re.I)


def _year(m: re.Match[str]) -> int | None:
    groups = m.groupdict()
    if groups.get("year"):
        return int(groups["year"])
    if groups.get("yy"):
        return 2000 + int(groups["yy"])
    return None


def _period(kind: str, m: re.Match[str]) -> Period | None:
    g = m.groupdict()
    year = _year(m)
    month = _MONTHS[g["mon"].lower()] if g.get("mon") else int(g["m"]) if g.get("m") else 0
    if kind == "ended":
        months = _SPAN_WORDS[g["span"].lower()] if g.get("span") else {"quarter": 3, "year": 12}.get(
            (g.get("unit") or "").lower(), 6)
        named = {3: "quarter", 6: "half", 12: "year"}.get(months, "months")
        if named in ("quarter", "half") and month % months:
            named = "months"  # a quarter that is not a calendar one is still n months to that month
        return Period(year, month, months, named)
    if kind == "months_of":  # "the first six months of 2024": H1 2024; "the last three months of 2024": Q4 2024
        months = _SPAN_WORDS[g["span"].lower()]
        end = months if g["edge"].lower() == "first" else 12
        return Period(year, end, months, {3: "quarter", 6: "half"}.get(months, "months"))
    n = _ORDINAL[g["ord"].lower()] if g.get("ord") else int(g["n"]) if g.get("n") else 0
    if kind == "quarter":
        return Period(year, 3 * n, 3, "quarter")
    if kind == "half":
        return Period(year, 6 * n, 6, "half")
    if kind == "split":
        return _split_year(g)
    if kind in ("date", "month"):
        day = int(g["day"]) if g.get("day") else 0
        if not 1 <= month <= 12 or (kind == "date" and not 1 <= day <= 31):
            return None
        return Period(year, month, 1, kind, day)
    return Period(year, 12, 12, "year")


def _split_year(g: dict[str, str]) -> Period | None:
    """A year that spans two ("2022/23", "2022/2023", "2022-23"): named by the year it ends in, as a fiscal or
    school year is; "2011-12" is December 2011 (the month form), a dash joins only years that cannot be a month."""
    first, end = int(g["first"]), g.get("end") or g.get("dash") or ""
    last = int(end) if len(end) == 4 else first // 100 * 100 + int(end)
    if last != first + 1 or g.get("dash") and int(end) <= 12:
        return None
    return Period(last, 12, 12, "year")


def find_periods(text: str) -> list[tuple[int, int, Period]]:
    """Every period named in ``text``, as (start, end, period) in reading order, longer forms first."""
    found: list[tuple[int, int, Period]] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _FORMS:
        for m in pattern.finditer(text):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            period = _period(kind, m)
            if period is not None:
                found.append((m.start(), m.end(), period))
                taken.append((m.start(), m.end()))
    return sorted(found, key=lambda f: f[0])


def bare_months(text: str) -> list[Period]:
    """The months ``text`` names without a year outside its other periods ("rainfall in October"), as periods."""
    spans = [(start, end) for start, end, _ in find_periods(text)]
    plain = "".join(" " if any(s <= i < e for s, e in spans) else ch for i, ch in enumerate(text))
    return [Period(None, m, 1, "month") for m in months_named(plain)]


def bare_month_spans(text: str) -> list[tuple[int, int, int]]:
    """(start, end, 1-12) of each month ``text`` names without a year outside its other periods."""
    spans = [(start, end) for start, end, _ in find_periods(text)]
    return [(m.start(), m.end(), _MONTHS[m.group(0).lower()]) for m in _MONTH_WORD.finditer(text)
            if not any(s <= m.start() < e for s, e in spans)]


def months_named(text: str) -> list[int]:
    """The months ``text`` names by name alone, as 1-12 ("and in June?"; "may" only as "in May")."""
    return [_MONTHS[m.group(0).lower()] for m in _MONTH_WORD.finditer(text)]


@lru_cache(maxsize=16_384)  # a table's header cells are read again for each of its questions
def as_period(cell: str) -> Period | None:
    """The period a whole cell names ("Q1 2023", "Three months ended March 31, 2023", "2019", "Mar"), else None."""
    text = " ".join(cell.replace("\u00a0", " ").split()).strip(" :*")
    text = re.sub(r"^(?:as\s+(?:at|of)|at|for\s+the)\s+", "", text, flags=re.I)
    if not text:
        return None
    alone = _MONTH_ALONE.match(text)
    if alone:
        return Period(None, _MONTHS[alone.group("mon").lower()], 1, "month")
    found = find_periods(text)
    if len(found) != 1:
        return None
    start, end, period = found[0]
    rest = (text[:start] + text[end:]).strip(" ,.-()")
    return period if not rest or _PERIOD_WORDS.fullmatch(rest) else None


#: words a period's header may carry beside it ("2021 season", "Year 2023", "2024 (unaudited)"); not "budget" or
#: "total", which tell two columns of one period apart
_PERIOD_WORDS = re.compile(r"(?:actual|unaudited|audited|restated|est\.?|e|a|season|(?:crop|calendar|financial|fiscal|"
                           r"school|academic)?\s*year)", re.I)


_TOTAL_OF_A_YEAR = re.compile(rf"^\s*(?:total|full[- ]year)\s+({YEAR})\s*$", re.I)


def table_periods(table: Table, header_rows: int = 3) -> list[Period]:
    """The periods a table's header rows or first column name (a transposed table's rows are periods)."""
    cells = [c for row in table.rows[:header_rows] for c in row[1:]] + [row[0] for row in table.rows if row]
    seen: dict[Period, None] = {}
    for cell in cells:
        total = _TOTAL_OF_A_YEAR.match(cell)  # "Total 2024" beside the year's quarters holds the year
        period = as_period(cell) or (Period(int(total.group(1)), 12, 12, "year") if total else None)
        if period is not None:
            seen.setdefault(period, None)
    return list(seen)


def covers(asked: Period, held: Iterable[Period], whole: bool = True) -> bool:
    """Whether periods ``held`` answer a question about ``asked``: the same period, parts that fill it (a year from
    its four quarters; any part when not ``whole``: "the same quarter of 2023"), or a point in it (a balance sheet's date in the year asked). Without years on one side, kind and
    month decide."""
    held, filled = list(held), set()
    for h in held:
        if asked.year is None or h.year is None:
            if asked.kind == "year" or h.kind == "year":
                return True  # a year asked of quarters without a year, or a month of years: cannot tell
            if (h.end_month, h.months) == (asked.end_month, asked.months) or h.kind == "date" == asked.kind:
                return True
            if asked.year is None and asked.months > h.months and _inside(h, asked):
                return True  # "Q2" asked of monthly columns: April 2024 lies in Q2 of its year
            continue
        if asked.kind == h.kind == "year" and asked.year == h.year and asked.months == h.months:
            return True  # a year ending in March is named by its year, as FY2025 is
        (a0, a1), (h0, h1) = asked.span(), h.span()
        if a0 <= h0 and h1 <= a1 and (h.kind == "date" or (h0, h1) == (a0, a1)) or asked.kind == "date" and h0 <= a0 <= h1:
            return True
        if a0 <= h0 and h1 <= a1:
            filled |= set(range(h0, h1 + 1))
    return len(filled) >= (asked.months if whole else 1)  # FY 2025 of H1 2025 alone is not held


def _inside(part: Period, whole: Period) -> bool:
    lo, hi = Period(part.year, whole.end_month, whole.months, whole.kind).span()
    a, b = part.span()
    return lo <= a and b <= hi


def coverage(held: Iterable[Period]) -> str:
    """'Q1 2023–Q4 2023': the first and last of the periods a table holds (one label when one)."""
    dated = sorted((p for p in held if p.year is not None), key=lambda p: (p.span()[1], -p.months))
    if not dated:
        return ""
    first, last = dated[0].label(), dated[-1].label()
    return first if first == last else f"{first}–{last}"


_IN_TOTAL = re.compile(r"\b(?:in total|altogether|all together|all told)\b", re.I)
#: a span or period said another way: "over the six months", "that month", "per quarter"
_A_SPAN = re.compile(r"\b(?:over|across|throughout|during|for)\s+(?:the|all|these|those|each|every)\b|"
                     r"\b(?:months?|quarters?|years?|halfs?|halves|half-years?|periods?|weeks?|days?)\b", re.I)


def in_total_as_every_period(question: str, tables: Iterable[Table]) -> str:
    """ "How many new members joined in total?" of a table of months, no period named: over the months it shows
    (not the count of its lines)."""
    m = _IN_TOTAL.search(question)
    if not m or find_periods(question) or _A_SPAN.search(question):
        return question
    held = [p for t in tables for p in table_periods(t)]
    kinds = {p.kind for p in held}
    if len(held) < 2 or len(kinds) != 1 or kinds & {"date", "months"}:
        return question
    return f"{question[:m.start()]}over the {len(held)} {kinds.pop()}s{question[m.end():]}"
