"""Does the paragraph reader hold up when the same text is laid out differently? (reports of other hands)

    PYTHONPATH=src python benchmarks/reader_robustness.py

The shipped reader on the open part's text-span questions (never the lockbox), once as TAT-QA gives them and
once per layout change that keeps the words: all paragraphs run into one, a sentence per paragraph, the order of
the paragraphs reversed, non-breaking spaces, line breaks after marks, straight quotes for curly ones, en dashes,
two spaces after a full stop, and the question lower-cased or without its question mark. Prints EM per layout
and the drop. Gold answers are not rewritten, so a layout that changes the answer's own characters costs the
questions whose answer holds them: curly quotes, and no-break spaces inside an amount (the official scorer reads
"$1.2 million" and "$1.2<nbsp>million" as different numbers).
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lockbox import dev_file, split  # noqa: E402
from text_spans_eval import answer_of, is_text_span, score  # noqa: E402

from tabtext.types import Paragraph  # noqa: E402

Layout = Callable[[list[Paragraph]], list[Paragraph]]
_SENTENCE_GAP = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def each_text(change: Callable[[str], str]) -> Layout:
    return lambda paragraphs: [dataclasses.replace(p, text=change(p.text)) for p in paragraphs]


def one_paragraph(paragraphs: list[Paragraph]) -> list[Paragraph]:
    return [dataclasses.replace(paragraphs[0], text=" ".join(p.text for p in paragraphs))] if paragraphs else []


def sentence_per_paragraph(paragraphs: list[Paragraph]) -> list[Paragraph]:
    return [dataclasses.replace(p, text=s) for p in paragraphs for s in _SENTENCE_GAP.split(p.text) if s]


LAYOUTS: dict[str, Layout] = {
    "as given": list,
    "one paragraph": one_paragraph,
    "sentence per paragraph": sentence_per_paragraph,
    "paragraphs reversed": lambda ps: ps[::-1],
    "non-breaking spaces": each_text(lambda t: t.replace(" ", "\xa0")),
    "line breaks after marks": each_text(lambda t: re.sub(r"(?<=[.;:])\s+", "\n", t)),
    "straight quotes": each_text(lambda t: t.replace("’", "'").replace("“", '"').replace("”", '"')),
    "en dashes": each_text(lambda t: t.replace(" - ", " – ")),
    "two spaces after a stop": each_text(lambda t: t.replace(". ", ".  ")),
}
QUESTIONS: dict[str, Callable[[str], str]] = {
    "question lower-cased": str.lower,
    "question without ?": lambda q: q.rstrip(" ?"),
}


def exact_share(questions: Sequence, layout: Layout = list, reword: Callable[[str], str] = str) -> float:
    from tabtext.engines.solver.reader import read

    right = 0.0
    for e in questions:
        top = read(reword(e.question), layout(list(e.context.paragraphs)), k=1, multi=False)
        right += score(e, answer_of(e, top))[0]
    return 100 * right / len(questions)


def main() -> int:
    from tabtext.benchmarks.tatqa import load

    path = dev_file()
    if not path.exists():
        print(f"error: {path} not found; set TABTEXT_DATA to the folder holding tatqa/", file=sys.stderr)
        return 2
    open_part, _ = split(load(path))
    questions = [e for e in open_part if is_text_span(e) and e.meta["answer_type"] == "span"]
    base = exact_share(questions)
    print(f"{len(questions)} open text-span questions, shipped reader; EM and drop against the text as given")
    rows = [(name, exact_share(questions, layout)) for name, layout in LAYOUTS.items()]
    rows += [(name, exact_share(questions, reword=f)) for name, f in QUESTIONS.items()]
    for name, em in rows:
        print(f"  {name:26s} EM {em:5.1f}  drop {base - em:+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
