"""A question's words matched to the words of a table's row labels when a person names a line in other words:
a derived form of the label's word ("people visited" of a line "Visits", "attended" of "Event attendance",
"borrowed" of "Loans" through ``SAME_AS``) is read as the label writes it. Used on ``ask``'s path only
(``row_names.in_table_words``): TAT-QA's questions name their rows as the table does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .periods import months_named


@dataclass(frozen=True, slots=True)
class SameAs:
    """Words a person says (a regex over one lower-case word) for a line whose label uses one of ``labels``
    (the first the table uses is taken); ``example`` is a question and the label it names (tests run it)."""

    said: re.Pattern[str]
    labels: tuple[str, ...]
    example: tuple[str, str]
    then: str = ""  # a regex the next word must match ("came to", not "came in")


def _row(said: str, labels: str, question: str, label: str, then: str = "") -> SameAs:
    return SameAs(re.compile(rf"(?:{said})"), tuple(labels.split()), (question, label), then)


#: other words for a line, as data: irregular forms and words with no shared stem
SAME_AS: tuple[SameAs, ...] = (
    _row("lost|lose|loses|losing|left|leaving|cancell?ed|quit", "churned churn cancellations cancelled leavers",
         "How many customers were lost in May?", "Churned customers"),
    _row("gained|gain|gains|won|acquired|added|joined|signed|recruited|hired", "new joiners hires starters",
         "How many members joined in June?", "New members"),
    _row("sold|sell|sells|selling", "sales sold", "How many bikes were sold in Q3?", "Bike sales"),
    _row("spent|spend|spends|spending", "spend spending expenditure", "How much was spent on ads in May?",
         "Advertising spending"),
    _row("borrowed|borrow|borrowing|lent|lend|issued|checked", "loans loaned issues borrowings",
         "How many books were borrowed in March?", "Book loans"),
    _row("earned|earn|earns|earning|takings", "revenue revenues income sales turnover",
         "How much did the cafe earn in June?", "Revenue"),
    _row("rented|renting", "rentals rental lettings lets", "How many bikes were rented in April?", "Rentals"),
    _row("rained|rain|rainy", "rainfall precipitation", "How much did it rain in May?", "Rainfall (mm)"),
    _row("employed|employ|employs|employing|workforce", "headcount employees staff fte",
         "How many people did the firm employ in 2023?", "Headcount"),
    _row("took|take|takes|sat|sit|entered|enter", "entries entrants candidates", "How many students took Biology?",
         "Entries", then="(?!part|place|over|up|out|off|on|in|down)"),
    _row("came|come|comes|coming|turned", "visits visitors footfall attendance attendees",
         "How many people came to the fair in May?", "Attendance", then="(?:to|per)"),
)

def says_a_line(word: str) -> bool:
    """Whether a word is one ``SAME_AS`` reads as a line's word ("took" of Entries), so no unknown name."""
    return any(row.said.fullmatch(word.lower()) for row in SAME_AS)


#: words a question uses for what it computes, never read as another word for a line
_KEEP = frozenset("""
change changed changes changing increase increased increases increasing decrease decreased decreases decreasing
total totals average averaged averages grow grew growing growth rise rose rising fall fell falling drop dropped
dropping decline declined declining share shares rate rates ratio ratios percentage percent margin compared
compare difference differ highest lowest most least higher lower more less fewer fewest than during between
""".split())
_SUFFIX = ("ations", "ation", "ances", "ance", "ences", "ence", "ments", "ment", "ings", "ing", "ers", "ors", "ees",
           "ies", "ed", "es", "s", "e", "y")


def stem(word: str) -> str:
    """A word's root for matching derived forms: "visited", "visits", "visitors" -> "visit"; "attended",
    "attendance", "attendees" -> "attend"; "shipped", "shipments" -> "ship"; "enrolled", "enrolment" -> "enrol"."""
    for suffix in _SUFFIX:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[:-len(suffix)]
            break
    if len(word) >= 5 and word[-1] == word[-2] and word[-1] not in "aeious":
        word = word[:-1]
    return word


def _roots(word: str) -> set[str]:
    """Its stem, and its singular's ("members" -> "memb", "member")."""
    return {stem(word), stem(word[:-1]) if word.endswith("s") and not word.endswith("ss") else stem(word)}


