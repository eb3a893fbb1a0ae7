"""The solver's one vocabulary: tokenizer, stop words, years and fiscal periods, number words.

Every solver path (TAT-QA, text reader, ConvFinQA, chat, TANQ, ask) reads words through this module, so a
question and a table label are cut into the same tokens everywhere. Word sets that are not stop words (cue
words of one path, units) live beside the code that uses them or in a named set below, never as a second
stop-word list.
"""

from __future__ import annotations

import re

from ....periods import MONTH_NAMES, YEAR
from .text_cache import text_cache

STOP = frozenset("""a an the of in on at for to from by and or as is was were are be been what which how much many
does do did that this these those its it their his her company company's companies group's group firm
year years fiscal fy between during over with respectively respective than amount value ended ending end
change difference percentage percent increase decrease ratio
proportion sum combined s ' ’ 's""".split())

# Words a conversational question carries besides its subject ("can you tell me", "please", "what about"): the
# chat reader drops them with STOP; the TAT-QA core keeps them (a table label never holds them anyway).
CONVERSATION_WORDS = frozenset("""being it its this that these those who whom whose how when where why done can could
would should will shall may might must into i you he she we they me my your his our them him us there any some not
no yes so if then also just please tell more other else know like get got have has had am t about""".split())

NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
                "eight": "8", "nine": "9", "ten": "10", "first": "1", "second": "2", "third": "3", "fourth": "4"}

MONTH_NAME = "(?:" + "|".join(MONTH_NAMES) + ")"  # a month's whole name (regex)
MONTHS = tuple(m[:3] for m in MONTH_NAMES)  # as 3-letter stems
MONTH_WORD = "(?:" + "|".join(MONTHS) + ")[a-z]*"  # "June", "Sept", "december" (regex)

_TOKEN = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")
_YEAR_TOKEN = re.compile(YEAR)
_YEAR = re.compile(rf"(?<![\d.,$])({YEAR})(?![\d,.]\d|%)")
_SPLIT_YEAR = re.compile(rf"(?<!\d)({YEAR})\s*/\s*((?:19|20)?\d\d)(?!\d)")
_SHORT_YEAR = re.compile(r"\b(?:fy|f|fiscal|q[1-4])\s?'?(\d\d)\b", re.I)


def stem(token: str) -> str:
    """The crude plural stem the solver matches on: 'revenues' -> 'revenue', 'class' stays."""
    token = token.removesuffix("'s")
    if len(token) > 3 and token.endswith("s") and not token.endswith("ss"):
        token = token[:-1]
    return token


def short_stem(word: str) -> str:
    """A word's plural stem cut to five letters, so a name's derived forms meet ("marketing" and "marketed" at
    "marke"); for matching a question's words to a table's names, not for tokens."""
    return stem(word.strip("'-"))[:5]


def singular(word: str) -> str:
    """A plural noun's singular ("galleries" -> "gallery", "visits" -> "visit"; "class" stays)."""
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") and not word.endswith("ss") \
        else word


_DERIVED_SUFFIX = ("ations", "ation", "ances", "ance", "ences", "ence", "ments", "ment", "ings", "ing", "ers", "ors",
                   "ees", "ies", "ed", "es", "s", "e", "y")


def root(word: str) -> str:
    """A word's root for matching derived forms: "visited", "visits", "visitors" -> "visit"; "attended",
    "attendance", "attendees" -> "attend"; "shipped", "shipments" -> "ship"; "enrolled", "enrolment" -> "enrol"; an irregular verb's past forms as its present: "withdrew",
    "withdrawn" -> "withdraw"."""
    word = _IRREGULAR_PAST.get(word, word)
    for suffix in _DERIVED_SUFFIX:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[:-len(suffix)]
            break
    for noun, verb in _LATIN_NOUNS:
        if word.endswith(noun) and len(word) - len(noun) >= 2:
            return word[:-len(noun)] + verb
    if len(word) >= 6 and word.endswith("at"):  # "generated" as "generation" reads: "gener"
        return word[:-2]
    if len(word) >= 5 and word[-1] == word[-2] and word[-1] not in "aeious":
        word = word[:-1]
    return word


#: past forms a line is named by or asked with ("Withdrawn" / "how many withdrew"), as their present form
_IRREGULAR_PAST = {"withdrew": "withdraw", "withdrawn": "withdraw", "drew": "draw", "drawn": "draw",
                   "grew": "grow", "grown": "grow", "spent": "spend", "paid": "pay", "bought": "buy",
                   "took": "take", "taken": "take", "gave": "give", "given": "give", "wrote": "write",
                   "written": "write", "built": "build", "sent": "send", "held": "hold", "chose": "choose",
                   "chosen": "choose", "rose": "rise", "risen": "rise", "fell": "fall", "fallen": "fall"}

#: nouns whose root is spelled apart from their verb's: "admissions" / "admitted", "subscriptions" / "subscribed"
_LATIN_NOUNS = (("ission", "it"), ("ription", "rib"), ("uction", "uc"))


def tokenize(text: str) -> list[str]:
    """Lower-cased, stemmed word tokens; number words become digits ('two' -> '2')."""
    return list(_tokens(text))


def content_tokens(text: str) -> list[str]:
    """Tokens that carry the subject: no stop words, no years."""
    return list(_content(text))


@text_cache()  # labels and sentences are read many times per context
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(NUMBER_WORDS.get(t, t) for t in (stem(tok) for tok in _TOKEN.findall(text.lower().replace("’", "'"))))


@text_cache()
def _content(text: str) -> tuple[str, ...]:
    return tuple(t for t in _tokens(text) if t not in STOP and not _YEAR_TOKEN.fullmatch(t))


def is_year(token: str) -> bool:
    return bool(_YEAR_TOKEN.fullmatch(token.strip()))


def without_years(text: str, by: str = " ") -> str:
    """The text with its four-digit years replaced (labels and questions compared on their other words)."""
    return _YEAR_TOKEN.sub(by, text)


def years_in(text: str) -> list[str]:
    """Four-digit years (and FY19-style short years) in reading order, each once."""
    found = [(m.start(), m.group(1)) for m in _YEAR.finditer(text)]
    found += [(m.start(), "20" + m.group(1)) for m in _SHORT_YEAR.finditer(text)]
    out: list[str] = []
    for _, y in sorted(found):
        if y not in out:
            out.append(y)
    return out


def split_years(text: str) -> list[str]:
    """The years of a header; a split fiscal year ("2018/2019", "2018/19") is named by the year it ends in."""
    years = years_in(text)
    m = _SPLIT_YEAR.search(text)
    if m and len(years) <= 2:
        end = m.group(2) if len(m.group(2)) == 4 else m.group(1)[:2] + m.group(2)
        if int(end) == int(m.group(1)) + 1:
            return [end] + [y for y in years if y != end]
    return years


def split_year_ends(text: str) -> str:
    """Each split fiscal or school year of ``text`` ("2022/23") written as the year it ends in, as a header's
    ``split_years`` reads it."""
    def end(m: re.Match[str]) -> str:
        last = m.group(2) if len(m.group(2)) == 4 else m.group(1)[:2] + m.group(2)
        return last if int(last) == int(m.group(1)) + 1 else m.group(0)
    return _SPLIT_YEAR.sub(end, text)


def clean_label(label: str) -> str:
    """A row label without its footnote mark ("Incentive schemes1" -> "Incentive schemes")."""
    label = re.sub(r"(?<=[a-z])\d$", "", label.strip())
    return re.sub(r"\s*\(\d\)$|:$", "", label).strip()
