"""Grounding for ConvFinQA: find the number a phrase + year refers to in a table or in the text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz

from .....types import Context, Evidence
from ...lexicon import words as lexicon
from . import cell_rank

# words that name no subject in a ConvFinQA question (units, quantities, calendar and filler words), beyond
# the solver's one stop-word list
VAGUE = frozenset("""30 31 about after all also amounts approximately average become becomes before being
billion billions both changes compared comprehended concerning considering current december dollar dollars e
each eight figure five following four get gets growth had has have he i if including into june last march
million millions next nine number one ones our per period plus portion previous rate regarding relation
represent representing represents same september seven she since six so specific ten them then then, there they
thousand thousands three through time together two usd value's values was's we what's when where who whose
would you your""".split())
STOP = lexicon.STOP | VAGUE
_PCT_CELL = re.compile(r"\d\s*%|\d\s*\)\s*%")  # "11.4%", "( 3.2 ) %"
MONTHS = 0.2
_MONTH = re.compile(rf"\b{lexicon.MONTH_NAME}\b")
# a quarter's rows are often named by the month it ends ("march 31 2002 | dividend" for the first quarter)
_QUARTER = re.compile(r"\b(first|second|third|fourth|1st|2nd|3rd|4th)[- ]quarter\b")
_QUARTER_END = {"first": "march", "1st": "march", "second": "june", "2nd": "june", "third": "september",
                "3rd": "september", "fourth": "december", "4th": "december"}
RIGHT_NOUN = 0.3
# a rate answers an amount question only when nothing else fits (0.15 -> 1.0: ConvFinQA strict EM half A 528 -> 530,
# half B 571 = 571)
PERCENT_MISMATCH = 1.0
_PERCENT_ASK = re.compile(r"percent|%|\brates?\b|margin|ratio|yield|proportion|share|portion|return|growth|"
                          r"change|increase|decrease|decline|variation|difference")
YEARLESS = 0.2
# a word this close to one of a label's (rapidfuzz ratio, both of 6+ letters) names it: ConvFinQA strict EM
# half A 535 -> 537, half B 573 = 573 (80 and 90 gave half A 536)
FUZZY = 85
SHORT_FORMS = True
# an earlier answer's number written in several cells is the cell that fits the turn that asked for it, and moving
# it to another year starts from that cell's own year (the turn may have named none: "in the year before"), not
# the first cell holding the number from the year the turn wrote: ConvFinQA strict EM half A 544 -> 545 (1 up,
# none down; each alone: 544, OWN_YEAR 1 up 1 down), half B 577 = 577
ASKED = True
OWN_YEAR = True
NEGATED = 0.5  # a label that writes 'non-X' where the question asks X (or the reverse) names another line
# "201c" / "201d" / "2019s" are quote marks and apostrophes spelled out in the source text, not numbers
_TEXT_NUM = re.compile(r"(?<![\w.])(\(\s*)?-?\$?\s?(\d[\d,]*(?:\.\d+)?|\.\d+)(?![a-z\d])(\s*\))?(\s*%)?")
_GLUED_DATE = re.compile(rf"\b{lexicon.MONTH_WORD}\.? ?[0-3]?\d({lexicon.YEAR})\b")
_YEAR = re.compile(r"\b(19[5-9]\d|20[0-4]\d)\b")
_MONTH_END = re.compile(rf"\b({lexicon.MONTH_NAME})\s*$")
_CELL_NUM = re.compile(r"\(?\s*-?\s*\$?\s*(?:\d[\d,]*(?:\.\d+)?|\.\d+)\s*\)?")


_SHORT_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/(\d{2})\b|\b(?:fiscal|fy|'|\u2019)\s?(\d{2})\b|"
                         r"(?<![/\d])(?:0?[1-9]|1[0-2])/(\d{2})\b(?!/)")


# ConvFinQA's own reader of years (dates such as 12/31/06, each mention kept): the lexicon's here cost ConvFinQA
# strict EM 75.23 -> 74.16 (half A 81.93 -> 80.57, B 69.85 -> 69.01); this one in the lexicon cost TAT-QA dev
# EM 70.26 -> 70.02.
def years_in(text: str) -> list[str]:
    """Years named in a text, with dates like ``12/31/06`` or ``fiscal 06`` read as 2006."""
    found = [(m.start(), m.group()) for m in _YEAR.finditer(text)]
    found += [(m.start(1), m.group(1)) for m in _GLUED_DATE.finditer(text.lower())]
    for m in _SHORT_DATE.finditer(text.lower()):
        yy = int(m.group(1) or m.group(2) or m.group(3))
        found.append((m.start(), str(2000 + yy if yy < 50 else 1900 + yy)))
    return [y for _, y in sorted(found)]


# the short forms annual reports and questions about them write for a line's long name ("cap ex for pp&e" is the
# "capital expenditures for property, plant and equipment"): read as the long name's words, on both sides
_SHORT_FORMS = {"pp&e": "property plant equipment", "r&d": "research development", "sg&a": "selling general "
                "administrative", "eps": "earnings per share", "fmv": "fair market value", "cogs": "cost goods sold",
                "opex": "operating expenses", "capex": "capital expenditures", "d&a": "depreciation amortization",
                "aoci": "accumulated other comprehensive income", "nol": "net operating loss",
                "nols": "net operating losses"}
_SHORT_FORM = re.compile(r"(?<![\w&])(?:cap(?:ital)?[ -]ex|" + "|".join(map(re.escape, _SHORT_FORMS)) + r")(?![\w&])")


def _long_form(m: re.Match) -> str:
    return _SHORT_FORMS.get(m.group(), "capital expenditures")


def content_words(text: str) -> list[str]:
    text = _SHORT_FORM.sub(_long_form, text.lower()) if SHORT_FORMS else text.lower()
    words = re.findall(r"[a-z][a-z\-'&]*", text)  # "s&p", "pp&e" stay one word
    return [lexicon.stem(w) for w in words if w not in STOP and len(w) > 1]


def cell_number(cell: str) -> tuple[float, str] | None:
    """The first number of a cell as (value, formula text): ``$ 1,279`` -> 1279, ``( 19 )`` -> -19."""
    m = _CELL_NUM.search(cell)
    if not m or not re.search(r"\d", m.group()):
        return None
    raw = m.group().strip()
    negative = raw.startswith("(") and raw.endswith(")") or "-" in raw
    digits = re.sub(r"[^\d.]", "", raw)
    if not digits or digits == ".":
        return None
    try:
        value = float(digits)
    except ValueError:
        return None
    text = digits if not negative else f"-{digits}"
    return (-value if negative else value), text


@dataclass(frozen=True)
class Candidate:
    value: float
    text: str
    label: str
    years: tuple[str, ...]
    evidence: Evidence
    source: str  # "table" | "text"
    key: tuple = ()
    scale: str = ""  # "thousand" | "million" | "billion" when the text says so right after the number
    percent: bool = False  # the cell or text writes it "11.4%"
    right: str = ""  # for a text number: the few words right after it
    row: str = ""  # for a cell: its row's label
    before: str = ""  # for a text number: the few words right before it


def _negates(subject: list[str], label_words: list[str]) -> bool:
    """Whether the label writes "non-X" (or the question does) where the other writes plain X."""
    a, b = set(subject), set(label_words)
    return any(w.startswith("non-") and w[4:] in b and w not in b for w in a) or \
        any(w.startswith("non-") and w[4:] in a and w not in a for w in b)


def overlap(subject: list[str], label_words: list[str]) -> float:
    if not subject or not label_words:
        return 0.0
    s, lab = set(subject), set(label_words)
    common = s & lab
    if FUZZY:
        # a misspelt or differently inflected word ("lousiana", "maturitie") still names the label's word
        common |= {w for w in s - common if len(w) >= 6 and
                   any(len(x) >= 6 and fuzz.ratio(w, x) >= FUZZY for x in lab - common)}
    if not common:
        return 0.0
    return len(common) / len(s) * 0.6 + len(common) / len(lab) * 0.4


class Document:
    def __init__(self, candidates: list[Candidate], header: list[str], learned: bool = True) -> None:
        self.learned = learned  # the cell ranker re-ranks the hand score's shortlist (when one is shipped)
        self.candidates = candidates
        self.header = header
        self.table_years = {(c.key[0], y) for c in candidates if c.source == "table" for y in c.years}

    def subset(self, candidates: list[Candidate]) -> Document:
        """A document of some of these candidates (same header, same ranker)."""
        return Document(candidates, self.header, self.learned)

    @classmethod
    def from_context(cls, context: Context, learned: bool = True) -> Document:
        out: list[Candidate] = []
        header: list[str] = []
        for t_index, table in enumerate(context.tables):
            if not table.rows:
                continue
            header = list(table.rows[0])
            first = 1
            if len(header) > 1 and all(cell_number(c) and not re.search(r"[a-z]", c.lower()) and not years_in(c)
                                        for c in header[1:]):
                header, first = [""] * len(header), 0  # "cash | $ 45826" opens the table: data, not a header
            section = header[0].strip() if first and _YEAR.fullmatch(header[0].strip()) else ""
            for r, row in enumerate(table.rows[first:], start=first):
                label = row[0] if row else ""
                if r > first and _YEAR.fullmatch(label.strip()) and \
                        not any(cell_number(x) for x in row[1:]):
                    section = label.strip()  # "2009 | high | low" opens the 2009 part of a table headed "2010"
                    continue
                for c in range(1, len(row)):
                    found = cell_number(row[c])
                    if found is None:
                        continue
                    head = header[c] if c < len(header) else ""
                    text = f"{label} {head}"
                    yrs = tuple(years_in(head) or years_in(label)) or ((section,) if section else ())
                    out.append(Candidate(found[0], found[1], text.lower(), yrs,
                                         Evidence("cell", row=r, col=c, text=row[c]), "table", (t_index, r, c),
                                         percent=bool(re.search(_PCT_CELL, row[c])), row=label.lower()))
        for p_index, para in enumerate(context.paragraphs):
            out += _text_candidates(para.text, p_index)
        return cls(out, header, learned)

    def score(self, cand: Candidate, subject: list[str], years: list[str], question: str) -> float:
        label_words = content_words(cand.label)
        s = overlap(subject, label_words)
        if NEGATED and _negates(subject, label_words):
            s -= NEGATED  # "non-recoverable expenditures" are not the "recoverable expenditures" asked
        if cand.source == "table":
            s += 0.15 * fuzz.token_set_ratio(" ".join(subject), " ".join(label_words)) / 100
        if years:
            if years[0] in cand.years:
                s += 0.6
            elif cand.years:
                s -= 0.6
            elif YEARLESS and cand.source == "table" and (cand.key[0], years[0]) in self.table_years:
                s -= YEARLESS  # a "total" row when the table has a row or column for the year asked
        if RIGHT_NOUN and cand.source == "text" and len(set(subject)) >= 2 and \
                set(subject) <= set(content_words(cand.right)):
            s += RIGHT_NOUN  # "93000 gas customers": the words right after the number name it
        if MONTHS and question:
            asked = set(_MONTH.findall(question.lower()))  # month names are stop words, but "march 2021" rows differ
            asked |= {_QUARTER_END[q] for q in _QUARTER.findall(question.lower())}
            if asked and asked & set(_MONTH.findall(cand.label)):
                s += MONTHS
        if cand.source == "table":
            s += 0.05
        if PERCENT_MISMATCH and cand.percent and question and not _PERCENT_ASK.search(question):
            s -= PERCENT_MISMATCH  # an amount is asked for ("the net favorable development in 2010"), not a rate
        return s

    def best(self, subject: list[str], years: list[str], question: str) -> Candidate | None:
        found = self.best_scored(subject, years, question)
        return found[1] if found else None

    def best_scored(self, subject: list[str], years: list[str], question: str) -> tuple[float, Candidate] | None:
        if not subject or not self.candidates:
            return None
        scored = [(self.score(c, subject, years, question), -i, c) for i, c in enumerate(self.candidates)]
        model = cell_rank.weights() if self.learned else None
        if model is None:
            score, _, cand = max(scored, key=lambda t: (t[0], t[1]))
            return (score, cand) if score > 0.2 else None
        short = cell_rank.shortlist(scored)
        if not short:
            return None
        score, _, cand = cell_rank.pick(self, short, [content_words(c.label) for _, _, c in short], subject, years,
                                        question, model)
        return score, cand

    def total_for(self, part: Candidate) -> Candidate | None:
        """The "total" cell in the part's table column (``X divided by the total``)."""
        if part.source != "table":
            return None
        t, _, c = part.key
        column = [x for x in self.candidates if x.source == "table" and x.key[0] == t and x.key[2] == c]
        totals = [x for x in column if "total" in x.label.split()]
        return totals[-1] if totals else None

    def locate_asked(self, value: float, words: list[str], years: list[str], question: str) -> Candidate | None:
        """The cell (else text number) holding ``value`` that best fits the turn that asked for it (a number
        written in several cells is the one of that turn's line and year); the first, as ``locate``, on ties."""
        if not ASKED:
            return self.locate(value)
        for source in ("table", "text"):
            held = [(self.score(c, words, years, question), -i, c) for i, c in enumerate(self.candidates)
                    if c.source == source and abs(c.value - value) < 1e-9]
            if held:
                return max(held, key=lambda t: (t[0], t[1]))[2]
        return None

    def locate(self, value: float, table_only: bool = False) -> Candidate | None:
        for c in self.candidates:
            if c.source == "table" and abs(c.value - value) < 1e-9:
                return c
        if table_only:
            return None
        for c in self.candidates:
            if abs(c.value - value) < 1e-9:
                return c
        return None

    def move(self, cand: Candidate, old: str, new: str) -> Candidate | None:
        """The same quantity for another year: same row, the column of the new year (or the text's)."""
        if OWN_YEAR and old not in cand.years and len(set(cand.years)) == 1:
            old = cand.years[0]  # the cell's own year, when the turn that read it named another
        target = [y if y != old else new for y in cand.years]
        if cand.source == "table":
            t, r, _ = cand.key
            for c in self.candidates:
                if c.source == "table" and c.key[:2] == (t, r) and c.years and list(c.years) == target:
                    return c
            base = content_words(re.sub(old, "", cand.label))
            for c in self.candidates:
                if c.source == "table" and c.key[0] == t and new in c.years and \
                        content_words(re.sub(new, "", c.label)) == base:
                    return c
            return None
        best = self.best(content_words(cand.label), [new], "")
        return best if best is not None and new in best.years else None


