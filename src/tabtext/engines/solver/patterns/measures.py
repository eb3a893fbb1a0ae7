"""Measures people ask for by name, and totals and averages over a table's periods (rows of ``table_patterns``).

- a margin is the profit line over revenue ("gross margin" = gross profit / revenue) when no row states it;
- a share of all the rows ("what share of all 2023 visits were in general practice?") is the row over the sum
  of the section when the table has no total row;
- a ratio named with its two lines ("total liabilities over total funds", "current ratio" = current assets /
  current liabilities, "debt-to-equity" = total liabilities / total equity, "payout ratio" = dividends / net
  income) is the one over the other;
- a figure per unit ("revenue per paying subscriber") is the one line over the other, each in its own unit
  (revenue in $ millions over subscribers in thousands is dollars per subscriber);
- "across the four quarters", "year to date through June 2024": ``over_periods``; "across all departments in
  2023": the period's column over every row, when no row is their total; "total orders in Q1 2024" over monthly columns: the months that make up the quarter.

The column is the one whose label names the period the question names (``tabtext.periods``), else the year's.
"""

from __future__ import annotations

import re

from ....periods import YEAR, find_periods
from ..lexicon.words import root
from ..program.program import Program
from ..reading.context import Ctx
from .arith import result
from .cells import cells_program
from .expense_lines import TOTAL_COSTS as _TOTAL_COSTS
from .expense_lines import expense_lines
from .gross_margin import gross_margin_by_parts
from .measure_periods import extreme_period
from .per_unit import WHEN_COUNTED, a_count, col_named_by, label_words, row_named_by, stems
from .period_change import period_before
from .period_cols import asked_col, col_period, period_cols, year_parts
from .period_share import PART_OF_PERIOD, SHARE_OF_LINE, period_share, share_extreme
from .share_parts import part_over_whole
from .spelled_ratio import spelled_lines

MARGIN = re.compile(r"\b(gross|operating|net|ebitda|ebit|pre-?tax|profit|surplus)\s+(?:profit\s+)?margins?\b", re.I)
_PROFIT_LINE = {"gross": r"gross (?:profit|margin \$)", "operating": r"operating (?:income|profit|surplus)",
                "net": r"net (?:income|profit|earnings|surplus)|profit for the (?:year|period)|profit after tax", "ebitda": r"(?:adjusted )?ebitda", "ebit": r"ebit\b",
                "pre-tax": r"(?:income|profit) before (?:income )?tax", "pretax": r"(?:income|profit) before (?:income )?tax",
                "profit": r"(?:net )?(?:profit|income)", "surplus": r"(?:net |operating )?surplus"}
#: a revenue line: "Revenue", "Net sales", "Bakery sales"; not "Cost of sales", "Deferred revenue", "Sales and marketing"
_REVENUE = re.compile(r"^\s*(?!cost\b|deferred\b|unearned\b)(?:[a-z'-]+\s+){0,2}(?:revenues?|sales|turnover)\b"
                      r"(?!\s*(?:cost|tax|return|and\b|&|per\b))|"
                      r"^\s*fees?(?:\s+(?:invoiced|earned|billed|received|income))?\s*(?:\(|$)|"  # a freelancer's "Fees invoiced"
                      r"^\s*total\s+(?:income|incoming resources)\s*(?:\(|$)", re.I)  # a charity's or a board's whole income
_SHARE_OF_PERIOD = re.compile(r"\b(?:share|percentage|proportion|percent) of (?:all|(?:the\s+)?(?:" + YEAR + r"(?:/\d{2})?|"
                              r"[QH][1-4]\s*" + YEAR + r"|FY\s?\d{2,4}))\b",
                              re.I)  # "what share of 2024 headcount was in Sales?": no row is the whole
#: "what share of bottles sold were Kingston Black?" on a table of things as rows: the row's part of a column
_SHARE_OF_COLUMN = re.compile(r"\b(?:share|percentage|proportion|percent) of (?:the\s+)?(?:total\s+)?([a-z][a-z&' -]*?)\s+"
                              r"(?:was|were|is|are|came|went|did|made)\b", re.I)
SHARE_OF_ALL = re.compile(f"{_SHARE_OF_PERIOD.pattern}|{_SHARE_OF_COLUMN.pattern}|{PART_OF_PERIOD.pattern}|"
                          f"{SHARE_OF_LINE.pattern}", re.I)
#: the whole a share names after its period ("of Q3 2024 total revenue came from F&B")
_WHOLE_NAMED = re.compile(r"\s+(?:the\s+)?(?:total\s+)?([a-z&' -]+?)\s+(?:was|were|is|are|came|went|did|in|from|"
                          r"for|made)\b", re.I)
