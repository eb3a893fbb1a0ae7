"""serve's request readers on fuzzed bodies: a Table/Example or BadInput (a 4xx), never another exception."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabtext.serve_guard import BadInput, Limits
from tabtext.server import example_from_answer_request, example_from_messages

LIMITS = Limits(cells=2_000, rows=200, cols=50, cell_chars=500)
cells = st.one_of(st.text(max_size=12), st.sampled_from(["1,234.5", "(19)", "|", ",", "9" * 600, "\n"]),
                  st.integers(), st.floats(), st.none(), st.booleans())
json_values = st.recursive(cells, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                          st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=20)
lines = st.lists(st.one_of(st.lists(cells.map(str), max_size=8).map(lambda r: "| " + " | ".join(r) + " |"),
                           st.lists(cells.map(str), max_size=8).map(",".join), st.text(max_size=40)), max_size=12)
contents = st.tuples(lines, st.text(max_size=30)).map(lambda t: "\n".join(t[0]) + "\nQuestion: " + t[1])
messages = st.one_of(json_values, st.lists(st.fixed_dictionaries({
    "role": st.sampled_from(["user", "system", "assistant", "bot"]),
    "content": st.one_of(contents, json_values)}), max_size=3))
answer_bodies = st.one_of(json_values, st.fixed_dictionaries({
    "question": st.one_of(st.text(max_size=20), json_values),
    "table": st.one_of(st.lists(st.lists(cells, max_size=60), max_size=60), contents, json_values),
    "paragraphs": st.one_of(st.lists(st.text(max_size=20), max_size=3), json_values),
    "history": st.one_of(st.just([]), json_values)}))


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(messages)
def test_chat_messages_become_an_example_or_bad_input(value):
    try:
        example = example_from_messages(value, LIMITS)
    except BadInput:
        return
    assert sum(t.n_rows * t.n_cols for t in example.context.tables) <= LIMITS.cells


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(answer_bodies)
def test_answer_bodies_become_an_example_or_bad_input(value):
    try:
        example = example_from_answer_request(value, LIMITS)
    except BadInput:
        return
    assert all(t.n_rows <= LIMITS.rows and t.n_cols <= LIMITS.cols for t in example.context.tables)
