"""One model served by several replicas: base_url=URL1|URL2 against real loopback fake servers."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai import FakeOpenAI, expected_answer, make_examples  # noqa: E402
from tabtext.cli import main  # noqa: E402
from tabtext.engines import make_engine  # noqa: E402
from tabtext.engines.replicas import parse_base_urls  # noqa: E402
from tabtext.errors import EngineError  # noqa: E402


def replicated(*servers, **options):
    urls = "|".join(s.base_url for s in servers)
    spec = f"openai:model=fake,base_url={urls},backoff=0.01," + ",".join(f"{k}={v}" for k, v in options.items())
    return make_engine(spec.rstrip(","))


def assert_all_correct(examples, preds):
    assert [p.uid for p in preds] == [ex.uid for ex in examples]
    assert all(p.error == "" and p.answer.value == expected_answer(ex) for ex, p in zip(examples, preds))


def test_base_urls_from_a_bar_list_and_from_a_file(tmp_path):
    assert parse_base_urls("http://a:1/v1/|http://b:2/v1") == ["http://a:1/v1", "http://b:2/v1"]
    listing = tmp_path / "replicas.txt"
    listing.write_text("# our vLLM replicas\nhttp://a:1/v1\n\nhttp://b:2/v1  # second GPU\n")
    assert parse_base_urls(f"@{listing}") == ["http://a:1/v1", "http://b:2/v1"]


@pytest.mark.parametrize("value, message", [("@/nonexistent/urls.txt", "cannot read the replica URL file"),
                                            ("http://a:1/v1|ftp://b", r"is not an http\(s\) URL"),
                                            ("|", "no replica URLs")])
def test_bad_replica_lists_are_one_line_errors(value, message):
    with pytest.raises(EngineError, match=message):
        parse_base_urls(value)


def test_two_replicas_share_the_load_with_the_per_replica_limit():
    examples = make_examples(40)
    with FakeOpenAI(latency=0.05) as a, FakeOpenAI(latency=0.05) as b:
        engine = replicated(a, b, concurrency=4)
        preds = engine.answer(examples)
    assert_all_correct(examples, preds)
    served = [sum(a.answered.values()), sum(b.answered.values())]
    assert sum(served) == 40 and min(served) >= 15, served
    assert a.max_inflight <= 4 and b.max_inflight <= 4
    assert a.max_inflight + b.max_inflight > 4  # both replicas were busy at the same time
    summary = engine.provenance()["replicas"]
    assert [r["ok"] for r in summary] == served and all(r["latency_ms"]["p50"] >= 50 for r in summary)


def test_a_dead_replica_is_routed_around_without_losing_items():
    examples = make_examples(30)
    with FakeOpenAI(fault="500", fail_first=10**6) as broken, FakeOpenAI(latency=0.01) as good:
        engine = replicated(broken, good, concurrency=4, retries=0)
        preds = engine.answer(examples)
    assert_all_correct(examples, preds)  # retries=0: the failover, not the engine's retry, saved every item
    assert sum(good.answered.values()) == 30 and sum(broken.answered.values()) == 0
    first, second = engine.provenance()["replicas"]
    assert first["failed"] >= 1 and first["ok"] == 0 and second["ok"] == 30
    # taken out after its first failures: far fewer requests than items
    assert first["requests"] < 30


def test_a_replica_failing_half_its_requests_loses_nothing():
    examples = make_examples(60)
    with FakeOpenAI(latency=0.01, fail_every=2) as flaky, FakeOpenAI(latency=0.01) as good:
        engine = replicated(flaky, good, concurrency=4, retries=2)
        preds = engine.answer(examples)
    assert_all_correct(examples, preds)
    assert engine.provenance()["replicas"][0]["failed"] >= 1


def test_per_replica_counts_and_latencies_go_into_the_report(tmp_path, capsys):
    mini = Path(__file__).resolve().parent / "data" / "tatqa" / "mini.json"
    with FakeOpenAI(latency=0.01) as a, FakeOpenAI(latency=0.01) as b:
        spec = f"openai:model=fake,base_url={a.base_url}|{b.base_url},concurrency=2"
        assert main(["run", "tatqa", "--file", str(mini), "--engine", spec, "--out", str(tmp_path), "--quiet"]) == 0
    capsys.readouterr()
    report = json.loads((tmp_path / "report.json").read_text())
    replicas = report["provenance"]["replicas"]
    assert [r["url"] for r in replicas] == [a.base_url, b.base_url]
    assert sum(r["ok"] for r in replicas) == report["counts"]["gold"] == sum(sum(s.answered.values()) for s in (a, b))
    assert all("p95" in r["latency_ms"] for r in replicas if r["ok"])


def test_a_replica_that_is_down_from_the_start_is_routed_around():
    import socket

    with socket.socket() as s:  # a port nobody listens on: connections are refused at once
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}/v1"
    examples = make_examples(12)
    with FakeOpenAI() as good:
        engine = make_engine(f"openai:model=fake,base_url={dead}|{good.base_url},retries=0")
        preds = engine.answer(examples)
    assert_all_correct(examples, preds)
    assert engine.provenance()["replicas"][0]["ok"] == 0


def test_streamed_requests_are_routed_over_replicas_too():
    from serve_util import running
    from tabtext.server import create_app

    examples = make_examples(8)
    with running(create_app()) as a, running(create_app()) as b:
        plain = make_engine(f"openai:model=tabtext,base_url={a}/v1").answer(examples)
        engine = make_engine(f"openai:model=tabtext,base_url={a}/v1|{b}/v1,stream=true,concurrency=2")
        streamed = engine.answer(examples)
    assert [p.answer for p in streamed] == [p.answer for p in plain] and all(p.answer for p in plain)
    assert all(r["ok"] >= 1 for r in engine.provenance()["replicas"])
