"""What a follow-up pattern reads (``Asked``): the question, the table's labels, the programs so far."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ....person_answer import FALL_WORDS
from ....types import Context, Table
from ..lexicon.words import content_tokens, years_in
from ..program.program import Program, Ref
from .edit import Grid, period_of

#: words that refer to earlier answers and name no subject of their own
REFERENCE_WORDS = frozenset("answer last previous latest earlier first second 2 both them those these then more fewer "
                            "less so".split())

#: "how much did it fall?" asks the size of the fall (earlier minus later); "the drop", "the change" keep their sign
FALL_ASKED = re.compile(rf"\bhow (?:much|many)\b.*\b{FALL_WORDS}\b", re.I)
_AGGREGATE = frozenset(content_tokens("total sum overall grand all"))


@dataclass(frozen=True, slots=True)
class Asked:
    """What the pattern functions read: the question, the table's labels, the programs so far."""

    question: str
    grid: Grid | None
    history: tuple[Program, ...]
    context: Context  # with the current table first, as the core reads it
    tables: tuple[Table, ...] = ()  # the context's tables in their own order (a cell's ``table`` index)

    @property
    def rows(self) -> list[int]:
        return self.grid.rows_named(self.question) if self.grid else []

    @property
    def lines(self) -> list[int]:
        """The rows named, but a bare "Total" row named by the aggregate word alone ("what is the total for the
        year?" asks for a line's total, not the Total row)."""
        rows = self.rows
        if not self.grid or not rows:
            return rows
        return [r for r in rows if set(content_tokens(self.grid.row_labels[r])) - _AGGREGATE]

    @property
    def years(self) -> list[str]:
        """The periods named; one named without its year ("and in the first half?") in the last answer's year."""
        if not self.grid:
            return []
        refs = self.last(1)
        year = period_of(self.history[refs[0].turn], self.history, self.grid)[:4] if refs else ""
        return self.grid.years_named(self.question, year)

    @property
    def names_unknown_year(self) -> bool:
        """The question names a year the table has no column for ("and in 2030?"): nothing to move to."""
        if not self.grid:
            return False
        known = set(self.grid.col_years) - {""}  # a year whose quarters or months are columns is known
        return any(y not in known and not any(k.startswith(f"{y}-") for k in known) for y in years_in(self.question))

    def same_scale(self, refs: list[Ref]) -> bool:
        """Earlier answers that can be added or subtracted: not a percentage with an amount."""
        return len({self.history[r.turn].scale == "percent" for r in refs}) == 1

    def last(self, k: int = 1) -> list[Ref]:
        """The last ``k`` answers a follow-up can compute with: an answer read from the text ("why did it
        drop?") is passed over, so "and what about net income?" after it edits the figure before it."""
        turns = [i for i, p in enumerate(self.history) if p.op not in ("span", "spans")]
        return [Ref(i) for i in turns[-k:]] if len(turns) >= k else []

    def figures(self, k: int = 2) -> list[Ref]:
        """The last ``k`` figures, passing over a choice between earlier answers ("which was higher?" names one of
        the two; "what is the difference?" after it is still between the two figures)."""
        turns = [i for i, p in enumerate(self.history) if p.op not in ("span", "spans") and
                 not _choice_of_earlier(p, self.history[:i])]
        return [Ref(i) for i in turns[-k:]] if len(turns) >= k else []


def _choice_of_earlier(program: Program, before: tuple[Program, ...]) -> bool:
    """A choice among earlier answers: of the answers themselves, or of the cells they looked up."""
    looked_up = {p.args[0] for p in before if p.op == "lookup" and len(p.args) == 1}
    return program.op in ("argmax", "argmin") and bool(program.args) and \
        all(isinstance(a, Ref) or a in looked_up for a in program.args)
