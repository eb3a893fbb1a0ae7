"""Rows a person names by a text column rather than the first one ("the yield of wheat" where the first column
says "North Meadow" and the Crop column "Wheat"), and "which crop ...?" answered from that column.

Used on ``ask``'s path only (ask, ask --chat, tabtext.ask, batch): the solver reads rows by their first-column
label, as TAT-QA's tables are written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .column_share import part_over_whole_column
from .engines.solver.lexicon.words import root, singular
from .measure_words import adjective_as_its_measure, comparative_as_its_measure, usage_in_its_unit
from .numbers import parse_number
from .periods import MONTH_STEMS, YEAR, as_period, find_periods, in_total_as_every_period, table_periods
from .row_words import average_value_as_per, each_as_per, in_label_words, says_another_line_word
from .table_choice import _GENERIC
from .total_columns import as_part_or_total
from .types import Answer, Table


def _text_columns(table: Table) -> list[int]:
    """Columns after the first whose body cells are mostly words (names, crops, regions), not amounts."""
    body = table.rows[1:]
    out = []
    for c in range(1, table.n_cols):
        cells = [r[c].strip() for r in body if c < len(r) and r[c].strip()]
        words = [t for t in cells if parse_number(t) is None and as_period(t) is None and re.search(r"[a-z]", t, re.I)]
        if len(cells) >= 2 and 2 * len(words) > len(cells):
            out.append(c)
    return out


def _says(question: str, phrase: str) -> bool:
    return bool(phrase) and re.search(rf"(?<![\w-]){re.escape(phrase.lower())}(?![\w-])", question.lower()) is not None


_ASKS_A_NAME = re.compile(r"^\s*(?:which|who|where)\b|^\s*what\s+(?:is|was|are|were)\s+the\s+name\b", re.I)


def with_row_labels(question: str, tables: Sequence[Table]) -> str:
    """The question asking for an amount with a text cell that stands for one row written as that row's
    first-column label ("the yield of wheat in 2023" -> "the yield of North Meadow in 2023"); a question asking
    which row ("which field grows oats?") as it is."""
    if _ASKS_A_NAME.search(question):
        return question
    for table in tables:
        for c in _text_columns(table):
            column = [r[c].strip() for r in table.rows[1:] if c < len(r)]
            for row in table.rows[1:]:
                cell, label = row[c].strip(), row[0].strip()
                if column.count(cell) == 1 and label and _says(question, cell) and not _says(question, label):
                    at = re.search(rf"(?<![\w-]){re.escape(cell)}(?![\w-])", question, re.I)
                    return f"{question[:at.start()]}{label}{question[at.end():]}"  # type: ignore[union-attr]
    return question


def in_asked_column(question: str, answer: Answer | None, table: Table | None) -> Answer | None:
    """ "Which crop had the highest yield?" answered with a row's label: that row's cell of the Crop column."""
    m = re.match(r"^\s*(?:which|what)\s+([a-z][\w-]*)", question, re.I)
    if answer is None or table is None or not m or not isinstance(answer.value, (str, tuple)) or not table.rows:
        return answer
    asked = singular(m.group(1).lower())
    cols = [c for c in _text_columns(table) if singular(table.rows[0][c].strip().lower()) == asked]
    if not cols or singular(table.rows[0][0].strip().lower()) == asked:
        return answer
    shown = answer.text().strip()
    rows = [r for r in table.rows[1:] if r and r[0].strip() == shown]
    if len(rows) != 1:
        return answer
    return Answer(value=rows[0][cols[0]].strip(), scale="", derivation=answer.derivation)


#: words people use for the same line; a question's word the table never uses is read as the one it does
_SAME_LINE = (("revenue", "revenues", "sales", "turnover", "top line"), ("costs", "expenses"), ("cost", "expense"),
              ("profit", "income", "earnings"), ("staff", "employees", "employee", "headcount"),
              ("temperature", "temp"), ("temperatures", "temps"), ("rainfall", "precipitation"),
              ("students", "pupils"), ("enrolment", "enrollment"))
#: phrases people use for one line a statement labels in other words ("the bottom line" of "Net income")
_SAME_PHRASE = (("net income", "net profit", "bottom line", "profit after tax", "net earnings"),
                ("operating income", "operating profit", "ebit"), ("cost of sales", "cost of goods sold", "cogs"),
                ("profit before tax", "pre-tax profit", "pretax profit", "income before income taxes", "income before tax",
                 "earnings before tax"))


def _labels(tables: Sequence[Table]) -> list[str]:
    """Every row label and column header of the tables."""
    return [r[0] for t in tables for r in t.rows if r] + [c for t in tables for c in (t.rows[0][1:] if t.rows else ())]


def _label_words(tables: Sequence[Table]) -> set[str]:
    cells = [c for t in tables for r in t.rows for c in ((r[0],) if r else ())] + \
        [c for t in tables for c in (t.rows[0] if t.rows else ())]
    return {w for c in cells for w in re.findall(r"[a-z]+", c.lower())}


_PEOPLE = re.compile(r"^[a-z]{4,}(?:ers|ists|ians|ants|ents|ors)$")
_FIELD = re.compile(r"(?:ing|y|ics|ance|ence|ion)$")


def _common(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _field_of_people(word: str, have: set[str]) -> str:
    """ "engineers" -> "engineering", "physiotherapists" -> "physiotherapy" when the table names the field, not them."""
    if not _PEOPLE.match(word) or word in have:
        return ""
    fields = [w for w in have if _FIELD.search(w) and _common(w, word) >= max(6, len(word) - 4)]
    return fields[0] if len(fields) == 1 else ""


def _acronyms(question: str, tables: Sequence[Table]) -> str:
    """ "average daily rate" asked of a table whose label says "ADR" (and "ADR" asked of "Average daily rate"):
    the question in the table's form."""
    labels = [r[0] for t in tables for r in t.rows if r] + [c for t in tables for c in (t.rows[0] if t.rows else ())]
    for label in labels:
        for short in re.findall(r"\b[A-Z]{2,5}\b", label):
            words = r"\s+".join(rf"{ch}[a-z]+" for ch in short.lower())
            question = re.sub(rf"\b{words}\b", short, question, flags=re.I)
        words = re.findall(r"[A-Za-z]+", re.sub(r"\([^)]*\)", " ", label))
        short = "".join(w[0] for w in words).upper()
        if 2 <= len(words) <= 5 and f"({short})" not in label:  # "Goal difference (GD)": "GD" is the label's own
            question = re.sub(rf"\b{short}\b", " ".join(words).lower(), question)  # "ADR" as the label's words
        named = [w for w in words if w.lower() not in ("and", "of", "the")]
        if 2 <= len(named) <= 4 and re.search(r"\band\b|&", label, re.I):  # "R&D", "G&A", "SG&A" of "... and ..."
            amp = "".join(w[0] for w in named[:-1]).upper() + "&" + named[-1][0].upper()
            question = re.sub(rf"(?<![\w&]){re.escape(amp)}(?![\w&])", " ".join(words).lower(), question)
    return question


