"""The official TAT-QA scorer (tatqa_eval.py / tatqa_metric.py / tatqa_utils.py), reproduced exactly.

Self-contained on purpose: its number rules are the official ones, quirks included (``(12,632)`` is *not*
negative, ``$(9.8) million`` is -9.8), so they must not share code with tabtext's own number reading.
Plain Python: with one bag per side the official Hungarian alignment is the identity, so no scipy.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from ..errors import TabtextError, one_line
from ..types import Example, Prediction

_EXCLUDE_IN_NUM = str.maketrans("", "", "'\"\\$€£¥%(),[]")
_PUNCT_DELETE = str.maketrans("", "", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")  # string.punctuation
_FLOAT_START = frozenset("+-.0123456789iInN")  # what float() accepts first (inf, nan) besides other digits
_NUM_RE = re.compile(r"([+-]?\d+(\.\d+)?)|([+-]?\.\d+)")
_NEG_RE = re.compile(r"(\([\d.\s%]+\))")
# Linear-time forms of the official ``([\d.\s]+%)`` (only ever tested for presence) and ``([\d.]+\s?[a-zA-Z]+)``
# (the lookbehind starts a match only where a run of digits starts: same first match, no quadratic rescans).
_PCT_RE = re.compile(r"[\d.\s]%")
_WORD_SCALE_RE = re.compile(r"(?<![\d.])([\d.]+\s?[a-zA-Z]+)")
_ARTICLES = frozenset(("a", "an", "the"))
_FLOAT_WORDS = frozenset(("inf", "infinity", "nan"))  # letters only, yet float() reads them
_ARTICLES_RE = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def scale_to_num(scale: str) -> float:
    scale = scale.lower()
    if "hundred" in scale:
        return 100
    if "thousand" in scale:
        return 1000
    if "million" in scale:
        return 1000000
    if "billion" in scale:
        return 1000000000
    if "percent" in scale:
        return 0.01
    return 1


def _clean_num(text: str) -> str:
    return str(text).translate(_EXCLUDE_IN_NUM)


def _extract_one_num(text: str) -> int | float | None:
    m = _NUM_RE.search(_clean_num(text))
    if m is None or not m.group(1):
        return None
    num = m.group(1)
    return float(num) if "." in num else int(num)


@lru_cache(maxsize=65536)
def is_number(text: str) -> bool:
    # the official cleans each word, re-joins and re-splits: the same as cleaning the whole text (no cleaned
    # character is whitespace), then splitting
    first = text[:1]
    if first.isalpha() and first not in _FLOAT_START:  # a word (cleaning drops no letter): float() would raise
        return False
    words = text.translate(_EXCLUDE_IN_NUM).split()
    if not words:
        return False
    if words[0][0] not in _FLOAT_START and not words[0][0].isdigit():
        return False  # float() would raise: skip the exception
    try:
        num = float(words[0])
    except ValueError:
        return False
    if math.isnan(num):
        return False
    return not (len(words) >= 2 and scale_to_num(words[1]) == 1)


def _plain_value(text: str) -> float:
    """to_number of a text ``_PLAIN_NUMBER`` matches whole."""
    return round(float(text) if "." in text else int(text), 4)


@lru_cache(maxsize=65536)
def to_number(text: str) -> float | None:
    if _PLAIN_NUMBER.fullmatch(text):  # most numbers ('%.4f' answers, plain cells): no scale, sign or percent
        return _plain_value(text)
    num = _extract_one_num(text)
    if num is None:
        return None
    scale = _WORD_SCALE_RE.search(text)  # the official's first finditer match
    scale_val = scale_to_num(scale.group(0).lower()) if scale else 1
    # each pattern needs its own character (the official findall on the stripped text: a match is inside parens)
    negative = -1 if "(" in text and _NEG_RE.search(text) else 1
    percent = 0.01 if "%" in text and _PCT_RE.search(text.strip()) else 1
    return round(num * scale_val * negative * percent, 4)


@lru_cache(maxsize=65536)
def _normalize_token(token: str) -> str:
    token = token.lower()
    if token.isalpha() and token not in _FLOAT_WORDS:  # no digit, punctuation or space: only an article changes
        return "" if token in _ARTICLES else token
    if _PLAIN_NUMBER.fullmatch(token):  # is_number, so no punctuation to drop, and nothing else to change
        return str(_plain_value(token))
    if not is_number(token):
        token = token.translate(_PUNCT_DELETE)
    if is_number(token):
        token = str(to_number(token))
    if "a" in token or "the" in token:  # every article holds one of them
        token = _ARTICLES_RE.sub(" ", token)
    return " ".join(token.split())


@lru_cache(maxsize=65536)  # a gold string is normalised once however many candidates it is compared with
def normalize_answer(text: str) -> str:
    # a normalised token is "" or has no outer whitespace (split/join, or a word): the official filter on
    # part.strip() and the final strip() change nothing else
    return " ".join(filter(None, map(_normalize_token, text.split(" "))))


def _bag_f1(predicted: set[str], gold: set[str]) -> float:
    common = len(gold & predicted)
    precision = common / len(predicted) if predicted else 1.0
    recall = common / len(gold) if gold else 1.0
    if precision == 0.0 and recall == 0.0:
        return 0.0
    return (2 * precision * recall) / (precision + recall)


def em_f1(predicted: str, gold: str) -> tuple[float, float]:
    """DROP-style EM and bag F1 of two answer strings (one bag each), F1 rounded to 2 decimals."""
    p, g = normalize_answer(predicted), normalize_answer(gold)
    em = 1.0 if p == g else 0.0
    return em, round(_bag_f1(set(p.split()), set(g.split())), 2)


def answer_strings(answers: Sequence[object], scale: str) -> list[str]:
    """The official ``get_answer_str``: sorted items, numbers scaled to '%.4f', joined into one string."""
    out = []
    if len(answers) == 1:
        ordered = answers
    else:
        ordered = sorted(answers, key=str) if _mixed(answers) else sorted(answers)  # type: ignore[type-var]
    for ans in ordered:
        text = str(ans)
        if is_number(text):
            num = to_number(text)
            if num is None:
                if scale:
                    text = f"{text} {scale}"
            elif "%" in text:
                text = "%.4f" % num
            else:
                text = "%.4f" % (round(num, 2) * scale_to_num(scale))
        elif scale:
            text = f"{text} {scale}"
        out.append(text)
    return [" ".join(out)]


def _mixed(answers: Sequence[object]) -> bool:
    """The official ``sorted`` raises on mixed str/number lists; we sort such lists as strings instead."""
    return len({isinstance(a, str) for a in answers}) > 1


def null_scale_crashes(answers: Sequence[object]) -> bool:
    """True when the official ``get_answer_str`` would call ``None.lower()``: a null scale and an item that is a
    number (without '%'). With no such item the official script runs, and a null scale matches no gold scale."""
    return any(is_number(str(a)) and to_number(str(a)) is not None and "%" not in str(a) for a in answers)


def gold_strings(answer_type: str, answer: object) -> list[object]:
    if answer_type in ("span", "multi-span"):
        return list(answer) if isinstance(answer, list) else [answer]
    if answer_type == "count":
        return [str(int(answer))]  # type: ignore[call-overload]
    return [str(answer)]


_PERFECT = (1.0, 1.0)  # equal strings normalise equally: EM 1 and a bag F1 of 1, no need to normalise them


def score_item(answer_type: str, gold_answer: object, gold_scale: str, prediction: object,
               pred_scale: str) -> tuple[float, float, float]:
    """(em, f1, scale_correct) for one question, exactly as the official scorer."""
    if not prediction:
        return 0.0, 0.0, 0.0
    golds = gold_strings(answer_type, gold_answer)
    if not golds:
        return 0.0, 0.0, 0.0
    gold_text = answer_strings(golds, gold_scale)
    preds = prediction if isinstance(prediction, list) else [prediction]
    candidates = answer_strings(preds, pred_scale)
    if len(preds) == 1:
        first = str(preds[0])
        if not pred_scale and "%" not in first and is_number(first):
            num = to_number(first)
            if num is not None:
                candidates.append("%.4f" % num)
    gold_string = gold_text[0]  # answer_strings joins the items into one string
    em, f1 = max(_PERFECT if c == gold_string else em_f1(c, gold_string) for c in candidates)
    if answer_type in ("arithmetic", "count"):
        f1 = em
    return em, f1, 1.0 if gold_scale == pred_scale else 0.0


class TatqaMetric:
    name = "tatqa-official"
    version = "1"
    score_keys = ("em", "f1", "scale")
    breakdown_keys = ("answer_type", "answer_from")

    def score(self, example: Example, prediction: Prediction | None) -> dict[str, float]:
        if not example.gold:
            raise TabtextError(f"question {one_line(example.uid, 80)} has no gold answer (a blind test file?); score "
                               "against a file with answers (or use --remap)")
        gold = example.gold[0]
        answer_type = str(example.meta.get("answer_type", ""))
        if prediction is None or prediction.answer is None:
            return {"em": 0.0, "f1": 0.0, "scale": 0.0}
        answer = prediction.answer
        raw = answer.raw if answer.raw is not None else (list(answer.value) if isinstance(answer.value, tuple) else answer.value)
        em, f1, scale = score_item(answer_type, gold.raw, gold.scale, raw, answer.scale)
        if prediction.meta.get("scale_null") and not null_scale_crashes(raw if isinstance(raw, list) else [raw]):
            scale = 0.0  # the official compares None with the gold scale: never equal
        return {"em": em, "f1": f1, "scale": scale}

    def aggregate(self, items: Sequence[Mapping[str, float]]) -> dict[str, float]:
        n = len(items)
        return {k: (sum(float(it[k]) for it in items) / n if n else 0.0) for k in self.score_keys}


METRIC = TatqaMetric()
