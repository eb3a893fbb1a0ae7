"""``normalized_*``: the official TANQ datapoint metric after removing its known traps. NOT official.

Both tables are read leniently and their cells canonicalised before the official matching runs:
- Unicode NFKC, case-folded, whitespace collapsed; lines split with ``str.splitlines``; blank lines dropped;
- markdown: one leading and one trailing pipe per line removed, ``|---|`` / ``|:---:|`` separator rows
  dropped, cells split on ``|`` whatever the spacing; ``title |`` / ``title|`` first lines are a title;
- numbers: ``2,100,000`` / ``$1.5 million`` / ``105.4 km2`` / ``25 %`` become plain numbers (a known unit
  or currency is dropped, a scale word multiplies), so the official relative-error test applies;
- dates: ``2 January 1950``, ``January 2, 1950`` and ``1950-01-02`` all become ``1950-01-02``
  (``December 1956`` and ``1956-12`` become ``1956-12``);
- multi-valued cells (``a, b``) are sorted, so value order does not matter.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import zip_longest

from .tanq import PRF, datapoints, match_datapoints, official_float

_MONTHS = {m: i for i, m in enumerate(
    ("january february march april may june july august september october november december").split(), 1)}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_MONTH_RE = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"

_DMY = re.compile(rf"^(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH_RE},?\s+(\d{{3,4}})$")
_MDY = re.compile(rf"^{_MONTH_RE}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{3,4}})$")
_MY = re.compile(rf"^{_MONTH_RE},?\s+(\d{{3,4}})$")
_ISO = re.compile(r"^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?(?:t[\d:.]+z?)?$")

_SCALES = {"thousand": 1e3, "million": 1e6, "millions": 1e6, "mn": 1e6, "billion": 1e9, "billions": 1e9,
           "bn": 1e9, "trillion": 1e12}
_UNITS = set("""km km2 km² km^2 sq km m m2 m² m^2 m3 m³ cm mm mi mi2 mi² sq mi ft ft2 ft² in yd ha acres acre
    kg g mg t tonnes tons lb lbs oz l ml gal km/h kmh mph m/s s sec seconds min minutes h hr hrs hours days
    years year yrs months weeks °c °f c f k w kw mw gw kwh mwh v hz mhz ghz mb gb tb kb b bytes usd us$ eur gbp
    jpy inr cny chf dollars dollar euros euro pounds people persons inhabitants residents points pts votes
    seats episodes pages metres meters metre meter kilometres kilometers miles feet inches""".split())
_NUMBER = re.compile(r"^([-+−]?)\s*(?:[$€£¥₹]|us\$)?\s*(\d[\d,]*(?:\.\d+)?|\.\d+)\s*(%|percent|per cent)?\s*(.*)$")
_SEPARATOR = re.compile(r"^:?-{1,}:?$")


def _number(cell: str) -> str | None:
    """Canonical number text for a numeric cell (with optional unit / currency / scale), else None."""
    m = _NUMBER.match(cell)
    if not m:
        return None
    sign, digits, percent, rest = m.groups()
    if "," in digits and not re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", digits):
        return None  # "1,2" is a list, not a number
    tail = rest.strip(" .")
    scale = 1.0
    if tail:
        first, _, after = tail.partition(" ")
        if first in _SCALES:
            scale, tail = _SCALES[first], after.strip()
        if tail and tail not in _UNITS and tail.replace(" ", "") not in _UNITS:
            return None
    value = float(digits.replace(",", "")) * scale
    if percent:
        value /= 100.0
    if sign in ("-", "−"):
        value = -value
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def _date(cell: str) -> str | None:
    for pattern, order in ((_DMY, "dmy"), (_MDY, "mdy")):
        m = pattern.match(cell)
        if m:
            parts = dict(zip(order, m.groups()))
            month, day, year = _MONTHS[parts["m"].rstrip(".")], int(parts["d"]), int(parts["y"])
            return f"{year:04d}-{month:02d}-{day:02d}"
    m = _MY.match(cell)
    if m:
        return f"{int(m.group(2)):04d}-{_MONTHS[m.group(1).rstrip('.')]:02d}"
    m = _ISO.match(cell)
    if m:
        year, month, day = m.groups()
        return f"{year}-{int(month):02d}" + (f"-{int(day):02d}" if day else "")
    return None


def normalize_cell(cell: str) -> str:
    cell = " ".join(unicodedata.normalize("NFKC", cell).casefold().split())
    if not cell:
        return ""
    canonical = _date(cell) or _number(cell)
    if canonical is not None:
        return canonical
    if ", " in cell:
        parts = [_date(p) or _number(p) or p for p in cell.split(", ")]
        return ", ".join(sorted(parts))
    return cell


def normalized_table(text: str, transposed: bool = False) -> tuple[str | None, tuple[str, ...], tuple[tuple[str, ...], ...]]:
    text = unicodedata.normalize("NFKC", text).casefold()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    title = None
    if lines and re.match(r"^title\s*\|", lines[0]):
        title = normalize_cell(lines[0].split("|", 1)[1])
        lines = lines[1:]
    rows = []
    for line in lines:
        if line.startswith("|"):
            line = line[1:]
        if line.endswith("|") and not line.endswith("\\|"):
            line = line[:-1]
        cells = tuple(normalize_cell(c) for c in re.split(r"(?<!\\)\|", line))
        if all(_SEPARATOR.match(c) for c in cells):
            continue
        rows.append(cells)
    if not rows:
        return title, (), ()
    if transposed:
        rows = [tuple(r) for r in zip_longest(*rows, fillvalue="")]
    return title, rows[0], tuple(rows[1:])


def normalized_scores(gold_text: str, pred_text: str) -> PRF:
    """(precision, recall, f1) of the official matching on normalised tables; better orientation kept."""
    gold = datapoints(*normalized_table(gold_text))
    transposed = match_datapoints(gold, datapoints(*normalized_table(pred_text, transposed=True)), official_float)
    as_is = match_datapoints(gold, datapoints(*normalized_table(pred_text)), official_float)
    return as_is if as_is[2] > transposed[2] else transposed
