"""Number and scale parsing/formatting shared by loaders and engines.

These are tabtext's own readings of real-world cells ("$ 1,452.4", "(19)", "12.5%", "—"); the official
scorers keep their own (quirky) number rules inside ``metrics/``.
"""

from __future__ import annotations

import math
import re

SCALE_FACTORS = {"": 1.0, "thousand": 1e3, "million": 1e6, "billion": 1e9, "percent": 0.01}
#: the scales of an amount (a percentage is not one): what converts "$1.2 million" into a table's thousands
AMOUNT_FACTORS = {scale: f for scale, f in SCALE_FACTORS.items() if scale != "percent"}

_EMPTY = {"", "-", "—", "–", "--", "n/a", "na", "nm", "n.m.", "*", "none", "nil", "—%", "-%"}
_NUM = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?")
_FOOTNOTE = re.compile(r"(?:\(\w\)|\[\w{1,2}\]|†|‡)$")  # searched in the last 4 characters only
_SCALE_WORDS = (
    ("billion", re.compile(r"\b(?:billions?|bn)\b", re.I)),
    ("million", re.compile(r"\b(?:millions?|mm|mn)\b", re.I)),
    ("thousand", re.compile(r"\b(?:thousands?|000s)\b|(?<![\w,.])(?:[$€£¥]\s?['‘’`]?|['‘’`])000['‘’`]?s?(?![\w,.])", re.I)),
    ("percent", re.compile(r"(?:%|\bper\s?cents?\b|\bpercentages?\b)", re.I)),
)


def parse_number(text: object) -> float | None:
    """Read a financial cell as a float: ``$ 1,452.4`` → 1452.4, ``(19)`` → -19, ``12.5%`` → 12.5.

    The percent sign is *not* applied (12.5% stays 12.5: the table's unit says percent); empty
    markers (``—``, ``-``, ``n/a``) and text give None.
    """
    if text is None:
        return None
    if isinstance(text, bool):
        return None
    if isinstance(text, (int, float)):
        return float(text) if math.isfinite(text) else None
    s = str(text).strip()
    if s.lower() in _EMPTY:
        return None
    s = _drop_footnote(s).strip()
    negative = False
    if s.startswith("(") and s.endswith(")") or s.startswith("(") and s.endswith(")%"):
        negative, s = True, s.strip("()%").strip() + ("%" if s.endswith("%") else "")
    s = s.replace("$", "").replace("€", "").replace("£", "").replace("¥", "").replace("US", "")
    s = s.replace("\u2212", "-").replace("–", "-").replace("—", "-").strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s.startswith("(") and s.endswith(")"):
        negative, s = True, s[1:-1].strip()
    s = s.replace(" ", "")
    if s.startswith("-") and len(s) > 1:
        negative, s = not negative, s[1:]
    if not s or not _NUM.fullmatch(s) or not any(ch.isdigit() for ch in s):
        return None
    value = float(s.replace(",", ""))
    if not math.isfinite(value):  # 310+ digits overflow a float: not a number anyone can compute with
        return None
    return -value if negative else value


def _drop_footnote(s: str) -> str:
    """A trailing footnote mark ("12.5 (a)", "1,000*", "3 [1]") removed in linear time."""
    t = s.rstrip()
    if t.endswith("*"):
        return t.rstrip("*")
    m = _FOOTNOTE.search(t[-4:])
    return t[: len(t) - len(m.group(0))] if m else s


def find_numbers(text: str) -> list[tuple[float, int, int]]:
    """All numbers in running text with their character spans (``$1.2 million`` → 1.2)."""
    out = []
    for m in re.finditer(r"\(?-?\$?\s?\d[\d,]*(?:\.\d+)?\)?%?", text):
        start, end = m.start(), m.end()
        if text[start] == "(" and ")" not in m.group(0):  # "(1,452.4 - 1,146.2)": a bracket, not a negative
            start += 1
        if ")" in m.group(0) and not m.group(0).startswith("("):
            end = start + m.group(0).index(")")
        value = parse_number(text[start:end].strip())
        if value is not None:
            out.append((value, start, end))
    return out


def detect_scale(text: str) -> str:
    """The first scale word in a header, caption or sentence ("in thousands" → thousand)."""
    best, pos = "", len(text) + 1
    for name, pattern in _SCALE_WORDS:
        m = pattern.search(text)
        if m and m.start() < pos:
            best, pos = name, m.start()
    return best


def scales_named(text: str) -> set[str]:
    """Every money scale a header or caption names ("in thousands", "$m" is not one: a unit, not a word)."""
    return {name for name, pattern in _SCALE_WORDS if name != "percent" and pattern.search(text)}


def without_scale_words(text: str) -> str:
    """The text with its money scale words taken out."""
    for name, pattern in _SCALE_WORDS:
        if name != "percent":
            text = pattern.sub("", text)
    return text


def format_number(value: float, decimals: int = 2) -> str:
    """A plain answer string: rounded, no trailing zeros, no thousands separators (``-12.6``, ``1496.5``)."""
    if not math.isfinite(value):
        return str(value)
    rounded = round(value, decimals)
    if rounded == 0:
        rounded = 0.0
    text = f"{rounded:.{decimals}f}".rstrip("0").rstrip(".") if decimals else f"{rounded:.0f}"
    return text if text not in ("-0", "") else "0"
