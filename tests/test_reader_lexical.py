"""The reader's word-level boundary features (reader/lexical.py)."""

from __future__ import annotations

from tabtext.engines.solver.reader.lexical import (
    end_features,
    question_words,
    span_features,
    start_features,
    word,
)
from tabtext.engines.solver.reader.parse import parse


def test_question_words_are_its_first_two_and_its_last_word_without_marks():
    q = question_words("What does goodwill consist of?")
    assert (q.first, q.head, q.last) == ("what", "what_does", "of")
    assert question_words("?").first == ""


def test_amounts_years_and_sentence_edges_are_word_classes():
    p = parse("Revenue was $1,250 in 2019.")
    assert [word(p, i) for i in range(-1, len(p.low) + 1)] == ["<s>", "revenue", "was", "<num>", "in", "<year>",
                                                              ".", "</s>"]


def test_edge_words_are_crossed_with_the_question():
    p = parse("Goodwill consists of customer lists and trade names.")
    q = question_words("What does goodwill consist of?")
    start = p.low.index("customer")
    assert {"pw=of", "fw=customer", "what|pw=of", "qt=of|pw=of"} == set(start_features(p, start, q))
    assert {"lw=names", "nw=.", "what|nw=."} == set(end_features(p, len(p.low) - 1, q))
    assert "what_does|ss0|se1" in span_features(p, start, len(p.low) - 1, q)
