"""serve under hostile requests: limits on what is built (before padding), JSON-only bodies, Host checks, CORS,
slow bodies and slow answers are 4xx with one line; a CSV table pasted in a chat message reads right."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_util import running, slow_post  # noqa: E402
from tabtext.engines.openai import NO_ANSWER, OpenAIEngine  # noqa: E402
from tabtext.serve_guard import LOOPBACK_HOSTS, Limits  # noqa: E402
from tabtext.server import create_app, example_from_messages  # noqa: E402
from tabtext.types import Answer, Context, Example, Prediction  # noqa: E402


def shape(ex: Example) -> Prediction:
    tables = ex.context.tables
    return Prediction(ex.uid, Answer(f"{len(tables)} tables of {tables[0].n_rows}x{tables[0].n_cols}" if tables
                                     else "no table"))


def nothing(ex: Example) -> Prediction:
    return Prediction(ex.uid, None)


def slow(ex: Example) -> Prediction:
    time.sleep(1.5)
    return Prediction(ex.uid, Answer("late"))


@pytest.fixture(scope="module")
def url():
    with running(create_app(answer_one=shape, allowed_hosts=LOOPBACK_HOSTS)) as base:
        yield base


def post(base: str, path: str, body: object, **headers: str) -> httpx.Response:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return httpx.post(base + path, content=content, headers={"content-type": "application/json", **headers})


def test_ragged_rows_are_refused_by_their_padded_size_before_padding(url):
    rows = [["x"] * 400] + [["1"]] * 200  # 600 cells sent, 80,400 once padded
    r = post(url, "/v1/answer", {"question": "q?", "table": rows})
    assert r.status_code == 400 and "cells (rows x widest row)" in r.json()["error"]["message"]
    pipes = "| " + " | ".join(["x"] * 400) + " |\n" + "| 1 |\n" * 200 + "Question: q?"
    r = post(url, "/v1/chat/completions", {"messages": [{"role": "user", "content": pipes}]})
    assert r.status_code == 400 and "cells (rows x widest row)" in r.json()["error"]["message"]


@pytest.mark.parametrize("table, says", [
    ([["a"] * 501], "at most 500 columns"),
    ([["a"]] * 5001, "at most 5,000 rows"),
    ([["a", "b" * 10_001]], "at most 10,000 characters"),
])
def test_rows_columns_and_cell_size_are_limited(url, table, says):
    r = post(url, "/v1/answer", {"question": "q?", "table": table})
    assert r.status_code == 400 and says in r.json()["error"]["message"]


def test_deep_json_and_huge_integers_are_a_400(url):
    deep = b'{"question": "q?", "x": ' + b"[" * 40 + b"]" * 40 + b"}"
    assert "nested deeper" in post(url, "/v1/answer", deep).json()["error"]["message"]
    very_deep = b'{"question": "q?", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    assert post(url, "/v1/answer", very_deep).status_code == 400
    huge = b'{"question": "q?", "x": ' + b"1" * 5000 + b"}"
    assert post(url, "/v1/answer", huge).status_code == 400


def test_only_json_bodies_are_read_so_cross_site_form_posts_are_refused(url):
    body = json.dumps({"question": "q?", "table": [["a", "b"]]}).encode()
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""):
        r = httpx.post(url + "/v1/answer", content=body, headers={"content-type": kind})
        assert r.status_code == 415 and "Content-Type: application/json" in r.json()["error"]["message"]
    assert post(url, "/v1/answer", body, **{"content-type": "application/json; charset=utf-8"}).status_code == 200


def test_foreign_host_headers_are_refused_when_bound_to_loopback(url):
    r = post(url, "/v1/answer", {"question": "q?"}, host="evil.example")
    assert r.status_code == 400 and "--allowed-host evil.example" in r.json()["error"]["message"]
    assert post(url, "/v1/answer", {"question": "q?"}, host="localhost:8000").status_code == 200


def test_cors_only_for_the_origins_allowed():
    preflight = {"origin": "https://app.example", "access-control-request-method": "POST",
                 "access-control-request-headers": "content-type"}
    with running(create_app(answer_one=shape, allow_origins=["https://app.example"])) as base:
        r = httpx.options(base + "/v1/answer", headers=preflight)
        assert r.headers.get("access-control-allow-origin") == "https://app.example"
        other = httpx.options(base + "/v1/answer", headers={**preflight, "origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers
    with running(create_app(answer_one=shape)) as base:
        assert "access-control-allow-origin" not in httpx.options(base + "/v1/answer", headers=preflight).headers


def test_a_slow_body_is_cut_off_with_408():
    with running(create_app(answer_one=shape, limits=Limits(body_seconds=0.5))) as base:
        reply, seconds = slow_post(base, b"POST /v1/answer HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                                   b"application/json\r\ncontent-length: 1000\r\n\r\n", b"{")
    assert reply.startswith(b"HTTP/1.1 408") and b"took longer than 0.5 s" in reply, reply
    assert seconds < 8


def test_a_slow_answer_is_cut_off_with_one_line():
    with running(create_app(answer_one=slow, limits=Limits(request_seconds=0.3))) as base:
        r = post(base, "/v1/answer", {"question": "q?"})
    assert r.status_code == 422 and "longer than 0.3 s" in r.json()["error"]["message"]


def test_a_csv_table_pasted_in_a_chat_message_keeps_thousands_in_one_cell():
    content = "Item,2019,2018\nRevenue,1,234.5,132.2\nCost,\"1,000\",(99)\n\nSales grew.\n\nQuestion: What was revenue?"
    ex = example_from_messages([{"role": "user", "content": content}])
    assert [list(r) for r in ex.context.tables[0].rows] == [
        ["Item", "2019", "2018"], ["Revenue", "1,234.5", "132.2"], ["Cost", "1,000", "(99)"]]
    assert [p.text for p in ex.context.paragraphs] == ["Sales grew."]
    prose = example_from_messages([{"role": "user", "content": "Sales grew, a lot, in 2019.\nCosts fell, too.\n"
                                                               "Question: why?"}])
    assert prose.context.tables == () and len(prose.context.paragraphs) == 1


def test_the_solver_reads_a_pasted_csv_revenue_as_one_number():
    content = "Item,2019,2018\nRevenue,1,234.5,132.2\nCost,900,100\n\nQuestion: What was the revenue in 2019?"
    with running(create_app()) as base:
        r = post(base, "/v1/chat/completions", {"messages": [{"role": "user", "content": content}]})
    assert r.status_code == 200
    reply = json.loads(r.json()["choices"][0]["message"]["content"])
    assert reply["answer"] == ["1,234.5"]  # the cell as written, not 1 or 234.5 or 132.2


def test_no_answer_is_said_in_the_content_and_read_back_as_no_answer():
    message = [{"role": "user", "content": "| a | b |\n| 1 | 2 |\nQuestion: q?"}]
    with running(create_app(answer_one=nothing)) as base:
        r = post(base, "/v1/chat/completions", {"messages": message})
        assert r.json()["choices"][0]["message"]["content"] == NO_ANSWER
        ex = Example("u", "q?", Context(), meta={"benchmark": "tatqa"})
        [pred] = OpenAIEngine(model="tabtext", base_url=base + "/v1").answer([ex])
    assert pred.answer is None and pred.error == "the server found no answer"


def test_cells_built_are_reported_per_request(url):
    r = post(url, "/v1/answer", {"question": "q?", "table": [["a", "b", "c"], ["1"]]})
    assert r.status_code == 200 and r.headers["x-tabtext-cells"] == "6"


def test_host_check_defaults_follow_the_bind_address():
    from tabtext.commands.serve import build_parser
    from tabtext.serve_guard import default_allowed_hosts, host_name

    assert default_allowed_hosts("127.0.0.1") == LOOPBACK_HOSTS and default_allowed_hosts("0.0.0.0") is None
    assert [host_name(h) for h in ("127.0.0.1:8000", "[::1]:80", "Example.COM", "::1")] == [
        "127.0.0.1", "::1", "example.com", "::1"]
    args = build_parser().parse_args(["--allowed-host", "box.lan", "--allow-origin", "https://app.example"])
    assert args.allowed_host == ["box.lan"] and args.allow_origin == ["https://app.example"]
