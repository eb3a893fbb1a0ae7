"""A person's table laid out the way the solver reads TAT-QA's: periods across the columns, each written one way.

People write periods as rows (what ``DataFrame.to_csv()`` writes: an unnamed index of quarters, metrics as
columns) and in many forms (``2023Q1``, ``1Q23``, "Three months ended March 31, 2023", ``FY2024``, ``As at 31
Mar 2024``). ``orient`` turns a table whose first column holds the periods (and whose header holds none) so
the periods are the columns, and writes every period cell of the header rows as ``Period.label()`` ("Q1 2023",
"March 31, 2024"); ``same_words`` writes a question's periods the same way, so "revenue in 1Q23" names the
column "Q1 2023". Used on ``ask``'s path (ask, ask --chat, tabtext.ask, batch) only: benchmark runs read their
tables as the data gives them. Evidence cells of a turned table are turned back by ``in_source``.
"""

from __future__ import annotations

import calendar
import dataclasses
import re
from collections.abc import Sequence

from .header_words import spelled_out
from .numbers import parse_number
from .periods import YEAR, as_period, bare_month_spans, find_periods, table_periods
from .types import Evidence, Period, Table

HEADER_ROWS = 3


def periods_on_rows(table: Table, strict: bool = False) -> bool:
    """The first column names periods (at least two, most of its body cells) and the first row none; ``strict``:
    every body cell of the first column names a dated period (a pandas export's index, not a stock price table's
    "First Quarter" rows under a year)."""
    if table.n_rows < 3 or table.n_cols < 2:
        return False
    firsts = [row[0] for row in table.rows[1:] if row and row[0].strip()]
    periods = [as_period(c) for c in firsts]
    named = sum(p is not None for p in periods)
    header_periods = sum(as_period(c) is not None for c in table.rows[0][1:])
    if strict and not (named == len(firsts) == len(table.rows) - 1 and
                       all(p and (p.year or p.kind == "month") for p in periods)):
        return False
    return named >= 2 and named >= 0.6 * len(firsts) and header_periods == 0


_SPLIT_YEAR = re.compile(rf"{YEAR}\s*[/-]\s*\d{{2}}")


_ONE_YEAR = re.compile(rf"(?<!\d)({YEAR})(?!\d)")


def year_named(table: Table) -> int | None:
    """The one year a table's name or caption names ("glenmore_weather_2024", "Rainfall 2024"), for its months,
    quarters and halves written without one; None when it names none or several."""
    years = set(_ONE_YEAR.findall(f"{table.id} {table.caption}"))
    return int(years.pop()) if len(years) == 1 else None


def dated(table: Table, held: Sequence) -> list:
    """The periods a table holds, its months without a year in the year its name gives (``year_named``)."""
    year = year_named(table)
    return [_in_year(p, year) for p in held]


def _in_year(period, year: int | None):  # type: ignore[no-untyped-def]
    """A month, quarter or half written without its year, in ``year`` (when there is one)."""
    if year is None or period is None or period.year is not None or period.kind not in ("month", "quarter", "half"):
        return period
    return dataclasses.replace(period, year=year)


def _month_ends(cells: Sequence[str]) -> bool:
    """Header dates that are each the last day of one month in a run of months ("2024-01-31", "2024-02-29", ...:
    what a pandas export of monthly figures writes): each is the month, not a point in time."""
    dates = [p for c in cells if (p := as_period(c)) is not None]
    if len(dates) < 3 or any(p.kind != "date" or p.year is None for p in dates):
        return False
    ends = all(p.day == calendar.monthrange(p.year, p.end_month)[1] for p in dates)  # type: ignore[arg-type]
    steps = {b.span()[1] - a.span()[1] for a, b in zip(dates, dates[1:])}
    return ends and steps in ({1}, {-1})


def _label(cell: str, year: int | None = None, month_ends: bool = False) -> str:
    """A period cell as ``Period.label()``; a year spanning two ("2022/23") keeps its own words, which the solver
    reads as the year it ends in, as it reads the question's ``same_words``; a month without a year takes the
    year the table's name gives; a month's last day in a run of them (``_month_ends``) is the month."""
    period = _in_year(as_period(cell), year)
    if month_ends and period is not None and period.kind == "date":
        period = dataclasses.replace(period, kind="month", day=0)
    if period is None or period.year is None and period.kind != "month" or period.kind == "year" and \
            _SPLIT_YEAR.search(cell):
        return re.sub(r"(\d{4})\s*-\s*(\d{2})", r"\1/\2", cell)  # the solver's header years read "/"
    return period.label()


_SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
_UNIT_TOKENS = {"pct": "%", "percent": "%", "usd": "$", "gbp": "£", "eur": "€", "000": "000", "k": "000",
                "m": "m", "mn": "m", "bn": "bn", "c": "°C", "mm": "mm", "cm": "cm", "kg": "kg", "km": "km"}


#: short forms in pandas names, as people write them ("fnb_revenue_usd" -> "F&B revenue ($)")
_SHORT_FORMS = {"fnb": "F&B", "f&b": "F&B", "adr": "ADR (average daily rate)", "revpar": "RevPAR (revenue per available room)",
                "ebitda": "EBITDA", "ebit": "EBIT", "kpi": "KPI", "yoy": "year-on-year", "qty": "Quantity",
                "avg": "Average", "num": "Number of", "no": "Number of", "temp": "temperature",
                "cogs": "Cost of goods sold", "opex": "Operating expenses", "capex": "Capital expenditure",
                "sga": "SG&A", "mrr": "MRR (monthly recurring revenue)", "arr": "ARR (annual recurring revenue)",
                "aov": "AOV (average order value)", "arpu": "ARPU (average revenue per user)", "fte": "FTE",
                "hc": "Headcount", "pax": "Passengers", "otp": "On-time performance", "nps": "NPS"}


def in_words(cell: str) -> str:
    """A pandas-style column name as a person's label: "room_revenue_usd_000" -> "Room revenue ($000)",
    "occupancy_pct" -> "Occupancy (%)"; any other cell as it is."""
    if not _SNAKE.match(cell.strip()):
        return cell
    words = cell.strip().split("_")
    units = []
    while len(words) > 1 and words[-1] in _UNIT_TOKENS:
        units.insert(0, _UNIT_TOKENS[words.pop()])
    label = " ".join(words).capitalize()
    label = " ".join(_SHORT_FORMS.get(w.lower(), w) for w in label.split())
    return f"{label} ({''.join(units)})" if units else label