TOTAL = re.compile(r"\btotal\b", re.I)
_NET_INCOME = r"net (?:income|profit|earnings)|profit for the (?:year|period)|profit after tax"
#: what a hotel, a hostel or a theatre lets: "Rooms", "Room-nights", "Bed nights", "Seats"
_UNITS_LET = r"(?:rooms?|room[- ]nights?|beds?|bed[- ]nights?|seats?|pitches|berths)"
_NAMED_RATIOS = (  # (words asked, first line, second line, operator: the first over, as a percentage of, minus the second)
    (r"\bcurrent ratio\b", r"total current assets|current assets", r"total current liabilities|current liabilities",
     "divide"),
    (r"\bdebt[- ]to[- ]equity\b", r"total liabilities|total debt", r"total (?:shareholders'? |stockholders'? )?equity|"
                                                                     r"total funds|(?:shareholders'? )?equity", "divide"),
    (r"\bpayout ratio\b", r"dividends?(?: paid)?", _NET_INCOME, "percent_of"),
    (r"\beffective tax rate\b", r"(?:income )?tax(?: expense| charge)?\s*$|taxation|income taxes",
     r"(?:income|profit|earnings) before (?:income )?tax", "percent_of"),
    (r"\breturn on (?:shareholders'? )?equity\b|\broe\b", _NET_INCOME, r"total (?:shareholders'? )?equity|"
                                                                      r"(?:shareholders'? )?equity", "percent_of"),
    (r"\binterest cover(?:age)?\b|\btimes interest earned\b", r"operating (?:profit|income)|ebit\b",
     r"(?:net )?interest (?:expense|payable|paid|costs?)|finance costs?", "divide"),
    (r"\breturn on (?:total )?assets\b|\broa\b", _NET_INCOME, r"total assets", "percent_of"),
    (r"\bworking capital\b", r"total current assets|current assets", r"total current liabilities|current liabilities",
     "diff"),
    (r"\boccupancy\b", _UNITS_LET + r"[ _]+(?:sold|occupied|filled|used|let|booked)|occupied " + _UNITS_LET,
     _UNITS_LET + r"[ _]+(?:available|capacity)|available " + _UNITS_LET + "|capacity", "percent_of"),
    (r"\b(?:farebox|fare box|cost) recovery(?: ratio| rate)?\b", r"(?:farebox |fare |ticket |passenger )?(?:revenue|fares?|income)",
     r"(?:total )?operating (?:costs?|expenses)|(?:total )?costs?", "percent_of"),
    (r"\b(?:surplus|deficit|(?<!gross )(?<!operating )profit)\b(?!\s+(?:margin|before|after))",
     r"total (?:income|revenue|incoming resources)",
     r"total (?:expenditure|expenses|costs|spending|resources expended)", "diff"),
    (r"\bnet debt\b", r"(?:total )?borrowings|total debt|bank loans?|loans", r"cash(?: and cash equivalents)?|cash at bank",
     "diff"),
)
#: the words named_ratio answers to (table_patterns' cue)
NAMED_RATIO_CUE = re.compile(r"\bratio\b|\bover\b|\bdivided by\b|" + "|".join(a for a, *_ in _NAMED_RATIOS), re.I)
ACROSS_ROWS = re.compile(r"\b(?:across|over|for|of|in) all (?:the |our )?(?!quarters|months|periods|years)[a-z]+s\b|" +
                         _TOTAL_COSTS, re.I)
END_OF = re.compile(r"\b(?:at|by) (?:the )?(?:end|close) of\b|\bas (?:at|of) the end\b|\bclosing\b", re.I)
def lines_asked(question: str) -> list[str]:
    """The patterns of the lines a measure the question names is computed from (a margin's profit line and
    revenue, a named ratio's two lines): ``table_join`` finds which tables hold them."""
    m = MARGIN.search(question)
    lines = [_PROFIT_LINE[m.group(1).lower()], _REVENUE.pattern.lstrip("^")] if m else []
    spelled = [line for pair in spelled_lines(question) for line in pair]
    return lines + (spelled or [line for asked, num, den, _ in _NAMED_RATIOS if re.search(asked, question, re.I)
                                for line in (num, den)])


