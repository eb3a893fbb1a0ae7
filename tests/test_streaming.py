"""stream=true: tabtext serve answers in OpenAI's SSE chunk format; the openai engine can consume streams."""

import json
import sys
import threading
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_util import running  # noqa: E402
from tabtext.engines.openai import OpenAIEngine  # noqa: E402
from tabtext.engines.openai_stream import assemble_chunks  # noqa: E402
from tabtext.engines.prompts import messages_for  # noqa: E402
from tabtext.server import create_app  # noqa: E402
from tabtext.server_stream import text_pieces  # noqa: E402
from tabtext.types import Answer, Context, Example, Paragraph, Prediction, Table  # noqa: E402

openai = pytest.importorskip("openai")

TABLE = Table.from_rows([["", "2019", "2018"], ["Revenue", "1,200", "1,000"], ["Cost", "(300)", "(250)"]])
EXAMPLE = Example("a", "What was the change in revenue from 2018 to 2019?",
                  Context((TABLE,), (Paragraph("1", "Revenue grew strongly in 2019.", 1),)),
                  meta={"benchmark": "tatqa"})


def wordy(ex: Example) -> Prediction:
    """An engine with a long derivation, so the reply spans several content chunks."""
    return Prediction(ex.uid, Answer("200", scale="million", derivation="1,200 - 1,000 = 200 " * 5))


@pytest.fixture(scope="module")
def url():
    with running(create_app(answer_one=wordy)) as base:
        yield base


def test_openai_client_stream_has_role_content_finish_chunks(url):
    client = openai.OpenAI(base_url=url + "/v1", api_key="x")
    chunks = list(client.chat.completions.create(model="m", messages=messages_for(EXAMPLE), stream=True))
    full = client.chat.completions.create(model="m", messages=messages_for(EXAMPLE))
    assert chunks[0].choices[0].delta.role == "assistant"
    contents = [c.choices[0].delta.content for c in chunks[1:-1]]
    assert len(contents) > 1 and all(contents)
    assert "".join(contents) == full.choices[0].message.content
    assert chunks[-1].choices[0].finish_reason == "stop" and not chunks[-1].choices[0].delta.content
    assert all(c.choices[0].finish_reason is None for c in chunks[:-1])
    assert len({c.id for c in chunks}) == 1 and chunks[0].object == "chat.completion.chunk"


def test_raw_stream_is_sse_ending_with_done_and_usage_on_request(url):
    body = {"model": "m", "messages": messages_for(EXAMPLE), "stream": True,
            "stream_options": {"include_usage": True}}
    with httpx.stream("POST", url + "/v1/chat/completions", json=body) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        events = [line for line in r.iter_lines() if line]
    assert all(e.startswith("data: ") for e in events)
    assert events[-1] == "data: [DONE]"
    usage_chunk = json.loads(events[-2][len("data: "):])
    assert usage_chunk["choices"] == [] and usage_chunk["usage"]["completion_tokens"] > 0


def test_bad_input_while_streaming_is_a_4xx_not_a_broken_stream(url):
    r = httpx.post(url + "/v1/chat/completions", json={"stream": True, "messages": [{"role": "user"}]})
    assert r.status_code == 400 and "messages[0]" in r.json()["error"]["message"]


def test_role_chunk_is_sent_before_the_engine_answers():
    first_chunk_seen = threading.Event()

    def waits_for_client(ex: Example) -> Prediction:
        # the engine only answers once the client holds the first chunk: no first chunk, no answer
        answered = first_chunk_seen.wait(10)
        return Prediction(ex.uid, Answer("yes" if answered else "the role chunk came late"))

    with running(create_app(answer_one=waits_for_client)) as base:
        client = openai.OpenAI(base_url=base + "/v1", api_key="x")
        stream = iter(client.chat.completions.create(model="m", messages=messages_for(EXAMPLE), stream=True))
        assert next(stream).choices[0].delta.role == "assistant"
        first_chunk_seen.set()
        text = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
    assert json.loads(text)["answer"] == "yes"


def test_text_pieces_keep_every_character():
    for text in ["", "one", '{"answer": "200", "scale": "million"}', "a  b\n c ", " lead"]:
        assert "".join(text_pieces(text, 2)) == text


def test_assemble_chunks_rebuilds_one_completion():
    chunks = [
        {"id": "c1", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"role": "assistant"}}]},
        {"id": "c1", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"content": "4"}}]},
        {"id": "c1", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"content": "2"}}]},
        {"id": "c1", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {}, "finish_reason": "length"}]},
        {"id": "c1", "created": 1, "model": "m", "choices": [], "usage": {"completion_tokens": 2}},
    ]
    out = assemble_chunks(chunks)
    assert out["choices"] == [{"index": 0, "message": {"role": "assistant", "content": "42"},
                               "finish_reason": "length"}]
    assert out["usage"] == {"completion_tokens": 2} and out["id"] == "c1"
    with pytest.raises(ValueError):
        assemble_chunks([])


def test_openai_engine_stream_true_gives_the_same_predictions(shared_data):
    from tabtext.benchmarks import tatqa

    examples = tatqa.load(shared_data("tatqa/tatqa_dataset_dev.json"))[:12]
    with running(create_app()) as base:
        plain = OpenAIEngine(model="tabtext", base_url=base + "/v1", concurrency=4).answer(examples)
        streamed = OpenAIEngine(model="tabtext", base_url=base + "/v1", concurrency=4,
                                stream="true").answer(examples)
    assert [p.raw for p in streamed] == [p.raw for p in plain]
    assert [p.answer for p in streamed] == [p.answer for p in plain]
    assert all(p.meta["finish_reason"] == "stop" and p.meta["usage"] for p in streamed)


def test_tabtext_run_with_stream_true_scores_like_the_solver(tmp_path):
    import os
    import subprocess

    root = Path(__file__).resolve().parents[1]
    mini = root / "tests" / "data" / "tatqa" / "mini.json"
    env = {**os.environ, "PYTHONPATH": str(root / "src")}

    def run(out: str, *engine: str) -> dict:
        done = subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(mini), "--quiet",
                               "--out", str(tmp_path / out), *engine], capture_output=True, text=True, env=env,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads((tmp_path / out / "report.json").read_text())["scores"]

    with running(create_app()) as base:
        streamed = run("streamed", "--engine", f"openai:model=tabtext,base_url={base}/v1,stream=true")
    assert streamed == run("solver")


def stream_only_app(text: str):
    """A server that answers only stream=true (400 otherwise), like some hosted endpoints."""
    from fastapi import FastAPI, Request
    from fastapi.responses import JSONResponse

    from tabtext.server_stream import streaming_reply

    app = FastAPI()

    @app.get("/v1/models")
    def models():
        return {"object": "list", "data": []}

    @app.post("/v1/chat/completions")
    async def chat(request: Request):
        body = await request.json()
        if not body.get("stream"):
            return JSONResponse({"error": {"message": "this server only streams"}}, status_code=400)

        async def reply() -> str:
            return text

        return streaming_reply(body, reply)

    return app


def test_engine_stream_true_works_where_only_streams_are_served():
    reply = json.dumps({"answer": "200", "scale": "million", "derivation": "1,200 - 1,000"})
    with running(stream_only_app(reply)) as base:
        (plain,) = OpenAIEngine(model="m", base_url=base + "/v1", retries=0).answer([EXAMPLE])
        (streamed,) = OpenAIEngine(model="m", base_url=base + "/v1", stream="true").answer([EXAMPLE])
    assert plain.answer is None and "HTTP 400" in plain.error
    assert streamed.raw == reply and streamed.answer.value == "200" and streamed.answer.scale == "million"
