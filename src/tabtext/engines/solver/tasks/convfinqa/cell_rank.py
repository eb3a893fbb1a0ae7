"""Which cell or text number a ConvFinQA phrase + year refers to: the hand score shortlists, a learned ranker picks.

``ground.Document.score`` (word overlap, year match, a few penalties) ranks every number of the document; the
best few (``SHORTLIST``, all above the grounding threshold) are then re-ranked by a pairwise logistic ranker
(``cell_rank.json``, fitted by ``benchmarks/convfinqa_cells.py`` on dev half A's gold programs, shipped only when
half B, never read item by item, gains). Its features are shapes of the match, never words or numbers of an item:
the hand score and its gap to the best, how much of the label the question covers, where the cell sits in its
table, whether it writes a percent or a total, whether its year is the one asked. Without the file the hand score
decides, as before.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from importlib import resources

from rapidfuzz import fuzz

SHORTLIST = 3
_TOTAL = re.compile(r"\btotal\b")
_NET = re.compile(r"\bnet\b")
_PERCENT_ASK = re.compile(r"percent|%|\brates?\b|margin|ratio|yield|proportion|share|portion|return|growth")


@lru_cache(maxsize=1)
def weights() -> dict | None:
    """The shipped cell ranker, or None (the hand score decides)."""
    path = resources.files(__package__).joinpath("cell_rank.json")
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def shortlist(scored: list[tuple[float, int, object]]) -> list[tuple[float, int, object]]:
    """The best few (score, -index, candidate) above the grounding threshold, best first."""
    ranked = sorted(scored, key=lambda t: (t[0], t[1]), reverse=True)
    return [x for x in ranked[:SHORTLIST] if x[0] > 0.2]


def features(doc, short: list[tuple[float, int, object]], i: int, label_words: list[str], subject: list[str],
             years: list[str], question: str) -> dict[str, float]:
    """The shapes of one shortlisted candidate's match (see the module's docstring); ``label_words`` are the
    content words of its label."""
    score, _, c = short[i]
    covered = set(subject) & set(label_words)
    table = c.source == "table"
    f = {"hand": score, "gap": short[0][0] - score, "first": float(i == 0), "rank": i / SHORTLIST,
         "table": float(table),
         "label_covered": len(covered) / len(set(label_words)) if label_words else 0.0,
         "subject_covered": len(covered) / len(set(subject)) if subject else 0.0,
         "label_extra": min(len(set(label_words) - covered), 6) / 6,
         "percent": float(c.percent), "percent_unasked": float(c.percent and not _PERCENT_ASK.search(question)),
         "negative": float(c.value < 0), "magnitude": min(math.log10(abs(c.value) + 1), 10) / 10,
         "same_value": float(sum(1 for _, _, x in short if abs(x.value - c.value) < 1e-9) > 1)}
    asked_total = bool(_TOTAL.search(question))
    has_total = bool(_TOTAL.search(c.label))
    f["total_both"] = float(asked_total and has_total)
    f["total_unasked"] = float(has_total and not asked_total)
    f["net_unasked"] = float(bool(_NET.search(c.label)) and not _NET.search(question))
    if years:
        f["year_match"] = float(years[0] in c.years)
        f["year_other"] = float(bool(c.years) and years[0] not in c.years)
        f["yearless"] = float(not c.years)
    else:
        f["no_year_asked"] = 1.0
        f["no_year_many_years"] = float(len(c.years) > 0)
    if table:
        _, row, col = c.key
        cols = [x.key[2] for x in doc.candidates if x.source == "table" and x.key[:2] == c.key[:2]]
        rows = [x.key[1] for x in doc.candidates if x.source == "table" and x.key[0] == c.key[0]]
        f["first_col"] = float(col == min(cols))
        f["last_col"] = float(col == max(cols))
        f["first_row"] = float(row == min(rows))
        f["last_row"] = float(row == max(rows))
        row_words = set(re.findall(r"[a-z][a-z\-'&]*", c.row))
        f["row_covered"] = len(row_words & set(question.split())) / len(row_words) if row_words else 0.0
        f["row_blank"] = float(not row_words)
        f["fuzz_partial"] = fuzz.partial_ratio(" ".join(subject), " ".join(label_words)) / 100
    else:
        f["text_years"] = min(len(c.years), 3) / 3
        f["text_percent_table_year"] = float(c.percent and bool(years) and
                                             any(t == years[0] for _, t in doc.table_years))
        f["scaled"] = float(bool(c.scale))
        f["text_first"] = float(all(x.source != "table" for _, _, x in short[:i]))
    return f


def score(f: dict[str, float], model: dict) -> float:
    w = model["weights"]
    return sum(w.get(k, 0.0) * v for k, v in f.items())


def pick(doc, short: list[tuple[float, int, object]], label_words: list[list[str]], subject: list[str],
         years: list[str], question: str, model: dict) -> tuple[float, int, object]:
    """The shortlisted (score, -index, candidate) the ranker scores highest (ties: the hand score's order)."""
    scores = [score(features(doc, short, i, label_words[i], subject, years, question), model)
              for i in range(len(short))]
    return short[max(range(len(short)), key=lambda i: (scores[i], -i))]