def _row_like(ctx: Ctx, pattern: str) -> int | None:
    """The first row with amounts whose label starts with the pattern's first wording that any does ("Total
    current assets" before the section heading "Current assets")."""
    view = ctx.view
    rows = [r for r in range(view.header_rows, view.table.n_rows)
            if any(view.amount(r, c) is not None for c in range(1, view.table.n_cols))]
    for wording in _alternatives(pattern):
        found = [r for r in rows if re.match(rf"\s*(?:{wording})\b", view.row_labels[r], re.I)]
        if found:
            return found[0]
    return None


def _alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern ("a|b(?:c|d)" -> "a", "b(?:c|d)")."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(pattern):
        depth += ch == "(" and (i == 0 or pattern[i - 1] != "\\")
        depth -= ch == ")" and (i == 0 or pattern[i - 1] != "\\")
        if ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
    return out + [pattern[start:]]


def _whole_line(ctx: Ctx, lines: list[int]) -> int | None:
    """Of revenue lines none of which says "Total", the whole: the largest ("Net revenue" beside "Beer sales" and
    "Taproom sales"), the first among equals."""
    view = ctx.view
    size = {r: sum(abs(a) for c in range(1, view.table.n_cols) if (a := view.amount(r, c)) is not None) for r in lines}
    return max(lines, key=lambda r: (size[r], -r), default=None)


def named_margin(ctx: Ctx):
    m = MARGIN.search(ctx.q.text)
    if not m or any("margin" in label.lower() and "$" not in label for label in ctx.view.row_labels):
        return None
    num = _row_like(ctx, _PROFIT_LINE[m.group(1).lower()])
    lines = [r for r, label in enumerate(ctx.view.row_labels) if r >= ctx.view.header_rows and _REVENUE.match(label)]
    den = next((r for r in lines if TOTAL.match(ctx.view.row_labels[r].strip())), _whole_line(ctx, lines))
    if num is None and den is not None and m.group(1).lower() == "gross":
        return gross_margin_by_parts(ctx, den)
    if num is None or den is None or num == den:
        return None
    extreme = extreme_period(ctx, lambda c: result(ctx.view, [(num, c), (den, c)], "percent_of", ctx.q), [num, den])
    if extreme is not None:  # "which quarter had the weakest gross margin?"
        return extreme, "named_margin"
    parts = year_parts(ctx, num)  # "the net margin for the full year" of quarterly columns: the parts' totals
    col = asked_col(ctx, num) if not parts else None
    if col is None:
        if not parts or any(ctx.view.amount(den, c) is None for c in parts):
            return None
        totals = tuple(Program("add", tuple(ctx.view.operand(r, c) for c in parts)) for r in (num, den))
        return Program("percent_of", totals, "percent", "named_margin"), "named_margin"
    program = result(ctx.view, [(num, col), (den, col)], "percent_of", ctx.q)
    return (program, "named_margin") if program else None


def named_ratio(ctx: Ctx):
    low = ctx.q.text.lower()
    named = [op for asked, _, _, op in _NAMED_RATIOS if re.search(asked, low)]  # its lines spelled: as the name
    op = named[0] if named else "percent_of" if re.search(r"\bpercent|%", low) else "divide"
    pairs = [(num, den, op) for num, den in spelled_lines(low)]
    stated = " ".join(ctx.view.row_labels[ctx.view.header_rows:])  # a ratio the table states is looked up
    pairs += [(num, den, op) for asked, num, den, op in _NAMED_RATIOS if re.search(asked, low) and
              not re.search(asked, stated, re.I)]
    for num_words, den_words, op in pairs:
        num, den = _row_like(ctx, num_words), _row_like(ctx, den_words)
        extreme = extreme_period(ctx, lambda c, n=num, d=den, o=op: result(ctx.view, [(n, c), (d, c)], o, ctx.q),
                                 [num, den]) if num is not None and den is not None and num != den else None
        if extreme is not None:  # "which year had the highest current ratio?"
            return extreme, "named_ratio"
        parts = year_parts(ctx, num) if num is not None and op != "diff" else []  # "the full year": its parts' totals
        if num is not None and den is not None and num != den and parts and \
                all(ctx.view.amount(den, c) is not None for c in parts):
            totals = tuple(Program("add", tuple(ctx.view.operand(r, c) for c in parts)) for r in (num, den))
            return Program(op, totals, "percent" if op == "percent_of" else "", "named_ratio"), "named_ratio"
        col = asked_col(ctx, num) if num is not None else None
        if num is not None and den is not None and col is not None and num != den:
            program = result(ctx.view, [(num, col), (den, col)], op, ctx.q)
            if program:
                return program, "named_ratio"
    return None


def _body_rows(ctx: Ctx, col: int) -> list[int]:
    view = ctx.view
    return [r for r in range(view.header_rows, view.table.n_rows) if view.amount(r, col) is not None]


