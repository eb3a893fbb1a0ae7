"""The ``prompt=fair`` TAT-QA hints: the report's stated unit and the shape of answer the question asks for.

A small model picks "thousand" for a table headed "$ in millions" and does arithmetic badly, so the fair prompt
says under each question what the report itself says about its unit (its table header, or "in thousands" in its
paragraphs) and which kind of answer the question's wording asks for: a formula on the report's numbers (which
the reader computes with ``tabtext.calc``), one value per item asked, a year, or words copied from the report.
Everything here reads the question and the context only, never a gold answer. The hint lines come after the
question, so questions on the same report share the prompt's prefix (the server's prompt cache) and
``tabtext serve`` can cut them off (``HINTS_START``).
"""

from __future__ import annotations

import re

from ..types import Example

#: the first line of the hints; ``tabtext serve`` drops what follows it when reading the prompt back
HINTS_START = "\nHow to answer:"
_UNIT_IN_HEADER = (
    ("billion", re.compile(r"\bbillions?\b|\bbn\b|[$€£]\s?b\b", re.I)),
    ("million", re.compile(r"\bmillions?\b|\bmn\b|\bmm\b|[$€£]\s?m\b", re.I)),
    ("thousand", re.compile(r"\bthousands?\b|['’‘]000s?\b|\$000s?\b", re.I)),
)
_UNIT_IN_TEXT = (
    ("million", re.compile(r"\bin millions\b|\bmillions of\b", re.I)),
    ("thousand", re.compile(r"\bin thousands\b|\(thousands\)|\bthousands of\b", re.I)),
)
_SHAPES = (  # (question wording, what the answer is), first match wins
    (re.compile(r"\bpercent(?:age)?\s+(?:change|increase|decrease|growth)|%\s*change", re.I),
     'a calculation: in "answer" write the formula (new - old) / old * 100, new and old being the two numbers '
     'from the report; "scale" is "percent"'),
    (re.compile(r"\b(?:proportion|percentage|share|ratio)\b.*\b(?:of|to)\b", re.I),
     'a calculation: in "answer" write the formula part / whole (* 100 for a percentage) with the numbers from the '
     'report; "scale" is "percent" for a percentage, "none" for a ratio'),
    (re.compile(r"\baverage\b", re.I),
     'a calculation: in "answer" write the formula (first + second + ...) / count with the numbers from the report'),
    (re.compile(r"\b(?:change|difference|increase|decrease)\b", re.I),
     'a calculation: in "answer" write the formula new - old, new and old being the two numbers from the report'),
    (re.compile(r"\brespectively\b", re.I),
     'a list with one value from the report for each item asked, in the order asked'),
    (re.compile(r"\b(?:which|what|in which) (?:fiscal |financial |calendar )?years\b", re.I),
     'a list of every year the question asks about, as the table\'s columns name them; "scale" is "none"'),
    (re.compile(r"\b(?:which|what|in which) (?:fiscal |financial |calendar )?year\b", re.I),
     'the one year asked for; "scale" is "none"'),
    (re.compile(r"^\s*how many\b", re.I), 'a number: the count or the amount asked'),
    (re.compile(r"^\s*(?:what|how|why|which|who|where|when)\b", re.I),
     'the shortest exact words or number copied from the table or paragraphs that answer it, without the '
     'question\'s own words; one item unless the question asks for several; "scale" is "none" for words'),
)


def stated_unit(example: Example) -> tuple[str, str]:
    """(unit, the report's own words for it) from the tables' headers, else the paragraphs; ('', '') if none."""
    for table in example.context.tables:
        for cell in [table.caption or ""] + [c for row in table.rows[:4] for c in row]:
            for unit, pattern in _UNIT_IN_HEADER:
                if pattern.search(cell):
                    return unit, " ".join(cell.split())[:60]
    for paragraph in example.context.paragraphs:
        for unit, pattern in _UNIT_IN_TEXT:
            m = pattern.search(paragraph.text)
            if m:
                return unit, m.group(0)
    return "", ""


def answer_shape(question: str) -> str:
    for pattern, shape in _SHAPES:
        if pattern.search(question):
            return shape
    return 'the exact words or number from the table or paragraphs'


def tatqa_hints(example: Example) -> str:
    unit, words = stated_unit(example)
    if unit:  # a closed choice, named for this report: a small model picks from it where it left a field empty
        scale = (f'Choose "scale" from: "{unit}" for an amount of money (the report gives its amounts in {unit}s, '
                 f'"{words}"), "percent" for a percentage, "none" for a year, a count, a ratio or words.')
    else:
        scale = ('Choose "scale" from: "none" for an amount (the report states no unit), a year, a count, a ratio '
                 'or words; "percent" for a percentage.')
    return f"{HINTS_START}\n- The answer is {answer_shape(example.question)}.\n- {scale}"
