"""A figure per unit a question names: "revenue per paying subscriber", "average daily rate" (room revenue per
room sold), RevPAR (room revenue per room available); the line before "per" over the line after it, each amount in
its own unit, in the period asked or summed over the columns that make it up (a quarter of monthly columns)."""

from __future__ import annotations

import re

from ....numbers import SCALE_FACTORS
from ....periods import find_periods
from ..lexicon.words import short_stem
from ..program.program import Const, Program
from ..reading.context import Ctx
from .measure_periods import HIGH, LOW, extreme_period
from .period_cols import asked_col, year_parts

PER_UNIT = re.compile(r"\bper\s+(?:(\d[\d,]*)\s+)?(?!(?:[a-z]+\s+){0,2}shares?\b|cent\b|unit\b(?!s?\s+(?:shipped|sold|produced|made|delivered|"
                      r"manufactured))|annum\b|year\b|quarter\b|month\b|half(?:[- ]year)?\b|week\b|season\b|period\b)[a-z]", re.I)  # "per unit shipped": a line
_UNIT_WORDS = re.compile(r"\([^)]*\)")


def stems(text: str) -> set[str]:
    return {short_stem(w) for w in re.findall(r"[a-z]{3,}", _UNIT_WORDS.sub(" ", text.lower()))} - {"total", "the", "and", "what",
                                                                                              "was", "were"}


def row_named_by(ctx: Ctx, words: set[str], skip: int | None = None, counted: bool = False,
                 among: set[str] = frozenset(), asked: str = "") -> int | None:
    """The row whose label shares most words with ``words``; among equals, a line of things counted when
    ``counted`` ("per installation": "Installations completed (number)", not "Cost of installations"), then the
    one sharing most words with ``among``, then the one with fewest words not asked ("revenue per customer":
    "Total revenue", not "Cost of revenue"), then the one named first in ``asked`` ("admissions income per
    visitor": "Admissions", the kind of income, not "Total income")."""
    view = ctx.view
    scored = [(len(label & words) + 0.5 * len(unit_words(view.row_labels[r]) & words), counted and a_count(view, r),
               len(label & among), -len(label - words), -_first_named(label & words, asked), r)
              for r in range(view.header_rows, view.table.n_rows) if r != skip and (label := stems(view.row_labels[r]))]
    best = max(scored, default=(0, False, 0, 0, 0, None))
    return best[-1] if best[0] else None


_MONEY_ASKED = re.compile(r"\b(?:costs?|spend|spent|paid|pay|price|bill|charged?)\b", re.I)
_MONEY_LABEL = re.compile(r"[$€£¥]|\b(?:usd|gbp|eur|dollars?|pounds?|euros?)\b", re.I)


def unit_words(label: str) -> set[str]:
    """What a label's brackets name ("Electricity (kWh)": kwh), and "unit:money" for an amount of money ("(£)")."""
    inner = " ".join(_UNIT_WORDS.findall(label))
    return {short_stem(w) for w in re.findall(r"[a-z]{3,}", inner.lower())} | units_named(inner) | \
        ({"unit:money"} if _MONEY_LABEL.search(label) else set())


def units_named(text: str) -> set[str]:
    """The units ``text`` names, written out or short (``_UNITS``: "per cubic metre", "(m3)")."""
    return {f"unit:{name}" for name, pattern in _UNITS if re.search(pattern, text, re.I)}


def money_asked(text: str) -> set[str]:
    """ "unit:money" when ``text`` asks what something cost ("what did electricity cost per kWh")."""
    return {"unit:money"} if _MONEY_ASKED.search(text) else set()


def _first_named(words: set[str], asked: str) -> int:
    """Where in ``asked`` the first of ``words`` stands (0 when ``asked`` is not given)."""
    spots = [i for i, w in enumerate(short_stem(w) for w in re.findall(r"[a-z]{3,}", asked.lower())) if w in words]
    return min(spots, default=0)


