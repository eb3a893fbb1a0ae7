"""The openai engine against a real loopback server that injects latency, 429, 500 and dropped connections."""

import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai import FakeOpenAI, expected_answer, make_examples  # noqa: E402
from tabtext.engines.openai import OpenAIEngine  # noqa: E402
from tabtext.errors import EngineError  # noqa: E402


def engine(server, **options):
    options.setdefault("backoff", 0.01)
    return OpenAIEngine(model="fake", base_url=server.base_url, **options)


def assert_all_correct(examples, preds):
    assert [p.uid for p in preds] == [ex.uid for ex in examples]
    for ex, p in zip(examples, preds):
        assert p.error == "" and p.answer.value == expected_answer(ex), p
        assert p.meta["extractor"] == "json_strict"
        assert p.meta["usage"] == {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13}
        assert p.meta["latency_ms"] >= 0 and '"answer"' in p.raw


@pytest.mark.parametrize("fault", ["429", "500", "drop"])
def test_retries_until_success(fault):
    examples = make_examples(12)
    with FakeOpenAI(fault=fault, fail_first=2) as server:
        preds = engine(server, concurrency=4, retries=3).answer(examples)
    assert_all_correct(examples, preds)
    assert all(p.meta["attempts"] == 3 for p in preds)
    assert all(n == 3 for n in server.received.values()) and all(n == 1 for n in server.answered.values())


def test_gives_up_after_retries_with_a_per_item_error():
    examples = make_examples(3)
    with FakeOpenAI(fault="500", fail_first=10) as server:
        preds = engine(server, retries=2).answer(examples)
    assert all(p.answer is None and "gave up after 3 attempts" in p.error for p in preds)
    assert sorted(server.received.values()) == [3, 3, 3]


def test_client_errors_are_not_retried():
    examples = make_examples(2)
    with FakeOpenAI(status=lambda messages: (400, "'temperature' is out of range")) as server:
        preds = OpenAIEngine(model="fake", base_url=server.base_url, check=False).answer(examples)
    assert all(p.answer is None and p.error.startswith("HTTP 400") for p in preds)
    assert all(p.meta["attempts"] == 1 and p.meta["http_status"] == 400 for p in preds)
    assert sum(server.received.values()) == 2


def test_retry_after_is_honoured():
    examples = make_examples(2)
    with FakeOpenAI(fault="429", fail_first=1, retry_after="1") as server:
        preds = engine(server, backoff=0.0).answer(examples)
    assert_all_correct(examples, preds)
    for times in server.times.values():
        assert times[1] - times[0] >= 0.95  # waited what the server asked, not the (zero) backoff


def test_concurrency_is_bounded():
    examples = make_examples(24)
    with FakeOpenAI(latency=0.1) as server:
        preds = engine(server, concurrency=4).answer(examples)
    assert_all_correct(examples, preds)
    assert 2 <= server.max_inflight <= 4


def test_on_result_and_iter_answers_stream_every_prediction():
    examples = make_examples(10)
    seen = []
    with FakeOpenAI(latency=0.01) as server:
        e = engine(server, concurrency=3)
        preds = e.answer(examples, on_result=seen.append)
        streamed = list(e.iter_answers(examples))
    assert sorted(p.uid for p in seen) == sorted(p.uid for p in preds) == sorted(p.uid for p in streamed)


def test_cache_answers_repeats_without_requests(tmp_path):
    examples = make_examples(6)
    cache = tmp_path / "cache.sqlite"
    with FakeOpenAI() as server:
        first = engine(server, cache=str(cache)).answer(examples)
        second = engine(server, cache=str(cache)).answer(examples)
        assert sum(server.received.values()) == 6
        sampled = engine(server, cache=str(cache), temperature=0.5).answer(examples)
        assert sum(server.received.values()) == 12  # temperature > 0 bypasses the cache
    assert [p.answer for p in first] == [p.answer for p in second] == [p.answer for p in sampled]
    assert all(p.meta["cached"] for p in second) and not any(p.meta["cached"] for p in first)


def test_unreachable_endpoint_is_one_engine_error_before_any_batch():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed when the block ends: nothing listens there
    e = OpenAIEngine(model="m", base_url=f"http://127.0.0.1:{port}/v1")
    with pytest.raises(EngineError, match="cannot reach") as info:
        e.answer(make_examples(1))
    assert "\n" not in str(info.value)


def test_identical_greedy_requests_in_a_batch_are_sent_once():
    import dataclasses

    base = make_examples(3)
    examples = base + [dataclasses.replace(ex, uid=ex.uid + "-again") for ex in base]
    with FakeOpenAI(latency=0.05) as server:
        preds = engine(server).answer(examples)
        assert sum(server.received.values()) == 3
        engine(server, temperature=0.7).answer(examples)
        assert sum(server.received.values()) == 9  # sampled calls are independent draws
    assert [p.answer.value for p in preds[:3]] == [p.answer.value for p in preds[3:]]
