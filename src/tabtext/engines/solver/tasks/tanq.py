"""TANQ answer tables built from evidence: one row per entity, one column per asked property.

With TANQ proofs (``meta["proofs"]``, see benchmarks/tanq.py): the rows are the answer entities the evidence
is grouped by, the columns the question's properties; each cell is read from that entity's proofs —
infobox values first, then table proofs (the row naming the entity, the column naming the property, or a
key/value row), then text (a date, a number, or the names after the property's cue such as "directed by").
Without proofs (a TAT-QA-style table + paragraphs): the rows and columns of the context table that the
question names. Values are normalised (numbers without thousands separators or units, dates as ISO or a
year when a year is asked, multi-valued cells joined with ", ") and emitted in the official pipe format.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from rapidfuzz import fuzz

from ....numbers import parse_number
from ....periods import MONTH_FORM
from ....types import Answer, Evidence, Example, Prediction, Table
from ..lexicon.words import CONVERSATION_WORDS, MONTH_NAMES, STOP

_MONTHS = MONTH_NAMES
_MONTH = MONTH_FORM + r"\.?"
_DATE_PATTERNS = (
    (re.compile(rf"\b(\d{{1,2}})\s+({_MONTH})\s*,?\s+(\d{{4}})\b", re.I), "dmy"),
    (re.compile(rf"\b({_MONTH})\s+(\d{{1,2}}),?\s+(\d{{4}})\b", re.I), "mdy"),
    (re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"), "ymd"),
    (re.compile(rf"\b({_MONTH})\s+(\d{{4}})\b", re.I), "my"),
)
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")  # not the lexicon's YEAR: history questions reach back to 1000
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])[-+]?\d+(?:\.\d+)?")
_FOOTNOTE = re.compile(r"\[(?:\d+|[a-z]|citation needed|note \d+)\]", re.I)
_SPLIT_MULTI = re.compile(r"\s*(?:\n|;|•|·|\s/\s)\s*")
_NAME = re.compile(r"[A-Z0-9][\w'’.\-]*(?:\s+(?:(?:of|the|de|da|von|van|and|&|del|la|le|du)\s+)?[A-Z0-9][\w'’.\-]*)*")
_DATE_WORDS = ("date", "year", "time", "inception", "founded", "born", "died", "dissolved", "released")
_NUMBER_WORDS = ("number", "population", "area", "height", "length", "elevation", "duration", "budget",
                 "box office", "capacity", "count", "width", "depth", "mass", "speed", "age", "revenue", "cost")
# a TANQ question asks for a table: "provide details", "give a list", "name each" carry no property
_STOP = STOP | CONVERSATION_WORDS | frozenset("each provide details well give list name".split())
# "<property>" -> how a sentence introduces its value ("composer" -> "music by", "composed by", ...)
_CUES = {
    "composer": ("music by", "composed by", "score by", "composer"),
    "director": ("directed by", "director"),
    "screenwriter": ("written by", "screenplay by", "screenwriter"),
    "producer": ("produced by", "producer"),
    "distributed by": ("distributed by", "distributor"),
    "cast member": ("starring", "stars", "cast"),
    "performer": ("performed by", "sung by", "by"),
    "author": ("written by", "author", "by"),
    "creator": ("created by", "creator"),
    "original language": ("in", "language"),
    "country of origin": ("from", "country"),
    "place of birth": ("born in", "born at"),
    "place of death": ("died in", "died at"),
    "educated at": ("educated at", "studied at", "attended", "graduated from"),
    "employer": ("worked for", "employed by"),
    "genre": ("is a", "was a"),
    "occupation": ("was a", "is a", "was an", "is an"),
}


def label(prop: str) -> str:
    return " ".join(str(prop).replace("_", " ").split()).lower()


def _similar(a: str, b: str) -> float:
    return fuzz.token_set_ratio(label(a), label(b))


def columns_asked(example: Example) -> list[str]:
    props = [label(p) for p in example.meta.get("question_properties") or () if str(p).strip()]
    if not props:
        props = [label(p) for p in re.findall(r"\(([a-z][a-z0-9_]*)\)", example.question)]
    if not props:
        seen = [label(p["property"]) for p in example.meta.get("proofs") or () if p.get("property")]
        props = list(dict.fromkeys(seen))
    return list(dict.fromkeys(props))


# ---------------------------------------------------------------- value normalisation


def _iso(year: str, month: int, day: int | None) -> str:
    return f"{int(year):04d}-{month:02d}" + (f"-{day:02d}" if day else "")


def _month(text: str) -> int:
    text = text.lower().rstrip(".")
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(text[:3]))


def find_date(text: str, year_only: bool = False) -> str | None:
    """The first date in text: ISO ``YYYY-MM-DD`` (``Month YYYY`` when no day), or the year when asked."""
    best = None
    for pattern, order in _DATE_PATTERNS:
        m = pattern.search(text)
        if m and (best is None or m.start() < best[0].start()):
            best = (m, order)
    if best is not None:
        m, order = best
        g = m.groups()
        if order == "dmy":
            year, value = g[2], _iso(g[2], _month(g[1]), int(g[0]))
        elif order == "mdy":
            year, value = g[2], _iso(g[2], _month(g[0]), int(g[1]))
        elif order == "ymd":
            year, value = g[0], _iso(g[0], int(g[1]), int(g[2]))
        else:
            year, value = g[1], f"{_MONTHS[_month(g[0]) - 1].capitalize()} {g[1]}"
        return year if year_only else value
    m = _YEAR.search(text)
    return m.group(1) if m else None


def normalize_number(text: str) -> str | None:
    m = _NUMBER.search(text)
    if not m:
        return None
    value = m.group(0).replace(",", "")
    return value.lstrip("+")


def clean_value(text: str) -> str:
    text = _FOOTNOTE.sub("", text)
    return " ".join(text.replace("|", "/").split()).strip(" ,;:")


def kind_of(prop: str, question: str) -> str:
    """'year' | 'date' | 'number' | 'text' for a property, from its label and how the question asks it."""
    is_date = any(w in prop for w in _DATE_WORDS)
    asks_year = re.search(rf"\byears?\s+(?:of\s+|in\s+)?(?:\w+\s+){{0,2}}\(?{re.escape(prop)}|"
                          rf"{re.escape(prop)}\)?\s+years?\b", question.lower().replace("_", " "))
    if "year" in prop or (is_date and asks_year):
        return "year"
    if is_date:
        return "date"
    if any(prop.startswith(w) or w in prop.split() for w in _NUMBER_WORDS):
        return "number"
    return "text"


def normalize_value(text: str, kind: str) -> str:
    text = clean_value(text)
    if kind in ("date", "year"):
        return find_date(text, year_only=kind == "year") or text
    if kind == "number":
        return normalize_number(text) or text
    return text


# ---------------------------------------------------------------- reading one cell from proofs


def _from_table(rows: Sequence[Sequence[str]], entity: str, prop: str) -> list[str]:
    if not rows:
        return []
    for row in rows:  # key/value layout: the first cell names the property
        if len(row) >= 2 and _similar(row[0], prop) >= 85:
            return [row[1]]
    header = rows[0]
    col = max(range(len(header)), key=lambda j: _similar(header[j], prop), default=-1)
    if col < 0 or _similar(header[col], prop) < 70:
        return []
    body = rows[1:] or rows
    scored = [(max((fuzz.ratio(c.lower(), entity.lower()) for c in r), default=0), r) for r in body]
    best, row = max(scored, key=lambda s: s[0], default=(0, ()))
    if len(body) > 1 and best < 70:
        return []
    return [row[col]] if col < len(row) and row[col].strip() else []


def _from_text(text: str, prop: str, kind: str, entity: str) -> list[str]:
    if kind in ("date", "year"):
        found = find_date(text, year_only=kind == "year")
        return [found] if found else []
    if kind == "number":
        found = normalize_number(text)
        return [found] if found else []
    cues = _CUES.get(prop, ()) + (prop,)
    low = text.lower()
    for cue in cues:
        for m in re.finditer(rf"\b{re.escape(cue)}\b\s*(?:is|was|were|are|:)?\s*", low):
            names = []
            rest = text[m.end():]
            for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", rest.split(".")[0])[:6]:
                name = _NAME.match(part.strip())
                if not name:
                    break
                value = name.group(0).strip()
                if value.lower() != entity.lower() and value.lower() not in _STOP:
                    names.append(value)
            if names:
                return names
    return []


def cell_values(proofs: Sequence[dict], entity: str, prop: str, kind: str) -> tuple[list[str], list[Evidence]]:
    """Distinct values for (entity, property), from the best kind of evidence that has any."""
    own = [p for p in proofs if p.get("property") and _similar(str(p["property"]), prop) >= 90]
    by_key = [p for p in proofs if p["kind"] == "infobox" and _similar(str(p.get("key", "")), prop) >= 85]
    found: dict[str, list[tuple[str, str]]] = {"infobox": [], "table": [], "text": []}
    for proof in own + [p for p in by_key if p not in own]:
        if proof["kind"] == "infobox":
            values = [v for v in _SPLIT_MULTI.split(str(proof.get("value", ""))) if v.strip()]
        elif proof["kind"] == "table":
            values = _from_table(proof.get("rows") or [], entity, prop)
        else:
            values = _from_text(str(proof.get("text", "")), prop, kind, entity)
        source = str(proof.get("value") or proof.get("text") or "")
        found[proof["kind"] if proof["kind"] in found else "text"] += [(v, source) for v in values]
    for kind_name in ("infobox", "table", "text"):
        if found[kind_name]:
            values = list(dict.fromkeys(normalize_value(v, kind) for v, _ in found[kind_name]))
            evidence = [Evidence(kind="text", text=s[:200]) for _, s in found[kind_name][:3]]
            return [v for v in values if v], evidence
    return [], []


def entity_rows(proofs: Sequence[dict], hints: Sequence[str]) -> list[tuple[int, str]]:
    """(row index, entity name): the given name, else the page most of the row's property proofs come from."""
    rows = sorted({int(p["row"]) for p in proofs} | set(range(len(hints))))
    out, seen = [], set()
    for r in rows:
        name = hints[r] if r < len(hints) and hints[r] else ""
        if not name:
            pages = Counter(p["page"] for p in proofs if p["row"] == r and p.get("page") and p.get("property"))
            pages = pages or Counter(p["page"] for p in proofs if p["row"] == r and p.get("page"))
            name = pages.most_common(1)[0][0] if pages else ""
        if name and name.lower() not in seen:
            seen.add(name.lower())
            out.append((r, name))
    return out


