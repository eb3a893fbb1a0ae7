"""Which ChatRAG-Bench dataset a served prompt was built for, read from what ``prompts.chatrag_prompt`` put in it.

The official prompt names no dataset, and it must stay the official prompt (a real model sees it too), so
``tabtext serve`` infers the dataset the solver needs (``meta["dataset"]``) from the prompt's own marks:

- an instruction only one dataset gets (SQA, CoQA, TopiOCQA, on the turn ``CHATRAG_INSTRUCTIONS`` puts it);
- ConvFinQA: the "full and complete answer" instruction on the first user turn, a table rendered as the prompt
  builder renders one (``|---|`` separator line), and every earlier assistant turn a formula or a number (the
  release keeps the gold formulas there). A HybriDial opening turn (table and text, no answers yet) reads as
  ConvFinQA too; its later turns, whose answers are prose, do not.
- anything else: "" (the solver's generic path).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .engines.prompts import CHATRAG_INSTRUCTIONS
from .types import Turn

_FULL_ANSWER = CHATRAG_INSTRUCTIONS["convfinqa"][1]
_PROMPT_TABLE = re.compile(r"^\|(?:---\|)+$", re.M)  # the separator line of prompts.markdown_table
_PROGRAM_WORDS = re.compile(r"\b(?:add|subtract|multiply|divide|greater|exp|table_[a-z]+|const_\w+)\b")
_ARITHMETIC = re.compile(r"[-+*/().,%$#\d\s]*\d[-+*/().,%$#\d\s]*")


def reads_as_formula(text: str) -> bool:
    """'206588 - 181001', '(x - y) / y', '0.14136', 'greater#0 * (60.15 - 41.30)': numbers and operators only."""
    return bool(_ARITHMETIC.fullmatch(_PROGRAM_WORDS.sub("", text.lower())))


def chatrag_dataset(context: str, turns: Sequence[Turn]) -> str:
    """The dataset of a ChatRAG prompt (its context chunks and its turns, instructions not yet removed), or ""."""
    users = [t.content for t in turns if t.role == "user"]
    if not users:
        return ""
    for dataset, (where, instruction) in CHATRAG_INSTRUCTIONS.items():
        turn = users[0] if where == "first" else users[-1]
        if instruction != _FULL_ANSWER and turn.startswith(instruction + " "):
            return dataset
    answers = [t.content for t in turns if t.role == "assistant"]
    if (users[0].startswith(_FULL_ANSWER + " ") and _PROMPT_TABLE.search(context)
            and all(reads_as_formula(a) for a in answers)):
        return "convfinqa"
    return ""