def across_rows(ctx: Ctx):
    """ "The total number of visits across all departments in 2023": every row of the period's column, summed or
    averaged, when no row is their total."""
    view = ctx.view
    if re.search(_TOTAL_COSTS, ctx.q.text, re.I):
        return expense_lines(ctx)
    if any(TOTAL.search(lbl) for lbl in view.row_labels) or view.table.n_rows <= view.header_rows or \
            not find_periods(ctx.q.text):  # no period named: column_aggregate's question
        return None
    col = asked_col(ctx, view.header_rows)
    rows = _body_rows(ctx, col) if col is not None else []
    if len(rows) < 2:
        return None
    program = result(view, [(r, col) for r in rows], "average" if ctx.q.kind == "average" else "sum", ctx.q)
    return (program, "across_rows") if program else None


def share_of_all(ctx: Ctx):
    """The named row over the sum of every row of its column, when no row is a total; a period's part of a longer
    one on the row (``period_share``)."""
    found = period_share(ctx) if PART_OF_PERIOD.search(ctx.q.text) else share_extreme(ctx)
    if found:
        return found
    view, row = ctx.view, ctx.best_row
    if row is None or any(TOTAL.search(lbl) for lbl in view.row_labels):
        return None
    if not _SHARE_OF_PERIOD.search(ctx.q.text):
        return _share_of_column(ctx, row) or _share_of_lines(ctx, row)
    if len({p for _, _, p in find_periods(ctx.q.text)}) > 1:  # "2019's as a percentage of 2018 ...": two periods
        return None
    col = asked_col(ctx, row)
    rows = _body_rows(ctx, col) if col is not None else []
    named = _WHOLE_NAMED.match(ctx.q.text, SHARE_OF_ALL.search(ctx.q.text).end())  # type: ignore[union-attr]
    lines = [r for r in rows if named and stems(named.group(1)) & stems(view.row_labels[r])]
    if row in lines and len(lines) >= 2:  # "total revenue" of a table of revenue lines and other lines
        rows = lines
    elif row not in rows or len(rows) < 3:
        return None
    return part_over_whole(ctx, row, col, rows)


_OF_TOTAL = re.compile(r"\b(?:share|percentage|proportion|percent|fraction) of (?:the\s+|our\s+|its\s+)?(?:total|overall|"
                       r"combined)\s+([a-z][a-z&' -]*?)\s+(?:was|were|is|are|came|went|did|made|in|from|for)\b", re.I)


def _share_of_lines(ctx: Ctx, row: int):
    """ "What share of total revenue came from food and beverage in June?" of a table whose revenue lines have no
    total: the row over the sum of the lines the whole names, in the period asked."""
    m = _OF_TOTAL.search(ctx.q.text)
    if len({p for _, _, p in find_periods(ctx.q.text)}) > 1 or ctx.q.kind == "average":  # one period's share
        return None
    col = asked_col(ctx, row) if m else None
    rows = _body_rows(ctx, col) if col is not None else []
    lines = [r for r in rows if stems(m.group(1)) <= stems(ctx.view.row_labels[r])] if m else []
    return part_over_whole(ctx, row, col, lines) if row in lines and len(lines) >= 2 else None  # type: ignore[arg-type]


def _share_of_column(ctx: Ctx, row: int):
    """The row's cell of the column the share names over the column's sum, on a table of things as rows (no
    column names a period)."""
    view, m = ctx.view, _SHARE_OF_COLUMN.search(ctx.q.text)
    if m is None or any(col_period(view.col_labels[c]) for c in range(1, view.table.n_cols)):
        return None
    col = col_named_by(ctx, label_words(m.group(1)))
    rows = _body_rows(ctx, col) if col is not None else []
    if col is None or row not in rows or len(rows) < 3 or view.cell_scale(row, col) == "percent":
        return None
    return part_over_whole(ctx, row, col, rows)


def parts_of_period(ctx: Ctx):
    """ "Total orders in Q1 2024" over monthly columns, "revenue for 2023" over quarters: the named row's cells in
    the columns inside the period asked, when no column is that period; averaged when an average is asked."""
    row, view = ctx.best_row, ctx.view
    inside = year_parts(ctx, row) if row is not None else []
    if not inside:  # only when the parts make up the whole period
        return None
    if END_OF.search(ctx.q.text) and ctx.q.kind not in ("sum", "average"):  # a count at the end of 2023: Q4's
        last = max(inside, key=lambda c: col_period(view.col_labels[c]).span()[1])  # type: ignore[union-attr]
        return cells_program(view, [(row, last)]), "parts_of_period"
    op = "average" if ctx.q.kind == "average" else "sum"
    program = result(view, [(row, c) for c in inside], op, ctx.q)
    return (program, "parts_of_period") if program else None