#: measures named for a figure per unit, as data: (the name asked, what it is per what)
_NAMED = ((r"\baverage daily (?:room )?rate\b|\badr\b", "room revenue per room sold"),
          (r"\brevpar\b|\brevenue per available room\b", "room revenue per room available"),
          (r"\baverage (?:orders?|baskets?) values?\b|\baov\b", "revenue per order"),
          (r"\baverage revenue per user\b|\barpu\b", "revenue per user"),
          (r"\baverage (?:selling|sale|sales) price\b|\basp\b|\b(?:selling\s+)?price per unit\b(?!s?\s+sold)",
           "net sales revenue per unit sold"),
          (r"\bcustomer acquisition cost\b|\bcac\b", "marketing spend per new customer"))
NAMED_PER_UNIT = re.compile("|".join(name for name, _ in _NAMED), re.I)


def spelled(text: str, labels: list[str]) -> str:
    """The question with a per-unit measure's name spelled as what it is per what, when no row states it."""
    for name, meaning in _NAMED:
        if re.search(name, text, re.I) and not any(re.search(name, label, re.I) for label in labels):
            return re.sub(name, _in_label_words(meaning, labels), text, count=1, flags=re.I)
    return text


_REVENUE_WORDS = ("sales", "turnover", "takings", "income")


def _in_label_words(meaning: str, labels: list[str]) -> str:
    """ "revenue per order" of a table whose line is "Sales (GBP)": "sales per order"."""
    held = {w for label in labels for w in stems(label)}
    if "revenue" not in meaning or short_stem("revenue") in held:
        return meaning
    word = next((w for w in _REVENUE_WORDS if short_stem(w) in held), None)
    return meaning.replace("revenue", word) if word else meaning


def per_unit(ctx: Ctx):
    """ "Revenue per paying subscriber in Q2 2024": the line before "per" over the line after it, each amount in
    its own unit (a table of $ millions and thousands of subscribers gives dollars per subscriber); over a period
    the table splits (a quarter of months), the two lines' totals."""
    view = ctx.view
    text = spelled(ctx.q.text, view.row_labels[view.header_rows:])
    m = PER_UNIT.search(text)
    if not m:
        return None
    return _per_unit_of_lines(ctx, text, m) or per_unit_of_row(ctx, text, m)


def _per_unit_of_lines(ctx: Ctx, text: str, m: re.Match[str]):
    view = ctx.view
    after = stems(text[m.end() - 1:]) | units_named(text[m.end() - 1:])
    before = stems(text[:m.start()]) | money_asked(text[:m.start()])
    num = row_named_by(ctx, before, among=after, asked=text[:m.start()])  # "revenue per day pass": "Day-pass revenue"
    den = row_named_by(ctx, after, skip=num, counted=True,  # "electricity cost per kWh": "Electricity (kWh)"
                       among=stems(view.row_labels[num]) if num is not None else frozenset())
    if num is None or den is None:
        return None
    per = float(m.group(1).replace(",", "")) if m.group(1) else 1.0  # "complaints per 1,000 orders"
    extreme = extreme_period(ctx, lambda c: _lines_per(ctx, num, den, [c], per), [num, den])
    if extreme is not None:  # "which month had the highest revenue per room sold?"
        return extreme, "per_unit"
    parts = year_parts(ctx, num)  # a quarter of months, "the full year" of quarters
    col = asked_col(ctx, num) if not parts else None
    cols = [col] if col is not None else parts
    if not cols or any(view.amount(den, c) in (None, 0.0) for c in cols):
        return None
    program = _lines_per(ctx, num, den, cols, per)
    return (program, "per_unit") if program is not None else None


def _lines_per(ctx: Ctx, num: int, den: int, cols: list[int], per: float) -> Program | None:
    """Line ``num`` over line ``den``, each summed over ``cols``, in their own units, times ``per``."""
    view = ctx.view
    scales = [view.cell_scale(num, cols[0]), view.cell_scale(den, cols[0])]
    if "percent" in scales or any(view.amount(den, c) in (None, 0.0) for c in cols):
        return None
    top, bottom = (_total(view, num, cols), _total(view, den, cols))
    if scales[0] == scales[1]:  # lines in one unit: an average or a share, unless the one after "per" is a count
        if not a_count(view, den):
            return None
        own = _OWN_THOUSANDS.search(view.row_labels[den])  # "Rides (000)": its thousands cancel the amount's
        factor = 1.0 if own else SCALE_FACTORS.get(scales[0], 1.0)  # £ thousands per room night: pounds per night
        return times(Program("divide", (top, bottom), "", "per_unit"), factor * per)
    ratio = Program("divide", (top, bottom), "", "per_unit")
    return times(ratio, SCALE_FACTORS.get(scales[0], 1.0) / SCALE_FACTORS.get(scales[1], 1.0) * per)


