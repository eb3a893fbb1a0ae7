"""Total costs a statement does not state: "What were total costs in Q1 2025?" of a P&L with Fuel, Crew costs and
Port fees in brackets and no total line — the expense lines of the period's column, as amounts."""

from __future__ import annotations

import re

from ..program.program import Program
from ..reading.context import Ctx
from .period_cols import asked_col

#: "total cost" too: the question as read in a table's words ("Cost of goods sold"), not "total cost of sales"
_STATED = r"total (?:operating )?(?:costs?(?!\s+of\b)|expenses|expenditure|outgoings|spending|spend)\b"
#: total costs asked: by the line's name, or "what did we spend in total"
TOTAL_COSTS = rf"\b{_STATED}|\b(?:spend|spent)\s+(?:in\s+total|altogether)\b"
_TOTAL = re.compile(r"\s*total\b", re.I)


def expense_lines(ctx: Ctx):
    """The period's expense lines (in brackets or negative, no total) summed as amounts, when no line states
    the total; the line that states it otherwise ("what did the hall spend in total", not "Total income")."""
    view = ctx.view
    col = asked_col(ctx, view.header_rows)
    if col is None:
        return None
    stated = [r for r in range(view.header_rows, view.table.n_rows)
              if re.match(rf"\s*{_STATED}", view.row_labels[r], re.I)]
    if stated:
        r = stated[0]  # read as any lookup of the line is
        return (Program("lookup", (view.operand(r, col),), view.cell_scale(r, col), "across_rows"), "across_rows") \
            if view.amount(r, col) is not None else None
    rows = cost_lines(ctx, col)
    if len(rows) < 2:
        return None
    program = Program("add", tuple(view.operand(r, col, abs(view.amount(r, col))) for r in rows),  # type: ignore[arg-type]
                      view.cell_scale(rows[0], col), "across_rows")
    return program, "across_rows"


def cost_lines(ctx: Ctx, col: int) -> list[int]:
    """The expense lines of column ``col`` that are no total: in brackets or negative, else laid out as costs."""
    view = ctx.view
    rows = [r for r in range(view.header_rows, view.table.n_rows) if (value := view.amount(r, col)) is not None and
            not _TOTAL.match(view.row_labels[r]) and (value < 0 or view.cell_text(r, col).strip().startswith("("))]
    return rows if len(rows) >= 2 else [r for r in _laid_out_as_costs(ctx) if view.amount(r, col) is not None]


#: "which was the biggest cost in 2024/25?", "the smallest expense": a choice among the expense lines
LARGEST_COST = re.compile(r"\b(?:biggest|largest|highest|greatest|smallest|lowest|main)\s+(?:single\s+)?(?:costs?|expenses?|"
                          r"expenditures?|outgoings?|spend(?:ing)?|overheads?)\b|\b(?:which|what)\s+(?:costs?|expenses?)\s+"
                          r"(?:was|were|is)\s+(?:the\s+)?(?:highest|largest|biggest|greatest|lowest|smallest)\b", re.I)
_SMALLEST = re.compile(r"\b(?:smallest|lowest)\b", re.I)


def largest_cost(ctx: Ctx):
    """The expense line with the largest (smallest) amount in the asked period, its sign aside: "(6,900)" is a
    bigger cost than "(2,600)", and income lines are no cost."""
    view = ctx.view
    col = asked_col(ctx, view.header_rows)
    rows = (cost_lines(ctx, col) or _after_income(ctx, col)) if col is not None else []
    if len(rows) < 2:
        return None
    op = "argmin" if _SMALLEST.search(ctx.q.text) else "argmax"
    return Program(op, tuple(view.operand(r, col, abs(view.amount(r, col))) for r in rows),  # type: ignore[arg-type]
                   key="row", pattern="largest_cost"), "largest_cost"


def _after_income(ctx: Ctx, col: int) -> list[int]:
    """Lines of money after the last income line with no result after them (Wages, Ingredients after Drinks sales)."""
    view = ctx.view
    rows = [r for r in range(view.header_rows, view.table.n_rows) if view.amount(r, col) is not None]
    income = [r for r in rows if _INCOME.search(view.row_labels[r])]
    after = [r for r in rows if income and r > max(income)]
    if any(_RESULT.search(view.row_labels[r]) or _TOTAL.match(view.row_labels[r]) for r in after):
        return []
    return after if all(view.cell_scale(r, col) == view.cell_scale(max(income), col) for r in after) else []


_COSTS_HEADING = re.compile(r"\s*(?:costs|expenses|expenditure|outgoings|spending|overheads)\s*:?\s*$", re.I)
_INCOME = re.compile(r"\b(?:income|revenues?|sales|turnover|takings|fees)\b", re.I)
_RESULT = re.compile(r"\b(?:profit|surplus|deficit|loss|ebitda|ebit|net)\b", re.I)


def _laid_out_as_costs(ctx: Ctx) -> list[int]:
    """Cost lines shown as positive amounts, told by where they stand: under a heading "Costs" (up to the next
    heading, total or result), else the lines between the last income line and the last result line after it, not
    results themselves (Staff, Rent between "Total income" and "Operating profit"; Overheads after "Gross profit")."""
    view = ctx.view
    rows = range(view.header_rows, view.table.n_rows)
    figures = {r for r in rows if any(view.amount(r, c) is not None for c in range(1, view.table.n_cols))}
    heading = next((r for r in rows if r not in figures and _COSTS_HEADING.match(view.row_labels[r])), None)
    if heading is not None:
        after = [r for r in rows if r > heading]
        end = next((r for r in after if r not in figures or _TOTAL.match(view.row_labels[r]) or
                    _RESULT.search(view.row_labels[r])), view.table.n_rows)
        return [r for r in after if r < end]
    income = [r for r in figures if _INCOME.search(view.row_labels[r])]
    result = [r for r in figures if _RESULT.search(view.row_labels[r]) and income and r > max(income)]
    if not income or not result:
        return []
    return [r for r in sorted(figures) if max(income) < r < max(result) and not _TOTAL.match(view.row_labels[r])
            and not _RESULT.search(view.row_labels[r])]  # Overheads between Gross profit and Net profit too
