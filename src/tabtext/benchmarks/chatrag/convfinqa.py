"""ConvFinQA for ChatRAG-Bench: the native Program-of-Thoughts dev file and the ChatRAG release items -> Examples.

One Example per turn. Like the release, earlier assistant turns hold the *gold* formulas (teacher forcing), so a
native dialogue and its release items give the same history. The gold of a turn is its program run by
``tabtext.calc.run_program``; ``Answer.value`` is the ChatQA-style infix formula and ``raw`` the exe_answer
(rounded to 5 decimals as in the release, or "yes"/"no").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from ...calc import CalcError, run_program
from ...errors import DataError, FormatError
from ...types import Answer, Context, Example, Paragraph, Table, Turn
from ..files import read_json

_OPS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", ">": "greater"}
_INFIX = {"add": "+", "subtract": "-", "multiply": "*", "divide": "/"}
_NUMBER = r"-?(?:\d+(?:\.\d*)?|\.\d+)%?"
_STATEMENT = re.compile(rf"^\s*(\w+)\s*=\s*(\w+|{_NUMBER})\s*(?:([-+*/>])\s*(\w+|{_NUMBER}))?\s*$")


def program_steps(program: str) -> list[str]:
    """``x0 = 5 - 3; ans = x0 / 3`` -> ``["subtract(5, 3)", "divide(#0, 3)"]`` (ConvFinQA notation)."""
    steps: list[str] = []
    names: dict[str, str] = {}
    for statement in (s for s in program.split(";") if s.strip()):
        m = _STATEMENT.match(statement)
        if not m:
            raise CalcError(f"not a one-operation statement: {statement.strip()!r}")
        target, a, op, b = m.groups()
        args = [names.get(x, x) for x in (a, b) if x is not None]
        if op is None:
            steps.append(args[0])
        else:
            steps.append(f"{_OPS[op]}({args[0]}, {args[1]})")
        names[target] = f"#{len(steps) - 1}"
    return steps


def chatqa_formula(steps: Sequence[str]) -> str:
    """ConvFinQA steps -> the infix formula ChatRAG-Bench stores as the gold answer (its quirks kept, see README)."""
    if not any(re.match(r"(add|subtract|multiply|divide)\(", s) for s in steps):
        return ", ".join(steps)
    texts: list[str] = []
    for step in steps:
        m = re.fullmatch(r"(\w+)\((.*), (.*)\)", step)
        if not m:
            texts.append(step)
            continue
        op, a, b = m.groups()
        infix = _INFIX.get(op, "*")

        def ref(x: str, infix: str = infix) -> str:
            k = re.fullmatch(r"#(\d+)", x)
            if not k:
                return x
            text = texts[int(k.group(1))]
            return f"({text})" if infix in "*/" else text

        left = (op + a) if op not in _INFIX else ref(a)
        texts.append(f"{left} {infix} {ref(b)}")
    return texts[-1]


def exe_answer(value: float | str) -> float | str:
    return value if isinstance(value, str) else round(float(value), 5)


def parse_table(text: str, table_id: str = "") -> Table | None:
    """A pipe-linearised table (``a | b`` rows, or markdown ``| a | b |``); the first row is the header."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if not line or re.fullmatch(r"\|?[\s:|-]*-[\s:|-]*\|?", line):
            continue
        if line.startswith("|") and line.endswith("|"):
            line = line[1:-1]
        rows.append(tuple(c.strip() for c in line.split("|")))
    return Table.from_rows(rows, id=table_id) if rows else None


def _split_context(text: str) -> tuple[list[str], list[str]]:
    """A release context chunk -> (table lines, text parts between them)."""
    table, parts, current = [], [], []
    for line in text.splitlines():
        if line.count("|") >= 2 or " | " in line:
            table.append(line)
            if current:
                parts.append("\n".join(current))
                current = []
        elif line.strip():
            current.append(line)
    if current:
        parts.append("\n".join(current))
    return table, parts


def _example(dialogue_id: str, turn: int, question: str, history: tuple[Turn, ...], context: Context,
             formula: str, value: object, extra: dict | None = None) -> Example:
    meta = {"benchmark": "chatrag", "dataset": "convfinqa", "exe_answer": value, "dialogue_id": dialogue_id,
            "turn": turn, **(extra or {})}
    return Example(uid=f"{dialogue_id}#{turn}", question=question, context=context,
                   gold=(Answer(value=formula, raw=value),), history=history, meta=meta)


