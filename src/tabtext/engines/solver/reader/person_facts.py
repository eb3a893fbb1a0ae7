"""Facts a person's question names that their own text states outright, for ``ask`` (benchmark runs keep the
reader's choice): a count written with the very noun asked about ("How many stores ...?" - "318 stores"), the
words after a lead that restates the question ("What do the adjusting items consist of?" - "... adjusting items of
£27.4m, which principally comprise X"), a date right after the question's own verb ("When will the dividend be
paid?" - "to be paid on 26 July 2024 to shareholders on the register on 21 June 2024"). Each is a statement
the reader's calibration does not see, so ``ask`` gives it rather than "no answer found"."""

from __future__ import annotations

import re

from ....periods import YEAR, find_periods
from .person import a_dates_day
from .sentences import stem

# ---------------------------------------------------------------- "how many <things>": a number written before them
_HOW_MANY = re.compile(r"\bhow many\s+((?:[a-z][\w-]*\s*){1,3})", re.I)
_PLURAL_WITHOUT_S = frozenset("people staff children personnel".split())
_NOT_COUNTED = frozenset("dollars euros pounds yen francs thousands millions billions percent times".split())
_NUMBER = r"(?<![\w.,$£€¥-])(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s+(?:million|billion|thousand))?"
_NUMBER_AT = re.compile(_NUMBER, re.I)
_ABOUT_BEFORE = re.compile(r"\b(?:over|more than|around|about|approximately|nearly|almost|some|at least|up to)\s+$", re.I)


def counted_noun(question: str) -> list[str]:
    """The words a "how many" question counts, up to its first plural ("how many production sites does the group
    have?" -> ["production", "sites"]); [] when it counts money or a scale, or no plural follows."""
    m = _HOW_MANY.search(question)
    words = m.group(1).lower().split() if m else []
    for i, w in enumerate(words):
        if w in _PLURAL_WITHOUT_S or (w.endswith("s") and not w.endswith("ss") and len(w) > 3):
            return [] if w in _NOT_COUNTED else words[:i + 1]
    return []


def _word(w: str) -> str:
    if w.endswith("ies"):
        return re.escape(w[:-3]) + "(?:y|ies)"
    return re.escape(w[:-1] if w.endswith("s") and w not in _PLURAL_WITHOUT_S else w) + "(?:e?s)?"


def stated_counts(question: str, text: str) -> list[tuple[int, int]]:
    """Where ``text`` writes a number right before the noun the question counts ("318 stores", "3 million
    customers"): the number's (start, end), its scale word and a leading "over" / "around" included ("over 50
    countries" -> "over 50"); not a day of a date ("7 November")."""
    noun = counted_noun(question)
    if not noun:
        return []
    found = re.finditer(_NUMBER + r"\s+" + r"\s+".join(map(_word, noun)) + r"\b", text, re.I)
    out = []
    for m in found:
        number = _NUMBER_AT.match(text, m.start())
        if number and not a_dates_day(text, m.start(), number.end()):
            about = _ABOUT_BEFORE.search(text, max(0, m.start() - 15), m.start())
            out.append((about.start() if about else m.start(), number.end()))
    return out


def count_in_sentence(question: str, text: str, lo: int, hi: int, start: int, end: int) -> tuple[int, int] | None:
    """The count the sentence text[lo:hi] states with the asked noun: the reader's own number [start, end) when it
    is one, else the sentence's only one; None when it states none (or several, none of them the reader's)."""
    counts = [(s, e) for s, e in stated_counts(question, text) if lo <= s and e <= hi]
    own = [(s, e) for s, e in counts if s < end and start < e]
    if own:
        return own[0]
    return counts[0] if len(counts) == 1 else None


# ---------------------------------------------------------------- "how much ...?": an amount after the word asked about
_HOW_MUCH = re.compile(r"^\s*how\s+(?:much|big|large)\b", re.I)
_MONEY_OR_SHARE = re.compile(r"(?:\b[A-Z]{3}\s?|\b[A-Z]{0,2}[$£€¥]\s?|[$£€¥]\s?)\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|"
                             r"thousand|bn|m)\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:%|per\s?cent\b)")
_NOT_ASKED = frozenset("how much big large was were is are did does do the a an of in on for during under from with into "
                       "over after before between within about which".split())
# "Research and development expenses increased $1.7 billion": the change, not the amount a "how much were" asks
_CHANGE_BEFORE = re.compile(r"\b(?:increased|decreased|rose|fell|grew|declined|dropped|up|down|by|higher|lower)\s+"
                            r"(?:(?:about|around|approximately|nearly|some)\s+)?$", re.I)
_CHANGE_ASKED = re.compile(r"\b(?:increase|decrease|rise|rose|fall|fell|grow|grew|decline|drop|change|up|down|by|"
                           r"higher|lower|more|less)\w*\b", re.I)


def _same_word(a: str, b: str) -> bool:
    """One word or its derivation ("invested" / "investment")."""
    return a == b or min(len(a), len(b)) >= 5 and (a.startswith(b) or b.startswith(a))


