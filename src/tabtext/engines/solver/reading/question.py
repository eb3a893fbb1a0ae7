"""What a question asks (the operator) and which rows/columns/periods of the table it refers to."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field

from ..lexicon.cues import operator_of
from ..lexicon.intent import canonical
from ..lexicon.words import YEAR, content_tokens, split_year_ends, without_years, years_in
from .row_model import label_match, reorder, row_features, shipped_weights, year_sign
from .table import TableView

_TEXT_Q = re.compile(r"^(?:why|how (?:is|are|was|were|does|do|did|will|would|can|could|should|has|have|long|often)"
                     r"\b(?!.*\b(?:change|differ))|when\b|where\b|who\b|whom\b)|\bwhat (?:does|do|did) .*\b"
                     r"(?:mean|consist|include|exclude|comprise|relate|represent|refer|reflect|involve|require)|"
                     r"\bwhat (?:is|are|was|were) (?:the )?(?:reason|reasons|purpose|cause|main|primary|basis|nature|"
                     r"method|methodology|policy|definition|objective)|\bwhat (?:led|caused|drove|resulted|happened)"
                     r"|\bwhat (?:is|are|was|were) (?:included|excluded|considered)|\bdescribe\b|\bexplain\b"
                     r"|\bwhat (?:is|are|was|were) the (?:name|title)s? of\b", re.I)


_CAUSE_Q = re.compile(r"^(?:in \w+,? )?why\b|\bwhat (?:led|caused|causes|drove|drives|impacted|contributed|resulted in|"
                      r"accounted for|attributed)\b|\b(?:reason|reasons|cause|causes|driver|drivers) (?:for|of|behind|why)\b|"
                      r"\bwhat (?:was|were|is|are) (?:the )?(?:main |primary |key )?(?:reason|reasons|cause|causes|drivers?)\b|"
                      r"\bdue to what\b|\bhow (?:was|were|is|are|will) .*\b(?:calculated|determined|measured|computed|"
                      r"defined|recognized|used)\b|\b(?:driven by|due to|attributable to|attributed to|result(?:ing)? from|"
                      r"relate to|related to|used for|represented by|composed of|comprised of|made up of)\s*\?\s*$|\bwhat (?:is|are|was|were) represented by\b", re.I)
# "What is Trade receivables?", "What are OEM?": a definition, not a figure
_DEFINITION_Q = re.compile(r"^what (?:is|are) (?:an? |the )?[^?\d]{1,40}\?\s*$", re.I)


def expand_years(text: str, years: list[str]) -> list[str]:
    """ "2017-2019", "from 2017 to 2019", "2019 through 2017" name every year of the range, in the written order."""
    m = re.search(rf"({YEAR})\s*(?:-|–|to|through|until)\s*({YEAR})", text)
    if not m:
        return years
    a, b = int(m.group(1)), int(m.group(2))
    if abs(b - a) > 10:
        return years
    step = 1 if b >= a else -1
    span = [str(y) for y in range(a, b + step, step)]
    before = years_in(text[:m.start()])
    return list(dict.fromkeys(before + span + years))


@dataclass
class Query:
    text: str
    kind: str
    years: list[str]
    tokens: list[str]
    multi: bool = False
    direction: str = ""  # "max" / "min" for comparisons
    percent: bool = False
    notes: list[str] = field(default_factory=list)
    asked: str = ""  # the question as written (``text`` is its canonical wording, intent.canonical)


def classify(question: str, off: Collection[str] = ()) -> Query:
    """The operator, periods and subject words of a question, read from its canonical wording (``off``: rewording
    rows to skip)."""
    q = split_year_ends(canonical(question, off))
    low = q.lower()
    years = years_in(q)
    percent = bool(re.search(r"percent|%", low))
    multi = bool(re.search(r"\brespective|\beach of\b|\brespectively\b", low))
    kind, direction = operator_of(low, years)
    if kind == "change_ratio" and re.search(r"\b(?:absolute|nominal) (?:percentage )?(?:change|difference)|percentage points?|"
                                            r"\bchange in (?:the )?percentage of\b", low):
        kind = "diff"
    if kind == "divide" and len(years) >= 2 and re.search(r"\b(?:change|increase|decrease|difference)\b", low) \
            and not re.search(r"\bratio\b|\bproportion\b", low):
        kind = "diff"
    if kind == "value" and (_TEXT_Q.search(low) or _DEFINITION_Q.search(q)) or _CAUSE_Q.search(low):
        kind = "text"
    if kind == "change_ratio":  # "the percentage change in X" asks a rate of amounts, not of the % columns
        percent = bool(re.search(r"%|\bpercent(?:age)?s? of\b", low))
    if multi and kind in ("sum", "divide", "count", "list_items") and re.search(r"\brespective", low):
        kind = "value"
    if kind in ("average", "sum", "compare", "count", "list_years") or kind == "value" and multi:
        years = expand_years(low, years)
    return Query(q, kind, years, content_tokens(q), multi, direction, percent, asked=question.strip())


@dataclass
class Grounding:
    row_scores: dict[int, float]
    col_scores: dict[int, float]
    year_cols: dict[str, list[int]]
    year_rows: dict[str, list[int]]
    part_rows: list[int] = field(default_factory=list)


_PARTS = re.compile(r",|\band\b|\bcompared (?:to|with)\b|\bversus\b|\bvs\.?|\bas a (?:percentage|proportion|ratio) of\b|"
                    r"\bover\b|\bminus\b|\bless\b(?! than)|(?<!more )(?<!less )(?<!greater )(?<!fewer )\bthan\b|\bamong\b|\bout of\b|\bto\b|\bin the total\b|\bof the total\b")

# the canonical share wording (lexicon/intent.py): "What percentage of <whole> was <part>?"
_SHARE_OF = re.compile(r"\bpercentage of (.+?) (?:was|were|is|are) (.+)", re.I)


def part_rows(view: TableView, query: Query, row_ids: list[int], idf: dict[str, float],
              row_scores: dict[int, float] | None = None) -> list[int]:
    """The row each part of "A and B" / "A compared to B" names best, in question order (distinct rows)."""
    share = _SHARE_OF.search(without_years(query.text))
    parts = [p for p in (share.groups() if share else _PARTS.split(without_years(query.text))) if content_tokens(p)]
    if len(parts) < 2 or _one_label(view, row_ids, parts):
        return []
    out: list[int] = []
    for part in parts:
        toks = content_tokens(part)
        # equal labels (one per year block): the row the whole question prefers ("2019:" block), then the first
        scored = [(match_label(view.row_labels[r], toks, idf, part), (row_scores or {}).get(r, 0.0), -r) for r in row_ids]
        best = max(scored, default=(0.0, 0.0, 1))
        if best[0] >= 1.0 and -best[2] not in out:
            out.append(-best[2])
    return out


def _one_label(view: TableView, row_ids: list[int], parts: list[str]) -> bool:
    """ "The net property and equipment": the parts are the words of one row's label ("Property and equipment,
    net"), not two rows."""
    words = {t for p in parts for t in content_tokens(p)}
    return any(re.search(r"\band\b|&", view.row_labels[r]) and words <= set(content_tokens(view.row_labels[r]))
               for r in row_ids)


