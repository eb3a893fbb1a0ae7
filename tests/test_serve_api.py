"""tabtext serve: the JSON API, bad input, and the openai engine through it == the engine behind it."""

import hashlib
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_util import running  # noqa: E402
from tabtext.engines.openai import OpenAIEngine  # noqa: E402
from tabtext.server import create_app  # noqa: E402
from tabtext.types import Answer, Context, Evidence, Example, Paragraph, Prediction, Table, Turn  # noqa: E402


def fingerprint(ex: Example) -> str:
    """What an engine saw: tables (cells whitespace-normalised), paragraphs, history, question, benchmark."""
    tables = [[[" ".join(c.split()) for c in r] for r in t.rows] for t in ex.context.tables]
    seen = [tables, [(p.title, p.text) for p in ex.context.paragraphs],
            [(t.role, t.content) for t in ex.history], ex.question, ex.meta.get("benchmark")]
    return hashlib.sha256(json.dumps(seen).encode()).hexdigest()[:16]


def echo(ex: Example) -> Prediction:
    """A test engine whose answer proves exactly what the server reconstructed from the request."""
    fp = fingerprint(ex)
    if ex.meta.get("benchmark") == "tanq":
        return Prediction(ex.uid, Answer(Table.from_rows([["entity", "seen"], ["x", fp]])))
    if ex.meta.get("benchmark") == "chatrag":
        return Prediction(ex.uid, Answer(fp))
    return Prediction(ex.uid, Answer(fp, scale="million", derivation="1+1"),
                      evidence=(Evidence("cell", row=1, col=2, text="1,200"),))


TABLE = Table.from_rows([["", "2019", "2018"], ["", "in millions", ""], ["Revenue", "1,200", "1,000"],
                         ["Cost | net", "(300)", ""]])
EXAMPLES = [
    Example("a", "What was revenue in 2019?", Context((TABLE,), (Paragraph("1", "Revenue grew.\nA lot.", 1),
                                                              Paragraph("2", "Costs fell.", 2))),
            meta={"benchmark": "tatqa"}),
    Example("b", "Which films did X direct?", Context(), meta={"benchmark": "tanq"}),
    Example("c", "and in 2018?", Context(paragraphs=(Paragraph("1", "Sales were 5.", 1, title="Doc"),)),
            history=(Turn("user", "what were sales in 2019?"), Turn("assistant", "5")),
            meta={"benchmark": "chatrag", "dataset": "coqa"}),
    Example("d", "What is the total?", Context((TABLE,)), meta={"benchmark": "tatqa"}),
]


@pytest.fixture(scope="module")
def echo_url():
    with running(create_app(answer_one=echo)) as url:
        yield url


def test_openai_engine_through_serve_sees_exactly_the_example(echo_url):
    preds = OpenAIEngine(model="tabtext", base_url=echo_url + "/v1").answer(EXAMPLES)
    direct = [echo(ex) for ex in EXAMPLES]
    for p, d in zip(preds, direct):
        assert p.error == "", p
        assert p.answer.value == d.answer.value and p.answer.scale == d.answer.scale
    assert [p.meta["extractor"] for p in preds] == ["json_strict", "table", "raw_text", "json_strict"]


def test_answer_endpoint_accepts_rows_csv_and_markdown(echo_url):
    rows = [["", "2019"], ["Revenue", "1,200"]]
    want = fingerprint(Example("", "q?", Context((Table.from_rows(rows),), (Paragraph("1", "p", 1),)),
                               meta={"benchmark": "tatqa"}))
    for table in (rows, ",2019\nRevenue,\"1,200\"\n", "|  | 2019 |\n|---|---|\n| Revenue | 1,200 |"):
        r = httpx.post(echo_url + "/v1/answer", json={"table": table, "paragraphs": ["p"], "question": "q?"})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["answer"] == want and body["scale"] == "million" and body["derivation"] == "1+1"
        assert body["evidence"] == [{"kind": "cell", "row": 1, "col": 2, "paragraph": -1, "start": -1, "end": -1,
                                     "text": "1,200"}]


def test_answer_endpoint_history_makes_a_conversation(echo_url):
    history = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    r = httpx.post(echo_url + "/v1/answer", json={"paragraphs": ["p"], "question": "q?", "history": history})
    want = fingerprint(Example("", "q?", Context(paragraphs=(Paragraph("1", "p", 1),)),
                               history=(Turn("user", "hi"), Turn("assistant", "hello")), meta={"benchmark": "chatrag"}))
    assert r.json()["answer"] == want


