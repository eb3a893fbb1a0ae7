"""How a real model's replies are read: the prompt styles, the turn stop, formulas, unit words, the last-number
fallback only for amounts."""

import pytest

from tabtext.engines import prompts, replies
from tabtext.engines.openai import OpenAIEngine
from tabtext.types import Context, Example, Paragraph, Table, Turn

TABLE = Table.from_rows([["", "2019", "2018"], ["Revenue ($ million)", "1,496.5", "1,200"]])


def tatqa(question):
    return Example(uid="u", question=question, meta={"benchmark": "tatqa"},
                   context=Context(tables=(TABLE,), paragraphs=(Paragraph("p", "Revenue grew.", 1),)))


CHANGE = tatqa("What was the percentage change in revenue?")
NAMES = tatqa("Which countries does the company operate in?")


@pytest.mark.parametrize("text,value,scale,from_text", [
    ('{"answer": "1,496.5 million", "scale": "", "derivation": ""}', "1496.5", "million", True),
    ('{"answer": "1.90%", "scale": "", "derivation": ""}', "1.9", "percent", True),
    ('{"answer": ["$1,452.4 million"], "scale": ""}', "1452.4", "million", True),
    ('{"answer": "1,496.5 million", "scale": "million"}', "1496.5", "million", False),
    ('{"answer": "2019", "scale": ""}', "2019", "", False),
])
def test_an_empty_scale_is_read_from_the_answers_own_unit_words(text, value, scale, from_text):
    answer, name, notes = replies.read(CHANGE, text)
    assert (answer.value, answer.raw, answer.scale, name) == (value, value, scale, "json_strict")
    assert bool(notes.get("scale_from_text")) is from_text


def test_a_formula_in_the_answer_is_computed_by_calc():
    text = '{"answer": (73260 - 57768) / 57768 * 100, "scale": "percent", "derivation": ""}'  # not JSON
    answer, name, notes = replies.read(CHANGE, text)
    assert (answer.value, answer.scale, name) == ("26.8176", "percent", "json_formula")
    assert notes["formula"] == "(73260 - 57768) / 57768 * 100" and answer.derivation == notes["formula"]
    quoted, _, _ = replies.read(CHANGE, '{"answer": "(1,200 - 1,000) / 1,000 * 100", "scale": "percent"}')
    assert quoted.value == "20"


def test_the_last_number_fallback_is_only_for_questions_about_an_amount():
    prose = "The company operates in:\n1. Sri Lanka\n2. India\n3. Bangladesh"
    answer, name = replies.extract(NAMES, prose)
    assert name == "raw_text" and "Sri Lanka" in answer.value  # not '3', the list's numbering
    answer, name = replies.extract(CHANGE, "In 2019 revenue rose by about 24.7%")
    assert (name, answer.value, answer.scale) == ("last_number", "24.7", "percent")


def test_fair_prompt_has_no_worked_example_and_official_is_the_first_prompt_unchanged():
    fair = prompts.messages_for(CHANGE)[0]["content"]
    assert "62" not in fair and "28" not in fair and '"percent"' in fair and '"million"' in fair
    assert prompts.messages_for(CHANGE, style="official")[0]["content"] == prompts.TATQA_SYSTEM
    assert "(62+28)/2" in prompts.TATQA_SYSTEM
    assert prompts.messages_for(CHANGE)[1] == prompts.messages_for(CHANGE, style="official")[1]  # same layout


def test_chatrag_transcript_prompts_stop_at_the_next_user_turn_and_name_the_prompt():
    ex = Example(uid="c", question="and in 2018?", meta={"benchmark": "chatrag", "dataset": "convfinqa"},
                 history=(Turn("user", "what was revenue in 2019?"), Turn("assistant", "1496.5")),
                 context=Context(paragraphs=(Paragraph("1", "revenue 1496.5 and 1200", 1, title="t"),)))
    fair = OpenAIEngine(model="m", base_url="http://127.0.0.1:9/v1").payload_for(ex)
    official = OpenAIEngine(model="m", base_url="http://127.0.0.1:9/v1", prompt="official").payload_for(ex)
    assert fair["stop"] == ["\nUser:", "\n\nUser:"] and "stop" not in official
    assert fair["messages"] == official["messages"] == prompts.chatrag_messages(ex)  # the official string kept
    assert prompts.prompt_name(ex, "fair") == "chatrag:official+turn-stop"
    assert prompts.prompt_name(CHANGE, "official") == "tatqa:official"
    assert "stop" not in OpenAIEngine(model="m", base_url="http://127.0.0.1:9/v1").payload_for(CHANGE)


def test_the_run_provenance_counts_the_scales_read_from_the_answer_text():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from fake_openai import FakeOpenAI, make_examples

    with FakeOpenAI(reply=lambda messages: '{"answer": "1.90%", "scale": "", "derivation": ""}') as server:
        engine = OpenAIEngine(model="m", base_url=server.base_url)
        preds = engine.answer(make_examples(3))
    assert all(p.answer.scale == "percent" and p.meta["scale_from_text"] for p in preds)
    assert engine.provenance()["scale read from the answer text"] == 3
    assert engine.provenance()["prompt"] == ["tatqa:fair"]


def test_a_year_asked_for_has_no_scale_whatever_the_field_says():
    answer, _, notes = replies.read(tatqa("In which year was revenue larger?"), '{"answer": "2019", "scale": "million"}')
    assert answer.scale == "" and notes["scale_dropped"] == "a year"
    amount, _, _ = replies.read(tatqa("What was revenue in 2019?"), '{"answer": "2019", "scale": "million"}')
    assert amount.scale == "million"  # not a question about a year: the model's scale stands
