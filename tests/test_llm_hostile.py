"""The openai engine against hostile replies and refusals: a reply is data, never a crash; 401 stops the run."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai import FakeOpenAI, default_reply, expected_answer, make_examples, question_of  # noqa: E402
from tabtext.engines.openai import AuthFailure, OpenAIEngine, parse_response  # noqa: E402

HOSTILE = {  # item number -> reply content
    1: '{"answer": ' + "9" * 400 + ', "scale": ""}',
    2: "= 1 + 0 ** -1",
    3: "[" * 50_000,
    4: '{"answer": ' * 2000 + "1" + "}" * 2000,
    5: '{"answer": "' + "1" * 5000 + '"}',
    6: "1e999",
}


def hostile_reply(messages):
    number = int(question_of(messages).split("number ")[1].split("?")[0])
    return HOSTILE.get(number) or default_reply(messages)


def engine(server, **options):
    options.setdefault("backoff", 0.01)
    return OpenAIEngine(model="fake", base_url=server.base_url, **options)


def test_degenerate_replies_become_item_errors_or_answers_and_the_rest_is_answered():
    examples = make_examples(10)
    with FakeOpenAI(reply=hostile_reply) as server:
        preds = engine(server, concurrency=4).answer(examples)
    assert [p.uid for p in preds] == [ex.uid for ex in examples]
    for i, (ex, p) in enumerate(zip(examples, preds)):
        if i in HOSTILE:
            assert p.raw == HOSTILE[i] and (p.answer is not None or p.error), p
        else:
            assert p.error == "" and p.answer.value == expected_answer(ex)
    assert all("closed" not in p.error for p in preds)


def test_usage_that_is_not_a_count_is_dropped_not_a_crash():
    response = {"choices": [{"message": {"content": "x"}}],
                "usage": {"prompt_tokens": float("inf"), "completion_tokens": True, "total_tokens": 3}}
    assert parse_response(response) == ("x", {"total_tokens": 3}, "")
    body = json.loads('{"choices": [{"message": {"content": "x"}}], "usage": {"prompt_tokens": 1e999}}')
    assert parse_response(body)[1] == {}


def test_a_chat_401_stops_the_run_in_one_line_though_models_answers():
    examples = make_examples(40)
    with FakeOpenAI(fault="401", fail_first=10**9) as server:
        seen = []
        with pytest.raises(AuthFailure, match="HTTP 401") as info:
            engine(server, concurrency=4).answer(examples, on_result=seen.append)
        sent = sum(server.received.values())
    assert "\n" not in str(info.value) and sent <= 4 and seen == []


def test_a_bad_reply_shape_is_an_item_error_and_is_not_cached(tmp_path):
    cache = tmp_path / "cache.sqlite"
    examples = make_examples(3)
    with FakeOpenAI(body=lambda messages: b'{"choices": []}') as server:
        preds = engine(server, cache=str(cache)).answer(examples)
    assert all(p.answer is None and p.error.startswith("bad response") for p in preds)
    with sqlite3.connect(cache) as db:
        assert db.execute("SELECT COUNT(*) FROM responses").fetchone() == (0,)
    with FakeOpenAI() as server:
        preds = engine(server, cache=str(cache)).answer(examples)
    assert [p.answer.value for p in preds] == [expected_answer(ex) for ex in examples]


def test_cli_run_with_a_refused_key_stops_with_one_line_and_saves_no_error_answers(tmp_path):
    import os
    import subprocess

    gold = Path(__file__).parent / "data" / "tatqa" / "mini.json"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    with FakeOpenAI(fault="401", fail_first=10**9) as server:
        done = subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(gold), "--quiet",
                               "--out", str(tmp_path / "run"), "--engine",
                               f"openai:model=fake,base_url={server.base_url},concurrency=1"],
                              env=env, capture_output=True, text=True, timeout=120)
        sent = sum(server.received.values())
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "HTTP 401" in done.stderr, done.stderr
    assert sent == 1
    jsonl = tmp_path / "run" / "predictions.jsonl"
    assert not jsonl.exists() or jsonl.read_text() == ""


def test_json_nested_past_the_depth_limit_is_no_answer_found_without_recursion():
    from tabtext.engines.prompts import MAX_JSON_DEPTH, json_embedded, json_strict, too_deep

    deep = '{"answer": ' * (MAX_JSON_DEPTH + 1) + "1" + "}" * (MAX_JSON_DEPTH + 1)
    assert too_deep(deep) and too_deep("[" * 50_000)
    assert json_strict(deep) is None and json_embedded("say " + deep) is None
    assert not too_deep('{"answer": "[[[[{{{{", "scale": ""}')  # brackets inside a string do not nest
    assert json_strict('{"answer": "[[[[{{{{", "scale": ""}').value == "[[[[{{{{"