@pytest.mark.parametrize("path,body,status,message", [
    ("/v1/answer", b"{not json", 400, "not valid JSON"),
    ("/v1/answer", b"[1, 2]", 400, "JSON object"),
    ("/v1/answer", json.dumps({"table": [["a"]]}).encode(), 400, "'question'"),
    ("/v1/answer", json.dumps({"question": "q", "table": 5}).encode(), 400, "'table'"),
    ("/v1/answer", json.dumps({"question": "q", "table": [["a", {"x": 1}]]}).encode(), 400, "list of rows"),
    ("/v1/answer", json.dumps({"question": "q", "paragraphs": "p"}).encode(), 400, "'paragraphs'"),
    ("/v1/answer", json.dumps({"question": "q", "history": [{"role": "bot"}]}).encode(), 400, "'history'"),
    ("/v1/answer", json.dumps({"question": "q", "table": [["1"] * 30_000]}).encode(), 400, "cells"),
    ("/v1/answer", b"x" * 3_000_000, 413, "larger than"),
    ("/v1/chat/completions", json.dumps({"messages": []}).encode(), 400, "'messages'"),
    ("/v1/chat/completions", json.dumps({"messages": [{"role": "user"}]}).encode(), 400, "messages[0]"),
    ("/v1/chat/completions", json.dumps({"messages": [{"role": "system", "content": "x"}]}).encode(), 400,
     "no user message"),
    ("/v1/chat/completions", json.dumps({"messages": [{"role": "user", "content": "| a |"}]}).encode(), 400,
     "no question"),
    ("/v1/chat/completions", json.dumps({"stream": True, "messages": []}).encode(), 400, "'messages'"),
    ("/v1/chat/completions", json.dumps({"stream": "yes", "messages": [{"role": "user", "content": "Question: q"}]}
                                        ).encode(), 400, "'stream' must be true or false"),
])
def test_bad_input_is_a_clear_4xx(echo_url, path, body, status, message):
    r = httpx.post(echo_url + path, content=body, headers={"content-type": "application/json"})
    assert r.status_code == status, r.text
    assert message in r.json()["error"]["message"]


def test_healthz_and_index(echo_url):
    assert httpx.get(echo_url + "/healthz").json() == {"status": "ok"}
    r = httpx.get(echo_url + "/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"] and "tabtext" in r.text


def test_openai_engine_through_serve_equals_the_solver_directly(shared_data):
    """The real solver: whatever it answers (or fails on), the round trip through the API changes nothing."""
    from tabtext.benchmarks import tatqa
    from tabtext.engines.solver import SolverEngine

    examples = tatqa.load(shared_data("tatqa/tatqa_dataset_dev.json"))[:20] + EXAMPLES[:1]
    direct = SolverEngine().answer(examples)
    with running(create_app()) as url:
        through = OpenAIEngine(model="tabtext", base_url=url + "/v1", concurrency=4).answer(examples)
    for d, t in zip(direct, through):
        if d.answer is None:
            assert t.answer is None
        else:
            assert (t.answer.value, t.answer.scale, t.answer.derivation) == (
                d.answer.value, d.answer.scale, d.answer.derivation)


def test_serve_command_runs_as_a_process():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "tabtext.commands.serve", "--port", str(port)], env=env,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        r = httpx.post(f"http://127.0.0.1:{port}/v1/answer", json={"table": [["a", "b"]], "question": "q?"})
        assert r.status_code == 200 and set(r.json()) >= {"answer", "scale", "derivation", "evidence"}
    finally:
        proc.terminate()
        proc.wait(10)


def test_serve_on_a_busy_port_is_one_line_and_exit_2(capsys):
    from tabtext.commands.serve import main as serve_main

    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        assert serve_main(["--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err and err.count("\n") == 1 and "http://" not in err



@pytest.mark.parametrize("value, answer, items, table", [
    ("12", "12", ["12"], None), (("a", "b"), "a, b", ["a", "b"], None), (None, "", [], None),
    (Table.from_rows([["entity", "year"], ["x", "1987"]]), "entity|year\nx|1987", [], [["entity", "year"], ["x", "1987"]]),
])
def test_answer_endpoint_gives_every_answer_in_one_shape(value, answer, items, table):
    def fixed(ex: Example) -> Prediction:
        return Prediction(ex.uid, Answer(value) if value is not None else None)

    with running(create_app(answer_one=fixed)) as url:
        body = httpx.post(url + "/v1/answer", json={"table": [["a", "b"]], "question": "q?"}).json()
    assert (body["answer"], body["items"], body["table"]) == (answer, items, table)
