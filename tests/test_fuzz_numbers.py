"""numbers: the linear footnote rule reads exactly as the old regex did; no text makes the readers raise."""

from __future__ import annotations

import math
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tabtext.numbers import _drop_footnote, detect_scale, find_numbers, parse_number

QUADRATIC_FOOTNOTE = re.compile(r"(?:\(\w\)|\[\w{1,2}\]|\*+|†|‡)\s*$")


@settings(max_examples=400, derandomize=True, database=None)
@given(st.text(alphabet="12(a)[b]*†‡ \t,.$%-", max_size=14))
def test_footnote_marks_are_dropped_as_the_regex_did(text):
    assert _drop_footnote(text).strip() == QUADRATIC_FOOTNOTE.sub("", text).strip()


@settings(max_examples=300, derandomize=True, database=None)
@given(st.one_of(st.text(max_size=60), st.sampled_from(["*" * 5000 + "x", "(1" * 3000, "9" * 400, "1e999"])))
def test_number_readers_never_raise(text):
    value = parse_number(text)
    assert value is None or isinstance(value, float) and math.isfinite(value)
    assert all(isinstance(v, float) for v, _, _ in find_numbers(text))
    assert detect_scale(text) in ("", "thousand", "million", "billion", "percent")
