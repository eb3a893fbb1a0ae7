"""A chat's system message mixes instructions to the assistant with data; only the data is context.

"You are a helpful assistant. Answer from this table and text." is addressed to the model, not a fact about the
table: read as a paragraph, it gives the reader words to cut an answer from. A sentence is an instruction when it
speaks to the assistant (second person), gives an order (opens with an imperative verb, a "please", "do not",
"always" / "never" / "only"), or sets a rule for one ("If you don't know, say so.", "When asked for a total, ...").
A lead-in to the data ending in a colon ("Here is the table:") frames the data and is not data either.
"""

from __future__ import annotations

import re

from .engines.solver.reader.sentences import split_sentences

#: verbs a system prompt opens an order with; a sentence about the data opens with its subject instead
_IMPERATIVE = frozenset("""
act answer assume avoid be calculate cite compute consider consult do don't dont double-check explain format
give ignore include keep look make prefer provide read refer refuse rely remember reply respond round say show
stick think treat try use write always never please guess
""".split())
#: "Only use ...", "Just answer ...": the verb after them decides ("Only 3 stores opened." is data)
_SOFTENERS = frozenset("only just".split())
_LEAD_IN = re.compile(r"\b(?:here|below|following|above|this|these)\b.*:$", re.I | re.S)
_TO_YOU = re.compile(r"\b(?:you|your|yourself)\b", re.I)
_CONDITION = re.compile(r"(?:if|when|whenever|unless|where)\b", re.I)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


def data_text(paragraph: str) -> str:
    """``paragraph`` without its instruction sentences ('' when all are); unchanged when it holds none."""
    kept_lines = []
    for line in paragraph.splitlines():
        sentences = [s.text for s in split_sentences(line.strip()) if s.text]
        kept = [s for s in sentences if not is_instruction(s)]
        if len(kept) == len(sentences):
            kept_lines.append(line)
        elif kept:
            kept_lines.append(" ".join(kept))
    if len(kept_lines) < len(paragraph.splitlines()) and all(k.rstrip().endswith(":") for k in kept_lines):
        return ""  # "Rules:" heads only the instructions left out
    return "\n".join(kept_lines).strip()


def is_instruction(sentence: str) -> bool:
    """Addressed to the assistant: second person, an order, a rule for it, or a lead-in to the data."""
    text = _BULLET.sub("", sentence).strip().strip("\"'")
    if not text:
        return False
    if _LEAD_IN.search(text) or _TO_YOU.search(text):
        return True
    if _CONDITION.match(text):  # "If the table lacks it, say so." -- the rule's main clause decides
        clause = text.split(",", 1)[1] if "," in text else ""
        return _opens_with_order(clause)
    return _opens_with_order(text)


def _opens_with_order(text: str) -> bool:
    words = [w.lower() for w in re.findall(r"[A-Za-z'’]+", text.replace("’", "'"))[:4]]
    while words and words[0] in _SOFTENERS:
        words = words[1:]
    return bool(words) and words[0] in _IMPERATIVE and words[1:2] != ["of"]  # "Use of proceeds ..." is a noun
