"""A question's words matched to the words of a table's row labels when a person names a line in other words:
a derived form of the label's word ("people visited" of a line "Visits", "attended" of "Event attendance",
"borrowed" of "Loans" through ``SAME_AS``) is read as the label writes it. Used on ``ask``'s path only
(``row_names.in_table_words``): TAT-QA's questions name their rows as the table does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .engines.solver.lexicon.words import root as stem
from .engines.solver.lexicon.words import singular
from .periods import months_named


@dataclass(frozen=True, slots=True)
class SameAs:
    """Words a person says (a regex over one lower-case word) for a line whose label uses one of ``labels``
    (the first the table uses is taken); ``example`` is a question and the label it names (tests run it)."""

    said: re.Pattern[str]
    labels: tuple[str, ...]
    example: tuple[str, str]
    then: str = ""  # a regex the next word must match ("came to", not "came in")
    noun: bool = False  # the words just before it may name the line ("the drugs bill": Drugs, not Costs)


def _row(said: str, labels: str, question: str, label: str, then: str = "", noun: bool = False) -> SameAs:
    return SameAs(re.compile(rf"(?:{said})"), tuple(labels.split()), (question, label), then, noun)


#: other words for a line, as data: irregular forms and words with no shared stem
SAME_AS: tuple[SameAs, ...] = (
    _row("lost|lose|loses|losing|left|leaving|cancell?ed|quit", "churned churn cancellations cancelled leavers",
         "How many customers were lost in May?", "Churned customers"),
    _row("gained|gain|gains|won|acquired|added|joined|signed|recruited|hired", "new joiners hires starters",
         "How many members joined in June?", "New members"),
    _row("sold|sell|sells|selling", "sales sold revenue revenues turnover", "How many bikes were sold in Q3?",
         "Bike sales"),
    _row("spent|spend|spends|spending", "spend spending expenditure", "How much was spent on ads in May?",
         "Advertising spending"),
    _row("borrowed|borrow|borrowing|lent|lend|issued|checked", "loans loaned issues borrowings",
         "How many books were borrowed in March?", "Book loans"),
    _row("earned|earn|earns|earning|takings|turnover", "revenue revenues income sales turnover takings",
         "How much did the cafe earn in June?", "Revenue"),
    _row("bring|brings|brought|bringing", "revenue revenues income sales turnover takings",
         "What did the ferries bring in during Q2?", "Revenue", then="in"),
    _row("make|makes|made|making", "revenue revenues income sales turnover takings",
         "How much did the stall make from its cakes in May?", "Cake revenue", then="from"),
    _row("admin|overheads?", "administrative administration overheads admin",
         "How much went on admin in 2024?", "Administrative expenses", noun=True),
    _row("stock|stocks", "inventories inventory stock stocks", "How much stock did we hold at year end?",
         "Inventories", noun=True),
    _row("owe|owed|owes|owing|debt|debts|loan|loans", "borrowings loans loan debt",
         "How much did we owe at the end of 2024?", "Borrowings"),
    _row("staff|workforce|employees|headcount", "headcount employees staff fte",
         "How many staff were there in June?", "Headcount", then="(?!cost|costs|pay|wages|salaries)"),
    _row("earnings|profits?", "profit income", "What were earnings in 2023?", "Net income", noun=True),
    _row("bill|bills|spend|spending|outgoings", "costs expenses expenditure spend spending",
         "What was the energy bill in May?", "Energy costs", noun=True),
    _row("supplies|supply|materials", "consumables materials supplies", "How much went on supplies in H1?",
         "Consumables", noun=True),
    _row("wages|wage|salaries|salary|payroll", "wages salaries payroll staff personnel employee",
         "What was the payroll in 2024?", "Staff costs", noun=True),
    _row("rent|rents|rental", "rent premises occupancy", "How much was the rent in 2024?", "Premises costs",
         noun=True),
    _row("ads|adverts|advertising|advertisements|promotions?|marketing", "marketing advertising promotion promotions",
         "How much went on ads in Q1?", "Marketing", noun=True),
    _row("debtors|receivable", "receivables", "What were trade debtors at year end?", "Trade receivables", noun=True),
    _row("creditors|payable", "payables", "What were trade creditors in 2024?", "Trade payables", noun=True),
    _row("clients|client|shoppers|patrons", "customers clients members subscribers",
         "How many clients did we have in March?", "Customers", noun=True),
    _row("bookings|booking|reservations|reservation", "orders bookings reservations",
         "How many bookings came in during May?", "Orders received", noun=True),
    _row("harvested|harvest|picked|gathered|collected|produced|yielded", "harvested harvest yield production output "
         "extracted picked produced", "How many apples were picked in 2024?", "Harvest (tonnes)"),
    _row("took|take|takes|taken|taking", "extracted harvested harvest yield production output",
         "How much honey did they take off in June?", "Honey extracted (kg)", then="off"),
    _row("went|go|goes|gone|going", "sold sales shipped shipments deliveries despatched dispatched",
         "How many orders went out in May?", "Orders shipped", then="out"),
    _row("took|take|takes|taking", "revenue revenues income sales turnover takings",
         "How much did the shop take in March?", "Revenue", then="in"),
    _row("drinks|drink|beverages", "beverage beverages drinks drink", "What did drinks bring in during May?",
         "Beverage sales", noun=True),
    _row("rented|renting", "rentals rental lettings lets", "How many bikes were rented in April?", "Rentals"),
    _row("rained|rain|rainy", "rainfall precipitation", "How much did it rain in May?", "Rainfall (mm)"),
    _row("employed|employ|employs|employing|workforce|employee", "headcount employees staff fte",
         "How many people did the firm employ in 2023?", "Headcount"),
    _row("took|take|takes|sat|sit|entered|enter", "entries entrants candidates", "How many students took Biology?",
         "Entries", then="(?!part|place|over|up|out|off|on|in|down)"),
    _row("came|come|comes|coming|turned", "visits visitors footfall attendance attendees",
         "How many people came to the fair in May?", "Attendance", then="(?:to|per)"),
    _row("carers?|careworkers?", "caregivers carers", "How many carers were on shift in May?", "Caregivers on duty",
         noun=True),
    _row("cars?|vans?|vehicles?|trucks?|lorr(?:y|ies)|buses|coaches|taxis?|boats?|vessels?|aircraft|planes?|drones?",
         "fleet vehicles", "How many vans did the depot run in March?", "Fleet size", noun=True),
)

#: phrases for a line, as data: (a regex over the question, the label words it stands for ("|" between several
#: words of one label), an example question and the label it names, and what is written before the label's words);
#: a phrase a label itself says ("Net assets") is left as it is
SAME_PHRASE: tuple[tuple[re.Pattern[str], tuple[str, ...], tuple[str, str], str], ...] = tuple(
    (re.compile(rf"\b(?:{said})\b", re.I), tuple(labels.split("|")), (question, label), before)
    for said, labels, question, label, before in (
        (r"(?:money\s+|cash\s+)?(?:in|at)\s+the\s+bank|cash\s+at\s+bank|bank\s+balance|cash\s+in\s+hand", "cash",
         "How much did we have in the bank at the end of 2024?", "Cash", ""),
        (r"(?:owe|owes|owed|owing)\s+(?:to\s+)?(?:us|me)\b", "receivables|debtors",
         "How much did customers owe us at year end?", "Trade receivables", ""),
        (r"net\s+assets|(?:shareholders|owners|members)['’]?\s+(?:funds|equity)", "equity",
         "What were shareholders' funds at the end of 2024?", "Total equity", ""),
        (r"wage\s+bill|pay\s+bill|people\s+costs", "wages|salaries|payroll|staff|personnel",
         "What was the wage bill in 2024?", "Staff costs", ""),
        (r"fixed\s+assets", "property|equipment", "What were fixed assets worth in 2024?", "Property, plant and equipment", ""),
        (r"bottom[\s-]+line(?:\s+(?:profit|result|figure|number))?", "profit for the year|net income|net profit|"
         "profit after tax|net earnings|net result", "What was the bottom-line profit in 2023?", "Profit for the year", ""),
        (r"(?:did|does|do)\s+(?:it|they|we|you|that|this)\s+costs?\s+(?:us\s+|them\s+)?to\s+(?:run|operate|keep\s+open)"
         r"(?:\s+(?:the|its|our|their|this|that)\s+[a-z]+)?", "operating costs|running costs|operating expenses|"
         "running expenses|overheads", "What did it cost to run the shop in May?", "Operating costs (GBP)", "were "),
        (r"running\s+(?:costs?|expenses?)", "operating costs|operating expenses|overheads", "What were running costs in "
         "June?", "Operating costs", ""),
        (r"(?:owe|owes|owed|owing)\s+(?:to\s+)?(?:the|their|our|its)\s+(?:banks?|lenders?)", "borrowings|bank loans?|"
         "loans?|debt", "What did we owe the bank in 2024?", "Borrowings", "have "),
        (r"(?:did\s+not|didn['’]?t|failed\s+to|fail\s+to|do\s+not|don['’]?t)\s+(?:turn\s+up|show\s+up|show|attend)(?:\s+for)?"
         r"|no[-\s]shows?", "missed", "How many patients didn't show up for appointments in May?", "Missed appointments", ""),
    ))


def in_phrase_words(question: str, labels: Sequence[str]) -> str:
    """ "How much did we have in the bank?" of a line "Cash": "How much did we have cash?" (``SAME_PHRASE``)."""
    plain = [" ".join(re.findall(r"[a-z]+", lab.lower())) for lab in labels]
    for said, words, _, before in SAME_PHRASE:
        m = said.search(question)
        if not m or any(said.search(p) for p in plain):
            continue
        named = next((x.group(0) for w in words for p in plain if (x := re.search(rf"\b{w}\b", p))), "")
        if named:  # as the label writes it ("bank loans?" of "Bank loan": "bank loan")
            question = f"{question[:m.start()]}{before}{named}{question[m.end():]}"
    return question


def says_a_line(word: str) -> bool:
    """Whether a word is one ``SAME_AS`` reads as a line's word ("took" of Entries), so no unknown name."""
    return any(row.said.fullmatch(word.lower()) for row in SAME_AS)