_PART = rf"(?:(?:{MONTH_STEMS})[a-z]*|[QH][1-4])"
_SHARE_OF = re.compile(r"\b(?:share|proportion|percentage|percent|fraction)\s+of\s+(?:the\s+|all\s+)?"
                       rf"((?:(?:{_PART}\s+)?{YEAR}(?:'s)?\s+|{_PART}(?:'s)?\s+)?)"
                       r"(?!total\b)([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?=(?:was|were|is|are|came|went|in|at|for)\b)", re.I)


def _share_of_the_total(question: str, tables: Sequence[Table]) -> str:
    """ "What share of the 2024 headcount was in Sales?" of a table with a Total line: "... of the 2024 total
    headcount ..." (the whole is the total line, which the question names by what it counts)."""
    m = _SHARE_OF.search(question)
    labels = {" ".join(r[0].lower().strip("* ").split()) for t in tables for r in t.rows if r}
    if not m or f"total {m.group(2).lower()}" in labels - {m.group(2).lower()}:  # "of 2024 costs": Total costs
        return f"{question[:m.start(2)]}total {question[m.start(2):]}" if m else question
    if "total" not in labels or any(_says(m.group(2), label) for label in labels if label != "total"):
        return question
    return f"{question[:m.start(2)]}total {question[m.start(2):]}"


_PART_OF_MONEY = re.compile(r"\b(?:share|percentage|proportion|percent|fraction)\s+of\s+(?:the\s+)?(?:total\s+)?"
                            r"(?P<whole>revenue|sales|income|turnover|costs|spending|expenses)\b.*?\b(?:came\s+from|"
                            r"(?:was|were)(?:\s+from)?|from)\s+(?P<part>[a-z][a-z' -]*?)\s*\??$", re.I)


