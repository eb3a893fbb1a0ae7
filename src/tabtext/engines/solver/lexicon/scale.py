"""Units of cells and answers: the scale words of financial tables and the scale an operator yields."""

from __future__ import annotations

import re
from functools import lru_cache

_RULES = (
    ("billion", re.compile(r"\b(?:in\s+)?billions?\b|\bbn\b|[$€£¥]\s?b\b", re.I)),
    ("million", re.compile(r"\b(?:in\s+)?millions?\b|\bmn\b|\$\s?mm\b|(?:[$€£¥]|\b(?:rmb|usd|eur|gbp|us\$|a\$|c\$))\s?m\b"
                           r"|\$m\b|'m\b|’m\b|\(m\)|\bm\)", re.I)),
    ("thousand", re.compile(r"\b(?:in\s+)?thousands?\b|['‘’`]000['‘’`]?s?(?!\d)|\$\s?000['‘’`]?s?(?!\d)|\([$€£¥]?\s?000s?\)|\b000s\b|"
                            r"\b(?:usd|eur|gbp|aud|nzd|cad|chf|jpy|cny|rmb|hkd|sgd|inr|zar|dkk|sek|nok|pln|brl|mxn)\s?['‘’`]?000\b|\(1,000\)|\bin 1,000s?\b|\bk\b\)?$", re.I)),
)
_PERCENT = re.compile(r"%|\bper\s?cent\b|\bpercent(?:age)?s?\b|\bbasis points?\b|\bmargin\b", re.I)
_UNSCALED = re.compile(r"\bper\s+(?:\w+\s+)?(?:share|unit|ton|tonne|barrel|hour)s?\b|\beps\b|\bnumber of\b|\bratio\b|\bdays?\b|"
                       r"\(in years\)|\byears\)$|\bheadcount\b|\bemployees\b|\(\s*(?:number|no\.?|count|#)\s*\)", re.I)
# a unit in brackets that is money or a measure: "Average daily rate ($)", "Yield (t/ha)" are no percentages
_OTHER_UNIT = re.compile(r"\((?:[$€£¥]|usd|gbp|eur|[a-z]+ ?/ ?[a-z]+|t|kg|tonnes?|km|miles|hours|hrs|minutes|mins)\)", re.I)


# a property tax, not a percentage: "Rent and rates", "Business rates"
_PROPERTY_RATES = re.compile(r"\b(?:rent and|business|council|water|property)\s+rates\b|\brates and rent\b")


@lru_cache(maxsize=16_384)  # a table's labels are read again for each of its questions
def scale_of_text(text: str, table_level: bool = False) -> str:
    """The unit a header/label announces: a scale name, ``"none"`` (explicitly unscaled) or ``""``.

    ``table_level`` skips percent and per-share words (a table caption such as "in thousands, except per
    share data" sets the table's scale; per-share rows then say "none" themselves).
    """
    if not text:
        return ""
    low = text.lower()
    if table_level:
        low = re.sub(r"except\b.*", "", low)
    for name, pattern in _RULES:
        if pattern.search(low):
            return name
    if table_level:
        return ""
    if "%" in low or re.search(r"\bper\s?cent\b|\bpercent(?:age)?s?\b", low):
        return "percent"
    if _UNSCALED.search(low):
        return "none"
    if re.search(r"(?<!exchange )\b(?:rate|margin|yield)s?\b", _PROPERTY_RATES.sub(" ", low)) and "per share" not in low and \
            not _OTHER_UNIT.search(low):
        return "percent"
    return ""


def percent_words(text: str) -> bool:
    return bool(_PERCENT.search(text))


_TABULAR = re.compile(r"\((?:[^()]*\b)?in\s+(thousands|millions|billions)\b|\b(?:amounts|dollars|figures|numbers)\s+(?:are\s+)?"
                      r"in\s+(thousands|millions|billions)\b|"
                      # "All amounts in the consolidated statements are (stated) in thousands of US dollars", not
                      # "harvest figures are in tonnes and the accounts are in thousands": a unit said of other figures
                      r"\b(?:amounts|figures|numbers)\b(?:(?!\b(?:are|is)\s+in\b)[^.;]){0,80}?\b(?:are|is)\s+(?:\w+\s+)?in\s+(thousands|millions|billions)\b|\bexpressed\s+in\s+(thousands|millions|billions)\b|"
                      r"\bexpressed\s+in\s+(?:us\s?)?\$\s?(000)['‘’`]?s?|\(in\s+(?:us\s?)?\$?\s?(000)['‘’`]?s?\)", re.I)


def paragraph_scale(paragraphs) -> str:
    """The unit a paragraph announces for the table ("(in thousands)", "tabular amounts in millions")."""
    for p in paragraphs:
        m = _TABULAR.search(p.text)
        if m:
            word = next(g for g in m.groups() if g).lower()
            return "thousand" if word == "000" else word[:-1]
    return ""


_AMOUNT = re.compile(r"(?<![\d.])(\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion)\b", re.I)


_STEP_DOWN = {"million": "thousand", "billion": "million"}


def matched_scale(values, paragraphs) -> str:
    """The unit of an unlabelled table, read off the paragraphs: a figure of the table written there with its
    unit ("capital expenditures of $1,153 million" for a cell "1,153"), when all such figures agree; else figures
    the text rounds into the next unit ("$24.2 million of net income" for a cell "24,193": thousands), when at
    least two agree."""
    cells = {abs(v) for v in values if abs(v) >= 10 or 1 <= abs(v) != int(abs(v))}  # not a stray "2"
    found: dict[str, int] = {}
    rounded: dict[str, int] = {}
    for p in paragraphs:
        for m in _AMOUNT.finditer(p.text):
            digits = m.group(1).replace(",", "")
            number, unit = float(digits), m.group(2).lower()
            if number in cells:
                found[unit] = found.get(unit, 0) + 1
            places = len(digits.split(".")[1]) if "." in digits else 0
            if unit in _STEP_DOWN and places and any(abs(c / 1000 - number) <= 0.5 * 10 ** -places and c >= 1000
                                                     for c in cells):
                rounded[_STEP_DOWN[unit]] = rounded.get(_STEP_DOWN[unit], 0) + 1
    if len(found) == 1:
        return next(iter(found))
    if not found and len(rounded) == 1 and next(iter(rounded.values())) >= 2:
        return next(iter(rounded))
    return ""


#: a line of money (its label names an amount of money, not a count): what "how many <things>?" cannot be read from.
#: Not "sales": "Bike sales" may count the bikes sold.
MONEY_LINE = re.compile(r"[$€£¥]|\b(?:costs?|expenses?|expenditure|revenues?|income|spend|spending|fees?|prices?|wages|"
                        r"salaries|payroll|profit|gbp|usd|eur|aud|cad)\b", re.I)
