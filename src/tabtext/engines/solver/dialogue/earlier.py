"""Follow-ups about the last two answers: their sum, average or ratio ("what's the combined total?"), the change or gap
between them ("how much did it grow?", "how much lighter is that?"), and a change as a percentage ("in percentage
terms?"). Rows of ``conversation.FOLLOW_UPS``; ``names_nothing`` says whether a question names a subject of its own."""

from __future__ import annotations

import re

from ....calc import CalcError
from ....numbers import parse_number
from ....periods import find_periods
from ..lexicon.words import content_tokens
from ..program.program import Program, Ref
from . import edit, over_periods
from .asked import FALL_ASKED, REFERENCE_WORDS, Asked
from .columns import OVER_COLUMNS

#: words that point at earlier answers rather than name a subject
_EARLIER = re.compile(r"\b(?:two|both|them|those|these|last answers|last two|previous answers)\b", re.I)
_COMBINED = re.compile(r"\b(?:combined|together)\b", re.I)
#: "the difference between the two" is a gap, larger minus smaller; "the difference", a change or a fall keeps its sign
#: "by how much?" alone, after "which was higher?": the gap between the two
BY_HOW_MUCH = re.compile(r"^\s*(?:and\s+|so\s+)?by how (?:much|many)(?:\s+percentage points)?\s*\??\s*$", re.I)
_UNSIGNED = re.compile(r"\bdifference between\b|\bgap\b|\b(?:repa(?:id|y|ys|ying)|pa(?:id|y) (?:down|off)|reduced|cut|saved)\b|"
                       + BY_HOW_MUCH.pattern, re.I)
GAP_WORDS = "fewer|less|bigger|larger|higher|smaller|lower|heavier|lighter|longer|shorter|older|younger|cheaper|dearer"
_HOW_MUCH_GAP = re.compile(rf"\bhow (?:many|much) (?:{GAP_WORDS})\b", re.I)  # "how many fewer / how much bigger?": a gap
_SIGNED = re.compile(r"\b(?:change|increase|decrease|grow\w*|grew|decline|fell|rose|drop\w*|more|less|fewer|minus|"
                     r"from\b.*\bto)\b", re.I)



def _scale_of(asked: Asked, ref: Ref) -> str:
    return asked.history[ref.turn].scale


_TIMES = re.compile(r"\bhow many times\b", re.I)


def _times(asked: Asked, refs: list[Ref]) -> Program | None:
    """ "How many times bigger is bread?" after bread and cakes: the line named over the other (else the larger
    over the smaller)."""
    labels = [{c.row_label for c in edit.cells(edit.inline(asked.history[r.turn], asked.history))} for r in refs]
    named = asked.grid.row_labels[asked.lines[0]] if asked.lines and asked.grid is not None else None
    if named is not None and [named] in [sorted(x) for x in labels]:  # by label: rows of two sheets share numbers
        first = refs[[sorted(x) for x in labels].index([named])]
    elif asked.lines:
        return None
    else:
        first = max(refs, key=lambda r: abs(_value(Program("lookup", (r,)), asked)))
    return Program("divide", (first, refs[1] if first == refs[0] else refs[0]))


def combine_earlier(asked: Asked) -> Program | None:
    refs = over_periods.the_two(asked)
    counted = OVER_COLUMNS.search(asked.question)
    if counted and counted.group(1).lower() not in ("2", "two"):
        return None  # "the average over the three years" after two of them: every period (over_all_periods_of_last)
    if refs and _TIMES.search(asked.question) and asked.same_scale(refs):
        return _times(asked, refs)
    if not refs or asked.lines or not (_EARLIER.search(asked.question) or _COMBINED.search(asked.question) and
                                      names_nothing(asked, _COMBINED_WORDS) or
                                      names_nothing(asked, _BARE_COMBINE)):  # "what's the sum?", "and the ratio?"
        return None
    if not asked.same_scale(refs) and not re.search(r"\b(?:ratio|divided|quotient)\b", asked.question, re.I):
        return None
    if re.search(r"\b(?:ratio|divided|quotient)\b", asked.question, re.I):
        return Program("divide", tuple(refs))  # the first of the two over the second
    op = "average" if re.search(r"\b(?:average|mean)\b", asked.question, re.I) else "add"
    return Program(op, tuple(refs), _scale_of(asked, refs[0]))


