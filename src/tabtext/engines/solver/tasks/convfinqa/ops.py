"""ConvFinQA operator cues: which operation a question asks for, from its wording."""

from __future__ import annotations

import re

_OPS = [
    ("x100", re.compile(r"times 100|multipl\w* by 100|\* ?100\b|\bby 100\b(?! ?%)|\b(?:is|was) (?:that|this|it) in percent\w*")),
    ("minus1", re.compile(r"(excluding|without|less|minus|subtract\w*) (the )?(portion|part|one\b|1\b|100 ?%)")),
    ("greater", re.compile(r"^(was|is|were|are|did|does|do) .*\b(greater|more|higher|larger|bigger|exceed\w*|less|lower|smaller)\b")),
    ("pct_change", re.compile(r"percent\w* (change|increase|decrease|growth|decline|variation|drop|rise)|growth rate|rate of (change|growth|increase|decrease)|% (change|increase|decrease)|(change|increase|decrease|growth|decline|variation|drop|rise)\w* .*(percent|%)|(grow|grew|increase|decrease|decline|change)\w* by (what|how much) percent")),
    ("average", re.compile(r"\b(average|mean)\b(?= of| for| over| between| during| across| per| value| amount| in| \w+ per year|\s*\?|\s*$)")),
    ("ratio", re.compile(r"\bratio\b|\b(?:that|this|it|value|amount|number) over\b|divided by|\bproportion\b|\bportion\b|percent\w* of\b|\bfraction\b|\bshare of\b|represent\w*|\bin relation to\b|\bpercent\w* (?:was|is|were|are)\b|\bas a percent\w*|\bhow many times\b")),
    ("change", re.compile(r"\bhow many years\b|\b(change[sd]?|difference|differ|var(?:y|ied|iance)|increase[sd]?|decrease[sd]?|declined?|decline[sd]|grow|grew|growth|variation|fluctuat\w*|drop(ped)?|fell|fall|rose|rise|less|minus|net change|gain|loss)\b")),
    ("sum", re.compile(r"\b(sum|combined|together|plus|added|add|including|altogether|in total|total of (those|these|both|the two)|aggregate)\b")),
]


_FIRST_WINS = ("average", "ratio", "change", "sum")


_PCT_NOUN = re.compile(r"\b(?:that|this|those|these) (?:combined )?(?:percent\w*|total|sum)\b"
                       r"(?! (?:change|increase|decrease|growth|decline))")


def detect_ops(question: str) -> list[str]:
    """Operator cues, most specific first; among average/ratio/change/sum the one named first leads."""
    q = _PCT_NOUN.sub("that value", question.lower())
    q = re.sub(r"\b(?:the|that|this) (?:sum|total)(?= (?:over|divided by)\b)", "that value", q)  # "the sum over X"
    q = re.sub(r"\([^()]*\)", " ", q)  # "net income ( loss )" names a line item, not an operation
    found = [(name, pattern.search(q)) for name, pattern in _OPS]
    found = [(name, m) for name, m in found if m]
    fixed = [name for name, _ in found if name not in _FIRST_WINS]
    ranked = sorted((m.start(), name) for name, m in found if name in _FIRST_WINS)
    names = [name for _, name in ranked]
    if "ratio" in names and "change" in names and _STRONG_RATIO.search(q) and \
            _CHANGE_NOUN.search(q):
        names.remove("ratio")  # "what percentage did this increase represent in relation to X": a ratio
        names.insert(0, "ratio")
    if "pct_change" in fixed and re.search(r"\bby what amount\b", q):
        fixed = [n for n in fixed if n != "pct_change"]  # "by what amount did that percentage increase?"
        names = ["change"] + [n for n in names if n != "change"]
    return fixed + names


_STRONG_RATIO = re.compile(r"\brepresent\w*|\bin relation to\b|\bdivided by\b|\bproportion\b")
_CHANGE_NOUN = re.compile(r"\b(?:this|that|the|these|those)(?: [\w/&]+){0,2} (?:change|increase|decrease|"
                          r"variance|difference|decline|growth|variation|fluctuation|drop|rise|gain|loss)\b")
