"""A cell value + its Excel number format -> the text the sheet shows (``#,##0;(#,##0)`` of -19 is ``(19)``).

Covers what financial sheets use: up to four sections (positive; negative; zero; text), digit placeholders
``0 # ?``, thousands commas and trailing scaling commas, ``%``, quoted and escaped literals, ``_x`` spacing,
``*x`` fill (shown once), colours and conditions (dropped), ``[$€-407]`` currency tags, and dates/times. What it
does not model (fractions, scientific notation) falls back to Excel's General rendering.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

_DATE_TOKENS = re.compile(r"yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|AM/PM|A/P", re.I)
_PLACEHOLDERS = re.compile(r"[0#?][0#?,.]*|\.[0#?][0#?,]*")


def general(value: object) -> str:
    """Excel's General format: integers without a decimal point, up to 15 significant digits."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.15g}"
    if isinstance(value, _dt.datetime):
        return value.isoformat(sep=" ") if value.time() != _dt.time() else value.date().isoformat()
    if isinstance(value, (_dt.date, _dt.time)):
        return value.isoformat()
    return "" if value is None else str(value)


def split_sections(fmt: str) -> list[str]:
    """Split on ``;`` outside quotes and brackets."""
    sections, current, quoted, bracket = [], [], False, False
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "\\" and i + 1 < len(fmt):
            current.append(fmt[i:i + 2])
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
        elif ch == "[" and not quoted:
            bracket = True
        elif ch == "]" and not quoted:
            bracket = False
        if ch == ";" and not quoted and not bracket:
            sections.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    sections.append("".join(current))
    return sections


def _literals(section: str) -> list[tuple[str, str]]:
    """Tokens of one section: ("lit", text) for shown literals, ("fmt", text) for placeholder characters."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(section):
        ch = section[i]
        if ch == '"':
            end = section.find('"', i + 1)
            end = len(section) if end < 0 else end
            out.append(("lit", section[i + 1:end]))
            i = end + 1
        elif ch == "\\" and i + 1 < len(section):
            out.append(("lit", section[i + 1]))
            i += 2
        elif ch == "_" and i + 1 < len(section):
            out.append(("lit", " "))
            i += 2
        elif ch == "*" and i + 1 < len(section):  # fill: the sheet repeats it to the column width; once here
            out.append(("lit", section[i + 1]))
            i += 2
        elif ch == "[":
            end = section.find("]", i)
            end = len(section) if end < 0 else end
            tag = section[i + 1:end]
            if tag.startswith("$"):
                out.append(("lit", tag[1:].split("-")[0]))
            i = end + 1
        else:
            out.append(("fmt", ch))
            i += 1
    return out


def _number(value: Decimal, pattern: str, percent: bool) -> str:
    """Render |value| into one placeholder run such as ``#,##0.00`` (sign handled by the caller)."""
    scaling = len(pattern) - len(pattern.rstrip(","))  # each trailing comma divides by 1,000
    integer_part, point, decimals = pattern.rstrip(",").partition(".")
    places = sum(1 for c in decimals if c in "0#?")
    required = sum(1 for c in decimals if c in "0?")
    value = value * (100 if percent else 1) / (Decimal(1000) ** scaling)
    rounded = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    whole, _, frac = f"{rounded:f}".partition(".")
    whole = whole.lstrip("0").rjust(sum(1 for c in integer_part if c == "0"), "0")
    if "," in integer_part and whole:
        whole = f"{int(whole):,}"
    frac = frac.ljust(places, "0")
    while len(frac) > required and frac.endswith("0"):
        frac = frac[:-1]
    return whole + (point + frac if point else "")


def _with_literals(tokens: list[tuple[str, str]]) -> tuple[str, Callable[[str], str]]:
    """The placeholder code with each literal as \x00, and a function putting the literals back."""
    code = "".join(t if kind == "fmt" else "\x00" for kind, t in tokens)
    literals = [t for kind, t in tokens if kind == "lit"]

    def restore(text: str) -> str:
        parts = text.split("\x00")
        return parts[0] + "".join(lit + rest for lit, rest in zip(literals, parts[1:]))

    return code, restore


