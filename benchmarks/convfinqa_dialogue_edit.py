"""ConvFinQA's "and in 2005?" through the Dialogue's own edit: a measured step towards one Dialogue (issue 21).

    PYTHONPATH=src TABTEXT_DATA=/work/shared/data python benchmarks/convfinqa_dialogue_edit.py

ConvFinQA's ``moved_to_year`` row moves each operand of the earlier turn's Program to the new year's cell with its
own reading of the table (``tasks/convfinqa/ground.py``). Here the earlier Program (read from its formula at the
boundary) is put onto the cells of the Dialogue's ``Grid`` (the TAT-QA core's table reading): each number that
exactly one body cell holds becomes that cell, and ``dialogue/edit.py: other_period`` (the edit ``ask --chat``
uses for "and in 2019?") moves it. A year the earlier computation already reads is not another period (that is
``operand_of_year``'s "what was the 2016 value?").

Prints, per half (half B as aggregates only): on the turns where both the edit and ``moved_to_year`` propose,
how often they agree and how often each is right; then strict EM end to end with the edit as a pattern row just
above ``moved_to_year``. The solver does not use it: ``tasks/`` may not import ``dialogue/`` (the layer above).
"""

from __future__ import annotations

import argparse
import collections

from convfinqa_eval import DEFAULT, half_of

from tabtext.benchmarks.chatrag.convfinqa import load_native
from tabtext.calc import CalcError
from tabtext.engines.solver.dialogue.edit import Grid, cells, other_period
from tabtext.engines.solver.program.program import Const, Operand, Program
from tabtext.engines.solver.tasks.convfinqa import answer, earlier
from tabtext.engines.solver.tasks.convfinqa.formula import render
from tabtext.engines.solver.tasks.convfinqa.turns import Plan
from tabtext.metrics.chatrag import strict_convfinqa
from tabtext.numbers import parse_number


def onto_cells(program: Program, grid: Grid) -> Program | None:
    """The Program with each number as the one body cell of ``grid`` that holds it; None when a number is in no
    cell, in several, or in a row the Grid reads without its sign."""
    def edit(a: Operand) -> Operand | None:
        if isinstance(a, Program):
            args = tuple(edit(x) for x in a.args)
            return None if any(x is None for x in args) else Program(a.op, args, a.scale, a.pattern)  # type: ignore[arg-type]
        if not isinstance(a, Const):
            return a
        hits = [(r, c) for r in grid.body_rows() for c in range(1, grid.table.n_cols)
                if (v := parse_number(grid.table.cell(r, c))) is not None and abs(v - a.value) < 1e-9]
        if len(hits) != 1 or hits[0][0] in grid.parenthesised:
            return None
        return grid.cell(*hits[0])
    found = edit(program)
    return found if isinstance(found, Program) else None


def period_edit(t) -> Plan | None:
    """``moved_to_year``'s turns, answered by the Dialogue's ``other_period`` over the Grid."""
    if not (t.followup and t.prev is not None and t.prev.value is not None and t.op == "lookup" and t.years) or \
            t.novel_subject or t.prev.program is None or not t.cache.get("tables"):
        return None
    grid = Grid.of(t.cache["tables"][0])
    on = onto_cells(t.prev.program, grid)
    if on is None or any(grid.col_years[c.col] in t.years for c in cells(on)):
        return None
    moved = other_period(on, grid, t.years[:1])
    return Plan(render(moved), moved.evidence(), "the Dialogue's other_period", program=moved) if moved else None


def _read_keeping_tables(example, off=frozenset()):
    t = _READ(example, off)
    t.cache["tables"] = example.context.tables
    return t


_READ = answer.read


def _strict(pred, ex) -> int:
    return strict_convfinqa(pred.raw if pred.answer is not None else "", ex.meta["exe_answer"], ex.question)[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(DEFAULT))
    args = ap.parse_args(argv)
    examples = load_native(args.file)
    answer.read = _read_keeping_tables
    both: collections.Counter = collections.Counter()
    try:
        for ex in examples:
            t = answer.read(ex)
            try:
                edited, own = period_edit(t), earlier.moved_to_year(t)
            except (ValueError, CalcError):
                continue
            if edited is None or own is None or own is earlier.NO_ANSWER:
                continue
            texts = [answer.compute(p, t) for p in (edited, own)]
            if None in texts:
                continue
            ok = [strict_convfinqa(x[0], ex.meta["exe_answer"], ex.question)[0] for x in texts]  # type: ignore[index]
            both[(half_of(ex.uid), "agree" if texts[0][0] == texts[1][0] else "differ", *ok)] += 1  # type: ignore[index]
        baseline = collections.Counter(half_of(ex.uid) for ex in examples if _strict(answer.answer_convfinqa(ex), ex))
        rows = list(answer.PATTERNS)
        rows.insert([p.name for p in rows].index("moved_to_year"),
                    answer.Pattern("period_edit", "", "", "", "", period_edit))
        shipped, answer.PATTERNS = answer.PATTERNS, tuple(rows)
        try:
            with_edit = collections.Counter(half_of(ex.uid) for ex in examples
                                            if _strict(answer.answer_convfinqa(ex), ex))
        finally:
            answer.PATTERNS = shipped
    finally:
        answer.read = _READ
    sizes = collections.Counter(half_of(ex.uid) for ex in examples)
    for half in "AB":
        agree = {k[2:]: v for k, v in both.items() if k[:2] == (half, "agree")}
        differ = {k[2:]: v for k, v in both.items() if k[:2] == (half, "differ")}
        print(f"half {half}: both propose on {sum(agree.values()) + sum(differ.values())} turns; agree on "
              f"{sum(agree.values())} ({agree.get((1, 1), 0)} right); differ on {sum(differ.values())} (edit right "
              f"{sum(v for k, v in differ.items() if k[0])}, moved_to_year right {sum(v for k, v in differ.items() if k[1])})")
        print(f"        strict EM: moved_to_year {100 * baseline[half] / sizes[half]:.2f}, the Dialogue's edit above "
              f"it {100 * with_edit[half] / sizes[half]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