def times(program: Program, factor: float) -> Program:
    """``program`` times ``factor`` ("per 1,000 orders", thousands over units), itself when the factor is 1."""
    if factor == 1.0:
        return program
    return Program("multiply", (program, Const(factor, f"{factor:g}")), program.scale, program.pattern)


def col_named_by(ctx: Ctx, words: set[str], skip: int | None = None, years: frozenset[int] = frozenset()) -> int | None:
    """The column whose label shares most ``words`` ("Played (matches, games)": games, less than a label word);
    among those, one of the ``years`` asked ("trips per bike in 2024": Trips 2024, not Trips 2023)."""
    view = ctx.view
    scored = [(_named(view.col_labels[c], words, years), -c) for c in view.numeric_cols() if c != skip]
    best = max(scored, default=(0, 0))
    return -best[1] if best[0] else None


def _named(label: str, words: set[str], years: frozenset[int]) -> float:
    base = len(label_words(label) & words) + 0.5 * len(_in_brackets(label) & words)
    return base + 0.25 * _of_years(label, years) if base else 0.0


def _of_years(label: str, years: frozenset[int]) -> bool:
    return bool(years) and any(p.year in years for _, _, p in find_periods(label))


def _in_brackets(label: str) -> set[str]:
    return {w for inner in _UNIT_WORDS.findall(label) for w in stems(inner.strip("()"))}


def label_words(text: str) -> set[str]:
    """``stems``, the short unit words a label or question writes ("km", "kg") and the units it names, written out
    or short ("tonnes per hectare" of "Area (ha)" and "Apples 2024 (t)")."""
    return stems(text) | set(re.findall(r"\b[a-z]{2}\b", _UNIT_WORDS.sub(" ", text.lower()))) - {"in", "of", "to", "on"} | \
        units_named(text)


#: units as data: (the short name, how a label or a question writes it)
_UNITS = (("ha", r"\bha\b|\bhectares?\b"), ("t", r"\(t\)|\btonnes?\b|\btons?\b"),
          ("km", r"\bkm\b|\bkilomet(?:re|er)s?\b"), ("kg", r"\bkg\b|\bkilo(?:gram)?s?\b"),
          ("l", r"\(l\)|\blit(?:re|er)s?\b"), ("mwh", r"\bmwh\b|\bmegawatt[- ]hours?\b"),
          ("kwh", r"\bkwh\b|\bkilowatt[- ]hours?\b"), ("m3", r"\bm3\b|\bm³|\bcubic met(?:re|er)s?\b"))


def per_unit_of_row(ctx: Ctx, text: str, m: re.Match[str]):
    """ "VAN-103's fuel use in litres per 100 km": on a table of things as rows and measures as columns, the
    row's column named before "per" over its column named after it, times the number "per" names."""
    row, years = ctx.best_row, frozenset(p.year for _, _, p in find_periods(text) if p.year is not None)
    num = col_named_by(ctx, label_words(text[:m.start()]), years=years)
    den = col_named_by(ctx, label_words(text[m.end() - 1:]), skip=num)
    if num is None and den is not None:  # "the 2024 yield per hectare": the one column of the year asked, or the
        others = [c for c in ctx.view.numeric_cols() if c != den]  # one other column there is
        dated = [c for c in others if _of_years(ctx.view.col_labels[c], years)]
        num = dated[0] if len(dated) == 1 else others[0] if len(others) == 1 else None
    per = float(m.group(1).replace(",", "")) if m.group(1) else 1.0
    extreme = _extreme_row(ctx, num, den, per) if num is not None and den is not None else None
    if extreme is not None:
        return extreme, "per_unit"
    if row is None or num is None or den is None or ctx.view.amount(row, den) in (None, 0.0):
        return None
    ratio = Program("divide", (ctx.view.operand(row, num), ctx.view.operand(row, den)), "", "per_unit")
    return times(ratio, per), "per_unit"