def _date(value: _dt.date | _dt.time, section: str) -> str:
    code, restore = _with_literals(_literals(section))
    has_ampm = bool(re.search(r"AM/PM|A/P", code, re.I))
    found = list(_DATE_TOKENS.finditer(code))
    out, last = [], 0
    for n, m in enumerate(found):
        out.append(code[last:m.start()])
        last = m.end()
        low = m.group(0).lower()
        before = found[n - 1].group(0).lower() if n else ""
        after = found[n + 1].group(0).lower() if n + 1 < len(found) else ""
        is_minute = low in ("m", "mm") and (before in ("h", "hh") or after in ("s", "ss"))
        out.append(_date_part(value, low, is_minute, has_ampm))
    out.append(code[last:])
    return restore("".join(out))


def _date_part(value: _dt.date | _dt.time, tok: str, is_minute: bool, has_ampm: bool) -> str:
    d = value if isinstance(value, _dt.date) else None
    t = value if isinstance(value, (_dt.time, _dt.datetime)) else None
    if tok in ("am/pm", "a/p"):
        am = t is None or t.hour < 12
        return ("AM" if am else "PM") if tok == "am/pm" else ("A" if am else "P")
    if is_minute:
        return f"{t.minute:0{len(tok)}d}" if t else "00"
    if tok[0] in "hs":
        if t is None:
            return "0" * len(tok)
        n = t.second if tok[0] == "s" else (t.hour % 12 or 12) if has_ampm else t.hour
        return f"{n:0{len(tok)}d}"
    if d is None:
        return ""
    table = {"yyyy": f"{d.year:04d}", "yy": f"{d.year % 100:02d}", "mmmmm": d.strftime("%B")[0],
             "mmmm": d.strftime("%B"), "mmm": d.strftime("%b"), "mm": f"{d.month:02d}", "m": str(d.month),
             "dddd": d.strftime("%A"), "ddd": d.strftime("%a"), "dd": f"{d.day:02d}", "d": str(d.day)}
    return table[tok]


def render(value: object, fmt: str | None) -> str:
    """The text Excel shows for ``value`` under number format ``fmt``."""
    if value is None:
        return ""
    fmt = (fmt or "General").strip()
    if isinstance(value, (_dt.date, _dt.time)):
        return _date(value, split_sections(fmt)[0]) if _DATE_TOKENS.search(fmt) else general(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        sections = split_sections(fmt)
        text = str(value) if not isinstance(value, bool) else general(value)
        if len(sections) >= 4 and "@" in sections[3]:
            return "".join(t if kind == "lit" else (text if t == "@" else t) for kind, t in _literals(sections[3]))
        return text
    return _render_number(value, fmt)


def _render_number(value: int | float, fmt: str) -> str:
    sections = split_sections(fmt)
    if value < 0 and len(sections) >= 2 and sections[1].strip():
        section, sign = sections[1], ""
    elif value == 0 and len(sections) >= 3:
        section, sign = sections[2], ""
    else:
        section, sign = sections[0], "-" if value < 0 else ""
    if section.strip().lower() in ("general", ""):
        return sign + general(abs(value)) if section.strip() else ""
    tokens = _literals(section)
    code = "".join(t for kind, t in tokens if kind == "fmt")
    if re.search(r"[eE][+-]|/", code) or not _PLACEHOLDERS.search(code):
        shown = "".join(t for kind, t in tokens if kind == "lit")
        return (sign + general(abs(value))) if not shown.strip() else shown
    percent = "%" in code
    code, restore = _with_literals(tokens)
    run = _PLACEHOLDERS.search(code)
    assert run is not None
    number = _number(abs(Decimal(repr(value) if isinstance(value, float) else value)), run.group(0), percent)
    rest = _PLACEHOLDERS.sub("", code[run.end():])  # a second placeholder run (rare) shows nothing
    rendered = restore(code[:run.start()] + number + rest)
    return (sign if any(ch in "123456789" for ch in number) else "") + rendered