#: words of "the combined total", "what's the combined figure?", "what were they combined?": no subject of their own
_COMBINED_WORDS = frozenset(content_tokens("total sum combined together figure amount number value they"))
#: operator words that alone mean the two last answers ("total" alone may name a Total line)
_BARE_COMBINE = frozenset(content_tokens("sum average mean ratio quotient"))


def period_words(asked: Asked) -> frozenset[str]:
    """The words of the periods the question names ("q3", "h1", "first half")."""
    spans = [asked.question[s:e] for s, e, _ in find_periods(asked.question)]
    return frozenset(content_tokens(" ".join(spans + over_periods.MONTH.findall(asked.question))))


def names_nothing(asked: Asked, cue_words: frozenset[str] = frozenset()) -> bool:
    """The question names no subject of its own: only cue and reference words ("what was the change?", "the
    quarter-on-quarter change")."""
    said = _SPAN_OF_THE_TWO.sub(" ", over_periods.PERIOD_ON_PERIOD.sub(" ", asked.question))
    return not set(content_tokens(said)) - REFERENCE_WORDS - cue_words


#: the span between earlier answers, which names no subject ("over those three years", "across the six months")
_SPAN_OF_THE_TWO = re.compile(r"\b(?:over|across|during|in|for)\s+(?:the|those|these)\s+(?:last\s+|past\s+)?(?:[\w-]+\s+)?"
                              r"(?:years|quarters|months|halves|periods)\b", re.I)


def _measure_words(asked: Asked, refs: list[Ref]) -> frozenset[str]:
    """Words that name what two earlier percentages measure ("the change in margin"), besides "percentage points"."""
    words = "percentage points" + (" margin rate ratio share growth" if refs and all(
        asked.history[r.turn].scale == "percent" for r in refs) else "")
    return frozenset(content_tokens(words))


#: verbs of what a line counts ("how much more was spent in FY2023?"), no subject of their own
_DOING = frozenset(content_tokens("we us our spent spend paid earned made sold received raised lost gained used get got fy score scored "
                                  "added"))
#: words of a change asked in other words ("so how much did they go up?"), no subject of their own either
_MOVING = frozenset(content_tokens("so they go goes went come comes came up down rise rose fall fell drop dropped decline declined gap "
                                   "big does compare grow grew improve improved improvement worsen worsened "
                                   "over period time repaid repay paid pay off reduced cut saved jump jumped climb climbed dip dipped "
                                   "slip slipped slide slid soar soared surge surged plunge plunged slump slumped left leftover "
                                   "remain remained remaining remains remainder " +
                                   GAP_WORDS.replace("|", " ")))
_NO_SUBJECT = _DOING | _MOVING


def _chosen_between(asked: Asked) -> list[Ref]:
    """The two earlier answers the last answer chose between ("which of the two was larger?", then "by how much?")."""
    last = asked.history[-1] if asked.history else None
    args = [a for a in last.args if isinstance(a, Ref)] if last is not None and last.op in ("argmax", "argmin") else []
    return args if len(args) == 2 == len(last.args) else []  # type: ignore[union-attr]


def _asked_again(asked: Asked) -> list[Ref]:
    """ "By how many percentage points?" right after the change of two rates ("did it improve?"): the same two."""
    last = asked.history[-1] if asked.history else None
    args = [a for a in last.args if isinstance(a, Ref)] if last is not None and last.op == "subtract" else []
    return args if len(args) == 2 == len(last.args) and BY_HOW_MUCH.match(asked.question) else []  # type: ignore[union-attr]


