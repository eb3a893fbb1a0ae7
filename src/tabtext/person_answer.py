"""An answer as a person reads it on their own table (``ask``, ``tabtext.ask``, ``serve``; benchmark runs keep the
data's conventions): an expense line the table writes in brackets throughout ("(335)") is the amount a person
asks for (335), with a note that the table shows it in brackets; "how many <things>" read from a table that
names no scale for them is a count, not the text's "in millions".
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .numbers import detect_scale, parse_number
from .period_layout import in_words
from .periods import as_period, find_periods
from .person_per_count import per_counted_thing
from .person_text import content_stems, text_answer
from .person_text_period import from_the_text_period
from .types import Answer, Evidence, Table

_MONEY = re.compile(r"[$€£¥]|\b(?:usd|gbp|eur|dollars?|pounds?|euros?|sterling)\b", re.I)
_THOUSANDS_MARK = re.compile(r"\([$€£¥]?\s?(?:000s?|m|mn|bn|thousands?|millions?|billions?)\)", re.I)  # "Rides (000)", "Journeys (m)"
_HOW_MANY = re.compile(r"^\s*how many (?!dollars|euros|pounds|yen|francs|thousands|millions|billions)[a-z]", re.I)


def as_a_person_reads(question: str, answer: Answer | None, evidence: Sequence[Evidence],
                      table: Table | None, program: dict | None = None) -> tuple[Answer | None, str]:
    """(the answer, a note for the reading, "" when none). ``program`` (as JSON) tells a change computed over the
    amounts, whose sign is the arithmetic's and stays, from a bracketed cell read as it is written."""
    answer = _period_as_written(answer, table)
    rows = {e.row for e in evidence if e.kind == "cell" and table is not None and 0 <= e.row < table.n_rows}
    if answer is None or table is None or not rows or not isinstance(answer.value, (str, tuple)):
        return answer, ""
    answer, note = _in_brackets_as_amount(answer, rows, table, _signed_by_arithmetic(program))
    cols = {e.col for e in evidence if e.kind == "cell" and table.rows and 0 <= e.col < len(table.rows[0])}
    return _count_without_scale(question, answer, rows, cols, table), note


def _period_as_written(answer: Answer | None, table: Table | None) -> Answer | None:
    """A period the solver dated from the table's name ("November 2024" of a "November" row) as the table writes
    it."""
    period = as_period(answer.text()) if answer is not None and isinstance(answer.value, (str, tuple)) else None
    if period is None or period.year is None or table is None:
        return answer
    cells = [c for row in table.rows[:3] for c in row] + [row[0] for row in table.rows if row]
    bare = dataclasses.replace(period, year=None)
    written = next((c.strip() for c in cells if (p := as_period(c)) is not None and p == bare), None)
    if written is None or any(as_period(c) == period for c in cells):
        return answer
    return dataclasses.replace(answer, value=written)


def _in_brackets_as_amount(answer: Answer, rows: set[int], table: Table, keep_sign: bool) -> tuple[Answer, str]:
    if not all(_bracketed_throughout(table.rows[r]) for r in rows):
        return answer, ""
    text = answer.text().strip()
    value = parse_number(text)
    if value is None:
        return answer, ""
    if value < 0 and not keep_sign:
        shown = text.strip("()").strip() if text.startswith("(") else text.lstrip("-\u2212")
        answer = dataclasses.replace(answer, value=shown)
    labels = " and ".join(sorted({table.rows[r][0] for r in rows}))
    return answer, f"the table shows {labels} in brackets"


def _signed_by_arithmetic(program: dict | None) -> bool:
    """A change of amounts ("52 - 60"): rent falling from (60) to (52) changed by -8, as new minus old reads."""
    args = program.get("args", []) if isinstance(program, dict) and program.get("op") in ("subtract", "change_ratio") else []
    return bool(args) and all(isinstance(a, dict) and isinstance(a.get("value"), (int, float)) and a["value"] >= 0
                              for a in args)


def _count_without_scale(question: str, answer: Answer, rows: set[int], cols: set[int], table: Table) -> Answer:
    if answer.scale in ("", "percent") or not _HOW_MANY.search(question):
        return answer
    labels = [table.rows[r][0] for r in rows] + [table.rows[0][c] for c in cols if c > 0]
    if any(_own_scale(in_words(label)) for label in labels):
        return answer  # "Paying subscribers (000s)", a "rides_000" column: the line says its own scale
    said = [table.caption, *(c for r in table.rows[:3] for c in r)]
    if any(detect_scale(t) not in ("", "percent") and not _MONEY.search(t) for t in said):
        return answer  # a scale for every figure; "($ thousands)" is one for money, not for stores counted
    return dataclasses.replace(answer, scale="")


def _own_scale(label: str) -> bool:
    return detect_scale(label) not in ("", "percent") or bool(_THOUSANDS_MARK.search(label))


def _bracketed_throughout(row: Sequence[str]) -> bool:
    amounts = [c.strip() for c in row[1:] if parse_number(c) is not None]
    return bool(amounts) and all(c.startswith("(") and c.endswith(")") or c.startswith("-") for c in amounts)


