"""Reading a model's reply back into an Answer: named extractors tried in order, per benchmark.

``read(example, text)`` returns the answer, the extractor that produced it and notes on how it was read
(``scale_from_text``: the scale field was empty and the answer's own unit words — "%", "million" — gave it;
``formula``: the answer was an arithmetic expression, computed with ``tabtext.calc``). The last-number fallback
is used only for questions that ask for an amount; a prose reply to any other question is kept as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace

from ..calc import CalcError, evaluate
from ..numbers import detect_scale, find_numbers, format_number
from ..periods import YEAR
from ..types import SCALES, Answer, Example, Table
from .reply_scale import YEAR_QUESTION, report_scale

Extractor = Callable[[str], "Answer | None"]
_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)
#: deeper JSON than this is no answer: parsing it would run near the interpreter's recursion limit (where a
#: garbage-collected object's warning can no longer even be reported) and costs quadratic time when embedded
MAX_JSON_DEPTH = 64


def _scale(value: object) -> str:
    s = str(value or "").strip().lower()
    if s in SCALES:
        return s
    return detect_scale(s) if s else ""


def _value(x: object) -> str:
    if isinstance(x, bool):
        return str(x).lower()
    if isinstance(x, (int, float)):
        return format_number(float(x), decimals=4)
    return str(x).strip()


def _from_json_obj(obj: object) -> Answer | None:
    if isinstance(obj, dict):
        lowered = {str(k).lower(): v for k, v in obj.items()}
        if "answer" not in lowered:
            return None
        ans = lowered["answer"]
        scale, deriv = _scale(lowered.get("scale")), str(lowered.get("derivation") or "")
    else:
        ans, scale, deriv = obj, "", ""
    if isinstance(ans, list):
        if ans and all(isinstance(r, list) for r in ans):
            return Answer(value=Table.from_rows(ans), raw=ans)
        return Answer(value=tuple(_value(a) for a in ans), scale=scale, derivation=deriv, raw=ans)
    if ans is None or isinstance(ans, dict):
        return None
    return Answer(value=_value(ans), scale=scale, derivation=deriv, raw=ans)


def too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether brackets outside JSON strings nest deeper than ``limit`` (one linear scan, no recursion)."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth = max(0, depth - 1)
    return False


def json_strict(text: str) -> Answer | None:
    if too_deep(text):
        return None
    try:
        return _from_json_obj(json.loads(text.strip()))
    except (json.JSONDecodeError, ValueError, RecursionError):
        return None


def json_embedded(text: str) -> Answer | None:
    if too_deep(text):
        return None
    candidates = [m.group(1) for m in _FENCE.finditer(text)]
    decoder = json.JSONDecoder()
    for i, ch in enumerate(text):
        if ch == "{":
            try:
                obj, _ = decoder.raw_decode(text, i)
            except json.JSONDecodeError:
                continue
            candidates.append(json.dumps(obj))
    for c in candidates:
        found = json_strict(c)
        if found is not None:
            return found
    return None


_BARE_FORMULA = re.compile(r'("answer"\s*:\s*)([-+*/().,\s%\d$]*\d[-+*/().,\s%\d$]*?)(\s*[,}])', re.I)


def json_formula(text: str) -> Answer | None:
    """``{"answer": (73260 - 57768) / 57768 * 100, ...}`` — not JSON — read with the formula as a string."""
    m = _BARE_FORMULA.search(text)
    if m is None or not re.search(r"\d\s*[-+*/]\s*[($\d]", m.group(2)):
        return None
    quoted = text[:m.start(2)] + json.dumps(m.group(2).strip()) + text[m.end(2):]
    return json_strict(quoted) or json_embedded(quoted)


def parse_pipe_table(text: str) -> list[list[str]] | None:
    """Markdown or bare pipe table lines -> rows (separator lines dropped, cells stripped)."""
    rows: list[list[str]] = []
    for line in text.strip().splitlines():
        line = line.strip()
        if "|" not in line:
            if rows:
                break
            continue
        cells = re.split(r"(?<!\\)\|", line)
        if line.startswith("|"):
            cells = cells[1:]
        if line.endswith("|") and not line.endswith("\\|"):
            cells = cells[:-1]
        cells = [c.strip().replace("\\|", "|") for c in cells]
        if cells and all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
            continue
        rows.append(cells)
    return rows if len(rows) >= 1 and any(len(r) > 1 for r in rows) else None


def table(text: str) -> Answer | None:
    rows = parse_pipe_table(text)
    if rows is None:
        return None
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    return Answer(value=Table.from_rows(rows), raw="\n".join("|".join(r) for r in rows) + "\n")


_FORMULA = re.compile(r"(?:=|answer\s*(?:is|:))\s*([-+*/()., %\d$]+[\d)%])", re.I)
_ARITHMETIC = re.compile(r"[-+*/()., %\d$]+")


def compute(expr: str) -> float | None:
    """An arithmetic expression as a model writes it ('(1,200 - $1,000) / 1,000 * 100') -> its value, or None."""
    if not _ARITHMETIC.fullmatch(expr) or not re.search(r"\d%?\s*[-+*/]\s*[($\d]", expr):
        return None
    try:
        value = evaluate(expr.replace("$", "").replace(",", "").replace("%", ""))
    except (CalcError, ValueError, ZeroDivisionError, OverflowError):
        return None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def formula(text: str) -> Answer | None:
    for m in reversed(list(_FORMULA.finditer(text))):
        expr = m.group(1).strip()
        value = compute(expr)
        if value is not None:
            tail = text[m.end():m.end() + 20]
            return Answer(value=format_number(value, decimals=4), scale=detect_scale(tail), derivation=expr)
    return None


def last_number(text: str) -> Answer | None:
    numbers = find_numbers(text)
    if not numbers:
        return None
    value, start, end = numbers[-1]
    tail = text[end:end + 20]
    scale = "percent" if text[start:end].endswith("%") else detect_scale(tail.split(".")[0])
    return Answer(value=format_number(value, decimals=4), scale=scale)


def raw_text(text: str) -> Answer | None:
    cleaned = " ".join(text.split())
    cleaned = re.sub(r"^(?:assistant|answer)\s*:\s*", "", cleaned, flags=re.I)
    return Answer(value=cleaned) if cleaned else None


EXTRACTORS: dict[str, Extractor] = {
    "json_strict": json_strict, "json_embedded": json_embedded, "json_formula": json_formula, "table": table,
    "formula": formula, "last_number": last_number, "raw_text": raw_text,
}
ORDER = {
    "tatqa": ("json_strict", "json_embedded", "json_formula", "formula", "last_number", "raw_text"),
    "tanq": ("json_strict", "json_embedded", "table", "raw_text"),
    "chatrag": ("raw_text",),
}

#: what a question asking for an amount says; only these may fall back to the reply's last number
_AMOUNT_QUESTION = re.compile(
    r"\b(?:how (?:much|many)|what (?:is|was|were|are) the (?:total|sum|average|change|difference|increase|decrease"
    r"|percentage|proportion|ratio|growth|rate|amount|value)|average|percentage|ratio|proportion|change|"
    r"difference|increase|decrease|growth|sum|total)\b", re.I)


def asks_for_amount(question: str) -> bool:
    return bool(_AMOUNT_QUESTION.search(question))


_YEAR = re.compile(YEAR)


def _year_has_no_scale(example: Example, answer: Answer) -> tuple[Answer, dict[str, object]]:
    """A year asked for is a date, not an amount: no unit, whatever the scale field says."""
    items = answer.value if isinstance(answer.value, tuple) else (answer.value,)
    if answer.scale and YEAR_QUESTION.search(example.question) and items and \
            all(isinstance(i, str) and _YEAR.fullmatch(i.strip()) for i in items):
        return replace(answer, scale=""), {"scale_dropped": "a year"}
    return answer, {}


_UNIT_NUMBER = re.compile(r"^\s*[-+]?\s*\$?\s*\(?[-+]?[\d,]*\.?\d+\)?\s*(?:%|[a-z' ]{0,20})\s*$", re.I)


def _amount_with_unit(answer: Answer) -> tuple[Answer, dict[str, object]]:
    """One amount in the answer field: a formula is computed; with an empty scale its own unit words give it."""
    items = answer.value if isinstance(answer.value, tuple) else (answer.value,)
    if len(items) != 1 or not isinstance(items[0], str):
        return answer, {}
    text, notes = items[0], {}
    written, value = _formula_in(text)
    if value is not None:
        notes["formula"] = written
        scale = answer.scale or detect_scale(text)  # '4.00% - 3.75% = 0.25%': the reply's own unit words
        if scale != answer.scale:
            notes["scale_from_text"] = True
        answer = replace(answer, value=format_number(value, decimals=4), raw=format_number(value, decimals=4),
                         derivation=answer.derivation or written, scale=scale)
        text = answer.value  # type: ignore[assignment]
    numbers = find_numbers(text) if _UNIT_NUMBER.match(text) else []
    if len(numbers) == 1 and detect_scale(text) not in ("", "percent"):
        # '$480 million' copied with its unit word: TAT-QA gives such a span no scale (its words carry it), and the
        # words outrank a scale field that says otherwise ('85.1 million' with "thousand")
        return replace(answer, value=text.strip(), raw=text.strip(), scale=""), {**notes, "unit_in_answer": True}
    if len(numbers) == 1 and detect_scale(text):
        # '1.90%': the number alone, percent the scale when the field is empty ('$1,496.5' with no unit word stays
        # as the model wrote it, as the solver through `tabtext serve` answers spans)
        scale = answer.scale or detect_scale(text)
        if scale and not answer.scale:
            notes["scale_from_text"] = True
        number = format_number(numbers[0][0], decimals=4)
        answer = replace(answer, value=number, raw=number, scale=scale)
    return answer, notes


def _formula_in(text: str) -> tuple[str, float | None]:
    """The first arithmetic between '=' signs: 'new - old = 680 - 774 = -96' -> ('680 - 774', -94.0).

    Small models write the right formula and then the wrong result, or the template first; the formula with the
    report's numbers is the answer, computed with ``tabtext.calc``.
    """
    for part in text.split("="):
        value = compute(part.strip())
        if value is not None:
            return part.strip(), value
    return text, None


def _number_words(example: Example, answer: Answer) -> tuple[Answer, dict[str, object]]:
    """A scale belongs to a number: an answer of words with no digit in it has none, whatever the field says."""
    items = answer.value if isinstance(answer.value, tuple) else (answer.value,)
    if answer.scale and not any(re.search(r"\d", str(i)) for i in items):
        return replace(answer, scale=""), {"scale_dropped": "no number"}
    return answer, {}


#: notes after which an empty scale is the answer's own: its unit words, or no number to carry one
_SCALE_SETTLED = {"unit_in_answer", "scale_dropped"}


def read(example: Example, text: str) -> tuple[Answer | None, str, dict[str, object]]:
    """Raw model text -> (Answer, extractor name, notes); (None, "", {}) if nothing fits."""
    bench = str(example.meta.get("benchmark") or "tatqa")
    for name in ORDER.get(bench, ORDER["tatqa"]):
        if name == "last_number" and not asks_for_amount(example.question):
            continue
        answer = EXTRACTORS[name](text)
        if answer is None:
            continue
        if bench == "tanq" and not isinstance(answer.value, Table) and name != "raw_text":
            continue
        if bench == "tatqa" and isinstance(answer.value, Table):
            continue
        notes: dict[str, object] = {}
        if bench == "tatqa" and name.startswith("json"):
            answer, notes = _amount_with_unit(answer)
            for rule in (_year_has_no_scale, _number_words):
                answer, dropped = rule(example, answer)
                notes.update(dropped)
        elif bench == "tatqa" and name in ("formula", "last_number") and answer.scale:
            notes["scale_from_text"] = True
        if bench == "tatqa" and name != "raw_text" and not answer.scale and not set(notes) & _SCALE_SETTLED:
            unit = report_scale(example, answer, str(notes.get("formula") or answer.derivation or ""))
            if unit:
                answer, notes["scale_from_unit_line"] = replace(answer, scale=unit), unit
        return answer, name, notes
    return None, "", {}


def extract(example: Example, text: str) -> tuple[Answer | None, str]:
    """Raw model text -> (Answer, name of the extractor that produced it); (None, "") if nothing fits."""
    answer, name, _ = read(example, text)
    return answer, name