NAMED_RATE = re.compile(r"\b([a-z][a-z-]+)\s+rates?\b", re.I)
_OTHER_RATES = frozenset("growth tax interest exchange discount effective daily hourly average annual annualised annualized "
                         "the a an monthly weekly quarterly yearly run birth death hit".split())


def named_rate(ctx: Ctx):
    """ "The return rate in May 2024": the line of things counted the word names (Returns) as a percentage of the
    largest such line in the same column (Orders), when no row states the rate."""
    m, view = NAMED_RATE.search(ctx.q.text), ctx.view
    word = m.group(1).lower() if m else ""
    if not m or word in _OTHER_RATES or any(re.search(r"\brate\b", label, re.I) for label in view.row_labels):
        return None
    if not any(row_named_by(ctx, stems(w)) is not None for w in (word, NAMED_RATE.search(ctx.q.text).group(0))):
        return _rate_of_row(ctx, ctx.q.text[:m.end()])
    num = row_named_by(ctx, stems(word))
    col = asked_col(ctx, num) if num is not None else None
    if num is None or col is None or not a_count(view, num) or view.cell_scale(num, col) == "percent":
        return None
    counts = [r for r in range(view.header_rows, view.table.n_rows) if r != num and a_count(view, r) and
              view.amount(r, col)]
    kin = stems(view.row_labels[num])  # "Trains cancelled" of "Trains planned", not of "Journeys"
    den = max(counts, key=lambda r: (bool(stems(view.row_labels[r]) & kin), view.amount(r, col)),  # type: ignore[arg-type, return-value]
              default=None)
    if den is None or view.amount(den, col) <= view.amount(num, col):  # type: ignore[operator]
        return None
    program = result(view, [(num, col), (den, _at_the_start(ctx, den, col))], "percent_of", ctx.q)
    return (program, "named_rate") if program else None


def _at_the_start(ctx: Ctx, row: int, col: int) -> int:
    """The column of the period before ``col`` when ``row`` counts at the end of each period ("Customers (end of
    month)"): what a rate over a period is of, the count at its start (churn: lost in April of those at 31 March)."""
    label = WHEN_COUNTED.search(ctx.view.row_labels[row])
    period = col_period(ctx.view.col_labels[col])
    if not label or re.search(r"start|beginning|opening", label.group(0), re.I) or period is None:
        return col
    before = period_before(period)
    return next((c for c in period_cols(ctx, row) if col_period(ctx.view.col_labels[c]) == before), col)


def _rate_of_row(ctx: Ctx, words: str):
    """ "The warranty claim rate for the Folding F1": on a table of things as rows and measures as columns, the
    row's column of things counted the words name (Warranty claims) as a percentage of its largest such column
    (Units sold), when no column states the rate."""
    view, row = ctx.view, ctx.best_row
    if row is None or any(re.search(r"\brate\b", label, re.I) for label in view.col_labels):
        return None
    asked = words.rsplit(" ", 1)[0]
    num = col_named_by(ctx, label_words(asked))
    if num is None:  # "the pass rate": the Passed column
        said = {root(w) for w in re.findall(r"[a-z]{3,}", asked.lower()[-30:])}
        num = next((c for c in view.numeric_cols() if {root(w) for w in re.findall(r"[a-z]{3,}", view.col_labels[c].lower())}
                    & said), None)
    if num is None or num == 0 or view.amount(row, num) is None:
        return None
    counts = [c for c in view.numeric_cols() if c != num and _counted(view, c)]
    kin = label_words(view.col_labels[num])
    den = max(counts, key=lambda c: (bool(label_words(view.col_labels[c]) & kin), view.amount(row, c) or 0.0), default=None)
    if den is None or not _counted(view, num) or (view.amount(row, den) or 0.0) <= view.amount(row, num):  # type: ignore[operator]
        return None
    program = result(view, [(row, num), (row, den)], "percent_of", ctx.q)
    return (program, "named_rate") if program else None


def _counted(view, col: int) -> bool:  # type: ignore[no-untyped-def]
    """A column of whole numbers (things counted), in no unit and no percentage."""
    amounts = [view.amount(r, col) for r in range(view.header_rows, view.table.n_rows)]
    label = view.col_labels[col]
    return all(a is not None and float(a).is_integer() for a in amounts) and not re.search(r"[%($€£]", label)
