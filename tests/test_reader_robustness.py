"""benchmarks/reader_robustness.py: every layout change keeps the words of the text, only their layout changes."""

from __future__ import annotations

import pytest

from benchmark_util import load_benchmark
from tabtext.types import Paragraph

TEXT = [Paragraph("1", "Revenue rose 5% to $1.2 million. It was driven by “new” customers - mainly in Asia."),
        Paragraph("2", "Costs fell; margins improved: see Note 4. The U.S. business grew.")]


@pytest.fixture(scope="module")
def robustness():
    return load_benchmark("reader_robustness")


def _words(paragraphs: list[Paragraph]) -> list[str]:
    table = str.maketrans("’“”–", "'\"\"-")
    return " ".join(p.text for p in paragraphs).translate(table).split()


@pytest.mark.parametrize("name", ["as given", "one paragraph", "sentence per paragraph", "non-breaking spaces",
                                  "line breaks after marks", "straight quotes", "en dashes",
                                  "two spaces after a stop"])
def test_a_layout_keeps_every_word_in_order(robustness, name):
    assert _words(robustness.LAYOUTS[name](list(TEXT))) == _words(TEXT)


def test_the_layouts_that_move_text_do_move_it(robustness):
    assert len(robustness.one_paragraph(list(TEXT))) == 1
    assert len(robustness.sentence_per_paragraph(list(TEXT))) == 4
    assert robustness.LAYOUTS["paragraphs reversed"](list(TEXT))[0] is TEXT[1]
    assert "\xa0" in robustness.LAYOUTS["non-breaking spaces"](list(TEXT))[0].text
