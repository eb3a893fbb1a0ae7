"""The sum of the last two answers as a share of a whole ("what are the two together as a share of the total
catch?"): read as ``wholes.share_of_named`` reads "what is that as a share of ...?" after the sum. A row of
``conversation.FOLLOW_UPS``."""

from __future__ import annotations

import re
from dataclasses import replace

from ..program.program import Program, Ref
from . import over_periods
from .asked import Asked
from .wholes import SHARE_OF, share_of_named

#: "the two together", "combined", "both": the last two answers added up before the share is taken
_TOGETHER = re.compile(r"\b(?:the two|both|them|those two|these two)\b.*\b(?:together|combined)\b|"
                       r"\b(?:together|combined)\b", re.I)


def share_of_combined(asked: Asked) -> Program | None:
    """ "What are the two together as a share of the total catch?": the sum of the last two answers over the whole
    named (read as ``share_of_named`` reads "what is that as a share of ...?" after the sum)."""
    cue, refs = SHARE_OF.search(asked.question), over_periods.the_two(asked)
    if cue is None or not refs or not asked.same_scale(refs):
        return None
    after = re.split(r"\b(?:was|were|is|are)\b", asked.question[cue.end():], maxsplit=1, flags=re.I)[1:]  # past the whole
    if not _TOGETHER.search(asked.question[:cue.start()] + " ".join(after)):
        return None
    summed = Program("add", tuple(refs), asked.history[refs[0].turn].scale)
    history = (*asked.history, summed)
    then = Asked("what is that as a share of" + asked.question[cue.end():], asked.grid, history, asked.context,
                 asked.tables)
    share = share_of_named(then)
    return _with_ref_as(share, len(asked.history), summed) if share is not None else None


def _with_ref_as(program: Program, turn: int, given: Program) -> Program:
    """The program with ``Ref(turn)`` written as ``given`` (a step the history does not hold)."""
    args = tuple(given if isinstance(a, Ref) and a.turn == turn else _with_ref_as(a, turn, given)
                 if isinstance(a, Program) else a for a in program.args)
    return replace(program, args=args, answer_value=None)
