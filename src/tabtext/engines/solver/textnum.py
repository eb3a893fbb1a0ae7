"""Arithmetic over numbers written in the paragraphs ("... increased from $1.2 million in 2018 to $1.5 million")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...numbers import find_numbers
from ...types import Answer, Evidence, Paragraph
from . import ops
from .question import Query, content_tokens
from .scale import scale_of_text

_YEAR = re.compile(r"^(?:19|20)\d\d$")


def text_arithmetic(q: Query, paragraphs: Sequence[Paragraph]):
    """The best-overlapping sentence holding two amounts; the operator runs over them in time order."""
    qset = set(q.tokens)
    best = None
    for i, p in enumerate(paragraphs):
        for m in re.finditer(r"[^.!?]+(?:[.!?](?=\s|$)|$)", p.text):
            sent = m.group(0)
            nums = [(v, s, e) for v, s, e in find_numbers(sent) if not _YEAR.match(sent[s:e].strip())]
            if len(nums) < 2:
                continue
            score = len(qset & set(content_tokens(sent)))
            if best is None or score > best[0]:
                best = (score, i, m.start(), sent, nums)
    if best is None or best[0] < 2:
        return None
    score, i, offset, sent, nums = best
    a, b = nums[0], nums[1]
    low = sent.lower()
    years = re.findall(r"(?:19|20)\d\d", sent)
    # "from A (in 2018) to B (in 2019)" lists old first; "B in 2019 compared to A in 2018" lists new first
    new_first = bool(re.search(r"compared (?:to|with)|from .* in (?:19|20)\d\d$", low)) or (
        len(years) >= 2 and years[0] > years[1])
    op = q.kind
    if op in ("diff", "change_ratio"):
        values = [a[0], b[0]] if new_first else [b[0], a[0]]
    elif op == "divide":
        values = [a[0], b[0]]
        op = "percent_of" if q.percent else "divide"
    else:
        values = [a[0], b[0]]
    got = ops.compute(op, values)
    if got is None:
        return None
    result, expr = got
    unit = sent[a[2]:a[2] + 12]
    scale = "percent" if op in ("change_ratio", "percent_of") else (scale_of_text(unit) if scale_of_text(unit) not in
                                                                    ("none",) else "")
    if op == "divide":
        scale = ""
    ev = [Evidence("text", paragraph=i, start=offset + s, end=offset + e, text=sent[s:e]) for _, s, e in (a, b)]
    return Answer(ops.answer_number(result), scale, expr), ev, op
