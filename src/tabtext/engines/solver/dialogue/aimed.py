"""A figure the person aims for ("how many customers are they aiming for?", "how many coffees do they hope to
sell?") asked of a table of actual figures: the text's stated aim ("is aiming for 600 customers by the end of
2024"), not the table's cell of the thing counted."""

from __future__ import annotations

import re

from ....periods import find_periods
from ....types import Context
from ..patterns.textnum import amounts, amounts_in_words
from ..program.program import Cell, Program, TextNumber
from ..reader.sentences import split_sentences

#: the words of an aim, a hope or a plan ("aiming for", "hopes to", "target", "goal", "plans to reach")
AIM = re.compile(r"\b(?:aim(?:s|ing|ed)?|hop(?:e|es|ing)|target(?:s|ing|ed)?|goal|plan(?:s|ning|ned)?\s+to|"
                 r"want(?:s|ing)?\s+to\s+(?:reach|hit|get\s+to))\b", re.I)
_HOW_MANY = re.compile(r"\bhow many\s+([a-z][\w-]*)", re.I)


def aimed_figure(question: str, program: Program, context: Context) -> Program | None:
    """The one number that a sentence of the text stating an aim gives of what "how many X" counts, when the core
    answered an aim asked with a table cell whose labels name no aim, or with a span of the text (whose confidence,
    fitted on filings, does not tell); None otherwise."""
    many = _HOW_MANY.search(question)
    if many is None or not AIM.search(question) or program.op not in ("lookup", "span"):
        return None
    if any(isinstance(a, Cell) and AIM.search(f"{a.row_label} {a.col_label}") for a in program.args):
        return None  # a "Target" line: the table's
    counted = many.group(1).lower()[:4]
    found = []
    for i, paragraph in enumerate(context.paragraphs):
        for sent in split_sentences(paragraph.text, 0):
            if not AIM.search(sent.text):
                continue
            dated = [(s, e) for s, e, _ in find_periods(sent.text)]
            for value, unit, s, e in amounts(sent.text) + amounts_in_words(sent.text):
                after = re.findall(r"[a-z]+", sent.text[e:].lower())[:2]
                if not unit and not any(ds <= s < de for ds, de in dated) and any(w[:4] == counted for w in after):
                    found.append((i, value, sent.start + s, sent.start + e))
    if len(found) != 1:
        return None
    i, value, s, e = found[0]
    text = context.paragraphs[i].text
    shown = text[s:e].rstrip() if re.search(r"\d", text[s:e]) else f"{value:g}"  # "8,000" as the text writes it
    return Program("lookup", (TextNumber(i, s, e, text[s:e].rstrip(), value),), "", "stated_aim", shown)


def asks_an_aim(question: str, labels: list[str]) -> bool:
    """ "How many customers are they aiming for?" on a table whose labels name no aim: a new question for the
    text, no follow-up on the last answer's period."""
    return bool(_HOW_MANY.search(question) and AIM.search(question)) and not any(AIM.search(x) for x in labels)
