"""Several tables, one question: put the table that holds the rows and periods the question names first.

Engines that read one table (the solver reads ``Context.table``) then answer from the right one; engines
that read them all (the openai prompt renders every table) lose nothing. A table fits a question by

1. the periods it names (header cells or first-column cells: ``periods.table_periods``): each period asked
   that the table holds counts, each one it lacks counts against it;
2. a row whose whole label the question names ("Revenue" in "the change in revenue", not "Deferred revenue"),
   the longer the label the better;
3. question words found among its row labels, header rows and caption, each by its rarity across the tables
   (an IDF weight), so words every table shares ("total", "2019") decide nothing.

Ties keep the order given. ``lacking`` says why a table cannot answer a question at all (a period or the rows
it names are in neither the table nor the text): ``batch`` and ``ask`` then give "no answer found" with it.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .engines.solver.lexicon.scale import MONEY_LINE
from .engines.solver.lexicon.words import CONVERSATION_WORDS, STOP, singular
from .engines.solver.lexicon.words import short_stem as _stem
from .engines.solver.reader.sentences import split_sentences
from .periods import bare_months, coverage, covers, find_periods, months_named, table_periods
from .row_words import says_a_line
from .types import Example, Period, Prediction, Table

_WORD = re.compile(r"[a-z][a-z&'-]{2,}")
# words that name no row: question words, arithmetic and comparison words, period words
_GENERIC = frozenset("""
what which when where who whom whose how much many was were is are did does the and for from between with that
this than then there their its it's company company's group total totals change changes changed increase
increased increases decrease decreased decreases difference percentage percent average mean sum ratio margin
margins growth rate rates share shares per value values amount amounts year years yearly annual quarter quarters
quarterly month months monthly period periods fiscal first second third fourth half highest lowest largest smallest
most least biggest higher lower compared compare across over during end ended ending three six nine twelve all
each both combined overall net reported report show shown listed according table figure number date about
grow grew rise rose fell fall drop dropped previous prior last next same year-over-year yoy ytd to-date did
have has had been being will would could should can into out upon under above below since until while give
tell find calculate compute based given two four five times there's what's how's respectively other full whole
entire larger smaller bigger greater
""".split())


def table_words(table: Table, header_rows: int = 3) -> set[str]:
    texts = [table.caption] + [row[0] for row in table.rows if row] + [c for row in table.rows[:header_rows] for c in row]
    return {w for text in texts for w in _WORD.findall(text.lower())}


def _question_words(question: str) -> set[str]:
    """The question's words outside the periods it names, and the parts of those joined by hyphens."""
    spans = find_periods(question)
    plain = "".join(" " if any(s <= i < e for s, e, _ in spans) else ch for i, ch in enumerate(question.lower()))
    words = set(_WORD.findall(plain))
    return words | {part for w in words if "-" in w for part in w.split("-") if len(part) > 2}  # "debt-to-equity"


def _generic(word: str) -> bool:
    """A word that names no row, also as a possessive or a compound of such words ("the year's", "full-year")."""
    return all(part in _GENERIC for part in word.removesuffix("'s").split("-"))


def asked_periods(question: str) -> list[Period]:
    return [p for _, _, p in find_periods(question)]


@dataclass(frozen=True, slots=True)
class Fit:
    """How well one table fits a question; ``reason`` in words for the person asking."""

    score: float
    reason: str


def _rows_named(table: Table, asked: set[str]) -> list[tuple[int, str]]:
    """(words, label) of each row label whose every word the question names."""
    out = []
    stems = {_stem(w) for w in asked}
    for row in table.rows:
        words = _WORD.findall(row[0].lower()) if row else []
        named = [w for w in words if _stem(w) in stems]
        if any(w not in _GENERIC for w in named) and all(w in named for w in words if w not in _GENERIC):
            out.append((len(named), row[0]))
    return out


def _row_match(table: Table, asked: set[str]) -> tuple[int, str]:
    """(words, label) of the longest row label whose every word the question names."""
    return max(_rows_named(table, asked), key=lambda x: x[0], default=(0, ""))