def amount_in_sentence(question: str, text: str, lo: int, hi: int, start: int, end: int) -> tuple[int, int] | None:
    """For "how much / how big": the reader's own amount [start, end) when text[lo:hi] writes it (money or a share)
    within three words after a word of the question ("an investment of around €65 million" for "How much was
    invested ...?") and names no year other than the question's."""
    if not _HOW_MUCH.match(question):
        return None
    asked = {stem(w) for w in re.findall(r"[a-z][\w'’-]+", question.lower()) if w not in _NOT_ASKED}
    hits = []
    for m in _MONEY_OR_SHARE.finditer(text, lo, hi):
        if _CHANGE_BEFORE.search(text, lo, m.start()) and not _CHANGE_ASKED.search(question):
            continue
        before = re.findall(r"[a-z][\w'’-]+", text[max(lo, m.start() - 40):m.start()].lower())[-3:]
        if any(_same_word(stem(w), a) for w in before if w not in _NOT_ASKED for a in asked):
            hits.append(m.span())
    own = [(s, e) for s, e in hits if s < end and start < e]
    return own[0] if own and not _other_years(question, text[lo:hi]) else None


_YEAR = re.compile(rf"\b{YEAR}\b")


def _other_years(question: str, sentence: str) -> bool:
    """The question names a year and the sentence another: its amounts may be that year's ("$1.7 billion in 2017")."""
    asked = set(_YEAR.findall(question))
    return bool(asked) and bool(set(_YEAR.findall(sentence)) - asked)


# ---------------------------------------------------------------- a lead restating the question, then the answer
_ADVERB = r"(?:(?:principally|mainly|primarily|largely|mostly|chiefly|generally)\s+)?"
#: (what the question asks, the words in the text after which its answer follows, an example)
LEADS = (
    (re.compile(r"^\s*what\s+(?:do|does|did)\s+(?P<subject>.+?)\s+(?:consist\s+of|comprise|include|contain|cover)\b",
                re.I),
     re.compile(rf"\b{_ADVERB}(?:consists?\s+of|consisting\s+of|comprised?\s+of|comprises?|includes?|contains?|"
                rf"covers?|(?:is|are|was|were)\s+made\s+up\s+of)\s+{_ADVERB}", re.I),
     "What do the adjusting items consist of? - adjusting items of £27.4m, which principally comprise X"),
    (re.compile(r"^\s*how\s+(?:do|does|did)\s+(?:the\s+)?[\w'’ -]*?\bdefine\s+(?P<subject>.+?)\s*\??\s*$", re.I),
     re.compile(r"\bdefined?s?\s+(?:[\w'’-]+\s+){1,6}?as\s+|\b(?:is|are)\s+defined\s+as\s+", re.I),
     "How does the company define free cash flow? - We define free cash flow as X"),
    (re.compile(r"^\s*what\s+(?:is|are|was|were)\s+(?P<subject>.+?)\s*\??\s*$", re.I),
     re.compile(r"\b(?:is|are|was|were)\s+(?=to\s+(?!(?:the|a|an|our|their|its|his|her|this|that|these|those|"
                r"us|them|me|you|him|date)\b)[a-z]+\b)", re.I),
     "What is the dividend policy? - Our dividend policy is to distribute X (a plan: 'is to <verb>')"),
)
_FUNCTION = frozenset("the a an of our its their his her your this that these those in on for to and".split())


def _content(words: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[\w'’-]+", words.lower()) if w not in _FUNCTION}


def after_restated_lead(question: str, text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """The rest of the sentence text[lo:hi] after a lead naming every word of the question's subject and then the
    verb the question asks with; None when the sentence has no such lead."""
    for asked, lead, _ in LEADS:
        q = asked.match(question)
        subject = _content(q.group("subject")) if q else set()
        if not subject:
            continue
        for m in lead.finditer(text, lo, hi):
            if subject <= _content(text[lo:m.end()]) and m.end() < hi:
                end = hi - 1 if text[hi - 1] == "." else hi
                return (m.end(), end) if len(text[m.end():end].split()) >= 2 else None
    return None


# ---------------------------------------------------------------- "when was it <verb>?": the date after that verb
_LINK = re.compile(r"(?:\s+(?:on|in|by|from|at|until|as\s+of|as\s+at|with\s+effect\s+from|effective))*\s*$", re.I)


def date_after_asked_verb(question: str, text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """The one date of text[lo:hi] written right after a word of the question other than its first ("paid on 26
    July 2024" for "When will the final dividend be paid?"); None when no date or several are."""
    asked = {stem(w) for w in re.findall(r"[a-z][\w'’-]+", question.lower())[1:] if w not in _FUNCTION}
    hits = []
    for s, e, period in find_periods(text[lo:hi]):
        before = text[lo:lo + s]
        cut = _LINK.search(before)
        words = re.findall(r"[\w'’-]+", before[:cut.start()] if cut else before)
        if period.kind == "date" and words and stem(words[-1]) in asked:
            hits.append((lo + s, lo + e))
    return hits[0] if len(hits) == 1 else None



def stated_fact(question: str, text: str, lo: int, hi: int, start: int, end: int) -> tuple[int, int] | None:
    """What the sentence text[lo:hi] around the reader's answer [start, end) states outright about the question:
    a count with its noun, an amount after the word asked about, or the words after a lead restating the question
    (overlapping the reader's answer); None when it states none of them."""
    if counted_noun(question):
        return count_in_sentence(question, text, lo, hi, start, end)
    if _HOW_MUCH.match(question):
        return amount_in_sentence(question, text, lo, hi, start, end)
    at = after_restated_lead(question, text, lo, hi)
    return at if at is not None and at[0] < end and start < at[1] else None