def _part_in_the_whole_s_unit(question: str, tables: Sequence[Table]) -> str:
    """ "What share of total revenue came from day passes?" of lines "Day passes sold" and "Day-pass revenue
    (EUR)": the part is the line of the whole's kind ("... from day-pass revenue"), a share of money is of money."""
    m = _PART_OF_MONEY.search(question)
    if not m:
        return question
    part, whole = {root(w) for w in _words(m.group("part"))}, m.group("whole").lower()
    labels = [re.sub(r"\([^)]*\)", " ", r[0]).strip() for t in tables for r in t.rows[1:] if r]
    named = [lab for lab in labels if part and part <= {root(w) for w in _words(lab)}]
    of_kind = [lab for lab in named if re.search(rf"\b{whole}\b", lab, re.I) and not lab.lower().startswith("total")]
    if len(of_kind) != 1 or len(named) < 2:
        return question
    return f"{question[:m.start('part')]}{of_kind[0].lower()}{question[m.end('part'):]}"


def _number_forms(word: str) -> set[str]:
    """The word's plural or singular ("pastry" <-> "pastries", "cake" <-> "cakes", "bus" <-> "buses")."""
    forms = {word + "s", word + "es"}
    if word.endswith("y"):
        forms.add(word[:-1] + "ies")
    if word.endswith("ies"):
        forms.add(word[:-3] + "y")
    if word.endswith("es"):
        forms.add(word[:-2])
    if word.endswith("s") and not word.endswith("ss"):
        forms.add(word[:-1])
    return forms - {word}


_PERIOD_WORD = re.compile(r"\b(?:year|month|quarter|week|season|period)\b", re.I)


def _rows_kind_without_period_words(question: str, tables: Sequence[Table]) -> str:
    """ "Which year group was the largest?" of a table whose first column is "Year group": "which group ...", so the
    rows are asked for, not a year; "which week ...?" of rows numbered "Week 1", "Week 2" (no dates): "which one"."""
    for table in tables:
        head = " ".join(table.rows[0][0].split()) if table.rows and table.rows[0] else ""
        rest = " ".join(_PERIOD_WORD.sub(" ", head).split())
        if rest and rest != head and re.search(r"[a-z]", rest, re.I):
            question = re.sub(rf"\b(which|what)\s+{re.escape(head)}\b", rf"\1 {rest}", question, flags=re.I)
        labels = [r[0] for r in table.rows[1:] if r and r[0].strip()]
        numbered = labels and all(re.fullmatch(rf"\s*{re.escape(head)}\s*\d+\s*", label, re.I) for label in labels)
        if _PERIOD_WORD.fullmatch(head) and numbered:
            question = re.sub(rf"\b(which|what)\s+{re.escape(head)}\b(?!\s+of\b)", r"\1 one", question, flags=re.I)
    return question


def _as_the_line_writes_it(question: str, tables: Sequence[Table], have: set[str]) -> str:
    """ "the lowest pastry sales" of a line "Pastries": a word the table never uses, in the number its row label
    writes it, when the word after it names no row ("ride revenue" is the Revenue line's) and it is not what
    "how many" counts."""
    labels = [set(re.findall(r"[a-z]+", r[0].lower())) for t in tables for r in t.rows[1:] if r]
    rows = {w for label in labels for w in label}
    words = re.findall(r"[a-z]+", question.lower())
    for i, word in enumerate(words):  # a form one line writes ("Pastries"), not one of many ("Mill Field", ...)
        forms = [f for f in _number_forms(word) if sum(f in label for label in labels) == 1]
        after = words[i + 1] if i + 1 < len(words) else ""
        if word in have or word in _GENERIC or len(word) < 3 or len(forms) != 1 or after in rows or \
                says_another_line_word(word, forms[0], have) or \
                words[max(i - 2, 0):i] == ["how", "many"]:
            continue
        question = re.sub(rf"(?<![\w-]){word}(?![\w-])", forms[0], question, flags=re.I)
    return question


