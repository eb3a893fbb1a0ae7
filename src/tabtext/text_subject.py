"""The business, charity or place a person's text is about, named in a question about its table: "What was
Pennant Hardware's revenue in FY24?" asks for the Revenue line, and the name (named in the text's first sentence,
not a row of the table) would only pull the reader towards the sentence that introduces it. Read as "the
company's revenue", as TAT-QA asks.

Used on ``ask``'s path only (``row_names.as_the_solver_reads``); a question about the text (who, why, where, when,
or one naming no line) keeps the name, and so does one whose name a table writes (a customer as a row).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .engines.solver.lexicon.words import short_stem
from .engines.solver.reader.sentences import split_sentences
from .period_layout import title_rows
from .periods import find_periods
from .types import Table

#: a run of capitalised words, "&" or "of" inside ("Brackenfield Folk & Roots Festival"), with a possessive
_NAME = re.compile(r"(?<![\w'-])((?:The\s+)?[A-Z][\w-]*(?:\s+(?:&\s+|of\s+)?[A-Z][\w-]*)*)('s|’s|(?<=s)'|(?<=s)’)?(?![\w-])")
_ABOUT_THE_TEXT = re.compile(r"^\s*(?:who|whom|whose|why|where|when|how come)\b", re.I)
#: what the name is read as: TAT-QA's word for the subject of its statements; not "it", which a conversation reads
#: as the last answer
_IT, _ITS = "the company", "the company's"
_BEFORE = re.compile(r"\b(?:at|for|of|by|from|in)\s+$", re.I)


def _first_sentence(texts: Sequence[str]) -> str:
    first = next((t for t in texts if t.strip()), "")
    sentences = split_sentences(first)
    return first[sentences[0].start:sentences[0].end] if sentences else first


def _table_words(tables: Sequence[Table]) -> set[str]:
    """The words of the tables' labels and cells (a name none of whose words they write is no row); not of a title ("Pennant Hardware Ltd, years ended 31 March"
    above the table or in its corner), which names the subject too."""
    cells = [cell for t in tables for r, row in enumerate(t.rows[title_rows(t):])
             for c, cell in enumerate(row) if r or c]
    return {w for cell in cells for w in re.findall(r"[a-z]+", cell.lower())}


def _names_a_line(question: str, tables: Sequence[Table]) -> bool:
    """Whether a word of the question, not a question or period word, is a word of a row's label."""
    from .table_choice import _GENERIC

    labels = {short_stem(w) for t in tables for row in t.rows[title_rows(t) + 1:] if row
              for w in re.findall(r"[a-z]{3,}", row[0].lower())}
    from .engines.solver.patterns.measures import lines_asked

    return any(short_stem(w) in labels for w in re.findall(r"[a-z]{3,}", question.lower()) if w not in _GENERIC) or \
        bool(lines_asked(question))  # "what surplus ...": a measure of lines


def without_the_subject(question: str, tables: Sequence[Table], texts: Sequence[str]) -> str:
    """The question with the name of what the text is about read as "it" / "its", when some word of the name is
    no word of the tables; the question itself otherwise."""
    subject = _first_sentence(texts).lower()
    if not subject or not tables or _ABOUT_THE_TEXT.search(question):
        return question
    held = _table_words(tables)
    if not _names_a_line(question, tables):  # "What does Alder Foods make?": about the text
        return question
    for m in _NAME.finditer(question):
        name = m.group(1)
        if m.start() == 0 and " " not in name or len(name) < 2 or name.lower() not in subject or find_periods(name):
            continue
        if {w for w in re.findall(r"[a-z]+", name.lower()) if w != "the"} <= held:  # a row's name, capitalised
            continue
        before = _BEFORE.search(question[:m.start()])
        if m.group(2):
            return f"{question[:m.start()]}{_ITS}{question[m.end():]}"
        if before:  # "revenue at Seagrass Family Hotel in May": revenue in May
            return f"{question[:before.start()].rstrip()}{question[m.end():]}"
        return f"{question[:m.start()]}{_IT}{question[m.end():]}"
    return _the_noun_as_it(question, subject, held)


_THE_NOUN = re.compile(r"\b(?:the|this|our)\s+([a-z]{4,})(['’]s)?\b(?!\s+(?:of|for)\b)", re.I)


def _the_noun_as_it(question: str, subject: str, held: set[str]) -> str:
    """ "What surplus did the department make?" of a text about "The Department of Earth Sciences ...": "it"."""
    from .table_choice import _GENERIC

    words = set(re.findall(r"[a-z]+", subject))
    for m in _THE_NOUN.finditer(question):
        noun = m.group(1).lower()
        if noun in words and noun not in held and noun not in _GENERIC and not find_periods(noun):
            end = m.end()
            while not m.group(2) and (more := re.match(r"\s+([a-z]+)(['’]s)?\b", question[end:], re.I)) and \
                    more.group(1).lower() in words:  # "the food bank" of "Northgate Food Bank": all of it
                end, its = end + more.end(), more.group(2)
                if its:
                    return f"{question[:m.start()]}{_ITS}{question[end:]}"
            return f"{question[:m.start()]}{_ITS if m.group(2) else _IT}{question[end:]}"
    return question