def says_another_line_word(word: str, form: str, have: set[str]) -> bool:
    """Whether a ``SAME_AS`` row reads the word as its ``form`` the table writes or as another label word the table
    uses ("drinks" of a table with "Beverage sales" and "Cost of food and drink"): which one it names is for
    ``in_label_words`` to choose, not the word's number form."""
    return any(row.said.fullmatch(word) and form in row.labels and any(w in have and w != form for w in row.labels)
               for row in SAME_AS)


#: words a question uses for what it computes, never read as another word for a line
_KEEP = frozenset("""
change changed changes changing increase increased increases increasing decrease decreased decreases decreasing
total totals average averaged averages grow grew growing growth rise rose rising fall fell falling drop dropped
dropping decline declined declining share shares rate rates ratio ratios percentage percent margin compared
compare difference differ highest lowest most least higher lower more less fewer fewest than during between
""".split())
def _roots(word: str) -> set[str]:
    """Its stem, its singular's ("members" -> "memb", "member") and its core without a verb's or a noun's ending
    ("generate" and "generation" -> "gener", "donated" and "donations" -> "donat")."""
    return {stem(word), stem(word[:-1]) if word.endswith("s") and not word.endswith("ss") else stem(word), _core(word)}


_ENDINGS = ("ations", "ation", "ating", "ated", "ates", "ate", "ions", "ion", "ings", "ing", "ed", "es", "e", "s")


