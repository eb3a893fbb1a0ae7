"""Pure tests: prompts, payloads, response parsing, answer extractors (no network)."""

import json

import pytest

from tabtext.engines import prompts
from tabtext.engines.openai import (
    OpenAIEngine,
    build_payload,
    parse_response,
    payload_key,
    retry_after_seconds,
)
from tabtext.errors import EngineError
from tabtext.types import Context, Example, Paragraph, Table, Turn

TABLE = Table.from_rows([["", "2019", "2018"], ["", "$ million", ""], ["Revenue", "1,200", "1,000"]])
TATQA = Example(uid="u1", question="What was the change in revenue?",
                context=Context(tables=(TABLE,), paragraphs=(Paragraph("p", "Revenue grew.", 1),)),
                meta={"benchmark": "tatqa"})


def chat_example(dataset: str, n_turns: int) -> Example:
    history = tuple(Turn("user" if i % 2 == 0 else "assistant", f"turn {i}") for i in range(n_turns))
    return Example(uid="c", question="last question", history=history, meta={"benchmark": "chatrag", "dataset": dataset},
                   context=Context(paragraphs=(Paragraph("1", "chunk one", 1, title="Doc A"),
                                               Paragraph("2", "chunk two", 2, title="Doc B"))))


def test_tatqa_prompt_has_every_table_row_paragraphs_and_question():
    msgs = prompts.messages_for(TATQA)
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert '"answer"' in msgs[0]["content"] and '"scale"' in msgs[0]["content"]
    user = msgs[1]["content"]
    assert "|  | $ million |  |" in user  # the second header row is kept as a row
    assert "| Revenue | 1,200 | 1,000 |" in user
    assert "[1] Revenue grew." in user and "\n\nQuestion: What was the change in revenue?" + prompts.HINTS_START in user
    official = prompts.messages_for(TATQA, style="official")[1]["content"]
    assert official.endswith("Question: What was the change in revenue?")


def test_tatqa_fewshot_pairs_come_before_the_question(shared_data):
    shots = prompts.load_fewshot(shared_data("tatqa/tatqa_dataset_train_partial_fewshot8.json"), 2)
    msgs = prompts.tatqa_messages(TATQA, shots)
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert json.loads(msgs[2]["content"]) == shots[0][1]
    assert set(shots[0][1]) == {"answer", "scale", "derivation"}


def test_chatrag_official_layout_last_seven_turns_and_first_turn_instruction():
    ex = chat_example("doc2dial", 10)  # 10 history turns + the question = 11 turns -> last 7 kept
    text = prompts.chatrag_prompt(ex)
    assert text.startswith("System: This is a chat between a user and an artificial intelligence assistant.")
    assert "title: Doc A, source: chunk one\n\ntitle: Doc B, source: chunk two" in text
    assert "turn 3" not in text and "turn 4" in text
    # the instruction goes on the first user turn of the kept window (turn 4)
    assert "User: Please give a full and complete answer for the question. turn 4\n\n" in text
    assert text.endswith("User: last question\n\nAssistant:")
    msgs = prompts.chatrag_messages(ex)
    assert msgs[0]["content"] == prompts.CHATRAG_SYSTEM
    assert f"System: {msgs[0]['content']}\n\n{msgs[1]['content']}" == text


@pytest.mark.parametrize("dataset,instruction", [
    ("coqa", "Answer the following question with a short span. The answer needs to be just in a few words."),
    ("sqa", "Answer the following question with one or a list of items."),
    ("topiocqa", "Answer the following question with a short span, or a full and complete answer."),
])
def test_chatrag_last_turn_instruction(dataset, instruction):
    text = prompts.chatrag_prompt(chat_example(dataset, 2))
    assert f"User: {instruction} last question\n\nAssistant:" in text
    assert "User: turn 0" in text


def test_tanq_prompt_asks_for_pipe_table():
    ex = Example(uid="t", question="Which films did X direct?", context=Context(), meta={"benchmark": "tanq"})
    msgs = prompts.messages_for(ex)
    assert "entity" in msgs[0]["content"] and msgs[1]["content"] == "Question: Which films did X direct?"


