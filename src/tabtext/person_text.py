"""A person's text answers: a one-span answer read from a person's text, cut as ``ask`` shows it ("Helen Marsh"
rather than the sentence naming her, "a new payroll giving scheme" rather than "Donations rose mainly as a result of
a new payroll giving scheme, which ...", "27" for "how many food banks"): ``text_answer`` for every person-facing
route, ``text_span_for_a_person`` for the routes that answer through the benchmark path (``tabtext batch``).
Benchmark runs keep the reader's clause, which is what their scorers were written for.
"""

from __future__ import annotations

import dataclasses
import re
from calendar import month_abbr
from collections.abc import Sequence

from .engines.solver.dialogue.asked_number import ASKS_A_NUMBER
from .engines.solver.lexicon.words import CONVERSATION_WORDS, STOP, stem
from .engines.solver.reader.sentences import split_sentences
from .numbers import parse_number
from .periods import MONTH_STEMS, find_periods, months_named
from .role_words import in_text_words
from .types import Answer, Evidence, Prediction

_WHO = re.compile(r"^\s*(?:who|whom)\b|^\s*(?:what|who)\s+(?:is|was|are|were)\s+the\s+names?\s+of\b|^\s*name\s+the\b",
                  re.I)
_WHERE = re.compile(r"^\s*where\b|^\s*(?:in\s+)?(?:which|what)\s+(?:cit(?:y|ies)|towns?|countr(?:y|ies)|regions?|"
                    r"count(?:y|ies)|states?|locations?|places?|ports?)\b", re.I)
_WHICH_NAMED = re.compile(r"^\s*(?:which|what|name the)\s+(?:(?:big|biggest|large|largest|main|new|major|key|other)\s+)?(?:organi[sz]ations?|compan(?:y|ies)|firms?|banks?|charit(?:y|ies)|"
                          r"foundations?|couriers?|suppliers?|customers?|partners?|auditors?|lenders?|persons?|people|"
                          r"contractors?|vendors?|brands?|funders?|donors?|agency|agencies|clients?|operators?|sponsors?|teams?|clubs?|"
                          r"schools?|hospitals?|councils?|universit(?:y|ies))\b", re.I)
