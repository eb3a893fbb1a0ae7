"""Arithmetic over amounts written in the paragraphs.

"... recognized $0.3 million, $0.9 million and $0.6 million in 2019, 2018 and 2017, respectively" gives one
amount per year; "increased from $1.2 million in 2018 to $1.5 million in 2019" gives an old and a new one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....numbers import AMOUNT_FACTORS as _FACTOR
from ....types import Paragraph
from ..lexicon.scale import MONEY_LINE
from ..lexicon.words import YEAR, content_tokens
from ..program import ops
from ..program.program import TextNumber
from ..reader.sentences import split_sentences
from ..reading.question import Query

_AMOUNT = re.compile(r"(?<![\w.])\(?-?(?:US)?[$€£]?\s?(\d(?:[\d,]*\d)?(?:\.\d+)?)\)?\s*(%|percent\b|(?:thousand|million|billion)s?\b|"
                     r"bn\b|m\b)?", re.I)
_YEAR = re.compile(rf"^{YEAR}$")
_UNITS = {"%": "percent", "percent": "percent", "thousand": "thousand", "million": "million", "billion": "billion",
          "bn": "billion", "m": "million"}


def sentences(paragraphs: Sequence[Paragraph]):
    for i, p in enumerate(paragraphs):
        for sent in split_sentences(p.text, i):
            yield i, sent.start, sent.text


def amounts(sentence: str) -> list[tuple[float, str, int, int]]:
    """(value, unit, start, end) of each amount that is not a year or a date."""
    out = []
    for m in _AMOUNT.finditer(sentence):
        digits = m.group(1)
        if _YEAR.match(digits) and not m.group(2) and "$" not in m.group(0):
            continue
        after = sentence[m.end():m.end() + 12].lower()
        if re.match(r"\s*(?:years?|months?|days?)\b", after) and not m.group(2):
            continue
        value = float(digits.replace(",", ""))
        if m.group(0).strip().startswith("(") and ")" in m.group(0):
            value = -value
        unit = _UNITS.get((m.group(2) or "").lower().rstrip("s"), "")
        out.append((value, unit, m.start(1), m.end()))
    return out


def _year_after(sentence: str, end: int) -> str:
    m = re.match(rf"[^$\d]{{0,25}}?\b({YEAR})\b", sentence[end:])
    return m.group(1) if m else ""


def subject_words(sentence: str, start: int) -> str:
    """The content words just before an amount: what the amount is of ("revenue increased to")."""
    return " ".join(content_tokens(sentence[max(0, start - 60):start])[-6:])


def numbered_sentences(paragraphs: Sequence[Paragraph]) -> list[tuple[int, int, str, list, frozenset[str]]]:
    """(paragraph, offset, sentence, its amounts, its content words) of every sentence holding an amount: the
    text side of the document model, read once per context."""
    out = []
    for i, offset, sent in sentences(paragraphs):
        found = amounts(sent)
        if found:
            out.append((i, offset, sent, found, frozenset(content_tokens(sent))))
    return out


def text_numbers(paragraphs: Sequence[Paragraph]) -> list[TextNumber]:
    """Every amount written in the paragraphs, with the words it is about."""
    return [TextNumber(i, offset + s, offset + e, sent[s:e], v, subject_words(sent, s))
            for i, offset, sent, found, _ in numbered_sentences(paragraphs) for v, _, s, e in found]


def text_arithmetic(q: Query, paragraphs: Sequence[Paragraph], numbered=None):
    """The best-overlapping sentence with two or more amounts; the operator runs over them (``numbered``: the
    context's ``numbered_sentences``, when already read)."""
    qset = set(q.tokens)
    best = None
    for i, offset, sent, found, words in (numbered if numbered is not None else numbered_sentences(paragraphs)):
        if len(found) < 2:
            continue
        score = len(qset & words)
        if best is None or score > best[0]:
            best = (score, i, offset, sent, found)
    if best is None or best[0] < 2:
        return None
    _, i, offset, sent, found = best
    years = re.findall(rf"\b{YEAR}\b", sent)
    by_year: dict[str, tuple[float, str, int, int]] = {}
    if re.search(r"\brespectively\b", sent) and len(years) == len(found):
        by_year = dict(zip(years, found))
    op = "percent_of" if q.kind == "divide" and q.percent else q.kind
    if op in ("diff", "change_ratio"):
        if len(by_year) >= 2:
            new, old = sorted(by_year, reverse=True)[:2]
            picked = [by_year[new], by_year[old]]
        else:
            # "A in 2018 ... B in 2019" orders by the years; else "B compared to A" lists new first and
            # "from A to B" old first
            low = sent.lower()
            a_year, b_year = (_year_after(sent, found[k][3]) for k in (0, 1))
            if a_year and b_year and a_year != b_year:
                new_first = a_year > b_year
            else:
                new_first = bool(re.search(r"compared (?:to|with)|versus|\bvs\.?", low))
            picked = [found[0], found[1]] if new_first else [found[1], found[0]]
    elif by_year and [y for y in q.years if y in by_year]:
        picked = [by_year[y] for y in q.years if y in by_year]
    else:
        units = [a for a in found if a[1] == found[0][1]]
        picked = units if op in ("sum", "average") else found[:2]
    if op in ("change_ratio", "percent_of"):
        scale = "percent"
    elif op == "divide":
        scale = ""
    else:
        scale = picked[0][1]
    operands = [TextNumber(i, offset + s, offset + e, sent[s:e], v, subject_words(sent, s)) for v, _, s, e in picked]
    program = ops.build(op, operands, scale)
    return (program, op) if program else None

_STATED = re.compile(r"(?:US)?[$€£]\s?(\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion)\b", re.I)


def stated_amount(value: float, scale: str, paragraphs: Sequence[Paragraph]):
    """A paragraph's own wording of a computed amount in another unit ("$16.9 million" for 16,901 thousand):
    TAT-QA answers such an increase with the text span. None when no amount there rounds to the value."""
    if scale not in _FACTOR or not value:
        return None
    target = abs(value) * _FACTOR[scale]
    for i, p in enumerate(paragraphs):
        for m in _STATED.finditer(p.text):
            unit = m.group(2).lower()
            if unit == scale:
                continue
            digits = m.group(1).replace(",", "")
            places = len(digits.split(".")[1]) if "." in digits else 0
            if abs(float(digits) * _FACTOR[unit] - target) <= 0.5 * _FACTOR[unit] * 10 ** -places and target >= 1000:
                return m.group(0), i, m.start(), m.end()
    return None


#: numbers a text writes in words, below twenty
ONES = dict(zip("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                "sixteen seventeen eighteen nineteen".split(), range(20)))
_TENS = dict(zip("twenty thirty forty fifty sixty seventy eighty ninety".split(), range(20, 100, 10)))
_BIG = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_NUMBER_WORD = "|".join([*ONES, *_TENS])
_IN_WORDS = re.compile(rf"\b(?:{_NUMBER_WORD}|an?(?=\s+(?:hundred|thousand|million|billion)\b))"
                       rf"(?:(?:[\s-]+|(?<=hundred)\s+and\s+)(?:{_NUMBER_WORD}|hundred|thousand|million|billion)\b)*\b",
                       re.I)


def _value_in_words(words: list[str]) -> tuple[float, str]:
    """(value, unit) of number words: "forty-five" (45, ""), "six hundred thousand" (600, "thousand"),
    "two thousand five hundred" (2500, "")."""
    total, current, units = 0.0, 0.0, []
    for word in words:
        if word in ONES or word in _TENS:
            current += ONES.get(word, _TENS.get(word, 0))
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in _BIG:
            units.append(word)
            total += max(current, 1) * _BIG[word]
            current = 0
    if len(units) == 1 and words[-1] == units[0]:  # "six hundred thousand pounds": 600 thousand, as "$600 thousand"
        return total / _BIG[units[0]], units[0]
    return total + current, ""


def amounts_in_words(sentence: str) -> list[tuple[float, str, int, int]]:
    """(value, unit, start, end) of each number a sentence writes in words ("fourteen drones", "forty-five staff",
    "a dividend of six hundred thousand pounds"); "one of", "one-off" and the like are no amounts."""
    out = []
    for m in _IN_WORDS.finditer(sentence):
        words = [w for w in re.split(r"[\s-]+", m.group(0).lower()) if w not in ("a", "an", "and")]
        if words == ["one"] and re.match(r"[\s-]*(?:of|another|off|day|by|another)\b", sentence[m.end():], re.I):
            continue
        value, unit = _value_in_words(words)
        out.append((value, unit, m.start(), m.end()))
    return out


_ASKS_HOW_MANY = re.compile(r"\bhow many\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I)
_ASKS_HOW_MUCH = re.compile(r"\bhow much\b", re.I)
_MONEY_AFTER = re.compile(r"[\s-]*(?:pounds|dollars|euros|francs|yen|rupees|[a-z]{0,3}[$£€]|gbp|usd|eur|aud)\b", re.I)


def number_asked(question: str, text: str, start: int = 0, end: int | None = None) -> tuple[float, str, int, int] | None:
    """The number that answers a "how many" / "how much" question read from ``text[start:end]`` (the reader's span;
    a number it cuts short is read whole) when the span is more than that number: for "how many X" the count just
    before X ("the fleet numbered fourteen drones": 14; "it employed 38 drivers and twelve office staff": 38 for
    "how many drivers"); for "how much", a number in words before a currency or with a scale ("a dividend of six
    hundred thousand pounds": 600 thousand), when the span holds no amount in digits. "A two-shop bakery" answers
    neither "how much" nor "how many loaves"; None otherwise."""
    end = len(text) if end is None else end
    many, much = _ASKS_HOW_MANY.search(question), _ASKS_HOW_MUCH.search(question)
    if many:
        counts = _counts(text, _counted(many.group(1)))
        fits = [a for a in counts if a[2] < end and a[3] > start]
        if not fits and len(text[start:end].split()) < 5:  # the reader's number counts something else ("38 drivers")
            lo, hi = _sentence_around(text, start, end)
            fits = [a for a in counts if lo <= a[2] and a[3] <= hi]
        short = len(text[start:end].split()) < 5  # a span that is the count itself is shown as the reader gives it
        fits = [a for a in fits if not (short and re.search(r"\d", text[a[2]:a[3]]) and a[2] < end and a[3] > start)]
    elif much and not amounts(text[start:end]):
        fits = [a for a in amounts_in_words(text) if a[2] < end and a[3] > start and
                (a[1] or _MONEY_AFTER.match(text[a[3]:]))]
    else:
        return None
    return fits[0] if len(fits) == 1 else None


def _sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    for sent in split_sentences(text, 0):
        if sent.start <= start and end <= sent.start + len(sent.text):
            return sent.start, sent.start + len(sent.text)
    return start, end


def _counted(words: str) -> set[str]:
    return {w[:4] for w in re.findall(r"[a-z]+", words.lower()) if len(w) > 2}


def _counts(text: str, counted: set[str]) -> list[tuple[float, str, int, int]]:
    """Numbers in digits or words followed, within two words, by what is counted ("nineteen thousand tickets":
    19,000); not money, not a percentage."""
    return [(value * _BIG.get(unit, 1.0), "", s, s + len(text[s:e].rstrip()))
            for value, unit, s, e in amounts(text) + amounts_in_words(text)
            if (not unit or unit in _BIG) and not re.search(r"[$€£¥]\s?$", text[:s])
            and {w[:4].lower() for w in re.findall(r"[a-z]+", text[e:])[:2]} & counted]


def count_not_money(question: str, label: str, texts: Sequence[str]) -> tuple[int, float, int, int] | None:
    """ "How many staff does the group employ?" answered with a line of money ("Staff costs"): the count the text
    gives just before what is counted ("employs about forty-five staff"), as (paragraph, value, start, end), when
    exactly one number there is followed by it; None otherwise."""
    many = _ASKS_HOW_MANY.search(question)
    if not many or not MONEY_LINE.search(label) or MONEY_LINE.search(many.group(1)):
        return None
    hits = [(i, value, s, e) for i, text in enumerate(texts) for value, _, s, e in _counts(text, _counted(many.group(1)))]
    return hits[0] if len(hits) == 1 else None


def counts_of(words: str, text: str) -> list[tuple[float, str, int, int]]:
    """The numbers ``text`` counts ``words`` with ("around ninety young members" for "young member")."""
    return _counts(text, _counted(words))