def in_table_words(question: str, tables: Sequence[Table]) -> str:
    """ "What was revenue in 2Q23?" of a table whose line is "Total sales": the question in the table's word;
    "how many engineers" of a table of departments: "Engineering"; "average daily rate" of "ADR"."""
    question = _share_of_the_total(_acronyms(_share_of_games(_periods_whole_as_total(
        _whole_as_the_total_row(part_over_whole_column(question, tables), tables), tables), tables), tables), tables)
    question = _part_in_the_whole_s_unit(question, tables)
    have = _label_words(tables)
    for word in set(re.findall(r"[a-z]+", question.lower())):
        field = _field_of_people(word, have)
        if field:
            question = re.sub(rf"(?<![\w-]){word}(?![\w-])", field, question, flags=re.I)
    question = _as_the_line_writes_it(_rows_kind_without_period_words(question, tables), tables, have)
    question = adjective_as_its_measure(comparative_as_its_measure(question, have), have)
    question = usage_in_its_unit(question, _labels(tables))
    labels = {" ".join(r[0].lower().split()) for t in tables for r in t.rows if r}
    for group in _SAME_PHRASE:  # the one phrase the labels use, for the others
        used = [w for w in group if any(_says(label, w) for label in labels)]
        if len(used) == 1:
            for w in group:
                if w != used[0] and _says(question, w):
                    question = re.sub(rf"(?<![\w-]){re.escape(w)}(?![\w-])", used[0], question, flags=re.I)
    for group in _SAME_LINE:
        used = [w for w in group if w in have]
        if len(used) != 1:
            continue
        word = f"total {used[0]}" if f"total {used[0]}" in labels and not _says(question, "total") else used[0]
        for w in group:
            if w not in have and _says(question, w):  # several sales lines and their total: revenue is the total
                question = re.sub(rf"(?<![\w-]){w}(?![\w-])", word, question, flags=re.I)
    return in_label_words(question, have, _labels(tables))


_HIGH, _LOW = r"(?:highest|largest|biggest|maximum|peak|best|top)", r"(?:lowest|smallest|minimum|worst|bottom)"
#: "the difference between the highest and lowest monthly revenue" -> "the range of monthly revenue" (a range, not
#: the highest or the lowest alone, which a follow-up's "highest" cue would read)
_HIGH_MINUS_LOW = (
    (re.compile(rf"\b(?:the\s+)?(?:difference|gap|spread)\s+between\s+(?:the\s+|its\s+)?{_HIGH}\s+and\s+"
                rf"(?:the\s+)?{_LOW}\s+(?:of\s+)?", re.I), "the range of "),
    (re.compile(rf"\bby how much did (?:the\s+)?{_HIGH}\s+(.+?)\s+exceed\s+the\s+{_LOW}(?:\s+one)?\b", re.I),
     r"what was the range of \1"),
)


#: "which line grew fastest (in percentage terms)?" asks a row, as "which line had the largest percentage increase?"
_FASTEST = re.compile(r"\b(?:grew|rose|increased|expanded)\s+(?:the\s+)?(?:(fastest|quickest)|(slowest)|most|least)"
                      r"(?(1)(?:\s+in\s+(?:percentage|percent|relative)\s+terms)?|(?(2)(?:\s+in\s+(?:percentage|percent|"
                      r"relative)\s+terms)?|\s+in\s+(?:percentage|percent|relative)\s+terms))", re.I)


_SHARE_OF_GAMES = re.compile(r"\b(?:what|which)\s+(?:percentage|percent|share|proportion|fraction)\s+of\s+(?:their|its|his|"
                             r"her|the)\s+(games|matches|fixtures)\s+did\s+(.+?)\s+(win|lose|draw)\b", re.I)
_RESULT = {"win": "wins", "lose": "losses", "draw": "draws"}


def _share_of_games(question: str, tables: Sequence[Table]) -> str:
    """ "What percentage of their matches did Ashby Town win?" of a league table: the row's wins as a percentage
    of its matches played, in the table's words."""
    m = _SHARE_OF_GAMES.search(question)
    noun = _RESULT[m.group(3).lower()] if m else ""
    if not m or noun not in _label_words(tables) | {w for t in tables for c in t.rows[0] for w in _words(c)}:
        return question
    return f"{question[:m.start()]}what were {m.group(2)}'s {noun} as a percentage of {m.group(1)} played" \
           f"{question[m.end():]}"


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


_PERIODS_WHOLE = re.compile(r"\b(share|proportion|percentage|percent|fraction)\s+of\s+(?:the\s+)?(?:(?:\w+\s+)?(?:months|quarters|"
                            r"weeks|years|halves)['’]|(?:whole\s+|full\s+|entire\s+)?(?:year|period|season|half)['’]s)\s+",
                            re.I)


def _periods_whole_as_total(question: str, tables: Sequence[Table]) -> str:
    """ "What share of the six months' sales came from bread?" of a table with a Total column: of total sales."""
    total = any(c.strip(" *").lower() == "total" for t in tables for c in (t.rows[0][1:] if t.rows else ()))
    return _PERIODS_WHOLE.sub(lambda m: f"{m.group(1)} of total ", question, count=1) if total else question


