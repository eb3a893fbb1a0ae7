"""Measures a person asks for by an adjective rather than the line's name: "how much warmer was July than
January?" of a temperature line, "how full was the inn in March?" of an occupancy line. Read only when the table
has a line of that measure (``have``: the words of its labels)."""

from __future__ import annotations

import re
from collections.abc import Sequence

#: comparatives that name what they compare: (up words, down words, the label words of that measure)
_COMPARATIVES = (("warmer|hotter", "colder|cooler", "temperature temp"), ("heavier", "lighter", "weight mass"),
                 ("taller", "", "height"), ("older", "younger", "age"), ("wetter|rainier", "drier|dryer",
                                                                                    "rainfall rain precipitation"),
                 ("sunnier", "", "sunshine sun"), ("longer", "shorter", "length range duration distance"),
                 ("faster|quicker", "", "speed"), ("more expensive|pricier|dearer", "cheaper", "price cost fee"),
                 ("wider", "narrower", "width"), ("deeper", "shallower", "depth"))


def comparative_as_its_measure(question: str, have: set[str]) -> str:
    """ "How much warmer was July than January?" of a table with a temperature line: "how much higher in temp ...";
    "how much lighter ...": "how much lower in weight ..." (a gap, shown as its size)."""
    for up, down, labels in _COMPARATIVES:
        word = next((w for w in labels.split() if w in have), "")
        for words, plain in ((up, "higher"), (down, "lower")):
            if word and words:
                question = re.sub(rf"\bhow much (?:{words})\b", f"how much {plain} in {word}", question, flags=re.I)
    return question


#: "how <adjective> was X": (the adjectives, the label words of the measure they ask)
_HOW_ADJECTIVE = (("full|busy|booked", "occupancy utilisation utilization"), ("warm|hot|cold", "temperature temp"),
                  ("heavy", "weight mass"), ("tall", "height"), ("old", "age"), ("fast|quick", "speed"),
                  ("wet|rainy", "rainfall rain precipitation"), ("sunny", "sunshine"), ("long", "length duration"),
                  ("far", "distance"), ("deep", "depth"), ("wide", "width"))
_HOW = r"\bhow\s+(?:{0})\s+(is|was|are|were)\b"


def adjective_as_its_measure(question: str, have: set[str]) -> str:
    """ "How full was the inn in March?" of a table with an occupancy line: "what was the occupancy of the inn in
    March?"."""
    for adjectives, labels in _HOW_ADJECTIVE:
        word = next((w for w in labels.split() if w in have), "")
        m = re.search(_HOW.format(adjectives), question, re.I) if word else None
        if m:
            return f"{question[:m.start()]}what {m.group(1)} the {word} of{question[m.end():]}"
    return question


_USED = re.compile(r"\b(?:use|uses|used|using|usage|consum(?:e|es|ed|ption)|burn(?:ed|t)?)\b", re.I)
_MONEY_ASKED = re.compile(r"[$€£¥]|\b(?:cost|costs|spend|spent|paid|pay|bills?|charged?|price|pounds|dollars|euros)\b", re.I)
_MONEY_UNIT = re.compile(r"\((?:[^)]*[$€£¥][^)]*|\s*(?:usd|gbp|eur|dollars|pounds|euros)\s*)\)", re.I)
_UNIT = re.compile(r"\s*(\([^)]*\))\s*$")


def usage_in_its_unit(question: str, labels: Sequence[str]) -> str:
    """ "How much electricity did the flat use?" of a table with "Electricity (kWh)" and "Electricity (£)": the
    line in its own unit ("electricity (kWh)"), unless the question asks what it cost."""
    if not _USED.search(question) or _MONEY_ASKED.search(question):
        return question
    for label in labels:
        unit = _UNIT.search(label)
        if not unit or _MONEY_UNIT.search(label):
            continue
        name = label[:unit.start()].strip()
        priced = any(_MONEY_UNIT.search(other) and other[:other.index("(")].strip().lower() == name.lower()
                     for other in labels if other != label and "(" in other)
        at = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])(?!\s*\()", question, re.I) if priced and name else None
        if at:
            return f"{question[:at.end()]} {unit.group(1)}{question[at.end():]}"
    return question