_AT_A_POINT = re.compile(r"\b(?:at|by|as at|as of)\s+(?:the\s+)?(?:end|close)\s+of\b|\bas (?:at|of)\b|\byear[- ]end\b", re.I)


def fits(tables: Sequence[Table], question: str) -> list[Fit]:
    from .table_join import SEP

    if any(SEP in t.id for t in tables):  # the tables' own fits are as without the joins, which follow them
        own = [i for i, t in enumerate(tables) if SEP not in t.id]
        base = dict(zip(own, fits([tables[i] for i in own], question)))
        return _with_joined(tables, question, _question_words(question), [base.get(i, Fit(0.0, "")) for i in
                                                                            range(len(tables))])
    words = [table_words(t) for t in tables]
    asked = _question_words(question)
    periods = asked_periods(question)
    n = len(tables)
    out = []
    for i, table in enumerate(tables):
        held = table_periods(table)
        have = [p for p in periods if covers(p, held)] if held else []
        lack = [p for p in periods if held and not covers(p, held)]
        row_words, label = _row_match(table, asked)
        idf = sum(math.log((n + 1) / (sum(1 for ws in words if w in ws) + 0.5)) for w in (asked & words[i]) - _GENERIC)
        point = _AT_A_POINT.search(question)  # "at the end of 2023": a balance sheet's date, not the year's flow
        exact = [p for p in have if (p in held and not point) or any(h.kind == "date" and h.year == p.year and
                                                                       (point or h == p) for h in held)]
        score = 3.0 * (len(have) - len(lack)) + 1.0 * len(exact) + 2.0 * row_words + idf
        reason = ", ".join(filter(None, (
            f"has the row {label!r}" if label else "",
            "holds " + " and ".join(p.label() for p in have) if have else "",
            f"lacks {' and '.join(p.label() for p in lack)} (covers {coverage(held)})" if lack else "")))
        out.append(Fit(score, reason or "no row or period the question names; first given"))
    return out


def _with_joined(tables: Sequence[Table], question: str, asked: set[str], out: list[Fit]) -> list[Fit]:
    """A join of two tables (``table_join``) first when the question names lines of both and neither holds all,
    last otherwise."""
    from .table_join import asked_across, parts

    for i, table in enumerate(tables):
        two = parts(table, tables)
        if not two:
            continue
        across = asked_across(question, [tables[j] for j in two], lambda t: [lb for _, lb in _rows_named(t, asked)])
        reason = f"the lines asked are in {tables[two[0]].caption or tables[two[0]].id} and " \
                 f"{tables[two[1]].caption or tables[two[1]].id}"
        out[i] = Fit(max(out[j].score for j in two) + 10.0, reason) if across else Fit(-1e9, "")
    return out


def rank_tables(tables: Sequence[Table], question: str) -> list[int]:
    """Indices of ``tables``, the best match for ``question`` first."""
    scores = [f.score for f in fits(tables, question)]
    return sorted(range(len(tables)), key=lambda i: -scores[i])


_PART_OF = re.compile(r"\b(?:quarter|month|half|week|period)\s+(?:of|in)\s+(?:the\s+)?(?:(?:fiscal|financial)\s+)?(?:year\s+)?"
                      r"(?:fy\s*)?(?:19|20)\d\d\b", re.I)


def period_gap(question: str, table: Table, paragraphs: Sequence[str] = ()) -> str:
    """'the table covers Q1 2023–Q4 2023' when ``question`` names a period ``table`` does not cover and the text
    does not name either; "" otherwise. A pandas export's index is no period column: its periods follow it."""
    from .period_layout import dated, names_first

    in_text = [p for p in asked_periods(" ".join(paragraphs)) if p.year is not None]  # "the fourth quarter": no year
    held = dated(table, table_periods(names_first(table))) or _label_periods(table) or _one_year_said(table, in_text)
    about = " ".join(_sentences_about(question, table, paragraphs))  # "launch ... on 1 July 2025" is no July visits
    said_about = [p for p in asked_periods(about) if p.year is not None]
    text_months = set(months_named(about))
    asked = asked_periods(question) + [p for p in bare_months(question) if p.end_month not in text_months]
    whole = not _PART_OF.search(question)  # "the same quarter of 2023": a year asked for a part of it
    missing = [p for p in asked if held and not covers(p, held, whole or p.kind != "year") and  # a month without its year: no year said covers it
               not covers(p, [s for s in said_about if p.year is not None or s.kind != "year"])]
    if not missing:
        return _day_gap(question, names_first(table), paragraphs)
    return f"the table covers {coverage(held)}" if coverage(held) else f"the table has no {missing[0].label()}"