_TOTAL_ROW = re.compile(r"^\s*(?:grand\s+)?total\s*(?:\([^)]*\))?\s*:?\s*$", re.I)
#: the whole of a table's rows said without naming its Total row: "across the scheme", "across all schools";
#: "of all enrolled students" (not "of all the months")
_ACROSS = re.compile(r"\s+(?:across|over)\s+(?:the\s+(?:whole\s+|entire\s+)?|all\s+(?:the\s+|our\s+)?|our\s+)"
                     r"(?!(?:months|quarters|years|weeks|periods|halves|seasons)\b)[a-z]+(?=\s*(?:[?.,]|$))",
                     re.I)
_OF_ALL = re.compile(r"\bof\s+all\s+(?!(?:the\s+)?(?:months|quarters|years|weeks|periods|halves|seasons)\b)(?=[a-z])", re.I)


def _whole_as_the_total_row(question: str, tables: Sequence[Table]) -> str:
    """ "How many pupils were enrolled across the district?", "what percentage of all enrolled students passed?" of
    a table of things as rows whose last line is "Total": the Total row, as "in total" and "of total" ask it."""
    if not any(_TOTAL_ROW.match(row[0]) for t in tables for row in t.rows[1:] if row):
        return question
    return _OF_ALL.sub("of total ", _ACROSS.sub(" in total", question, count=1), count=1)


def _fastest_as_largest(question: str) -> str:
    m = _FASTEST.search(question) if re.match(r"\s*(?:in\s+)?which\b", question, re.I) else None
    if not m:
        return question
    small = m.group(2) or re.search(r"\bleast\b", m.group(0), re.I)
    return f"{question[:m.start()]}had the {'smallest' if small else 'largest'} percentage increase{question[m.end():]}"


#: "wages and rent together", "... between them": two lines summed, as "combined" asks
_TOGETHER = re.compile(r"(?<=\S)\s+(?:together|between them|put together)\b(?=\s+(?:in|for|during|over|at)\b|\s*\??\s*$)", re.I)


def range_as_range(question: str) -> str:
    question = _fastest_as_largest(question)
    if re.search(r"\band\b", question, re.I):
        question = _TOGETHER.sub(" combined", question, count=1)
    for pattern, words in _HIGH_MINUS_LOW:
        question = pattern.sub(words, question, count=1)
    return question


_AVERAGE_PER = re.compile(r"\b(?:the\s+)?(?P<average>average)\s+(?=[a-z][\w\s&'-]*?\bper\s)", re.I)


def _average_per_unit(question: str) -> str:
    """ "The average room revenue per room night sold": the one line over the other, as "room revenue per room
    night sold" asks (not "per month": an average over periods)."""
    from .engines.solver.patterns.per_unit import NAMED_PER_UNIT, PER_UNIT

    m = _AVERAGE_PER.search(question)
    if not m or not (PER_UNIT.search(question, m.end()) or NAMED_PER_UNIT.search(question, m.end())) or \
            NAMED_PER_UNIT.match(question, m.start("average")):
        return question  # "the average daily rate per room-night sold": the measure's own name
    return question[:m.start()] + question[m.end():]


def as_the_solver_reads(question: str, tables: Sequence[Table], texts: Sequence[str] = ()) -> str:
    """A person's question in the words of their tables as laid out (``period_layout.orient``): relative periods
    as the table's own, every period written one way, rows named by a text column or by another word for them, the
    name of what the text is about as "it" (``text_subject``)."""
    from .period_layout import relative_periods, same_words
    from .text_subject import without_the_subject

    question = without_the_subject(question, tables, texts)
    question = as_part_or_total(average_value_as_per(each_as_per(question, _label_words(tables)), _labels(tables)),
                                tables)
    question = range_as_range(_average_per_unit(in_total_as_every_period(_the_one_year(question, tables), tables)))
    return in_table_words(with_row_labels(same_words(relative_periods(question, tables)), tables), tables)


_THE_YEAR = re.compile(r"\b(?:over|across|for|in|during|throughout)\s+the\s+(?:whole\s+|full\s+|entire\s+)?year\b",
                       re.I)


def _the_one_year(question: str, tables: Sequence[Table]) -> str:
    """ "over the year" of a table of one year's quarters or months, all twelve months shown, the question naming
    no year: that year (not a part of it the ranker reads)."""
    m = _THE_YEAR.search(question)
    if not m or any(p.year is not None for _, _, p in find_periods(question)):
        return question
    held = [p for t in tables for p in table_periods(t)]
    years = {p.year for p in held}
    covered = {month for p in held for month in range(p.end_month - p.months + 1, p.end_month + 1)}
    if len(years) != 1 or None in years or any(p.kind in ("year", "date") for p in held) or len(covered) < 12:
        return question
    return f"{question[:m.start()]}in {years.pop()}{question[m.end():]}"