def test_payload_is_deterministic_and_keyed_by_content():
    msgs = prompts.messages_for(TATQA)
    a = build_payload(msgs, "m", 0, 64)
    assert a == {"model": "m", "messages": msgs, "temperature": 0.0, "max_tokens": 64}
    assert payload_key(a) == payload_key(build_payload(msgs, "m", 0.0, 64))
    assert payload_key(a) != payload_key(build_payload(msgs, "m", 0, 65))


def test_parse_response_text_usage_and_errors():
    resp = {"choices": [{"message": {"content": "hi"}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 1, "total_tokens": 6}}
    assert parse_response(resp) == ("hi", {"prompt_tokens": 5, "completion_tokens": 1, "total_tokens": 6}, "stop")
    with pytest.raises(ValueError):
        parse_response({"choices": []})
    with pytest.raises(ValueError):
        parse_response({"choices": [{"message": {"content": None}}]})


def test_retry_after_header_forms():
    assert retry_after_seconds({"retry-after": "2"}) == 2.0
    assert retry_after_seconds({"retry-after-ms": "250"}) == 0.25
    assert 50 < retry_after_seconds({"retry-after": "Wed, 21 Oct 2099 07:28:00 GMT"})
    assert retry_after_seconds({}) is None


@pytest.mark.parametrize("text,extractor,value,scale", [
    ('{"answer": 12.5, "scale": "million", "derivation": "25/2"}', "json_strict", "12.5", "million"),
    ('Sure!\n```json\n{"answer": ["Fixed Price", "Other"], "scale": ""}\n```', "json_embedded",
     ("Fixed Price", "Other"), ""),
    ('Reasoning... {"answer": "2019", "scale": "bogus"} done', "json_embedded", "2019", ""),
    ("The change is = (1200 - 1000) / 1000 * 100 percent", "formula", "20", "percent"),
    ("It rose to $1,452.4 million in 2019, from 3.2%", "last_number", "3.2", "percent"),
    ("Revenue was 1,200 thousand", "last_number", "1200", "thousand"),
    ("Fixed-price contracts", "raw_text", "Fixed-price contracts", ""),
])
def test_tatqa_extractors_in_order(text, extractor, value, scale):
    answer, name = prompts.extract(TATQA, text)
    assert name == extractor
    assert answer.value == value and answer.scale == scale


def test_tanq_table_normalised_to_official_pipe_format():
    ex = Example(uid="t", question="q", context=Context(), meta={"benchmark": "tanq"})
    text = "Here you go:\n\n| entity | director |\n|---|---|\n| Film A | X, Y |\n| Film B |  Z |\n\nThanks"
    answer, name = prompts.extract(ex, text)
    assert name == "table"
    assert prompts.tanq_format(answer.value) == "entity|director\nFilm A|X, Y\nFilm B|Z\n"


def test_chatrag_keeps_raw_text_with_newlines_as_spaces():
    answer, name = prompts.extract(chat_example("coqa", 0), "Assistant: the  blue\ncar")
    assert (answer.value, name) == ("the blue car", "raw_text")


def test_empty_output_gives_no_answer():
    assert prompts.extract(TATQA, "  \n") == (None, "")


def test_engine_options_and_key_errors(monkeypatch):
    with pytest.raises(EngineError, match="unknown option"):
        OpenAIEngine(model="m", colour="red")
    with pytest.raises(EngineError, match="model"):
        OpenAIEngine()
    # no key is needed up front (a server that wants one says so with a 401); temperature > 0 disables the cache
    assert OpenAIEngine(model="m", base_url="http://127.0.0.1:1/v1", temperature="0.7", cache="x.db").cache is None


def test_engine_and_server_modules_import_no_heavy_library():
    import subprocess
    import sys

    code = ("import sys, tabtext.engines.openai, tabtext.engines.prompts, tabtext.server, tabtext.commands.serve; "
            "print(sorted(m for m in ('openai', 'httpx', 'fastapi', 'uvicorn', 'starlette') if m in sys.modules))")
    from pathlib import Path

    env = {"PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src"), "PATH": ""}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
