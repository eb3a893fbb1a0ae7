"""The question's coarse class for the span candidates (when, why, how much, ...) and the answer kinds it expects."""

from __future__ import annotations

import re

from ..lexicon.words import YEAR

QCHECKS = (
    ("when", r"^when\b|\bwhat date\b|\bwhich year\b|\bwhat year\b|\bwhich month\b|\bwhat month\b"
             r"|\bin which (year|month|period)"),
    ("why", r"\bwhy\b|\breasons?\b|\bcaus|\bled to\b|\bdriv|\bdue to\b|\battribut|\bcontribut|\bfactors?\b"
            r"|\bresult(ed)? (in|from)\b|\brationale\b"),
    ("where", r"\bwhere\b|\blocated\b|\blocation\b|\bheadquarter|\bwhich (market|exchange|country|city|state)"),
    ("who", r"\bwho\b|\bwhom\b"),
    ("method", r"^how (is|are|was|were|do|does|did|has|have)\b|\bdetermined\b|\bcalculated\b|\bmeasured\b"
               r"|\bestimated\b|\baccounted for\b|\bbased (on|upon)\b|\bdefine"),
    ("pct", r"\bpercent|\brate\b|%|\bproportion\b|\bratio\b|\bshare of\b"),
    ("howmany", r"\bhow many\b|\bnumber of\b"),
    ("period", r"\bhow long\b|\bterm\b|\bperiod\b|\buseful li|\bmaturity\b|\bexpire"),
    ("howmuch", r"\bhow much\b|\bamount\b|\bvalue\b|\bworth\b|\bbalance\b"
                r"|^what (is|was|were|are) the (increase|decrease|change|charge|price)\b"),
    ("incl", r"\binclud|\bconsist|\bcompris|\bcompos|\bmade up\b|\bcomponents?\b|\bitems?\b|\btypes?\b"
             r"|\bcategor|\bprimar|\bmainly\b|\bprincipal"),
    ("yearq", rf"^what (is|was|were|are) .*\b{YEAR}\b"),
    ("def", r"^what (is|are|was|were|does|do|did)\b"),
)


# the answer kinds a question class expects: one shared "type_match" feature pools what little data each has
EXPECTED = {"when": ("date", "year"), "howmuch": ("money", "num"), "yearq": ("money", "num", "pct"),
             "pct": ("pct",), "howmany": ("num", "unit"), "period": ("unit", "date", "year")}


def question_type(question: str) -> str:
    """The question's coarse class (the first that matches, most specific first); features are crossed with it."""
    q = question.lower()
    for name, pat in QCHECKS:
        if re.search(pat, q):
            return name
    return "other"