def _said(question: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", question, re.I) is not None


def _as_label_word(word: str, have: set[str], question: str, labels: Sequence[str]) -> tuple[str, str]:
    """The label word the table writes for a question's word it does not use, else ""; of a ``SAME_AS`` row's
    words, the one of a label whose other words the question says ("came to each event": "Event attendance", not
    "Visits"), else the first the table uses; (that word, the regex the next word must match)."""
    for row in SAME_AS:
        if row.said.fullmatch(word) and (not row.then or re.search(rf"\b{word}\s+{row.then}\b", question, re.I)):
            if any(w in have and _said(question, w) for w in row.labels):  # "revenue was earned": named already
                break
            used = [w for w in row.labels if w in have]
            said = {w for w in re.findall(r"[a-z]+", question.lower()) if len(w) > 3}
            beside = [w for w in used if any(w in ws and {stem(x) for x in ws - {w}} & {stem(x) for x in said}
                                             for ws in (set(re.findall(r"[a-z]+", lab.lower())) for lab in labels))]
            target = (beside or used or [""])[0]
            if not target or not beside and _names_another_line(question, target, labels):  # "spend on staff"
                break
            return target, row.then
    if len(word) < 4:
        return "", ""
    root = _roots(word) if len(word) >= 5 else set()
    found = {w for w in have if len(w) >= 4 and _roots(w) & root}
    if not found and len(_singular(word)) >= 4:  # "maths" of "Mathematics", "admin" of "Administration": cut short
        found = {w for w in have if len(w) >= len(_singular(word)) + 3 and w.startswith(_singular(word))}
    if len(found) > 1:  # "how much did she invoice": "Amount invoiced (GBP)", not "Invoices issued"
        found = _of_the_kind_asked(question, found, labels) or found
    target = found.pop() if len(found) == 1 else ""
    if _singular(target) == _singular(word):  # "galleries" of a column "Gallery": a number form, not another word
        return "", ""
    return ("" if not target or _said(question, target) else target), ""


_MONEY_LABEL = re.compile(r"[$€£¥]|\b(?:amount|value|gbp|usd|eur|revenue|sales|cost|costs|fees?|spend|price)\b", re.I)
_HOW_MUCH, _HOW_MANY = re.compile(r"\bhow much\b", re.I), re.compile(r"\bhow many\b", re.I)


def _of_the_kind_asked(question: str, found: set[str], labels: Sequence[str]) -> set[str]:
    """Of several label words sharing the question's root, those of an amount's label for "how much", of a
    count's for "how many"."""
    if not (_HOW_MUCH.search(question) or _HOW_MANY.search(question)):
        return set()
    money = bool(_HOW_MUCH.search(question))
    return {w for w in found if any(re.search(rf"\b{w}\b", lab.lower()) and bool(_MONEY_LABEL.search(lab)) == money
                                    for lab in labels)}


def _names_another_line(question: str, target: str, labels: Sequence[str]) -> bool:
    """Whether the question names after "on" or "for" ("spend on staff"), by a word the labels holding ``target``
    lack, a line without it."""
    words = [{stem(w) for w in re.findall(r"[a-z]+", label.lower())} for label in labels]
    mine = set().union(*(ws for ws in words if stem(target) in ws))
    after = re.search(r"\b(?:on|for)\s+(.*)$", question, re.I)
    asked = {stem(w) for w in re.findall(r"[a-z]+", after.group(1).lower() if after else "")
             if len(w) > 3 and w not in _KEEP and not months_named(f"in {w}")} - mine  # "January 2025" names no line
    return any(asked & ws for ws in words if stem(target) not in ws)


def _singular(word: str) -> str:
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") and not word.endswith("ss") \
        else word


def in_label_words(question: str, have: set[str], labels: Sequence[str] = ()) -> str:
    """The question with each word the table's labels (``have``) do not use, and that names a label's word in
    another form or by a ``SAME_AS`` word, written as the label writes it ("How many people visited the library
    in March?" of a line "Visits": "How many people visits ...")."""
    for word in dict.fromkeys(re.findall(r"[a-z]+", question.lower())):
        if word in have or word in _KEEP:
            continue
        target, then = _as_label_word(word, have, question, labels)
        if target:
            then = rf"(?=\s+{then}\b)" if then else ""
            question = re.sub(rf"(?<![\w-]){word}(?![\w-]){then}", target, question, flags=re.I)
    return question


_EACH = re.compile(r"\b(?:to|for|at|in|on|of|from)?\s*each\s+([a-z]+)\b", re.I)
_ON_AVERAGE = re.compile(r"\b(?:on\s+)?average\b,?\s*", re.I)


def each_as_per(question: str, have: set[str]) -> str:
    """ "On average how many people came to each event in June?" of a line "Events held": "how many people came
    per event in June?" (one line over the other); "on average ... each month" stays an average over months."""
    m = _EACH.search(question)
    if not m or not _ON_AVERAGE.search(question) or m.group(1).lower() in _PERIODS:
        return question
    if not any(len(w) >= 4 and _roots(w) & _roots(m.group(1).lower()) for w in have):
        return question
    question = f"{question[:m.start()].rstrip()} per {m.group(1)}{question[m.end():]}"
    at = _ON_AVERAGE.search(question)
    question = question[:at.start()] + question[at.end():]  # type: ignore[union-attr]
    return question[:1].upper() + question[1:]


_PERIODS = frozenset("day week month quarter year half season period term".split())


_AVERAGE_VALUE = re.compile(r"\baverage\s+([a-z]+?)\s+(?:value|size|amount)\b", re.I)


def average_value_as_per(question: str, labels: Sequence[str]) -> str:
    """ "the average invoice value for Marlow Books" of a table with "Amount invoiced (GBP)" and "Invoices issued":
    "the amount invoiced per invoice ..." (the amount's line over the count's), when no label says the average."""
    m = _AVERAGE_VALUE.search(question)
    if not m or any(m.group(0).lower() in lab.lower() for lab in labels):
        return question
    plain = [" ".join(re.sub(r"\([^)]*\)", " ", lab).lower().split()) for lab in labels]
    money = [p for p, lab in zip(plain, labels) if _MONEY_LABEL.search(lab) and not re.search(r"\btotal\b", p)]
    mine = [p for p in money if any(_roots(w) & _roots(m.group(1).lower()) for w in p.split())]
    chosen = mine if len(mine) == 1 else money if len(money) == 1 else []
    if not chosen:
        return question
    return f"{question[:m.start()]}{chosen[0]} per {m.group(1)}{question[m.end():]}"