def change_of_earlier(asked: Asked) -> Program | None:
    refs = _chosen_between(asked) or _asked_again(asked) or asked.figures(2)
    lines = _lines_of(asked, refs)  # "how much heavier is the Cargo K3?" names a line of the two answers
    if not refs or not set(asked.rows) <= set(lines) or asked.years and not _periods_of(asked, refs) >= set(asked.years) \
            or re.search(r"\bpercent(?!age points?\b)", asked.question, re.I) or not asked.same_scale(refs) or \
            not names_nothing(asked, _measure_words(asked, refs) | _NO_SUBJECT | _label_words(asked, asked.rows) |
                               _read_words(asked, refs)):
        return None
    if _changes_the_other(asked, refs) or re.match(r"\s*(?:and\s+)?which\b", asked.question, re.I):  # "which grew less?"
        return None  # "what was the year-over-year growth?" after a change of the answer before: not their difference
    if asked.years and not set(asked.years) & _periods_of(asked, refs[1:]) and asked.history[refs[1].turn].op == "lookup":
        return None  # "how much did it fall by 2024?" after debt at the end of 2023: that line to 2024 (change_from_period)
    a, b = refs  # the earlier answer first; later minus earlier when both answers read a period
    ya, yb = (edit.period_of(asked.history[r.turn], asked.history, asked.grid) if asked.grid else ""
              for r in refs)
    first, second = (b, a) if ya and yb and yb > ya or asked.rows and lines[0] != lines[1] == asked.rows[0] else (a, b)
    if ya and yb and ya != yb and FALL_ASKED.search(asked.question):
        first, second = sorted((first, second), key=lambda r: ya if r == a else yb)  # a fall's size: earlier - later
    program = Program("subtract", (first, second), _scale_of(asked, a))
    if (_UNSIGNED.search(asked.question) and not _SIGNED.search(asked.question) or _HOW_MUCH_GAP.search(asked.question)) and \
            _value(program, asked) < 0:
        program = Program("subtract", (second, first), _scale_of(asked, a))  # "the difference between the two": a gap
    return program


def _changes_the_other(asked: Asked, refs: list[Ref]) -> bool:
    """The last answer is a change (or rate) computed from the one before it."""
    last = asked.history[refs[1].turn]
    before = set(edit.cells(edit.inline(asked.history[refs[0].turn], asked.history)))
    return last.op in ("subtract", "change_ratio") and bool(before) and \
        before <= set(edit.cells(edit.inline(last, asked.history)))


def _lines_of(asked: Asked, refs: list[Ref]) -> list[int | None]:
    """The row each earlier answer reads (None: several, or none)."""
    rows = [{c.row for c in edit.cells(edit.inline(asked.history[r.turn], asked.history))} for r in refs]
    return [next(iter(r)) if len(r) == 1 else None for r in rows]


def _read_words(asked: Asked, refs: list[Ref]) -> frozenset[str]:
    """The words of the row and column labels the earlier answers read: "how much lower in weight is that?" names
    the column both weights were read in, not a subject of its own."""
    found = [c for r in refs for c in edit.cells(edit.inline(asked.history[r.turn], asked.history))]
    return frozenset(w for c in found for w in content_tokens(f"{c.row_label} {c.col_label}"))


def _label_words(asked: Asked, rows: list[int]) -> frozenset[str]:
    return frozenset(w for r in rows for w in content_tokens(asked.grid.row_labels[r])) if asked.grid else frozenset()


def _periods_of(asked: Asked, refs: list[Ref]) -> set[str]:
    """The periods the earlier answers read ("how much more was spent in FY2023?" names one of them)."""
    if asked.grid is None:
        return set()
    return {asked.grid.col_years[c.col] for r in refs for c in edit.cells(edit.inline(asked.history[r.turn],
                                                                                          asked.history))}


def _value(program: Program, asked: Asked) -> float:
    try:
        value = parse_number(program.run(asked.history).text())
    except CalcError:
        return 0.0
    return value if value is not None else 0.0


#: words of "that change as a percentage" that name no subject ("in percentage terms", "expressed in relative terms")
_PERCENT_WORDS = frozenset(content_tokens("growth rate terms relative expressed"))


def percent_change_of_last(asked: Asked) -> Program | None:
    refs = asked.last(1)
    if not refs or asked.years:
        return None
    last = asked.history[refs[0].turn]
    own = {c.row for c in edit.cells(edit.inline(last, asked.history))}  # "by what percent did visits go up?"
    if last.op != "subtract" or len(last.args) != 2 or not set(asked.rows) <= own or \
            not names_nothing(asked, _PERCENT_WORDS | _MOVING | (_label_words(asked, asked.rows) if asked.rows else frozenset())):
        return None
    periods = [edit.period_of(Program("lookup", (a,)), asked.history, asked.grid) if asked.grid else "" for a in last.args]
    if all(periods) and periods[0] < periods[1]:  # a fall's size (earlier - later): as a percentage of the earlier
        return Program("percent_of", (refs[0], last.args[0]), "percent")
    return Program("change_ratio", last.args, "percent")
