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


@pytest.mark.parametrize("text,value,scale,note", [
    ('{"answer": "1.90%", "scale": "", "derivation": ""}', "1.9", "percent", "scale_from_text"),
    ('{"answer": "1,496.5 million", "scale": ""}', "1,496.5 million", "", "unit_in_answer"),
    ('{"answer": ["$1,452.4 million"], "scale": ""}', "$1,452.4 million", "", "unit_in_answer"),
    ('{"answer": "85.1 million", "scale": "thousand"}', "85.1 million", "", "unit_in_answer"),
    ('{"answer": "2019", "scale": ""}', "2019", "", None),
])
def test_the_answers_own_unit_words_give_its_scale(text, value, scale, note):
    """'%' is the scale when the field is empty; a magnitude word keeps the span as TAT-QA writes one ('$480
    million', scale none), outranking a field that says otherwise."""
    answer, name, notes = replies.read(CHANGE, text)
    assert (answer.value, answer.raw, answer.scale, name) == (value, value, scale, "json_strict")
    assert set(notes) & {"scale_from_text", "unit_in_answer"} == ({note} if note else set())


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
    fair_user = prompts.messages_for(CHANGE)[1]["content"]
    official_user = prompts.messages_for(CHANGE, style="official")[1]["content"]
    assert fair_user.startswith(official_user) and prompts.HINTS_START not in official_user  # same layout
    assert "derivation" not in fair  # not scored; a small model fills it with copied paragraphs


def with_context(question, rows, paragraph="Revenue grew."):
    return Example(uid="u", question=question, meta={"benchmark": "tatqa"},
                   context=Context(tables=(Table.from_rows(rows),), paragraphs=(Paragraph("p", paragraph, 1),)))


@pytest.mark.parametrize("rows,paragraph,unit", [
    ([["($ in millions)", "2019"], ["Revenue", "1,200"]], "Revenue grew.", "million"),
    ([["", "2019"], ["", "$'000"], ["Revenue", "1,200"]], "Revenue grew.", "thousand"),
    ([["", "2019"], ["Revenue", "1,200"]], "The table below is in thousands:", "thousand"),
    ([["", "2019"], ["Revenue", "1,200"]], "Revenue grew by $2.2 billion.", ""),  # an amount, not the unit
])
def test_the_fair_prompt_says_the_unit_the_report_states(rows, paragraph, unit):
    example = with_context("What was revenue in 2019?", rows, paragraph)
    user = prompts.messages_for(example)[1]["content"]
    hints = user[user.index(prompts.HINTS_START):]
    assert (f'Choose "scale" from: "{unit}" for an amount' in hints) if unit else ("states no unit" in hints)


@pytest.mark.parametrize("question,shape", [
    ("What was the percentage change in revenue from 2018 to 2019?", "(new - old) / old * 100"),
    ("What is the average revenue for 2018 and 2019?", "/ count"),
    ("What was the change in revenue from 2018 to 2019?", "new - old"),
    ("What was revenue in 2019 and 2018 respectively?", "one value from the report for each item asked"),
    ("In which year was revenue larger?", "the one year asked for"),
    ("In which years was revenue calculated?", "a list of every year the question asks about"),
    ("What are the contract types?", "exact words or number copied"),
])
def test_the_fair_prompt_names_the_shape_of_answer_the_question_asks_for(question, shape):
    user = prompts.messages_for(tatqa(question))[1]["content"]
    assert shape in user[user.index(prompts.HINTS_START):]
    assert user.index("Question: " + question) < user.index(prompts.HINTS_START)  # after it: a shared prefix


def test_serve_and_the_fake_server_read_the_fair_prompt_without_its_hints():
    import sys
    from pathlib import Path

    from tabtext.server import parse_user_message

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import fake_openai

    assert fake_openai.question_of(prompts.messages_for(CHANGE)) == CHANGE.question
    example = parse_user_message(prompts.messages_for(CHANGE)[1]["content"])
    assert example.question == CHANGE.question


def test_a_scale_belongs_to_a_number_not_to_words():
    answer, _, notes = replies.read(NAMES, '{"answer": ["Sri Lanka", "India"], "scale": "percent"}')
    assert answer.scale == "" and notes["scale_dropped"] == "no number"
    numbers, _, _ = replies.read(NAMES, '{"answer": ["1,200", "1,100"], "scale": "million"}')
    assert numbers.scale == "million"


def test_a_formula_with_a_wrong_result_is_computed_from_the_formula():
    answer, _, notes = replies.read(CHANGE, '{"answer": "1073.3 - 1095.0 = 82.3", "scale": "million"}')
    assert (answer.value, answer.scale, notes["formula"]) == ("-21.7", "million", "1073.3 - 1095.0")
    template, _, _ = replies.read(CHANGE, '{"answer": "new - old = 680 - 774 = -96", "scale": "million"}')
    assert template.value == "-94"  # the template copied first, then the formula with the report's numbers
    rates, _, notes = replies.read(CHANGE, '{"answer": "4.00% - 3.75% = 0.25%", "scale": ""}')
    assert (rates.value, rates.scale, notes["scale_from_text"]) == ("0.25", "percent", True)


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


RATES = with_context("What was the average dividend yield?", [["($ in millions)", "2019", "2018"],
                                                               ["Dividend yield", "1.7%", "1.5%"],
                                                               ["Revenue", "1,496.5", "1,200"]])


@pytest.mark.parametrize("example,text,scale", [
    (with_context("What was revenue in 2019?", RATES.context.tables[0].rows), '{"answer": "1,496.5", "scale": ""}',
     "million"),  # the table's unit line
    (RATES, '{"answer": "(1.7 + 1.5) / 2", "scale": ""}', "percent"),  # computed from cells written with '%'
    (with_context("What was the percentage of revenue in 2019?", RATES.context.tables[0].rows),
     '{"answer": "1496.5 / 2696.5 * 100", "scale": ""}', "percent"),  # the question asks for a percentage
    (with_context("How many segments are there?", RATES.context.tables[0].rows), '{"answer": 2, "scale": ""}', ""),
    (with_context("What is the ratio of revenue in 2019 to 2018?", RATES.context.tables[0].rows),
     '{"answer": "1496.5 / 1200", "scale": ""}', ""),
    (with_context("What was revenue in 2019?", RATES.context.tables[0].rows),
     '{"answer": "$1,496.5 million", "scale": ""}', ""),  # its own unit words: a span as TAT-QA writes it
    (with_context("What was revenue in 2019?", [["", "2019"], ["Revenue", "1,200"]]), '{"answer": 1200, "scale": ""}',
     ""),  # the report states no unit
])
def test_an_empty_scale_field_is_read_from_the_reports_unit_line(example, text, scale):
    answer, _, notes = replies.read(example, text)
    assert answer.scale == scale
    assert notes.get("scale_from_unit_line", "") == scale


def test_a_scale_the_model_chose_is_kept():
    answer, _, notes = replies.read(RATES, '{"answer": "1.6", "scale": "thousand"}')
    assert answer.scale == "thousand" and "scale_from_unit_line" not in notes


def test_the_error_browser_says_when_the_scale_came_from_the_unit_line():
    from tabtext.render.data import reply_notes

    notes = reply_notes({"extractor": "json_strict", "scale_from_unit_line": "million"})
    assert notes == "read by json_strict; scale read from the report's unit line (million)"