def render(rows: Sequence[Sequence[str]]) -> str:
    return "".join("|".join(c.replace("|", "/").replace("\n", " ") for c in r) + "\n" for r in rows)


def table_from_proofs(example: Example) -> tuple[list[list[str]], list[Evidence]]:
    proofs = list(example.meta.get("proofs") or ())
    props = columns_asked(example)
    rows: list[list[str]] = [["entity", *props]]
    evidence: list[Evidence] = []
    for r, entity in entity_rows(proofs, list(example.meta.get("entities") or ())):
        mine = [p for p in proofs if p["row"] == r]
        cells = [entity]
        for prop in props:
            values, ev = cell_values(mine, entity, prop, kind_of(prop, example.question))
            cells.append(", ".join(values))
            evidence += ev
        rows.append(cells)
    return rows, evidence


# ---------------------------------------------------------------- TAT-QA-style context


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOP}


def context_cell(text: str) -> str:
    """A context-table cell: numbers plain (``1,200`` -> 1200, ``(300)`` -> -300, ``12.5%`` kept), else text."""
    text = clean_value(text)
    value = parse_number(text)
    if value is None:
        return text
    plain = str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return plain + "%" if text.endswith("%") else plain


def table_from_context(example: Example) -> list[list[str]]:
    table: Table | None = example.context.table
    if table is None or not table.rows:
        return []
    q = example.question.lower()
    q_words = _words(q)
    header = list(table.rows[0])
    width = table.n_cols
    cols = [j for j in range(1, width) if j < len(header) and header[j].strip()
            and (header[j].lower() in q or _words(header[j]) and _words(header[j]) <= q_words)]
    cols = cols or list(range(1, width))
    body = [r for r in table.rows[1:] if r and r[0].strip()]
    named = [r for r in body if r[0].lower() in q or (_words(r[0]) and _words(r[0]) <= q_words)]
    picked = named or body
    out = [["entity", *[header[j] if j < len(header) else "" for j in cols]]]
    for r in picked:
        out.append([clean_value(r[0]), *[context_cell(r[j]) if j < len(r) else "" for j in cols]])
    return out


def answer_example(example: Example) -> Prediction:
    evidence: list[Evidence] = []
    if example.meta.get("proofs"):
        rows, evidence = table_from_proofs(example)
    else:
        rows = table_from_context(example)
    if len(rows) < 2:
        return Prediction(uid=example.uid, answer=None, error="no entities found in the evidence")
    raw = render(rows)
    table = Table.from_rows(rows, id=example.uid)
    return Prediction(uid=example.uid, answer=Answer(value=table, raw=raw), raw=raw, evidence=tuple(evidence[:20]))