_SHARE_ASKED = re.compile(r"\b(?:what|which)\s+(?:share|proportion|percentage|percent|portion)\b|\bas an?\s+(?:share|proportion|"
                          r"percentage|percent)\b|\bhow much of\b.*\bin percent\b|'s\s+(?:share|proportion|portion)\s+of\b",
                          re.I)


_GAP_DOWN = re.compile(r"^\s*how (?:much|many) (?:lower|less|smaller|fewer|colder|cooler|lighter|younger|drier|dryer|shorter|"
                       r"cheaper|narrower|shallower)\b.*\bthan\b", re.I)


#: "how much did it fall?", "by what percent did sales drop?": the size of the fall is asked
#: the words a person asks about a fall with ("how much did it drop / slide / go down?"), for every reader of one
FALL_WORDS = (r"(?:fall|fell|fallen|drop(?:ped)?|declined?|decreased?|shr[ai]nk|(?:go|goes|went|gone|come|comes|came)\s+down|dip(?:ped)?|"
              r"slip(?:ped)?|slid|slide|plunged?|slump(?:ed)?|contract(?:ed)?)")
_FALL_ASKED = re.compile(r"^\s*(?:(?:by\s+)?how\s+(?:much|many|far)\b|by\s+what\s+(?:(?:percent(?:age)?|amount|share)\b|%))"
                         r".*"
                         rf"\b{FALL_WORDS}\b", re.I)


def gap_as_size(question: str, answer: Answer | None, program: dict | None) -> Answer | None:
    """ "How much lighter is A than B?" computed as a difference, "how much did beans fall from 2023 to 2024?" as a
    change: the size of the gap or fall (6.2, not -6.2). A fall's amount is already earlier minus later
    (``dialogue.core.fall_as_size``, so that a rise stays negative): only its rate is left to turn here."""
    down = _GAP_DOWN.match(question) and isinstance(program, dict) and program.get("op") == "subtract" or \
        _FALL_ASKED.match(question) and isinstance(program, dict) and program.get("op") == "change_ratio"
    if answer is not None and down and isinstance(answer.value, str) and answer.value.startswith("-"):
        return dataclasses.replace(answer, value=answer.value[1:])
    return answer


def share_as_percent(question: str, answer: Answer | None, program: dict | None) -> tuple[Answer | None, dict | None]:
    """ "What proportion of all loans were children's books?" read as one amount over another: a person asks for
    the percentage (26.65%), not the ratio (0.27); (the answer, its Program as JSON)."""
    if answer is None or not isinstance(program, dict) or program.get("op") != "divide" or answer.scale or \
            not _SHARE_ASKED.search(question):
        return answer, program
    from .engines.solver.program.program import Program

    ratio = Program.from_json(program)
    share = Program("percent_of", ratio.args, "percent", ratio.pattern)
    try:
        shown = share.run()
    except Exception:  # noqa: BLE001 - a Program that cannot run stays as the ratio it was
        return answer, program
    value = parse_number(shown.text())
    if value is None or not 0 <= value <= 100:  # a part of a whole lies within it
        return answer, program
    return shown, share.to_json()


def as_a_person_answers(question: str, answer: Answer | None, evidence: Sequence[Evidence], table: Table | None,
                        paragraphs: Sequence[str], program: dict | None
                        ) -> tuple[Answer | None, str, dict | None, bool]:
    """Every person-facing route's answer (``ask``, ``/v1/dialogue``, ``/v1/answer``, a chat): (the answer as a person
    reads it, a note for the reading, its Program as JSON, whether the answer is of the kind asked: a text answer of
    that kind, or the change the question spells, ``change_spelled``)."""
    from .row_names import in_asked_column

    answer, note = as_a_person_reads(question, answer, evidence, table, program)
    answer = in_asked_column(question, answer, table)
    answer, of_kind = text_answer(question, answer, evidence, paragraphs)
    of_kind = of_kind or change_spelled(question, program)
    answer = gap_as_size(question, answer, program)
    answer, program = share_as_percent(question, answer, program)
    answer, program = from_the_text_period(question, answer, evidence, table, paragraphs, program)
    figure = program
    answer, program = per_counted_thing(question, answer, program, paragraphs)
    return answer, note, program, of_kind or program is not figure  # a figure over the count asked is of its kind


_CHANGE_ASKED = re.compile(r"\b(?:increase|decrease|change|rise|grow|fall|drop|decline|go\s+(?:up|down)|went\s+(?:up|down))"
                           r"[a-z]*\b", re.I)


def change_spelled(question: str, program: dict | None) -> bool:
    """Whether the answer is the change of one line, every word of it named, between the two periods named ("How
    much did staff costs increase from FY2024 to FY2025?"): the words spell it, whatever the ranker's confidence."""
    args = program.get("args", []) if isinstance(program, dict) and program.get("op") == "subtract" else []
    if len(args) != 2 or any(a.get("kind") != "cell" for a in args) or args[0]["row_label"] != args[1]["row_label"] or \
            not _CHANGE_ASKED.search(question):
        return False
    asked = {p for _, _, p in find_periods(question)}
    held = {as_period(a["col_label"]) for a in args}
    label = content_stems(re.sub(r"\([^)]*\)", " ", args[0]["row_label"]))
    return len(asked) == 2 and held == asked and bool(label) and label <= content_stems(question)
