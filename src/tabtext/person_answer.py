"""An answer as a person reads it on their own table (``ask``, ``tabtext.ask``, ``serve``; benchmark runs keep the
data's conventions): an expense line the table writes in brackets throughout ("(335)") is the amount a person
asks for (335), with a note that the table shows it in brackets; "how many <things>" read from a table that
names no scale for them is a count, not the text's "in millions".
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .engines.solver.lexicon.words import CONVERSATION_WORDS, STOP, stem
from .engines.solver.reader.sentences import split_sentences
from .numbers import detect_scale, parse_number
from .period_layout import in_words
from .periods import MONTH_STEMS, as_period, find_periods, months_named
from .types import Answer, Evidence, Table

_MONEY = re.compile(r"[$€£¥]|\b(?:usd|gbp|eur|dollars?|pounds?|euros?|sterling)\b", re.I)
_THOUSANDS_MARK = re.compile(r"\([$€£¥]?\s?(?:000s?|m|mn|bn|thousands?|millions?|billions?)\)", re.I)  # "Rides (000)", "Journeys (m)"
_HOW_MANY = re.compile(r"^\s*how many (?!dollars|euros|pounds|yen|francs|thousands|millions|billions)[a-z]", re.I)


def as_a_person_reads(question: str, answer: Answer | None, evidence: Sequence[Evidence],
                      table: Table | None) -> tuple[Answer | None, str]:
    """(the answer, a note for the reading, "" when none)."""
    answer = _period_as_written(answer, table)
    rows = {e.row for e in evidence if e.kind == "cell" and table is not None and 0 <= e.row < table.n_rows}
    if answer is None or table is None or not rows or not isinstance(answer.value, (str, tuple)):
        return answer, ""
    answer, note = _in_brackets_as_amount(answer, rows, table)
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


def _in_brackets_as_amount(answer: Answer, rows: set[int], table: Table) -> tuple[Answer, str]:
    if not all(_bracketed_throughout(table.rows[r]) for r in rows):
        return answer, ""
    text = answer.text().strip()
    value = parse_number(text)
    if value is None:
        return answer, ""
    if value < 0:
        shown = text.strip("()").strip() if text.startswith("(") else text.lstrip("-\u2212")
        answer = dataclasses.replace(answer, value=shown)
    labels = " and ".join(sorted({table.rows[r][0] for r in rows}))
    return answer, f"the table shows {labels} in brackets"


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


# ---------------------------------------------------------------- an answer read from the user's own text
_WHO = re.compile(r"^\s*(?:who|whom)\b|^\s*(?:what|who)\s+(?:is|was|are|were)\s+the\s+names?\s+of\b|^\s*name\s+the\b",
                  re.I)
_WHERE = re.compile(r"^\s*where\b|^\s*(?:in\s+)?(?:which|what)\s+(?:cit(?:y|ies)|towns?|countr(?:y|ies)|regions?|"
                    r"count(?:y|ies)|states?|locations?|places?|ports?)\b", re.I)
_WHICH_NAMED = re.compile(r"^\s*(?:which|what|name the)\s+(?:(?:big|biggest|large|largest|main|new|major|key|other)\s+)?(?:organi[sz]ations?|compan(?:y|ies)|firms?|banks?|charit(?:y|ies)|"
                          r"foundations?|couriers?|suppliers?|customers?|partners?|auditors?|lenders?|persons?|people|"
                          r"contractors?|vendors?|brands?|funders?|donors?|agency|agencies|clients?|operators?|sponsors?|teams?|clubs?|"
                          r"schools?|hospitals?|councils?|universit(?:y|ies))\b", re.I)
_WHEN = re.compile(r"^\s*(?:when\b|(?:on|by|from|until)?\s*what (?:date|day)\b)", re.I)
_WHY = re.compile(r"^\s*why\b|^\s*what (?:drove|caused|led to|explains)\b|^\s*what (?:is|was) the (?:main )?reasons? "
                  r"(?:for|behind)\b", re.I)
_PROPER = re.compile(r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'’&-]+(?:\s+(?:of\s+(?:the\s+)?|&\s+)?[A-Z][\w'’&-]+)*")
_QUOTED = re.compile(r'["“][A-Z][^"”\n]{1,80}["”]')
_NOT_NAME_START = frozenset("a an the its it this that these those our their his her in on at by for from during after "
                            "before since as and but restricted".split())
_TRAILING_CLAUSE = re.compile(r",?\s+(?:which|and this|this)\s+(?:explains|is why|was why|accounts for|led to)\b.*$",
                              re.I | re.S)
# "off the road for 12 days after a gearbox failure": what came before the event that caused it is the effect
_EVENT_BEFORE = re.compile(r"^.*?\b(?:after|following|followed|while)\s+(?=\S+\s+\S)", re.I | re.S)
# "all branches were closed from March to June 2020 during the COVID-19 lockdown": an event, then what caused it
_CAUSE_WORD = re.compile(r"\b(?:during|over|amid|amidst|for|due to|because of|owing to|thanks to)\s+", re.I)
_EVENT_VERB = re.compile(r"\b(?:was|were|closed|shut|held|suspended|stopped|delayed|cancell?ed|postponed|halted|paused)\b",
                         re.I)
_A_TIME = re.compile(r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|several|many|some|the|\d+)\s+(?:\w+\s+)?"
                     r"(?:days?|weeks?|months?|years?|quarters?|hours?|period|season|summer|winter|spring|autumn)\b|"
                     rf"(?:\d|{MONTH_STEMS})", re.I)


_PARTICIPLE_AFTER = re.compile(r"\s+(?!during\b|bring\b|spring\b|string\b|thing\b|morning\b|evening\b|ceiling\b)"
                               r"[a-z]{3,}ing\s+(?:(?:a|an|the|their|its|his|her|our|from|to|out|up|about|around|roughly|nearly|"
                               r"almost|over|some)\b|(?=[$£€¥\d])).*$", re.I)  # "costing about $200k": how much, not why


def _without_modifiers(cause: str) -> str:
    """A long cause without a participle clause after its noun ("the launch of a free migration service for clinics
    leaving a rival product" -> "... for clinics"): the cause a person names. (Cutting when it happened as well,
    "... in January 2024", cost user_text held 23 -> 22/56 and set C tune one: authors keep the date.)"""
    m = _PARTICIPLE_AFTER.search(cause) if len(cause.split()) > 6 else None
    return cause[:m.start()] if m and len(cause[:m.start()].split()) >= 4 else cause


def _cause_of_event(clause: str) -> str:
    """What caused the event a clause tells: the words after its last cause word ("... closed for a week for oven
    repairs" -> "oven repairs"), when an event verb comes before it and no span of time follows it."""
    for m in reversed(list(_CAUSE_WORD.finditer(clause))):
        head, tail = clause[:m.start()], clause[m.end():].strip(" ,.")
        if len(tail.split()) >= 2 and len(head.split()) >= 3 and _EVENT_VERB.search(head) and not _A_TIME.match(tail):
            return tail
    return clause


_MORE_PLACE = re.compile(r"(?:(?:,\s+|\s+(?:and|with)\s+)[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)+")
_CONTENT = re.compile(r"[a-z][a-z&'-]{2,}")  # "r&d" is one word, as the question's "R&D"
# the lexicon's function words and the verbs a question about a name or a date asks with
_QUESTION_WORDS = STOP | CONVERSATION_WORDS | frozenset("gave give name date day hers".split())


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentences holding text[start:end] begin and end."""
    spans = [(s.start, s.end) for s in split_sentences(text)]
    lo = max((a for a, _ in spans if a <= start), default=0)
    return lo, min((b for _, b in spans if b >= end), default=len(text))


def _names(text: str, lo: int, hi: int) -> list[re.Match[str]]:
    """Capitalised names in text[lo:hi]: two words or more ("Helen Marsh"), or one inside the sentence that is no
    month ("a new courier, Swiftpost"); a name in quotes is the whole quoted title ("Dreams: Automata 1750-1900")."""
    out = list(_QUOTED.finditer(text, lo, hi))
    for m in _PROPER.finditer(text, lo, hi):
        if any(q.start() < m.start() < q.end() for q in out):
            continue
        words = m.group(0).split()
        while words and words[0].lower() in _NOT_NAME_START:
            words = words[1:]
        if len(words) >= 2 or words and m.start() > lo and not months_named(f"in {words[0]}") and \
                not words[0].endswith(("'s", "’s")):  # "the Company’s": a possessive, not a name
            out.append(m)
    return out


def _name_near(question: str, text: str, lo: int, hi: int) -> str:
    """The proper name of the sentence nearest the words the question shares with it."""
    asked = {w for w in _CONTENT.findall(question.lower()) if w not in _QUESTION_WORDS}
    spots = [m.start() for w in asked for m in re.finditer(re.escape(w), text[lo:hi].lower())]
    said = {w.lower() for w in re.findall(r"[\w'’-]+", question)}
    names = [m for m in _names(text, lo, hi) if not {w.lower() for w in m.group(0).split()} & said - {"of", "the"}]
    if not names:  # "Chief Executive" of "who is the chief executive?" restates the question: not the name
        return ""
    best = min(names, key=lambda m: (len(m.group(0).split()) < 2 and bool(_WHO.match(question)),
                                      min((abs(m.start() - lo - s) for s in spots), default=0)))
    words = best.group(0).strip('"“”').split()
    while words[0].lower() in _NOT_NAME_START:
        words = words[1:]
    more = _MORE_PLACE.match(text, best.end()) if _WHERE.match(question) else None  # "Portland, Oregon"
    return " ".join(words) + (more.group(0) if more else "")


_ROLE_ASKED = re.compile(r"^\s*who(?:['’]s|\s+(?:is|was|are|were))\s+(?:the\s+|its\s+|their\s+)?(?P<role>[a-z][a-z -]*?[a-z])"
                         r"\s*(?:\b(?:of|at|for|in)\b|\?|$)", re.I)


_ROLE_VERB = re.compile(r"^\s*who\s+(?P<role>chair|head|lead|manage|direct|coach|captain|edit|own)s\b", re.I)
_PERSON = r"((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+)"
#: "who <verb> ...?" as data: (the verb asked, roles the text names the person by, verbs the text gives them)
_WHO_DID = (
    (r"runs?|ran|manages?|managed|heads?|headed|leads?|led|is in charge of|was in charge of",
     r"(?:general |branch |site |store |shop |practice |office )?manager|head|director|chief executive|owner|leader",
     r"runs|ran|manages|managed|heads|headed|leads|led"),
    (r"put\b.*\btogether|compiled?|prepared?|produced?|drew up|draws up|wrote|writes",
     r"compiled by|prepared by|put together by",
     r"compiled|prepared|put together|produced|drew up|wrote"),
)


def _named_after_role(question: str, paragraphs: Sequence[str]) -> str:
    """ "Who is the managing director of X?": the name the text writes right after the role ("Managing director
    Jonas Keller plans ..."), wherever the reader's sentence was; "who runs / put together ...?": the name after a
    role that does it, or before the verb ("Marisol Vega compiled these figures")."""
    m = _ROLE_ASKED.match(question) or _ROLE_VERB.match(question)
    if m and len(m.group("role")) >= 4:
        role = r"\s+".join(map(re.escape, m.group("role").split()))
        for text in paragraphs:
            found = re.search(rf"(?i:\b{role}(?:man|woman|person)?)\s*(?:,|\bis\b|\bwas\b)?\s+{_PERSON}", text)
            if found:
                return found.group(1)
    for asked, roles, verbs in _WHO_DID:
        if not re.match(rf"^\s*who\s+(?:{asked})\b", question, re.I):
            continue
        for text in paragraphs:
            found = re.search(rf"(?i:\b(?:{roles}))\s*(?:,|\bis\b|\bwas\b)?\s+{_PERSON}", text) or \
                re.search(rf"{_PERSON}\s+(?i:(?:{verbs})\b)", text)
            if found:
                return _ROLE_FIRST.sub("", found.group(1))
    return ""


#: a role written before a name at the start of a sentence ("Bookkeeper Idris Pryce prepared ..."): no part of it
_ROLE_FIRST = re.compile(r"^(?:bookkeeper|accountant|manager|director|treasurer|secretary|chair(?:man|woman|person)?|"
                         r"owner|founder|editor|analyst|officer|controller|clerk|administrator|coordinator|supervisor|"
                         r"trustee|partner|head|chief|principal)\s+(?=\S+\s+\S)", re.I)


def _stems(text: str) -> set[str]:
    return {stem(w) for w in _CONTENT.findall(text.lower())
            if w not in _QUESTION_WORDS}


def text_answer(question: str, answer: Answer | None, evidence: Sequence[Evidence],
                paragraphs: Sequence[str]) -> tuple[Answer | None, bool]:
    """(the answer a person reads, whether it is of the kind asked) for an answer read from the user's text:
    a "who" / "which organisation" / "where" question gets the name the sentence gives nearest the question's words, a
    "when" question a span naming a month, a "why" question the cause without a trailing "which explains ..."."""
    spans = [e for e in evidence if e.kind == "text" and 0 <= e.paragraph < len(paragraphs)]
    if answer is None or len(spans) != 1 or not isinstance(answer.value, (str, tuple)):
        return answer, False
    e, shown = spans[0], answer.text()
    text = paragraphs[e.paragraph]
    lo, hi = _sentence(text, max(e.start, 0), max(e.end, 0))
    shares = _stems(question) & _stems(text[lo:hi])  # "chairs" / "society's chair"
    if not shares:  # a sentence about something else: the reader's doubt stands
        return answer, False
    if _WHO.match(question) or _WHICH_NAMED.match(question) or _WHERE.match(question):
        name = _named_after_role(question, paragraphs) or _name_near(question, text, lo, hi)
        return (dataclasses.replace(answer, value=name), True) if name else (answer, False)
    if _WHEN.match(question):
        return _date_asked(question, answer, text, lo, hi)
    if _WHY.match(question):
        cause = _the_cause(shown, text, e)
        return dataclasses.replace(answer, value=cause), len(cause.split()) >= 2  # "oven repairs", "holiday gifting"
    if re.search(r"\bhow (?:many|much)\b", question, re.I) and not re.search(r"\d", e.text) and parse_number(shown) is not None:
        return answer, True  # a number the text writes in words ("fourteen drones"), read as one for "how many"
    return _stated(question, answer, text, lo, hi, e) or (_with_its_article(answer, text, e), False)


_WHICH_AFTER = re.compile(r",\s+which\s+[^,]*$", re.I)  # ", which damaged 400 streetlights and ..." to the end


def _the_cause(shown: str, text: str, e: Evidence) -> str:
    """The cause a "why" answer names, without a trailing ", which ..." clause; what follows "due to" / "as a result
    of" is the cause already, so what came before its "after" stays ("emergency repairs after the ice storm")."""
    from .engines.solver.reader.person import follows_a_cause_cue

    clause = shown if follows_a_cause_cue(text, e.start) else _EVENT_BEFORE.sub("", shown, count=1)
    clause = _TRAILING_CLAUSE.sub("", clause).strip(" ,.")
    short = _WHICH_AFTER.sub("", clause)
    clause = short if len(short.split()) >= 3 else clause
    cause, doer = _cause_of_event(clause), _DOER.match(short)
    if cause == clause and doer:  # "a storm closed the network for four days": the storm
        return doer.group(1)
    return _without_modifiers(cause)


#: an event that did the harm: "a storm closed the network ..." (not "the council closed the car park for ...")
_DOER = re.compile(r"^(an?\s+(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+(?:closed|shut|flooded|damaged|destroyed|disrupted|"
                   r"halted|stopped|cancelled|canceled|delayed|hit|knocked out|cut off|blocked)\s+(?:the|an?|its|their|our|"
                   r"his|her|several|some|many|all|both|\d)\b", re.I)  # a thing it did harm to, not "closed for a week"


def _date_asked(question: str, answer: Answer, text: str, lo: int, hi: int) -> tuple[Answer, bool]:
    """A date for "when": the one the sentence writes right after the question's verb when there is one."""
    from .engines.solver.reader.person_facts import date_after_asked_verb

    at = date_after_asked_verb(question, text, lo, hi)
    if at is not None:
        return dataclasses.replace(answer, value=text[at[0]:at[1]]), True
    shown = answer.text()
    return answer, bool(find_periods(shown) or months_named(shown) or re.search(r"\bmay\b", shown, re.I))


def _stated(question: str, answer: Answer, text: str, lo: int, hi: int, e: Evidence) -> tuple[Answer, bool] | None:
    """What the sentence states outright about the question (``reader.person_facts.stated_fact``): given as of the
    kind asked; None when it states nothing of the kind."""
    from .engines.solver.reader.person_facts import stated_fact

    at = stated_fact(question, text, lo, hi, e.start, e.end)
    return (dataclasses.replace(answer, value=text[at[0]:at[1]]), True) if at is not None else None


_ARTICLE_BEFORE = re.compile(r"(?:^|\s)(an?)\s+$", re.I)


def _with_its_article(answer: Answer, text: str, e: Evidence) -> Answer:
    """A thing read from the text keeps the 'a' / 'an' the sentence puts before it ('a new Mac Studio and a
    colour-calibrated monitor'): a person names it so, and the reader's span starts after it."""
    value = answer.value[0] if isinstance(answer.value, tuple) and len(answer.value) == 1 else answer.value
    if not isinstance(value, str) or re.search(r"\d", value) or text[e.start:e.end] != value:
        return answer
    article = _ARTICLE_BEFORE.search(text[:e.start])
    return dataclasses.replace(answer, value=f"{article.group(1)} {value}") if article else answer


# ---------------------------------------------------------------- a share asked for, given as a ratio
_SHARE_ASKED = re.compile(r"\b(?:what|which)\s+(?:share|proportion|percentage|percent|portion)\b|\bas an?\s+(?:share|proportion|"
                          r"percentage|percent)\b|\bhow much of\b.*\bin percent\b|'s\s+(?:share|proportion|portion)\s+of\b",
                          re.I)


_GAP_DOWN = re.compile(r"^\s*how (?:much|many) (?:lower|less|smaller|fewer|colder|cooler|lighter|younger|drier|dryer|shorter|"
                       r"cheaper|narrower|shallower)\b.*\bthan\b", re.I)


#: "how much did it fall?", "by what percent did sales drop?": the size of the fall is asked
#: the words a person asks about a fall with ("how much did it drop / slide / go down?"), for every reader of one
FALL_WORDS = (r"(?:fall|fell|fallen|drop(?:ped)?|declined?|decreased?|shr[ai]nk|(?:go|goes|went|gone)\s+down|dip(?:ped)?|"
              r"slip(?:ped)?|slid|slide|plunged?|slump(?:ed)?|contract(?:ed)?)")
_FALL_ASKED = re.compile(r"^\s*(?:(?:by\s+)?how\s+(?:much|many|far)|by\s+what\s+(?:percent(?:age)?|amount|share))\b.*"
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

    answer, note = as_a_person_reads(question, answer, evidence, table)
    answer = in_asked_column(question, answer, table)
    answer, of_kind = text_answer(question, answer, evidence, paragraphs)
    of_kind = of_kind or change_spelled(question, program)
    answer = gap_as_size(question, answer, program)
    answer, program = share_as_percent(question, answer, program)
    return answer, note, program, of_kind


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
    label = _stems(re.sub(r"\([^)]*\)", " ", args[0]["row_label"]))
    return len(asked) == 2 and held == asked and bool(label) and label <= _stems(question)