def _text_candidates(text: str, p_index: int) -> list[Candidate]:
    out: list[Candidate] = []
    offset = 0
    for sentence in re.split(r"(?<=\s)\.\s|(?<=[a-z])\.\s|;\s", text):
        start = text.find(sentence, offset)
        offset = max(offset, start)
        nums = []
        sentence_l = sentence.lower()
        for m in re.finditer(_TEXT_NUM, sentence):
            digits = m.group(2).replace(",", "")
            if _YEAR.fullmatch(digits) and not m.group(0).lstrip().startswith("$"):
                continue
            if _MONTH_END.search(sentence_l[: m.start()]):
                continue  # "december 31" is a date, not a quantity
            if m.group(1) and m.group(3) and len(digits) <= 2 and "$" not in m.group(0):
                continue  # "( 4 )" is a footnote mark
            try:
                value = float(digits)
            except ValueError:
                continue
            nums.append((m, value, digits))
        if not nums:
            continue
        yrs = years_in(sentence)
        respectively = "respectively" in sentence and len(yrs) >= 2 and len(nums) >= len(yrs)
        listed: dict[int, str] = {}
        if respectively:
            # "$ 205 , $ 163 and $ 110 for 2015 , 2014 and 2013 , respectively": the first k numbers, in order
            chosen = list(range(len(yrs)))
            listed = {i: yrs[k] for k, i in enumerate(chosen)}
        tokens = sentence.lower()
        moved = _from_to_years(tokens, [m for m, _, _ in nums])
        for i, (m, value, digits) in enumerate(nums):
            if i in moved:
                ys = (moved[i],)
            elif respectively:
                ys = (listed[i],) if i in listed else tuple(yrs)
            else:
                # years mentioned close to the number
                after = re.match(r"\s*(?:%|million|billion|thousand)?\s*(?:in|for|during|at|as of)?\s*"
                                 r"(?:fiscal |december 31 ,? |the end of )?(19[5-9]\d|20[0-4]\d)\b", tokens[m.end():])
                before = re.search(r"\b(?:in|for|during|of|fiscal)\s+(19[5-9]\d|20[0-4]\d)\s*,?\s*[^.\d]{0,40}$",
                                   tokens[max(0, m.start() - 60): m.start()])
                window = tokens[max(0, m.start() - 60): m.end() + 40]
                if after:
                    ys = (after.group(1),)
                elif before:
                    ys = (before.group(1),)
                else:
                    ys = tuple(years_in(window)) or tuple(yrs)
            left = tokens[max(0, m.start() - 120): m.start()]
            right = tokens[m.end(): m.end() + 40]
            label = f"{left} {right}"
            s0 = (start if start >= 0 else 0) + m.start()
            unit = re.match(r"\s*(thousand|million|billion)", right)
            out.append(Candidate(value, digits, label, ys,
                                 Evidence("text", paragraph=p_index, start=s0, end=s0 + len(m.group()),
                                          text=m.group().strip()), "text", (p_index, s0),
                                 unit.group(1) if unit else "", bool(m.group(4)),
                                 " ".join(right.split()[:4]), before=left[-30:]))
    return out