_DAY = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b", re.I)


def _day_gap(question: str, table: Table, paragraphs: Sequence[str]) -> str:
    """'the table covers Friday–Sunday' when the question names a day of the week that a table of days (two or
    more as its columns or rows) lacks, and no sentence of the text gives an amount for that day."""
    cells = [c.strip() for c in (table.rows[0] if table.rows else ())] + [r[0].strip() for r in table.rows if r]
    days = [c for c in cells if _DAY.fullmatch(c)]
    held = {d.lower().rstrip("s") for d in days}
    asked = [m.group(1).lower() for m in _DAY.finditer(question) if m.group(1).lower() not in held]
    if len(held) < 2 or not asked:
        return ""
    told = [s.text for p in paragraphs for s in split_sentences(p) if re.search(rf"\b{asked[0]}", s.text, re.I) and
            re.search(r"\d", s.text)]
    return "" if told else f"the table covers {days[0]}–{days[-1]}"


def _sentences_about(question: str, table: Table, paragraphs: Sequence[str]) -> list[str]:
    """The sentences of the text that name a word of the question other than the table's own subject (its caption,
    its header) and words that name no row."""
    own = {_stem(w) for w in _WORD.findall(" ".join([table.caption, *(table.rows[0] if table.rows else ())]).lower())}
    asked = {_stem(w) for w in _question_words(question) if w not in _GENERIC} - own
    return [s.text for p in paragraphs for s in split_sentences(p)
            if asked & {_stem(w) for w in _WORD.findall(s.text.lower())}]


def _one_year_said(table: Table, in_text: list[Period]) -> list[Period]:
    """The one year a table without periods is of, when its name or caption says one ("sales_2024.csv") or its
    text names no other ("All figures are for the year 2024")."""
    from .period_layout import year_named

    year = year_named(table)
    years = {year} if year is not None else {p.year for p in in_text}
    return [Period(years.pop(), 12, 12, "year")] if len(years) == 1 else []


def _label_periods(table: Table) -> list[Period]:
    """The years a table without period columns names inside its column labels ("Units sold 2024")."""
    return list(dict.fromkeys(p for c in (table.rows[0] if table.rows else ()) for _, _, p in find_periods(c)
                              if p.kind == "year"))


def lacking(question: str, table: Table, paragraphs: Sequence[str] = ()) -> str:
    """Why ``table`` (with its text) cannot answer ``question``: a period it does not cover, or no row for any word
    the question names; "" when it may. Text that names the period or the words keeps the question open."""
    gap = period_gap(question, table, paragraphs)
    if gap:
        return gap
    text = " ".join(paragraphs)
    content = {w for w in _question_words(question) if w not in _GENERIC}
    known = {_stem(w) for w in table_words(table, header_rows=table.n_rows) | set(_WORD.findall(text.lower()))}
    cells = {_stem(w) for row in table.rows for c in row for w in _WORD.findall(c.lower())}
    if content and not any(_stem(w) in known or _stem(w) in cells for w in content):
        return f"the table has no row for {' or '.join(sorted(content))}"
    return ""