_WHEN = re.compile(r"^\s*(?:when\b|(?:on|by|from|until)?\s*what (?:date|day)\b)", re.I)
_WHY = re.compile(r"^\s*why\b|^\s*what (?:drove|caused|led to|explains|(?:was|is|were|are) behind)\b|^\s*what (?:is|was) the (?:main )?reasons? "
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
    (r"owns?|owned", r"owned by(?:\s+[a-z]+)?|owner|proprietor", r"owns|owned"),  # "owned by chef Marco Bellini"
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


def content_stems(text: str) -> set[str]:
    return {stem(w) for w in _CONTENT.findall(text.lower())
            if w not in _QUESTION_WORDS}


def text_answer(question: str, answer: Answer | None, evidence: Sequence[Evidence],
                paragraphs: Sequence[str], about: str = "") -> tuple[Answer | None, bool]:
    """(the answer a person reads, whether it is of the kind asked) for an answer read from the user's text:
    a "who" / "which organisation" / "where" question gets the name the sentence gives nearest the question's words, a
    "when" question a span naming a month, a "why" question the cause without a trailing "which explains ...".
    ``about``: what the question's "that" stands for (an earlier answer), whose words the sentence may share."""
    question = in_text_words(question, paragraphs)  # "the CEO" of "... under chief executive Aoife Brennan"
    spans = [e for e in evidence if e.kind == "text" and 0 <= e.paragraph < len(paragraphs)]
    if answer is None or len(spans) != 1 or not isinstance(answer.value, (str, tuple)):
        return answer, False
    e, shown = spans[0], answer.text()
    text = paragraphs[e.paragraph]
    lo, hi = _sentence(text, max(e.start, 0), max(e.end, 0))
    shares = content_stems(f"{question} {about}") & content_stems(text[lo:hi])  # "chairs" / "society's chair"
    if not shares:  # a sentence about something else: the reader's doubt stands
        return answer, False
    instead = re.search(r"\binstead\b", question, re.I) and _INSTEAD.search(text, lo, hi)
    if instead:  # "what will they grow instead?": "... drop oilseed rape and sow forty hectares of oats instead"
        return dataclasses.replace(answer, value=instead.group(1)), True
    source = _SOURCE_ASKED.search(question) and _CAME_FROM.search(text, lo, hi)
    if source:  # "where did most of that growth come from?": what the sentence says it came from
        return dataclasses.replace(answer, value=_DATED_AFTER.sub("", source.group(1).strip(" ,."))), True
    if _WHO.match(question) or _WHICH_NAMED.match(question) or _WHERE.match(question):
        name = _named_after_role(question, paragraphs) or _name_near(question, text, lo, hi)
        return (dataclasses.replace(answer, value=name), True) if name else (answer, False)
    if _WHEN.match(question):
        return _date_asked(question, answer, text, lo, hi)
    if _WHY.match(question):
        cause = _the_cause(shown, text, e)
        return dataclasses.replace(answer, value=cause), len(cause.split()) >= 2  # "oven repairs", "holiday gifting"
    if _NAME_ASKED.search(question) and (called := _CALLED.search(text, lo, hi)):
        return dataclasses.replace(answer, value=called.group(1).strip('"“”')), True
    if re.search(r"\bhow (?:many|much)\b", question, re.I) and not re.search(r"\d", e.text) and parse_number(shown) is not None:
        return answer, True  # a number the text writes in words ("fourteen drones"), read as one for "how many"
    if ASKS_A_NUMBER.match(question) and parse_number(shown) is not None:
        return answer, True  # "what number do they want to cap it at?": the one number of the clause
    return _stated(question, answer, text, lo, hi, e) or _what_changed(question, answer, text, lo, hi) or \
        (_with_its_article(answer, text, e), False)


#: "what changed in April?", "what happened in May?": the event the sentence tells in that month
_CHANGE_ASKED = re.compile(r"^\s*(?:and\s+|so\s+)?what\s+(?:changed|happened|was new|was different)\b", re.I)
_DONE = re.compile(r"\b(?:[a-z]{3,}ed|began|brought in|took on|set up|won|built|bought)\s+(?!by\b)", re.I)


def _what_changed(question: str, answer: Answer, text: str, lo: int, hi: int) -> tuple[Answer, bool] | None:
    """What was done, as the sentence tells it, up to the month the question names ("Ward manager Grace Okafor
    introduced hourly comfort rounds in April, ..." -> "introduced hourly comfort rounds"); None when the sentence
    names that month after no deed of a few words."""
    months = months_named(question) if _CHANGE_ASKED.match(question) else []
    when = months and re.search(rf"\s+(?:in|during|from|on)\s+(?:early\s+|late\s+|mid-)?{month_abbr[months[0]]}\w*",
                              text[lo:hi], re.I)
    deeds = list(_DONE.finditer(text, lo, lo + when.start())) if when else []
    if not deeds or not 1 <= len(text[deeds[-1].end():lo + when.start()].split()) <= 6:
        return None
    return dataclasses.replace(answer, value=text[deeds[-1].start():lo + when.start()]), True


#: "what's the new imprint going to be called?": the name the sentence writes after "called" / "named"
_NAME_ASKED = re.compile(r"\b(?:called|named)\s*\??\s*$|\bwhat(?:['’]s| is| was| will be) (?:the|its|their) (?:new )?name\b",
                         re.I)
_CALLED = re.compile(r"\b(?:called|named|known as)\s+(" + _QUOTED.pattern + "|" + _PROPER.pattern + ")")
_INSTEAD = re.compile(r"\b(?:and|to|will|would)\s+((?:(?!\band\b|\bto\b)[^,;.])+?)\s+instead\b", re.I)
#: "where did the growth come from?", "what did it come from?": a source, which the sentence writes after "came from"
_SOURCE_ASKED = re.compile(r"\b(?:come|came|comes)\s+from\s*\??\s*$", re.I)
_CAME_FROM = re.compile(r"\b(?:came|comes|come|coming)\s+(?:mainly\s+|mostly\s+|largely\s+)?from\s+([^,;.]+)", re.I)
#: "a wholesale contract ... signed in March 2024": when the thing was done is no part of it
_DATED_AFTER = re.compile(r"\s+[a-z]+ed\s+(?:in|on|during|from)\s+\S+.*$", re.I)
_WHICH_AFTER = re.compile(r",\s+(?:which|when|where)\s+[^,]*$", re.I)  # ", which damaged 400 streetlights and ..." to the end
#: whom or what a long cause was for, when that is a name ("the TV adaptation deal for Elin Sjoberg's crime series"):
#: the cause is the thing before it
_FOR_A_NAME = re.compile(r"\s+for\s+(?=[A-Z]).*$", re.S)


def _the_cause(shown: str, text: str, e: Evidence) -> str:
    """The cause a "why" answer names, without a trailing ", which ..." clause; what follows "due to" / "as a result
    of" is the cause already, so what came before its "after" stays ("emergency repairs after the ice storm")."""
    from .engines.solver.reader.person import follows_a_cause_cue

    clause = shown if follows_a_cause_cue(text, e.start) else _EVENT_BEFORE.sub("", shown, count=1)
    clause = _TRAILING_CLAUSE.sub("", clause).strip(" ,.")
    short = _WHICH_AFTER.sub("", clause)
    clause = short if len(short.split()) >= 3 else clause
    before = _ARTICLE_BEFORE_CAUSE.search(text, 0, e.start) if text.startswith(shown, e.start) else None
    cause, doer = _cause_of_event(clause), _DOER.match(short) or before and _DOER.match(f"{before.group(1).lower()} {short}")
    if cause == clause and doer:  # "a storm closed the network for four days": the storm
        return doer.group(1)
    cause = _without_modifiers(cause)
    head = _FOR_A_NAME.sub("", cause) if len(cause.split()) > 6 else cause
    cause = head if len(head.split()) >= 2 else cause
    named = _WHICH_AFTER.sub("", cause)  # a thing named with its article, not a clause: "boosted by the Harbourfest
    short_noun = len(named.split()) <= 4 and text.startswith(named, e.start)  # weekend, when ...": the weekend
    article = _ARTICLE_BEFORE_CAUSE.search(text, 0, e.start) if short_noun else None
    return f"{article.group(1)} {named}" if article else cause


_ARTICLE_BEFORE_CAUSE = re.compile(r"(?:^|\s)(the|an?)\s+$", re.I)


#: an event that did the harm: "a storm closed the network ..." (not "the council closed the car park for ...")
_DOER = re.compile(r"^(an?\s+(?:[a-z-]+,?\s+){0,2}?[a-z-]+)\s+(?:(?:closed|shut|flooded|damaged|destroyed|disrupted|"
                   r"halted|stopped|cancelled|canceled|delayed|hit|knocked out|cut off|blocked)\s+(?:the|an?|its|their|our|"
                   r"his|her|several|some|many|all|both|\d)\b|(?:cut|hurt|dampened|depressed|weakened|reduced|boosted|"
                   r"lifted)\s+(?:demand|sales|footfall|spending|bookings|orders|visitor|visits|trade|takings|revenue|"
                   r"turnover|profits?|margins?|output|yields?|numbers|attendance)\b)", re.I)  # a thing it did harm to, not
# "closed for a week"; "a warm, dry winter cut demand for ...": the winter


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


def text_span_for_a_person(question: str, pred: Prediction, paragraphs: Sequence[str]) -> Prediction:
    """``pred`` with its one text span cut as a person reads it (``reader.person.for_a_person``, then
    ``text_answer``) and its evidence moved to the words shown; ``pred`` itself when its answer is
    not one span of these paragraphs. ``meta["of_the_kind_asked"]`` says the cut is the kind of thing asked for."""
    from .engines.solver.reader.person import for_a_person

    spans = [e for e in pred.evidence if e.kind == "text"]
    a = pred.answer
    if a is None or len(spans) != 1 or len(pred.evidence) != 1 or \
            (isinstance(a.value, tuple) and len(a.value) != 1) or not isinstance(a.value, (str, tuple)):
        return pred
    e = spans[0]
    if not 0 <= e.paragraph < len(paragraphs) or paragraphs[e.paragraph][e.start:e.end] != e.text or e.start >= e.end:
        return pred
    text = paragraphs[e.paragraph]
    start, end = for_a_person(question, text, e.start, e.end)
    cut = Evidence("text", paragraph=e.paragraph, start=start, end=end, text=text[start:end])
    answer, of_kind = text_answer(question, dataclasses.replace(a, value=cut.text), (cut,), paragraphs)
    if answer is None:
        return pred
    shown = answer.text()
    if isinstance(a.value, tuple):
        answer = dataclasses.replace(answer, value=(shown,))
    at = [i for i in range(len(text)) if text.startswith(shown, i)]  # the words shown, nearest where they were read
    held = min(at, key=lambda i: abs(i - start)) if at else -1
    evidence = Evidence("text", paragraph=e.paragraph, start=held, end=held + len(shown), text=shown) if at else cut
    return dataclasses.replace(pred, answer=answer, evidence=(evidence,),
                               meta={**pred.meta, "of_the_kind_asked": of_kind})
