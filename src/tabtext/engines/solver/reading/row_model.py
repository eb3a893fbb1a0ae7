"""How a row label meets a question, and the row order learned from TAT-QA train.

``label_match`` takes a label apart against the question (idf-weighted fuzzy recall, the verbatim ratio);
``question.match_label`` is its hand score. ``row_features`` names the general parts of one row's match (the
hand score's parts, its section, the years it carries, whether it is a total the question does not ask, the
words it leaves out) — never a word or an item, nor the row's place in the table (a TAT-QA layout habit that
measured nothing on train). ``training/row_train.py`` fits a conditional logit over the rows of each table on
the open part of TAT-QA train (the rows holding a grounded derivation operand) and writes ``row_model.json``
byte for byte. ``reorder`` lets it order the rows the hand score names while the hand score's values, which
thresholds read (``context.MIN_ROW``), stay as they were.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from rapidfuzz import fuzz

from ..lexicon.words import content_tokens

_FOOTNOTE = re.compile(r"\(\s*\d{1,2}\s*\)|(?<=[a-z])\d\b")  # "Audit Fees (1)", "schemes1"
_TOTAL = re.compile(r"^\s*total\b|\btotal\s*$", re.I)

FEATURES = ("hand", "label", "got", "recall", "fuzzy", "verbatim", "verbatim_bonus", "section", "has_section",
            "year_label", "year_section", "period_row", "q_cover", "unmatched", "n_tokens", "total", "total_unasked")


@dataclass(frozen=True, slots=True)
class LabelMatch:
    got: float  # idf weight of the label's words the question holds (a fuzzy hit counts 0.8)
    total: float  # idf weight of all the label's words
    fuzzy: float  # the part of ``got`` from fuzzy hits
    verbatim: float  # how nearly the label is written in the question (0..1; 0 when no word is held)
    long: bool  # the label, footnotes off, is longer than 3 characters
    tokens: tuple[str, ...]
    hits: int  # label words held exactly
    near: int  # label words held by a fuzzy hit

    @property
    def recall(self) -> float:
        return self.got / self.total if self.total else 0.0

    @property
    def score(self) -> float:
        if self.got == 0:
            return 0.0
        return self.got * (0.4 + 0.6 * self.recall) + (1.0 if self.verbatim > 0.92 and self.long else 0.0)


NO_MATCH = LabelMatch(0.0, 0.0, 0.0, 0.0, False, (), 0, 0)


def label_match(label: str, qtokens: list[str], idf: dict[str, float], qtext: str) -> LabelMatch:
    label = _FOOTNOTE.sub(" ", label)
    ltoks = content_tokens(label)
    if not ltoks:
        return NO_MATCH
    qset = set(qtokens)
    got = total = fuzzy = 0.0
    hits = near = 0
    for t in ltoks:
        w = idf.get(t, 1.0)
        total += w
        if t in qset:
            got += w
            hits += 1
        elif len(t) > 3 and any(len(q) > 3 and fuzz.ratio(t, q) >= 85 for q in qset):
            got += 0.8 * w
            fuzzy += 0.8 * w
            near += 1
    verbatim = 0.0
    if got:
        verbatim = fuzz.partial_ratio(re.sub(r"\s*\(.*?\)|:$", "", label.lower()), qtext.lower()) / 100.0
    return LabelMatch(got, total, fuzzy, verbatim, len(label) > 3, tuple(ltoks), hits, near)


def year_sign(years: list[str], asked: list[str]) -> float:
    """+1 when a label's years meet the asked ones, -1 when it names only others, 0 when either names none."""
    if not years or not asked:
        return 0.0
    return 1.0 if set(years) & set(asked) else -1.0


def row_features(m: LabelMatch, section: float, has_section: bool, years: tuple[float, float], period_row: bool,
                 qset: set[str], hand: float) -> tuple[float, ...]:
    """One row's features, in the order of FEATURES."""
    q_cover = len(qset.intersection(m.tokens)) / len(qset) if qset else 0.0
    total = bool(_TOTAL.search(" ".join(m.tokens)))
    return (hand, m.score, m.got, m.recall, m.fuzzy / m.total if m.total else 0.0, m.verbatim,
            float(m.verbatim > 0.92 and m.long), section, float(has_section), years[0], years[1], float(period_row),
            q_cover, float(len(m.tokens) - m.hits - m.near), float(len(m.tokens)), float(total),
            float(total and "total" not in qset))


@lru_cache(maxsize=1)
def shipped_weights() -> tuple[float, ...] | None:
    """The fitted weights in the order of FEATURES; None when the file is missing or names other features."""
    try:
        model = json.loads(resources.files(__package__).joinpath("row_model.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    if tuple(model.get("features", ())) != FEATURES:
        return None
    return tuple(float(w) for w in model["weights"])


def learned(features: dict[int, tuple[float, ...]], weights: tuple[float, ...]) -> dict[int, float]:
    return {r: sum(w * x for w, x in zip(weights, f)) for r, f in features.items()}


def reorder(hand: dict[int, float], features: dict[int, tuple[float, ...]],
            weights: tuple[float, ...] | None) -> dict[int, float]:
    """The rows the hand score names (score > 0) in the learned order, given the hand score's values from the
    highest down, so every threshold on the values reads the same scale; rows it does not name keep 0."""
    if weights is None:
        return hand
    named = [r for r, s in hand.items() if s > 0]
    if len(named) < 2:
        return hand
    logit = learned({r: features[r] for r in named}, weights)
    order = sorted(named, key=lambda r: (-logit[r], -hand[r], r))
    values = sorted((hand[r] for r in named), reverse=True)
    out = dict(hand)
    out.update(zip(order, values))
    return out