def row_not_held(question: str, table: Table, rows: set[int], paragraphs: Sequence[str] = ()) -> str:
    """'the table has no row for west field' when the answer looks up one row whose label the question names only
    by words other rows share ("field" of "North field", "River field") and the question names, in place of the
    words that set it apart ("North"), a word found nowhere in the table or the text ("West"); "" otherwise."""
    if len(rows) != 1:
        return ""
    row = next(iter(rows))
    numbered = _numbered_row_missing(question, table) or _spent_on_missing(question, table, paragraphs) or \
        _count_of_an_amount(question, table, row)
    if numbered:
        return numbered
    labels = [{_stem(w) for w in _name_words(re.sub(r"\([^)]*\)", " ", r[0]).lower())} - _GENERIC_STEMS
              for r in table.rows if r]
    if not 0 <= row < len(labels):
        return ""
    asked = [w for w in _question_words(question) | set(_name_words(question.lower())) if not _generic(w)]
    named = labels[row] & {_stem(w) for w in asked}
    missed = labels[row] - named
    total = bool(re.match(r"\W*total\b", table.rows[row][0], re.I))  # "magazine loans" read as "Total loans"
    known = _known_words([table], paragraphs)
    # "in Legal" of a table without it; "the Eastfield branch" answered by a Total row
    unknown = _unknown_names(question, known) if missed or total else []
    if named and not unknown and (not missed or any(named <= other for i, other in enumerate(labels) if i != row)):
        # a word right before the label's words ("very high dose", "magazine loans"; no "spend on marketing"), else
        # beside one that other rows share ("West field")
        words = re.findall(r"[a-z][a-z&'-]+", question.lower()) if not missed else _name_words(question.lower())
        near = (lambda i: words[i + 1:i + 2]) if not missed else (lambda i: words[max(i - 1, 0):i] + words[i + 1:i + 2])
        written = {singular(w) for w in _name_words(table.rows[row][0].lower())}  # "visited" is no "Visits" noun
        unknown = [w for i, w in enumerate(words) if w in asked and _stem(w) not in known and w not in _WHO and
                   not says_a_line(w) and not w.endswith("est") and any(_stem(n) in named and singular(n) in written for n in near(i))]
        at = [i for i, w in enumerate(words) if _stem(w) in named]
        if not missed and len(named) >= 2 and at and at[-1] - at[0] >= len(at):  # "hot desks and memberships" of
            unknown = []  # "Desk memberships": the line in other words, not a line the table lacks
    if not unknown or total and _WHOLE.search(question):
        return ""
    return f"the table has no row for {' '.join(unknown)} (it has {table.rows[row][0]!r})"


def name_not_held(question: str, tables: Sequence[Table], paragraphs: Sequence[str] = ()) -> str:
    """'nothing in the table or the text names Rugby' when the question names, by a capitalised word, something no
    table nor paragraph mentions: an answer read from the text cannot be about it; "" otherwise."""
    unknown = _unknown_names(question, _known_words(tables, paragraphs))
    return f"nothing in the table or the text names {' '.join(unknown)}" if unknown else ""


def _known_words(tables: Sequence[Table], paragraphs: Sequence[str]) -> set[str]:
    """The stems of every name word in the tables' cells and captions and in the paragraphs."""
    texts = [c for t in tables for r in t.rows for c in r] + [t.caption for t in tables] + list(paragraphs)
    return {_stem(w) for text in texts for w in _name_words(text.lower())}


def _unknown_names(question: str, known: set[str]) -> list[str]:
    """Capitalised words inside the question ("Legal") that name nothing in the table or the text, nor a period."""
    words = re.findall(r"(?<=\s)[A-Z][a-z&'-]+(?:[A-Z][a-z&'-]*)*", question)  # "R&D" whole, as the text's "r&d"
    return [w for w in words if _stem(w.lower()) not in known and w.lower() not in _GENERIC and
            not months_named(f"in {w}") and w.lower() not in _SHORT_STOP]


_WHOLE = re.compile(r"\b(?:total|all|overall|whole|combined|altogether|in all)\b", re.I)
_SHORT_STOP = frozenset(w for w in STOP | CONVERSATION_WORDS if len(w) == 2)  # two-letter words that name nothing


