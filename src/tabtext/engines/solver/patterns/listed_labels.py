"""The labels a table lists, asked in words the list cue does not read: "Which officers are shown in the table?",
"What are the different regions?", "What type of investments are presented in the table?", "What do the staff
costs comprise of?", "Who are the executive officers?"."""

from __future__ import annotations

import re

from ..reading.context import Ctx
from ..reading.select import section_rows
from .cells import label_program

LISTED = re.compile(r"\b(?:listed|shown|included|presented|provided|considered|covered|disclosed|highlighted) "
                    r"(?:in|by) the table\b|\bwhat (?:are|were) the (?:different|various)\b|\bwhat (?:types?|kinds?) "
                    r"of\b|\bwhich (?:are )?the (?:\w+ ){0,2}(?:listed|shown|included)\b|"
                    # what a line is made of, or who the people are: "What do the staff costs comprise of?"
                    r"\bconsists? of\b|\bcompris(?:e|es|ed)\b|\bmade up\b|\bwho (?:are|were) the\b|\bwhat (?:are|were) "
                    r"the (?:\w+ ){0,2}(?:items|components|elements|sub-elements|segments|categories) (?:under|of|in)\b")


def asks_listed(ctx: Ctx) -> bool:
    return ctx.q.kind in ("value", "text") and LISTED.search(ctx.q.text.lower()) is not None


def listed_labels(ctx: Ctx):
    """The row labels of the section the question names (every non-total row when it names none)."""
    rows = section_rows(ctx.view, ctx.q)
    return (label_program(ctx.view, rows, "spans"), "list_items") if len(rows) >= 2 else None
