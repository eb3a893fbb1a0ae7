"""The TAT-QA core's answer to a ConvFinQA turn, as one more proposal for the pattern ranker to weigh.

The core (``tasks/tatqa.py: solve``: its candidates over the table reading, its learned ranker fitted on TAT-QA
train, no ConvFinQA item used) reads the turn's question alone, without the dialogue; its Program runs over the
same table and text. The proposal carries the core's calibrated confidence, so the ConvFinQA ranker
(``choose.py``) can learn when to prefer it to the pattern rows.
"""

from __future__ import annotations

import re

from .....calc import CalcError
from .....types import Example
from .. import tatqa
from .choose import Proposal
from .turns import Plan, format_answer

NAME = "core"
# a number, with a currency sign, a scale word or a percent sign around it ("$ 58 million", "11.4%")
_ONE_NUMBER = re.compile(r"\$?\s?-?[\d,]*\.?\d+\s?(?:%|million|billion|thousand)?")


def core_proposal(example: Example, position: int, after_stop: bool) -> Proposal | None:
    """The core's numeric answer to the turn's question as a Proposal, or None (no answer, or not one number)."""
    try:
        _, best, confidence = tatqa.solve(example)
    except Exception:  # noqa: BLE001 - the core reads any table; one it cannot read proposes nothing
        return None
    if best is None:
        return None
    program = best.program
    try:
        text = format_answer(program.value()) + ("%" if program.scale == "percent" else "") \
            if program.numeric else program.run().text()
    except CalcError:
        return None
    if not _ONE_NUMBER.fullmatch(text):
        return None  # a ConvFinQA answer is one number: a span of words or several numbers is not one
    plan = Plan(program.formula(), program.evidence(), note=f"the TAT-QA core's {best.name}")
    return Proposal(NAME, position, after_stop, plan, text, program, (), confidence)