def _name_words(text: str) -> list[str]:
    """Words of a name, two letters and up ("Pinecrest FC"), without short stop words."""
    return [w for w in re.findall(r"[a-z][a-z&'-]+", text) if w not in _SHORT_STOP]


_SPENT_ON = re.compile(r"\b(?:spend|spends|spent|spending|pay|paid|paying)\s+(?:on|for)\s+(?:the\s+|our\s+|their\s+|its\s+)?"
                       r"([a-z][a-z&'-]+)", re.I)


def _spent_on_missing(question: str, table: Table, paragraphs: Sequence[str]) -> str:
    """'the table has no row for childcare' when the question asks what was spent on a thing that neither the table
    nor the text names ("How much did we spend on childcare in March?" of a budget without it)."""
    m = _SPENT_ON.search(question)
    word = m.group(1).lower() if m else ""
    if not word or word in _GENERIC or months_named(f"in {word}") or _stem(word) in _known_words([table], paragraphs):
        return ""
    return f"the table has no row for {word}"


_HOW_MANY = re.compile(r"^\s*how many\s+(?!(?:pounds|dollars|euros|francs|yen|rupees|cents|pence)\b)([a-z][a-z-]*)", re.I)


def _count_of_an_amount(question: str, table: Table, row: int) -> str:
    """'the table has no count of staff (it has 'Staff costs')' when "how many" is answered by a line of money:
    a count the table does not hold ("how many staff were employed?" of a P&L)."""
    m = _HOW_MANY.match(question)
    label = table.rows[row][0] if 0 <= row < len(table.rows) and table.rows[row] else ""
    if not m or not MONEY_LINE.search(label) or MONEY_LINE.fullmatch(m.group(1)):
        return ""
    return f"the table has no count of {m.group(1)} (it has {label!r})"


_NUMBERED = re.compile(r"\b([A-Za-z][A-Za-z]+)(?:\s+|-)(\d{1,4})\b")  # "Grade 11", a code such as "VAN-109"


def _numbered_row_missing(question: str, table: Table) -> str:
    """'the table has no row for Grade 11' when rows are numbered ("Grade 7" ... "Grade 10", codes "VAN-101" ...
    "VAN-108") and the question names a number of the same word that no row has."""
    labels = {(m.group(1).lower(), m.group(2).lower()) for r in table.rows if r and (m := _NUMBERED.fullmatch(r[0].strip("* ")))}
    words = {w for w, _ in labels}
    for m in _NUMBERED.finditer(question):
        word, number = m.group(1).lower(), m.group(2).lower()
        if word in words and sum(w == word for w, _ in labels) >= 2 and (word, number) not in labels:
            return f"the table has no row for {m.group(0)}"
    return ""


_GENERIC_STEMS = frozenset(_stem(w) for w in _GENERIC)


class QuestionFirstTable:
    """Wraps an engine: each example's tables reordered for its question; ``meta["table_index"]`` of the
    prediction names the table (in the original order) that was put first, ``meta["table_reason"]`` why."""

    def __init__(self, engine) -> None:  # type: ignore[no-untyped-def]
        self.engine = engine

    def __getattr__(self, name: str) -> object:  # name, uses_history ... come from the wrapped engine
        return getattr(self.engine, name)

    def answer(self, examples: Sequence[Example]) -> list[Prediction]:
        chosen = [fits(ex.context.tables, ex.question) for ex in examples]
        orders = [sorted(range(len(f)), key=lambda i, f=f: -f[i].score) for f in chosen]  # type: ignore[misc]
        reordered = [dataclasses.replace(ex, context=dataclasses.replace(
            ex.context, tables=tuple(ex.context.tables[i] for i in order))) for ex, order in zip(examples, orders)]
        predictions = self.engine.answer(reordered)
        return [dataclasses.replace(p, meta={**p.meta, "table_index": order[0] if order else 0,
                                             "table_reason": f[order[0]].reason if order else ""})
                for p, order, f in zip(predictions, orders, chosen)]


#: who a question says did something ("how many people visited", "how much did they spend on marketing"): no row
_WHO = frozenset("people they we you our their them us person persons".split())
