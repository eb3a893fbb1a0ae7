"""The text-span answerer on hand-written paragraphs: sentence split, span trimming, cue phrases, lists."""

from __future__ import annotations

import pytest

from tabtext.engines.solver.reader.multi_span import expected_items, split_list
from tabtext.engines.solver.reader.score import TextSpan, answer_text, is_multi_span_question
from tabtext.engines.solver.reader.sentences import TOKEN_RE, bm25_rank, split_sentences
from tabtext.types import Paragraph


def paras(*texts: str) -> tuple[Paragraph, ...]:
    return tuple(Paragraph(id=str(i), text=t, order=i + 1) for i, t in enumerate(texts))


def best(question: str, *texts: str) -> TextSpan:
    spans = answer_text(question, paras(*texts))
    assert spans, "no candidate"
    return spans[0]


def test_sentences_keep_abbreviations_and_decimals():
    text = "Revenue in the U.S. rose 3.5% to $1.2 billion. Acme Inc. is based in Ohio. Costs fell."
    sents = split_sentences(text)
    assert [s.text for s in sents] == ["Revenue in the U.S. rose 3.5% to $1.2 billion.",
                                        "Acme Inc. is based in Ohio.", "Costs fell."]
    assert all(text[s.start:s.end] == s.text for s in sents)


def test_tokens_keep_amounts_whole():
    toks = TOKEN_RE.findall("RMB16,664 million (2018: £12.4m), S$1.75 billion and 49% in 2019.")
    assert "RMB16,664" in toks and "£12.4" in toks and "S$1.75" in toks and "49%" in toks and "2019" in toks


def test_bm25_ranks_the_matching_sentence_first():
    sents = split_sentences("The weather was fine. Depreciation expense was $5 million in 2019. Sales grew.")
    assert bm25_rank("What was the depreciation expense in 2019?", sents)[0][1] == 1


def test_offsets_point_into_the_paragraph():
    ps = paras("Unrelated opening text.", "Our principal executive offices are located in San Diego, California.")
    for span in answer_text("Where are the principal executive offices located?", ps)[:20]:
        assert ps[span.paragraph].text[span.start:span.end] == span.text


def test_amount_is_trimmed_from_its_sentence():
    span = best("What was the amount of depreciation expense in 2019?",
                "Depreciation expense was $510 million in 2019 and $480 million in 2018.",
                "The company has offices in three countries.")
    assert span.text == "$510 million"


def test_due_to_clause_answers_why():
    span = best("Why did interest expense increase in 2019?",
                "Interest expense increased in 2019 primarily due to a higher average debt balance.",
                "Revenue was flat.")
    assert "higher average debt balance" in span.text
    assert not span.text.lower().startswith("interest expense")


def test_consists_of_gives_the_list_after_the_cue():
    span = best("What does the cost of products revenue consist of?",
                "Cost of products revenue consists of third-party manufacturing costs and inventory costs.")
    assert span.text.startswith("third-party manufacturing")  # the end may stop early: see the report


def test_date_question_gets_a_date():
    span = best("When did the Group complete the share buy-back?",
                "On 27 May 2019, the Group completed a share buy-back of 58,733,844 ordinary shares.")
    assert "May 2019" in span.text and "buy-back" not in span.text


def test_multi_span_respectively_takes_one_amount_per_year():
    ps = paras("The valuation allowance was $31.4 million and $28.5 million in 2019 and 2018, respectively.")
    spans = answer_text("What was the valuation allowance in 2019 and 2018 respectively?", ps, multi=True)
    assert [s.text for s in spans] == ["$31.4 million", "$28.5 million"]


def test_multi_span_list_is_split_into_items():
    ps = paras("We operate in three regions: United States, Europe and Japan.")
    spans = answer_text("What are the regions in which the company operates?", ps, multi=True)
    assert [s.text for s in spans] == ["United States", "Europe", "Japan"]


@pytest.mark.parametrize(("question", "expected"), [
    ("What was the depreciation expense in 2019, 2018 and 2017 respectively?", True),
    ("What are the contract types?", True),
    ("What was the federal, state and foreign tax credit carryforwards in 2019 respectively?", True),
    ("What was the change in revenue between 2018 and 2019?", False),
    ("Why did revenue increase?", False),
    ("Were there any impairment charges in 2019 and 2018?", False),
])
def test_is_multi_span_question(question, expected):
    assert is_multi_span_question(question) is expected


def test_expected_items_counts_the_asked_list():
    assert expected_items("What was the federal, state and foreign tax credit in 2019 respectively?") == 3
    assert expected_items("What was X in 2019 and 2018?") == 2
    assert split_list("fixed-price type, cost-plus type and time-and-material type.") == [
        "fixed-price type", "cost-plus type", "time-and-material type"]


def test_empty_paragraphs_give_no_span():
    assert answer_text("What is it?", ()) == []
    assert answer_text("What is it?", paras("")) == []
