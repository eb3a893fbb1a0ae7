"""A share between two earlier answers, one of them named by what it was: "what percentage of that profit does the
rise in equity represent?" puts the earlier answer that was equity's rise over the last answer; "what share of the
rise in equity is that?" puts the last answer over it. A row of ``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re

from ..lexicon.words import content_tokens
from ..program.program import Program, Ref
from . import edit
from .asked import Asked
from .wholes import SHARE_OF

#: an earlier answer named by what it computed: "the rise in equity", "the change in revenue"
_NAMED_CHANGE = re.compile(r"\b(?:the\s+)?(?:rise|increase|growth|change|fall|drop|decline|decrease|difference|gap)\s+in\s+"
                           r"(?:the\s+)?([a-z][\w &'-]*?)(?=\s+(?:represent\w*|make|makes|was|is|were|are|account\w*|"
                           r"amount\w*|come|came|equal\w*|do|does|did)\b|\s*[?,.]|\s*$)", re.I)
_PRONOUN = re.compile(r"\s*(?:that|this|it|the last)\b", re.I)


def _earlier_change_of(asked: Asked, words: set[str]) -> Ref | None:
    """The latest earlier answer that is a change of the one line holding ``words``."""
    for turn in range(len(asked.history) - 1, -1, -1):
        program = edit.inline(asked.history[turn], asked.history)
        labels = {c.row_label for c in edit.cells(program)}
        if program.op == "subtract" and len(labels) == 1 and words and words <= edit.label_words(labels.pop()):
            return Ref(turn)
    return None


def share_between_earlier(asked: Asked) -> Program | None:
    refs, cue = asked.last(1), SHARE_OF.search(asked.question)
    m = _NAMED_CHANGE.search(asked.question, cue.end()) if cue else None
    if not refs or cue is None or m is None:
        return None
    named = _earlier_change_of(asked, set(content_tokens(m.group(1))))
    if named is None or named.turn == refs[0].turn:
        return None
    after_cue = asked.question[cue.end():m.start()]
    if _PRONOUN.match(after_cue):  # "of that profit does the rise in equity represent": the rise over that
        return Program("percent_of", (named, refs[0]), "percent")
    if not after_cue.strip():  # "what share of the rise in equity is that?": that over the rise
        return Program("percent_of", (refs[0], named), "percent")
    return None