_FROM = re.compile(r"\bfrom\s*\$?\s*$")
_TO = re.compile(r"\s*(?:%|million|billion|thousand)?\s*to\s*\$?\s*")
_IN_YEAR = re.compile(r"\bin (19[5-9]\d|20[0-4]\d)\b[^\d$]*$")


def _from_to_years(sentence: str, nums: list[re.Match]) -> dict[int, str]:
    """ "the increase in earnings in 2002 for X from $ 128 million to $ 201 million": the second number is the
    year's, the first the year before's (number index -> year)."""
    out: dict[int, str] = {}
    for i in range(len(nums) - 1):
        a, b = nums[i], nums[i + 1]
        year = _IN_YEAR.search(sentence[max(0, a.start() - 80): a.start()])
        if year and _FROM.search(sentence[max(0, a.start() - 12): a.start()]) and \
                _TO.fullmatch(sentence[a.end(): b.start()]):
            out[i], out[i + 1] = str(int(year.group(1)) - 1), year.group(1)
    return out


def split_pair(question: str) -> tuple[str, str] | None:
    """ "ratio of A to B" / "A divided by B" / "A as a percentage of B" -> (A, B)."""
    q = re.sub(rf"\bin {lexicon.YEAR}\b|\?", " ", question.lower())
    for pattern in (r"ratio of (.+?) (?:to|and|versus|vs\.?) (.+)", r"(.+?) divided by (.+)",
                    r"(?:percent\w*|portion|proportion|fraction|share) (?:was|is|were|are) (.+?) (?:of|in relation to|"
                    r"relative to) (.+)",

                    r"(.+?) (?:as a|as|was|is|were) (?:a )?(?:percent\w*|portion|proportion|share|fraction) of (.+)",
                    r"(?:percent\w*|portion|proportion|fraction|share|part) of (?:the )?(.+?) (?:was|is|were|are|came from|"
                    r"related to|attributable to|allocated to|dedicated to|due to|in|that|for) (.+)",
                    r"(.+?) (?:over|relative to|in relation to|compared to) (.+)"):
        m = re.search(pattern, q)
        if m and content_words(m.group(1)) and content_words(m.group(2)):
            a, b = m.group(1).strip(), m.group(2).strip()
            if " of (?:the )?(.+?) (?:was" in pattern:  # "percentage of WHOLE was PART"
                a, b = b, a
            return a, b
    return None