def _plain(cell: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", cell.lower()).split())


def without_titles(table: Table) -> Table:
    """A workbook's title rows above its header ("Alder Foods - Profit and loss account", "EUR million") said in
    the header's empty first cell, where a table states its unit: rows with only a first cell, above a row with
    two or more headers and no amounts."""
    rows = table.rows
    n = 0
    while n < min(3, len(rows) - 2) and rows[n] and rows[n][0].strip() and not any(c.strip() for c in rows[n][1:]):
        n += 1
    if not n or rows[n][0].strip() or sum(1 for c in rows[n][1:] if c.strip()) < 2 or \
            any(parse_number(c) is not None and as_period(c) is None for c in rows[n][1:]):
        return table
    head = ("; ".join(r[0].strip() for r in rows[:n]),) + tuple(rows[n][1:])
    return Table(id=table.id, rows=(head,) + rows[n + 1:], caption=table.caption)


def names_first(table: Table) -> Table:
    """A league table's or ranking's first column of positions (1, 2, 3 ...) after the column of names it ranks,
    so each row is read by its name, as the solver reads rows by their first cell; a pandas export's unnamed
    index (0, 1, 2 ... under an empty header, what ``DataFrame.to_csv()`` writes) names nothing and goes."""
    body = [r for r in table.rows[1:] if r]
    firsts = [r[0].strip().rstrip(".=") for r in body]
    if len(body) < 3 or table.n_cols < 3 or not table.rows[0]:
        return table
    index = firsts == [str(i) for i in range(len(body))] and not table.rows[0][0].strip()
    if not index and firsts != [str(i) for i in range(1, len(body) + 1)]:
        return table
    if index:
        return Table(id=table.id, rows=tuple(r[1:] for r in table.rows), caption=table.caption)
    names = [r[1].strip() for r in body]
    if not all(re.search(r"[A-Za-z]", n) and parse_number(n) is None for n in names):
        return table
    rows = tuple((r[1], r[0]) + tuple(r[2:]) if len(r) > 1 else r for r in table.rows)
    return Table(id=table.id, rows=rows, caption=table.caption)


def orient(table: Table) -> tuple[Table, bool]:
    """(the table with periods across the columns and written one way, whether it was turned)."""
    table = names_first(spelled_out(without_titles(table)))
    turned = periods_on_rows(table)
    rows = [list(r) + [""] * (table.n_cols - len(r)) for r in table.rows]
    if turned:
        rows = [list(col) for col in zip(*rows)]
    head = min(HEADER_ROWS, len(rows))
    year = year_named(table)
    months = _month_ends([c for row in rows[:head] for c in row[1:]])
    rows = [[c if j == 0 or r >= head else _label(c, year, months) for j, c in enumerate(row)]
            for r, row in enumerate(rows)]
    rows = [[in_words(c) if r < head or j == 0 else c for j, c in enumerate(row)] for r, row in enumerate(rows)]
    for r in range(head - 1):  # "December 31" above "December 31, 2019": said once, by the period below
        for j in range(1, len(rows[r])):
            above, below = _plain(rows[r][j]), [_plain(rows[k][j]) for k in range(r + 1, head)]
            if above and any(b != above and above in b for b in below):
                rows[r][j] = ""
    if tuple(map(tuple, rows)) == table.rows:
        return table, False
    return Table(id=table.id, rows=tuple(map(tuple, rows)), caption=table.caption), turned


def same_words(question: str) -> str:
    """The question with each period it names written as ``Period.label()`` ("1Q23" -> "Q1 2023")."""
    out, last = [], 0
    for start, end, period in find_periods(question):
        if period.year is None and period.kind != "month":
            continue
        out.append(question[last:start] + period.label())
        last = end
    return "".join(out) + question[last:]


_LATEST = re.compile(r"\b(?:the\s+)?(?:(?:latest|most\s+recent|final|current)\s+(quarter|month|year|half|period)"
                     r"(?:\s+(?:shown|in\s+the\s+table|reported|available))?|last\s+(quarter|month|year|half|period)\s+"
                     r"(?:shown|in\s+the\s+table|reported|available))\b", re.I)
_EARLIEST = re.compile(r"\b(?:the\s+)?(?:(?:earliest|oldest)\s+(quarter|month|year|half|period)(?:\s+(?:shown|in\s+the\s+"
                       r"table|reported|available))?|first\s+(quarter|month|year|half|period)\s+(?:shown|in\s+the\s+table|"
                       r"reported|available))\b", re.I)
_LAST_OF_YEAR = re.compile(rf"\b(?:the\s+)?last\s+(quarter|month|half)\s+of\s+({YEAR})\b", re.I)
_LAST_PART = {"quarter": "Q4", "month": "December", "half": "H2"}


def relative_periods(question: str, tables: Sequence[Table]) -> str:
    """ "the latest quarter" / "the first month shown" written as the table's own period ("Q1 2024"), "the last
    quarter of 2023" as "Q4 2023"; a bare "last quarter" (the one before, in a follow-up) is left as it is."""
    question = _LAST_OF_YEAR.sub(lambda m: f"{_LAST_PART[m.group(1).lower()]} {m.group(2)}", question)
    held = sorted((p for t in tables for p in table_periods(t) if p.year is not None), key=lambda p: p.span())
    years = {p.year for p in held}
    if len(years) == 1:  # "the first quarter" of a table of 2024's months: Q1 2024
        for start, end, p in reversed(find_periods(question)):
            if p.year is None and p.kind in ("quarter", "half"):
                question = f"{question[:start]}{dataclasses.replace(p, year=years.pop()).label()}{question[end:]}"
                years = {p.year for p in held}
    question = _on_the_period_before(_months_of_the_year(question, held), held, tables)
    for pattern, pick in ((_LATEST, -1), (_EARLIEST, 0)):
        m = pattern.search(question)
        if not m or not held:
            continue
        unit = (m.group(1) or m.group(2)).lower()
        kind = [p for p in held if unit == "period" or p.kind == unit or unit == "year" and p.kind == "date"]
        if kind:
            question = f"{question[:m.start()]}{kind[pick].label()}{question[m.end():]}"
    return question


_ON_PERIOD = re.compile(r"\b(month|quarter|year|week)[- ]on[- ](?:month|quarter|year|week)\s+(?:percentage\s+|%\s*)?"
                        r"(change|growth|increase|decrease|decline|rise|fall|drop)\b", re.I)
_UNIT_KIND = {"month": "month", "quarter": "quarter", "year": "year"}


def _on_the_period_before(question: str, held: Sequence, tables: Sequence[Table] = ()) -> str:
    """ "the month-on-month change in rides in August 2024": the change from the table's month before (July 2024)
    to August 2024, a percentage change when the question asks in percent."""
    m = _ON_PERIOD.search(question)
    kind = _UNIT_KIND.get(m.group(1).lower()) if m else None
    named = [(s, e, p) for s, e, p in find_periods(question) if p.kind == kind] if kind else []
    if kind == "month" and not named and not held:  # one year's months, its year unsaid: "in April"
        held = [p for t in tables for p in table_periods(t) if p.kind == "month" and p.year is None]
        named = [(s, e, Period(None, month, 1, "month")) for s, e, month in bare_month_spans(question)]
    if not m or len(named) != 1:
        return question
    start, end, period = named[0]
    before = [p for p in held if p.kind == kind and p.span() < period.span()]
    if period not in held or not before:
        return question
    prev = max(before, key=lambda p: p.span())
    percent = re.search(r"\bpercent|%|\brate\b|\bgrowth\b", question, re.I) is not None  # "growth" on a period: a rate
    lead = re.search(r"\b(?:in|for|during)\s+$", question[:start], re.I)
    at = lead.start() if lead else start
    question = f"{question[:at]}from {prev.label()} to {period.label()}{question[end:]}"
    return f"{question[:m.start()]}{'percentage ' if percent else ''}{m.group(2).lower()}{question[m.end():]}"


_TEXT_ASKED = re.compile(r"\s*(?:why|who|whom|where|when)\b|\s*what (?:caused|drove|led to|explains)\b", re.I)


def _months_of_the_year(question: str, held: Sequence) -> str:
    """ "December" of a table whose months are of one year (Jul 2024 ... Dec 2024): "December 2024", the column's
    own period, so it is not read as another column ("Total"); a question the text answers (why, who, when) keeps
    the month as the text writes it."""
    if _TEXT_ASKED.match(question):
        return question
    months = {}
    for p in held:
        if p.kind == "month":
            months.setdefault(p.end_month, set()).add(p.year)
    for start, end, month in reversed(bare_month_spans(question)):
        if len(months.get(month, ())) == 1:
            question = f"{question[:start]}{question[start:end]} {next(iter(months[month]))}{question[end:]}"
    return question


def in_source(evidence: Sequence[Evidence], turned: bool, titles: int = 0, index: int = 0) -> tuple[Evidence, ...]:
    """Evidence cells of a turned table (or one whose ``titles`` title rows were said in its header, or whose
    ``index`` columns of a pandas index were dropped) at their places in the table as given."""
    cells = tuple(dataclasses.replace(e, row=e.col, col=e.row) if turned and e.kind == "cell" else e for e in evidence)
    return tuple(dataclasses.replace(e, row=e.row + titles, col=e.col + index) if (titles or index) and
                 e.kind == "cell" else e for e in cells)


def index_cols(table: Table) -> int:
    """How many columns of a pandas index ``names_first`` drops."""
    laid = spelled_out(without_titles(table))
    return laid.n_cols - names_first(laid).n_cols


def title_rows(table: Table) -> int:
    """How many title rows ``without_titles`` says in the header."""
    return len(table.rows) - len(without_titles(table).rows)


_PARTS_OF_YEAR = ("quarter", "half", "month", "months")


def for_runs(table: Table) -> Table:
    """The layout benchmark runs read (``orient`` costs TAT-QA's lockbox; this moves no dev answer): a table is
    turned only when every body cell of its first column is a dated period (a pandas export), and only quarters,
    halves and months with their year are written as ``Period.label()`` and pandas names in words (``in_words``),
    title rows said in the header (``without_titles``); years, dates and other words stay as given."""
    given, table = table, names_first(spelled_out(without_titles(table)))
    rows = [list(r) + [""] * (table.n_cols - len(r)) for r in table.rows]
    if periods_on_rows(table, strict=True):
        rows = [list(col) for col in zip(*rows)]
    head = min(HEADER_ROWS, len(rows))
    rows = [[c if j == 0 or r >= head else _part_label(c) for j, c in enumerate(row)] for r, row in enumerate(rows)]
    rows = [[in_words(c) if r < head or j == 0 else c for j, c in enumerate(row)] for r, row in enumerate(rows)]
    if tuple(map(tuple, rows)) == given.rows:
        return given
    return Table(id=table.id, rows=tuple(map(tuple, rows)), caption=table.caption)


def _part_label(cell: str) -> str:
    period = as_period(cell)
    return period.label() if period is not None and period.year is not None and period.kind in _PARTS_OF_YEAR else cell


def question_for_runs(question: str, tables: Sequence[Table]) -> str:
    """The question with each quarter, half or month it names written as a header of ``tables`` writes it, only
    when one does ("revenue in 1Q23" of a "Q1 2023" column); the question as asked otherwise."""
    held = {p for t in tables for row in t.rows[:HEADER_ROWS] for c in row[1:] if (p := as_period(c)) is not None}
    out, last = [], 0
    for start, end, period in find_periods(question):
        if period.year is None or period.kind not in _PARTS_OF_YEAR or period not in held:
            continue
        out.append(question[last:start] + period.label())
        last = end
    return "".join(out) + question[last:]
