"""The single-question answer for a user's table, from the TAT-QA core, as a Program.

The core is being rewritten to produce Programs itself (``Prediction.meta["program"]``); until it does, its
answer is rebuilt from its evidence cells and operator, and kept only when that Program computes the same
answer. Anything else becomes an opaque Program (a constant or a span) that later turns can still refer to.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from ....numbers import parse_number
from ....periods import find_periods
from ....person_answer import as_a_person_reads
from ....types import Answer, Context, Evidence, Example, Prediction, Table
from ..lexicon.words import MONTH_WORD, content_tokens, years_in
from ..patterns.textnum import count_not_money, number_asked
from ..program.operators import asked
from ..program.program import Cell, Const, Program, Span, TextNumber
from ..reader import read
from ..reader.person import a_dates_day, for_a_person, kind_fits
from ..reader.sentences import split_sentences
from .asked import FALL_ASKED
from .asked_number import one_number
from .edit import Grid, is_counted, label_words, map_cells, without_periods
from .edit import cells as cells_of
from .stated_figure import as_stated_figure


def ask_core(question: str, context: Context) -> Prediction:
    """The one door to the TAT-QA core for a standalone question; an answer read from the text is shown as a
    person wants it (``reader.for_a_person``)."""
    from ..tasks.tatqa import answer_example

    pred = answer_example(Example(uid="ask", question=question, context=context, meta={"benchmark": "tatqa"}))
    program = pred.meta.get("program")
    if pred.answer is None or not isinstance(program, dict):
        return pred
    read = Program.from_json(program)
    shown = _shown_span(question, read, context) or _count_in_text(question, read, context)
    if shown is None:
        return pred
    answer = shown.run()
    return replace(pred, answer=answer, raw=answer.text(), evidence=shown.evidence(),
                   meta={**pred.meta, "program": shown.to_json()})


def _count_in_text(question: str, program: Program, context: Context) -> Program | None:
    """ "How many staff does the group employ?" answered with a line of money ("Staff costs"): the count the text
    gives (``textnum.count_not_money``)."""
    if program.op != "lookup" or len(program.args) != 1 or not isinstance(program.args[0], Cell):
        return None
    texts = [p.text for p in context.paragraphs]
    hit = count_not_money(question, program.args[0].row_label, texts)
    if hit is None:
        return None
    i, value, start, end = hit
    return Program("lookup", (TextNumber(i, start, end, texts[i][start:end], value),), "", "text_count", f"{value:g}")


def _shown_span(question: str, program: Program, context: Context) -> Program | None:
    """A one-span answer cut as a person wants it; None when it is not one or nothing changes."""
    if program.op != "span" or len(program.args) != 1 or not isinstance(program.args[0], Span):
        return None
    span = program.args[0]
    if not 0 <= span.paragraph < len(context.paragraphs):
        return None
    text = context.paragraphs[span.paragraph].text
    in_words = number_asked(question, text, span.start, span.end)  # "the fleet numbered fourteen drones": 14
    if in_words is not None:
        value, unit, start, end = in_words
        if re.search(r"\d", text[start:end]):  # digits: shown as the text writes them
            return Program("span", (Span(span.paragraph, start, end, text[start:end]),), program.scale, program.pattern,
                           (text[start:end],))
        number = TextNumber(span.paragraph, start, end, text[start:end], value)
        return Program("lookup", (number,), unit, program.pattern, f"{value:g}")
    stated = as_stated_figure(question, text, span.paragraph, span.start, span.end, program.pattern) or \
        one_number(question, text, span)  # "what number do they want to cap it at?": the clause's one number
    if stated is not None:  # "the target ... is ninety-two per cent": 92%
        return stated
    span = _of_the_asked_kind(question, span, context) or _about_the_asked(question, span, context) or span
    text = context.paragraphs[span.paragraph].text
    start, end = for_a_person(question, text, span.start, span.end)
    if (start, end) == (span.start, span.end) and span is program.args[0]:
        return None
    shown = Span(span.paragraph, start, end, text[start:end])
    return Program("span", (shown,), program.scale, program.pattern, (shown.text,))


def _of_the_asked_kind(question: str, span: Span, context: Context) -> Span | None:
    """The reader's best candidate of the kind the question asks for (``kind_fits``) when the chosen span is of
    another kind ("$10 million" for "When was the buyback approved?")."""
    if kind_fits(question, span.text) is not False:
        return None
    for c in read(question, context.paragraphs, k=10, multi=False):
        text = context.paragraphs[c.paragraph].text
        if c.kind != "spans" and kind_fits(question, str(c.value)) and not a_dates_day(text, c.start, c.end):
            return Span(c.paragraph, c.start, c.end, str(c.value))
    return None


def _about_the_asked(question: str, span: Span, context: Context) -> Span | None:
    """The reader's candidate whose sentence shares the most of the question's words ("Why was June so busy in
    Passengers?": the sentence about June's passengers), when the chosen span's sentence shares fewer: the ranker
    was fitted on filings, whose sentences all tell of the same company, not on a person's paragraph
    of events."""
    have = _words_shared(question, context, span.paragraph, span.start, span.end)
    best = _best_by_words(question, context)
    return best[1] if best and best[0] > have else None


def cause_read(question: str, context: Context) -> Program | None:
    """A cause asked of a line the core answered with a figure ("what was behind the rise in Surgery in H1 2024?":
    980): the reader's span that reads as a cause (``kind_fits``) in the sentence sharing the most of the question's
    words; None when no span reads as one."""
    best = _best_by_words(question, context, lambda text: kind_fits(question, text))
    if best is None or best[0] == 0:
        return None
    read_span = Program("span", (best[1],), "", "text_span", (best[1].text,))
    return _shown_span(question, read_span, context) or read_span


def _best_by_words(question: str, context: Context, fits=lambda text: True) -> tuple[int, Span] | None:
    """(words shared, span) of the reader's top-10 single span (that ``fits``) whose sentence shares the most of the
    question's words; the reader's order breaks ties."""
    found = [(_words_shared(question, context, c.paragraph, c.start, c.end), -i, c)
             for i, c in enumerate(read(question, context.paragraphs, k=10, multi=False))
             if c.kind != "spans" and fits(str(c.value))]
    best = max(found, key=lambda x: x[:2], default=None)
    return (best[0], Span(best[2].paragraph, best[2].start, best[2].end, str(best[2].value))) if best else None


def _words_shared(question: str, context: Context, paragraph: int, start: int, end: int) -> int:
    """How many of the question's content words the sentences holding text[start:end] share."""
    from ....person_text import content_stems

    text = context.paragraphs[paragraph].text
    around = [s for s in split_sentences(text) if s.start <= start < s.end or s.start < end <= s.end]
    return len(content_stems(question) & content_stems(" ".join(text[s.start:s.end] for s in around)))


def _as_amount(grid: Grid, cell: Cell) -> Cell:
    """A cell of a line shown in parentheses throughout (an expense) counts as its amount in a conversation,
    as the dialogue's own cells do; the core keeps TAT-QA's signed reading for benchmark runs."""
    cell = replace(cell, table=grid.index)  # the core read this grid's table alone: its cells are that table's
    if cell.row in grid.parenthesised and cell.value is not None:
        return replace(cell, value=abs(cell.value))
    return cell


def as_program(pred: Prediction, grid: Grid | None) -> Program | None:
    given = pred.meta.get("program")
    if isinstance(given, dict):
        given = Program.from_json(given)
    if isinstance(given, Program):
        if grid is None:
            return given
        given = map_cells(given, partial(_as_amount, grid))  # cells of the table read
        found = cells_of(given)
        if given.op == "lookup" and len(found) == 1 and is_counted(found[0].row_label):  # not in the table's thousands
            return replace(given, scale=grid.row_scale(found[0].row))
        return given
    a = pred.answer
    if a is None:
        return None
    op = getattr(asked(str(pred.meta.get("operator", ""))), "name", None)
    cells = [grid.cell(e.row, e.col) for e in pred.evidence
             if grid is not None and e.kind == "cell" and 0 <= e.row < grid.table.n_rows and 0 <= e.col < grid.table.n_cols]
    if op and cells and len(cells) == len(pred.evidence):
        for args in (cells, cells[::-1]):
            program = Program(op, tuple(args), a.scale, pattern="core")
            if _same(program, a.text()):
                return program
    value = parse_number(a.text()) if not isinstance(a.value, tuple) or len(a.value) == 1 else None
    if value is not None and not a.text().strip().isalpha():
        return Program("lookup", (Const(value, a.text()),), a.scale, pattern="core")
    texts = a.value if isinstance(a.value, tuple) else (a.text(),)
    evidence = [e for e in pred.evidence if e.kind == "text"]
    spans = tuple(Span(e.paragraph, e.start, e.end, e.text) for e in evidence) if len(evidence) == len(texts) else \
        tuple(Span(-1, 0, 0, t) for t in texts)
    return Program("spans" if len(spans) > 1 else "span", spans, a.scale, pattern="core")


def _same(program: Program, text: str) -> bool:
    try:
        got = program.run()
    except Exception:  # a program the evidence cannot compute is simply not the core's program
        return False
    want, have = parse_number(text), parse_number(got.text())
    return want is not None and have is not None and abs(want - have) < 0.006 + 1e-9 * abs(want)


def _leaves(program: Program) -> list:
    out: list = []
    for a in program.args:
        out.extend(_leaves(a) if isinstance(a, Program) else [a])
    return out


def as_counted(question: str, program: Program, evidence: Sequence[Evidence], table: Table) -> Program:
    """ "How many outpatient visits ...?" answered in the text's "$ million": a person reads a count
    (``person_answer``), and so does a follow-up that moves it ("and in FY2024?"), so the Program keeps no scale."""
    if program.scale in ("", "percent"):
        return program
    shown, _ = as_a_person_reads(question, Answer("0", program.scale), evidence, table)
    return replace(program, scale="") if shown is not None and shown.scale == "" else program


def in_the_year_named(question: str, program: Program, grid: Grid | None) -> Program:
    """The core's cells moved from a year's parts to the year's own column when the question names the year alone
    ("total revenue in FY 2024" on a table of H1 2024, H2 2024, FY 2024: the FY 2024 column, not H1's)."""
    if grid is None:
        return program
    named = [p for _, _, p in find_periods(question)]
    years = [y for y in years_in(question) if y in grid.col_years]
    if len(years) != 1 or any(p.kind != "year" for p in named):
        return program
    year = years[0]
    found = cells_of(program)
    if len({c.col for c in found}) != 1:  # the core read several parts of the year on purpose (a range, a total)
        return program
    if not all(grid.col_years[c.col].startswith(f"{year}-") for c in found if c.col < len(grid.col_years)):
        return program
    col = grid.col_of_year(year)
    return map_cells(program, lambda c: grid.cell(c.row, col)) if col is not None else program  # type: ignore[arg-type]


_AMOUNT_ASKED = re.compile(r"^\s*(?:and\s+|so\s+)?how\s+(?:many|much)\b|^\s*what\s+did\b.*\b(?:spend|pay|earn|make|"
                           r"receive|raise|sell|cost)\b", re.I)


def named_cell_not_span(question: str, program: Program, grid: Grid | None) -> Program:
    """ "How many DVDs were lent out in 2021?" answered by the core with a phrase of the text that holds no number:
    when the question asks how many or how much and names one line of the table in full and one of its periods,
    that line's cell; so too "what was Alder Foods' revenue in FY2023?", which names nothing but the line, the
    period and names."""
    if grid is not None and program.op == "count" and _AMOUNT_ASKED.search(question):
        return _row_and_column_named(question, grid) or program
    if grid is None or program.op not in ("span", "spans") or not holds_no_figure(program):
        return program
    by_day = _cell_of_day(question, grid) if _AMOUNT_ASKED.search(question) or _WHAT_WAS.match(question) else None
    if by_day is not None:  # "what were sales in the week of 17 March?" of weeks named by their start dates
        return by_day
    change = _named_change(question, grid)
    if change is not None:  # "by what percentage did revenue grow in 2024?" answered with a sentence about growth
        return change
    if not _AMOUNT_ASKED.search(question):
        rows = grid.rows_named(question)  # "What was Alder Foods' revenue in FY2023?": the line itself, by name
        if len(rows) != 1 or not _WHAT_WAS.match(question) or not _names_only(question, grid.row_labels[rows[0]]):
            return program
        return _cell_asked(grid, rows, grid.years_named(question)) or program
    rows, years = grid.rows_named(question) or _one_row_sharing_a_word(question, grid), grid.years_named(question)
    return _cell_asked(grid, rows, years) or program


#: a change of a line asked in one period ("by what percentage did revenue grow in 2024?", "how much did it rise?")
_CHANGE_ASKED = re.compile(r"\bby what (?:percent(?:age)?|%)|\bhow much did\b.*\b(?:grow|rise|increase|fall|drop|decline|"
                           r"decrease|change)\b", re.I)


def _named_change(question: str, grid: Grid) -> Program | None:
    """The change of the one line named from the period before the one named to it (in percent when asked)."""
    rows, years = grid.rows_named(question), grid.years_named(question)
    if not _CHANGE_ASKED.search(question) or len(rows) != 1 or len(years) != 1:
        return None
    same_kind = sorted({k for k in grid.col_years if k and len(k) == len(years[0]) and k[8:] == years[0][8:]})
    at = same_kind.index(years[0]) if years[0] in same_kind else 0
    new, old = grid.col_of_year(years[0]), grid.col_of_year(same_kind[at - 1]) if at > 0 else None
    if new is None or old is None:
        return None
    later, earlier = grid.cell(rows[0], new), grid.cell(rows[0], old)
    if later.value is None or not earlier.value:
        return None
    if re.search(r"\bpercent|%", question, re.I):
        return Program("change_ratio", (later, earlier), "percent")
    pair = (earlier, later) if FALL_ASKED.search(question) else (later, earlier)  # a fall's size
    return Program("subtract", pair, grid.row_scale(rows[0]))


def holds_no_figure(program: Program) -> bool:
    """Whether the phrases a program reads hold no figure of their own (a date's day is none)."""
    return not any(parse_number(w) is not None for a in program.args if isinstance(a, Span) for w in _undated(a.text).split())


#: a date's day beside its month ("31 December", "June 30"): no figure of the phrase's own
_DAY_OF_MONTH = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{MONTH_WORD}\b|\b{MONTH_WORD}\s+\d{{1,2}}(?:st|nd|rd|th)?\b", re.I)


def _undated(text: str) -> str:
    """The phrase without the dates and periods it names ("31 December each year" -> "each year")."""
    return _DAY_OF_MONTH.sub(" ", without_periods(text))


_WHAT_WAS = re.compile(r"\s*(?:and\s+|so\s+)?what\s+(?:was|were|is|are)\b", re.I)
#: words that ask for a line's figure without naming anything else ("the total", "the figure for")
_FIGURE_WORDS = frozenset(content_tokens("figure amount value level total number reported recorded"))


def _names_only(question: str, label: str) -> bool:
    """The question names the line, its periods and names (capitalised: "Alder Foods'") and nothing else."""
    rest = re.sub(r"(?<=\s)[A-Z][\w&'’-]*", " ", without_periods(question))
    return not set(content_tokens(rest)) - label_words(label) - _FIGURE_WORDS


def _row_and_column_named(question: str, grid: Grid) -> Program | None:
    """ "How many e-bikes are there in Old Town?" read by the core as a count of the table's rows: on a table of
    things as rows, the one row named in full in the one column of no period named ("of which e-bikes")."""
    rows, cols = grid.rows_named(question), [c for c in grid.cols_named(question) if not grid.col_years[c]]
    words = {c: set(content_tokens(grid.col_labels[c])) for c in cols}  # "Bikes" inside "of which e-bikes"
    cols = [c for c in cols if not any(words[c] < words[d] for d in cols)]
    cell = grid.cell(rows[0], cols[0]) if len(rows) == 1 and len(cols) == 1 else None
    return Program("lookup", (cell,), grid.row_scale(rows[0])) if cell is not None and cell.value is not None else None


def _cell_asked(grid: Grid, rows: list[int], years: list[str], col: int | None = None) -> Program | None:
    """The one row's cell in the one period named (in column ``col`` when given)."""
    col = col if col is not None else grid.col_of_year(years[0]) if len(rows) == 1 and len(years) == 1 else None
    cell = grid.cell(rows[0], col) if col is not None else None
    return Program("lookup", (cell,), grid.row_scale(rows[0])) if cell is not None and cell.value is not None else None


def _cell_of_day(question: str, grid: Grid) -> Program | None:
    from .dated_cols import col_of_day

    col = col_of_day(grid, question)
    rows = (grid.rows_named(question) or _one_row_sharing_a_word(question, grid)) if col is not None else []
    return _cell_asked(grid, rows, [grid.col_years[col]], col) if len(rows) == 1 and col is not None else None


def _one_row_sharing_a_word(question: str, grid: Grid) -> list[int]:
    """ "What did Riverside spend on food in the year ended March 2025?": the one row whose label shares a word
    with the question outside its periods ("Food purchases"), when no row is named in full."""
    words = set(content_tokens(without_periods(question)))
    rows = [r for r in grid.body_rows() if label_words(grid.row_labels[r]) & words]
    return rows if len(rows) == 1 else []


def fall_as_size(question: str, program: Program, grid: Grid | None) -> Program:
    """ "How much did the field beans harvest fall from 2023 to 2024?" computed by the core as later minus earlier:
    the size of the fall, earlier minus later (a rise stays negative), as a follow-up's "how much did it fall?"."""
    found = [a for a in program.args if isinstance(a, Cell)]
    if grid is None or program.op != "subtract" or len(found) != 2 or len(program.args) != 2 or \
            not FALL_ASKED.search(question) or found[0].row != found[1].row:
        return program
    keys = [grid.col_years[c.col] if c.col < len(grid.col_years) else "" for c in found]
    return replace(program, args=(found[1], found[0])) if all(keys) and keys[0] > keys[1] else program