def load_native(path: str | Path) -> list[Example]:
    """The Program-of-Thoughts ConvFinQA file (``questions``, ``programs``, ``text``, ``table``, ``id``)."""
    path = Path(path)
    data = read_json(path)
    if not isinstance(data, list):
        raise FormatError(path, None, "expected a JSON list of dialogues with 'questions' and 'programs'")
    examples: list[Example] = []
    for i, item in enumerate(data):
        record = item.get("id", i) if isinstance(item, dict) else i
        if not isinstance(item, dict) or not {"questions", "programs", "id"} <= set(item):
            raise DataError(path, record, "a dialogue needs 'id', 'questions' and 'programs'")
        questions, programs = item["questions"], item["programs"]
        if not isinstance(questions, list) or not isinstance(programs, list) or len(questions) != len(programs):
            raise DataError(path, record, "'questions' and 'programs' must be lists of the same length")
        table = parse_table(str(item.get("table", "")), table_id=f"{item['id']}/table")
        text = str(item.get("text", "")).strip()
        context = Context(tables=(table,) if table else (),
                          paragraphs=(Paragraph(id=f"{item['id']}/text", text=text, order=1),) if text else ())
        history: list[Turn] = []
        for t, (question, program) in enumerate(zip(questions, programs)):
            try:
                value = exe_answer(run_program(str(program)))
                formula = chatqa_formula(program_steps(str(program)))
            except CalcError as exc:
                raise DataError(path, f"{record} turn {t}", f"program {program!r} does not run: {exc}") from None
            examples.append(_example(str(item["id"]), t, str(question), tuple(history), context, formula, value,
                                     {"program": program}))
            history += [Turn("user", str(question)), Turn("assistant", formula)]
    return examples


def load_release(items: Sequence[dict], path: str | Path = "<items>") -> list[Example]:
    """ChatRAG-Bench release items (``messages``, ``ctxs``, ``answers`` = [formula], ``exe_answer``)."""
    examples: list[Example] = []
    counters: dict[str, int] = {}
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise DataError(path, i, "an item must be an object with 'messages', 'answers' and 'exe_answer'")
        messages = item.get("messages")
        if not isinstance(messages, list) or not messages or not all(isinstance(m, dict) for m in messages):
            raise DataError(path, i, "'messages' must be a non-empty list of {role, content}")
        if messages[-1].get("role") != "user":
            raise DataError(path, i, "the conversation must end with the user turn to answer")
        answers = item.get("answers", item.get("answer"))
        if isinstance(answers, str):
            answers = [answers]
        if not answers or "exe_answer" not in item:
            raise DataError(path, i, "ConvFinQA items need 'answers' (the gold formula) and 'exe_answer'")
        tables, parts = [], []
        for c, ctx in enumerate(item.get("ctxs") or []):
            lines, texts = _split_context(str(ctx.get("text", "")) if isinstance(ctx, dict) else str(ctx))
            table = parse_table("\n".join(lines), table_id=f"ctx{c}/table")
            if table:
                tables.append(table)
            parts += texts
        context = Context(tables=tuple(tables),
                          paragraphs=tuple(Paragraph(id=f"p{j}", text=t, order=j + 1) for j, t in enumerate(parts)))
        history = tuple(Turn("assistant" if m.get("role") == "assistant" else "user", str(m.get("content", "")))
                        for m in messages[:-1])
        dialogue_id = str(item.get("dialogue_id", item.get("id", "")))
        if not dialogue_id:  # the release has no ids: consecutive items whose history grows are one dialogue
            dialogue_id = f"item{i}" if len(messages) == 1 else f"item{i - len(messages) // 2}"
        turn = int(item.get("turn", counters.get(dialogue_id, len(messages) // 2)))
        counters[dialogue_id] = turn + 1
        examples.append(_example(dialogue_id, turn, str(messages[-1].get("content", "")), history, context,
                                 str(answers[0]), item["exe_answer"]))
    return examples