def label_idf(labels: list[str]) -> dict[str, float]:
    df: Counter[str] = Counter()
    for lbl in labels:
        df.update(set(content_tokens(lbl)))
    n = max(len(labels), 1)
    return {t: 1.0 + math.log((n + 1) / (c + 0.5)) for t, c in df.items()}


def match_label(label: str, qtokens: list[str], idf: dict[str, float], qtext: str) -> float:
    """How well a row/column label is mentioned in the question: idf-weighted fuzzy token recall, plus a bonus
    when the label appears nearly verbatim."""
    return label_match(label, qtokens, idf, qtext).score


@dataclass
class RowEvidence:
    hand: dict[int, float]  # the hand score of each row holding a figure
    features: dict[int, tuple[float, ...]]  # the parts of each row it names (row_model.FEATURES)


def _row_evidence(view: TableView, query: Query, qtokens: list[str], idf: dict[str, float], qtext: str) -> RowEvidence:
    rows = [r for r in view.data_rows() if any((r, c) in view.values for c in range(1, view.table.n_cols))]
    hand, features = {}, {}
    qset = set(qtokens)
    for r in rows:
        label, sec = view.row_labels[r], view.row_sections[r]
        m = label_match(label, qtokens, idf, qtext)
        section = label_match(sec, qtokens, idf, qtext).score if sec else 0.0
        s = m.score + 0.3 * section
        years = (year_sign(years_in(label), query.years), year_sign(years_in(sec), query.years))
        for sign, weight in zip(years, (1.0, 1.5)):  # "Balance at ... 2019" rows, "2019:" sections
            if sign and s > 0:
                s += weight if sign > 0 else -0.5 * weight
        ys = years_in(label)
        period_row = s == 0 and bool(ys) and set(ys) <= set(query.years) and not m.tokens
        if period_row:
            s = 1.0 + 0.5 * len(ys)  # a period row ("2020 - 2024") the question names by its years
        hand[r] = s
        if s > 0:  # only the rows the hand score names are reordered (row_model.reorder)
            features[r] = row_features(m, section, bool(sec), years, period_row, qset, s)
    return RowEvidence(hand, features)


def row_evidence(view: TableView, query: Query, idf: dict[str, float] | None = None) -> RowEvidence:
    """Each scored row's hand score and features, as ``ground`` reads them."""
    qtext = without_years(query.text)
    idf = idf if idf is not None else label_idf([view.row_labels[r] for r in view.data_rows()] + view.col_labels)
    # words of the row-label header ("Revenue from external customers by country") describe every row
    shared = set(content_tokens(view.col_labels[0])) if view.col_labels else set()
    qtokens = [t for t in query.tokens if t not in shared] or query.tokens
    evidence = _row_evidence(view, query, qtokens, idf, qtext)
    if qtokens != query.tokens and max(evidence.hand.values(), default=0.0) < 0.9:
        evidence = _row_evidence(view, query, query.tokens, idf, qtext)  # the rows repeat the header's words
    return evidence


def ground(view: TableView, query: Query) -> Grounding:
    qtext = without_years(query.text)
    data_rows = view.data_rows()
    idf = label_idf([view.row_labels[r] for r in data_rows] + view.col_labels)
    evidence = row_evidence(view, query, idf)
    row_scores = reorder(evidence.hand, evidence.features, shipped_weights())
    col_scores = {}
    # "the average shares vested": the operator's word does not name a "Weighted Average ..." column
    col_tokens = [t for t in query.tokens if not (query.kind == "average" and t in ("average", "mean"))] or query.tokens
    for c in range(1, view.table.n_cols):
        col_scores[c] = match_label(view.col_labels[c], col_tokens, idf, qtext)
    year_cols: dict[str, list[int]] = {}
    for c, ys in enumerate(view.col_years):
        if c == 0:
            continue
        for y in ys:
            year_cols.setdefault(y, []).append(c)
    year_rows: dict[str, list[int]] = {}
    for r in data_rows:
        lbl = view.row_labels[r]
        ys = years_in(lbl)
        if ys and len(lbl) < 40:
            year_rows.setdefault(ys[0], []).append(r)
    return Grounding(row_scores, col_scores, year_cols, year_rows, part_rows(view, query, list(row_scores), idf, row_scores))
