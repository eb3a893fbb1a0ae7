"""What ``ask`` answers with when the question names a measure a pattern built ("gross margin", "sales per shop",
"total revenue over the three quarters") and the ranker chose otherwise: the question's own words outrank a cell
(or a sentence stating no figure) that TAT-QA taught the ranker on tables that state their ratios."""

from __future__ import annotations

import re

from ..program.program import Program
from .expense_lines import TOTAL_COSTS as _TOTAL_COSTS

#: measures a question names ("gross margin", "effective tax rate", "sales per shop", "sales in 2023" of quarterly
#: columns: the year from its quarters): the question's own words outrank the ranker's cell, which TAT-QA taught
#: on tables that state their ratios (dev: no answer moves, benchmarks/period_layout_dev.py's sibling check)
NAMED_MEASURES = ("named_margin", "named_ratio", "named_rate", "per_unit", "share_of_all", "parts_of_period",
                  "over_periods", "line_range", "change_on_previous")
#: how far ``ask`` trusts a named measure it answers with: the question's own words spelled the computation (as a
#: follow-up's do, which the dialogue trusts as much); the ranker's calibration, fitted on TAT-QA where these rows
#: barely fire, says nothing about them
MEASURE_CONFIDENCE = 0.9
#: the rows ``ask`` trusts so: the named measures, and the period a "which quarter / month ... highest" question
#: names over the periods of the line it names
TRUSTED = (*NAMED_MEASURES, "extreme_period", "across_rows")
_MEASURE_WORD = re.compile(r"\b(?:\w+\s+){0,2}(margin|ratio)\b|\beffective tax (rate)\b", re.I)
_COST_WORD = re.compile(r"\b(?:costs?|expens\w*|expenditure|spend\w*|outgoings)\b", re.I)
_MORE_THAN = re.compile(r"\bhow (?:many|much) (more|fewer|less)\b.*\bthan\b", re.I)


def more_than(question: str, program: Program) -> Program | None:
    """ "How many more stores were open in 1Q24 than in 1Q23?" read as the two cells: their difference."""
    m = _MORE_THAN.search(question)
    found = program.cells() if m and program.op == "spans" else []
    if len(found) != 2 or found[0].row != found[1].row or any(c.value is None for c in found):
        return None
    first, second = found if m.group(1).lower() == "more" else found[::-1]  # type: ignore[union-attr]
    return Program("subtract", (first, second), program.scale, "more_than")


_AMOUNT_ASKED = re.compile(r"^\s*(?:what\s+(?:was|were|is|are)\b|how\s+(?:much|many)\b)", re.I)


def _sentence_for_an_amount(question: str, chosen: Program) -> bool:
    """ "What was total revenue over the three quarters?" answered with a sentence of the text that states no
    figure: no amount, which a measure the question names gives."""
    if not _AMOUNT_ASKED.match(question) or chosen.op not in ("span", "spans") or chosen.cells():
        return False
    try:
        return not re.search(r"\d", chosen.run().text())
    except Exception:  # noqa: BLE001 - a span that cannot run is no answer either
        return True


def named_first(question: str, chosen_name: str, chosen: Program, named: list[tuple[str, Program]]
                ) -> tuple[str, Program | None]:
    """(pattern, program) to answer with when the ranker chose a cell: the first measure the question names that
    a pattern built, or None (no answer) when it names a margin or ratio none could build and the cell is no such
    line; the choice itself otherwise. A period asked that no column is but its parts are ("Q1 2024" of monthly
    columns) is their total whatever the ranker chose: any other candidate reads a period not asked; so is the change
    between the quarters, months or halves named (or the one named and the one before it)."""
    costs = next((n for n in named if n[0] == "across_rows"), None) if re.search(_TOTAL_COSTS, question, re.I) else None
    named = [n for n in named if n[0] != "across_rows"]
    if costs is not None and chosen.op in ("lookup", "add") and \
            not all(_COST_WORD.search(c.row_label) for c in chosen.cells()):
        return costs  # "total costs" of a P&L with no such line: its cost lines, not "Total income" (nor plus it)
    whole = next((n for n in named if n[0] in ("parts_of_period", "change_on_previous")), None)
    if whole is not None and chosen_name not in NAMED_MEASURES:  # the period asked is no column: its parts are
        return whole
    if chosen_name != "cell" and not (named and _sentence_for_an_amount(question, chosen)):
        return chosen_name, chosen
    if named:
        return named[0]
    asked = _MEASURE_WORD.search(question)
    word = (asked.group(1) or asked.group(2)).lower() if asked else ""
    if word and not any(word in c.row_label.lower() for c in chosen.cells()):
        return chosen_name, None  # "the net profit margin" of a table without revenue is no profit line
    return chosen_name, chosen