def _core(word: str) -> str:
    return next((word[:-len(e)] for e in _ENDINGS if word.endswith(e) and len(word) - len(e) >= 5), stem(word))


def _said(question: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", question, re.I) is not None


def _as_label_word(word: str, have: set[str], question: str, labels: Sequence[str]) -> tuple[str, str]:
    """The label word the table writes for a question's word it does not use, else ""; of a ``SAME_AS`` row's
    words, the one of a label whose other words the question says ("came to each event": "Event attendance", not
    "Visits"), else the first the table uses; (that word, the regex the next word must match)."""
    for row in SAME_AS:
        if row.said.fullmatch(word) and (not row.then or re.search(rf"\b{word}\s+{row.then}\b", question, re.I)):
            if any(w in have and _said(question, w) for w in row.labels):  # "revenue was earned": named already
                break
            used = [w for w in row.labels if w in have]
            said = {w for w in re.findall(r"[a-z]+", question.lower()) if len(w) > 3}
            beside = [w for w in used if any(w in ws and {stem(x) for x in ws - {w}} & {stem(x) for x in said}
                                             for ws in (set(re.findall(r"[a-z]+", lab.lower())) for lab in labels))]
            target = (beside or [w for w in used if _names_a_whole_line(w, labels)] or used or [""])[0]
            if not target or not beside and _names_another_line(question, target, labels, word if row.noun else ""):
                break
            return target, row.then
    if len(word) < 4:
        return "", ""
    root = _roots(word) if len(word) >= 5 else set()
    found = {w for w in have if len(w) >= 4 and _roots(w) & root} if root else \
        {w for w in have if w.startswith(word) and stem(word) in _roots(w)}  # "miss" of "Missed visits"
    if not found and len(singular(word)) >= 4:  # "maths" of "Mathematics", "admin" of "Administration": cut short
        found = {w for w in have if len(w) >= len(singular(word)) + 3 and w.startswith(singular(word))}
    if len(found) > 1:  # "how much did she invoice": "Amount invoiced (GBP)", not "Invoices issued"
        found = _of_the_kind_asked(question, found, labels) or found
    target = found.pop() if len(found) == 1 else ""
    if singular(target) == singular(word):  # "galleries" of a column "Gallery": a number form, not another word
        return "", ""
    return ("" if not target or _said(question, target) else target), ""


#: which of several labels sharing the question's root a "how much" means: "sales", "amount" and "value" lean to money
#: here, while lexicon.scale.MONEY_LINE (no count can be read from it) leaves "sales" out
_MONEY_LABEL = re.compile(r"[$€£¥]|\b(?:amount|value|gbp|usd|eur|revenue|sales|cost|costs|fees?|spend|price)\b", re.I)
_HOW_MUCH, _HOW_MANY = re.compile(r"\bhow much\b", re.I), re.compile(r"\bhow many\b", re.I)


def _of_the_kind_asked(question: str, found: set[str], labels: Sequence[str]) -> set[str]:
    """Of several label words sharing the question's root, those of an amount's label for "how much", of a
    count's for "how many"."""
    if not (_HOW_MUCH.search(question) or _HOW_MANY.search(question)):
        return set()
    money = bool(_HOW_MUCH.search(question))
    return {w for w in found if any(re.search(rf"\b{w}\b", lab.lower()) and bool(_MONEY_LABEL.search(lab)) == money
                                    for lab in labels)}


def _names_a_whole_line(word: str, labels: Sequence[str]) -> bool:
    """Whether a label is the word alone, but for its unit and "total" / "net" ("Revenue ($000)", "Total revenue"):
    "what did we sell" is the Revenue line, not "Cost of sales"."""
    return any(set(re.findall(r"[a-z]+", re.sub(r"\([^)]*\)", " ", lab.lower()))) - {"total", "net"} == {word}
               for lab in labels)


def _names_another_line(question: str, target: str, labels: Sequence[str], noun: str = "") -> bool:
    """Whether the question names after "on", "for" or "from" ("spend on staff", "earn from surveys"), or, for a
    ``noun``, in the words just before it ("the drugs and supplies bill"), by a word the labels holding ``target``
    lack, a line without it."""
    words = [{stem(w) for w in re.findall(r"[a-z]+", label.lower())} for label in labels]
    mine = set().union(*(ws for ws in words if stem(target) in ws))
    after = re.search(r"\b(?:on|for|from)\s+(.*)$", question, re.I)
    before = re.search(rf"((?:[a-z&-]+\s+){{1,4}}){re.escape(noun)}\b", question, re.I) if noun else None
    named = (after.group(1) if after else "") + " " + (before.group(1) if before else "")
    asked = {stem(w) for w in re.findall(r"[a-z]+", named.lower())
             if len(w) > 3 and w not in _KEEP and singular(w) not in _PERIODS and not months_named(f"in {w}")} - mine - \
        ({stem(noun)} if noun else set())  # "and from drinks?": the word itself names no other line
    return any(asked & ws for ws in words if stem(target) not in ws)


#: "what did X come to / cost us?" asks what X was: the verb is no line ("Cost of sales") and no sum
_DID_X_AMOUNT = re.compile(r"\b(what|how much)\s+did\s+(.+?)\s+(?:come|amount)\s+to\b|"
                           r"\b(what|how much)\s+did\s+(.+?)\s+cost(?:\s+(?:us|me|them|you))?\b", re.I)
#: words for an activity after what a line names ("survey work", "field work"), naming no line themselves
_ACTIVITY = r"(?:work|business|activity|activities)"


def as_the_amount_of_a_line(question: str, have: set[str]) -> str:
    """ "What did the drugs and supplies bill come to?", "How much did admin cost us?": "what was ..." when the
    words between name a label's word; "survey work" of a line "Survey fees": "survey"."""
    m = _DID_X_AMOUNT.search(question)
    subject = (m.group(2) or m.group(4)) if m else ""
    if m and any(_roots(w) & _roots(h) for w in re.findall(r"[a-z]{4,}", subject.lower()) for h in have if len(h) >= 4):
        question = f"{question[:m.start()]}{m.group(1) or m.group(3)} was {subject}{question[m.end():]}"
    for a in reversed(list(re.finditer(rf"\b([a-z]+)\s+({_ACTIVITY})\b", question, re.I))):
        if a.group(1).lower() in have and a.group(2).lower() not in have:
            question = question[:a.end(1)] + question[a.end():]
    return question


def _count_of_a_money_word(word: str, question: str, labels: Sequence[str]) -> str:
    """ "How many staff ...?" of a table whose only "staff" line is money ("Staff costs") and which has a
    "Headcount" line: the count's label word (a ``SAME_AS`` row's); "" otherwise."""
    if not re.search(rf"\bhow many\s+(?:[a-z]+\s+)?{word}\b", question, re.I):
        return ""
    holding = [lab for lab in labels if re.search(rf"\b{word}\b", lab.lower())]
    if not holding or not all(_MONEY_LABEL.search(lab) for lab in holding):
        return ""
    counts = [lab.lower() for lab in labels if not _MONEY_LABEL.search(lab)]
    return next((w for row in SAME_AS if row.said.fullmatch(word) for w in row.labels
                 if w != word and any(re.search(rf"\b{w}\b", lab) for lab in counts)), "")


#: measures and things named with a line's other word ("net debt" is borrowings less cash, not "net borrowings";
#: "stock options" are no inventories)
_MEASURE = re.compile(r"\bnet\s+(?:debt|cash)\b|\bdebt[\s-]+(?:to|ratio|service)\b|\bcash\s+(?:flow|conversion)\b|"
                      r"\bearnings\s+per\s+share\b|\bstock[\s-]+(?:options?|price|market|exchange|based|compensation|"
                      r"awards?|split)\b", re.I)


def in_label_words(question: str, have: set[str], labels: Sequence[str] = ()) -> str:
    """The question with each word the table's labels (``have``) do not use, and that names a label's word in
    another form or by a ``SAME_AS`` word, written as the label writes it ("How many people visited the library
    in March?" of a line "Visits": "How many people visits ...")."""
    question = _compound_as_label_words(in_phrase_words(question, labels), have, labels)
    measures = {w.lower() for m in _MEASURE.finditer(question) for w in re.findall(r"[a-z]+", m.group(0))}
    for word in dict.fromkeys(re.findall(r"[a-z]+", question.lower())):
        counted = _count_of_a_money_word(word, question, labels) if word in have else ""
        if counted:
            question = re.sub(rf"(?<![\w-]){word}(?![\w-])", counted, question, flags=re.I)
        if word in have or word in _KEEP or word in measures:
            continue
        target, then = _as_label_word(word, have, question, labels)
        if target:
            ahead = rf"(?=\s+{then}\b)" if then else ""
            verb = any(row.said.fullmatch(word) and not row.noun for row in SAME_AS)
            question = verb and _as_what_it_had(question, word, target, then) or \
                re.sub(rf"(?<![\w-]){word}(?![\w-]){ahead}", target, question, flags=re.I)
    return as_the_amount_of_a_line(question, have)


def _compound_as_label_words(question: str, have: set[str], labels: Sequence[str]) -> str:
    """ "fundraising" of a line "Raising funds", "bookkeeping" of "Book keeping fees": a word the labels lack
    that is two words of one label run together (either way round, either in its singular), as the label writes
    them."""
    for word in dict.fromkeys(re.findall(r"[a-z]{8,}", question.lower())):
        if word in have:
            continue
        for label in labels:
            words = re.findall(r"[a-z]+", label.lower())
            pair = next(((x, y) for i in range(3, len(word) - 2) for x in words for y in words
                         if x != y and word[:i] in (x, singular(x)) and word[i:] in (y, singular(y))), None)
            if pair:
                said = " ".join(w for w in words if w in pair)
                question = re.sub(rf"(?<![\w-]){word}(?![\w-])", said, question, flags=re.I)
                break
    return question


def _as_what_it_had(question: str, word: str, target: str, then: str) -> str:
    """ "How much did the shop bring in during 2024?" of a line "Revenue": "How much revenue did the shop have
    during 2024?" (the word a verb after its subject: the line beside the subject would read as "shop revenue");
    "" when the question is not of that form."""
    then = rf"(?:\s+(?:{then})\b)?+" if then else ""  # possessive: "bring in from fines" keeps its "from"
    m = re.search(rf"\b(how much|what)\s+did\s+((?:[\w'’&-]+\s+){{1,4}}?){word}{then}(?![\w-])(?!\s+(?:on|for|from|to)\b)",
                  question, re.I)  # "spend on childcare" names what the line is of
    if not m:
        return ""
    return f"{question[:m.start()]}{m.group(1)} {target} did {m.group(2)}have {question[m.end():].lstrip()}".rstrip() \
        .replace(" have ?", " have?")


_EACH = re.compile(r"\b(?:to|for|at|in|on|of|from)?\s*each\s+([a-z]+)\b", re.I)
_ON_AVERAGE = re.compile(r"\b(?:on\s+)?average\b,?\s*", re.I)


def each_as_per(question: str, have: set[str]) -> str:
    """ "On average how many people came to each event in June?" of a line "Events held": "how many people came
    per event in June?" (one line over the other); "on average ... each month" stays an average over months."""
    m = _EACH.search(question)
    if not m or not _ON_AVERAGE.search(question) or m.group(1).lower() in _PERIODS:
        return question
    if not any(len(w) >= 4 and _roots(w) & _roots(m.group(1).lower()) for w in have):
        return question
    question = f"{question[:m.start()].rstrip()} per {m.group(1)}{question[m.end():]}"
    at = _ON_AVERAGE.search(question)
    question = question[:at.start()] + question[at.end():]  # type: ignore[union-attr]
    return question[:1].upper() + question[1:]


_PERIODS = frozenset("day week month quarter year half season period term".split())


_AVERAGE_VALUE = re.compile(r"\baverage\s+([a-z]+?)\s+(?:value|size|amount)\b", re.I)


def average_value_as_per(question: str, labels: Sequence[str]) -> str:
    """ "the average invoice value for Marlow Books" of a table with "Amount invoiced (GBP)" and "Invoices issued":
    "the amount invoiced per invoice ..." (the amount's line over the count's), when no label says the average."""
    m = _AVERAGE_VALUE.search(question)
    if not m or any(m.group(0).lower() in lab.lower() for lab in labels):
        return question
    plain = [" ".join(re.sub(r"\([^)]*\)", " ", lab).lower().split()) for lab in labels]
    money = [p for p, lab in zip(plain, labels) if _MONEY_LABEL.search(lab) and not re.search(r"\btotal\b", p)]
    mine = [p for p in money if any(_roots(w) & _roots(m.group(1).lower()) for w in p.split())]
    chosen = mine if len(mine) == 1 else money if len(money) == 1 else []
    if not chosen:
        return question
    return f"{question[:m.start()]}{chosen[0]} per {m.group(1)}{question[m.end():]}"
