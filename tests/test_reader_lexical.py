"""The reader's word-level boundary features (reader/lexical.py)."""

from __future__ import annotations

from tabtext.engines.solver.reader.lexical import (
    end_features,
    last_word_prefix,
    question_words,
    shapes,
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
    assert {"pw=of", "fw=customer", "what|pw=of", "qt=of|pw=of", "ql=of|fw=customer"} == set(
        start_features(p, start, q))
    assert {"lw=names", "nw=.", "what|nw=.", "ql=of|nw=."} == set(end_features(p, len(p.low) - 1, q))
    spans = span_features(p, start, len(p.low) - 1, q, last_word_prefix(p, q))
    assert {"what_does|ss0|se1", "what|qlast_before", "qs:what|n7"} <= set(spans)


def test_the_question_class_is_its_wh_word_or_how_with_the_next_word():
    assert question_words("Who audited the accounts?").kind == "who"
    assert question_words("How many people are employed?").kind == "how_many"
    assert question_words("In 2019, when did the quarter end?").kind == "when"
    assert question_words("Did revenue rise?").kind == "other"


def test_span_shapes_tell_amounts_dates_names_and_causes():
    p = parse("The audit by KPMG LLP ended on March 30, 2019 at a cost of $1.2 million due to higher fees.")
    def shape(first: str, words: int) -> list[str]:
        st = p.low.index(first)
        return shapes(p, st, st + words)
    assert shape("kpmg", 2) == ["cap", "n3"]
    assert shape("march", 4)[0] == "date"
    assert shape("$1.2", 2)[0] == "num"
    assert shape("due", 5) == ["cause", "n7"]