_WHICH = re.compile(r"^\s*(?:which|what)\b(?!\s+(?:fiscal\s+|financial\s+)?(?:year|quarter|month|half|period|fy)s?\b)",
                    re.I)


def _extreme_row(ctx: Ctx, num: int, den: int, per: float) -> Program | None:
    """ "Which orchard had the highest yield per hectare?": of the rows (no total) with both figures, the one whose
    column ``num`` over column ``den`` is highest (lowest), named by its row."""
    text, view = ctx.q.text, ctx.view
    high, low = HIGH.search(text), LOW.search(text)
    if not _WHICH.search(text) or bool(high) == bool(low):
        return None
    rows = [r for r in range(view.header_rows, view.table.n_rows) if not re.match(r"\s*total\b", view.row_labels[r], re.I)
            and view.amount(r, num) is not None and view.amount(r, den) not in (None, 0.0)]
    ratios = tuple(times(Program("divide", (view.operand(r, num), view.operand(r, den)), "", "per_unit"), per)
                   for r in rows)
    return Program("argmax" if high else "argmin", ratios, key="row") if len(ratios) >= 2 else None


_AMOUNT_WORDS = re.compile(r"[$€£¥%(]|\b(?:sales|revenues?|costs?|profits?|income|expenses?|spend|prices?|value|fees?|"
                           r"margins?|assets|liabilit\w+|equity|cash|rent|wages|salar\w+|ebitda|tax)\b", re.I)


_COUNTED = re.compile(r"\(\s*(?:number|no\.?|count|#|units?|ftes?|people|persons|visits|trips|hours?|hrs|days|nights|km|miles|kg|"
                      r"tonnes|litres|liters|[kmg]wh|m3|m³|gallons|therms)\s*\)", re.I)  # "Billable hours (hours)": a count in its own unit, no money
#: when a line is counted, in brackets: "Customers (end of month)", "Members (at quarter end)"
WHEN_COUNTED = re.compile(r"\(\s*(?:at\s+)?(?:the\s+)?(?:(?:end|start|close|beginning)\s+of\s+(?:the\s+)?(?:month|quarter|year|"
                          r"period|half|season)|(?:month|quarter|year|period)[- ]end|closing|opening)\s*\)", re.I)
#: a line of things counted in its own unit: "Rides (000)", "Journeys (m)", "Passengers (millions)"
_OWN_THOUSANDS = re.compile(r"\(\s*(?:000s?|'000s?|thousands?|m|mn|millions?|bn|billions?)\s*\)|\bin (?:thousands|millions)\b",
                            re.I)


def _total(view, row: int, cols: list[int]):  # type: ignore[no-untyped-def]
    operands = tuple(view.operand(row, c) for c in cols)
    return operands[0] if len(operands) == 1 else Program("add", operands)


_FULL_TIME_EQUIVALENT = re.compile(r"\bFTEs?\b|\bfull[- ]time equivalents?\b", re.I)


def a_count(view, row: int) -> bool:  # type: ignore[no-untyped-def]
    """A line of things counted ("Shops", "Staff") under a table-wide money scale: whole numbers, or thousands its
    own label says ("Rides (000)": 182.4 thousand rides) or full-time equivalents ("Nurses (FTE)": 6.5), and no
    amount word."""
    amounts = [view.amount(row, c) for c in range(1, view.table.n_cols)]
    amounts = [a for a in amounts if a is not None]
    label = _COUNTED.sub(" ", WHEN_COUNTED.sub(" ", view.row_labels[row]))  # "Rooms sold (number)": no "($)"
    own = _OWN_THOUSANDS.search(label) or _FULL_TIME_EQUIVALENT.search(view.row_labels[row])  # 6.5 FTE
    return bool(amounts) and (all(float(a).is_integer() for a in amounts) or bool(own)) and \
        not _AMOUNT_WORDS.search(_OWN_THOUSANDS.sub(" ", label))


