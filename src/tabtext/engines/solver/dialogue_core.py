"""The single-question answer for a user's table, from the TAT-QA core, as a Program.

The core is being rewritten to produce Programs itself (``Prediction.meta["program"]``); until it does, its
answer is rebuilt from its evidence cells and operator, and kept only when that Program computes the same
answer. Anything else becomes an opaque Program (a constant or a span) that later turns can still refer to.
"""

from __future__ import annotations

from ...numbers import parse_number
from ...types import Context, Evidence, Example, Prediction
from .dialogue_edit import Grid
from .lexicon import content_tokens
from .program import Cell, Const, Program, Span

_OPS = {"diff": "subtract", "change_ratio": "change_ratio", "sum": "add", "average": "average",
        "divide": "divide", "percent_of": "percent_of", "cell": "lookup"}


def ask_core(question: str, context: Context) -> Prediction:
    """The one door to the TAT-QA core for a standalone question."""
    from .tatqa import answer_example

    return answer_example(Example(uid="ask", question=question, context=context, meta={"benchmark": "tatqa"}))


def as_program(pred: Prediction, grid: Grid | None) -> Program | None:
    given = pred.meta.get("program")
    if isinstance(given, Program):
        return given
    if isinstance(given, dict):
        return Program.from_json(given)
    a = pred.answer
    if a is None:
        return None
    op = _OPS.get(str(pred.meta.get("operator", "")))
    cells = [grid.cell(e.row, e.col) for e in pred.evidence
             if grid is not None and e.kind == "cell" and 0 <= e.row < grid.table.n_rows and 0 <= e.col < grid.table.n_cols]
    if op and cells and len(cells) == len(pred.evidence):
        for args in (cells, cells[::-1]):
            program = Program(op, tuple(args), a.scale, pattern="core")
            if _same(program, a.text()):
                return program
    value = parse_number(a.text()) if not isinstance(a.value, tuple) or len(a.value) == 1 else None
    if value is not None and not a.text().strip().isalpha():
        return Program("lookup", (Const(value, a.text()),), a.scale, pattern="core")
    texts = a.value if isinstance(a.value, tuple) else (a.text(),)
    evidence = [e for e in pred.evidence if e.kind == "text"]
    spans = tuple(Span(e.paragraph, e.start, e.end, e.text) for e in evidence) if len(evidence) == len(texts) else \
        tuple(Span(-1, 0, 0, t) for t in texts)
    return Program("spans" if len(spans) > 1 else "span", spans, a.scale, pattern="core")


def _same(program: Program, text: str) -> bool:
    try:
        got = program.run()
    except Exception:  # a program the evidence cannot compute is simply not the core's program
        return False
    want, have = parse_number(text), parse_number(got.text())
    return want is not None and have is not None and abs(want - have) < 0.006 + 1e-9 * abs(want)


def coverage(question: str, program: Program, context: Context, evidence: tuple[Evidence, ...] = ()) -> float:
    """Share of the question's subject words found around the answer: its operands' labels, the labels of its
    evidence cells, the paragraphs it quotes."""
    words = set(content_tokens(question))
    if not words:
        return 0.0
    grid = Grid.of(context.table) if context.table is not None and context.table.rows else None
    labels = [f"{a.row_label} {a.col_label}" for a in _leaves(program) if isinstance(a, Cell)]
    labels += [f"{grid.row_labels[e.row]} {grid.col_labels[e.col]}" for e in evidence if grid is not None and
               e.kind == "cell" and 0 <= e.row < len(grid.row_labels) and 0 <= e.col < len(grid.col_labels)]
    paragraphs = {a.paragraph for a in _leaves(program) if isinstance(a, Span)}
    paragraphs |= {e.paragraph for e in evidence if e.kind == "text"}
    labels += [context.paragraphs[i].text for i in paragraphs if isinstance(i, int) and 0 <= i < len(context.paragraphs)]
    if context.table is not None:
        labels.append(context.table.caption)
    seen = {w for text in labels for w in content_tokens(text)}
    return len(words & seen) / len(words)


def _leaves(program: Program) -> list:
    out: list = []
    for a in program.args:
        out.extend(_leaves(a) if isinstance(a, Program) else [a])
    return out
