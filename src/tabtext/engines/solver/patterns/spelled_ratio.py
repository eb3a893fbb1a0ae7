"""A ratio whose two lines the question spells out: "(total liabilities over total funds)", "the return on assets,
using profit before tax over year-end total assets" (``measures.named_ratio`` and ``table_join``'s lines asked)."""

from __future__ import annotations

import re

_OVER_LINES = re.compile(r"\(?\s*([a-z][a-z &'-]+?)\s+(?:over|divided by|to)\s+([a-z][a-z &'-]+?)\s*\)", re.I)
#: a ratio spelled after its name: "return on assets, using profit before tax over year-end total assets"
_USING_LINES = re.compile(r"\b(?:using|taking|as|i\.e\.?)\s+(?:the\s+)?([a-z][a-z &'-]+?)\s+(?:over|divided by)\s+"
                          r"(?:the\s+)?([a-z][a-z &'-]+?)\s*(?:[?.,;]|$)", re.I)
#: when a balance is taken, which its line's label does not say ("year-end total assets": Total assets)
_WHEN_TAKEN = re.compile(r"^(?:(?:the\s+)?(?:year|period|quarter)[- ]end|closing|end[- ]of[- ](?:the[- ])?(?:year|period))\s+",
                         re.I)


def spelled_lines(question: str) -> list[tuple[str, str]]:
    """The two lines of a ratio the question spells out ("(total liabilities over total funds)", "using profit
    before tax over year-end total assets"), as patterns of their labels."""
    m = _OVER_LINES.search(question) or _USING_LINES.search(question)
    if not m:
        return []
    return [(re.escape(_WHEN_TAKEN.sub("", m.group(1).strip())), re.escape(_WHEN_TAKEN.sub("", m.group(2).strip())))]
