"""A figure per thing the text counts: "the surplus per young member" or "how many sessions did each
physiotherapist deliver" of a table with no line of those things, over a text that counts them ("around ninety
young members", "six physiotherapists"): the figure read over that count."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .types import Answer

_NOT_COUNTED = r"(?:cent|share|unit|annum|year|quarter|month|half|week|day|season|period|of|the|a|an)\b"
_PER_THING = re.compile(rf"\b(?:per|each|every)\s+(?!{_NOT_COUNTED})([a-z][a-z-]+(?:\s+(?!{_NOT_COUNTED}|in\b|for\b|"
                        r"during\b|over\b|at\b|on\b|from\b|to\b|by\b|last\b|this\b)[a-z][a-z-]+)?)", re.I)
_READ_AS_IT_IS = ("lookup", "sum")  # a figure already over something ("divide", a change) is not a total to share


def per_counted_thing(question: str, answer: Answer | None, program: dict | None, paragraphs: Sequence[str]
                      ) -> tuple[Answer | None, dict | None]:
    """(the answer over the one count the text gives of the thing asked "per" / "each", its Program as JSON); the
    answer and Program as they are when the question asks no such thing, the figure already names it, or the text
    counts it not once."""
    m = _PER_THING.search(question)
    if answer is None or m is None or not isinstance(program, dict) or program.get("op") not in _READ_AS_IT_IS or \
            answer.scale == "percent":
        return answer, program
    from .engines.solver.patterns.textnum import counts_of
    from .engines.solver.program.program import Cell, Program, TextNumber

    figure = Program.from_json(program)
    hits = {(i, s, e, value) for i, text in enumerate(paragraphs) for value, _, s, e in counts_of(m.group(1), text)}
    if len({value for *_, value in hits}) != 1 or not next(iter(hits))[3]:
        return answer, program
    i, s, e, value = min(hits)
    thing = _stems(m.group(1)) & _stems(" ".join(paragraphs[i][e:].split()[:2]))
    if not figure.args or any(not isinstance(a, Cell) or thing & _stems(a.row_label) for a in figure.args):
        return answer, program  # a line of the thing ("Revenue per member") is read as it is
    per = Program("divide", (figure, TextNumber(i, s, e, paragraphs[i][s:e], value)), "", "per_counted_thing")
    try:
        return per.run(), per.to_json()
    except Exception:  # noqa: BLE001 - a Program that cannot run leaves the figure as it was
        return answer, program


def _stems(text: str) -> set[str]:
    from .engines.solver.lexicon.words import content_tokens, root

    return {root(w) for w in content_tokens(text)}
